"""The one small API every rules engine speaks. Pure Python: never import pygame here.

An engine is a module-level object implementing `GameRules`. State is a plain dataclass
(JSON via `to_json`/`from_json`), actions are plain dicts, and `apply` either mutates the
state and returns events, or raises `IllegalAction` having changed nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

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


class GameRules(Protocol):
    """What the UI, bots, tests and CLI need from a game's rules engine."""

    name: str

    def new_state(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        """A fresh game for `seats` players, all randomness drawn from `seed`."""

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every action `seat` may take now (empty when it has nothing to do)."""

    def apply(self, state: Any, action: Action) -> list[Event]:
        """Apply `action` in place and return events, or raise IllegalAction untouched."""

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator who sees only public information)."""

    def is_over(self, state: Any) -> bool:
        """True once the game is decided."""

    def to_json(self, state: Any) -> dict[str, Any]:
        """The whole state as JSON-compatible data."""

    def from_json(self, data: dict[str, Any]) -> Any:
        """Inverse of `to_json`."""


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
