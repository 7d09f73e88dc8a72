"""The table's hold on its driver's `FixedStep`: the fixed-step loop is the driver's (queued human
actions, bots, then the engine tick); this adds the public table the paint code reads and the
results in the shape the table scene and the tutorial take."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.dynamics import TickStep
from pie_table.core.fixed_step import FixedStep
from pie_table.core.setup import GameSetup
from pie_table.games.rumble_pie.adapters import engine_options
from pie_table.games.rumble_pie.rules import RULES, TICK_HZ
from pie_table.games.rumble_pie.table.table_state import TableState

TICK = 1.0 / TICK_HZ
# A hitch (window drag, breakpoint) may not fast-forward the game by more than this.
MAX_FRAME = 0.25
AUTO_START_S = 1.5


@dataclass
class Refusal:
    """An action the engine turned down, with who asked (origin is the UI's tag, e.g. a device)."""

    action: dict[str, Any]
    reason: str
    origin: Any = None


@dataclass
class TickResult:
    """What one tick produced: events in order and refused human actions."""

    tick: int
    events: list[dict[str, Any]] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    applied: list[tuple[dict[str, Any], Any]] = field(default_factory=list)
    # What a seat taken (or taken back) was sent of the game so far: the table talk tells it,
    # without sounds or effects for moves long past.
    catch_up: bool = False


class TableSim:
    """Paces the game's session in whole ticks at TICK_HZ, whatever the frame rate (through its
    `driver`), and keeps the public table built once per state change."""

    live = False  # the game is here: a table watched here is a replay

    def __init__(self, setup: GameSetup, driver: TableDriver[FixedStep], watch: bool = False) -> None:
        """`driver`: the table's, built by whoever opened it (`scenes.base.open_table`), set here to
        Rumble's step."""
        self.setup = setup
        self.options = engine_options(setup)
        self.driver = driver
        self.session = driver.session
        self.clock = clock = driver.dynamics
        clock.tick_s, clock.watch = TICK, watch
        clock.auto_start_s, clock.max_frame = AUTO_START_S, MAX_FRAME
        driver.turn_of = lambda state: state.round
        self.bots = self.session.bots
        self.has_humans = clock.has_humans
        self.watch = watch  # a replay feeds the ticks: the clock does not run here
        self._table: tuple[Any, TableState] | None = None

    @property
    def state(self) -> Any:
        """The engine state (the session's)."""
        return self.session.state

    @property
    def queue(self) -> list[tuple[int | None, dict[str, Any], Any]]:
        """Actions waiting for the next tick."""
        return self.clock.pending

    @property
    def game_ticks(self) -> int:
        """Ticks since the first start: the CLI's "seconds of game time"."""
        return self.clock.game_ticks

    @property
    def accumulator(self) -> float:
        """Frame time not yet spent on a whole tick."""
        return self.clock.accumulator

    @accumulator.setter
    def accumulator(self, value: float) -> None:
        self.clock.accumulator = value

    def table(self) -> TableState:
        """The public table (what every seat may see) in the shape the table code reads; built
        once per state change (`invalidate` after changing the state by hand, as tests do)."""
        key = (len(self.session.log), self.session.state.tick)
        if self._table is None or self._table[0] != key:
            self._table = (key, TableState(self.session.view(None)))
        return self._table[1]

    def invalidate(self) -> None:
        """Forget the cached public table (after the session's state was replaced)."""
        self._table = None

    @property
    def phase(self) -> str:
        """The engine's phase."""
        return str(self.state.phase)

    def push(self, action: dict[str, Any], origin: Any = None) -> None:
        """Queue a human action for the start of the next tick (read order is kept). Its seat is the
        one its device plays for (the controls put it there); round starts are the table's own."""
        seat = None if action.get("type") in RULES.system_actions else action.get("seat")
        self.clock.queue(seat, action, origin)

    def start(self, origin: Any = None) -> None:
        """Ask for the next round to begin (queued like any action)."""
        self.clock.start(origin)

    def advance(self, dt: float) -> list[TickResult]:
        """Run as many whole ticks as `dt` (clamped) pays for; leftover time waits for the next frame."""
        return [self._result(step) for step in self.clock.advance(dt)]

    def step(self) -> TickResult:
        """One tick: queued human actions in read order, then the bots, then the engine's tick."""
        return self._result(self.clock.step())

    def _result(self, step: TickStep) -> TickResult:
        # Numbered by the game time before this tick was counted.
        tick = self.clock.game_ticks - 1 if self.clock.started else self.clock.game_ticks
        refusals = [Refusal(a, reason, origin) for a, reason, origin in step.refusals]
        return TickResult(tick, step.events, refusals, step.applied)

    def replay_apply(self, seat: int | None, action: dict[str, Any]) -> TickResult:
        """One logged entry of a replay, applied through the session."""
        step = self.clock.apply_logged(seat, action)
        return TickResult(self.clock.game_ticks, step.events, [], step.applied)

    def view_for(self, seat: int) -> dict[str, Any]:
        """The seat's view (the session builds the shared part once per state change)."""
        return self.session.view(seat)

    def fast_forward(self, until_tick: int | None = None, until_round: int | None = None,
                     limit: int = 600 * TICK_HZ, on_result: Any = None) -> int:
        """Run ticks without a screen, starting rounds at once, until game tick / round is reached
        (`on_result(TickResult)` sees every tick, e.g. to keep the table talk)."""
        report = (lambda step: on_result(self._result(step))) if on_result is not None else None
        return self.clock.fast_forward(until_tick, until_round, limit, report)
