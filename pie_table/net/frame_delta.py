"""A real-time frame's view as a nested delta: a Rumble Pie card that moves changes one face of one
board, not the whole table, so a frame carries only the parts of dicts and same-length lists that
changed (`view_delta` stops at the view's top keys, which suits a turn-based view but sent ~1.8 KB
per card played here). `apply_patch(old, patch(old, new)) == new`.

A patch is {"s": {key: new value}, "p": {key: nested patch}, "g": {key: tail of a grown list},
"d": [dropped keys]}; a list's keys are its indexes as text.
"""

from __future__ import annotations

from typing import Any


def patch(old: Any, new: Any) -> dict[str, Any]:
    """What turns `old` into `new` (both dicts, or both lists of the same length)."""
    pairs = _pairs(old, new)
    sets: dict[str, Any] = {}
    nested: dict[str, Any] = {}
    grown: dict[str, list[Any]] = {}
    for key, before, value in pairs:
        if before is value or before == value:
            continue
        if _nestable(before, value):
            nested[key] = patch(before, value)
        elif type(before) is list and type(value) is list and len(value) > len(before) \
                and value[:len(before)] == before:
            grown[key] = value[len(before):]
        else:
            sets[key] = value
    out: dict[str, Any] = {}
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
        value: Any = list(old)
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
        return [(str(i), old[i], new[i]) for i in range(len(new))]
    return [(key, old.get(key, _MISSING), value) for key, value in new.items()]


def _nestable(before: Any, value: Any) -> bool:
    """Worth a nested patch: two dicts, or two lists of one length holding dicts or lists."""
    if type(before) is dict and type(value) is dict:
        return True
    return (type(before) is list and type(value) is list and len(before) == len(value)
            and any(isinstance(item, dict | list) for item in value))


_MISSING = object()
