"""Lobbies served one after another on one port, from a thread of their own: a server a window's
driver (which runs its own network thread) can lose and find again, as across a restart."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

from pie_table.net.server import Lobby, bound_port, start

WAIT_S = 20.0  # far past the few tries a reconnection takes, far short of the minutes a lost host is tried


class ThreadedServers:
    """One port, a lobby at a time."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.server: Any = None
        self.lobby: Lobby | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(20)

    def serve(self, make: Callable[[Lobby], Any], lobby: Callable[[], Lobby] = Lobby) -> Any:
        """Serve a new lobby on the port (the first: any free one); what `make(lobby)` gives."""
        async def begin() -> Any:
            self.lobby = lobby()
            self.server = await start(self.lobby, "127.0.0.1", self.port)
            self.port = bound_port(self.server)
            return make(self.lobby)
        return self.call(begin())

    def stop(self, code: int | None = None) -> None:
        """Stop serving, and the lobby's tables with it, as the process ending would; `code`:
        every connection closed with it first (else the library's 1001)."""
        async def end() -> None:
            assert self.lobby is not None
            if code is not None:
                for conn in list(self.lobby.connections):
                    conn.drop("stopping", code)
            self.server.close()
            await self.server.wait_closed()
            for task in self.lobby._tasks.values():  # noqa: SLF001 - nobody is at them any more
                task.cancel()
        self.call(end())


def until(done: Callable[[], bool]) -> None:
    """Wait (at most `WAIT_S`) until `done()`."""
    deadline = time.monotonic() + WAIT_S
    while not done() and time.monotonic() < deadline:
        time.sleep(0.02)
