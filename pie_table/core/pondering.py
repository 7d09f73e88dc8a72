"""Bots that ponder think in a worker thread, so the table keeps drawing (or serving) meanwhile.

A searching bot takes tens of milliseconds a decision: on the thread that draws the window that is
several frames, and on the event loop `serve` shares with other tables a stall for all of them. A
table asks such a bot (`TurnBot.ponders`) here instead: the decision is worked out in a thread from
a copy of the state and of the seat's history as they stood when it was asked, while the table
goes on; the table plays it once it is ready, if the game has not moved on meanwhile (else it is
asked afresh). The copy is the bot's alone, so nothing the table changes meanwhile is read
half-changed. The bot decides from the same position with the same seeds as it would at once,
so a game plays the same moves either way. Pure Python: no pygame.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pie_table.core.engine import Action, GameRules, TurnBot
from pie_table.core.history import SeatHistory
from pie_table.core.session import Session, turn_decision, view_decision


@dataclass
class _Job:
    """One decision being worked out: the position it was asked at, and its answer once ready."""

    position: Any  # whatever the asker compares: the state's version, a table's moves
    done: threading.Event = field(default_factory=threading.Event)
    action: Action | None = None
    failure: BaseException | None = None


class Pondering:
    """The decisions a table's pondering bots are working out, one per seat at most."""

    def __init__(self) -> None:
        self._jobs: dict[int, _Job] = {}

    def answer(self, session: Session, seat: int) -> Action | None:
        """The bot's move at `seat` once it is ready (None while it still thinks: ask again on a
        later frame). A decision asked at an earlier position is dropped and asked afresh."""
        position = (id(session.state), session.rules.version(session.state))
        bot = session.bots[seat]
        return self.consult(seat, position, lambda: SeatCopy.of(session, seat).decider(bot))

    def consult(self, seat: int, position: Any, begin: Callable[[], Callable[[], Action]]) -> Action | None:
        """The answer worked out for `seat` at `position` once it is ready (None while it is still
        being worked out: ask again on a later frame). `begin` is called here, only when a job
        starts: it copies what the work will read and returns the work, run in the worker. A job
        asked at another position is dropped, once it is done, and asked afresh."""
        job = self._jobs.get(seat)
        if job is not None and job.position != position:
            if not job.done.is_set():
                return None  # still busy with the old position: a seat is not worked out twice at once
            job = None
        if job is None:
            self._jobs[seat] = _start(position, begin())
            return None
        if not job.done.is_set():
            return None
        del self._jobs[seat]
        if job.failure is not None:
            raise job.failure
        return job.action

    def thinking(self, seat: int) -> bool:
        """True while the bot at `seat` works a decision out."""
        job = self._jobs.get(seat)
        return job is not None and not job.done.is_set()

    def busy(self) -> bool:
        """True while any bot of the table works a decision out."""
        return any(not job.done.is_set() for job in self._jobs.values())

    def wait(self, seat: int, timeout: float | None = None) -> bool:
        """Block until the bot at `seat` has its answer (tests, and a table that must stop)."""
        job = self._jobs.get(seat)
        return job is None or job.done.wait(timeout)


class Position(Protocol):
    """A position a bot decides from at one seat, the bot's alone (nothing the table changes
    meanwhile is read): the game copied (`SeatCopy`), or what a seat played from another machine
    was sent (`ViewCopy`)."""

    @property
    def seat(self) -> int:
        """The seat the bot decides for."""

    def decision(self, bot: TurnBot) -> Action:
        """What `bot` does at the seat, told what the seat was told."""


@dataclass(frozen=True)
class SeatCopy:
    """A game as one seat stands in it, copied for a bot to decide from in a worker: the state and
    what the seat has been told, the bot's alone (nothing the table changes meanwhile is read)."""

    rules: GameRules
    state: Any
    seat: int
    history: SeatHistory

    @classmethod
    def of(cls, session: Session, seat: int) -> SeatCopy:
        """`session`'s game as `seat` stands in it now."""
        history = SeatHistory(seat, list(session.history(seat).events))
        return cls(session.rules, session.rules.clone(session.state), seat, history)

    def decision(self, bot: TurnBot) -> Action:
        """What `bot` does at the seat (`turn_decision`: from the seat's bot view and history)."""
        return turn_decision(self.rules, bot, self.state, self.seat, self.history)

    def decider(self, bot: TurnBot) -> Callable[[], Action]:
        """`decision` for `bot`, to be called later (in a worker)."""
        return lambda: self.decision(bot)


@dataclass(frozen=True)
class ViewCopy:
    """A seat played from another machine as it stands: the view and the moves the host sent it
    and what it has been told, copied for a bot to decide from in a worker (a searching bot
    determinizes the rest from the view, as at a table played here)."""

    seat: int
    view: Mapping[str, Any]
    history: SeatHistory
    legal: Sequence[Action]

    def decision(self, bot: TurnBot) -> Action:
        """What `bot` does at the seat (`view_decision`, told the seat's history)."""
        bot.hear(self.history)
        return view_decision(bot, self.view, self.legal)


def _start(position: Any, work: Callable[[], Action]) -> _Job:
    job = _Job(position)

    def run() -> None:
        try:
            job.action = work()
        except BaseException as exc:  # noqa: BLE001 - handed to the table's thread, raised there
            job.failure = exc
        finally:
            job.done.set()

    _worker().put(run)
    return job


# One worker thread for every pondering bot of the process, started once. Python runs one thread at
# a time, so bots thinking side by side would be no quicker: they would only take more turns from
# the thread that draws, and starting a thread per decision waits for the interpreter each time
# (three rats asked at once stalled a frame for 110 ms). The answers do not depend on the order.
_jobs: queue.SimpleQueue[Callable[[], None]] | None = None
_starting = threading.Lock()


def _worker() -> queue.SimpleQueue[Callable[[], None]]:
    global _jobs
    with _starting:
        if _jobs is None:
            jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
            threading.Thread(target=_work_on, args=(jobs,), name="bots ponder", daemon=True).start()
            _jobs = jobs
        return _jobs


def _work_on(jobs: queue.SimpleQueue[Callable[[], None]]) -> None:
    while True:
        jobs.get()()  # each job keeps its own failure for the table that asked


def ponders(bot: Any) -> bool:
    """True for a turn-based bot that is asked in a worker (`TurnBot.ponders`)."""
    return isinstance(bot, TurnBot) and bot.ponders
