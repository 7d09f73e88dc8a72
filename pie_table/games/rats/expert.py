"""RATS's expert level: a search from the rat's own view (`core.search`), with the hard bot as its
guide and its own playout policy, the normal bot as its model of the others. A sword request keeps
the hard bot's judgement: its thousands of amounts are no moves to sample at random, and the hard
bot already sizes a request to what the target must hold. Pure Python."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pie_table.core.engine import Action
from pie_table.core.search import Budget, HeuristicPlan, with_expert
from pie_table.games.rats import bots, worlds
from pie_table.games.rats.rules import RULES

# The worths the search's bots work out (goal weights, item worths): pure functions of the position,
# so every playout of every search reads them once worked out (bounded, like a table's own).
_WORTHS = bots.TableWorths()


# The level that plays the searching rat in a playout: hard, reading the playout's log only (piles
# drawn along a log that begins mid-game would be no better, and far slower).
_PLAYOUT_HARD = "hard-in-playouts"


def _bot(level: str, seat: int, seed: int) -> bots.RatsBot:
    """A heuristic bot of the search, sharing the search's worths."""
    bot = bots.make_bot("hard" if level == _PLAYOUT_HARD else level, seat, seed)
    bot.worths = _WORTHS
    bot.draws_piles = level != _PLAYOUT_HARD
    return bot


def searched(view: Mapping[str, Any], legal: Sequence[Action]) -> Sequence[Action]:
    """The moves worth searching: every one, except a sword request's (none: the guide's stands)."""
    return () if legal and legal[0]["type"] == "request" else legal


# Chosen so a decision takes about 100 ms of CPU at p99 at most (`arena` reports the figures: 80
# playouts, p50 48 ms, p99 87 ms CPU over 200 games, seed 3). A move overrules the guide's at one
# standard error, not two: the worlds drawn along the log are close enough to the table's that
# their verdict is worth more than the hard bot's (150 games, seed 1000, with 96 playouts: 67.3%
# at 1.0, about 60% at 2.0). Neither more trust nor less pays: 200 games against two normals, seed
# 3, the expert won 63.0% at 0.5, 62.5% at 0 and 65.0% at 1.5 (66.0% at 1.0); the estimate's worth
# of a supply carried at 0.12 (the hard bot's rate) in place of `worlds._CARRY`'s 0.04: 66.0%.
BUDGET = Budget(playouts=80, horizon=400, candidates=6, confidence=1.0)
PLAN = HeuristicPlan(_bot, worlds.evaluate, worlds.settled, guide="hard", policy="normal",
                     moves=searched, searcher=_PLAYOUT_HARD)
# Every level of bot (`GameInfo.bot_factory`): `expert` searches, the others are `bots.make_bot`'s.
make_bot = with_expert(RULES, PLAN, BUDGET, bots.make_bot)
