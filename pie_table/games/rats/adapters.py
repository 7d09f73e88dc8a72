"""Glue between the RATS engine and the shared CLI: simulate and bench adapters."""

from __future__ import annotations

from typing import Any

from pie_table.core.headless import games_per_second, play_and_report
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup
from pie_table.games.rats.headless import summary


def report(session: Session) -> dict[str, Any]:
    """The CLI's summary of a played game (the winner is one seat)."""
    result = summary(session.state, len(session.log))
    result["seats"] = [s.spec() for s in session.setup.seats]
    result["winning_seats"] = [] if result.get("winner") is None else [result["winner"]]
    return result


def seat_scores(report: dict[str, Any]) -> list[float]:
    """A rat's score in the statistics is its goal awards (the report's `awards`)."""
    return list(report["awards"])


def simulate(setup: GameSetup) -> dict[str, Any]:
    """Play one whole game with bots and report it."""
    return play_and_report(setup, report)


def bench_sim(setup: GameSetup, games: int | None) -> dict[str, Any]:
    """Whole games per second on one core (CPU time, so other load on the machine does not count)."""
    return games_per_second("rats", setup, games or 200, simulate)
