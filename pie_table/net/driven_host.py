"""The host of a table that a window plays (issue 23 item 2): the game runs on the window's own
`TableDriver` — its `update` paces the host's bots and runs out countdowns through the logged
timeout, the people at the host's screen act through the table scene — and remote seats are people
to it too: their actions come in through `driver.submit`, never through a bot, and each remote
seat is sent its view and its own events (`driver.listen`) after every applied action, whoever made it.

Threads: the server reads the network on its own thread; everything it asks of this table (a join,
a seat taken back, an action, a connection gone) is queued and done by `pump()` on the window's
thread, between frames, so the game is only ever touched by one thread.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.engine import Event
from pie_table.core.session import Entry, PrivacyGate, Session
from pie_table.core.setup import GameSetup
from pie_table.net import protocol as p
from pie_table.net.host import LOG, Holder, Link, TableHost
from pie_table.net.protocol import Refusal


def hosted_session(session: Session, remote: set[int]) -> Session:
    """`session` with its remote seats taken off the people at the host's screen: hand-offs and the
    privacy gate are for local humans only, and nothing is undone that remote players have seen."""
    session.humans = [seat for seat in session.humans if seat not in remote]
    session.gate = PrivacyGate(session.humans)
    session._undo_allowed = False  # noqa: SLF001 - a move others have seen is not taken back
    return session


def seat_histories(setup: GameSetup, log: list[Entry], seats: set[int]) -> dict[int, list[Event]]:
    """Every event each of `seats` could see in a game played to `log` (a continued save's),
    replayed from its seed: what a remote seat's player is sent on taking the seat back."""
    replay = TableDriver(Session(setup), pace=None)
    heard: dict[int, list[Event]] = {seat: [] for seat in seats}
    for seat, events in heard.items():
        replay.listen(seat, lambda _entry, mine, events=events: events.extend(mine))
    replay.replay(log)
    return heard


class DrivenHost(TableHost):
    """A `TableHost` with no loop of its own: the window's driver runs the game."""

    def __init__(self, driver: TableDriver, remote: set[int], *, table_id: str = "1",
                 code: str | None = None, wake: Callable[[], None] | None = None,
                 past: dict[int, list[Event]] | None = None) -> None:
        """`wake()` is called from the server's thread when something waits for `pump` (a window
        resting until input posts itself an event). `past`: a resumed game's events so far per
        remote seat, sent to whoever takes the seat as if they had been there."""
        super().__init__(driver.setup, remote, table_id=table_id, code=code, info=driver.info, driver=driver)
        for seat, events in (past or {}).items():
            self.histories[seat][:0] = events
        self.driver = driver
        self.wake = wake
        self._inbox: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        driver.listen(None, self._after)

    # -- the server's thread: queue what it asks -----------------------------------------------------

    def join(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> Holder:  # type: ignore[override]
        self._later(link, lambda: super(DrivenHost, self).join(link, message, games))
        return None  # type: ignore[return-value]

    def rejoin(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> Holder:  # type: ignore[override]
        self._later(link, lambda: self._take_back(link, message, games))
        return None  # type: ignore[return-value]

    def on_action(self, link: Link, message: dict[str, Any]) -> None:
        self._later(link, lambda: self._act(link, message))

    def left(self, link: Link) -> None:
        self._later(link, lambda: super(DrivenHost, self).left(link))

    def _later(self, link: Link, job: Callable[[], Any]) -> None:
        def run() -> None:
            try:
                job()
            except Refusal as refusal:
                LOG.warning("table %s: refused from %s: %s", self.id, link.peer, refusal)
                link.send(p.error(refusal))
        self._inbox.put(run)
        if self.wake is not None:
            self.wake()

    async def run(self) -> None:
        """Nothing to loop over: the window's driver runs the game."""
        await self.finished.wait()

    # -- the window's thread ---------------------------------------------------------------------------

    def pump(self) -> None:
        """Do what the network asked since the last frame (call once a frame, on the table's thread)."""
        while True:
            try:
                job = self._inbox.get_nowait()
            except queue.Empty:
                break
            job()
            self._mark_away()
        if self.driver.is_over() and not self.finished.is_set():
            for holder in self.holders.values():
                self._send(holder, {"type": "over"})
            self.finished.set()

    def _take_back(self, link: Link, message: dict[str, Any], games: dict[str, int]) -> None:
        """A seat taken back with its token: from the bot the host handed it to, if it did."""
        holder = super().rejoin(link, message, games)
        if self.session.bots.pop(holder.seat, None) is not None:
            self.remote.add(holder.seat)
            LOG.info("table %s: seat %d is back from the bot", self.id, holder.seat)

    def hand_to_bot(self, seat: int, level: str = "normal") -> None:
        """The host's choice for an away seat (on the window's thread, like every move here)."""
        super().hand_to_bot(seat, level)
        self._mark_away()

    def _mark_away(self) -> None:
        """The driver says which seats are away (every table at the host marks them): dropped and
        not handed to a bot."""
        self.driver.away = {seat for seat in self.away() if seat in self.remote}

    def _act(self, link: Link, message: dict[str, Any]) -> None:
        """A remote seat's action, checked as the host checks it, then submitted to the driver."""
        holder = self._sender(link, message)
        if holder.seat not in self.driver.to_act():
            raise Refusal(p.NOT_ASKED)
        holder.last_seq = message["seq"]
        applied = self.driver.submit(holder.seat, message["action"])
        if not applied.ok:
            LOG.info("table %s: seat %d's action refused by the game: %s", self.id, holder.seat,
                     applied.reason)
            link.send(p.error(Refusal(p.REFUSED_ACTION, reason=applied.message)))
            self._update(holder, prompt=True)

    def _after(self, entry: Entry, _events: list[Event]) -> None:
        """After any applied action (a bot's, a local human's, a remote seat's, the clock's): every
        connected remote seat gets its view, its new events and, when asked, its moves."""
        waiting = set(self.driver.to_act())
        for holder in self.holders.values():
            self._update(holder, prompt=holder.seat in waiting,
                         ack=holder.last_seq if holder.seat == entry.seat else None)

    def _attach(self, holder: Holder, link: Link, seen: int) -> None:
        super()._attach(holder, link, seen)
        if holder.seat in self.driver.to_act():
            self._update(holder, prompt=True)  # asked already: its moves, now that it is here

    def _countdown(self) -> float | None:
        return self.driver.remaining()
