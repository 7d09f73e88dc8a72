"""Vermin Vocations (each power) and the two-player variant."""

import pytest
from rats_helpers import act, go, table

from pie_table.core.decisions import DecisionStack
from pie_table.core.engine import IllegalAction
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import VOCATIONS, questions

SW, BA, ST, CR, RA, FL = range(6)


def _none(n):
    return [None] * n


def test_order_rolls_reroll_ties_pick_one_each_last_is_host():
    state = RULES.new_state(3, 4, {"vocations": True})
    assert RULES.to_act(state) == [0, 1, 2]
    assert all(RULES.legal_actions(state, s) == [{"type": "roll", "seat": s}] for s in range(3))
    state.stack = DecisionStack()
    state.order_rolls = [[7], [7], [5]]
    state.stage = "order_rolled"
    go(state)
    assert RULES.to_act(state) == [0, 1]  # only the tied rats roll again
    state.stack = DecisionStack()
    state.order_rolls = [[7, 3], [7, 9], [5]]
    go(state)
    assert state.pick_order == [1, 0, 2] and RULES.to_act(state) == [1]
    assert {a["vocation"] for a in RULES.legal_actions(state, 1)} == set(VOCATIONS)
    act(state, 1, "vocation", vocation="queen")
    assert "queen" not in {a["vocation"] for a in RULES.legal_actions(state, 0)}
    with pytest.raises(IllegalAction):
        act(state, 0, "vocation", vocation="queen")
    act(state, 0, "vocation", vocation="pauper")
    act(state, 2, "vocation", vocation="carpenter")
    assert state.host == 2 and state.sheets[2].supplies == [1] * 6


def test_full_vocation_game_rolls_come_from_the_state_rng():
    a = RULES.new_state(4, 11, {"vocations": True})
    b = RULES.new_state(4, 11, {"vocations": True})
    for state in (a, b):
        for seat in range(4):
            act(state, seat, "roll")
    assert a.order_rolls == b.order_rolls


def test_pauper_gains_one_when_saying_rats_with_fewer_not_on_tie():
    voc = [None, "pauper", None]
    state = table([[3, 2, 0, 0, 0, 0], [1, 2, 0, 0, 0, 0], [0] * 6], vocations=voc)
    assert questions(state, 1) == [{"kind": "gain", "amount": 1, "reason": "pauper"}]
    act(state, 1, "gain", supply="flowers")
    assert state.sheets[1].supplies[FL] == 1
    act(state, 0, "request", target=2, supply="rags", amount=1)
    # baubles: 2 against the Host's 2 is a tie, so no gain this time, but the Pauper is still asked
    assert questions(state, 1) == [{"kind": "pauper_tie"}]
    assert RULES.legal_actions(state, 1) == [{"type": "pauper_tie", "seat": 1}]
    act(state, 1, "pauper_tie")
    assert state.sheets[1].supplies[BA] == 2 and not questions(state, 1)
    assert questions(state, 0)[0]["reason"] == "baubles"


def test_whether_the_pauper_had_fewer_or_tied_is_secret():
    """The same public table whether the Pauper had fewer than the Host or tied: who is asked,
    in what order, and everything said aloud."""
    voc = [None, "pauper", None]
    fewer = table([[0, 2, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0], [0] * 6], vocations=voc)
    tied = table([[0, 2, 0, 0, 0, 0], [0, 2, 0, 0, 0, 0], [0] * 6], vocations=voc)
    for state in (fewer, tied):  # swords come first: 0 against the Host's 0 is a tie in both
        assert questions(state, 1) == [{"kind": "pauper_tie"}]
        act(state, 1, "pauper_tie")
    # Baubles, where the two differ: 1 against 2 earns a gain, 2 against 2 does not.
    assert questions(fewer, 1) == [{"kind": "gain", "amount": 1, "reason": "pauper"}]
    assert questions(tied, 1) == [{"kind": "pauper_tie"}]
    assert RULES.view(fewer, 1) != RULES.view(tied, 1)  # the Pauper knows which it was...
    assert RULES.view(fewer, None) == RULES.view(tied, None)  # ...nobody else does
    assert RULES.view(fewer, 0) == RULES.view(tied, 0) and RULES.view(fewer, 2) == RULES.view(tied, 2)
    assert RULES.to_act(fewer) == RULES.to_act(tied)
    act(fewer, 1, "gain", supply="flowers")
    act(tied, 1, "pauper_tie")
    assert RULES.view(fewer, None) == RULES.view(tied, None)


def test_ruffian_requests_all_of_a_supply():
    voc = [None, "ruffian", None]
    state = table([[0, 0, 0, 0, 7, 0], [2, 0, 0, 0, 0, 0], [0] * 6], vocations=voc)
    assert any(a["amount"] == "all" for a in RULES.legal_actions(state, 1))
    act(state, 1, "request", target=0, supply="rags", amount="all")
    assert state.sheets[0].supplies[RA] == 0
    assert state.sheets[1].decorations == [7]  # then out-does the Host at rags with all seven


def test_carpenter_nests_triple():
    voc = ["carpenter", None, None]
    state = table([[0] * 6] * 3, stage="scavenge_rolled", dice=[2, 5], vocations=voc, run=False)
    state.sheets[0].nests[RA] = True
    state.sheets[1].nests[RA] = True
    go(state)
    act(state, 0, "scavenge", supply="rags")
    act(state, 1, "scavenge", supply="rags")
    assert state.sheets[0].supplies[RA] == 6 and state.sheets[1].supplies[RA] == 4


