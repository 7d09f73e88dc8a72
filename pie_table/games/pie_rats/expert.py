"""Pie Rats's expert level: a search from the Captain's own view (`core.search`), with the hard
bot as its guide and its own playout policy, the normal bot as its model of the others (three
times cheaper: three times the playouts in the same time). Pure Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.core.search import Budget, HeuristicPlan, with_expert
from pie_table.games.pie_rats import bots, worlds
from pie_table.games.pie_rats.rules import RULES

# How long a playout runs from each phase, against one from phase 4 (playouts end when the next
# round begins: the earlier in the round, the longer). CPU per playout, 482 searched decisions of
# 8 games, seed 1000, at 48 playouts each: 1.47 ms from phase 2, 1.20 from 3, 0.82 from 4, 0.56
# from 5, 0.43 from 6, 0.28 for a refill. Each decision gets the budget's playouts over its
# length, so that the dearest decisions cost about what phase 4's do (at 48 for all, phases 2
# and 3 gave the p99: 112 ms) and the short ones are searched deeper.
_LENGTHS = {2: 1.8, 3: 1.45, 4: 1.0, 5: 0.7, 6: 0.5}
_REFILL = 0.35


def playouts(view: Mapping[str, Any], budget: int) -> int:
    """The budget's playouts over how long this decision's playouts run (`_LENGTHS`)."""
    length = _REFILL if view["asking"] == "refill" else _LENGTHS.get(view["phase"], 1.0)
    return round(budget / length)


# Chosen so a decision takes about 100 ms of CPU at p99 at most (`arena` reports the figures).
# Against three normals, 200 games at seed 3 / seed 1000 (the same deals for each line): overruling
# the guide at 2.5 standard errors 53.5% / 44.0%, at 1.5 55.5% / 46.5%, at 1.0 - / 47.0%; at 1.5
# with 56 playouts - / 46.5% (CPU p99 85 ms). Head to head against hard, 200 games at seed 3: at
# 2.5 53.0%, at 1.5 48.0%, at 1.5 with twice the playouts at two seats 47.0%. More playouts buy
# nothing here (the search's worlds and its models of the others bound it), and trusting the
# search sooner costs more against hard than it gains against normals: 2.5 it stays.
BUDGET = Budget(playouts=48, horizon=100, candidates=4, confidence=2.5)
PLAN = HeuristicPlan(bots.make_bot, worlds.evaluate, worlds.settled, guide="hard", policy="normal",
                     playouts=playouts)
# Every level of bot (`GameInfo.bot_factory`): `expert` searches, the others are `bots.make_bot`'s.
make_bot = with_expert(RULES, PLAN, BUDGET, bots.make_bot)
