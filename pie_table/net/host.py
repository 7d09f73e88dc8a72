"""One hosted table: the only place its actions are applied.

The host seats remote players (a join code takes a seat, a secret token holds it), asks each seat
for its move in the order the game waits for them, applies what comes back through the session
and sends every remote seat its own view and only the events addressed to it. Bots run here.
Anything a client sends that is not for its own seat, not asked for, old, or malformed is refused
with one line in the log and changes nothing; a client refused too often is dropped.

Transport-free: a `Link` is anything that can `send` a message and `drop` itself (the websocket
server gives one per connection; tests may give their own).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import string
from dataclasses import dataclass, field
from typing import Any, Protocol

from pie_table.core.driver import TableDriver
from pie_table.core.engine import Action, Event
from pie_table.core.registry import GameInfo, get_game
from pie_table.core.session import Session, bot_seed
from pie_table.core.setup import GameSetup
from pie_table.net import protocol as p
from pie_table.net.delta import MessageJson, view_delta
from pie_table.net.protocol import Refusal
from pie_table.net.seat_table import TIMEOUT_ACTION, SeatTable

LOG = logging.getLogger("pie_table.net")
# Letters a join code is made of: no look-alikes (I/L/O) to misread when said aloud.
_CODE_LETTERS = "".join(c for c in string.ascii_uppercase if c not in "ILO")
CODE_LENGTH = 6


class Link(Protocol):
    """A client's connection as the host sees it."""

    peer: str
    strikes: int

    def send(self, message: dict[str, Any]) -> None:
        """Queue `message` for the client (never blocks the table)."""

    def drop(self, reason: str) -> None:
        """Close the connection, telling the client why."""


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
    history: list[Event] = field(default_factory=list)  # every event this seat may see, in order
    sent: int = 0  # how many of `history` its link has been sent
    shown: dict[str, Any] | None = None  # the last view its link was sent (JSON), for deltas


