"""Pie Rats's expert level: a search from the Captain's own view (`core.search`), with the hard
bot as its guide and as every seat's playout policy. Pure Python."""

from __future__ import annotations

from typing import Any

from pie_table.core.engine import TurnBot
from pie_table.core.search import Budget, SearchingBot
from pie_table.games.pie_rats import bots, worlds
from pie_table.games.pie_rats.rules import RULES
from pie_table.games.pie_rats.state import PieRatsState

# Chosen so a decision takes well under 100 ms at p99 on a loaded two-core machine (`arena`
# reports the figures).
BUDGET = Budget(playouts=36, horizon=60, candidates=6)
POLICY = "hard"


class _Plan:
    """The hard bot guides the search and plays every seat of a playout; the points looted
    estimate a cut-short game."""

    def guide(self, seat: int, seed: int) -> TurnBot:
        return bots.PieRatsBot("hard", seat, seed)

    def playout_bot(self, seat: int, seed: int) -> TurnBot:
        return bots.PieRatsBot(POLICY, seat, seed)

    def evaluate(self, state: PieRatsState) -> list[float]:
        return worlds.evaluate(state)


def make_bot(level: str, seat: int, seed: int) -> Any:
    """A Pie Rats bot of any level: `expert` searches, the others are `bots.make_bot`'s."""
    if level != "expert":
        return bots.make_bot(level, seat, seed)
    return SearchingBot(RULES, _Plan(), seed, BUDGET)
