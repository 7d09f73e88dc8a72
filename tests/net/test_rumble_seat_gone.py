"""A Rumble window whose host came back without its seat (a server restarted with no store: the
same table id, another game) is told so at the first try, instead of sending its dead token
again and again until it gives up."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

from pie_table.games.rumble_pie.ui.remote_sim import SEAT_GONE, RemoteTableSim
from pie_table.net.server import Lobby, bound_port, start

_WAIT_S = 20.0  # far past the few tries it takes, far short of the minutes a lost host is tried


class _Servers:
    """Lobbies served one after another on one port, from a thread of their own."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.server: Any = None
        self.port = 0

    def call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(20)

    def serve(self) -> dict[str, str]:
        """A new lobby with one Rumble table (seat 1 open) on the port; its table and code."""
        async def begin() -> dict[str, str]:
            lobby = Lobby()
            self.server = await start(lobby, "127.0.0.1", self.port)
            self.port = bound_port(self.server)
            host = lobby.create("rumble-pie", ["remote", "bot:normal"], 1, {"target": 40})
            return {"table": host.id, "code": host.code}
        return self.call(begin())  # type: ignore[no-any-return]

    def stop(self) -> None:
        async def end() -> None:
            self.server.close()
            await self.server.wait_closed()
        self.call(end())


def _until(done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + _WAIT_S
    while not done() and time.monotonic() < deadline:
        time.sleep(0.05)


def test_a_host_that_no_longer_holds_the_seat_ends_the_table_at_the_first_try() -> None:
    servers = _Servers()
    made = servers.serve()
    sim = RemoteTableSim(f"ws://127.0.0.1:{servers.port}", made["table"], made["code"], 0, "Ada")
    servers.stop()
    servers.serve()  # the same table id, another game: the old token takes no seat there
    _until(lambda: bool(sim.ended))
    assert sim.ended == SEAT_GONE
    sim.close()
    servers.stop()

