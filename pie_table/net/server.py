"""The websocket server: a lobby of many tables, one connection per remote player.

Every connection first says hello (protocol version checked), then may list the tables, create
one, join a seat with the table's join code, take a seat back with its token, and send actions.
Each refused message is one line in the log and an `error` back; a connection refused
`MAX_STRIKES` times, or sending faster than `RATE` messages a second, is dropped. The server
listens on 127.0.0.1 unless told another address.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import threading
import time
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from pie_table.core.pacing import Pace
from pie_table.core.registry import get_game, load_games
from pie_table.core.setup import GameSetup, SeatSpec, SetupError, parse_seat
from pie_table.net import protocol as p
from pie_table.net.host import LOG, TableHost
from pie_table.net.protocol import Refusal

MAX_STRIKES = 5
RATE = 100.0  # messages a second a connection may keep up (a bot answering at once needs ~60)
BURST = 200.0  # messages it may send at once
MAX_TABLES = 500
REMOTE = "remote"  # the seat word for a seat left open to a remote player


class Connection:
    """One client's connection: a `Link` for the tables, with its own send queue and flood gate."""

    def __init__(self, ws: ServerConnection, lobby: Lobby) -> None:
        self.ws = ws
        self.lobby = lobby
        address = ws.remote_address
        self.peer = f"{address[0]}:{address[1]}" if address else "?"
        self.strikes = 0
        self.games: dict[str, int] | None = None  # the rules versions its hello named
        self.tables: set[TableHost] = set()
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._loop = asyncio.get_running_loop()
        self._thread = threading.get_ident()
        self._allowance = BURST
        self._checked = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; the writer sends it in order without holding up any table. Safe from
        another thread (a window's table runs on its own thread, the server on another)."""
        self._put(p.encode(message))

    def drop(self, reason: str) -> None:
        """Close after what is queued, with `reason` as the close reason."""
        self._close_reason = reason
        self._put(None)

    def _put(self, item: str | None) -> None:
        if threading.get_ident() == self._thread:
            self._queue.put_nowait(item)
        else:
            self._loop.call_soon_threadsafe(self._queue.put_nowait, item)

    async def run(self) -> None:
        """Read messages until the client goes; its seats are then away."""
        writer = asyncio.create_task(self._write())
        try:
            async for raw in self.ws:
                if not self._handle(raw):
                    break
        except ConnectionClosed:
            pass
        finally:
            for table in self.tables:
                table.left(self)
            self._queue.put_nowait(None)
            await writer

    async def _write(self) -> None:
        while (text := await self._queue.get()) is not None:
            try:
                await self.ws.send(text)
            except ConnectionClosed:
                return
        await self.ws.close(1008 if self.strikes >= MAX_STRIKES else 1000,
                            getattr(self, "_close_reason", "")[:100])

    def _handle(self, raw: str | bytes) -> bool:
        """One message in; False once the connection is to be dropped."""
        try:
            self._throttle()
            message = p.decode_client(raw)
            self.lobby.dispatch(self, message)
        except Refusal as refusal:
            self.strikes += 1
            LOG.warning("refused from %s (strike %d): %s", self.peer, self.strikes, refusal)
            self.send(p.error(refusal))
            if self.strikes >= MAX_STRIKES:
                LOG.warning("dropped %s: %d refused messages", self.peer, self.strikes)
                self.send(p.error(Refusal(p.DROPPED)))
                self.drop("too many refused messages")
                return False
        return True

    def _throttle(self) -> None:
        """A token bucket: RATE messages a second on average, BURST at once."""
        now = time.monotonic()
        self._allowance = min(BURST, self._allowance + (now - self._checked) * self.lobby.rate)
        self._checked = now
        if self._allowance < 1:
            raise Refusal(p.TOO_FAST)
        self._allowance -= 1


class Lobby:
    """Every table one server holds, and what each kind of message does."""

    def __init__(self, max_tables: int = MAX_TABLES, rate: float = RATE, pace: Pace | None = None) -> None:
        """`pace`: how long the turn-based tables' bots wait before a move (None: at once, as a game
        of bots alone and the tests want; `serve` gives people the table's own beats)."""
        self.tables: dict[str, TableHost] = {}
        self.max_tables = max_tables
        self.pace = pace
        # Messages a second each connection may keep up (a lockstep game answers every tick).
        self.rate = rate
        self._ids = itertools.count(1)
        self._tasks: set[asyncio.Task[None]] = set()

    def games(self) -> dict[str, int]:
        """Each game this host plays, with its rules version (what a client's hello names)."""
        return {info.id: info.rules.rules_version for info in load_games().values()}

    def add(self, host: TableHost) -> TableHost:
        """Hold `host` and start its loop."""
        self.tables[host.id] = host
        task = asyncio.get_running_loop().create_task(host.run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return host

    def create(self, game: str, seats: list[str], seed: int, options: dict[str, Any]) -> TableHost:
        """A new table: seats are `remote` or a bot spec; Refusal with one reason if it cannot be."""
        if len(self.tables) >= self.max_tables:
            raise Refusal(p.HOST_FULL)
        try:
            info = get_game(game)
            specs = [SeatSpec("human", control="mouse") if s == REMOTE else parse_seat(s) for s in seats]
            if not info.min_seats <= len(specs) <= info.max_seats:
                raise SetupError(f"{info.id} takes {info.min_seats}-{info.max_seats} seats")
            setup = GameSetup(info.id, specs, dict(options), seed=seed)
            problem = info.validate_setup(setup) if info.validate_setup is not None else None
            if problem:
                raise SetupError(problem)
        except (KeyError, SetupError, ValueError) as exc:
            raise Refusal(p.BAD_SETUP, reason=str(exc)[:200]) from None
        remote = {i for i, s in enumerate(seats) if s == REMOTE}
        if info.realtime:
            from pie_table.net.realtime_host import RealtimeHost

            return self.add(RealtimeHost(setup, remote, table_id=str(next(self._ids)), info=info))
        return self.add(TableHost(setup, remote, table_id=str(next(self._ids)), pace=self.pace))

    def dispatch(self, conn: Connection, message: dict[str, Any]) -> None:
        """Do what one checked message asks (Refusal when it may not)."""
        kind = message["type"]
        if kind == "hello":
            p.check_hello(message)
            conn.games = dict(message.get("games", {}))
            conn.send({"type": "welcome", "protocol": p.PROTOCOL_VERSION, "server": p.CLIENT_VERSION,
                       "games": self.games()})
            return
        if conn.games is None:
            raise Refusal(p.HELLO_FIRST)
        if kind == "list":
            conn.send({"type": "tables", "tables": [t.summary() for t in self.tables.values()]})
        elif kind == "create":
            host = self.create(message["game"], message["seats"], message.get("seed", _fresh_seed()),
                               message.get("options", {}))
            conn.send({"type": "created", "table": host.id, "code": host.code})
        elif kind == "join":
            table = self._table(message["table"])
            table.join(conn, message, conn.games)
            conn.tables.add(table)
        elif kind == "rejoin":
            table = self._table(message["table"])
            table.rejoin(conn, message, conn.games)
            conn.tables.add(table)
        elif kind in ("action", "input"):
            for table in conn.tables:
                if any(h.link is conn and h.token == message["token"] for h in table.holders.values()):
                    if kind == "input":
                        _realtime(table).on_input(conn, message)
                    else:
                        table.on_action(conn, message)
                    return
            raise Refusal(p.BAD_TOKEN)
        elif kind == "ping":
            conn.send({"type": "pong", "n": message["n"]})
        elif kind == "bye":
            conn.drop("bye")

    def _table(self, table_id: str) -> TableHost:
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal(p.NO_SUCH_TABLE, table=table_id)
        return table


def _realtime(table: TableHost) -> Any:
    """The table as a real-time one (only those read `input`); Refusal for a turn-based table."""
    from pie_table.net.realtime_host import RealtimeHost  # loaded with the first real-time table

    if not isinstance(table, RealtimeHost):
        raise Refusal(p.UNKNOWN_TYPE, kind="input")
    return table


def _fresh_seed() -> int:
    import secrets

    return secrets.randbits(62)


async def start(lobby: Lobby, host: str = "127.0.0.1", port: int = 0) -> Server:
    """Listen for clients (port 0: any free port; `bound_port` tells which)."""
    async def handler(ws: ServerConnection) -> None:
        await Connection(ws, lobby).run()
    # Frames up to 1 MiB reach our own size check (a clear refusal); beyond that the library closes.
    # Messages are compressed when the client asks (per-message deflate, the library's settings).
    return await serve(handler, host, port, max_size=1024 * 1024, compression="deflate", close_timeout=2)


def bound_port(server: Server) -> int:
    """The port a started server listens on."""
    return int(next(iter(server.sockets)).getsockname()[1])


async def serve_forever(host: str, port: int, advertise: bool = False) -> None:
    """`main.py serve`: run the lobby until interrupted."""
    lobby = Lobby()
    server = await start(lobby, host, port)
    LOG.warning("serving on ws://%s:%d", host, bound_port(server))
    adv = None
    if advertise:
        from pie_table.net.discovery import advertise as publish

        adv = publish("pie_table lobby", bound_port(server), host)
    try:
        await server.serve_forever()
    finally:
        if adv is not None:
            with contextlib.suppress(Exception):
                adv.close()
