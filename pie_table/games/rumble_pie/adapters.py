"""Glue between the Rumble Pie engine and the shared CLI: simulate and bench adapters."""

from __future__ import annotations

import time
from typing import Any

from pie_table.core.driver import play_to_end
from pie_table.core.messages import Msg
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup
from pie_table.games.rumble_pie import headless
from pie_table.games.rumble_pie.rules import TICK_HZ, validate_setup


def engine_options(setup: GameSetup) -> dict[str, Any]:
    """The engine's options dict for a setup (teams default to alternating)."""
    options = dict(setup.options)
    default = [i % 2 for i in range(len(setup.seats))]
    options["teams"] = list(setup.teams) if setup.teams is not None else default
    return options


def check_setup(setup: GameSetup) -> str | None:
    """One-line reason the seats/teams cannot play, or None."""
    return validate_setup(len(setup.seats), engine_options(setup)["teams"])


def report(session: Session) -> dict[str, Any]:
    """The CLI's summary of a played game (winning_seats = the winning team's seats)."""
    options = engine_options(session.setup)
    result = headless.report(session)
    winner = result.get("winner")
    result["teams"] = options["teams"]
    result["seats"] = [s.spec() for s in session.setup.seats]
    teams = options["teams"]
    result["winning_seats"] = [i for i, t in enumerate(teams) if winner is not None and t == winner]
    return result


def stats_line(row: dict[str, Any]) -> Msg:
    """The statistics screen's Extras for Rumble Pie: a table scores by team, so the KaPow!s say so."""
    return Msg("team KaPow!s {n} · Out! {m}", n=row.get("kapows", 0), m=row.get("outs", 0))


def simulate(setup: GameSetup) -> dict[str, Any]:
    """Play one whole game with bots and report it."""
    return report(play_to_end(setup))


def bench_sim(setup: GameSetup, games: int | None) -> dict[str, Any]:
    """Simulated game-seconds per wall-second over a few whole games."""
    games = games or 5
    game_seconds = 0.0
    start = time.perf_counter()
    base = setup.seed
    for i in range(games):
        setup.seed = base + i  # the same games `simulate --games N` plays
        game_seconds += simulate(setup)["ticks"] / TICK_HZ
    wall = time.perf_counter() - start
    return {"game": "rumble-pie", "games": games, "game_seconds": round(game_seconds, 1),
            "wall_seconds": round(wall, 3), "speedup": round(game_seconds / wall, 1)}
