"""The worths a RATS table's bots keep (`TableWorths`) are what working them out afresh gives, at
every step of whole games: kept by all they are worked out from, they never go stale."""

from __future__ import annotations

import pytest

from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rats.bots import TableWorths, _static_item_gain, _weight_table, goal_weights


def _assert_worths_fresh(worths: TableWorths) -> None:
    for key, kept in worths.kept.items():
        if key[0] == "weights":
            goals = key[1]
            fresh = {g: w for g, w in goal_weights(list(goals), len(goals)).items() if w >= 0.05}
            assert kept == (fresh, _weight_table(fresh)), f"stale goal weights for {goals}"
        elif key[0] == "items":
            _, goals, items = key
            table = worths.weights_for(goals)[1]
            for (dish, value), gain in kept.items():
                assert gain == _static_item_gain(table, items, dish, value), f"stale item worth {key}"


@pytest.mark.parametrize("seats", ["bot:normal,bot:hard,bot:normal", "bot:hard,bot:normal,bot:easy,bot:hard"])
def test_kept_worths_equal_fresh_ones_at_every_step_of_bot_games(seats: str) -> None:
    session = Session(GameSetup("rats", parse_seats(seats), {}, seed=11))
    worths = next(iter(session.bots.values())).worths
    checked = 0
    while not session.is_over():
        seat = session.to_act()[0]
        assert session.submit(seat, session.bot_action(seat)).ok
        _assert_worths_fresh(worths)
        checked += len(worths.kept)
    assert checked > 0  # the bots did keep worths
