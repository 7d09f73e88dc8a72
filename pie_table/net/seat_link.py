"""A window's link to a host for one seat, or for a watcher: a `RemoteSeat` on an asyncio loop of
its own thread, kept through drops the one way every seat is (`staying.keep_seat`).

Every window table across machines stands on it, through `net.link_source.LinkSource` (a
turn-based seat's, and a real-time one's frames). It hands it `sat(answer, again)`, called on the
network thread with the host's answer each time the seat is taken (`again`: taken back after a
drop), and `took(message, fresh)`, called there with every message after it (`fresh`: the first
update after the seat was taken, which carries the whole view and whatever was missed), and reads
`reconnecting` and `ended` to say what the link is doing. Pure Python: no pygame.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from pie_table.net.client import HostRefused, RemoteSeat
from pie_table.net.spectators import MAX_DELAY_S
from pie_table.net.staying import keep_seat, restarting

LOG = logging.getLogger("pie_table.net")
ANSWER_WAIT = 10.0  # seconds the first answer (and any call) is waited for before the host is called lost
Sat = Callable[[dict[str, Any], bool], None]  # (the host's answer to a join, rejoin or watch; again)
Took = Callable[[dict[str, Any], bool], None]  # (a message from the host; fresh)

# Why a link ended by itself (`SeatLink.ended`); '' while it is up, or once the game is over.
HOST_QUIT = "host quit"
GONE = "gone"  # the host could not be reached again
REFUSED = "refused"  # the host is there and no longer holds the seat (`refusal` says its words)


class SeatLink:
    """Takes `seat` with `code`, or the seat `token` holds, or watches (`watch`) at `table`; the
    constructor returns once the host has answered and sent the first update (HostRefused or
    ConnectionError if it does not)."""

    def __init__(self, url: str, table: str, sat: Sat, took: Took, *, code: str = "", seat: int = -1,
                 name: str = "", token: str = "", watch: bool = False, wake: Callable[[], None] | None = None,
                 dropped: Callable[[], None] | None = None) -> None:
        """`wake()`: called from the network thread after each `sat`, `took` and `dropped`, and
        as the link ends (a window resting until input posts itself an event); `dropped()`:
        called there as the link goes, before it is made again (what was asked or sent before is
        not coming back)."""
        self.remote = RemoteSeat(url)
        self.table = table
        self.watch = watch
        self._sat, self._took, self._wake, self._dropped = sat, took, wake, dropped
        # While the link is made again: "restarting" (the host said so as it closed) or
        # "reconnecting" (it just went); '' otherwise.
        self.reconnecting = ""
        self.ended = ""
        self.refusal = ""  # the host's words when it refused to take the seat back
        self._leaving = False
        self._opened = threading.Event()  # the seat was taken (or watched) once
        self._settled = threading.Event()  # ...or taking it failed
        self._failure: Exception | None = None  # why it failed the first time
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="seat-link", daemon=True)
        self._thread.start()
        self._stay = asyncio.run_coroutine_threadsafe(self._keep(code, seat, name, token), self._loop)
        self._settled.wait(ANSWER_WAIT + (MAX_DELAY_S if watch else 0))  # a watcher waits out the delay
        if not self._opened.is_set():
            self.stop()
            raise self._failure or ConnectionError("no answer from the host")

    # -- on the network thread -----------------------------------------------------------------------

    async def _keep(self, code: str, seat: int, name: str, token: str) -> None:
        try:
            await keep_seat(lambda again: self._sit(again, code, seat, name, token), self._read,
                            dropped=self._went, leaving=lambda: self._leaving)
        except HostRefused as refused:
            if not self._opened.is_set():
                self._failure = refused  # the first answer: the constructor says it
                return
            if not self.remote.over:  # (a game that ended while the seat was away is just over)
                self.ended, self.refusal = REFUSED, str(refused)
        except Exception as exc:
            if not self._opened.is_set():
                self._failure = exc
                return
            self.ended = "" if self._leaving else self.ended or GONE
            LOG.info("seat %d at %s: the link ended (%s)", self.remote.seat, self.table, exc)
        finally:
            self.reconnecting = ""
            self._settled.set()
            self.wake()

    async def _sit(self, again: bool, code: str, seat: int, name: str, token: str) -> None:
        remote = self.remote
        await remote.open()
        if self.watch:
            joined = await remote.watch(self.table)
        elif again or token:
            joined = await remote.rejoin(self.table, remote.token if again else token)
        else:
            joined = await remote.join(self.table, code, seat, name)
        first = await remote.expect("update")
        self._sat(joined, again)
        self._took(first, True)
        self.reconnecting = ""
        self._opened.set()
        self._settled.set()
        self.wake()

    async def _read(self) -> None:
        """What the host sends, until the game is over or the host quits."""
        while not self.remote.over:
            message = await self.remote.receive()
            self._took(message, False)
            self.wake()
            if message["type"] == "closing":
                self.ended = HOST_QUIT
                return

    def _went(self, exc: BaseException) -> None:
        if not self.reconnecting:  # the drop's own word stays until the seat is back, not each retry's
            self.reconnecting = "restarting" if restarting(exc) else "reconnecting"
            LOG.info("seat %d at %s: link lost (%s), taking the seat back", self.remote.seat, self.table, exc)
        if self._dropped is not None:
            self._dropped()
        self.wake()

    def wake(self) -> None:
        if self._wake is not None:
            self._wake()

    # -- from the table's thread -----------------------------------------------------------------------

    def call(self, coro: Coroutine[Any, Any, Any], timeout: float = ANSWER_WAIT) -> Any:
        """Run `coro` on the link's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def soon(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Start `coro` on the link's loop without waiting for it."""
        self._loop.call_soon_threadsafe(lambda: self._loop.create_task(coro))

    def close(self) -> None:
        """Leave the table (the host shows the seat away; the token would take it back)."""
        self._leaving = True
        if self._loop.is_running():  # (stopped already: nothing left to say goodbye on)
            try:
                self.call(self.remote.close(), 3.0)
            except (TimeoutError, HostRefused, RuntimeError, OSError):
                pass
        self.stop()

    def stop(self) -> None:
        """End every task on the link's loop (the seat's, and what `soon` started), then the loop
        and its thread."""
        self._leaving = True
        if self._loop.is_running():
            asyncio.run_coroutine_threadsafe(self._end(), self._loop)
        if threading.current_thread() is not self._thread:
            self._thread.join(3.0)

    async def _end(self) -> None:
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        asyncio.get_running_loop().stop()
