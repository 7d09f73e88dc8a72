"""A remote seat: connect, say hello, take a seat (or take it back), then play it.

`RemoteSeat` keeps what its seat has been sent (the view, the events, in order) and counts the
traffic, for every kind of table: the host sends one message family, `update`. A turn-based seat
answers the host's asks (`act`, with the moves an ask came with); a real-time seat sends key
actions stamped with the tick it saw (`press`), keeps those still in flight (the table shows them
at once as pending while the host's answer travels) and times each from the key press to the
update that shows it applied or refused (`input_ms`); `ping` measures the round trip (`delay_ms`).
`play` plays a turn-based seat with one of the game's bots, as `main.py join` does.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from ssl import SSLContext
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake, InvalidStatus, InvalidURI

from pie_table.core.engine import Action, Event
from pie_table.core.history import SeatHistory
from pie_table.core.move_grid import moves_from_json
from pie_table.core.registry import load_games
from pie_table.core.session import view_decision
from pie_table.net import protocol as p
from pie_table.net.join_link import server_url
from pie_table.net.patch import apply_patch
from pie_table.net.repeats import Expander
from pie_table.net.tls import link_context


class CountedConnection(ClientConnection):
    """A client connection that counts the bytes the host's side sends it, as they cross the
    socket (compressed frames), into `traffic`."""

    traffic: Traffic | None = None

    def data_received(self, data: bytes) -> None:
        if self.traffic is not None:
            self.traffic.wire_received += len(data)
        super().data_received(data)


class HostRefused(Exception):
    """The host refused what this client asked (the message says why, in one line)."""


class NotAHost(ConnectionError):
    """Something answered at the address, but not as a pie_table host does (a proxy's 404 for a
    path it does not route, a web page): one line that names the address and what it answered.
    A ConnectionError, so whoever says "cannot reach" for a closed port says this too."""

    def __init__(self, url: str, problem: InvalidHandshake | InvalidURI) -> None:
        if isinstance(problem, InvalidStatus):
            what = f"answered HTTP {problem.response.status_code}, not as a pie_table host does"
        elif isinstance(problem, InvalidURI):
            what = "is not a ws:// or wss:// address"
        else:
            what = "did not open a websocket as a pie_table host does"
        super().__init__(f"{url} {what}: check the address (and the path of its link)")


@dataclass
class Traffic:
    """What one client sent and received (the messages' text, and the bytes the host's frames took
    on the socket, compressed), and the time from each action to its acknowledgement."""

    sent_messages: int = 0
    sent_bytes: int = 0
    received_messages: int = 0
    received_bytes: int = 0
    wire_received: int = 0  # bytes read from the socket: what the host's side sent, as sent
    round_trips: list[float] = field(default_factory=list)  # seconds

    def figures(self) -> dict[str, Any]:
        """Totals and round-trip p50/p99 in milliseconds."""
        trips = sorted(self.round_trips)
        return {"messages": self.sent_messages + self.received_messages,
                "bytes": self.sent_bytes + self.received_bytes,
                "wire_bytes_received": self.wire_received,
                "rtt_ms_p50": round(statistics.median(trips) * 1000, 3) if trips else None,
                "rtt_ms_p99": round(trips[min(len(trips) - 1, int(len(trips) * 0.99))] * 1000, 3)
                if trips else None}


def local_games() -> dict[str, int]:
    """The rules version of each game this client knows (sent in its hello)."""
    return {info.id: info.rules.rules_version for info in load_games().values()}


@dataclass
class InFlight:
    """A key action sent and not yet answered: what, and when (perf_counter seconds)."""

    seq: int
    action: dict[str, Any]
    sent: float


class RemoteSeat:
    """One seat played from another machine (or process, or task) through the host."""

    def __init__(self, url: str, *, capture: bool = False, tls: SSLContext | None = None) -> None:
        """`tls`: how a `wss://` host's certificate is checked (None: by the system's authorities)."""
        self.url = url
        self.tls = tls
        self.ws: ClientConnection | None = None
        self.traffic = Traffic()
        self.capture: list[str] | None = [] if capture else None  # every frame received, as sent
        self.table = ""
        self.game = ""  # the table's game, as its `joined` named it
        self.seat = -1
        self.token = ""
        self.view: dict[str, Any] = {}
        self.events: list[Event] = []
        # What this seat has been told (the host sends only its events): what its table shows as
        # the log and its notes, and what a bot playing it reads.
        self.history = SeatHistory(None)
        self.legal: Sequence[Action] | None = None  # set while the host waits for this seat
        self.ask = 0  # the number the host sent `legal` with: an action names the ask it answers
        self.over = False
        self.errors: list[dict[str, Any]] = []
        self.others_away: set[int] = set()
        self.names: list[str] = []  # each seat's player as the host names them (a remote seat's own name)
        self.host_paused = ""  # why the host's window holds the game still: "start", "pause" ('' runs)
        self.watching = False  # a watcher: in no seat, sent the public table only
        self.updates = 0  # updates received
        # A real-time seat's: the tick last seen; lockstep: the host waits for this seat's answer.
        self.tick = 0
        self.decide = False
        self.in_flight: dict[int, InFlight] = {}
        self.refused: list[dict[str, Any]] = []  # refusals of key actions not yet read (table or bot)
        self.input_ms: list[float] = []  # key press -> the update that answers it
        self.delay_ms: float | None = None  # the last ping's round trip
        self._seq = 0
        self._pending: dict[int, float] = {}
        self._pings: dict[int, float] = {}
        self._repeats = Expander()  # the parts of updates this connection has been sent

    async def open(self) -> dict[str, Any]:
        """Connect and say hello; the host's welcome, or HostRefused (a version mismatch)."""
        # Compressed (the library's per-message deflate): a stream of JSON much alike compresses
        # to a sixth, at about 40 KiB of zlib state per connection.
        tls = self.tls if self.tls is not None else link_context(self.url)
        secure: dict[str, Any] = {"ssl": tls} if tls is not None else {}  # a ws:// link takes no ssl at all
        try:
            self.ws = await connect(server_url(self.url), max_size=p.MAX_HOST_BYTES,
                                    create_connection=CountedConnection, **secure)
        except (InvalidHandshake, InvalidURI) as exc:
            raise NotAHost(self.url, exc) from None
        assert isinstance(self.ws, CountedConnection)
        self.ws.traffic = self.traffic
        self._repeats = Expander()  # a new connection numbers its parts afresh
        await self.send(p.hello(local_games()))
        return await self.expect("welcome")

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message."""
        assert self.ws is not None
        text = p.encode(message)
        self.traffic.sent_messages += 1
        self.traffic.sent_bytes += len(text.encode())
        await self.ws.send(text)

    async def receive(self) -> dict[str, Any]:
        """The next message from the host, folded into what this seat knows."""
        assert self.ws is not None
        raw = await self.ws.recv()
        self.traffic.received_messages += 1
        self.traffic.received_bytes += len(raw if isinstance(raw, bytes) else raw.encode())
        if self.capture is not None:
            self.capture.append(raw if isinstance(raw, str) else raw.decode())
        message = p.decode_host(raw, self._repeats)
        self._fold(message)
        return message

    async def expect(self, kind: str) -> dict[str, Any]:
        """Messages until one of `kind`; HostRefused on an error first."""
        while True:
            message = await self.receive()
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise HostRefused(str(p.revive({"msg": message["msg"], "params": message["params"]})))

    async def expect_any(self) -> dict[str, Any]:
        """The next message that is not an update (an answer to what this client sent)."""
        while True:
            message = await self.receive()
            if message["type"] != "update":
                return message

    def _fold(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "joined":
            self.table, self.seat, self.token = message["table"], message["seat"], message["token"]
            self.game = message["game"]
            if self.history.seat != self.seat:  # in place: a bot playing this seat holds it
                self.history.seat = self.seat
                self.history.reset(self.events)
            # A seat taken back goes on from the last action the host accepted (older ones are replays).
            self._seq = max(self._seq, message["last_seq"])
            self.others_away = set(message.get("away") or ()) - {self.seat}
            self.names = list(message.get("names") or [])
            self.host_paused = _pause_word(message.get("paused"))
        elif kind == "watching":  # no seat: the public table, as its host lets it be watched
            self.table, self.seat, self.watching = message["table"], -1, True
            self.names = list(message.get("names") or [])
            self.host_paused = _pause_word(message.get("paused"))
        elif kind == "update":
            self._update(message)
        elif kind == "pong" and message["n"] in self._pings:
            self.delay_ms = (time.perf_counter() - self._pings.pop(message["n"])) * 1000
        elif kind == "over":
            self.over = True
        elif kind == "error":
            self.errors.append(message)
            if message["msg"] == p.TABLE_OVER:  # it ended while this seat was away
                self.over = True
        elif kind == "away":
            self.others_away.add(message["seat"])
        elif kind == "back":
            self.others_away.discard(message["seat"])
        elif kind == "names":  # a player took a seat after this one: their name
            self.names = list(message["names"])
        elif kind == "paused":  # the host's window stopped the game, or let it go on
            self.host_paused = _pause_word(message["paused"])

    def _update(self, message: dict[str, Any]) -> None:
        self.updates += 1
        if "view" in message:
            self.view = message["view"]
        elif "patch" in message:
            self.view = apply_patch(self.view, message["patch"])
        events = message.get("events", ())
        self.events.extend(events)
        self.history.add(events)
        # Moves come once an ask begins; later updates say the seat is still asked ("asked").
        if "legal" in message:
            self.legal = moves_from_json(message["legal"])
            self.ask = message.get("ask", 0)
        elif not message.get("asked"):
            self.legal = None
        ack = message.get("ack")
        if ack is not None and ack in self._pending:
            self.traffic.round_trips.append(time.perf_counter() - self._pending.pop(ack))
        if "tick" in message:
            self._keys_answered(message)

    def _keys_answered(self, message: dict[str, Any]) -> None:
        """A real-time update: the tick it shows, and what became of the key actions in flight."""
        self.tick = message["tick"]
        now = time.perf_counter()
        refused = message.get("refused", ())
        for seq in [*message.get("acks", ()), *(r["seq"] for r in refused)]:
            sent = self.in_flight.pop(seq, None)
            if sent is not None and sent.action:
                self.input_ms.append((now - sent.sent) * 1000)
        self.refused.extend(refused)
        self.decide = bool(message.get("decide"))

    async def join(self, table: str, code: str, seat: int, name: str = "") -> dict[str, Any]:
        """Take `seat` at `table` with its join code."""
        await self.send({"type": "join", "table": table, "code": code, "seat": seat, "name": name})
        return await self.expect("joined")

    async def watch(self, table: str) -> dict[str, Any]:
        """Watch `table`: its public view and the events the whole table hears, in no seat."""
        await self.send({"type": "watch", "table": table})
        return await self.expect("watching")

    async def rejoin(self, table: str, token: str) -> dict[str, Any]:
        """Take a seat back with its token, asking for the events after those already seen."""
        await self.send({"type": "rejoin", "table": table, "token": token, "seen": len(self.events)})
        return await self.expect("joined")

    async def act(self, action: Action, ask: int | None = None) -> None:
        """Send an action for this seat with the next sequence number, answering the ask numbered
        `ask` (None: the latest this seat was sent)."""
        self._seq += 1
        self._pending[self._seq] = time.perf_counter()
        ask = self.ask if ask is None else ask
        self.legal = None
        message = {"type": "action", "token": self.token, "seq": self._seq, "action": action}
        if ask:
            message["ask"] = ask
        await self.send(message)

    async def press(self, action: dict[str, Any] | None) -> int:
        """Send a real-time key action stamped with the tick last seen (None: lockstep's "nothing
        this tick"); its sequence number."""
        self._seq += 1
        message: dict[str, Any] = {"type": "action", "token": self.token, "seq": self._seq, "tick": self.tick}
        if action is not None:
            message["action"] = action
        self.in_flight[self._seq] = InFlight(self._seq, action or {}, time.perf_counter())
        self.decide = False
        await self.send(message)
        return self._seq

    async def ping(self) -> None:
        """Ask for a pong; its round trip becomes `delay_ms`."""
        n = self._seq * 1000 + len(self._pings)
        self._pings[n] = time.perf_counter()
        message = {"type": "ping", "n": n}
        if self.delay_ms is not None:  # the host shows it beside this player's name
            message["ms"] = min(600_000, round(self.delay_ms))
        await self.send(message)

    async def close(self) -> None:
        """Say bye and close."""
        if self.ws is not None:
            await self.ws.close()


def _pause_word(said: Any) -> str:
    """Why the host holds the game still, as this client knows the words ('' for anything else)."""
    return said if said in ("start", "pause", p.SAVING) else ""


def bot_decider(bot: Any, history: SeatHistory) -> Callable[[dict[str, Any], Sequence[Action]], Action]:
    """A bot's move from the view and the legal moves, chosen as the host's own bots choose, and
    what its seat has been told (`history`)."""
    bot.hear(history)

    def decide(view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return view_decision(bot, view, legal)
    return decide


async def play(seat: RemoteSeat, decide: Callable[[dict[str, Any], Sequence[Action]], Action]) -> None:
    """Answer every ask of the host until the game is over or the connection closes."""
    if seat.legal is not None:
        await seat.act(decide(seat.view, seat.legal))
    last: Action | None = None
    while not seat.over:
        message = await seat.receive()
        if message["type"] == "update" and "legal" in message and seat.legal is not None:
            last = decide(seat.view, seat.legal)
            await seat.act(last)
        elif message["type"] == "error" and message["msg"] == p.TOO_FAST and last is not None:
            # The host did not read the action at all: send it again a moment later.
            await asyncio.sleep(0.05)
            await seat.act(last)