def test_pickpocket_crumbs_or_rags_make_either_with_two_more_for_the_swap():
    voc = [None, "pickpocket", None]
    state = table([[0] * 6, [0, 0, 0, 4, 3, 0], [0] * 6], vocations=voc)
    assert questions(state, 1) == [{"kind": "make", "values": {"dish": 4, "decoration": 6}}]
    act(state, 1, "make", item="decoration")
    act(state, 1, "make", item="dish")
    assert state.sheets[1].decorations == [6] and state.sheets[1].dishes == [5]


def test_banker_gains_three_at_setup_and_whenever_a_new_host():
    state = RULES.new_state(3, 2, {"vocations": True})
    state.stack = DecisionStack()
    state.order_rolls = [[9], [5], [3]]
    go(state)
    act(state, 0, "vocation", vocation="banker")
    act(state, 1, "vocation", vocation="count")
    act(state, 2, "vocation", vocation="queen")
    assert questions(state, 0) == [{"kind": "gain", "amount": 2, "reason": "setup"},
                                {"kind": "gain", "amount": 3, "reason": "banker"}]
    assert state.sheets[1].dishes == [1] and state.sheets[1].decorations == [2]  # the Count
    voc = ["banker", None, None]
    state = table([[0] * 6, [0, 0, 0, 0, 0, 3], [0] * 6], vocations=voc)
    act(state, 1, "make", item="dish")
    assert state.host == 1 and questions(state, 0) == [{"kind": "gain", "amount": 3, "reason": "banker"}]


def test_queen_host_selects_the_goal_instead_of_rolling():
    voc = ["queen", None, None]
    state = table([[0] * 6] * 3, stage="turn_start", turn=1, goals=[7], vocations=voc)
    assert questions(state, 0) == [{"kind": "goal", "reason": "queen"}]
    assert 7 not in {a["goal"] for a in RULES.legal_actions(state, 0)}
    act(state, 0, "goal", goal=12)
    assert state.goals == [7, 12]


def test_queen_overrules_the_coin_flip():
    voc = [None, "queen", None]
    state = table([[0] * 6] * 3, stage="flip", turn=5, vocations=voc, run=False)
    state.flipper = 2
    go(state)
    act(state, 2, "flip")
    first = state.coin
    assert questions(state, 1) == [{"kind": "verdict"}]
    other = "heads" if first == "tails" else "tails"
    act(state, 1, "verdict", result=other)
    assert state.coin == other and RULES.is_over(state)


def test_two_player_variant_forced_on_for_two_off_for_more():
    assert RULES.new_state(2, 1, {}).options["two_player_variant"] is True
    assert RULES.new_state(3, 1, {"two_player_variant": True}).options["two_player_variant"] is False


def test_two_player_setup_extra_pick_and_bonus_every_turn():
    state = RULES.new_state(2, 1, {})
    assert [i["reason"] for i in questions(state, 1)] == ["setup", "two_player"]
    act(state, 1, "gain", supply="straw")
    act(state, 1, "gain", supply="rags")
    assert state.sheets[1].supplies == [0, 0, 2, 0, 2, 0]
    state = table([[0] * 6, [0] * 6], turn=2)
    assert state.sheets[0].supplies == [1] * 6  # the Host's Privilege at the end of the turn
    assert [i["reason"] for i in questions(state, 1)] == ["two_player", "two_player"]
    act(state, 1, "gain", supply="flowers")
    act(state, 1, "gain", supply="crumbs")
    assert state.sheets[1].supplies == [0, 0, 0, 2, 0, 2]


def test_high_tea_for_two_bonus_is_two_of_two_different_supplies_never_four_of_one():
    # "2 of any two supplies", as in the rulebook's "2 straw and 2 rags".
    state = RULES.new_state(2, 1, {})
    act(state, 1, "gain", supply="straw")  # the setup pick every rat makes
    offered = {a["supply"] for a in RULES.legal_actions(state, 1)}
    assert offered == {"swords", "baubles", "crumbs", "rags", "flowers"}
    refusal = "^the bonus is 2 of two different supplies: pick one other than straw$"
    with pytest.raises(IllegalAction, match=refusal):
        act(state, 1, "gain", supply="straw")
    act(state, 1, "gain", supply="rags")
    assert state.sheets[1].supplies == [0, 0, 2, 0, 2, 0]
    state = table([[0] * 6, [0] * 6], turn=2)  # the bonus again at the end of a turn
    act(state, 1, "gain", supply="flowers")
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction, match="pick one other than flowers$"):
        act(state, 1, "gain", supply="flowers")
    assert RULES.to_json(state) == before
    assert "flowers" not in {a["supply"] for a in RULES.legal_actions(state, 1)}


def test_two_player_nothing_to_pick_after_the_final_turn():
    state = table([[0] * 6, [0] * 6], turn=5, goals=[2, 3, 4, 5, 6])
    assert not questions(state, 1) and state.stage != "turn_start"


def test_two_player_single_bonus_option():
    state = RULES.new_state(2, 1, {"two_player_bonus_picks": 1})
    assert state.options["two_player_bonus_picks"] == 1
    state = table([[0] * 6, [0] * 6], turn=2, run=False)
    state.options["two_player_bonus_picks"] = 1
    go(state)
    assert [i["reason"] for i in questions(state, 1)] == ["two_player"]
