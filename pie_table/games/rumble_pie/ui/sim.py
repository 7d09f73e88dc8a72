"""The fixed-timestep simulation behind the table: queued human actions, bots, then the engine tick."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pie_table.core.session import Session
from pie_table.core.setup import GameSetup
from pie_table.games.rumble_pie.adapters import engine_options
from pie_table.games.rumble_pie.rules import RULES, TICK_HZ
from pie_table.games.rumble_pie.ui.table_state import TableState

TICK = 1.0 / TICK_HZ
# A hitch (window drag, breakpoint) may not fast-forward the game by more than this.
MAX_FRAME = 0.25
AUTO_START_S = 1.5
_WAITING = ("ready", "round_over")


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


class TableSim:
    """Paces the game's session in whole ticks at TICK_HZ, whatever the frame rate."""

    def __init__(self, setup: GameSetup, session: Session | None = None, watch: bool = False) -> None:
        self.setup = setup
        self.options = engine_options(setup)
        self.session = session if session is not None else Session(setup)
        self.bots = self.session.bots
        self.has_humans = len(self.bots) < len(setup.seats)
        self.queue: list[tuple[dict[str, Any], Any]] = []
        self.accumulator = 0.0
        self.game_ticks = 0  # ticks since the first start: the CLI's "seconds of game time"
        self.started = bool(self.session.log)  # a resumed game has long since started
        self.watch = watch  # a replay feeds the ticks: the clock does not run here
        self._table: tuple[Any, TableState] | None = None
        self.waiting_s = 0.0

    @property
    def state(self) -> Any:
        """The engine state (the session's)."""
        return self.session.state

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
        """Queue a human action for the start of the next tick (read order is kept)."""
        self.queue.append((action, origin))

    def start(self, origin: Any = None) -> None:
        """Ask for the next round to begin (queued like any action)."""
        if self.phase in _WAITING and not any(a.get("type") == "start" for a, _ in self.queue):
            self.push({"type": "start"}, origin)

    def advance(self, dt: float) -> list[TickResult]:
        """Run as many whole ticks as `dt` (clamped) pays for; leftover time waits for the next frame."""
        if self.watch:
            return []
        self.accumulator += min(max(dt, 0.0), MAX_FRAME)
        self._auto_start(min(max(dt, 0.0), MAX_FRAME))
        results = []
        while self.accumulator >= TICK - 1e-9:  # 1e-9: sixty frames of 1/60 s are sixty ticks, not 59
            self.accumulator = max(0.0, self.accumulator - TICK)
            results.append(self.step())
        return results

    def _auto_start(self, dt: float) -> None:
        """With nobody at the keys, rounds start by themselves after a short beat."""
        if self.phase not in _WAITING or RULES.is_over(self.state):
            self.waiting_s = 0.0
            return
        self.waiting_s += dt
        if not self.has_humans and self.waiting_s >= AUTO_START_S:
            self.start("auto")

    def step(self) -> TickResult:
        """One tick: queued human actions in read order, then the bots, then the engine's tick.

        The seat of a human action is the one its device plays for (the controls put it there);
        round starts are the table's own actions and go in with no seat.
        """
        queued, self.queue = self.queue, []
        items = [(None if a.get("type") in RULES.system_actions else a.get("seat"), a, origin)
                 for a, origin in queued]
        done = self.session.realtime_step(items)
        result = TickResult(self.game_ticks, done.events,
                            [Refusal(a, reason, origin) for a, reason, origin in done.refusals],
                            done.applied)
        if any(a.get("type") == "start" for a, _ in done.applied):
            self.started = True
        if self.started:
            self.game_ticks += 1
        return result

    def replay_apply(self, seat: int | None, action: dict[str, Any]) -> TickResult:
        """One logged entry of a replay, applied through the session."""
        applied = self.session.submit(seat, action)
        result = TickResult(self.game_ticks, list(applied.events))
        if applied.ok:
            result.applied.append((action, ("replay", seat)))
            if action.get("type") == "start":
                self.started = True
            if action.get("type") == "tick" and self.started:
                self.game_ticks += 1
        return result

    def view_for(self, seat: int) -> dict[str, Any]:
        """The seat's view (the session builds the shared part once per state change)."""
        return self.session.view(seat)

    def fast_forward(self, until_tick: int | None = None, until_round: int | None = None,
                     limit: int = 600 * TICK_HZ, on_result: Any = None) -> int:
        """Run ticks without a screen, starting rounds at once, until game tick / round is reached
        (`on_result(TickResult)` sees every tick, e.g. to keep the table talk)."""
        ran = 0
        while ran < limit and not RULES.is_over(self.state):
            if until_tick is not None and self.game_ticks >= until_tick and (self.started or until_tick <= 0):
                break
            if until_round is not None and self.state.round >= until_round and self.phase == "play":
                break
            if self.phase in _WAITING:
                self.start("auto")
            result = self.step()
            if on_result is not None:
                on_result(result)
            ran += 1
        self.accumulator = 0.0
        return ran
