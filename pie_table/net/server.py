"""The websocket server: a lobby of many tables, one connection per remote player.

Every connection first says hello (protocol version checked) within `Limits.hello_s`, then may list
the tables, create one, join a seat with the table's join code, take a seat back with its token, and
send actions. Each refused message is one line in the log and an `error` back; a connection with
`MAX_STRIKES` refusals for malformed or forged messages (each minute without one forgives one; a
stale move is no strike), sending faster than its `Limits`, or not reading what it is sent is dropped. What
a stranger can cost is bounded per client address too (`limits.py`): connections, messages a second,
tables made, wrong join codes. The host alone deals: a table made for a client is seeded from
`secrets`. The server listens on 127.0.0.1 unless told another address.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import secrets
import threading
import time
from dataclasses import dataclass
from ssl import SSLContext
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from pie_table.core.options import TEAMS, options_problem
from pie_table.core.pacing import Pace
from pie_table.core.registry import GameInfo, get_game, load_games
from pie_table.core.setup import GameSetup, SeatSpec, SetupError, parse_seat
from pie_table.net import protocol as p
from pie_table.net.host import LOG, TableHost, headless_host
from pie_table.net.limits import AddressBook, Bucket, Limits
from pie_table.net.listing import Listing
from pie_table.net.protocol import Refusal
from pie_table.net.repeats import Shortener, numbered
from pie_table.net.store.base import token_hash
from pie_table.net.store.writer import StoreDown

if TYPE_CHECKING:
    from pie_table.net.keeping import Keeper, Restored

MAX_STRIKES = 5
STRIKE_DECAY_S = 60.0  # each minute without a strike forgives one
REMOTE = "remote"  # the seat word for a seat left open to a remote player
_MAKE_S = 10.0  # how long a client's new table may wait for the store before it is refused


class Connection:
    """One client's connection: a `Link` for the tables, with its own bounded send queue and flood gate."""

    def __init__(self, ws: ServerConnection, lobby: Lobby, address: str) -> None:
        self.ws = ws
        self.lobby = lobby
        self.address = address  # the client's IP address, what its per-address limits count
        remote = ws.remote_address
        self.peer = f"{remote[0]}:{remote[1]}" if remote else address
        self.strikes = 0
        self.delay_ms: int | None = None  # the round trip the client last said it measured
        self._struck = 0.0  # when the last strike was counted (monotonic seconds)
        self.games: dict[str, int] | None = None  # the rules versions its hello named
        self.tables: set[TableHost] = set()
        self.peak_queued = 0  # the most bytes that ever waited to be sent to it
        # What waits to be sent, in order: texts, the end (None), and commits to wait for (`hold`).
        self._queue: asyncio.Queue[str | None | asyncio.Future[Any]] = asyncio.Queue()
        self._notices: list[str] = []  # sent past a hold (the store cannot save now)
        self._noticed = asyncio.Event()
        self._holding = False  # the writer waits for a commit
        self._queued = 0  # bytes now waiting in `_queue`
        self._dropping = False  # it stopped reading: nothing more is queued
        self._close = (1000, "")
        self._loop = asyncio.get_running_loop()
        self._thread = threading.get_ident()
        self._bucket = Bucket(lobby.limits.rate, lobby.limits.burst)
        self._repeats = Shortener()  # the parts of its updates sent so far (touched on the loop only)
        self._closer: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; the writer sends it in order without holding up any table. Safe from
        another thread (a window's table runs on its own thread, the server on another): an update
        is written on the server's loop, in the order it is queued, as its parts are numbered."""
        if numbered(message):
            self._put(p.wire_form(message))
        else:
            self.send_text(p.encode(message))

    def send_text(self, text: str) -> None:
        """Queue a message already encoded (a lobby listing every lister shares)."""
        self._put(text)

    def drop(self, reason: str, code: int = 1000) -> None:
        """Close after what is queued, with `reason` as the close reason."""
        self._close = (code, reason[:100])
        self._put(None)

    def hold(self, until: asyncio.Future[Any]) -> None:
        """Send nothing queued from now on before `until` is done (on the server's loop)."""
        if not self._dropping:
            self._queue.put_nowait(until)

    def notice(self, message: dict[str, Any]) -> None:
        """Send `message` at once, past any hold (what the server says of itself while moves wait)."""
        if self._holding:
            self._notices.append(p.encode(message))
            self._noticed.set()
        else:
            self.send(message)

    def _put(self, item: str | dict[str, Any] | None) -> None:
        if threading.get_ident() == self._thread:
            self._enqueue(item)
        else:
            self._loop.call_soon_threadsafe(self._enqueue, item)

    def _enqueue(self, item: str | dict[str, Any] | None) -> None:
        if self._dropping:
            return
        if isinstance(item, dict):
            item = self._repeats.text(item)
        if item is not None:
            # Encoded JSON is ASCII: characters are bytes. One message bigger than the bound (a
            # whole view) may still go alone, so what waits is at most the bound or one message.
            if self._queued and self._queued + len(item) > self.lobby.limits.queue_bytes:
                self._overflow()
                return
            self._queued += len(item)
            self.peak_queued = max(self.peak_queued, self._queued)
        self._queue.put_nowait(item)

    def _overflow(self) -> None:
        """The client does not read: what waits for it is let go, and it is dropped with a reason."""
        LOG.warning("dropped %s: it did not read (%d bytes waiting)", self.peer, self._queued)
        self._dropping = True
        while not self._queue.empty():
            self._queue.get_nowait()
        notice = p.encode(p.error(Refusal(p.NOT_READING)))
        self._queued = len(notice)
        self._queue.put_nowait(notice)
        self._queue.put_nowait(None)
        self._close = (1008, "not reading")
        # The writer may be held in a send the client never reads: close beside it (the library
        # gives the closing handshake its close_timeout, then cuts the connection).
        self._closer = self._loop.create_task(self.ws.close(*self._close))

    async def run(self) -> None:
        """Read messages until the client goes; its seats are then away."""
        writer = asyncio.create_task(self._write())
        hello = self._loop.call_later(self.lobby.limits.hello_s, self._hello_late)
        try:
            async for raw in self.ws:
                if not self._handle(raw):
                    break
        except ConnectionClosed:
            pass
        finally:
            hello.cancel()
            for table in self.tables:
                table.left(self)
            if self.tables:
                self.lobby.changed()
            self._queue.put_nowait(None)
            if self._holding and self.ws.state is State.CLOSED:
                writer.cancel()  # gone while its moves wait for the store: nobody to send them to
            with contextlib.suppress(asyncio.CancelledError):
                await writer

    def _hello_late(self) -> None:
        if self.games is None:
            LOG.warning("dropped %s: no hello within %g s", self.peer, self.lobby.limits.hello_s)
            self.send(p.error(Refusal(p.HELLO_LATE, seconds=math.ceil(self.lobby.limits.hello_s))))
            self.drop("no hello", 1008)

    async def _write(self) -> None:
        while (item := await self._queue.get()) is not None:
            try:
                if isinstance(item, asyncio.Future):
                    await self._held(item)
                    continue
                self._queued -= len(item)
                await self.ws.send(item)
            except ConnectionClosed:
                return
        await self.ws.close(*self._close)

    async def _held(self, until: asyncio.Future[Any]) -> None:
        """Wait for a commit, sending the notices told meanwhile."""
        self._holding = True
        try:
            while not until.done():
                told = self._loop.create_task(self._noticed.wait())
                await asyncio.wait((until, told), return_when=asyncio.FIRST_COMPLETED)
                told.cancel()
                self._noticed.clear()
                while self._notices:
                    await self.ws.send(self._notices.pop(0))
        finally:
            self._holding = False
        if not until.cancelled():
            until.exception()  # seen here: the keeper logs what became of the write

    def _handle(self, raw: str | bytes) -> bool:
        """One message in; False once the connection is to be dropped."""
        try:
            self._throttle()
            message = p.decode_client(raw)
            self.lobby.dispatch(self, message)
        except Refusal as refusal:
            self.send(p.error(refusal))
            if isinstance(refusal, p.Stale):  # lag or a double press, not an attack
                LOG.info("refused from %s: %s", self.peer, refusal)
                return True
            self._strike()
            LOG.warning("refused from %s (strike %d): %s", self.peer, self.strikes, refusal)
            if self.strikes >= MAX_STRIKES:
                LOG.warning("dropped %s: %d refused messages", self.peer, self.strikes)
                self.send(p.error(Refusal(p.DROPPED)))
                self.drop("too many refused messages", 1008)
                return False
        return True

    def _strike(self) -> None:
        """Count one strike, after forgiving those the quiet time since the last one has earned."""
        now = time.monotonic()
        if self.strikes:
            self.strikes = max(0, self.strikes - int((now - self._struck) / STRIKE_DECAY_S))
        self.strikes += 1
        self._struck = now

    def _throttle(self) -> None:
        """Token buckets, this connection's and its address's: each message takes one of each."""
        now = time.monotonic()
        if not self._bucket.take(now) or not self.lobby.addresses.get(self.address).bucket.take(now):
            raise Refusal(p.TOO_FAST)


@dataclass
class Made:
    """A table the lobby made (it may close it): who asked, the key that lets them change its code,
    and since when it has had nobody connected or been over."""

    owner: str | None  # None: a table resumed from the store, which kept only the key's hash
    address: str | None  # None: made by this process (`serve --table`, a bench, a test)
    idle_since: float | None = None
    over_since: float | None = None
    owner_hash: str = ""

    def __post_init__(self) -> None:
        if self.owner is not None and not self.owner_hash:
            self.owner_hash = token_hash(self.owner)


class Lobby:
    """Every table one server holds, and what each kind of message does."""

    def __init__(self, limits: Limits | None = None, pace: Pace | None = None,
                 keeper: Keeper | None = None) -> None:
        """`pace`: how long the turn-based tables' bots wait before a move (None: at once, as a game
        of bots alone and the tests want; `serve` gives people the table's own beats). `keeper`:
        where every table is kept as it plays, so a restart resumes them (None: memory only)."""
        self.keeper = keeper
        if keeper is not None:
            keeper.on_failing = self._store_failing
            keeper.on_others = self.changed
            keeper.on_adopted = self._take_in
        self.finished: list[dict[str, Any]] = []  # lobby lines of tables over before this process began
        self.tables: dict[str, TableHost] = {}
        self.limits = limits or Limits()
        self.addresses = AddressBook(self.limits)
        self.pace = pace
        self.connections: set[Connection] = set()  # every connection open now
        self.wrong_codes = 0  # join codes checked and found wrong (those refused unread are not)
        self._listing = Listing(self.limits.list_page, self.limits.list_every_s)
        self._next_id = 1
        self._made: dict[str, Made] = {}
        self._making: list[str | None] = []  # the addresses of tables the store is writing now
        self._held_still = False  # stopping: no real-time table's clock runs again
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._sweeper: asyncio.Task[None] | None = None

    def games(self) -> dict[str, int]:
        """Each game this host plays, with its rules version (what a client's hello names)."""
        return {info.id: info.rules.rules_version for info in load_games().values()}

    def creates(self) -> bool:
        """Whether clients may make tables here (a `serve` lobby; a window's lobby holds its own)."""
        return self.limits.open_tables_per_address > 0

    def add(self, host: TableHost) -> TableHost:
        """Hold `host` and start its loop."""
        self.tables[host.id] = host
        task = asyncio.get_running_loop().create_task(host.run())
        self._tasks[host.id] = task
        table_id = host.id
        task.add_done_callback(lambda _task: self._ended(table_id))
        self.changed()
        return host

    def changed(self) -> None:
        """Something a table's summary shows changed (the listing is built again when next asked)."""
        self._listing.changed()

    def create(self, game: str, seats: list[str], seed: int, options: dict[str, Any], *,
               address: str | None = None) -> TableHost:
        """A new table: seats are `remote` or a bot spec; Refusal with one reason if it cannot be.
        `address`: the client that asks, whose options must be ones the seat screen offers and
        whose open tables are counted (None: this process itself, whose options may go past them
        as `simulate`'s may). A table that cannot be made uses up no table id. With a store, this
        waits for the table's write (a server's own tables, made as it starts); a client's table
        is made through `create_soon`, which does not."""
        host, made = self._new_host(game, seats, seed, options, address)
        if self.keeper is not None:
            try:
                self.keeper.added(host, made.owner_hash, address)  # the store gives the id
            except StoreDown:
                raise Refusal(p.CANNOT_SAVE) from None
        return self._made_table(host, made)

    def create_soon(self, conn: Connection, message: dict[str, Any]) -> None:
        """A client's new table, answered once the store has it: the event loop, which every table
        of the process shares, never waits for the store (a hanging one refuses it after a while)."""
        host, made = self._new_host(message["game"], message["seats"], _fresh_seed(),
                                    message.get("options", {}), conn.address)
        keeper = self.keeper
        assert keeper is not None
        try:
            writing = keeper.adding(host, made.owner_hash, conn.address)
        except StoreDown:
            raise Refusal(p.CANNOT_SAVE) from None
        self._making.append(conn.address)

        async def answer() -> None:
            try:
                await asyncio.wait_for(asyncio.shield(writing), _MAKE_S)
            except Exception:  # noqa: BLE001 - down, too slow, or refused: the client is told, the loop goes on
                conn.send(p.error(Refusal(p.CANNOT_SAVE)))
                # A write that ends after all made a table nobody was given: closed, never resumed.
                writing.add_done_callback(lambda done: None if done.exception() else keeper.closed(host))
                return
            finally:
                self._making.remove(conn.address)
            self._made_table(host, made)
            conn.send(_created(host, made))
        asyncio.get_running_loop().create_task(answer())

    def _new_host(self, game: str, seats: list[str], seed: int, options: dict[str, Any],
                  address: str | None) -> tuple[TableHost, Made]:
        """A table's host, checked against the limits, not yet held (its id the store's to give)."""
        if len(self.tables) + len(self._making) >= self.limits.max_tables:
            raise Refusal(p.HOST_FULL)
        most = self.limits.open_tables_per_address
        making = self._making.count(address)
        if address is not None and len(self.addresses.get(address).tables) + making >= most:
            raise Refusal(p.TOO_MANY_OPEN, n=most)
        info, setup = self._setup(game, seats, seed, options, checked=address is not None)
        remote = {i for i, s in enumerate(seats) if s == REMOTE}
        table_id = str(self._next_id)
        try:
            host = self._host(info, setup, remote, table_id)
        except (ValueError, TypeError, KeyError, IndexError) as exc:  # a game's own check, the last word
            raise Refusal(p.BAD_SETUP, reason=str(exc)[:200]) from None
        self._next_id += 1
        return host, Made(secrets.token_urlsafe(24), address)

    def _made_table(self, host: TableHost, made: Made) -> TableHost:
        """A new table, its id given, held and started."""
        self._made[host.id] = made
        if made.address is not None:
            self.addresses.get(made.address).tables.add(host.id)
        self._start_sweeping()
        return self.add(host)

    def _setup(self, game: str, seats: list[str], seed: int, options: dict[str, Any], *,
               checked: bool) -> tuple[GameInfo, GameSetup]:
        try:
            info = get_game(game)
            specs = [SeatSpec("human", control="mouse") if s == REMOTE else parse_seat(s) for s in seats]
            if not info.min_seats <= len(specs) <= info.max_seats:
                raise SetupError(f"{info.id} takes {info.min_seats}-{info.max_seats} seats")
            if checked and any(s != REMOTE and not spec.is_bot for s, spec in zip(seats, specs, strict=True)):
                raise SetupError("each seat is remote or a bot (nobody sits at this host's screen)")
            options = dict(options)
            problem = options_problem(info, options, len(specs)) if checked else None
            if problem:
                raise SetupError(problem)
            teams = options.pop(TEAMS) if checked and TEAMS in options else None
            setup = GameSetup(info.id, specs, options, teams=teams, seed=seed)
            problem = info.validate_setup(setup) if info.validate_setup is not None else None
            if problem:
                raise SetupError(problem)
        except (KeyError, SetupError, ValueError) as exc:
            raise Refusal(p.BAD_SETUP, reason=str(exc)[:200]) from None
        return info, setup

    def _host(self, info: GameInfo, setup: GameSetup, remote: set[int], table_id: str) -> TableHost:
        host = headless_host(setup, remote, table_id=table_id, info=info, pace=self.pace,
                             watch_delay_s=self.limits.watch_delay_s)
        host.spectators.open = self.limits.watching
        return host

    def owner_key(self, table_id: str) -> str | None:
        """The key that lets a table's host change its code (None for a table the lobby did not make)."""
        made = self._made.get(table_id)
        return made.owner if made is not None else None

    def dispatch(self, conn: Connection, message: dict[str, Any]) -> None:
        """Do what one checked message asks (Refusal when it may not)."""
        kind = message["type"]
        if kind == "hello":
            p.check_hello(message)
            conn.games = dict(message.get("games", {}))
            conn.send({"type": "welcome", "protocol": p.PROTOCOL_VERSION, "server": p.CLIENT_VERSION,
                       "games": self.games(), "create": self.creates()})
            return
        if conn.games is None:
            raise Refusal(p.HELLO_FIRST)
        if kind == "list":
            self._list(conn, message.get("page", 0))
        elif kind == "create":
            if self.keeper is not None:
                self.create_soon(conn, message)
                return
            host = self.create(message["game"], message["seats"], _fresh_seed(), message.get("options", {}),
                               address=conn.address)
            conn.send(_created(host, self._made[host.id]))
        elif kind == "join":
            table = self._table(message["table"])
            self._check_code(conn, table, message["code"])
            # What the join sends waits for the seat's write: a seat whose player was told its token
            # is a seat a restart gives back. (A lobby that keeps its tables runs them on its own
            # loop, so the seat is taken when `join` returns.)
            seated = asyncio.get_running_loop().create_future() if self.keeper is not None else None
            if seated is not None:
                conn.hold(seated)
            try:
                table.join(conn, message, conn.games)
            finally:
                if seated is not None:
                    self._seated(table, message["seat"], conn, seated)
            conn.tables.add(table)
            self.changed()
        elif kind == "watch":
            table = self._table(message["table"])
            table.watch(conn)
            conn.tables.add(table)
            self.changed()
        elif kind == "rejoin":
            if message["table"] not in self.tables and self.keeper is not None \
                    and message["table"] in self.keeper.over:
                # It ended while its player was away (and this process began after): nothing to take back.
                raise p.Stale(p.TABLE_OVER, table=message["table"])
            table = self._table(message["table"])
            table.rejoin(conn, message, conn.games)
            conn.tables.add(table)
            self.changed()
        elif kind == "action":
            for table in conn.tables:
                # A copy of the seats, taken at once: a window's host seats players on its own
                # thread (`TableHost.pump`) while this one reads.
                holders = list(table.holders.values())
                if any(h.link is conn and h.token == message["token"] for h in holders):
                    table.on_action(conn, message)
                    return
            raise Refusal(p.BAD_TOKEN)
        elif kind == "recode":
            table = self._table(message["table"])
            made = self._made.get(table.id)
            if made is None or not secrets.compare_digest(token_hash(message["owner"]), made.owner_hash):
                raise Refusal(p.NOT_OWNER)
            code = table.new_code()
            if self.keeper is not None:
                conn.hold(self.keeper.recoded(table))  # its maker hears of it once it is kept
            conn.send({"type": "code", "table": table.id, "code": code})
        elif kind == "ping":
            conn.delay_ms = message.get("ms", conn.delay_ms)
            conn.send({"type": "pong", "n": message["n"]})
        elif kind == "bye":
            conn.drop("bye")

    def recode(self, table: TableHost) -> str:
        """A fresh join code for `table` (the operator's choice), kept."""
        code = table.new_code()
        if self.keeper is not None:
            self.keeper.recoded(table)
        return code

    def _seated(self, table: TableHost, seat: int, conn: Connection, seated: asyncio.Future[Any]) -> None:
        """After a join: the seat's write, which `seated` (held on `conn`) follows (done at once when
        the join took no seat)."""
        holder = table.holders.get(seat)
        if self.keeper is None or holder is None or holder.link is not conn:
            seated.set_result(None)
            return
        written = self.keeper.seated(table, seat)
        written.add_done_callback(lambda _done: _settle(seated))

    def _store_failing(self, failing: bool) -> None:
        """The store failed (its writes are tried again) or is written again: every player at a
        turn-based table is told, past what waits for the store; a real-time table stands still
        meanwhile, its players told why, so that a killed process loses no more of its play than
        it does while the store is written (the store's half second)."""
        notice = {"type": "paused", "paused": p.SAVING if failing else ""}
        for conn in list(self.connections):
            if any(not table.info.realtime for table in conn.tables):
                conn.notice(notice)
        for table in self.tables.values():
            # No tick of its own while it cannot be kept (a turn-based table has no clock to hold).
            if not self._held_still and table.driver.dynamics.hold(failing):
                table.tell_paused(notice["paused"])

    def resume(self, adopt: bool = False) -> list[TableHost]:
        """Open again every unfinished table the store holds for this process (`adopt`: and those of
        processes whose lease ran out), as it was: same id, code and seats (each away until its
        player comes back with its token)."""
        if self.keeper is None:
            return []
        self.finished = self.keeper.finished_summaries(self.limits.list_page)
        hosts = self._take_in(self.keeper.restore(self.pace, adopt))
        self.keeper.keep_lease()
        return hosts

    def _take_in(self, tables: list[Restored]) -> list[TableHost]:
        """Hold tables read back from the store (this process's after a restart, or a dead one's)."""
        hosts = []
        for restored in tables:
            host = restored.host
            self._made[host.id] = Made(None, restored.made_by, owner_hash=restored.owner_hash)
            if restored.made_by is not None:
                self.addresses.get(restored.made_by).tables.add(host.id)
                self._start_sweeping()
            hosts.append(self.add(host))
        return hosts

    def hold_still(self) -> None:
        """Stop every real-time table's clock where it is (a server stopping for a restart): what is
        written then is where the resumed table goes on, not a few seconds played to nobody."""
        self._held_still = True
        for table in self.tables.values():
            table.driver.dynamics.hold(True)  # a clock of its own runs no tick from now on

    def _table(self, table_id: str) -> TableHost:
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal(p.NO_SUCH_TABLE, table=table_id)
        return table

    def _check_code(self, conn: Connection, table: TableHost, code: str) -> None:
        """A join code from `conn`: refused at once while its address waits after wrong ones."""
        wait = self.addresses.wait_s(conn.address)
        if wait > 0:
            raise Refusal(p.TOO_MANY_TRIES, seconds=math.ceil(wait))
        if not table.code_matches(code):
            self.wrong_codes += 1
            self.addresses.wrong_code(conn.address)
            raise Refusal(p.WRONG_CODE)

    # -- the listing -----------------------------------------------------------------------------------

    def _list(self, conn: Connection, page: int) -> None:
        """Answer a `list`: at once from the listing every lister shares, or, when something changed
        since it was built too short a while ago to build it again, as soon as it may be (so a
        player sees the seat they just left, and a flood of lists still builds it once)."""
        wait = self._listing.wait_s(time.monotonic())
        if wait > 0:
            asyncio.get_running_loop().call_later(wait, lambda: conn.send_text(self.listing(page)))
        else:
            conn.send_text(self.listing(page))

    def listing(self, page: int = 0) -> str:
        """One page of the lobby's tables as the `tables` message, encoded (see `Listing`)."""
        return self._listing.page(lambda: self._summaries(), page, time.monotonic())

    def _summaries(self) -> Any:
        yield from self.finished  # over before this process began: listed as finished, never reopened
        for table in self.tables.values():
            yield table.summary()
        if self.keeper is not None:  # those of the other processes sharing the store
            yield from (line for line in self.keeper.others if line["table"] not in self.tables)

    @property
    def list_builds(self) -> int:
        """How many times the listing was built (it is shared while it holds)."""
        return self._listing.builds

    # -- closing what is left ----------------------------------------------------------------------------

    def _ended(self, table_id: str) -> None:
        """A table's loop ended (its game is over): its maker may open another."""
        self.changed()
        made = self._made.get(table_id)
        if made is not None and made.address is not None:
            self.addresses.get(made.address).tables.discard(table_id)

    def _start_sweeping(self) -> None:
        """Close, from now on, the tables the lobby made that stay empty or are long over (a lobby
        that only holds tables given to it, a window's, never sweeps)."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_s)
            self.sweep(time.monotonic())

    def sweep(self, now: float) -> None:
        """Close each table a client made that nobody has been connected to for `empty_s`, and each
        made table over for `over_s` (the operator's `--table` tables wait for their players)."""
        for table_id, made in list(self._made.items()):
            table = self.tables.get(table_id)
            if table is None:
                del self._made[table_id]
                continue
            kept = made.address is None or any(h.link is not None for h in list(table.holders.values()))
            made.idle_since = None if kept else made.idle_since if made.idle_since is not None else now
            if made.over_since is None and table.driver.is_over():
                made.over_since = now
            if ((made.idle_since is not None and now - made.idle_since >= self.limits.empty_s)
                    or (made.over_since is not None and now - made.over_since >= self.limits.over_s)):
                self.close_table(table_id)
        self.addresses.prune(now)

    def close_table(self, table_id: str) -> None:
        """Take a table away: its loop stops, anyone still at it is told, its id is never used again."""
        table = self.tables.pop(table_id)
        LOG.info("table %s closed", table_id)
        self._tasks.pop(table_id).cancel()
        self._ended(table_id)
        self._made.pop(table_id, None)
        if self.keeper is not None:
            self.keeper.closed(table)
        for holder in list(table.holders.values()):
            if holder.link is not None:
                holder.link.send(p.error(Refusal(p.TABLE_CLOSED, table=table_id)))
                holder.link.drop("the table has closed")


def _settle(future: asyncio.Future[Any]) -> None:
    if not future.done():
        future.set_result(None)


def _created(host: TableHost, made: Made) -> dict[str, Any]:
    """The answer to a client's `create`: the table, its code and the key that changes it."""
    return {"type": "created", "table": host.id, "code": host.code, "owner": made.owner}


def _fresh_seed() -> int:
    return secrets.randbits(62)


async def start(lobby: Lobby, host: str = "127.0.0.1", port: int = 0, *,
                ssl: SSLContext | None = None) -> Server:
    """Listen for clients (port 0: any free port; `bound_port` tells which), over TLS (`wss://`)
    when given an `ssl` context."""
    async def handler(ws: ServerConnection) -> None:
        address = _client_address(ws, lobby.limits.trusted_proxies)
        if not lobby.addresses.connect(address):
            LOG.warning("refused a connection from %s: it has %d open", address,
                        lobby.limits.connections_per_address)
            with contextlib.suppress(ConnectionClosed):  # it may be gone already
                await ws.send(p.encode(p.error(Refusal(p.TOO_MANY_CONNECTIONS))))
                await ws.close(1008, "too many connections")
            return
        conn = Connection(ws, lobby, address)
        lobby.connections.add(conn)
        try:
            await conn.run()
        finally:
            lobby.connections.discard(conn)
            lobby.addresses.disconnect(address)
    # Frames up to 1 MiB reach our own size check (a clear refusal); beyond that the library closes.
    # Messages are compressed when the client asks (per-message deflate, the library's settings).
    # open_timeout: a socket that never finishes the websocket handshake is closed as one that never
    # says hello is.
    return await serve(handler, host, port, max_size=1024 * 1024, compression="deflate", close_timeout=2,
                       open_timeout=lobby.limits.hello_s, ssl=ssl)


def _client_address(ws: ServerConnection, trusted: frozenset[str]) -> str:
    """The address whose limits a connection counts in (a trusted proxy's client's, `forwarded.py`)."""
    from pie_table.net.forwarded import client_address

    peer = str(ws.remote_address[0]) if ws.remote_address else "?"
    forwarded = ws.request.headers.get("X-Forwarded-For") if ws.request is not None else None
    return client_address(peer, forwarded, trusted)


def bound_port(server: Server) -> int:
    """The port a started server listens on."""
    return int(next(iter(server.sockets)).getsockname()[1])
