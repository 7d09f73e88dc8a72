"""The lobby's list of tables as it is sent: built once for everyone who asks, in pages.

A list is asked for far more often than tables change, and building it (every table's summary,
encoded) costs milliseconds at hundreds of tables: one build is shared by every lister until
something changed, and it is never built more often than once an interval, however many ask.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from pie_table.net import protocol as p

_STALE_BUILDS = 4  # a listing nothing marked changed is built again after this many build intervals


class Listing:
    """The encoded pages of the `tables` message, and when they were built."""

    def __init__(self, page_size: int, every_s: float) -> None:
        self.page_size = page_size
        self.every_s = every_s  # the shortest time between two builds
        self.builds = 0  # how many times it was built
        self._pages: list[str] = []
        self._built = -math.inf
        self._dirty = True  # something it shows may have changed since it was built

    def changed(self) -> None:
        """Something a table's summary shows changed: build again when next asked (and allowed)."""
        self._dirty = True

    def wait_s(self, now: float) -> float:
        """How long a list asked now should wait to see a change not built yet (0: answer at once)."""
        return max(0.0, self._built + self.every_s - now) if self._dirty else 0.0

    def page(self, summaries: Callable[[], Iterable[dict[str, Any]]], page: int, now: float) -> str:
        """Page `page` as the `tables` message, encoded; `summaries` is called only for a build,
        when something changed (or it is a while old, for what nobody said changed, e.g. a seat
        away at a window's table) and the last build is at least `every_s` old."""
        age = now - self._built
        if (self._dirty or age >= _STALE_BUILDS * self.every_s) and age >= self.every_s:
            self._build(list(summaries()), now)
        if page < len(self._pages):
            return self._pages[page]
        return p.encode({"type": "tables", "tables": [], "page": page, "pages": len(self._pages)})

    def _build(self, summaries: list[dict[str, Any]], now: float) -> None:
        size = self.page_size
        chunks = [summaries[i:i + size] for i in range(0, len(summaries), size)] or [[]]
        self._pages = [p.encode({"type": "tables", "tables": chunk, "page": i, "pages": len(chunks)})
                       for i, chunk in enumerate(chunks)]
        self._built, self._dirty = now, False
        self.builds += 1
