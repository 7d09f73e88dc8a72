"""One hosted table: the only place its actions are applied.

The host seats remote players (a join code takes a seat, a secret token holds it), runs the game on
one `TableDriver` (its bots, its clock, remote seats as people submitting through it) and sends
every remote seat its own view, only the events addressed to it and, when asked, its moves.
Anything a client sends that is not for its own seat, not asked for, old, or malformed is refused
with one line in the log and changes nothing; a client refused too often is dropped.

Transport-free: a `Link` is anything that can `send` a message and `drop` itself (the websocket
server gives one per connection; tests may give their own).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import string
from dataclasses import dataclass, field
from typing import Any, Protocol

from pie_table.core.driver import RealtimeDriver, TableDriver, driver_for
from pie_table.core.engine import Event
from pie_table.core.history import SeatHistory
from pie_table.core.move_grid import moves_to_json
from pie_table.core.pacing import Pace
from pie_table.core.registry import GameInfo, get_game
from pie_table.core.session import Entry, PrivacyGate, Session, bot_seed
from pie_table.core.setup import GameSetup
from pie_table.net import protocol as p
from pie_table.net.patch import ViewJson, patch
from pie_table.net.protocol import Refusal
from pie_table.net.store.base import token_hash

LOG = logging.getLogger("pie_table.net")
# Letters a join code is made of: no look-alikes (I/L/O) to misread when said aloud.
_CODE_LETTERS = "".join(c for c in string.ascii_uppercase if c not in "ILO")
CODE_LENGTH = 6


class Link(Protocol):
    """A client's connection as the host sees it."""

    peer: str
    strikes: int
    delay_ms: int | None  # the round trip the client says it has to the host (None: not said)

    def send(self, message: dict[str, Any]) -> None:
        """Queue `message` for the client (never blocks the table)."""

    def drop(self, reason: str) -> None:
        """Close the connection, telling the client why."""


def _same(given: str, secret: str) -> bool:
    """`given` equals `secret`, compared in constant time; as bytes, since a client's text may hold
    any character and `compare_digest` takes only ASCII strings."""
    return secrets.compare_digest(given.encode(), secret.encode())


def new_code() -> str:
    """A short join code, e.g. 'KXAPRD'."""
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(CODE_LENGTH))


@dataclass
class Holder:
    """A remote seat that has been taken: its secret token and, while connected, its link."""

    seat: int
    token: str
    name: str
    link: Link | None = None
    last_seq: int = -1
    history: SeatHistory = field(default_factory=lambda: SeatHistory(None))  # the session's, for its seat
    sent: int = 0  # how many of `history.events` its link has been sent
    shown: dict[str, Any] | None = None  # the last view its link was sent (JSON), for deltas
    asked: Any = None  # the ask its link was last sent its moves for (`TableHost._ask`)
    # The number of the moment it was last sent moves for, which its action names: a move chosen
    # at an earlier moment is stale (moves sent again at the same moment keep the number).
    asks: int = 0
    ask_moment: Any = None
    # What the seat is recognised by: the token's hash (a seat restored after a restart knows only
    # that, until its player comes back with the token itself).
    token_hash: str = ""

    def __post_init__(self) -> None:
        if not self.token_hash:
            self.token_hash = token_hash(self.token)


def hosted_session(session: Session, remote: set[int]) -> Session:
    """`session` with its remote seats taken off the people at the host's screen: hand-offs and the
    privacy gate are for local humans only, and nothing is undone that remote players have seen."""
    session.humans = [seat for seat in session.humans if seat not in remote]
    session.gate = PrivacyGate(session.humans)
    session._undo_allowed = False  # noqa: SLF001 - a move others have seen is not taken back
    return session


