"""The host of a Rumble Pie table that a window plays (issue 23 item 3): the game is the window's own
`RealtimeDriver`, ticked by the table scene at the host's clock; remote seats' key actions come in
from the network and are queued for the next tick the window runs, in the order they were read, as
a key read at the couch is. After each window frame every remote seat is sent a frame (its view as
a delta, its own events, what became of its inputs), as `RealtimeHost` sends them.

Threads as in `DrivenHost`: what the network asks is queued and done by `pump()` on the window's
thread, between frames, so the game is only ever touched by one thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pie_table.core.driver import RealtimeDriver
from pie_table.core.engine import Event
from pie_table.core.session import Entry
from pie_table.net.driven_host import DrivenHost
from pie_table.net.host import Holder, Link
from pie_table.net.realtime_host import RealtimeHost


class DrivenRealtimeHost(DrivenHost, RealtimeHost):
    """A `RealtimeHost` with no clock of its own: the window's driver ticks the game."""

    driver: RealtimeDriver  # the window's real-time driver, as both bases hold it

    def __init__(self, driver: RealtimeDriver, remote: set[int], *, table_id: str = "1",
                 code: str | None = None, wake: Callable[[], None] | None = None) -> None:
        super().__init__(driver, remote, table_id=table_id, code=code, wake=wake)
        self.realtime_driver = driver
        driver.listen_steps(self._took)  # acks and refusals of remote inputs, tick by tick

    def on_input(self, link: Link, message: dict[str, Any]) -> None:
        """A key action from the network: checked and queued on the window's thread."""
        self._later(link, lambda: RealtimeHost.on_input(self, link, message))

    def pump(self) -> None:
        """Frames for what the last window frame ran, then what the network asked since."""
        self._frames()
        super().pump()

    def _after(self, entry: Entry, _events: list[Event]) -> None:
        """Turn-based updates are not sent here: frames go after each window frame (`pump`)."""

    def _attach(self, holder: Holder, link: Link, seen: int) -> None:
        RealtimeHost._attach(self, holder, link, seen)  # the whole view as a frame
