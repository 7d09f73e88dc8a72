"""What one hosted table is made of, as its parts see each other.

A `TableHost` holds the seats (who took which, with which token, on which link). It is handed two
parts: a `Clock` (turn-based: each applied move is news to the seats it concerns; real time: a
fixed step whose frames go out tick by tick, or in lockstep with the clients) and a `HostLoop`
(its own asyncio task, as `serve` runs it, or the window's frames pumping it on their thread).
The clock sees its host through `Seats`, never the whole class.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pie_table.core.driver import TableDriver
from pie_table.core.history import SeatHistory
from pie_table.core.session import Session
from pie_table.net.store.base import token_hash


class Link(Protocol):
    """A client's connection as the host sees it."""

    peer: str
    strikes: int
    delay_ms: int | None  # the round trip the client says it has to the host (None: not said)

    def send(self, message: dict[str, Any]) -> None:
        """Queue `message` for the client (never blocks the table)."""

    def drop(self, reason: str) -> None:
        """Close the connection, telling the client why."""

    def hold(self, until: asyncio.Future[Any]) -> None:
        """Send nothing queued from now on before `until` is done (a move's write to the store is
        committed: what tells of the move waits for it)."""


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
    shown: dict[str, Any] | None = None  # the last view its link was sent (JSON), for patches
    asked: Any = None  # the ask its link was last sent its moves for (`TurnClock`)
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


class Seats(Protocol):
    """What a clock needs of its host: the game's driver and the remote seats taken."""

    @property
    def id(self) -> str: ...

    @property
    def driver(self) -> TableDriver: ...

    @property
    def session(self) -> Session: ...

    @property
    def remote(self) -> set[int]: ...

    @property
    def holders(self) -> dict[int, Holder]: ...


class Clock(Protocol):
    """How a table's game moves on, and what each remote seat is sent as it does (`update`)."""

    ticks: int  # ticks of play run here (0 for a turn-based game)

    def take(self, holder: Holder, message: dict[str, Any]) -> None:
        """An `action` message from `holder`'s own link, its token and sequence checked: applied,
        queued for its tick, or refused (Refusal, or `Stale` for an honest late one)."""

    def send(self, holder: Holder) -> None:
        """Send `holder` its whole view and everything it has not had (a seat (re)joined)."""

    def nudge(self) -> None:
        """Something happened that the game may move on from (a seat back, a seat given a bot)."""

    def released(self, seat: int) -> None:
        """`seat` is played by a bot at the host from now on: nothing waits for its client."""

    def after_frame(self) -> None:
        """A window ran a frame of the game (a window's host): send what it changed."""

    async def run(self) -> None:
        """Run the game to its end on this loop (a host with a loop of its own)."""

    def finish(self) -> None:
        """The game is over: send what is left before the seats are told."""


class Beating(Protocol):
    """Work a table wants done a few times a second where its game lives, while `wanted` is set
    (its watchers looked after)."""

    wanted: asyncio.Event

    def beat(self) -> None:
        """Do it once."""


class HostLoop(Protocol):
    """Where the table's work is done: at once on the server's loop, or on a window's thread."""

    def do(self, link: Link, job: Callable[[], None]) -> None:
        """Do `job` (a seat's message) where the game lives; a Refusal reaches `link`."""

    async def run(self, clock: Clock, finished: asyncio.Event, beating: Beating) -> None:
        """The table's task on the server's loop, until its game ends (`finished` is set), with
        `beating` beaten a few times a second while it wants it."""

    def pump(self) -> None:
        """Do what waits (on the window's thread, once a frame); nothing for a loop of its own."""
