"""Setup, turns, scavenging and out-do-the-Host, including the rulebook's worked example."""

import pytest
from rats_helpers import act, go, peek_dice, snapshot, start, supply, table, texts

from pie_table.core.engine import IllegalAction
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import questions

SW, BA, ST, CR, RA, FL = range(6)


def test_setup_host_privilege_and_secret_picks_of_two():
    state = start(4, 3, {"first_host": 2})
    assert state.host == 2
    assert state.sheets[2].supplies == [1] * 6
    assert RULES.to_act(state) == [0, 1, 3]
    assert RULES.legal_actions(state, 2) == []
    assert {a["supply"] for a in RULES.legal_actions(state, 0)} == {
        "swords", "baubles", "straw", "crumbs", "rags", "flowers"}
    act(state, 0, "gain", supply="rags")
    assert state.sheets[0].supplies == [0, 0, 0, 0, 2, 0]
    assert "rags" not in " ".join(texts(state))  # the pick is secret
    assert state.options["ship_name"] in texts(state)[0]


def _through_setup(state):
    for seat in RULES.to_act(state):
        while questions(state, seat):
            act(state, seat, "gain", supply="crumbs")


def test_goal_roll_circles_the_sum():
    state = RULES.new_state(3, 5, {})
    _through_setup(state)
    dice = peek_dice(state)
    act(state, 0, "roll")
    assert state.goals == [sum(dice)]
    assert questions(state, 0) == [{"kind": "roll", "purpose": "scavenge"}]


def test_goal_already_circled_lets_host_choose_any_uncircled():
    state = RULES.new_state(3, 5, {})
    _through_setup(state)
    dice = peek_dice(state)
    state.goals = [sum(dice)]
    act(state, 0, "roll")
    options = {a["goal"] for a in RULES.legal_actions(state, 0)}
    assert options == set(range(2, 13)) - {sum(dice)}
    with pytest.raises(IllegalAction):
        act(state, 0, "goal", goal=sum(dice))
    act(state, 0, "goal", goal=min(options))
    assert state.goals == [sum(dice), min(options)]


def test_scavenge_options_type_and_amount_dice():
    state = table([[0] * 6] * 3, stage="scavenge_rolled", dice=[1, 3])
    opts = RULES.legal_actions(state, 1)
    assert {(a["supply"], a["count"]) for a in opts} == {("swords", 3), ("straw", 1)}
    act(state, 1, "scavenge", supply="swords")
    assert state.sheets[1].supplies[SW] == 3


def test_scavenge_doubles_any_supply_and_nests_double():
    state = table([[0] * 6] * 3, stage="scavenge_rolled", dice=[4, 4], run=False)
    state.sheets[2].nests[FL] = True
    go(state)
    assert len(RULES.legal_actions(state, 0)) == 6
    act(state, 2, "scavenge", supply="flowers")
    act(state, 0, "scavenge", supply="flowers")
    assert state.sheets[2].supplies[FL] == 8 and state.sheets[0].supplies[FL] == 4


def test_three_scavenge_rolls_then_out_do():
    state = table([[0] * 6] * 3, stage="scavenge")
    for _ in range(3):
        act(state, 0, "roll")
        for seat in range(3):
            act(state, seat, "scavenge", supply=RULES.legal_actions(state, seat)[0]["supply"])
    assert state.stage not in ("scavenge", "scavenge_rolled", "scavenged")
    assert "Your Host has" in " ".join(texts(state))


