"""Glue between the Cheflebrity engine and the shared CLI: simulate, report and bench."""

from __future__ import annotations

from typing import Any

from pie_table.core.headless import games_per_second, play_and_report
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup
from pie_table.games.cheflebrity.state import ChefState


def summary(state: ChefState, actions: int) -> dict[str, Any]:
    """What a finished game comes to: totals, the bonuses (bonus -> seats and points), the winner."""
    result = state.result or {}
    return {
        "game": "cheflebrity",
        "seed": state.seed,
        "scores": list(result.get("totals", [])),
        "quality": list(result.get("quality", [])),
        "winner": state.winners[0] if len(state.winners) == 1 else None,
        "winners": list(state.winners),
        "bonuses": {b["id"]: {"seats": b["seats"], "points": b["points"]} for b in result.get("bonuses", [])},
        "turns": state.turn_no,
        "served": [len(line) for line in state.served],
        "actions": actions,
    }


def report(session: Session) -> dict[str, Any]:
    """The CLI's summary of a played game."""
    result = summary(session.state, len(session.log))
    result["seats"] = [s.spec() for s in session.setup.seats]
    result["winning_seats"] = list(session.state.winners)
    return result


def simulate(setup: GameSetup) -> dict[str, Any]:
    """Play one whole game with bots and report it."""
    return play_and_report(setup, report)


def bench_sim(setup: GameSetup, games: int | None) -> dict[str, Any]:
    """Whole games per second on one core, with the mean number of turns."""
    return games_per_second("cheflebrity", setup, games or 200, simulate, totals=("turns",))
