"""Where a hosted table's work is done: the one thread that owns its game.

- `OwnLoop`: the table runs on the server's asyncio loop (`serve`, `simulate --over-network`);
  a seat's message is done at once, a refusal goes back to the server's connection (which counts
  it against a client that keeps sending nonsense).
- `WindowLoop`: a window plays the table and its driver lives on the window's thread; the server
  reads the network on a thread of its own, so each message is queued and done by `pump`, between
  frames, and a refusal is told to the client from there.
"""

from __future__ import annotations

import asyncio
import queue
from collections.abc import Callable

from pie_table.net import protocol as p
from pie_table.net.host_parts import Beating, Clock, Link
from pie_table.net.protocol import Refusal
from pie_table.net.spectators import BEAT_S
from pie_table.net.updates import LOG


class OwnLoop:
    """A table with a loop of its own on the server's event loop."""

    def do(self, link: Link, job: Callable[[], None]) -> None:
        """Do `job` now (a Refusal is raised to the server's connection)."""
        job()

    async def run(self, clock: Clock, finished: asyncio.Event, beating: Beating) -> None:
        """The clock runs the game to its end, or until the host is done with the table sooner
        (`finished`: it quit); `beating` beaten a few times a second meanwhile, while it wants it."""
        async def beat() -> None:
            while True:
                await beating.wanted.wait()
                await asyncio.sleep(BEAT_S)
                beating.beat()
        loop = asyncio.get_running_loop()
        game, ended, beats = (loop.create_task(clock.run()), loop.create_task(finished.wait()),
                              loop.create_task(beat()))
        try:
            await asyncio.wait((game, ended), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (game, ended, beats):
                task.cancel()
        if game.done() and not game.cancelled():
            game.result()  # a game that failed says why

    def pump(self) -> None:
        """Nothing waits: every message was done as it came."""


class WindowLoop:
    """A table whose game the window's frames run."""

    def __init__(self, table_id: str, wake: Callable[[], None] | None = None) -> None:
        """`wake()` is called from the server's thread when something waits for `pump` (a window
        resting until input posts itself an event)."""
        self.table_id = table_id
        self.wake = wake
        self._inbox: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()

    def do(self, link: Link, job: Callable[[], None]) -> None:
        """Queue `job` for the window's thread."""
        def run() -> None:
            try:
                job()
            except Refusal as refusal:
                LOG.warning("table %s: refused from %s: %s", self.table_id, link.peer, refusal)
                link.send(p.error(refusal))
        self._inbox.put(run)
        if self.wake is not None:
            self.wake()

    async def run(self, clock: Clock, finished: asyncio.Event, beating: Beating) -> None:
        """Nothing to loop over: the window's frames run the game (and beat: `TableHost.pump`) until
        `pump` finds it over."""
        await finished.wait()

    def pump(self) -> None:
        """Do what the network asked since the last frame (on the window's thread)."""
        while True:
            try:
                job = self._inbox.get_nowait()
            except queue.Empty:
                return
            job()
