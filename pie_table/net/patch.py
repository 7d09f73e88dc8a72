"""A view sent as what changed since the last one, for every table, turn-based or real-time: a
nested patch of only the parts of dicts and same-length lists that changed (a Rumble Pie card that
moves changes one face of one board; a Pie Rats lure changes one crew member, not every crew), and
the tail of a list that only grew. `apply_patch(old, patch(old, new)) == new`.

A patch is {"s": {key: new value}, "p": {key: nested patch}, "g": {key: tail of a grown list},
"d": [dropped keys]}; a list's keys are its indexes as text, and a list whose length changed says
so: "c", the length it is cut to (a decision closed, a card left a hand), "a", the items added.
"""

from __future__ import annotations

from typing import Any

from pie_table.core.engine import JSON_SCALARS
from pie_table.core.messages import Msg


def patch(old: Any, new: Any) -> dict[str, Any]:
    """What turns `old` into `new` (both dicts, or both lists)."""
    pairs = _pairs(old, new)
    sets: dict[str, Any] = {}
    nested: dict[str, Any] = {}
    grown: dict[str, list[Any]] = {}
    for key, before, value in pairs:
        if before is value or before == value:
            continue
        if type(before) is list and type(value) is list and len(value) > len(before) \
                and value[:len(before)] == before:
            grown[key] = value[len(before):]
        elif _nestable(before, value):
            nested[key] = patch(before, value)
        else:
            sets[key] = value
    out: dict[str, Any] = {}
    if isinstance(new, list) and len(new) != len(old):
        if len(new) < len(old):
            out["c"] = len(new)
        else:
            out["a"] = new[len(old):]
    if sets:
        out["s"] = sets
    if nested:
        out["p"] = nested
    if grown:
        out["g"] = grown
    if isinstance(old, dict):
        dropped = [key for key in old if key not in new]
        if dropped:
            out["d"] = dropped
    return out


def apply_patch(old: Any, delta: dict[str, Any]) -> Any:
    """The value `delta` describes from `old` (left as it was)."""
    if isinstance(old, list):
        value: Any = list(old[:delta["c"]] if "c" in delta else old)
        value.extend(delta.get("a", ()))
        for key, item in delta.get("s", {}).items():
            value[int(key)] = item
        for key, inner in delta.get("p", {}).items():
            value[int(key)] = apply_patch(value[int(key)], inner)
        for key, tail in delta.get("g", {}).items():
            value[int(key)] = [*value[int(key)], *tail]
        return value
    value = {key: item for key, item in old.items() if key not in delta.get("d", ())}
    value.update(delta.get("s", {}))
    for key, inner in delta.get("p", {}).items():
        value[key] = apply_patch(value[key], inner)
    for key, tail in delta.get("g", {}).items():
        value[key] = [*value[key], *tail]
    return value


def _pairs(old: Any, new: Any) -> list[tuple[str, Any, Any]]:
    if isinstance(new, list):
        return [(str(i), old[i], new[i]) for i in range(min(len(old), len(new)))]
    return [(key, old.get(key, _MISSING), value) for key, value in new.items()]


def _nestable(before: Any, value: Any) -> bool:
    """Worth a nested patch: two dicts, or two lists holding dicts or lists (a list of numbers is
    sent whole: its items cost no more than their indexes)."""
    if type(before) is dict and type(value) is dict:
        return True
    return (type(before) is list and type(value) is list and bool(before) and bool(value)
            and any(isinstance(item, dict | list) for item in value))


_MISSING = object()


def from_top_level_delta(delta: dict[str, Any]) -> dict[str, Any]:
    """A patch from the top-level delta turn-based tables sent before ({"set", "grow", "drop"},
    kept in older seat replays): the same three parts, one level deep."""
    out: dict[str, Any] = {}
    for old, new in (("set", "s"), ("grow", "g"), ("drop", "d")):
        if old in delta:
            out[new] = delta[old]
    return out


def plain(value: Any) -> Any:
    """Plain JSON data for a view (dicts, lists, scalars; each message as the JSON it keeps,
    `Msg.json`, since views repeat the same messages action after action and seat after seat)."""
    if isinstance(value, dict):
        return {k: v if type(v) in JSON_SCALARS else plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        # Scalars are kept without a call each: most of a view is numbers and names.
        return [v if type(v) in JSON_SCALARS else plain(v) for v in value]
    if isinstance(value, Msg):
        return value.json()
    return value


class ViewJson:
    """How a host turns a view into JSON (`plain`); an object, so a host may convert its own way."""

    def convert(self, value: Any) -> Any:
        """Plain JSON data for `value`."""
        return plain(value)
