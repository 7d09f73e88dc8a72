"""Who watches a hosted table, and what each watcher is sent: the public table, a while behind.

A watcher sits in no seat. It is sent what a seat-less view of the game shows (`view(None)`: no
hand, no sealed answer) and the events the whole table heard, in the same `update` messages a seat
gets, `delay_s` behind the game as the host chose (a watcher who also talks to a player tells them
nothing they could still use). The game is looked at a few times a second (`beat`), only while
someone watches; at the game's end the delay is dropped and everything is sent.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.net.host_parts import Link
from pie_table.net.patch import ViewJson, patch

MAX_WATCHERS = 32  # per table: watching is cheap, but each watcher is one more stream to send
BEAT_S = 0.05  # how often a table with watchers is looked at (a real-time game moves 20 times a second)
MAX_DELAY_S = 120.0  # the longest a host may hold watchers behind (a watcher waits that long to see)


@dataclass
class Watcher:
    """One watching connection: the last view it was sent and how many public events."""

    link: Link
    shown: dict[str, Any] | None = None
    sent: int = 0


@dataclass(frozen=True)
class _Moment:
    """The public table at one time: its view (JSON) and how many public events there were."""

    at: float
    view: dict[str, Any]
    events: int


class Spectators:
    """The watchers of one table."""

    def __init__(self, driver: TableDriver, *, delay_s: float = 0.0, open_: bool = True) -> None:
        self.driver = driver
        self.delay_s = min(MAX_DELAY_S, max(0.0, delay_s))
        self.open = open_  # the host lets people watch (it may stop it: watchers are then sent away)
        self.watchers: list[Watcher] = []
        # Set while anyone watches: a loop of its own beats only then (a table nobody watches, as
        # most of a lobby's are, costs it no wake-up at all).
        self.wanted = asyncio.Event()
        self.history = driver.session.history(None)
        self._moments: deque[_Moment] = deque()
        self._due: _Moment | None = None  # the newest moment old enough to be shown
        self._version: int | None = None
        self._json = ViewJson()

    def add(self, link: Link, now: float) -> None:
        """A new watcher: sent the public table as it was `delay_s` ago, then kept up to date."""
        watcher = Watcher(link)
        self.watchers.append(watcher)
        self.wanted.set()
        self.beat(now)
        if self._due is not None and watcher.shown is None:
            self._send(watcher, self._due)

    def remove(self, link: Link) -> bool:
        """`link` closed: whether it was a watcher's."""
        kept = [w for w in self.watchers if w.link is not link]
        gone = len(kept) != len(self.watchers)
        self.watchers = kept
        if not kept:
            self.wanted.clear()
        return gone

    def let_go(self, message: dict[str, Any], reason: str) -> None:
        """Tell every watcher `message` and close its connection with `reason`."""
        for watcher in self.watchers:
            watcher.link.send(message)
            watcher.link.drop(reason)
        self.watchers = []
        self.wanted.clear()

    def beat(self, now: float | None = None, final: bool = False) -> None:
        """Look at the game (if anyone watches) and send each watcher what became due, as of `now`
        (the monotonic clock's); `final`: the game is over, so the delay no longer matters and the
        end is sent at once."""
        now = time.monotonic() if now is None else now
        if not self.watchers:  # nothing is kept: the next watcher starts afresh
            self._moments.clear()
            self._due = self._version = None
            return
        version = self.driver.rules.version(self.driver.state)
        if version != self._version:
            self._version = version
            view = self._json.convert(self.driver.view(None))
            self._moments.append(_Moment(now, view, self.history.count))
        due = self._due
        while self._moments and (final or self._moments[0].at <= now - self.delay_s):
            due = self._moments.popleft()
        if due is not None and due is not self._due:
            self._due = due
            for watcher in self.watchers:
                self._send(watcher, due)

    def _send(self, watcher: Watcher, moment: _Moment) -> None:
        message: dict[str, Any] = {"type": "update"}
        if moment.events > watcher.sent:
            message["events"] = self.history.events[watcher.sent:moment.events]
            message["seen"] = moment.events
        if watcher.shown is None:
            message["view"] = moment.view
        elif changed := patch(watcher.shown, moment.view):
            message["patch"] = changed
        if len(message) > 1:
            if self.driver.info.realtime:  # a real-time update says its tick, as a seat's does
                message["tick"] = moment.view.get("tick", 0)
            watcher.shown, watcher.sent = moment.view, moment.events
            watcher.link.send(message)

    def tell(self, message: dict[str, Any]) -> None:
        """Send every watcher `message` (the table is over, closing, or no longer watched)."""
        for watcher in self.watchers:
            watcher.link.send(message)