class TableHost:
    """The authority for one table: its seats, and the one `TableDriver` that runs its game.

    Remote seats are people to the driver: their actions come in through `driver.submit`; bots at
    the host are the driver's, moved by its `update`; its clock runs reaction windows out through
    the logged timeout; each remote seat hears its own events through `driver.listen`. Headless
    (`serve`, `simulate --over-network`) the host makes its driver and `run` drives it: bots at full
    speed unless `pace` is given, answers taken in seat order (`TableDriver(seat_order=True)`), so
    a seeded game of bots at the clients is move for move the game played locally."""

    def __init__(self, setup: GameSetup, remote: set[int], *, table_id: str = "1",
                 code: str | None = None, info: GameInfo | None = None,
                 driver: TableDriver | None = None, pace: Pace | None = None) -> None:
        """`remote`: the seats open to remote players; every other seat is a bot at the host
        (`driver`: the game is already run by a table's driver, whose bots and people it keeps)."""
        self.id = table_id
        self.code = code or new_code()
        self.info = info or (driver.info if driver is not None else get_game(setup.game_id))
        self.setup = setup
        self.remote = set(remote)
        # Who plays each seat, as everyone at a table may know: a bot (and its level), a player on
        # another machine, or a person at the host's screen. Told to each client as it joins.
        self.players = ["remote" if seat in remote else spec.spec() if spec.is_bot else "human"
                        for seat, spec in enumerate(setup.seats)]
        # Why the host's window holds the game still ('' while it runs): "start", the room before the
        # host opens the table; "pause", its pause or another screen over the table.
        self.paused = ""
        if driver is None:
            session = Session(setup, self.info, bots=self._bots(set(range(len(setup.seats))) - self.remote))
            driver = driver_for(hosted_session(session, self.remote), pace=pace, seat_order=True)
        self.driver = driver
        self.session = driver.session
        self.holders: dict[int, Holder] = {}
        # Every event each remote seat may see, from the deal on (the session keeps them, a resumed
        # game's too): a seat taken late, or taken back after a drop, is sent all it missed.
        self.histories: dict[int, SeatHistory] = {seat: self.session.history(seat) for seat in self.remote}
        if not isinstance(driver, RealtimeDriver):  # a real-time table sends frames tick by tick
            driver.listen(None, self._after)
        self.finished = asyncio.Event()
        self._moved = asyncio.Event()  # something happened that the driver may act on
        self._json = ViewJson()

    def _bots(self, seats: set[int]) -> dict[int, Any]:
        factory = self.info.bot_factory
        if factory is None:
            return {}
        return {seat: factory(self.setup.seats[seat].level or "normal", seat, bot_seed(self.setup.seed, seat))
                for seat in seats}

    # -- what the lobby shows --------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it: no code, no token, nothing of the game's state."""
        holders = dict(self.holders)  # at once: the lobby lists on its thread, a window seats on its own
        return {"table": self.id, "game": self.info.id, "seats": len(self.setup.seats),
                "open": sorted(self.remote - set(holders)),
                "away": sorted(s for s, h in holders.items() if h.link is None),
                "over": self.driver.is_over()}

    # -- seats -----------------------------------------------------------------------------------------

    def join(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> Holder:
        """Seat a client (join code, free remote seat, same rules version); Refusal otherwise."""
        self._check_game_version(games)
        if not self.code_matches(message["code"]):
            raise Refusal(p.WRONG_CODE)
        seat = message["seat"]
        # A refusal names the seat as every room and table shows it, counted from 1.
        if not 0 <= seat < len(self.setup.seats):
            raise Refusal(p.NO_SUCH_SEAT, seat=seat + 1)
        if seat not in self.remote:
            raise Refusal(p.SEAT_NOT_REMOTE, seat=seat + 1)
        if seat in self.holders:
            raise Refusal(p.SEAT_TAKEN, seat=seat + 1)
        holder = Holder(seat, secrets.token_urlsafe(24), message["name"], history=self.histories[seat])
        self.holders[seat] = holder
        self.session.setup.name_player(seat, holder.name)  # what the save and its replay will say
        self._attach(holder, link, 0)
        self._tell_others(seat, {"type": "names", "names": self._names()})  # who sits there now
        return holder

    def code_matches(self, code: str) -> bool:
        """Whether `code` is this table's join code (any case), in constant time."""
        return _same(code.upper(), self.code)

    def new_code(self) -> str:
        """A fresh join code for the table (its host's choice): the old one takes no seat from now."""
        self.code = new_code()
        return self.code

    def rejoin(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> Holder:
        """Give a seat back to the client holding its token, with everything after `seen` events."""
        self._check_game_version(games)
        holder = self._holder(message["token"])
        if holder.link is not None and holder.link is not link:
            holder.link.drop("replaced by a new connection")
        if self.session.bots.pop(holder.seat, None) is not None:  # the bot the host handed it to
            self.remote.add(holder.seat)
            LOG.info("table %s: seat %d is back from the bot", self.id, holder.seat)
            self._moved.set()
        holder.token = message["token"]  # a seat restored from its hash learns its token again
        self._attach(holder, link, min(message["seen"], holder.history.count))
        self._tell_others(holder.seat, {"type": "back", "seat": holder.seat})
        if self.driver.is_over():  # it ended while the seat was away: the seat's player is told
            self._send(holder, {"type": "over"})
        return holder

    def restore_seat(self, seat: int, name: str, hashed: str) -> Holder:
        """A seat taken before the server restarted: away until its player comes back with the
        token whose hash the store kept."""
        holder = Holder(seat, "", name, history=self.histories[seat], token_hash=hashed)
        self.holders[seat] = holder
        self.setup.name_player(seat, name)
        return holder

    def _check_game_version(self, games: dict[str, int]) -> None:
        theirs = games.get(self.info.id)
        ours = self.info.rules.rules_version
        if theirs != ours:
            raise Refusal(p.GAME_VERSION_MISMATCH, game=self.info.id, host=ours,
                          client="none" if theirs is None else theirs)

    def _attach(self, holder: Holder, link: Link, seen: int) -> None:
        holder.link = link
        holder.sent = seen
        holder.shown = None  # a new connection starts from a whole view
        holder.asked = None  # and is sent its moves if asked
        link.send({"type": "joined", "table": self.id, "game": self.info.id, "seat": holder.seat,
                   "token": holder.token, "seats": len(self.setup.seats), "last_seq": holder.last_seq,
                   "options": self.setup.options, "teams": self.setup.teams,
                   "names": self._names(), "away": sorted(self.away()), "players": self.players,
                   "paused": self.paused})
        self._update(holder)

    def _names(self) -> list[str]:
        """Each seat's player name as every table shows it (a remote seat's as its player gave it)."""
        names = [self.setup.player_name(seat) for seat in range(len(self.setup.seats))]
        for seat, holder in self.holders.items():
            names[seat] = holder.name
        return names

    def away(self) -> set[int]:
        """The remote seats whose players have dropped (taken, not connected now)."""
        return {seat for seat, holder in self.holders.items() if holder.link is None}

    def _holder(self, token: str) -> Holder:
        hashed = token_hash(token)
        for holder in self.holders.values():
            if _same(holder.token_hash, hashed):
                return holder
        raise Refusal(p.BAD_TOKEN)

    def left(self, link: Link) -> None:
        """A connection closed: its seat is away (the game waits, or a bot is handed the seat)."""
        for holder in self.holders.values():
            if holder.link is link:
                holder.link = None
                LOG.info("table %s: seat %d is away", self.id, holder.seat)
                self._tell_others(holder.seat, {"type": "away", "seat": holder.seat})

    def hand_to_bot(self, seat: int, level: str = "normal") -> None:
        """The host gives an away (or open) remote seat to a bot at the host, from now on."""
        factory = self.info.bot_factory
        if factory is None or seat not in self.remote:
            return
        self.session.bots[seat] = factory(level, seat, bot_seed(self.setup.seed, seat))
        self.remote.discard(seat)
        self._moved.set()

    # -- a seat's action -------------------------------------------------------------------------------

    def on_action(self, link: Link, message: dict[str, Any]) -> None:
        """A remote seat's action: checked here, then submitted to the driver; Refusal if not."""
        holder = self._sender(link, message)
        if holder.seat not in self.driver.to_act():
            raise p.Stale(p.NOT_ASKED)
        if message.get("ask", holder.asks) != holder.asks:  # chosen at an earlier moment
            raise p.Stale(p.STALE_MOVE)
        holder.last_seq = message["seq"]
        applied = self.driver.submit(holder.seat, message["action"])
        if not applied.ok:
            LOG.info("table %s: seat %d's action refused by the game: %s", self.id, holder.seat,
                     applied.reason)
            link.send(p.error(Refusal(p.REFUSED_ACTION, reason=applied.message)))
            self._update(holder)
        elif applied.entry is None:  # taken, to be played in its turn: its sender hears it came
            self._update(holder, ack=holder.last_seq)
        self._moved.set()

    def _sender(self, link: Link, message: dict[str, Any]) -> Holder:
        """The seat an action message is from, if its token, connection, seat and sequence hold."""
        holder = self._holder(message["token"])
        if holder.link is not link:
            raise Refusal(p.BAD_TOKEN)
        action = message["action"]
        if "seat" in action and action["seat"] != holder.seat:
            raise Refusal(p.NOT_YOUR_SEAT)
        if message["seq"] <= holder.last_seq:
            raise p.Stale(p.OLD_SEQUENCE, seq=message["seq"], last=holder.last_seq)
        return holder

    # -- the loop --------------------------------------------------------------------------------------

    async def run(self) -> None:
        """Drive the game to its end: the driver's `update` moves the bots and runs the clock out;
        between its moves this waits for what the remote seats send."""
        loop = asyncio.get_running_loop()
        last = loop.time()
        while True:
            now = loop.time()
            self.driver.update(now - last)
            last = now
            if self.driver.is_over():
                break
            wait = self.driver.next_move_in()
            if wait == 0:
                await asyncio.sleep(0)  # let the network in between moves
                continue
            self._moved.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._moved.wait(), wait)
        self._over()

    def _over(self) -> None:
        for holder in self.holders.values():
            self._send(holder, {"type": "over"})
        self.finished.set()

    def _after(self, entry: Entry, _events: list[Event]) -> None:
        """After any applied action (a bot's, a person's, the clock's): every connected remote seat
        gets its view, its new events and, when asked, its moves; a seat for which nothing changed
        gets nothing (an empty update after another seat's answer in a window would say it came)."""
        for holder in self.holders.values():
            mine = holder.seat == entry.seat
            self._update(holder, ack=holder.last_seq if mine else None, quiet=not mine)

    # -- sending ---------------------------------------------------------------------------------------

    def _update(self, holder: Holder, *, ack: int | None = None, quiet: bool = False) -> None:
        """Send `holder` its view, the events it has not had yet and, when a new ask begins, its moves
        (`asked` while the same ask goes on: a seat answers each ask once). `quiet`: send nothing
        unless something of the seat's own changed (its view, events, moves, or being asked)."""
        if holder.link is None:
            return
        was_asked = holder.asked is not None
        view = self._json.convert(self.driver.view(holder.seat))
        history = holder.history
        message: dict[str, Any] = {"type": "update"}
        if history.count > holder.sent:  # each event once; `seen`, the cursor a seat hands back
            message["events"], message["seen"] = history.events[holder.sent:], history.count
        if holder.shown is None:
            message["view"] = view
        elif changed := patch(holder.shown, view):
            message["patch"] = changed
        holder.shown = view
        if holder.seat in self.driver.to_act():
            ask = self._ask(holder)
            if ask != holder.asked:
                message["legal"] = moves_to_json(self.driver.legal(holder.seat))
                holder.asked = ask
                if ask[0] != holder.ask_moment:
                    holder.asks, holder.ask_moment = holder.asks + 1, ask[0]
                message["ask"] = holder.asks
            else:
                message["asked"] = True
        else:
            holder.asked = None  # asked again later, it is sent its moves again
        if quiet and message.keys() <= {"type", "asked"} and ("asked" in message) == was_asked:
            return  # nothing of its own changed (the clock's `remaining` alone is no news)
        if ack is not None and ack >= 0:
            message["ack"] = ack
        left = self.driver.remaining()
        if left is not None:
            message["remaining"] = round(left, 2)  # a countdown shown in whole seconds
        holder.sent = history.count
        holder.link.send(message)

    def _ask(self, holder: Holder) -> tuple[Any, int]:
        """What one ask of a seat is: the decision it answers and the last action it sent (a seat
        whose own move was played or refused is asked anew; another seat's move asks it nothing)."""
        top = self.driver.rules.current_decision(self.driver.state)
        moment = top.id if top is not None else self.driver.rules.version(self.driver.state)
        return moment, holder.last_seq

    def closing(self) -> None:
        """The host is quitting (the game is saved at the host): every remote player is told."""
        for holder in self.holders.values():
            self._send(holder, {"type": "closing"})
            if holder.link is not None:
                holder.link.drop(p.HOST_QUIT_CLOSE)

    def _send(self, holder: Holder, message: dict[str, Any]) -> None:
        if holder.link is not None:
            holder.link.send(message)

    def tell_paused(self, why: str) -> None:
        """The host's window holds the game still (`why`: "start" or "pause") or lets it go on
        (""): every seated client is told, so a remote table that stands still says why."""
        if why != self.paused:
            self.paused = why
            self._tell_others(-1, {"type": "paused", "paused": why})

    def _tell_others(self, seat: int, message: dict[str, Any]) -> None:
        for other in self.holders.values():
            if other.seat != seat:
                self._send(other, message)
