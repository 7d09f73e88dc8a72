"""The fixed-timestep simulation behind the table: queued human actions, bots, then the engine tick."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pie_table.core.engine import try_apply
from pie_table.core.setup import GameSetup
from pie_table.games.rumble_pie.adapters import engine_options
from pie_table.games.rumble_pie.rules import RULES, TICK_HZ
from pie_table.games.rumble_pie.view import public_view

TICK = 1.0 / TICK_HZ
# A hitch (window drag, breakpoint) may not fast-forward the game by more than this.
MAX_FRAME = 0.25
AUTO_START_S = 1.5
_WAITING = ("ready", "round_over")


def make_controller(level: str, seat: int, seed: int) -> Any:
    """A bot for a seat; until bots.py exists, the engine's random legal player stands in."""
    try:
        from pie_table.games.rumble_pie.bots import make_bot
    except ImportError:
        from pie_table.games.rumble_pie.headless import RandomLegalController

        return RandomLegalController(seat, seed)
    return make_bot(level, seat, seed)


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
    """Owns the game state and advances it in whole ticks at TICK_HZ, whatever the frame rate."""

    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.options = engine_options(setup)
        self.state = RULES.new_state(len(setup.seats), setup.seed, self.options)
        self.bots = {
            seat: make_controller(spec.level, seat, setup.seed * 1009 + seat)
            for seat, spec in enumerate(setup.seats)
            if spec.is_bot
        }
        self.has_humans = len(self.bots) < len(setup.seats)
        self.queue: list[tuple[dict[str, Any], Any]] = []
        self.accumulator = 0.0
        self.game_ticks = 0  # ticks since the first start: the CLI's "seconds of game time"
        self.started = False
        self.waiting_s = 0.0
        self._view: dict[str, Any] | None = None  # the public view, until the next applied action

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
        """One tick: queued human actions in read order, then the bots, then the engine's tick."""
        result = TickResult(self.game_ticks)
        queued, self.queue = self.queue, []
        for action, origin in queued:
            self._apply(action, origin, result)
        self._run_bots(result)
        outcome = try_apply(RULES, self.state, {"type": "tick"})
        result.events.extend(outcome.events)
        self._view = None
        if self.started:
            self.game_ticks += 1
        return result

    def _apply(self, action: dict[str, Any], origin: Any, result: TickResult) -> bool:
        outcome = try_apply(RULES, self.state, action)
        if outcome.ok:
            self._view = None
            if action.get("type") == "start":
                self.started = True
            result.events.extend(outcome.events)
            result.applied.append((action, origin))
        else:
            result.refusals.append(Refusal(action, outcome.reason, origin))
        return outcome.ok

    def _run_bots(self, result: TickResult) -> None:
        """Each bot sees the state as it is after the humans' actions; the first seat rotates per tick."""
        tick = self.state.tick
        seats = list(self.bots)
        if not seats:
            return
        turn = tick % len(seats)
        for seat in seats[turn:] + seats[:turn]:
            bot = self.bots[seat]
            action = bot.act(self.view_for(seat), tick)
            if action is None:
                continue
            if not self._apply(action, ("bot", seat), result):
                refusal = result.refusals.pop()
                if hasattr(bot, "refused"):
                    bot.refused(action, refusal.reason)

    def view_for(self, seat: int) -> dict[str, Any]:
        """RULES.view(state, seat), built once per state change: a view is the same for every seat
        apart from the seat stamp, and six bots each asking every tick was the costliest part of a frame."""
        if self._view is None:
            self._view = public_view(self.state)
        return {**self._view, "seat": seat}

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
