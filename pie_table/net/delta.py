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


class MessageJson:
    """`engine.copy_json` for one table's views, with each engine message converted once.

    A view's history repeats the same messages (`Msg`) from one action to the next and for every
    seat; turning them into JSON again each time was most of a host's work. Each message is kept
    with its JSON, so its id cannot be reused while the table lives."""

    def __init__(self) -> None:
        self._done: dict[int, tuple[Msg, dict[str, Any]]] = {}

    def convert(self, value: Any) -> Any:
        """Plain JSON data for `value` (dicts, lists, scalars, messages as {"msg", "params"})."""
        if isinstance(value, dict):
            return {k: self.convert(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.convert(v) for v in value]
        if isinstance(value, Msg):
            known = self._done.get(id(value))
            if known is None or known[0] is not value:
                known = self._done[id(value)] = (value, value.to_json())
            return known[1]
        return value
