"""Drive whole Rumble Pie games in pure Python: controllers see only views, ticks are simulated."""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.engine import RealtimeBot
from pie_table.core.fixed_step import FixedStep
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SeatSpec
from pie_table.games.rumble_pie.legal import legal_actions_from_view
from pie_table.games.rumble_pie.rules import RULES
from pie_table.games.rumble_pie.state import TICK_HZ, RumbleState


class RandomLegalController(RealtimeBot):
    """Each tick, with probability `rate`, picks uniformly among the legal actions in its view."""

    def __init__(self, seat: int, seed: int, rate: float = 0.3) -> None:
        self.seat = seat
        self.rate = rate
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], tick: int) -> dict[str, Any] | None:
        """One action or None."""
        if view["phase"] != "play" or self.rng.random() >= self.rate:
            return None
        actions = legal_actions_from_view(view, self.seat)
        return self.rng.choice(actions) if actions else None


def _session(seats: int, seed: int, options: dict[str, Any] | None, controllers: list[Any],
             state: RumbleState | None = None) -> Session:
    """A session whose bots are the given controllers (any seat without one is a human who never acts)."""
    seat_specs = [SeatSpec("bot", level="custom")] * seats
    setup = GameSetup("rumble-pie", seat_specs, dict(options or {}), None, seed)
    return Session(setup, get_game("rumble-pie"), bots={c.seat: c for c in controllers}, state=state)


def run_game(seats: int, seed: int, options: dict[str, Any] | None, controllers: list[Any],
             max_ticks: int = 60 * 60 * 60, log: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Play a whole game; returns scores, winner, rounds, ticks and counts (`log` collects every action)."""
    session = _session(seats, seed, options, controllers)
    TableDriver(session, dynamics=FixedStep).play_out(max_ticks)
    if log is not None:
        log.extend(entry.action for entry in session.log)
    return report(session)


def tick_driver(state: RumbleState, controllers: list[Any]) -> TableDriver[FixedStep]:
    """A driver over `state` with the given controllers, for tests that step a game tick by tick
    (`dynamics.step()`), starting rounds themselves through its session."""
    return TableDriver(_session(state.seats, 0, None, controllers, state=state), dynamics=FixedStep)


def replay(seats: int, seed: int, options: dict[str, Any] | None,
           actions: list[dict[str, Any]]) -> RumbleState:
    """The game rebuilt from its seed and the actions `run_game` logged, through the one replay (a
    refused action raises `ReplayError`)."""
    nobody = [SeatSpec("human", control="keys1")] * seats  # no bots: the log says every move
    setup = GameSetup("rumble-pie", nobody, dict(options or {}), None, seed)
    rows = [(None if a["type"] in RULES.system_actions else a["seat"], a) for a in actions]
    return TableDriver.from_log(setup, rows).session.state


def report(session: Session) -> dict[str, Any]:
    """The summary of a played session: scores, winner, rounds, ticks and the seat actions applied."""
    state, seed = session.state, session.setup.seed
    applied = sum(1 for entry in session.log if entry.seat is not None)
    summary = {"game": "rumble-pie", "seed": seed, "scores": list(state.scores), "winner": state.winner,
               "rounds": len(state.history), "ticks": state.tick, "game_seconds": state.tick / TICK_HZ,
               "actions": applied}
    if state.phase != "game_over":
        summary["timeout"] = True
    return summary


def speed(seats: int = 2, games: int = 5, seed: int = 0) -> dict[str, Any]:
    """Simulated game-seconds per wall-second for random players (a figure, never a test assert)."""
    start = time.perf_counter()
    game_seconds = 0.0
    for g in range(games):
        ctls = [RandomLegalController(s, seed + 100 * g + s) for s in range(seats)]
        game_seconds += run_game(seats, seed + g, None, ctls)["game_seconds"]
    wall = time.perf_counter() - start
    return {"seats": seats, "games": games, "game_seconds": round(game_seconds, 1),
            "wall_seconds": round(wall, 3), "speedup": round(game_seconds / wall, 1)}


if __name__ == "__main__":
    for n in [int(a) for a in sys.argv[1:]] or [2, 4, 6]:
        print(speed(n))
