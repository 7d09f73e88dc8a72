"""A seat's view whose costlier parts are worked out only when somebody reads them. Pure Python.

Bots decide hundreds of times a game and most decisions read a few parts of the view (a Captain
tabling its only charisma card needs neither the crews nor the standings). An engine that offers
`bot_view(state, seat)` hands bots a `LazyView`: the same keys and values as its `view`, each
costly part built on first read and then kept. Like every view it is read, never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any


class LazyView(Mapping[str, Any]):
    """`data`: parts already at hand; `parts`: the others, each as a function that builds it."""

    __slots__ = ("_data", "_parts")

    def __init__(self, data: dict[str, Any], parts: dict[str, Callable[[], Any]]) -> None:
        self._data = data
        self._parts = parts

    def __getitem__(self, key: str) -> Any:
        data = self._data
        if key in data:
            return data[key]
        value = data[key] = self._parts[key]()  # KeyError for a key the view does not have
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._data or key in self._parts

    def __iter__(self) -> Iterator[str]:
        # A snapshot: reading a part while iterating adds it to `_data`.
        keys = list(self._data)
        keys += [key for key in self._parts if key not in self._data]
        return iter(keys)

    def __len__(self) -> int:
        return len(self._data.keys() | self._parts.keys())

    def __repr__(self) -> str:
        return f"LazyView({dict(self)!r})"


def whole_view(data: dict[str, Any], parts: dict[str, Callable[[], Any]]) -> dict[str, Any]:
    """The same view with every part built: what the table and the tests read."""
    for key, part in parts.items():
        data[key] = part()
    return data
