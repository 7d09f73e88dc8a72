"""The crews a view shows are kept by the rules between moves that may change one (told by the
events each move logs): they must be, after every move of any game, the crews as they lie."""

from __future__ import annotations

import random

import pytest

from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SeatSpec
from pie_table.games.pie_rats.rules import RULES, _rat_view


def _assert_crews_current(state) -> None:
    fresh = [[_rat_view(rat) for rat in crew] for crew in state.crews]
    assert RULES.bot_view(state, 0)["crews"] == fresh, "kept crews missed a change to a crew"
    assert RULES.view(state, None)["crews"] == fresh


@pytest.mark.parametrize("rule", ["a", "b", "c"])
@pytest.mark.parametrize("penalty", ["failed", "always"])
def test_kept_crews_follow_every_move_of_random_games(rule, penalty):
    for seed in range(1):
        rng = random.Random(seed)
        state = RULES.new_state(4, seed, {"pies": 6, "phase6": rule, "no_loot_penalty": penalty})
        for _ in range(1500):  # random moves rarely end a game soon: a long stretch of one is enough
            if state.over:
                break
            seat = rng.choice(RULES.to_act(state))
            if rng.random() < 0.05 and state.stack.top().deadline is not None:
                RULES.apply(state, {"type": "timeout"})
            else:
                RULES.apply(state, dict(rng.choice(RULES.legal_actions(state, seat))))
            _assert_crews_current(state)


@pytest.mark.parametrize("rule", ["a", "b", "c"])
def test_kept_crews_follow_every_move_of_bot_games(rule):
    seats = [SeatSpec("bot", level) for level in ("easy", "normal", "hard", "normal")]
    for seed in range(1):
        session = Session(GameSetup("pie-rats", seats, {"phase6": rule}, seed=seed))
        while not session.is_over():
            seat = session.to_act()[0]
            assert session.submit(seat, session.bot_action(seat)).ok
            _assert_crews_current(session.state)
