"""The one small API every rules engine speaks. Pure Python: never import pygame here.

An engine is a module-level object implementing `GameRules`. State is a plain dataclass
(JSON via `to_json`/`from_json`), actions are plain dicts, and `apply` either mutates the
state and returns events, or raises `IllegalAction` having changed nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pie_table.core.messages import Msg

Action = dict[str, Any]
Event = dict[str, Any]


class IllegalAction(Exception):
    """Raised by `apply` for a refused action; the state is untouched. `reason` is the English
    text; `message` the same as a message (id and parameters) for the UI to translate."""

    def __init__(self, reason: str | Msg) -> None:
        super().__init__(str(reason))
        self.reason = str(reason)
        self.message = reason


@dataclass
class Outcome:
    """Result of `try_apply`: either events, or the refusal reason."""

    ok: bool
    events: list[Event] = field(default_factory=list)
    reason: str = ""
    message: Any = None  # the refusal as a message for the UI to translate (else `reason`)


class GameRules:
    """What the session, pacer, saves, reaction bar, bots, tests and CLI read from a game's rules.

    Every game's rules class subclasses this one. The first group of methods each game writes; the
    hooks after them have defaults that fit a game which does not use them, so the callers call
    them plainly and never probe for them. A new hook read by a caller belongs here, with its
    default and a check in tests/core/test_contract.py.
    """

    name: str = ""
    # Bumped when a log from the previous rules no longer replays to the same game (`migrate_save`).
    rules_version: int = 1
    # Action kinds only the session submits, with no seat; `timeout` (the end of a reaction
    # window's time) always is one, whether or not a game lists it.
    system_actions: tuple[str, ...] = ()

    # -- what every game writes ----------------------------------------------------------------------

    def new_state(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        """A fresh game for `seats` players, all randomness drawn from `seed`."""
        raise NotImplementedError

    def to_act(self, state: Any) -> list[int]:
        """The seats the game waits for now (the engine says whom it waits for, not who acts)."""
        raise NotImplementedError

    def legal_actions(self, state: Any, seat: int) -> Sequence[Action]:
        """Every action `seat` may take now (empty when it has nothing to do)."""
        raise NotImplementedError

    def apply(self, state: Any, action: Action) -> list[Event]:
        """Apply `action` in place and return events, or raise IllegalAction untouched."""
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator who sees only public information)."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        """True once the game is decided."""
        raise NotImplementedError

    def to_json(self, state: Any) -> dict[str, Any]:
        """The whole state as JSON-compatible data."""
        raise NotImplementedError

    def from_json(self, data: dict[str, Any]) -> Any:
        """Inverse of `to_json`."""
        raise NotImplementedError

    def shuffle_hidden(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """A copy where what `seat` cannot see is dealt differently (the contract's privacy check)."""
        raise NotImplementedError

    # -- hooks with defaults ----------------------------------------------------------------------------

    def clone(self, state: Any) -> Any:
        """An independent copy of `state` (by default through its JSON form)."""
        return self.from_json(self.to_json(state))

    def rng(self, state: Any) -> random.Random:
        """The state's own seeded random generator (a draw from it marks an undo barrier)."""
        return state.rng  # type: ignore[no-any-return]

    def tick(self, state: Any) -> int:
        """A real-time game's clock in ticks; a turn-based game has none (0)."""
        return 0

    def bot_view(self, state: Any, seat: int | None) -> Mapping[str, Any]:
        """The view bots decide from: equal to `view`, perhaps built lazily (by default `view`)."""
        return self.view(state, seat)

    def shared_view(self, state: Any) -> dict[str, Any] | None:
        """Every seat's view but for its `seat` stamp, when views differ by nothing else (else None)."""
        return None

    def forget_views(self, state: Any) -> None:
        """Drop whatever parts of views the engine keeps (after a state was changed by hand)."""

    def current_decision(self, state: Any) -> Any:
        """The `Decision` on top of the game's decision stack (None: the game keeps none). Typed Any:
        `core.decisions` builds on this module, which must not import it back."""
        return None

    def forced_action(self, state: Any, seat: int) -> Action | None:
        """`seat`'s only move when the engine knows it without listing them all (by default none)."""
        return None

    def idle_reason(self, state: Any, seat: int) -> str | Msg:
        """Why `seat`, not waited for now, may not act (a sentence a player understands)."""
        return "It is not your turn to act"

    def waiting_action(self, state: Any) -> Action | None:
        """The system action a real-time game waits for between rounds (by default none)."""
        return None

    def migrate_save(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """A save from an older `rules_version` brought up to date; None (the default): it cannot
        be, and the save is refused clearly rather than replayed into a different game."""
        return None


class TurnBot:
    """A bot of a turn-based game: `act` picks from the legal actions."""

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        """The action chosen from `legal`, seen through `view`."""
        raise NotImplementedError

    def decide_from_view(self, view: Any) -> Action | None:
        """An action chosen from the view alone, without the list of moves (None: ask `act`)."""
        return None


class RealtimeBot:
    """A bot of a real-time game: asked every tick, it may act or wait."""

    def act(self, view: Any, tick: int) -> Action | None:
        """The action wanted at `tick` (None: nothing now)."""
        raise NotImplementedError

    def refused(self, action: Action, reason: str) -> None:
        """Told that its action lost a race or was refused (by default it does not care)."""


def try_apply(rules: GameRules, state: Any, action: Action) -> Outcome:
    """Apply `action`, turning a refusal into an Outcome instead of an exception."""
    try:
        return Outcome(True, rules.apply(state, action))
    except IllegalAction as exc:
        return Outcome(False, [], exc.reason, exc.message)


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars); tuples become lists, and an engine
    message (`Msg`) becomes its JSON form ({"msg", "params"}), which `messages.revive` undoes."""
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [copy_json(v) for v in value]
    return value


def rng_state_to_json(rng: random.Random) -> list[Any]:
    """Serialize a Random's internal state as JSON lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list[Any]) -> random.Random:
    """Rebuild a Random from `rng_state_to_json` output."""
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng
