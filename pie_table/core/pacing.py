"""Pacing a session for people: bots wait a human beat before they move, and time runs out.

The engine never reads a clock. At a table, though, time matters: a bot that answers in a
microsecond is unreadable, and a reaction window must close when its countdown ends. The
`Pacer` turns the frames' wall-clock time into the session's logged actions: a bot's move once
its beat has passed, and a `timeout` action when the decision on top of the stack has a deadline
and it has run out. Headless runs skip it and play at full speed; replays need nothing of it,
since every timeout is in the log.

Bots answering a sealed window (a reaction nobody may see before it closes) wait a delay drawn
from the pacer's own seeded random source, so when they answer says nothing about what they hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pie_table.core.session import TIMEOUT, Applied, Session


@dataclass(frozen=True)
class Pace:
    """How long bots wait before they act (seconds)."""

    public: float = 0.6  # a move everyone watches: a roll, a card played, a choice said aloud
    secret: float = 0.12  # a sealed pick nobody sees being made
    reaction: tuple[float, float] = (0.8, 2.0)  # answering a reaction window: drawn afresh each time


class Pacer:
    """Drives the bots of a turn-based session in time and submits timeouts."""

    def __init__(self, session: Session, pace: Pace = Pace(), seed: int = 0,
                 beat: Callable[[int], float] | None = None,
                 moment: Callable[[], Any] | None = None) -> None:
        """`beat(seat)` may give a game's own wait for a bot's next move (else public/secret from
        whether the decision on top of the stack is sealed). `moment()` may say when the clock
        starts afresh, for a game whose one turn decision takes several moves that each deserve
        their beat (else: when the top decision changes)."""
        self.session = session
        self.moment = moment
        self.pace = pace
        self.beat = beat
        self.rng = random.Random(seed)
        self.waited = 0.0
        self._moment: tuple[Any, ...] | None = None
        self._delays: dict[int, float] = {}

    def _decision(self) -> Any:
        return self.session.rules.current_decision(self.session.state)

    def remaining(self) -> float | None:
        """Seconds left on the current decision's countdown (None: it has none)."""
        decision = self._decision()
        if decision is None or decision.deadline is None:
            return None
        return max(0.0, decision.deadline - self.waited)

    def restart_countdown(self) -> None:
        """The current decision's countdown starts again from full (a claimed reaction window: the
        claimer gets the whole time to choose). Time still runs out only through a logged timeout."""
        self.waited = 0.0

    def update(self, dt: float, hold: bool = False) -> list[Applied]:
        """Let `dt` seconds pass; act for every bot whose beat is over, and time out a decision whose
        countdown ended. `hold` (an animation still playing) lets no time pass for the table."""
        self._check_moment()
        if hold or self.session.is_over():
            return []
        self.waited += dt
        done: list[Applied] = []
        for seat in self.session.to_act():
            if seat in self.session.bots and self.waited >= self._delay(seat):
                action = self.session.bot_action(seat)
                if action is not None:
                    done.append(self.session.submit(seat, action))
                    self._check_moment()
        left = self.remaining()
        if left is not None and left <= 0 and self.session.to_act():
            done.append(self.session.submit(None, {"type": TIMEOUT}))
            self._check_moment()
        return done

    def next_move_in(self) -> float | None:
        """Seconds until `update` may act: a bot's beat ending or a countdown running out (0 while a
        bot's beat is not drawn yet: the next update draws it); None when it waits for people only."""
        if self.session.is_over() or not self.session.to_act():
            return None
        self._check_moment()  # a move made meanwhile by a person starts the clock afresh, as update would
        waits = [self.remaining()]
        for seat in self.session.to_act():
            if seat in self.session.bots:
                delay = self._delays.get(seat)
                waits.append(0.0 if delay is None else delay - self.waited)
        running = [w for w in waits if w is not None]
        return max(0.0, min(running)) if running else None

    def _check_moment(self) -> None:
        """A new decision starts the clock afresh. With a decision stack that is the top decision
        (its countdown runs from when it opened, whoever answers meanwhile); without one, any
        move or change in who is asked."""
        decision = self._decision()
        moment: tuple[Any, ...] = (
            ("game", self.moment()) if self.moment is not None
            else ("decision", decision.id) if decision is not None
            else (len(self.session.log), tuple(self.session.to_act())))
        if moment != self._moment:
            self._moment = moment
            self.waited = 0.0
            self._delays = {}

    def _delay(self, seat: int) -> float:
        delay = self._delays.get(seat)
        if delay is None:
            decision = self._decision()
            if decision is not None and decision.sealed and decision.allow_pass:
                delay = self.rng.uniform(*self.pace.reaction)
            elif self.beat is not None:
                delay = self.beat(seat)
            else:
                delay = self.pace.secret if decision is not None and decision.sealed else self.pace.public
            self._delays[seat] = delay
        return delay
