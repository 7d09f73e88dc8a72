"""The host of a table that a window plays (issue 23 item 2): a `TableHost` on the window's own
`TableDriver`, whose `update` the window calls every frame — it paces the host's bots and runs out
countdowns through the logged timeout, and the people at the host's screen act through the table
scene. Remote seats are people to it, as to every host.

Threads: the server reads the network on its own thread; everything it asks of this table (a join,
a seat taken back, an action, a connection gone) is queued and done by
`pump()` on the window's thread, between frames, so the game is only ever touched by one thread.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.net import protocol as p
from pie_table.net.host import LOG, Holder, Link, TableHost, hosted_session
from pie_table.net.protocol import Refusal

__all__ = ["DrivenHost", "hosted_session"]


class DrivenHost(TableHost):
    """A `TableHost` with no loop of its own: the window's driver runs the game."""

    def __init__(self, driver: TableDriver, remote: set[int], *, table_id: str = "1",
                 code: str | None = None, wake: Callable[[], None] | None = None) -> None:
        """`wake()` is called from the server's thread when something waits for `pump` (a window
        resting until input posts itself an event)."""
        super().__init__(driver.setup, remote, table_id=table_id, code=code, driver=driver)
        self.wake = wake
        self._inbox: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()

    # -- the server's thread: queue what it asks -----------------------------------------------------

    def join(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> Holder:  # type: ignore[override]
        self._later(link, lambda: super(DrivenHost, self).join(link, message, games))
        return None  # type: ignore[return-value]

    def rejoin(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> Holder:  # type: ignore[override]
        self._later(link, lambda: super(DrivenHost, self).rejoin(link, message, games))
        return None  # type: ignore[return-value]

    def on_action(self, link: Link, message: dict[str, Any]) -> None:
        self._later(link, lambda: super(DrivenHost, self).on_action(link, message))

    def left(self, link: Link) -> None:
        self._later(link, lambda: super(DrivenHost, self).left(link))

    def _later(self, link: Link, job: Callable[[], Any]) -> None:
        def run() -> None:
            try:
                job()
            except Refusal as refusal:
                LOG.warning("table %s: refused from %s: %s", self.id, link.peer, refusal)
                link.send(p.error(refusal))
        self._inbox.put(run)
        if self.wake is not None:
            self.wake()

    async def run(self) -> None:
        """Nothing to loop over: the window's driver runs the game."""
        await self.finished.wait()

    # -- the window's thread ---------------------------------------------------------------------------

    def pump(self) -> None:
        """Do what the network asked since the last frame (call once a frame, on the table's thread)."""
        while True:
            try:
                job = self._inbox.get_nowait()
            except queue.Empty:
                break
            job()
            self._mark_away()
        if self.driver.is_over() and not self.finished.is_set():
            self._over()

    def hand_to_bot(self, seat: int, level: str = "normal") -> None:
        """The host's choice for an away seat (on the window's thread, like every move here)."""
        super().hand_to_bot(seat, level)
        self._mark_away()

    def _mark_away(self) -> None:
        """The driver says which seats are away (every table at the host marks them): dropped and
        not handed to a bot."""
        self.driver.away = {seat for seat in self.away() if seat in self.remote}
