"""When a turn-based table's bots move, and when a decision's countdown runs out: `BotClock`.

A bot at a table of people waits a human beat before it moves, so how fast it answers tells
nothing a person could not see: its game's own beat, or the pace's public beat, or a shorter one
for a sealed pick; for a sealed window any seat may pass, a delay drawn from the table's seeded
generator, since a quick pass would show an empty hand. A decision's countdown runs on the same
clock. A new moment (the top decision changes; without one, any move or change of who is asked; or
the game's own `moment`) starts the clock afresh: every beat is drawn again, the countdown is full.

The clock only tells the time: the driver (`core.driver.TableDriver.update`) plays the bots whose
beat is over and submits the logged timeout when the countdown has run out, so a replay needs no
clock. `core.dynamics.Turns` gives its driver one; a fixed step gives `NoBotClock` (its bots act
on every tick they are asked). Both are a `BotPacing`, the one shape the driver reads. Pure
Python: no pygame.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from pie_table.core.pacing import Pace
from pie_table.core.session import Session

_AT_ONCE = Pace(0.0, 0.0, (0.0, 0.0))


class Clocked(Protocol):
    """What the clock reads of its table: the decision on top, the moves made, who is asked."""

    session: Session

    @property
    def rules(self) -> Any:
        """The game's rules."""

    @property
    def state(self) -> Any:
        """The engine state."""

    def to_act(self) -> list[int]:
        """Seats the table waits for now."""


class BotPacing(Protocol):
    """What the driver reads of its bots' clock: whether a bot's beat is over, a decision's
    countdown, and the time it lets pass."""

    def pace_by(self, pace: Pace | None, beat: Callable[[int], float] | None = None,
                moment: Callable[[], Any] | None = None) -> None:
        """How long bots wait from now on (None: not at all)."""

    def check_moment(self) -> None:
        """Start the clock afresh if a new moment began."""

    def run(self, dt: float) -> None:
        """Let `dt` seconds pass."""

    def due(self, seat: int) -> bool:
        """The bot at `seat` may move now."""

    def beat_left(self, seat: int) -> float:
        """Seconds until the bot at `seat` is due."""

    def remaining(self) -> float | None:
        """Seconds left on the current decision's countdown (None: none runs)."""

    def ran_out(self) -> bool:
        """The current decision's countdown is over."""

    def restart_countdown(self) -> None:
        """The countdown starts again from full."""


class NoBotClock(BotPacing):
    """A fixed step's: its bots have no beat (each acts on every tick the dynamics asks it) and no
    countdown runs on this clock (the game's own ticks time it)."""

    def pace_by(self, pace: Pace | None, beat: Callable[[int], float] | None = None,
                moment: Callable[[], Any] | None = None) -> None:
        """Nothing to pace."""

    def check_moment(self) -> None:
        """No moments to tell apart."""

    def run(self, dt: float) -> None:
        """No time of its own."""

    def due(self, seat: int) -> bool:
        return True

    def beat_left(self, seat: int) -> float:
        return 0.0

    def remaining(self) -> float | None:
        return None

    def ran_out(self) -> bool:
        return False

    def restart_countdown(self) -> None:
        """No countdown here."""


class BotClock(BotPacing):
    """The seconds a turn-based table has waited in its current moment, and each bot's beat in it."""

    def __init__(self, table: Clocked, seed: int = 0) -> None:
        """`seed`: where the reaction delays are drawn from (the same seed, the same delays). Bots
        move at once until `pace_by` gives them a pace."""
        self.table = table
        self.rng = random.Random(seed)  # reaction delays, drawn in the order bots are asked
        self.pace = _AT_ONCE
        self.beat: Callable[[int], float] | None = None
        self.moment: Callable[[], Any] | None = None
        self.waited = 0.0  # seconds since the moment began (or the countdown restarted)
        self._moment: tuple[Any, ...] | None = None
        self._delays: dict[int, float] = {}  # each bot's beat in this moment, drawn when first asked

    def pace_by(self, pace: Pace | None, beat: Callable[[int], float] | None = None,
                moment: Callable[[], Any] | None = None) -> None:
        """How long bots wait from now on (None: not at all). `beat(seat)` may give a game's own
        wait for a bot's next move; `moment()` may say when the clock starts afresh, for a game
        whose one decision takes several moves that each deserve their beat. The next look starts
        a new moment."""
        self.pace = pace if pace is not None else _AT_ONCE
        self.beat, self.moment = beat, moment
        self._moment, self._delays = None, {}

    def check_moment(self) -> None:
        """A new moment starts the clock afresh: the top decision of a stack (its countdown runs
        from when it opened, whoever answers meanwhile); without one, any move or change of who is
        asked; or what the game's `moment()` says."""
        table = self.table
        decision = table.rules.current_decision(table.state)
        moment: tuple[Any, ...] = (
            ("game", self.moment()) if self.moment is not None
            else ("decision", decision.id) if decision is not None
            else (len(table.session.log), tuple(table.to_act())))
        if moment != self._moment:
            self._moment = moment
            self.waited = 0.0
            self._delays = {}

    def run(self, dt: float) -> None:
        """Look for a new moment, then let `dt` seconds pass in it."""
        self.check_moment()
        self.waited += dt

    def due(self, seat: int) -> bool:
        """The bot at `seat` has waited its beat in this moment (drawn now if it was not yet)."""
        return self.waited >= self._delay(seat)

    def beat_left(self, seat: int) -> float:
        """Seconds until the bot at `seat` is due (0 while its beat is not drawn yet: it is drawn
        on the next `due`)."""
        delay = self._delays.get(seat)
        return 0.0 if delay is None else max(0.0, delay - self.waited)

    def remaining(self) -> float | None:
        """Seconds left on the current decision's countdown (None: it has none)."""
        decision = self.table.rules.current_decision(self.table.state)
        if decision is None or decision.deadline is None:
            return None
        return max(0.0, decision.deadline - self.waited)

    def ran_out(self) -> bool:
        """The current decision's countdown is over."""
        left = self.remaining()
        return left is not None and left <= 0

    def restart_countdown(self) -> None:
        """The countdown starts again from full, in the same moment (a claimed reaction window:
        the claimer gets the whole time to choose)."""
        self.waited = 0.0

    def _delay(self, seat: int) -> float:
        delay = self._delays.get(seat)
        if delay is None:
            decision = self.table.rules.current_decision(self.table.state)
            if decision is not None and decision.sealed and decision.allow_pass:
                delay = self.rng.uniform(*self.pace.reaction)
            elif self.beat is not None:
                delay = self.beat(seat)
            else:
                delay = self.pace.secret if decision is not None and decision.sealed else self.pace.public
            self._delays[seat] = delay
        return delay
