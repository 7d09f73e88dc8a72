"""One hosted table: the only place its actions are applied.

The host seats remote players (a join code takes a seat, a secret token holds it) and runs the game
on one driver: its bots, its clock, remote seats as people submitting through it. It is composed of
two parts it is handed (`host_parts`): a `Clock` — turn-based (`TurnClock`) or a fixed step
(`TickClock`) — that says how the game moves on and what each remote seat is sent, one `update`
message family for both; and a `HostLoop` — its own task on the server's loop (`serve`) or the
window's frames (`WindowLoop`), where every seat's message is done on the one thread that owns the
game. `headless_host` and `window_host` put the parts together.

Anything a client sends that is not for its own seat, not asked for, old, or malformed is refused
with one line in the log and changes nothing; a client refused too often is dropped.
Transport-free: a `Link` is anything that can `send` a message and `drop` itself.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import string
import time
from collections.abc import Callable
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.dynamics import Turns
from pie_table.core.fixed_step import FixedStep
from pie_table.core.history import SeatHistory
from pie_table.core.pacing import Pace
from pie_table.core.registry import GameInfo, get_game
from pie_table.core.session import PrivacyGate, Session, bot_seed
from pie_table.core.setup import GameSetup
from pie_table.net import protocol as p
from pie_table.net.host_loops import OwnLoop, WindowLoop
from pie_table.net.host_parts import Clock, Holder, HostLoop, Link, Seats
from pie_table.net.protocol import Refusal
from pie_table.net.spectators import MAX_DELAY_S, MAX_WATCHERS, Spectators
from pie_table.net.store.base import token_hash
from pie_table.net.tick_clock import TICK_HZ, TickClock
from pie_table.net.turn_clock import TurnClock

__all__ = ["Holder", "Link", "TableHost", "headless_host", "hosted_session", "window_host"]

LOG = logging.getLogger("pie_table.net")
# Letters a join code is made of: no look-alikes (I/L/O) to misread when said aloud.
_CODE_LETTERS = "".join(c for c in string.ascii_uppercase if c not in "ILO")
CODE_LENGTH = 6


def _same(given: str, secret: str) -> bool:
    """`given` equals `secret`, compared in constant time; as bytes, since a client's text may hold
    any character and `compare_digest` takes only ASCII strings."""
    return secrets.compare_digest(given.encode(), secret.encode())


def new_code() -> str:
    """A short join code, e.g. 'KXAPRD'."""
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(CODE_LENGTH))


def hosted_session(session: Session, remote: set[int]) -> Session:
    """`session` with its remote seats taken off the people at the host's screen: hand-offs and the
    privacy gate are for local humans only, and nothing is undone that remote players have seen."""
    session.humans = [seat for seat in session.humans if seat not in remote]
    session.gate = PrivacyGate(session.humans)
    session._undo_allowed = False  # noqa: SLF001 - a move others have seen is not taken back
    return session


class TableHost:
    """The authority for one table: its seats, and the one driver that runs its game.

    Remote seats are people to the driver: their actions come in through the clock (`submit` for
    a turn, a queued input for a tick); bots at the host are the driver's; each remote seat hears
    its own events from the session's history. The `loop` says on which thread that happens."""

    def __init__(self, driver: TableDriver, remote: set[int], *, clock: Callable[[Seats], Clock],
                 loop: HostLoop, table_id: str = "1", code: str | None = None,
                 watch_delay_s: float = 0.0) -> None:
        """`remote`: the seats open to remote players; every other seat is the driver's (a bot at the
        host, or a person at the host's screen). `clock(host)` makes the table's clock. Watchers
        see the public table `watch_delay_s` behind the game."""
        self.id = table_id
        self.code = code or new_code()
        self.driver = driver
        self.session = driver.session
        self.info: GameInfo = driver.info
        self.setup = driver.setup
        self.remote = set(remote)
        # Who plays each seat, as everyone at a table may know: a bot (and its level), a player on
        # another machine, or a person at the host's screen. Told to each client as it joins.
        self.players = ["remote" if seat in remote else spec.spec() if spec.is_bot else "human"
                        for seat, spec in enumerate(self.setup.seats)]
        # Why the host's window holds the game still ('' while it runs): "start", the room before the
        # host opens the table; "pause", its pause or another screen over the table.
        self.paused = ""
        self.holders: dict[int, Holder] = {}
        # Every event each remote seat may see, from the deal on (the session keeps them, a resumed
        # game's too): a seat taken late, or taken back after a drop, is sent all it missed.
        self.histories: dict[int, SeatHistory] = {seat: self.session.history(seat) for seat in self.remote}
        self.spectators = Spectators(driver, delay_s=watch_delay_s)
        self.finished = asyncio.Event()
        self.loop = loop
        self.clock = clock(self)

    # -- what the lobby shows --------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it: no code, no token, nothing of the game's state."""
        holders = dict(self.holders)  # at once: the lobby lists on its thread, a window seats on its own
        line = {"table": self.id, "game": self.info.id, "seats": len(self.setup.seats),
                "open": sorted(self.remote - set(holders)),
                "away": sorted(s for s, h in holders.items() if h.link is None),
                "over": self.driver.is_over()}
        if self.info.realtime:
            line["realtime"] = True
        if self.spectators.open:
            line["watchers"] = len(self.spectators.watchers)
        return line

    @property
    def ticks(self) -> int:
        """Ticks of play this host has run (0 at a turn-based table)."""
        return self.clock.ticks

    # -- a client's messages: done where the game lives ------------------------------------------------

    def join(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> None:
        """Seat a client (join code, free remote seat, same rules version); Refusal otherwise."""
        self.loop.do(link, lambda: self._join(link, message, games))

    def rejoin(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> None:
        """Give a seat back to the client holding its token, with everything after `seen` events."""
        self.loop.do(link, lambda: self._rejoin(link, message, games))

    def on_action(self, link: Link, message: dict[str, Any]) -> None:
        """A remote seat's action (a move, or a key at a real-time table): checked, then the clock's."""
        self.loop.do(link, lambda: self.clock.take(self._sender(link, message), message))

    def left(self, link: Link) -> None:
        """A connection closed: its seat is away (the game waits, or a bot is handed the seat)."""
        self.loop.do(link, lambda: self._left(link))

    def watch(self, link: Link) -> None:
        """A client watches the table (no seat, no code: the public table, `watch_delay_s` behind)."""
        self.loop.do(link, lambda: self._watch(link))

    # -- watchers --------------------------------------------------------------------------------------

    def _watch(self, link: Link) -> None:
        if not self.spectators.open:
            raise Refusal(p.NOT_WATCHABLE, table=self.id)
        if len(self.spectators.watchers) >= MAX_WATCHERS:
            raise Refusal(p.TOO_MANY_WATCHERS, table=self.id)
        link.send({"type": "watching", "table": self.id, "game": self.info.id, "seats": len(self.setup.seats),
                   "options": self.setup.options, "teams": self.setup.teams, "names": self._names(),
                   "players": self.players, "delay_s": self.spectators.delay_s, "paused": self.paused})
        self.spectators.add(link, time.monotonic())

    def stop_watching(self) -> None:
        """The host turns watching off (on the game's thread): every watcher is told and let go."""
        self.spectators.open = False
        refusal = p.error(Refusal(p.NOT_WATCHABLE, table=self.id))
        self.spectators.let_go(refusal, "the table is no longer watched")

    def allow_watching(self, delay_s: float) -> None:
        """The host lets people watch again, `delay_s` behind the game."""
        self.spectators.open, self.spectators.delay_s = True, min(MAX_DELAY_S, max(0.0, delay_s))

    # -- seats -----------------------------------------------------------------------------------------

    def _join(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> None:
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

    def seat_away(self, seat: int, token: str, name: str) -> None:
        """A seat taken before this host began (a continued game's, by the same player): away
        until its token takes it back, with everything its history holds."""
        self.restore_seat(seat, name, token_hash(token)).token = token

    def code_matches(self, code: str) -> bool:
        """Whether `code` is this table's join code (any case), in constant time."""
        return _same(code.upper(), self.code)

    def new_code(self) -> str:
        """A fresh join code for the table (its host's choice): the old one takes no seat from now."""
        self.code = new_code()
        return self.code

    def _rejoin(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> None:
        self._check_game_version(games)
        holder = self._holder(message["token"])
        if holder.link is not None and holder.link is not link:
            holder.link.drop("replaced by a new connection")
        if self.session.bots.pop(holder.seat, None) is not None:  # the bot the host handed it to
            self.remote.add(holder.seat)
            LOG.info("table %s: seat %d is back from the bot", self.id, holder.seat)
            self.clock.nudge()
        holder.token = message["token"]  # a seat restored from its hash learns its token again
        self._attach(holder, link, min(message["seen"], holder.history.count))
        self._tell_others(holder.seat, {"type": "back", "seat": holder.seat})
        if self.driver.is_over():  # it ended while the seat was away: the seat's player is told
            self._send(holder, {"type": "over"})

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
        self.clock.send(holder)

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

    def _left(self, link: Link) -> None:
        if self.spectators.remove(link):
            return
        for holder in self.holders.values():
            if holder.link is link:
                holder.link = None
                LOG.info("table %s: seat %d is away", self.id, holder.seat)
                self._tell_others(holder.seat, {"type": "away", "seat": holder.seat})

    def hand_to_bot(self, seat: int, level: str = "normal") -> None:
        """The host gives an away (or open) remote seat to a bot at the host, from now on (called
        where the game lives: the window's thread for a window's table)."""
        factory = self.info.bot_factory
        if factory is None or seat not in self.remote:
            return
        self.session.bots[seat] = factory(level, seat, bot_seed(self.setup.seed, seat))
        self.remote.discard(seat)
        self.clock.released(seat)
        self._mark_away()

    def _sender(self, link: Link, message: dict[str, Any]) -> Holder:
        """The seat an action message is from, if its token, connection, seat and sequence hold."""
        holder = self._holder(message["token"])
        if holder.link is not link:
            raise Refusal(p.BAD_TOKEN)
        action = message.get("action")
        if action is not None and "seat" in action and action["seat"] != holder.seat:
            raise Refusal(p.NOT_YOUR_SEAT)
        if message["seq"] <= holder.last_seq:
            raise p.Stale(p.OLD_SEQUENCE, seq=message["seq"], last=holder.last_seq)
        return holder

    # -- the loop --------------------------------------------------------------------------------------

    async def run(self) -> None:
        """The table's task on the server's loop: its game to the end, or, at a window's table, until
        the window's frames end it."""
        await self.loop.run(self.clock, self.finished, self.spectators)
        if not self.finished.is_set():
            self._over()

    def pump(self) -> None:
        """At a window's table, once a frame on its thread: send what the frame changed, then do
        what the network asked since the last one."""
        self.clock.after_frame()
        self.loop.pump()
        self.spectators.beat()
        self._mark_away()
        if self.driver.is_over() and not self.finished.is_set():
            self._over()

    def _over(self) -> None:
        self.clock.finish()
        for holder in self.holders.values():
            self._send(holder, {"type": "over"})
        self.spectators.beat(final=True)  # the end is no secret: no delay
        self.spectators.tell({"type": "over"})
        self.finished.set()

    def _mark_away(self) -> None:
        """The driver says which seats are away (every table at the host marks them): dropped and
        not handed to a bot."""
        self.driver.away = {seat for seat in self.away() if seat in self.remote}

    # -- telling everyone ------------------------------------------------------------------------------

    def closing(self) -> None:
        """The host is quitting (the game is saved at the host): every remote player is told."""
        for holder in self.holders.values():
            self._send(holder, {"type": "closing"})
            if holder.link is not None:
                holder.link.drop(p.HOST_QUIT_CLOSE)
        self.spectators.let_go({"type": "closing"}, p.HOST_QUIT_CLOSE)

    def _send(self, holder: Holder, message: dict[str, Any]) -> None:
        if holder.link is not None:
            holder.link.send(message)

    def tell_paused(self, why: str) -> None:
        """The host's window holds the game still (`why`: "start" or "pause") or lets it go on
        (""): every seated client is told, so a remote table that stands still says why."""
        if why != self.paused:
            self.paused = why
            self._tell_others(-1, {"type": "paused", "paused": why})
            self.spectators.tell({"type": "paused", "paused": why})

    def _tell_others(self, seat: int, message: dict[str, Any]) -> None:
        for other in self.holders.values():
            if other.seat != seat:
                self._send(other, message)


def headless_host(setup: GameSetup, remote: set[int], *, table_id: str = "1", code: str | None = None,
                  info: GameInfo | None = None, pace: Pace | None = None, lockstep: bool = False,
                  tick_hz: int = TICK_HZ, watch_delay_s: float = 0.0,
                  session: Session | None = None) -> TableHost:
    """A table with a loop of its own, as `serve` holds them: every seat not `remote` is a bot at the
    host. Turn-based: bots at full speed unless `pace` is given, answers taken in seat order, so a
    seeded game of bots at the clients is move for move the game played locally. Real time: 60
    ticks a second on the host's clock, or `lockstep` with the clients (`simulate --over-network`).
    `session`: a game already under way (a restarted server's table), in place of a new one."""
    info = info or get_game(setup.game_id)
    if session is None:  # a new game (else one resumed, its log played again)
        session = Session(setup, info, bots=_bots(info, setup, set(range(len(setup.seats))) - remote))
    session = hosted_session(session, remote)
    if info.realtime:
        ticking = TableDriver(session, dynamics=lambda d: FixedStep(d, tick_hz=tick_hz))
        return TableHost(ticking, remote, clock=lambda host: TickClock(host, lockstep=lockstep),
                         loop=OwnLoop(), table_id=table_id, code=code, watch_delay_s=watch_delay_s)
    driver = TableDriver(session, dynamics=Turns, pace=pace, seat_order=True)
    return TableHost(driver, remote, clock=TurnClock, loop=OwnLoop(), table_id=table_id, code=code,
                     watch_delay_s=watch_delay_s)


def window_host(driver: TableDriver, remote: set[int], *, table_id: str = "1", code: str | None = None,
                wake: Callable[[], None] | None = None, watch_delay_s: float = 0.0) -> TableHost:
    """A table a window plays: the game is the window's own driver, which its frames run (`pump`
    once a frame); `wake()` is called from the server's thread when a message waits for it."""
    clock: Callable[[Seats], Clock] = TickClock if driver.info.realtime else TurnClock
    return TableHost(driver, remote, clock=clock, loop=WindowLoop(table_id, wake), table_id=table_id,
                     code=code, watch_delay_s=watch_delay_s)


def _bots(info: GameInfo, setup: GameSetup, seats: set[int]) -> dict[int, Any]:
    factory = info.bot_factory
    if factory is None:
        return {}
    return {seat: factory(setup.seats[seat].level or "normal", seat, bot_seed(setup.seed, seat))
            for seat in seats}
