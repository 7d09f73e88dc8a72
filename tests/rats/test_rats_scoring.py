"""Banquet goals 2-12 exactly as the Goal Clarifications define them, and the ceremony example."""

import pytest
from rats_helpers import act, table

from pie_table.games.rats.scoring import goal_awards, goal_metric, longest_run, matching_count, total_awards
from pie_table.games.rats.state import Sheet, questions


def sheet(dishes=(), decorations=(), nests=0):
    return Sheet([0] * 6, [i < nests for i in range(6)], list(dishes), list(decorations))


def test_composed_counts_every_item_that_shares_a_value():
    assert matching_count([1, 3, 3, 4, 4, 4, 7]) == 5
    assert matching_count([1, 2, 3]) == 0


def test_elegant_run_uses_distinct_consecutive_values():
    assert longest_run([3, 4, 5]) == 3
    assert longest_run([5, 4, 4, 6, 9]) == 3
    assert longest_run([2, 4, 6]) == 1
    assert longest_run([]) == 0


def test_cheap_fewest_items_and_zero_counts():
    sheets = [sheet([1, 2]), sheet(), sheet([5], [6, 7])]
    assert goal_awards(2, sheets) == [2, 3, 1]


def test_composed_needs_two_matching():
    sheets = [sheet([3], [3]), sheet([1, 2], [5]), sheet([4, 4], [4, 6])]
    assert goal_awards(3, sheets) == [2, 0, 3]


def test_greedy_biggest_single_dish_decorations_ignored():
    sheets = [sheet([12, 1]), sheet([5], [20]), sheet([], [30])]
    assert goal_awards(4, sheets) == [3, 2, 0]


def test_refined_total_dish_value():
    sheets = [sheet([4, 4]), sheet([9]), sheet([1], [40])]
    assert goal_awards(5, sheets) == [2, 3, 1]


def test_generous_most_dishes():
    sheets = [sheet([1, 1, 1]), sheet([9]), sheet([2, 2], [5, 5, 5])]
    assert goal_awards(6, sheets) == [3, 1, 2]


def test_plush_most_nests():
    sheets = [sheet(nests=2), sheet(nests=0), sheet(nests=1), sheet(nests=2)]
    assert goal_awards(7, sheets) == [3, 0, 2, 3]


def test_swanky_most_decorations():
    sheets = [sheet([], [1]), sheet([9, 9, 9]), sheet([], [2, 2])]
    assert goal_awards(8, sheets) == [2, 0, 3]


def test_dapper_total_decoration_value():
    sheets = [sheet([], [10, 8]), sheet([50], [17]), sheet([], [18])]
    assert goal_awards(9, sheets) == [3, 2, 3]


def test_grandiose_biggest_single_decoration():
    sheets = [sheet([], [4, 4, 4]), sheet([], [11]), sheet([], [7])]
    assert goal_awards(10, sheets) == [1, 3, 2]


def test_elegant_needs_a_run_of_two():
    sheets = [sheet([4, 5]), sheet([1], [3]), sheet([6], [7, 8])]
    assert goal_awards(11, sheets) == [2, 0, 3]


def test_dainty_counts_values_of_three_or_less():
    sheets = [sheet([3, 4]), sheet([1], [2, 9]), sheet([5, 6])]
    assert goal_awards(12, sheets) == [2, 3, 0]


def test_ties_share_places_and_everyone_below_gets_one():
    sheets = [sheet([9]), sheet([9]), sheet([7]), sheet([7]), sheet([5]), sheet([1])]
    assert goal_awards(4, sheets) == [3, 3, 2, 2, 1, 1]


def test_unknown_goal_is_refused():
    with pytest.raises(ValueError):
        goal_awards(13, [sheet()])


def _ceremony_sheets():
    fluffy = sheet([9, 1], [9, 3, 3, 3])
    ratface = sheet([12, 5], [10, 7])
    victoria = sheet([12, 4, 5, 6], [7])
    return [fluffy, ratface, victoria]


def test_rulebook_ceremony_goal_by_goal():
    sheets = _ceremony_sheets()
    assert goal_awards(2, sheets) == [1, 3, 2]
    assert goal_awards(4, sheets) == [2, 3, 3]
    assert goal_awards(8, sheets) == [3, 2, 1]
    assert goal_awards(9, sheets) == [3, 2, 1]
    assert goal_awards(11, sheets) == [0, 0, 3]
    assert [goal_metric(11, s) for s in sheets] == [1, 1, 4]
    assert total_awards([2, 4, 8, 9, 11], sheets) == [9, 10, 10]


def test_rulebook_ceremony_played_out_final_host_breaks_tie_and_fewest_flips():
    state = table([[0] * 6] * 3, host=1, stage="ceremony", turn=5, goals=[9, 2, 11, 4, 8],
                  sheets=_ceremony_sheets())
    assert [g for g, _ in state.goal_awards] == [2, 4, 8, 9, 11]  # lowest to highest
    assert state.awards == [9, 10, 10]
    assert questions(state, 1) == [{"kind": "winner"}] and state.candidates == [1, 2]
    act(state, 1, "winner", rat=1)
    assert state.winner == 1
    assert questions(state, 0) == [{"kind": "flip"}]  # Fluffy has the fewest awards
    act(state, 0, "flip")
    assert state.coin in ("heads", "tails") and state.stage == "over"


def test_tied_fewest_awards_final_host_picks_who_flips():
    sheets = [sheet([5]), sheet([5]), sheet([9], [9])]
    state = table([[0] * 6] * 3, host=0, stage="ceremony", turn=5, goals=[4, 5, 6, 7, 8], sheets=sheets)
    assert state.awards == [7, 7, 12] and state.winner == 2
    assert questions(state, 0) == [{"kind": "flipper"}] and state.candidates == [0, 1]
    act(state, 0, "flipper", rat=1)
    assert questions(state, 1) == [{"kind": "flip"}]
