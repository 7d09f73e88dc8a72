"""The end of the game: quality points of served pies and tarts, then the ten bonuses.

A bonus goes to the best count: 25 points alone, 10 each for a two-way tie, 5 each for three,
nothing for four or more; a bonus nobody has earned (every count zero) is not awarded. Which
desserts each bonus looks at is argued in docs/rulings/cheflebrity.md. Pure Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pie_table.games.cheflebrity import pies as P
from pie_table.games.cheflebrity.deck import CARDS, EXTRAS, FILLING

BONUSES = (
    "most_pies",
    "most_tarts",
    "pie_variety",
    "tart_variety",
    "consistent",
    "fanciest",
    "highest",
    "worst",
    "sabotage",
    "saved",
)
BONUS_NAMES = {
    "most_pies": "Most Pies",
    "most_tarts": "Most Tarts",
    "pie_variety": "Most Variety of Pies",
    "tart_variety": "Most Variety of Tarts",
    "consistent": "Most Consistent Quality",
    "fanciest": "Fanciest Dessert",
    "highest": "Highest Quality Pie",
    "worst": "Worst Quality Pie",
    "sabotage": "Most Sabotage!",
    "saved": "Most Saved it!",
}
BONUS_POINTS = 25
TIE_POINTS = {1: BONUS_POINTS, 2: 10, 3: 5}


def tie_points(winners: int) -> int:
    """Points each of `winners` tied players gets (none for four or more)."""
    return TIE_POINTS.get(winners, 0)


class _Dessert:
    """What the bonuses read from one served dessert (its kind, flavour, card qualities and
    number of Extras), worked out in one look at its cards."""

    __slots__ = ("kind", "flavour", "qualities", "extras", "same")

    def __init__(self, pie: P.Pie) -> None:
        found: set[str] = set()
        qualities: list[int] = []
        flavour, extras, filled = None, 0, False
        for entry in pie["cards"]:
            card, part = entry[0], entry[1]
            found.add(part)
            qualities.append(_QUALITIES[card])
            if part == EXTRAS:
                extras += 1
            elif part == FILLING and not filled:  # its Filling's (None for a Stroke of Genius!)
                flavour, filled = CARDS[card].flavour, True
        self.kind = P.kind_of(found)
        self.flavour = flavour
        self.qualities = qualities
        self.extras = extras
        # How many of its cards share the commonest quality (for Most Consistent Quality).
        self.same = max(map(qualities.count, set(qualities)), default=0)


_TART_KINDS = (P.TART, P.COVERED_TART)
_QUALITIES = P.CARD_QUALITIES


# A seat's quality points and its count for each bonus (in the order of BONUSES): all the scoring
# reads of one seat's line, so that a bot weighing a change to one line looks at that line alone.
Row = tuple[int, tuple[int, ...]]


def seat_row(line: list[P.Pie], kept: list[list[Any]], quality_rule: str = "count") -> Row:
    """The `Row` of one seat's served desserts and the cards it kept."""
    desserts = [_Dessert(p) for p in line]
    pies = [d for d in desserts if d.kind == P.PIE]
    tarts = [d for d in desserts if d.kind in _TART_KINDS]
    if quality_rule == "total":
        highest = max((sum(d.qualities) for d in pies), default=0)
        # Lower is worse; stored as how far below the best possible pie it falls, so that
        # higher still wins and a player with no pie has nothing.
        worst = max((_WORST_CEILING - sum(d.qualities) for d in pies), default=0)
    else:
        highest = max((d.qualities.count(25) for d in pies), default=0)
        worst = max((d.qualities.count(5) for d in pies), default=0)
    counts = (
        len(pies),  # most_pies
        len(tarts),  # most_tarts
        len({d.flavour for d in pies} - {None}),  # pie_variety
        len({d.flavour for d in tarts} - {None}),  # tart_variety
        max((d.same for d in pies), default=0),  # consistent
        max((d.extras for d in desserts), default=0),  # fanciest
        highest,
        worst,
        sum(1 for k in kept if k[1] == "sabotage"),
        sum(1 for k in kept if k[1] == "saved"),
    )
    return sum(sum(d.qualities) for d in desserts), counts


def bonus_values(
    served: list[list[P.Pie]], kept: list[list[list[Any]]], quality_rule: str = "count"
) -> dict[str, list[int]]:
    """Each bonus's count per seat (higher wins; "worst" under the totals rule counts down)."""
    rows = [seat_row(line, kept[seat], quality_rule) for seat, line in enumerate(served)]
    return {bonus: [row[1][index] for row in rows] for index, bonus in enumerate(BONUSES)}


_WORST_CEILING = 1000  # above any pie's quality (96 cards of at most 25)


def award(values: Sequence[int]) -> tuple[list[int], int]:
    """(the seats that take a bonus, the points each gets) from its counts."""
    best = max(values, default=0)
    if best <= 0:
        return [], 0
    seats = [s for s, v in enumerate(values) if v == best]
    return seats, tie_points(len(seats))


def totals(served: list[list[P.Pie]], kept: list[list[list[Any]]], quality_rule: str = "count") -> list[int]:
    """Each seat's total of `score`, without the sheet around it."""
    return totals_of([seat_row(line, kept[seat], quality_rule) for seat, line in enumerate(served)])


def totals_of(rows: list[Row]) -> list[int]:
    """Each seat's total from every seat's `Row`."""
    totals = [row[0] for row in rows]
    for column in zip(*(row[1] for row in rows), strict=True):
        takers, points = award(column)
        for seat in takers:
            totals[seat] += points
    return totals


def score(
    served: list[list[P.Pie]], kept: list[list[list[Any]]], quality_rule: str = "count"
) -> dict[str, Any]:
    """The whole scoring sheet: per-dessert points, every bonus, totals and the winner(s)."""
    seats = len(served)
    desserts = [[P.pie_view(p) for p in line] for line in served]
    quality = [sum(d["quality"] for d in line) for line in desserts]
    values = bonus_values(served, kept, quality_rule)
    bonuses = []
    extra = [0] * seats
    for bonus in BONUSES:
        shown = list(values[bonus])
        if bonus == "worst" and quality_rule == "total":
            shown = [_WORST_CEILING - v if v else 0 for v in shown]
        takers, points = award(values[bonus])
        bonuses.append({"id": bonus, "seats": takers, "points": points, "values": shown})
        for seat in takers:
            extra[seat] += points
    totals = [quality[s] + extra[s] for s in range(seats)]
    top = max(totals)
    return {
        "desserts": desserts,
        "quality": quality,
        "bonuses": bonuses,
        "bonus_points": extra,
        "totals": totals,
        "winners": [s for s in range(seats) if totals[s] == top],
        "quality_rule": quality_rule,
    }
