"""Action shapes: the keys each kind of action has and what each key may hold, declared by a game
as data and checked by the session before any engine sees an action. Pure Python.

An action arrives from a table, a bot, a save's log or (one day) a remote player. The engines check
what the rules allow; this module checks only that an action is well formed, so no engine ever
meets `1.0` for a count, `true` for a seat, a key it does not read or a key it needs left out.
Ranges here are loose bounds (a column of a board, a card of the deck), never a rule: the engine
still refuses a value the rules do not allow, with its own reason.

Every refusal is a message naming the key, what it must hold and what it held, e.g.
`“count” must be a whole number from 1 to 2, not 1.0`. `bool` is never a number here, and a
float is never a whole number, though Python compares `True == 1` and `1.0 == 1`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from pie_table.core.messages import Msg

_SHOWN = 40  # characters of a wrong value quoted in a refusal


class Value(Protocol):
    """What one key of an action may hold."""

    def fits(self, value: Any, seats: int) -> bool:
        """True if `value` fits (asked for every key of every action: no words are made)."""

    def expected(self, seats: int) -> Msg:
        """What the key must hold, as words ("a whole number from 1 to 2")."""

    def problem(self, where: str, value: Any, seats: int) -> Msg | None:
        """Why `value` (found at `where`) does not fit, or None when it does."""


class _Plain:
    """A value with nothing inside it: it fits or it does not, and the refusal says what it needs."""

    def fits(self, value: Any, seats: int) -> bool:
        raise NotImplementedError

    def expected(self, seats: int) -> Msg:
        raise NotImplementedError

    def problem(self, where: str, value: Any, seats: int) -> Msg | None:
        return None if self.fits(value, seats) else _wrong(where, value, self.expected(seats))


def shown(value: Any) -> str:
    """A wrong value as its sender wrote it: JSON (`1.0`, `true`, `"1"`), cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= _SHOWN else text[:_SHOWN - 1] + "…"


def _wrong(where: str, value: Any, expected: Msg) -> Msg:
    return Msg("“{key}” must be {expected}, not {value}", key=where, expected=expected, value=shown(value))


@dataclass(frozen=True)
class Whole(_Plain):
    """A whole number from `low` to `high` (never a bool or a float)."""

    low: int
    high: int

    def fits(self, value: Any, seats: int) -> bool:
        return type(value) is int and self.low <= value <= self.high

    def expected(self, seats: int) -> Msg:
        return Msg("a whole number from {low} to {high}", low=self.low, high=self.high)


@dataclass(frozen=True)
class Seat(_Plain):
    """A seat at this table: a whole number from 0 to the number of seats less one."""

    def fits(self, value: Any, seats: int) -> bool:
        return type(value) is int and 0 <= value < seats

    def expected(self, seats: int) -> Msg:
        return Msg("a seat number from 0 to {high}", high=seats - 1)


@dataclass(frozen=True)
class Word(_Plain):
    """One of a few fixed strings."""

    choices: tuple[str, ...]

    def fits(self, value: Any, seats: int) -> bool:
        return type(value) is str and value in self.choices

    def expected(self, seats: int) -> Msg:
        return Msg("one of {choices}", choices=[json.dumps(c) for c in self.choices])


@dataclass(frozen=True)
class Nothing(_Plain):
    """JSON null: a key whose absence of a value is a choice (a card played onto a new pie)."""

    def fits(self, value: Any, seats: int) -> bool:
        return value is None

    def expected(self, seats: int) -> Msg:
        return Msg("nothing (null)")


@dataclass(frozen=True)
class Either(_Plain):
    """A value that fits `first` or `second`."""

    first: Value
    second: Value

    def fits(self, value: Any, seats: int) -> bool:
        return self.first.fits(value, seats) or self.second.fits(value, seats)

    def expected(self, seats: int) -> Msg:
        return Msg("{one} or {other}", one=self.first.expected(seats), other=self.second.expected(seats))


@dataclass(frozen=True)
class ListOf:
    """A list of `low` to `high` items, each fitting `item`."""

    item: Value
    low: int
    high: int

    def fits(self, value: Any, seats: int) -> bool:
        item = self.item
        return (type(value) is list and self.low <= len(value) <= self.high
                and all(item.fits(each, seats) for each in value))

    def expected(self, seats: int) -> Msg:
        return Msg("a list of {low} to {high} items", low=self.low, high=self.high)

    def problem(self, where: str, value: Any, seats: int) -> Msg | None:
        if type(value) is not list or not self.low <= len(value) <= self.high:
            return _wrong(where, value, self.expected(seats))
        item = self.item
        for index, each in enumerate(value):
            problem = item.problem(f"{where}[{index}]", each, seats)
            if problem is not None:
                return problem
        return None


@dataclass(frozen=True)
class Record:
    """An object with `required` keys and perhaps `optional` ones, and no others. An action's shape
    is a Record too (its "type" and, for a seat's action, "seat" are the session's to check)."""

    required: Mapping[str, Value] = field(default_factory=dict)
    optional: Mapping[str, Value] = field(default_factory=dict)

    def fits(self, value: Any, seats: int) -> bool:
        return type(value) is dict and self.keys_problem("", value, seats) is None

    def expected(self, seats: int) -> Msg:
        return Msg("an object")

    def problem(self, where: str, value: Any, seats: int) -> Msg | None:
        if type(value) is not dict:
            return _wrong(where, value, self.expected(seats))
        return self.keys_problem(where, value, seats, (), f"{where}.")

    def keys_problem(self, where: str, data: dict[Any, Any], seats: int, free: tuple[str, ...] = (),
                     prefix: str = "") -> Msg | None:
        """Why the keys of `data` do not fit (a key missing, one too many, a value of the wrong
        kind), or None. Keys in `free` are someone else's to check."""
        for key in self.required:
            if key not in data:
                return Msg("“{where}” needs “{key}”", where=where, key=key)
        required, optional = self.required, self.optional
        for key, value in data.items():
            spec = required.get(key) or optional.get(key)
            if spec is None:
                if key in free:
                    continue
                return Msg("“{where}” takes no “{key}”", where=where, key=shown(key).strip('"'))
            if not spec.fits(value, seats):
                return spec.problem(prefix + key, value, seats)
        return None


# The keys of an action the session checks itself: its kind, and the seat it stamps on.
_SESSION_KEYS = ("type", "seat")
_NO_KEYS = Record()


def action_problem(shapes: Mapping[str, Record], action: dict[str, Any], seats: int,
                   system: bool) -> Msg | None:
    """Why `action` (a dict with a string "type") is not of a shape its game declares, or None.
    `system`: the session's own action (a clock tick, a timeout), which carries nothing but its type."""
    kind = action["type"]
    if system:
        return _NO_KEYS.keys_problem(kind, action, seats, ("type",))
    shape = shapes.get(kind)
    if shape is None:
        return Msg("“{kind}” is not an action of this game", kind=shown(kind).strip('"'))
    return shape.keys_problem(kind, action, seats, _SESSION_KEYS)
