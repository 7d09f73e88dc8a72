"""A table hosted from the window: the websocket server and the table's host run
on a background thread with their own event loop, so the window's frames never wait on the network.

`HostedTable.start` listens on 127.0.0.1 unless the host ticked "local network" (then on every
address, advertised by zeroconf); the window shows `address`, `code` and `joined()`. The port, the
code and the seats' tokens are kept (`host_keys`) as they change, so a game continued later is
hosted where its remote players left it.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from ssl import SSLContext
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.setup import GameSetup
from pie_table.net.host import TableHost, headless_host, window_host
from pie_table.net.host_keys import HostKeys, keep_keys
from pie_table.net.limits import Limits
from pie_table.net.server import Lobby, bound_port, start

_WAIT = 10.0  # seconds to wait for the loop thread to start or stop the server


class HostedTable:
    """One table served from this process: its host, server and (when asked) its advertisement."""

    def __init__(self, setup: GameSetup, remote: set[int], *, lan: bool = False, port: int = 0,
                 driver: TableDriver | None = None, wake: Callable[[], None] | None = None,
                 tls: SSLContext | None = None, keys: HostKeys | None = None) -> None:
        """`driver`: the window's own driver runs the game (call `pump` every frame); without one
        the host plays its bots itself, as `serve` does. A continued game's remote seats are sent
        what they saw before from the session's own history. `tls`: serve wss:// with it.
        `keys`: a continued game's port, code and seats' tokens from when it was hosted before
        (its seats then wait away for their players); a port now taken is left for a free one,
        and `port_taken` says which it was."""
        self.tls = tls
        self.lan = lan
        self.driver = driver
        self.wake = wake
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="table-host", daemon=True)
        self._thread.start()
        self.lobby = Lobby(Limits(max_tables=1, open_tables_per_address=0))  # its one table, no more
        self.port_taken = 0  # the port asked for, when another program had it (0: none was)
        self.host: TableHost = self._call(self._open(setup, remote, keys.port if keys else port,
                                                     keys.code if keys else None))
        if keys is not None:
            for seat, (token, name) in keys.seats.items():
                if seat in remote:
                    self.host.seat_away(seat, token, name)
        self._kept: HostKeys | None = None  # what `host_keys` holds for this game, once written
        self._advert: Any = None
        if lan:
            from pie_table.net.discovery import advertise

            self._advert = advertise(f"pie_table {setup.game_id}", self.port, "0.0.0.0",
                                     secure=tls is not None)

    def _call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(_WAIT)

    async def _open(self, setup: GameSetup, remote: set[int], port: int, code: str | None) -> TableHost:
        try:
            self.server = await self._listen(port)
        except OSError:
            if not port:
                raise
            self.port_taken = port
            self.server = await self._listen(0)
        self.port = bound_port(self.server)
        if self.driver is not None:
            return self.lobby.add(window_host(self.driver, remote, table_id="1", code=code, wake=self.wake))
        return self.lobby.add(headless_host(setup, remote, table_id="1", code=code))

    async def _listen(self, port: int) -> Any:
        return await start(self.lobby, "0.0.0.0" if self.lan else "127.0.0.1", port, ssl=self.tls)

    def move_to(self, port: int) -> bool:
        """Listen on `port` from now on (False, and nothing changes, when it cannot be had). Those
        already connected stay connected; new players use the new address."""
        async def move() -> bool:
            try:
                moved = await self._listen(port)
            except OSError:
                return False
            old, self.server = self.server, moved
            old.close(close_connections=False)
            self.port, self.port_taken = bound_port(moved), 0
            return True
        if self._advert is not None:  # announced on the local network: announced anew at the new port
            with contextlib.suppress(Exception):
                self._advert.close()
        done = bool(self._call(move()))
        if self._advert is not None:
            from pie_table.net.discovery import advertise

            self._advert = advertise(f"pie_table {self.host.setup.game_id}", self.port, "0.0.0.0",
                                     secure=self.tls is not None)
        return done

    def pump(self) -> None:
        """What the network asked since the last frame, done on the window's thread; the port, the
        code and the seats' tokens kept when one of them changed."""
        if self.driver is not None:
            self.host.pump()
        held = {seat: (holder.token, holder.name) for seat, holder in dict(self.host.holders).items()}
        keys = HostKeys(self.port, self.code, held)
        if keys != self._kept:
            keep_keys(self.host.setup, keys)
            self._kept = keys

    @property
    def realtime(self) -> bool:
        """True for a real-time table (Rumble Pie): the game runs on whatever the host's window does."""
        return self.host.info.realtime

    @property
    def address(self) -> str:
        """What a joining player types (the machine's own address when shared on the network)."""
        scheme = "wss" if self.tls is not None else "ws"
        return f"{scheme}://{_own_address() if self.lan else '127.0.0.1'}:{self.port}"

    @property
    def code(self) -> str:
        """The short join code that takes a seat."""
        return self.host.code

    def new_code(self) -> str:
        """Give the table a new join code (the old one takes no seat from now on; seats already
        taken keep their tokens). One attribute swapped, so safe from the window's thread."""
        return self.host.new_code()

    def joined(self) -> dict[int, tuple[str, bool]]:
        """Each taken remote seat: the player's name and whether they are connected now."""
        return {seat: (h.name, h.link is not None) for seat, h in dict(self.host.holders).items()}

    def away(self) -> set[int]:
        """Remote seats whose players dropped and that no bot plays yet (the host may hand them to one)."""
        joined = self.joined()
        return {seat for seat, (_name, here) in joined.items() if not here and seat in self.host.remote}

    def delays(self) -> dict[int, int]:
        """Each connected remote seat's round trip to this host, as its client measured it (ms)."""
        delays = {}
        for seat, holder in dict(self.host.holders).items():
            link = holder.link
            if link is not None and link.delay_ms is not None:
                delays[seat] = link.delay_ms
        return delays

    def bot_played(self) -> set[int]:
        """Remote seats taken by a player that the host has handed to a bot (until they come back)."""
        return {seat for seat in dict(self.host.holders) if seat not in self.host.remote}

    def name_of(self, seat: int) -> str:
        """The name a remote player took their seat with ('' for a seat nobody has taken)."""
        holder = self.host.holders.get(seat)
        return holder.name if holder is not None else ""

    def hand_to_bot(self, seat: int, level: str = "normal") -> None:
        """An away seat goes on with a bot at the host (the host's choice, from a small prompt): on
        the window's thread when the window's driver runs the game, else on the host's loop."""
        if self.driver is not None:
            self.host.hand_to_bot(seat, level)
        else:
            self._loop.call_soon_threadsafe(self.host.hand_to_bot, seat, level)

    def let_watch(self, allowed: bool, delay_s: float = 0.0) -> None:
        """Let people watch the table, `delay_s` behind the game, or stop it (watchers are let go):
        on the window's thread when the window's driver runs the game, else on the host's loop."""
        def change() -> None:
            if allowed:
                self.host.allow_watching(delay_s)
            else:
                self.host.stop_watching()
        if self.driver is not None:
            change()
        else:
            asyncio.run_coroutine_threadsafe(_now(change), self._loop).result(_WAIT)

    def tell_paused(self, why: str) -> None:
        """The host's window holds the game still ("start", "pause") or lets it go on (""): the
        remote players are told."""
        self._loop.call_soon_threadsafe(self.host.tell_paused, why)

    def quit(self) -> None:
        """Tell every remote player the host quit, then stop serving."""
        async def close() -> None:
            self.host.closing()
            self.host.finished.set()
            await asyncio.sleep(0.05)  # the writers send what is queued
            self.server.close()
            await self.server.wait_closed()
        with contextlib.suppress(Exception):
            self._call(close())
        if self._advert is not None:
            with contextlib.suppress(Exception):
                self._advert.close()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(_WAIT)


def _own_address() -> str:
    """This machine's address on its local network (the one a route outwards would use)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the interface
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


async def _now(job: Callable[[], None]) -> None:
    job()
