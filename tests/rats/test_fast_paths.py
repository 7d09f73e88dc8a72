"""The quick ways a search works RATS out equal the plain ways they replace, on random positions:
the goals' metrics and awards, and a state's clone."""

from __future__ import annotations

import random

from pie_table.games.rats.headless import RandomLegalController
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.scoring import (
    CHEAP,
    awards_of,
    goal_awards,
    goal_metric,
    qualifies,
    sheet_metrics,
)
from pie_table.games.rats.state import GOAL_NAMES, RatsState, Sheet, state_from_json, state_to_json


def _random_sheet(rng: random.Random) -> Sheet:
    def items() -> list[int]:
        return [rng.randint(0, 9) for _ in range(rng.randint(0, 6))]

    supplies, nests = [rng.randint(0, 9) for _ in range(6)], [rng.random() < 0.3 for _ in range(6)]
    return Sheet(supplies, nests, items(), items())


def _plain_awards(goal: int, sheets: list[Sheet]) -> list[int]:
    """The awards as the rules first worked them out: distinct qualifying metrics ranked."""
    metrics = [goal_metric(goal, sheet) for sheet in sheets]
    sign = -1 if goal == CHEAP else 1
    ranked = sorted({sign * m for m in metrics if qualifies(goal, m)}, reverse=True)
    places = {value: place for place, value in enumerate(ranked)}
    return [0 if not qualifies(goal, m) else (3, 2)[places[sign * m]] if places[sign * m] < 2 else 1
            for m in metrics]


def test_every_goals_metric_in_one_pass_equals_each_goals_own_with_cheap_negated() -> None:
    rng = random.Random(7)
    for _ in range(500):
        sheet = _random_sheet(rng)
        metrics = sheet_metrics(sheet)
        assert [metrics[g] for g in GOAL_NAMES] == [
            -goal_metric(g, sheet) if g == CHEAP else goal_metric(g, sheet) for g in GOAL_NAMES]


def test_the_awards_from_metrics_equal_the_ranked_awards_on_random_tables() -> None:
    rng = random.Random(11)
    tied = 0
    for _ in range(1500):
        sheets = [_random_sheet(rng) for _ in range(rng.randint(2, 6))]
        metrics = [sheet_metrics(sheet) for sheet in sheets]
        for goal in GOAL_NAMES:
            plain = _plain_awards(goal, sheets)
            assert awards_of(goal, [m[goal] for m in metrics]) == plain
            assert goal_awards(goal, sheets) == plain
            tied += plain.count(3) > 1
    assert tied > 1000  # ties for first (and so for second) were met often


def test_a_single_item_never_earns_composed_or_elegant_and_cheap_counts_everyone() -> None:
    sheets = [Sheet(dishes=[4]), Sheet(dishes=[4, 4], decorations=[5]), Sheet()]
    assert goal_awards(3, sheets) == [0, 3, 0] and goal_awards(11, sheets) == [0, 3, 0]
    assert goal_awards(CHEAP, sheets) == [2, 1, 3]


def _positions(seats: int, seed: int) -> list[RatsState]:
    """Every position of a game of random legal moves."""
    state = RULES.new_game(seats, seed, {"vocations": seed % 2 == 0})[0]
    players = [RandomLegalController(s, seed + s) for s in range(seats)]
    found = []
    while not state.over:
        found.append(RULES.clone(state))
        seat = RULES.to_act(state)[0]
        RULES.apply(state, players[seat].act(RULES.bot_view(state, seat), RULES.legal_actions(state, seat)))
    return found


def test_a_clone_equals_the_json_round_trip_and_plays_on_alike() -> None:
    for seats, seed in ((2, 1), (3, 2), (5, 3)):
        for state in _positions(seats, seed):
            clone, plain = RULES.clone(state), state_from_json(state_to_json(state))
            assert state_to_json(clone) == state_to_json(plain) == state_to_json(state)
            assert clone.stack is not state.stack and clone.sheets[0] is not state.sheets[0]
            if not state.over:  # both go on to the same game, the dice rolled alike
                seat = RULES.to_act(clone)[0]
                action = RULES.legal_actions(clone, seat)[0]
                assert RULES.apply(clone, action) == RULES.apply(plain, action)
                assert state_to_json(clone) == state_to_json(plain) != state_to_json(state)
