"""The headless adapters every turn-based game shares: play one bot game and report it, and
measure whole games per second. Pure Python."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pie_table.core.driver import play_to_end
from pie_table.core.search import thinking_figures, thinking_rows
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup


def play_and_report(setup: GameSetup, report: Callable[[Session], dict[str, Any]]) -> dict[str, Any]:
    """One whole game with the setup's bots, summed up by the game's `report`, with what each
    searching bot's decisions took (`thinking`: seat -> rows of [ms, cpu ms, playouts])."""
    session = play_to_end(setup)
    result = report(session)
    thinking = thinking_rows(session.bots)
    if thinking:
        result["thinking"] = thinking
    return result


def games_per_second(game_id: str, setup: GameSetup, games: int,
                     simulate: Callable[[GameSetup], dict[str, Any]],
                     totals: tuple[str, ...] = ()) -> dict[str, Any]:
    """Play `games` games from consecutive seeds on one core; CPU time, so other load on the machine
    does not count. `totals`: report keys averaged over the games (e.g. "rounds")."""
    seed = setup.seed
    sums = dict.fromkeys(totals, 0.0)
    thinking: list[list[float]] = []
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    for i in range(games):
        setup.seed = seed + i  # the same games `simulate --games N` plays
        result = simulate(setup)
        for key in totals:
            sums[key] += result[key]
        thinking += [row for rows in result.get("thinking", {}).values() for row in rows]
    cpu = time.process_time() - start_cpu
    wall = time.perf_counter() - start_wall
    setup.seed = seed
    figures = {"game": game_id, "players": len(setup.seats), "seats": [s.spec() for s in setup.seats],
               "games": games}
    figures.update({f"mean_{key}": round(total / games, 2) for key, total in sums.items()})
    figures.update({"cpu_seconds": round(cpu, 3), "wall_seconds": round(wall, 3),
                    "games_per_s": round(games / cpu, 1)})
    if thinking:
        figures["thinking"] = thinking_figures(thinking)
    return figures
