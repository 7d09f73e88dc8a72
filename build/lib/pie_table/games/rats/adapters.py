"""Glue between the RATS engine and the shared CLI: simulate and bench adapters."""

from __future__ import annotations

import time
from typing import Any

from pie_table.core.session import Session
from pie_table.core.setup import GameSetup
from pie_table.games.rats.headless import summary


def report(session: Session) -> dict[str, Any]:
    """The CLI's summary of a played game (the winner is one seat)."""
    result = summary(session.state, len(session.log))
    result["seats"] = [s.spec() for s in session.setup.seats]
    result["winning_seats"] = [] if result.get("winner") is None else [result["winner"]]
    return result


def simulate(setup: GameSetup) -> dict[str, Any]:
    """Play one whole game with bots and report it."""
    session = Session(setup)
    session.run_to_end()
    return report(session)


def bench_sim(setup: GameSetup, games: int | None) -> dict[str, Any]:
    """Whole games per second on one core (CPU time, so other load on the machine does not count)."""
    games = games or 200
    seed = setup.seed
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    for i in range(games):
        setup.seed = seed + i
        simulate(setup)
    cpu = time.process_time() - start_cpu
    wall = time.perf_counter() - start_wall
    return {"game": "rats", "players": len(setup.seats), "seats": [s.spec() for s in setup.seats],
            "games": games, "cpu_seconds": round(cpu, 3), "wall_seconds": round(wall, 3),
            "games_per_s": round(games / cpu, 1)}
