"""A real-time game's clock (Rumble Pie): the fixed step the one `TableDriver` is given.

Queued human actions in the order they were read, then the bots, then the engine's clock, tick by
tick, whatever the frame rate. Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pie_table.core.bot_clock import NoBotClock
from pie_table.core.dynamics import Driven, TickStep
from pie_table.core.engine import Action
from pie_table.core.session import Applied

_TICK: Action = {"type": "tick"}
_HOUR_OF_TICKS = 60 * 60 * 60  # `play_out`'s bound: an hour of play at 60 Hz


class FixedStep:
    """A real-time game at its fixed step, run by the driver it is given to (`TableDriver`)."""

    def __init__(self, driver: Driven, *, tick_hz: int = 60, watch: bool = False,
                 auto_start_s: float = 1.5, max_frame: float = 0.25) -> None:
        """`watch`: a replay feeds the ticks, the clock does not run here. With nobody at the keys a
        round starts by itself after `auto_start_s`; a hitch (window drag, breakpoint) may not run
        the game on by more than `max_frame` seconds."""
        self.driver = driver
        self.tick_s = 1.0 / tick_hz
        self.watch = watch
        self.auto_start_s = auto_start_s
        self.max_frame = max_frame
        self.pending: list[tuple[int | None, Action, Any]] = []
        self.accumulator = 0.0
        self.waiting_s = 0.0
        self.game_ticks = 0  # ticks since the first round started: the CLI's "seconds of game time"
        self.started = bool(driver.session.log)  # a resumed game has long since started
        self.has_humans = len(driver.session.bots) < len(driver.setup.seats)
        self._step_listeners: list[Callable[[TickStep], None]] = []

    def listen_steps(self, fn: Callable[[TickStep], None]) -> bool:
        """Call `fn(step)` after every tick run here, with the origins of what it applied and
        refused (a host tells each remote seat what became of its inputs)."""
        self._step_listeners.append(fn)
        return True

    def bot_clock(self) -> NoBotClock:
        """No beat: bots act every tick they want to."""
        return NoBotClock()

    def hold(self, still: bool) -> bool:
        """Stop the clock where it is (or let it run again): no tick of its own meanwhile."""
        self.watch = still
        return True

    def waiting(self) -> Action | None:
        """The table's action the game waits for before its clock runs on (a round's start)."""
        return self.driver.rules.waiting_action(self.driver.state)

    def queue(self, seat: int | None, action: Action, origin: Any = None) -> None:
        """Queue an action for the start of the next tick (None: the table's own, e.g. a start)."""
        self.pending.append((seat, action, origin))

    def start(self, origin: Any = None) -> None:
        """Ask for the next round to begin (queued like any action, once)."""
        opener = self.waiting()
        if opener is not None and not any(a == opener for _, a, _ in self.pending):
            self.queue(None, opener, origin)

    def advance(self, dt: float) -> list[TickStep]:
        """Run as many whole ticks as `dt` (clamped) pays for; leftover time waits for the next frame."""
        if self.watch:
            return []
        dt = min(max(dt, 0.0), self.max_frame)
        self.accumulator += dt
        self._auto_start(dt)
        steps = []
        while self.accumulator >= self.tick_s - 1e-9:  # sixty frames of 1/60 s are sixty ticks, not 59
            self.accumulator = max(0.0, self.accumulator - self.tick_s)
            steps.append(self.step())
        return steps

    def _auto_start(self, dt: float) -> None:
        """With nobody at the keys, rounds start by themselves after a short beat."""
        if self.waiting() is None or self.driver.is_over():
            self.waiting_s = 0.0
            return
        self.waiting_s += dt
        if not self.has_humans and self.waiting_s >= self.auto_start_s:
            self.start("auto")

    def step(self, queued: Iterable[tuple[int | None, Action, Any]] = ()) -> TickStep:
        """One tick: queued actions in read order (`queued`: more, after those of `queue`), then the
        bots, then the clock. The bots all decide
        from the same view, as people at a table do, and their actions land in an order whose first
        seat rotates every tick, so no seat always wins a race for a pile (the loser is told why)."""
        session = self.driver.session
        opener = self.waiting()
        queued, self.pending = [*self.pending, *queued], []
        step = TickStep(self.driver.rules.tick(self.driver.state))
        for seat, action, origin in queued:
            self._step_apply(step, seat, action, origin)
        bots = session.bots
        if bots and self.driver.to_act():
            wanted = [(seat, chosen) for seat in bots if (chosen := session.bot_action(seat)) is not None]
            count = len(self.driver.setup.seats)
            first = step.tick % count
            wanted.sort(key=lambda pair: (pair[0] - first) % count)
            for seat, action in wanted:
                applied = self._step_apply(step, seat, action, ("bot", seat))
                if not applied.ok:
                    step.refusals.pop()
                    bots[seat].refused(action, applied.reason)
        step.events.extend(session.submit(None, _TICK).events)
        if opener is not None and any(a == opener for a, _ in step.applied):
            self.started = True
        if self.started:
            self.game_ticks += 1
        for fn in self._step_listeners:
            fn(step)
        return step

    def _step_apply(self, step: TickStep, seat: int | None, action: Action, origin: Any) -> Applied:
        applied = self.driver.session.submit(seat, action)
        if applied.ok:
            step.events.extend(applied.events)
            step.applied.append((applied.entry.action if applied.entry else action, origin))
        else:
            step.refusals.append((action, applied.message, origin))
        return applied

    def apply_logged(self, seat: int | None, action: Action) -> TickStep:
        """One logged entry of a replay, applied through the session (the clock counts its ticks)."""
        opener = self.waiting()
        applied = self.driver.session.submit(seat, action)
        step = TickStep(self.driver.rules.tick(self.driver.state), list(applied.events))
        if applied.ok:
            step.applied.append((action, ("replay", seat)))
            if opener is not None and action == opener:
                self.started = True
            if action == _TICK and self.started:
                self.game_ticks += 1
        return step

    def fast_forward(self, until_tick: int | None = None, until_round: int | None = None,
                     limit: int = 600 * 60, on_step: Callable[[TickStep], None] | None = None) -> int:
        """Run ticks without a screen, starting rounds at once, until game tick `until_tick` or
        round `until_round` (needs `turn_of`) is in play; `on_step` sees every tick. Ticks run."""
        ran = 0
        while ran < limit and not self.driver.is_over():
            if until_tick is not None and self.game_ticks >= until_tick and (self.started or until_tick <= 0):
                break
            if (until_round is not None and self.driver.turn_of is not None
                    and self.driver.turn_of(self.driver.state) >= until_round and self.waiting() is None):
                break
            self.start("auto")
            step = self.step()
            if on_step is not None:
                on_step(step)
            ran += 1
        self.accumulator = 0.0
        return ran

    def play_out(self, limit: int | None = None) -> int:
        """Play an all-bot game to its end without a screen (at most `limit` ticks); between rounds
        the table's waiting action (the next round's start) is taken at once. Returns ticks run."""
        limit = _HOUR_OF_TICKS if limit is None else limit
        ticks = 0
        while not self.driver.is_over() and ticks < limit:
            opener = self.waiting()
            if opener is not None:
                self.driver.submit(None, opener)
                continue
            self.step()
            ticks += 1
        return ticks