def test_rulebook_out_do_example():
    # Fluffy (Host, seat 0), Victoria (1), Ratface (2): swords, baubles, straw, crumbs, rags, flowers.
    state = table([[3, 5, 0, 0, 6, 1], [1, 1, 7, 0, 6, 6], [4, 0, 6, 0, 2, 5]])
    said = texts(state)
    assert said[:3] == ["Your Host has 3 cocktail swords.", "Rat 2: RATS!",
                        "Rat 3: I'm afraid I have 4 cocktail swords."]
    assert RULES.to_act(state) == [2]
    act(state, 2, "request", target=0, supply="baubles", amount=2)
    assert "Your Host has 3 baubles." in texts(state)
    assert state.sheets[2].supplies[SW] == 0 and state.sheets[1].supplies[SW] == 1
    act(state, 0, "gain", supply="straw")  # the Host wins baubles and secretly takes 5 straw
    assert RULES.to_act(state) == [1, 2]  # both beat the Host's 5 straw
    act(state, 2, "nest", supply="crumbs")
    act(state, 1, "nest", supply="rags")
    assert "Nobody has any crumbs: nobody takes the action." in texts(state)
    assert state.sheets[0].decorations == [6]  # the Host wins the rags tie
    act(state, 2, "make", item="dish")
    act(state, 1, "make", item="decoration")
    assert state.host == 1
    assert state.sheets[0].supplies == [3, 0, 5, 0, 0, 1]  # beaten supplies carry over
    assert state.sheets[1].supplies == [2, 2, 1, 1, 7, 1]  # kept rags and swords, plus the Privilege
    assert state.sheets[2].supplies == [0, 2, 0, 0, 2, 0]
    assert (state.sheets[1].decorations, state.sheets[2].dishes) == ([6], [5])
    assert state.sheets[1].nests[RA] and state.sheets[2].nests[CR]
    assert state.turn == 3 and questions(state, 1) == [{"kind": "roll", "purpose": "goal"}]


def test_every_rat_beating_the_host_acts_and_spends_all():
    state = table([[0, 0, 0, 2, 0, 0], [0, 0, 0, 3, 0, 0], [0, 0, 0, 5, 0, 0]])
    assert state.sheets[1].dishes == [3] and state.sheets[2].dishes == [5]
    assert state.sheets[0].dishes == [] and state.sheets[0].supplies[CR] == 2


def test_swords_most_first_host_breaks_ties_and_swords_are_spent():
    state = table([[1, 0, 0, 0, 4, 0], [3, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0]])
    assert RULES.to_act(state) == [3]  # five swords go first
    act(state, 3, "request", target=0, supply="rags", amount=9)  # too many: RATS, nothing taken
    assert state.sheets[3].supplies[SW] == 0 and state.sheets[0].supplies[RA] == 4
    assert questions(state, 0) == [{"kind": "sword_order"}] and state.candidates == [1, 2]
    act(state, 0, "sword_order", rat=2)
    act(state, 2, "request", target=0, supply="rags", amount=4)
    assert state.sheets[2].supplies[RA] == 4 and state.sheets[0].supplies[RA] == 0
    # Rags were just taken from Rat 1: nobody may ask Rat 1 for rags again this turn...
    with pytest.raises(IllegalAction, match="rags were already taken from Rat 1 this turn"):
        act(state, 1, "request", target=0, supply="rags", amount=1)
    with pytest.raises(IllegalAction, match="never cocktail swords"):
        act(state, 1, "request", target=2, supply="swords", amount=1)
    legal = list(RULES.legal_actions(state, 1))
    assert not any(a["target"] == 0 and a["supply"] == "rags" for a in legal)
    assert all(a["supply"] != "swords" for a in legal)
    # ...but rags may still be asked of another rat (who now holds the four just taken).
    act(state, 1, "request", target=2, supply="rags", amount=4)
    assert "Rat 3: Indeed, here are 4 rags." in texts(state)
    assert state.taken == [[0, RA], [2, RA]]


def test_a_request_may_name_large_amounts():
    state = table([[0, 0, 0, 0, 60, 0], [3, 0, 0, 0, 0, 0], [0] * 6])
    assert RULES.to_act(state) == [1]
    with pytest.raises(IllegalAction, match="a whole number from 1 to 999"):
        act(state, 1, "request", target=0, supply="rags", amount=1000)
    act(state, 1, "request", target=0, supply="rags", amount=54)  # beyond the old cap of 30
    assert "Rat 1: Indeed, here are 54 rags." in texts(state)


