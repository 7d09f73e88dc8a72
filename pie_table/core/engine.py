"""The one small API every rules engine speaks. Pure Python: never import pygame here.

An engine is a module-level object implementing `GameRules`. State is a plain dataclass
(JSON via `to_json`/`from_json`), actions are plain dicts, and `apply` either mutates the
state and returns events, or raises `IllegalAction` having changed nothing.
"""

from __future__ import annotations

import pickle
import random
import weakref
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pie_table.core.history import SeatHistory
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
    # Tests set this: every cached view is then checked, when its state moves on, to be still what
    # it was built as (no caller changed it, it shares no list the game changes).
    check_views: bool = False
    # Bumped when a log from the previous rules no longer replays to the same game (`migrate_save`).
    rules_version: int = 1
    # The save version from which this game's saved state hashes are taken of the state's shape of
    # today (a save before it holds one of an older shape, which is dropped when the save is read).
    state_hash_since: int = 2
    # Action kinds only the session submits, with no seat; `timeout` (the end of a reaction
    # window's time) always is one, whether or not a game lists it.
    system_actions: tuple[str, ...] = ()

    # -- what every game writes ----------------------------------------------------------------------

    def new_state(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        """A fresh game for `seats` players, all randomness drawn from `seed`."""
        raise NotImplementedError

    def new_game(self, seats: int, seed: int, options: dict[str, Any] | None = None
                 ) -> tuple[Any, list[Event]]:
        """A fresh game and the events of its deal (cards dealt, who leads): what `new_state`
        makes, with what was said while making it, which the session files beside the state. By
        default a game that says nothing at its deal."""
        return self.new_state(seats, seed, options), []

    def to_act(self, state: Any) -> list[int]:
        """The seats the game waits for now (the engine says whom it waits for, not who acts)."""
        raise NotImplementedError

    def legal_actions(self, state: Any, seat: int) -> Sequence[Action]:
        """Every action `seat` may take now (empty when it has nothing to do)."""
        raise NotImplementedError

    def _apply(self, state: Any, action: Action) -> list[Event]:
        """Apply `action` in place and return events, or raise IllegalAction untouched (`apply`
        calls it and moves the state's version on)."""
        raise NotImplementedError

    def _view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What `seat` may see, built afresh (`view` calls it and keeps it while the state stays at
        its version): it must share no list or dict the game goes on to change."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        """True once the game is decided."""
        raise NotImplementedError

    # -- the version and the one view cache (the same for every game) ---------------------------------

    def __init__(self) -> None:
        # Per live state (by a weak reference: a state that is dropped takes its entry with it):
        # its version and the views built at that version. Outside the state, so states hold the
        # game only, and a copy (a clone, a loaded save, a shuffled double) starts with none.
        self._seen: dict[int, _Seen] = {}

    def apply(self, state: Any, action: Action) -> list[Event]:
        """Apply `action` in place and return events, or raise IllegalAction untouched. Each
        applied action moves the state to its next version."""
        events = self._apply(state, action)
        seen = self._seen.get(id(state))
        if seen is None:
            seen = self._track(state)
        elif seen.views:
            if self.check_views:
                seen.check(list(seen.views))
                seen.proofs = {}
            seen.views = {}
        seen.version += 1
        return events

    def changed_by_hand(self, state: Any) -> None:
        """The state was changed outside `apply` (a test laying out a position): it moves to its
        next version, so no view of what it was is handed out again. The game's own code never
        needs this: tables change states through `apply`, a lesson through its game's scenario."""
        seen = self._seen.get(id(state))
        if seen is not None:
            seen.views, seen.proofs, seen.parts = {}, {}, {}
            seen.version += 1

    def version(self, state: Any) -> int:
        """How many times this state object moved on (each action `apply` applied, each change by
        hand; a state made or loaded afresh is at 0): what a view was built from, and what a caller
        compares to see that nothing moved."""
        seen = self._seen.get(id(state))
        return 0 if seen is None else seen.version

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator who sees only public information). Built once
        for each version of the state and seat, and handed to every caller: read it, never change
        it (it stays as it was built, whatever the state does next)."""
        seen = self._seen.get(id(state))
        if seen is None:
            seen = self._track(state)
        found = seen.views.get(seat)
        if found is None:
            found = seen.views[seat] = self._view(state, seat)
            if self.check_views:
                seen.proofs[seat] = _proof(found)
        return found

    def kept(self, state: Any, name: Hashable, key: Any, build: Callable[[], Any]) -> Any:
        """A part of this state's views (such as one pie) kept across versions while `key`, what
        the part is worked out from, stays the same; else `build()` anew. Like the views, kept by
        the rules outside the state, and read, never changed."""
        seen = self._seen.get(id(state))
        if seen is None:
            seen = self._track(state)
        found = seen.parts.get(name)
        if found is not None and found[0] == key:
            return found[1]
        value = build()
        seen.parts[name] = (key, value)
        return value

    def _track(self, state: Any) -> _Seen:
        key = id(state)
        seen = self._seen[key] = _Seen(weakref.ref(state, lambda _: self._seen.pop(key, None)))
        return seen

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

    # -- what a searching bot reads (a game that may be searched sets `searchable`) -------------------

    # True when `determinize` and `returns` are written: the seat screen's `expert` level searches
    # worlds the seat may believe in, so a game without them offers no such level.
    searchable: bool = False

    def determinize(self, view: Any, history: SeatHistory, rng: random.Random) -> Any:
        """A whole state the seat of `view` (its `bot_view`) may believe in: the same table as it
        sees it and as `history` told it (its hand, every public card, cards it handed over in a
        trade), what it cannot see dealt at random from `rng` among what it may be, claims never
        taken as true. Worked out from what the seat knows alone: the same `rng` gives the same
        state whatever the hidden cards truly are (the contract's check). Searchable games only."""
        raise NotImplementedError(f"{self.name or type(self).__name__} cannot be searched")

    def returns(self, state: Any) -> list[float]:
        """What a finished game is worth to each seat (more is better): a win, shared in a tie,
        and a little for each seat's score, so a search at a table of many can have every seat
        play for its own result. Searchable games only."""
        raise NotImplementedError(f"{self.name or type(self).__name__} cannot be searched")

    def migrate_save(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """A save from an older `rules_version` brought up to date; None (the default): it cannot
        be, and the save is refused clearly rather than replayed into a different game."""
        return None


def _proof(view: dict[str, Any]) -> bytes:
    """What a view looks like, to tell later whether it changed: its pickle, five times quicker
    to take than its repr (which would also work out the English of every message in it)."""
    return pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)


class _Seen:
    """What the rules keep for one live state: its version, the views built at that version (with,
    when `GameRules.check_views` is on, what each looked like when built) and the parts of views
    kept across versions."""

    __slots__ = ("ref", "version", "views", "proofs", "parts")

    def __init__(self, ref: weakref.ref[Any]) -> None:
        self.ref = ref  # held so its callback drops this entry with the state
        self.version = 0
        self.views: dict[int | None, dict[str, Any]] = {}
        self.proofs: dict[int | None, bytes] = {}
        self.parts: dict[Hashable, tuple[Any, Any]] = {}  # `GameRules.kept`: name -> (key, part)

    def check(self, seats: list[int | None]) -> None:
        """Raise if the view kept for one of `seats` is no longer what it was built as."""
        for seat in seats:
            if _proof(self.views[seat]) != self.proofs.get(seat):
                raise AssertionError(f"the view of seat {seat} kept for version {self.version} changed "
                                     "by the time the state moved on: a caller changed it, or it "
                                     "shares a list the game changes")


class TurnBot:
    """A bot of a turn-based game: `act` picks from the legal actions.

    Whoever asks a bot to decide first hands it its seat's history (`hear`): what was said at the
    table and told to its seat alone, which the view (the table as it stands) does not carry."""

    history: SeatHistory
    # True for a bot whose decisions take long enough (a search) that a table drawing a window or
    # serving other tables asks it in a worker, from a copy of the state (`core.pondering`).
    ponders: bool = False

    def hear(self, history: SeatHistory) -> None:
        """What this bot's seat has been told so far (it keeps growing as the game goes on)."""
        self.history = history

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
    if isinstance(value, dict):
        return {k: v if type(v) in JSON_SCALARS else copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        # Scalars are kept without a call each: a state's lists are mostly numbers (the rng's 625).
        return [v if type(v) in JSON_SCALARS else copy_json(v) for v in value]
    if isinstance(value, Msg):
        return value.to_json()
    return value


# The types JSON writes as they are: a walk over plain data keeps them without a call each.
JSON_SCALARS = frozenset((int, float, str, bool, type(None)))


def copy_data(value: Any) -> Any:
    """A copy of plain data whose dicts and lists are new at every depth (what a view hands out
    of the state); everything else (numbers, strings, tuples, messages) is kept as it is."""
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_data(v) for v in value]
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
