"""The decision stack on its own: who is waited on, sealing, closing rules, nesting, timeouts, JSON."""

import pytest

from pie_table.core.decisions import PASS, Decision, DecisionStack
from pie_table.core.engine import IllegalAction

CLAIM = {"type": "mirror"}


def test_waits_on_every_asked_seat_until_all_answer():
    stack = DecisionStack()
    window = stack.push("window", [3, 1, 2], allow_pass=True)
    assert window.seats == [1, 2, 3]
    stack.answer(2, PASS)
    assert stack.waiting_on() == [1, 3]
    stack.answer(1, CLAIM)
    stack.answer(3, PASS)
    assert window.is_complete() and stack.waiting_on() == []
    assert window.winner() == (1, CLAIM)


def test_first_claim_closes_at_once():
    stack = DecisionStack()
    window = stack.push("window", [0, 1, 2], allow_pass=True, closes="first_claim")
    stack.answer(0, PASS)
    assert not window.is_complete()
    stack.answer(2, CLAIM)
    assert window.is_complete() and stack.waiting_on() == []


def test_priority_breaks_ties_between_sealed_claims():
    stack = DecisionStack()
    window = stack.push("window", [0, 1, 2], allow_pass=True, sealed=True, priority=[2, 0, 1])
    for seat in (0, 1, 2):
        stack.answer(seat, {"type": "mirror", "by": seat})
    assert window.winner()[0] == 2


def test_refusals_name_the_reason_and_change_nothing():
    stack = DecisionStack()
    turn = stack.push("turn", [0])
    with pytest.raises(IllegalAction, match="You are not asked to decide now"):
        stack.answer(1, CLAIM)
    with pytest.raises(IllegalAction, match="You cannot pass this decision"):
        stack.answer(0, PASS)
    assert turn.answers == {}
    stack.answer(0, CLAIM)
    with pytest.raises(IllegalAction, match="That decision is already closed"):
        stack.answer(0, CLAIM)
    window = stack.push("window", [1, 2], allow_pass=True)
    stack.answer(1, PASS)
    with pytest.raises(IllegalAction, match="You have already answered"):
        stack.answer(1, CLAIM)
    assert window.answers == {1: PASS}


def test_a_reaction_to_a_reaction_sits_on_top_and_the_one_below_resumes():
    stack = DecisionStack()
    below = stack.push("sabotage_window", [1, 2], allow_pass=True)
    stack.answer(1, {"type": "sabotage"})
    above = stack.push("saved_window", [0, 2], allow_pass=True)
    assert stack.top() is above and stack.waiting_on() == [0, 2]
    stack.answer(0, PASS)
    stack.answer(2, PASS)
    assert stack.pop() is above
    assert stack.top() is below and stack.waiting_on() == [2]


def test_timeout_passes_every_late_seat_only_where_time_is_limited():
    stack = DecisionStack()
    stack.push("turn", [0])
    with pytest.raises(IllegalAction, match="no time limit"):
        stack.timeout()
    stack.push("no_pass", [1], deadline=6.0)
    with pytest.raises(IllegalAction, match="cannot be passed"):
        stack.timeout()
    stack.pop()
    window = stack.push("window", [1, 2, 3], allow_pass=True, deadline=6.0)
    stack.answer(2, CLAIM)
    assert stack.timeout() is window
    assert window.answers == {1: PASS, 2: CLAIM, 3: PASS} and window.is_complete()


def test_sealed_answers_are_invisible_to_others_until_complete():
    stack = DecisionStack()
    window = stack.push("window", [0, 1, 2], allow_pass=True, sealed=True)
    stack.answer(1, CLAIM)
    assert window.view(1)["answers"] == {"1": CLAIM}
    # Neither the answer nor the fact that seat 1 answered shows to anyone else.
    assert window.view(0)["answers"] == {} and window.view(None)["answers"] == {}
    assert window.view(0)["asked"] and not window.view(1)["asked"]
    stack.answer(0, PASS)
    stack.answer(2, PASS)
    assert window.view(0)["answers"] == {"0": PASS, "1": CLAIM, "2": PASS}


def test_private_data_stays_out_of_views():
    stack = DecisionStack()
    stack.push("window", [1], allow_pass=True, data={"held": "secret card", "public": {"kind": "charm"}})
    assert stack.view(1)[0]["data"] == {"kind": "charm"}


def test_json_round_trip():
    stack = DecisionStack()
    stack.push("turn", [0])
    window = stack.push("window", [1, 2], allow_pass=True, sealed=True, priority=[2, 1], deadline=4.5,
                        data={"public": {"a": [1, 2]}})
    window.record(2, CLAIM)
    again = DecisionStack.from_json(stack.to_json())
    assert again.to_json() == stack.to_json()
    assert again.top().answers == {2: CLAIM} and again.next_id == stack.next_id
    assert isinstance(again.top(), Decision)


def test_bad_construction_is_refused():
    stack = DecisionStack()
    with pytest.raises(ValueError):
        stack.push("x", [])
    with pytest.raises(ValueError):
        stack.push("x", [0], closes="sometimes")
    with pytest.raises(IllegalAction, match="Nothing is waiting"):
        stack.answer(0, PASS)


def test_a_view_names_everyone_a_sealed_decision_asks_until_it_closes():
    stack = DecisionStack()
    assert stack.shown_waiting() == []
    stack.push("pick", [0, 1, 2], sealed=True)
    stack.answer(1, {"type": "pick"})
    assert stack.waiting_on() == [0, 2] and stack.shown_waiting() == [0, 1, 2]
    stack.push("window", [0, 2], allow_pass=True)
    stack.answer(0, {"type": "pass"})
    assert stack.shown_waiting() == [2]


@pytest.mark.parametrize("closes", ["all", "first_claim"])
def test_asks_names_exactly_the_seats_still_waited_on(closes):
    decision = Decision(1, "window", [0, 1, 2], allow_pass=True, sealed=True, closes=closes)
    for seat, answer in [(1, PASS), (0, {"type": "claim"}), (2, PASS)]:
        for asked in (-1, 0, 1, 2, 3, None):
            assert decision.asks(asked) == (asked in decision.waiting_on())
        if decision.asks(seat):
            decision.record(seat, answer)
    assert not any(decision.asks(seat) for seat in range(3)) and decision.is_complete()


def test_a_pushed_turn_is_the_decision_push_makes_for_one_seat():
    turns, pushes = DecisionStack(), DecisionStack()
    for data in (None, {"public": {"phase": 3}}):
        made = turns.push_turn("turn", 2, None if data is None else dict(data))
        pushed = pushes.push("turn", [2], data=None if data is None else dict(data))
        assert made.to_json() == pushed.to_json() and made.waiting_on() == [2]
    assert turns.to_json() == pushes.to_json()


def test_a_pushed_window_is_the_sealed_decision_push_makes():
    windows, pushes = DecisionStack(), DecisionStack()
    made = windows.push_window("mirror", [3, 1, 2], [2, 3, 1], 6.0, {"held": {"seat": 0}, "public": {}})
    pushed = pushes.push("mirror", [3, 1, 2], allow_pass=True, sealed=True, priority=[2, 3, 1], deadline=6.0,
                         data={"held": {"seat": 0}, "public": {}})
    assert made.to_json() == pushed.to_json() and made.waiting_on() == [1, 2, 3]
    with pytest.raises(ValueError):
        windows.push_window("mirror", [], [], 6.0)