class TableHost:
    """The authority for one table: setup, session, seats, and the loop that asks for moves."""

    def __init__(self, setup: GameSetup, remote: set[int], *, table_id: str = "1",
                 code: str | None = None, info: GameInfo | None = None,
                 driver: TableDriver | None = None) -> None:
        """`remote`: the seats open to remote players; every other seat is a bot at the host
        (`driver`: the game is already run by a table's driver, whose bots and people it keeps)."""
        self.id = table_id
        self.code = code or new_code()
        self.info = info or get_game(setup.game_id)
        self.setup = setup
        self.remote = set(remote)
        self.session = driver.session if driver is not None else Session(
            setup, self.info, bots=self._bots(set(range(len(setup.seats))) - self.remote))
        self.table = SeatTable(self.session, driver)
        self.holders: dict[int, Holder] = {}
        # Every event each remote seat may see, from the first action on: a seat taken late, or
        # taken back after a drop, is sent all it missed.
        self.histories: dict[int, list[Event]] = {seat: [] for seat in self.remote}
        for seat, history in self.histories.items():
            self.table.listen(seat, history.extend)
        self._asked: dict[int, asyncio.Future[Action]] = {}
        self.finished = asyncio.Event()
        self._json = MessageJson()

    def _bots(self, seats: set[int]) -> dict[int, Any]:
        factory = self.info.bot_factory
        if factory is None:
            return {}
        return {seat: factory(self.setup.seats[seat].level or "normal", seat, bot_seed(self.setup.seed, seat))
                for seat in seats}

    # -- what the lobby shows --------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it: no code, no token, nothing of the game's state."""
        return {"table": self.id, "game": self.info.id, "seats": len(self.setup.seats),
                "open": sorted(self.remote - set(self.holders)),
                "away": sorted(s for s, h in self.holders.items() if h.link is None),
                "over": self.table.is_over()}

    # -- seats -----------------------------------------------------------------------------------------

    def join(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> Holder:
        """Seat a client (join code, free remote seat, same rules version); Refusal otherwise."""
        self._check_game_version(games)
        if not secrets.compare_digest(message["code"].upper(), self.code):
            raise Refusal(p.WRONG_CODE)
        seat = message["seat"]
        if not 0 <= seat < len(self.setup.seats):
            raise Refusal(p.NO_SUCH_SEAT, seat=seat)
        if seat not in self.remote:
            raise Refusal(p.SEAT_NOT_REMOTE, seat=seat)
        if seat in self.holders:
            raise Refusal(p.SEAT_TAKEN, seat=seat)
        holder = Holder(seat, secrets.token_urlsafe(24), message["name"], history=self.histories[seat])
        self.holders[seat] = holder
        self._attach(holder, link, 0)
        return holder

    def rejoin(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> Holder:
        """Give a seat back to the client holding its token, with everything after `seen` events."""
        self._check_game_version(games)
        holder = self._holder(message["token"])
        if holder.link is not None and holder.link is not link:
            holder.link.drop("replaced by a new connection")
        self._attach(holder, link, min(message["seen"], len(holder.history)))
        self._tell_others(holder.seat, {"type": "back", "seat": holder.seat})
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
        link.send({"type": "joined", "table": self.id, "game": self.info.id, "seat": holder.seat,
                   "token": holder.token, "seats": len(self.setup.seats), "last_seq": holder.last_seq,
                   "options": self.setup.options, "teams": self.setup.teams,
                   "names": self._names(), "away": sorted(self.away())})
        self._update(holder, prompt=holder.seat in self._asked)

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
        for holder in self.holders.values():
            if secrets.compare_digest(holder.token, token):
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
        asked = self._asked.pop(seat, None)
        if asked is not None and not asked.done():
            asked.set_result(self._bot_choice(seat))

    # -- a seat's action -------------------------------------------------------------------------------

    def on_action(self, link: Link, message: dict[str, Any]) -> None:
        """A remote seat's action: checked here, applied by the loop in `run`; Refusal if not."""
        holder = self._sender(link, message)
        asked = self._asked.get(holder.seat)
        if asked is None or asked.done():
            raise Refusal(p.NOT_ASKED)
        holder.last_seq = message["seq"]
        asked.set_result(message["action"])

    def _sender(self, link: Link, message: dict[str, Any]) -> Holder:
        """The seat an action message is from, if its token, connection, seat and sequence hold."""
        holder = self._holder(message["token"])
        if holder.link is not link:
            raise Refusal(p.BAD_TOKEN)
        action = message["action"]
        if "seat" in action and action["seat"] != holder.seat:
            raise Refusal(p.NOT_YOUR_SEAT)
        if message["seq"] <= holder.last_seq:
            raise Refusal(p.OLD_SEQUENCE, seq=message["seq"], last=holder.last_seq)
        return holder

    # -- the loop --------------------------------------------------------------------------------------

    async def run(self) -> None:
        """Ask for and apply moves until the game is over, as `Session.play_out` does for bots.

        A sealed, timed reaction window that every seat lets pass is closed by the table's
        timeout; the passes are held until a seat answers otherwise (as at the table)."""
        table = self.table
        while not table.is_over():
            waiting = table.to_act()
            if not waiting:
                break
            held: list[tuple[int, Action]] = []
            window = len(waiting) > 1 and table.closes_by_timeout()
            for seat in waiting:
                action = table.forced_in_window(waiting, seat)
                if action is None:
                    action = await self._ask(seat)
                if window and action.get("type") == "pass":
                    held.append((seat, action))
                    self._held(seat)
                    continue
                for passed in held:
                    self._apply(*passed)
                held = []
                if not self._apply(seat, action):
                    break  # refused by the game: ask again from what it waits for now
            if held:
                if len(held) == len(waiting):
                    self._apply(None, TIMEOUT_ACTION)
                else:
                    for passed in held:
                        self._apply(*passed)
        for holder in self.holders.values():
            self._send(holder, {"type": "over"})
        self.finished.set()

    def _held(self, seat: int) -> None:
        """A remote seat's pass is taken (held until the window closes): its sender is told so."""
        holder = self.holders.get(seat)
        if holder is not None and holder.link is not None:
            holder.link.send({"type": "update", "events": [], "seen": holder.sent, "delta": {},
                              "ack": holder.last_seq})

    async def _ask(self, seat: int) -> Action:
        """The move of `seat`: its host bot's, or what its remote player sends (checked by `on_action`)."""
        if seat in self.session.bots:
            return self._bot_choice(seat)
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        self._asked[seat] = future
        holder = self.holders.get(seat)
        if holder is not None:
            self._update(holder, prompt=True)
        try:
            return await future
        finally:
            self._asked.pop(seat, None)

    def _bot_choice(self, seat: int) -> Action:
        """What the host's bot at `seat` plays, chosen as `Session.play_out` chooses."""
        bot = self.session.bots[seat]
        view = self.table.bot_view(seat)
        action = bot.decide_from_view(view)
        if action is None:
            legal = self.table.legal(seat)
            action = legal[0] if len(legal) == 1 else bot.act(view, legal)
        return action  # type: ignore[no-any-return]

    def _apply(self, seat: int | None, action: Action) -> bool:
        """Apply and tell every remote seat; a refusal goes back to the seat that sent it."""
        applied = self.table.submit(seat, action)
        if not applied.ok:
            LOG.info("table %s: seat %s's action refused by the game: %s", self.id, seat, applied.reason)
            holder = self.holders.get(seat) if seat is not None else None
            if holder is not None and holder.link is not None:
                holder.link.send(p.error(Refusal(p.REFUSED_ACTION, reason=applied.message)))
            return False
        for holder in self.holders.values():
            self._update(holder, ack=holder.last_seq if holder.seat == seat else None)
        return True

    # -- sending ---------------------------------------------------------------------------------------

    def _update(self, holder: Holder, *, prompt: bool = False, ack: int | None = None) -> None:
        """Send `holder` its view, the events it has not had yet and, when asked, its moves."""
        if holder.link is None:
            return
        view = self._json.convert(self.table.view(holder.seat))
        message: dict[str, Any] = {"type": "update", "events": holder.history[holder.sent:],
                                   "seen": len(holder.history)}
        if holder.shown is None:
            message["view"] = view
        else:
            message["delta"] = view_delta(holder.shown, view)
        holder.shown = view
        if prompt:
            message["legal"] = list(self.table.legal(holder.seat))
        if ack is not None and ack >= 0:
            message["ack"] = ack
        left = self._countdown()
        if left is not None:
            message["remaining"] = left
        holder.sent = len(holder.history)
        holder.link.send(message)

    def _countdown(self) -> float | None:
        """Seconds left on the decision's countdown by the host's clock (None: this host has none)."""
        return None

    def closing(self) -> None:
        """The host is quitting (the game is saved at the host): every remote player is told."""
        for holder in self.holders.values():
            self._send(holder, {"type": "closing"})
            if holder.link is not None:
                holder.link.drop("the host quit")

    def _send(self, holder: Holder, message: dict[str, Any]) -> None:
        if holder.link is not None:
            holder.link.send(message)

    def _tell_others(self, seat: int, message: dict[str, Any]) -> None:
        for other in self.holders.values():
            if other.seat != seat:
                self._send(other, message)