def test_nobody_has_any_nobody_acts_and_host_acts_on_tie():
    state = table([[0, 2, 0, 0, 0, 0], [0, 2, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]])
    assert "Nobody has any cocktail swords: nobody takes the action." in texts(state)
    assert RULES.to_act(state) == [0]
    assert state.sheets[1].supplies[BA] == 2


def test_nest_one_per_supply_and_full_nests_waste_straw():
    state = table([[0, 0, 0, 0, 0, 0], [0, 0, 3, 0, 0, 0], [0] * 6])
    state2 = table([[0, 0, 0, 0, 0, 0], [0, 0, 3, 0, 0, 0], [0] * 6], run=False)
    assert [a["supply"] for a in RULES.legal_actions(state, 1)] == [
        "swords", "baubles", "straw", "crumbs", "rags", "flowers"]
    state.sheets[1].nests = [True, True, False, True, True, True]
    assert [a["supply"] for a in RULES.legal_actions(state, 1)] == ["straw"]
    state2.sheets[1].nests = [True] * 6
    go(state2)
    assert state2.sheets[1].supplies[ST] == 0 and not questions(state2, 1)


def test_flowers_tie_host_picks_new_host_who_gains_privilege():
    state = table([[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 4], [0, 0, 0, 0, 0, 4]])
    act(state, 1, "make", item="dish")
    act(state, 2, "make", item="decoration")
    assert questions(state, 0) == [{"kind": "new_host"}]
    act(state, 0, "new_host", rat=2)
    assert state.host == 2 and state.sheets[2].supplies == [1] * 6
    assert state.sheets[1].supplies == [0] * 6  # other rats get nothing


def test_host_with_most_flowers_stays_host():
    state = table([[0, 0, 0, 0, 0, 5], [0, 0, 0, 0, 0, 5], [0, 0, 0, 0, 0, 2]])
    act(state, 0, "make", item="dish")
    assert state.host == 0 and state.sheets[0].dishes == [5]
    assert state.sheets[0].supplies[FL] == 0 and state.sheets[1].supplies[FL] == 5


def test_game_lasts_five_turns():
    state = table([[0] * 6] * 3, stage="turn_start", turn=5, goals=[2, 3, 4, 5, 6])
    assert state.stage in ("winner_known", "flip", "flipped")
    assert len(state.goal_awards) == 5


def test_illegal_actions_change_nothing():
    state = table([[3, 5, 0, 0, 6, 1], [1, 1, 7, 0, 6, 6], [4, 0, 6, 0, 2, 5]])
    before = snapshot(state)
    bad = [
        None, "roll", {}, {"type": "request"}, {"type": "request", "seat": 0, "target": 1},
        {"type": "roll", "seat": 2},
        {"type": "request", "seat": True, "target": 0, "supply": "rags", "amount": 1},
        {"type": "request", "seat": 2, "target": 2, "supply": "rags", "amount": 1},
        {"type": "request", "seat": 2, "target": 0, "supply": "rags", "amount": 0},
        {"type": "request", "seat": 2, "target": 0, "supply": "rags", "amount": "all"},
        {"type": "request", "seat": 2, "target": 9, "supply": "rags", "amount": 1},
        {"type": "request", "seat": 2, "target": 0, "supply": "gold", "amount": 1},
        {"type": "request", "seat": 2, "target": 0, "supply": "rags", "amount": 2.0},
        {"type": "gain", "seat": 0, "supply": "rags"}, {"type": "roll", "seat": 7},
    ]
    for action in bad:
        with pytest.raises(IllegalAction):
            RULES.apply(state, action)
        assert snapshot(state) == before


def test_supply_index_helper():
    assert supply("flowers") == FL


def test_a_bool_never_passes_for_a_number_in_a_choice():
    state = table([[0] * 6] * 3, stage="scavenge_rolled", dice=[1, 4], run=False)
    go(state)
    seat = RULES.to_act(state)[0]
    one = next(a for a in RULES.legal_actions(state, seat) if a["count"] == 1)
    sneaky = {**one, "count": True}  # equal to the option as Python compares (True == 1)
    with pytest.raises(IllegalAction, match="not a legal scavenge choice"):
        RULES.apply(state, sneaky)
