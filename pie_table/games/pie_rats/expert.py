"""Pie Rats's expert level: a search from the Captain's own view (`core.search`), with the hard
bot as its guide and its own playout policy, the normal bot as its model of the others (three
times cheaper: three times the playouts in the same time). Pure Python."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pie_table.core.engine import Action, TurnBot
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


def worth_searching(view: Mapping[str, Any], legal: Sequence[Action], guide: TurnBot) -> Sequence[Action]:
    """The moves the search weighs: none on a Captain's own turn in phases 2 and 3 (the guide
    tables what it holds), and no protection where a declaration may be made. Playouts end at the
    next round, after the refill has brought every hand back to three cards, and the estimate
    there misjudges a card kept in hand against one tabled and a crew member kept safe against a
    lure; the search overruled the guide there against what whole games show. Over whole games:
    a hard bot that holds crew back until it can loot wins 22.5% against three normals, one that
    protects where the loss it fears exceeds its best lure 31.0%, against 39.1% (6,000 games
    each, seeds 3, 100003 and 200003)."""
    if view["asking"] == "turn" and view["phase"] in (2, 3):
        return ()
    if view["phase"] == 4 and any(action["type"] == "declare" for action in legal):
        return [action for action in legal if action["type"] != "protect"]
    return legal


# Chosen so a decision takes about 100 ms of CPU at p99 at most (`arena` reports the figures).
# Against three normals, 200 games at seed 3 / seed 1000 (the same deals for each line), searching
# every decision: overruling the guide at 2.5 standard errors 53.5% / 44.0%, at 1.5 55.5% / 46.5%;
# head to head against hard (seed 3) 53.0% at 2.5, 48.0% at 1.5. With phases 2-3 and protection
# left to the guide (`worth_searching`): at 2.5 57.0% / 50.5%, against hard 57.5% over 400 games
# (seeds 3 and 203); at 1.5 (kept: once the search no longer overrules where its estimate is
# biased, trusting it sooner no longer costs against hard) 60.0% / 52.0%, against hard 57.25%.
# More playouts bought nothing (the worlds and the models of the others bound the search), nor
# did searching only the lures the guide rates best (61.0% / 51.5%).
BUDGET = Budget(playouts=48, horizon=100, candidates=4, confidence=1.5)
PLAN = HeuristicPlan(bots.make_bot, worlds.evaluate, worlds.settled, guide="hard", policy="normal",
                     moves=worth_searching, playouts=playouts)
# Every level of bot (`GameInfo.bot_factory`): `expert` searches, the others are `bots.make_bot`'s.
make_bot = with_expert(RULES, PLAN, BUDGET, bots.make_bot)
