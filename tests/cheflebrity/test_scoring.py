"""Cheflebrity scoring: quality points of served desserts only, and the ten bonuses with their ties."""

from __future__ import annotations

from pie_table.games.cheflebrity.scoring import award, bonus_values, score, tie_points
from tests.cheflebrity.helpers import find

_ids = iter(range(1, 10_000))


def dessert(*cards: tuple) -> dict:
    """A served dessert from (part, quality[, flavour]) specs; scoring reads only each card's kind,
    quality and flavour, so the same card may stand in two test desserts. ("genius", 0, part) is a
    Stroke of Genius! playing that part."""
    entries = []
    for spec in cards:
        part, quality = spec[0], spec[1]
        flavour = spec[2] if len(spec) > 2 else None
        if part == "genius":
            entries.append([find("genius"), flavour, 0])
        else:
            entries.append([find(part, quality, flavour), part, 0])
    return {"id": next(_ids), "cards": entries}


def pie(b=10, f=10, t=10, *extras, flavour="apple"):
    return dessert(("bottom", b), ("filling", f, flavour), ("top", t), *[("extras", e) for e in extras])


def tart(b=10, f=10, *extras, flavour="apple"):
    return dessert(("bottom", b), ("filling", f, flavour), *[("extras", e) for e in extras])


def test_tie_points_follow_the_rulebook():
    assert [tie_points(n) for n in (1, 2, 3, 4, 5)] == [25, 10, 5, 0, 0]


def test_a_bonus_nobody_earned_is_not_awarded():
    assert award([0, 0, 0]) == ([], 0)
    assert award([2, 0, 1]) == ([0], 25)
    assert award([2, 2, 1]) == ([0, 1], 10)
    assert award([1, 1, 1]) == ([0, 1, 2], 5)
    assert award([1, 1, 1, 1]) == ([0, 1, 2, 3], 0)


def test_quality_counts_served_desserts_only_and_a_genius_part_is_worth_five():
    served = [[pie(5, 10, 15), dessert(("bottom", 20), ("genius", 0, "filling"))], []]
    result = score(served, [[], []])
    assert result["quality"] == [30 + 25, 0]


def test_most_pies_and_most_tarts_are_separate_counts():
    served = [[pie(), pie(flavour="cherry")], [tart(), tart(flavour="cherry"), tart(flavour="pumpkin")]]
    values = bonus_values(served, [[], []])
    assert values["most_pies"] == [2, 0] and values["most_tarts"] == [0, 3]


def test_variety_counts_filling_kinds_and_a_genius_filling_adds_none():
    served = [
        [pie(flavour="apple"), pie(flavour="apple"), pie(flavour="cherry")],
        [
            dessert(("bottom", 5), ("genius", 0, "filling"), ("top", 5)),
            tart(flavour="blueberry"),
            tart(flavour="pumpkin"),
        ],
    ]
    values = bonus_values(served, [[], []])
    assert values["pie_variety"] == [2, 0] and values["tart_variety"] == [0, 2]


def test_consistent_fanciest_highest_and_worst():
    served = [[pie(20, 20, 20, 20, 5)], [tart(25, 25, 10, 10, 10, 5), pie(5, 5, 25, 5)]]
    values = bonus_values(served, [[], []])
    assert values["consistent"] == [4, 3]  # pies only: seat 1's 5-5-25-5 has three 5s
    assert values["fanciest"] == [2, 4]  # pies and tarts
    assert values["highest"] == [0, 1]  # the most 25s in one pie
    assert values["worst"] == [1, 3]  # the most 5s in one pie
    totals = bonus_values(served, [[], []], "total")
    assert totals["highest"] == [85, 40]


def test_worst_quality_pie_by_totals_goes_to_the_lowest_pie():
    served = [[pie(20, 20, 20)], [pie(5, 5, 5), pie(25, 25, 25)], []]
    result = score(served, [[], [], []], "total")
    worst = next(b for b in result["bonuses"] if b["id"] == "worst")
    assert worst["seats"] == [1] and worst["values"] == [60, 15, 0]


def test_sabotage_and_saved_bonuses_count_kept_cards_with_a_three_way_tie():
    sab, saved = find("sabotage"), find("saved")
    kept = [
        [[sab, "sabotage"]],
        [[find("sabotage", skip=1), "sabotage"]],
        [[find("sabotage", skip=2), "sabotage"]],
        [[saved, "saved"]],
    ]
    result = score([[], [], [], []], kept)
    by_id = {b["id"]: b for b in result["bonuses"]}
    assert by_id["sabotage"]["seats"] == [0, 1, 2] and by_id["sabotage"]["points"] == 5
    assert by_id["saved"]["seats"] == [3] and by_id["saved"]["points"] == 25
    assert result["totals"] == [5, 5, 5, 25]


def test_a_four_way_tie_scores_nothing_and_totals_add_up():
    served = [[tart(flavour=f)] for f in ("apple", "cherry", "pumpkin", "blueberry")]
    result = score(served, [[], [], [], []])
    by_id = {b["id"]: b for b in result["bonuses"]}
    assert by_id["most_tarts"]["seats"] == [0, 1, 2, 3] and by_id["most_tarts"]["points"] == 0
    assert result["totals"] == [q + b for q, b in zip(result["quality"], result["bonus_points"], strict=True)]
    assert result["winners"] == [0, 1, 2, 3]


def test_the_scoring_sheet_says_what_each_bonus_counted_in_words():
    from pie_table.games.cheflebrity.ui.table_scene import bonus_line
    from pie_table.kit import i18n

    def name(seat: int) -> str:
        return f"Chef {seat + 1}"

    tie = {"id": "highest", "seats": [0, 1], "points": 0, "values": [1, 1, 0]}
    pies = {"id": "most_pies", "seats": [2], "points": 25, "values": [0, 1, 2]}
    assert bonus_line(tie, name) == (
        "Highest Quality Pie: Chef 1, Chef 2 tie with 1 card of 25 each: no points")
    assert bonus_line(pies, name) == "Most Pies: Chef 3 (2 pies) +25"
    best = {"id": "highest", "seats": [1], "points": 25, "values": [40, 65]}
    assert bonus_line(best, name, "total") == "Highest Quality Pie: Chef 2 (quality 65) +25"
    i18n.set_language("es")
    try:
        assert bonus_line(pies, name) == "Más tartas: Chef 3 (2 tartas) +25"
    finally:
        i18n.set_language("en")
