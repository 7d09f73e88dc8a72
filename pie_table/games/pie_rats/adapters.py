"""Glue between the Pie Rats engine and the shared CLI: simulate, report and bench."""

from __future__ import annotations

from typing import Any

from pie_table.core.headless import games_per_second, play_and_report
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup
from pie_table.games.pie_rats.deck import PIES
from pie_table.games.pie_rats.flow import standings
from pie_table.games.pie_rats.state import PieRatsState


def summary(state: PieRatsState, actions: int) -> dict[str, Any]:
    """What a finished game comes to: points, weights and pie counts per Captain, the winner(s)."""
    table = standings(state)
    return {
        "game": "pie-rats",
        "seed": state.seed,
        "options": {key: state.options[key] for key in ("phase6", "no_loot_penalty", "pies")},
        "scores": [row[0] for row in table],
        "weights": [row[1] for row in table],
        "pies": [row[2] for row in table],
        "winner": state.winners[0] if len(state.winners) == 1 else None,
        "winners": list(state.winners),
        "rounds": state.round,
        "unlooted": len(state.sill) + len(state.pie_deck),
        "pie_points": [[PIES[p].points for p in won] for won in state.won],
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
    """Whole games per second on one core, with the mean number of rounds."""
    return games_per_second("pie-rats", setup, games or 200, simulate, totals=("rounds",))
