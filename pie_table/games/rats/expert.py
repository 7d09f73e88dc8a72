"""RATS's expert level: a search from the rat's own view (`core.search`), with the hard bot as its
guide and its own playout policy, the normal bot as its model of the others. A sword request's
thousands of amounts are no moves to sample at random: the search weighs the few the hard bot
rates best, and the worlds it draws tell how likely each target is to hold what is asked. Pure
Python."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pie_table.core.engine import Action, TurnBot
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


def searched(view: Mapping[str, Any], legal: Sequence[Action], guide: TurnBot) -> Sequence[Action]:
    """The moves worth searching: every one, but for a sword request (thousands of amounts, most
    of them absurd) the few the guide rates best, whose chances the drawn worlds then weigh."""
    if not legal or legal[0]["type"] != "request":
        return legal
    assert isinstance(guide, bots.RatsBot)  # the plan's guide is `_bot`'s, a RATS bot
    return guide.request_options(view, BUDGET.candidates)


# How long a playout runs from each point of a turn, against one from the last scavenge (CPU per
# playout, 158 searched decisions of 6 games, seed 3: 1.05 ms from the first scavenge, 0.93 and
# 0.80 from the next ones, 0.77 from a sword's order, 1.26 from the goal a Host picks, 0.26-0.45
# once the comparisons have begun; 0.25-0.35 elsewhere, counted as 1): each decision gets the
# budget's playouts over its length, so that the dearest decisions cost about the same, and those
# whose playouts are short are searched deeper (the first scavenge 60 at 78, a gain or a make 156).
_LENGTHS = {("scavenged", 0): 1.3, ("scavenged", 1): 1.15, ("scavenged", 2): 1.0, ("swords", 0): 0.95,
            ("goal_set", 0): 1.55, ("outdo_next", 0): 0.5}


def playouts(view: Mapping[str, Any], budget: int) -> int:
    """The budget's playouts over how long this decision's playouts run (`_LENGTHS`)."""
    where = (view["stage"], view["scavenge_index"] if view["stage"] == "scavenged" else 0)
    return round(budget / _LENGTHS.get(where, 1.0))


# Chosen so a decision takes at most about 100 ms of CPU at p99 (`arena` reports the figures).
# With `playouts` above, 200 games against two normals on a shared machine: 78 (93.6 playouts a
# decision), seed 1000, 65.5% (64.0% with 80 for every decision), CPU p50 49.5 ms, p99 91.1 ms;
# seed 3, 66.0% (66.0% with 80), p99 91.1 ms; 84 (100.2 a decision): seed 3 67.5%, seed 1000
# 65.0%, p99 103-106 ms, so no clear gain for the time. A move overrules the
# guide's at one standard error, not two: the worlds drawn along the log are close enough to the
# table's that their verdict is worth more than the hard bot's (150 games, seed 1000, with 96
# playouts: 67.3% at 1.0, about 60% at 2.0). Neither more trust nor less pays: 200 games, seed 3,
# 80 playouts, the expert won 63.0% at 0.5, 62.5% at 0 and 65.0% at 1.5 (66.0% at 1.0); the
# estimate's worth of a supply carried at 0.12 (the hard bot's rate) in place of `worlds._CARRY`'s
# 0.04: 66.0%. Searching the guide's six best sword requests (they were the guide's alone) took
# it to 72.0% at seed 3 and 68.5% at seed 1000 (200 games each).
BUDGET = Budget(playouts=78, horizon=400, candidates=6, confidence=1.0)
PLAN = HeuristicPlan(_bot, worlds.evaluate, worlds.settled, guide="hard", policy="normal",
                     moves=searched, searcher=_PLAYOUT_HARD, playouts=playouts)
# Every level of bot (`GameInfo.bot_factory`): `expert` searches, the others are `bots.make_bot`'s.
make_bot = with_expert(RULES, PLAN, BUDGET, bots.make_bot)
