"""Banquet goals: what each goal measures on a sheet, and the 3 / 2 / 1 awards it hands out."""

from __future__ import annotations

from collections.abc import Sequence

from pie_table.games.rats.state import GOAL_NAMES, Sheet

CHEAP, COMPOSED, ELEGANT, DAINTY = 2, 3, 11, 12
# A dish or decoration counts as small for Dainty at this value or below.
_SMALL = 3


def matching_count(values: Sequence[int]) -> int:
    """How many items share their value with at least one other item (Composed)."""
    count = values.count  # a sheet holds a dozen items at most: twice as quick as a Counter
    return sum(1 for v in values if count(v) > 1)


def longest_run(values: Sequence[int]) -> int:
    """Length of the longest run of consecutive distinct values (Elegant)."""
    distinct = sorted(set(values))
    best = run = 0
    previous = None
    for value in distinct:
        run = run + 1 if previous is not None and value == previous + 1 else 1
        best = max(best, run)
        previous = value
    return best


def goal_metric(goal: int, sheet: Sheet) -> int:
    """The number a goal compares for one sheet (for Cheap, smaller is better)."""
    # Plain branches: bots weigh every goal on every guessed sheet, many times a game.
    dishes, decorations = sheet.dishes, sheet.decorations
    if goal == 4:
        return max(dishes, default=0)
    if goal == 5:
        return sum(dishes)
    if goal == 6:
        return len(dishes)
    if goal == 7:
        return sum(sheet.nests)
    if goal == 8:
        return len(decorations)
    if goal == 9:
        return sum(decorations)
    if goal == 10:
        return max(decorations, default=0)
    items = dishes + decorations
    if goal == 2:
        return len(items)
    if goal == 3:
        return matching_count(items)
    if goal == 11:
        return longest_run(items)
    if goal == 12:
        return sum(1 for v in items if v <= _SMALL)
    raise KeyError(goal)


def qualifies(goal: int, metric: int) -> bool:
    """Whether a rat counted something towards the goal and so earns at least one award."""
    if goal == CHEAP:
        return True  # zero items is the best Cheap result, so everyone takes part
    if goal in (COMPOSED, ELEGANT):
        return metric >= 2  # a single item cannot match or form a run
    return metric > 0


# The least metric that earns an award, per goal (`qualifies`); Cheap's metric is negated first.
_LEAST = [1] * 13
_LEAST[COMPOSED] = _LEAST[ELEGANT] = 2
_LEAST[CHEAP] = -(1 << 62)


def sheet_metrics(sheet: Sheet) -> list[int]:
    """Every goal's metric for one sheet, indexed by goal number (`goal_metric` of each goal, with
    Cheap's negated so that more is better for all): worked out in one pass, since a search's
    estimate weighs every goal on every sheet of every playout it cuts short."""
    dishes, decorations = sheet.dishes, sheet.decorations
    items = dishes + decorations
    return [0, 0, -len(items), matching_count(items), max(dishes, default=0), sum(dishes),
            len(dishes), sum(sheet.nests), len(decorations), sum(decorations), max(decorations, default=0),
            longest_run(items) if items else 0, sum(1 for v in items if v <= _SMALL)]


def awards_of(goal: int, metrics: Sequence[int]) -> list[int]:
    """Awards per seat for one goal from each seat's metric as `sheet_metrics` gives it."""
    least = _LEAST[goal]
    top = second = least - 1
    for metric in metrics:
        if metric > top:
            top, second = metric, top
        elif second < metric < top:
            second = metric
    return [0 if m < least else 3 if m == top else 2 if m == second else 1 for m in metrics]


def goal_awards(goal: int, sheets: Sequence[Sheet]) -> list[int]:
    """Awards per seat for one goal: 3 for every rat tied 1st, 2 for tied 2nd, 1 for the rest."""
    if goal not in GOAL_NAMES:
        raise ValueError(f"no banquet goal {goal}")
    metrics = [goal_metric(goal, sheet) for sheet in sheets]
    return awards_of(goal, [-m for m in metrics] if goal == CHEAP else metrics)


def total_awards(goals: Sequence[int], sheets: Sequence[Sheet]) -> list[int]:
    """Each seat's total awards over the circled goals."""
    totals = [0] * len(sheets)
    for goal in goals:
        for seat, award in enumerate(goal_awards(goal, sheets)):
            totals[seat] += award
    return totals
