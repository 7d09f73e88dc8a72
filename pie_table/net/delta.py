"""A view sent as what changed since the last one: most of a view (the game's history above all)
stays or only grows from one action to the next, so a seat is sent the keys that changed and the
tail of each list that only grew. `apply_delta(old, view_delta(old, new)) == new`."""

from __future__ import annotations

from typing import Any

from pie_table.core.messages import Msg


def view_delta(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """What turns `old` into `new` (both plain JSON data): set keys, grown lists, dropped keys."""
    changed: dict[str, Any] = {}
    grown: dict[str, list[Any]] = {}
    for key, value in new.items():
        before = old.get(key, _MISSING)
        if before is value or before == value:  # the same part as last time costs no comparing
            continue
        if type(before) is list and type(value) is list and len(value) > len(before) \
                and value[:len(before)] == before:
            grown[key] = value[len(before):]
        else:
            changed[key] = value
    delta: dict[str, Any] = {}
    if changed:
        delta["set"] = changed
    if grown:
        delta["grow"] = grown
    dropped = [key for key in old if key not in new]
    if dropped:
        delta["drop"] = dropped
    return delta


def apply_delta(old: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The view `delta` describes, from `old` (which is left as it was)."""
    view = {key: value for key, value in old.items() if key not in delta.get("drop", ())}
    view.update(delta.get("set", {}))
    for key, tail in delta.get("grow", {}).items():
        view[key] = [*view[key], *tail]
    return view


_MISSING = object()


def plain(value: Any) -> Any:
    """Plain JSON data for a view (dicts, lists, scalars; each message as the JSON it keeps,
    `Msg.json`, since views repeat the same messages action after action and seat after seat)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, Msg):
        return value.json()
    return value


class ViewJson:
    """How a host turns a view into JSON (`plain`); an object, so a host may convert its own way."""

    def convert(self, value: Any) -> Any:
        """Plain JSON data for `value`."""
        return plain(value)
