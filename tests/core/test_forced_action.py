"""An engine's `forced_action` names a seat's only move without listing them all: at every step of
whole games it is either silent or exactly the one move the list holds."""

from __future__ import annotations

import pytest

from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("pie-rats", "bot:normal,bot:hard,bot:easy,bot:random", {}),
        ("pie-rats", "bot:hard,bot:random,bot:normal", {"phase6": "c"}),
        ("cheflebrity", "bot:normal,bot:hard,bot:easy,bot:random", {}),
    ],
)
def test_a_forced_move_is_the_only_listed_move(game: str, seats: str, options) -> None:
    rules = get_game(game).rules
    forced_seen = 0
    for seed in range(2):
        session = Session(GameSetup(game, parse_seats(seats), options, seed=seed))
        while not session.is_over():
            for seat in session.to_act():
                forced = rules.forced_action(session.state, seat)
                if forced is not None:
                    # The same move the list offers, as the log records it (the seat stamped).
                    assert [{**a, "seat": seat} for a in session.legal(seat)] == [forced]
                    assert forced == {"type": "pass", "seat": seat}  # one shape in every game
                    forced_seen += 1
            seat = session.to_act()[0]
            assert session.submit(seat, session.bot_action(seat)).ok
        for seat in range(len(session.setup.seats)):
            assert rules.forced_action(session.state, seat) is None  # nothing is asked once it is over
    assert forced_seen > 50


def test_only_pass_reads_the_top_window_the_asked_seat_and_its_hand() -> None:
    from pie_table.core.decisions import DecisionStack

    answers = {"mirror": (False, True, False)}  # card 1 answers a Mirror window
    stack = DecisionStack()
    assert not stack.only_pass(0, [0], answers)  # nothing asked
    stack.push_turn("turn", 0)
    assert not stack.only_pass(0, [0], answers)  # a turn is no window
    stack.push_window("mirror", [1, 2], [1, 2], 6.0)
    assert stack.only_pass(1, [0, 2], answers)
    assert not stack.only_pass(1, [0, 1], answers)  # holds an answer
    assert not stack.only_pass(0, [], answers)  # not asked
    stack.items[-1].record(1, {"type": "pass"})
    assert not stack.only_pass(1, [], answers)  # has answered
