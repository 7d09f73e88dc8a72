"""Cheflebrity's expert level: a search from the chef's own view (`core.search`), with the hard
bot as its guide and its own playout policy, the normal bot as its model of the others (three
times cheaper: three times the playouts in the same time). Pure Python."""

from __future__ import annotations

from pie_table.core.search import Budget, HeuristicPlan, with_expert
from pie_table.games.cheflebrity import bots, worlds
from pie_table.games.cheflebrity.rules import RULES

# Chosen so a decision takes about 100 ms of CPU at p99 at most (`arena` reports the figures).
BUDGET = Budget(playouts=36, horizon=100, candidates=4, confidence=2.0)
PLAN = HeuristicPlan(bots.make_bot, worlds.evaluate, worlds.settled, guide="hard", policy="normal")
# Every level of bot (`GameInfo.bot_factory`): `expert` searches, the others are `bots.make_bot`'s.
make_bot = with_expert(RULES, PLAN, BUDGET, bots.make_bot)
