"""Pie Rats rules, one case per rule, each failing if the rule were wrong (refusal reasons asserted)."""

from __future__ import annotations

import pytest

from pie_table.games.pie_rats.deck import CARDS
from pie_table.games.pie_rats.rules import RULES
from tests.pie_rats.helpers import (
    act,
    all_cards,
    cards_of,
    crew_cards,
    crew_with,
    pie_with,
    position,
    refused,
)
from tests.told import said

HOOK = cards_of("hooked_hand")[0]
CUTLASS = cards_of("cutlass")[0]
CHARM = cards_of("charm")[0]
MIRROR = cards_of("mirror")[0]
THEFT = cards_of("charisma_theft")[0]
SPINACH = cards_of("spinach")[0]
KIDNAP = cards_of("kidnapping")[0]
BEAN = cards_of("carob_bean")[0]
LOW = crew_with(-1)  # loyalty 2 with its Captain's charisma
HIGH = crew_with(1)  # loyalty 4
MID = crew_with(0)  # loyalty 3
ONE = crew_with(0, 1)


def lure_position(charisma: list[int], victims: list[int], **kw):
    state = position(3, 5, 0, charisma={0: charisma}, crews={1: victims}, **kw)
    state.declared[0] = True
    return state


# -- the rulebook's Red Hook example ------------------------------------------------------------------


def test_red_hook_lures_the_loyalty_2_rat_with_his_own_charisma_and_keeps_the_hooked_hand():
    state = lure_position([HOOK], [LOW, HIGH, MID])
    act(state, 0, type="lure", targets=[LOW], cards=[])
    assert LOW in crew_cards(state, 0) and state.charisma[0] == [HOOK]


def test_red_hook_cannot_lure_the_loyalty_4_rat_even_with_the_hooked_hand():
    state = lure_position([HOOK], [LOW, HIGH, MID])
    assert (
        refused(state, 0, type="lure", targets=[HIGH], cards=[HOOK])
        == "That lure needs 5 charisma; you have 4"
    )


def test_red_hook_needs_the_hooked_hand_for_the_loyalty_3_rat_and_discards_it():
    state = lure_position([HOOK], [LOW, HIGH, MID])
    assert refused(state, 0, type="lure", targets=[MID], cards=[]) == "That lure needs 4 charisma; you have 3"
    act(state, 0, type="lure", targets=[MID], cards=[HOOK])
    assert MID in crew_cards(state, 0) and HOOK in state.discard and state.charisma[0] == []


def test_a_charisma_card_the_lure_does_not_need_is_refused():
    state = lure_position([HOOK], [LOW])
    reason = refused(state, 0, type="lure", targets=[LOW], cards=[HOOK])
    assert reason == f"{CARDS[HOOK].name} is not needed for that lure: keep it"


def test_one_lure_per_turn_and_only_after_declaring():
    state = lure_position([], [LOW])
    act(state, 0, type="lure", targets=[LOW], cards=[])
    # The lure ends Captain 0's turn: Captain 1 is asked next.
    assert state.stack.top().seats == [1] and state.acted[0]
    state = lure_position([], [LOW])
    state.declared[0] = False
    assert (
        refused(state, 0, type="lure", targets=[LOW], cards=[])
        == "A Captain who protected a crew member in phase 4 does not lure this round"
    )
    state.declared[0], state.acted[0] = True, True
    assert (
        refused(state, 0, type="lure", targets=[LOW], cards=[])
        == "You have already made your lure this round"
    )


def test_a_lured_rat_turns_sideways_and_cannot_be_lured_again_this_phase():
    state = lure_position([], [LOW])
    act(state, 0, type="lure", targets=[LOW], cards=[])
    assert state.crews[0][0].lured
    state.declared[1] = True
    assert (
        refused(state, 1, type="lure", targets=[LOW], cards=[])
        == f"{CARDS[LOW].name} was just lured and cannot be lured again this phase"
    )


# -- the Charm example ----------------------------------------------------------------------------------


def test_charm_and_cutlass_lure_a_loyalty_minus_1_and_a_loyalty_0_rat_at_once():
    state = lure_position([CHARM, CUTLASS], [LOW, MID])
    act(state, 0, type="lure", targets=[LOW, MID], cards=[CHARM, CUTLASS])
    # The Charm is held while the others may answer with a Mirror; everyone passes.
    top = state.stack.top()
    assert top.kind == "mirror" and top.seats == [1, 2] and top.allow_pass and top.sealed
    act(state, 1, type="pass")
    act(state, 2, type="pass")
    assert {LOW, MID} <= set(crew_cards(state, 0))
    assert CHARM in state.discard and CUTLASS in state.discard


def test_two_targets_need_a_charm():
    state = lure_position([CUTLASS, cards_of("cutlass")[1], cards_of("cutlass")[2]], [LOW, MID])
    assert (
        refused(state, 0, type="lure", targets=[LOW, MID], cards=[CUTLASS])
        == "Only a Charm lets you lure two crew members at once"
    )


def test_the_captains_charisma_counts_once_across_a_charm_lure():
    # 3 + 2 (Charm) = 5 is enough for one loyalty -1 rat (3) but not for two (6).
    state = lure_position([CHARM], [LOW, crew_with(-1, skip=(LOW,))])
    other = crew_with(-1, skip=(LOW,))
    assert (
        refused(state, 0, type="lure", targets=[LOW, other], cards=[CHARM])
        == "That lure needs 6 charisma; you have 5"
    )


def test_a_mirror_sends_the_charm_its_cards_and_itself_to_the_discard_and_nobody_is_lured():
    state = lure_position([CHARM, CUTLASS], [LOW, MID], hands={2: [MIRROR]})
    act(state, 0, type="lure", targets=[LOW, MID], cards=[CHARM, CUTLASS])
    act(state, 1, type="pass")
    act(state, 2, type="mirror", card=MIRROR)
    assert crew_cards(state, 1) == [LOW, MID] and crew_cards(state, 0) == []
    assert {CHARM, CUTLASS, MIRROR} <= set(state.discard) and state.charisma[0] == []
    assert state.acted[0] and state.stack.top().seats == [1]  # the failed lure still ends the turn


def test_the_mirror_window_asks_everyone_else_and_a_timeout_passes_them_all():
    state = lure_position([CHARM], [LOW], hands={2: [MIRROR]})
    # A single loyalty -1 rat needs no card, so the Charm would be refused as surplus:
    assert (
        refused(state, 0, type="lure", targets=[LOW], cards=[CHARM])
        == f"{CARDS[CHARM].name} is not needed for that lure: keep it"
    )
    state = lure_position([CHARM], [MID], hands={2: [MIRROR]})
    act(state, 0, type="lure", targets=[MID], cards=[CHARM])
    assert RULES.legal_actions(state, 1) == [{"type": "pass", "seat": 1}]
    assert RULES.legal_actions(state, 2)[-1] == {"type": "pass", "seat": 2}
    RULES.apply(state, {"type": "timeout"})
    assert MID in crew_cards(state, 0) and state.hands[2] == [MIRROR]


def test_a_mirror_in_a_turn_or_without_a_charm_is_refused():
    state = lure_position([], [LOW], hands={2: [MIRROR]})
    assert refused(state, 2, type="mirror", card=MIRROR) == "It is not your turn to act"


# -- phase 4 --------------------------------------------------------------------------------------------


def test_protect_or_declare_never_both():
    state = position(3, 4, 0, crews={0: [LOW]})
    act(state, 0, type="protect", crew=LOW)
    assert state.crews[0][0].protected and not state.declared[0]
    assert state.stack.top().seats == [1]  # the choice ends the turn
    state = position(3, 4, 0, crews={0: [LOW]})
    state.acted[0] = True
    assert refused(state, 0, type="declare") == "Protect one crew member or declare a lure: not both"


def test_a_protected_rat_cannot_be_lured_but_can_be_kidnapped_and_turns_sideways_in_phase_5():
    state = lure_position([], [LOW], hands={0: [KIDNAP]})
    state.crews[1][0].protected = True
    assert (
        refused(state, 0, type="lure", targets=[LOW], cards=[])
        == f"{CARDS[LOW].name} is protected this round"
    )
    act(state, 0, type="kidnap", card=KIDNAP, crew=LOW)
    rat = state.crews[0][0]
    assert rat.card == LOW and rat.lured and not rat.protected and KIDNAP in state.discard


# -- phase 2 --------------------------------------------------------------------------------------------


def test_charisma_is_tabled_in_phase_2_only():
    state = position(3, 3, 0, hands={0: [HOOK]})
    assert refused(state, 0, type="table", card=HOOK) == "Charisma cards are tabled in phase 2 only"
    state = position(3, 2, 0, hands={0: [HOOK]})
    act(state, 0, type="table", card=HOOK)
    assert state.charisma[0] == [HOOK]


def test_the_theft_window_opens_after_everyone_tabled_and_moves_the_card():
    state = position(3, 2, 0, hands={0: [CUTLASS], 2: [THEFT]})
    act(state, 0, type="table", card=CUTLASS)
    for seat in (0, 1, 2):
        act(state, seat, type="done")
    top = state.stack.top()
    assert top.kind == "theft" and top.seats == [0, 1, 2] and top.allow_pass
    act(state, 0, type="pass")
    act(state, 1, type="pass")
    act(state, 2, type="theft", card=THEFT, target=CUTLASS)
    assert state.charisma[2] == [CUTLASS] and state.charisma[0] == [] and THEFT in state.discard
    # Another window follows the theft; when all pass, phase 3 starts.
    assert state.stack.top().kind == "theft"
    for seat in (0, 1, 2):
        act(state, seat, type="pass")
    assert state.phase == 3


def test_no_theft_window_when_no_charisma_is_on_the_table():
    state = position(3, 2, 0, hands={2: [THEFT]})
    for seat in (0, 1, 2):
        act(state, seat, type="done")
    assert state.phase == 3 and state.stack.top().kind == "turn"


def test_theft_of_ones_own_card_is_refused():
    state = position(3, 2, 0, hands={0: [THEFT]}, charisma={0: [CUTLASS]})
    assert (
        refused(state, 0, type="theft", card=THEFT, target=CUTLASS) == "That charisma card is already yours"
    )


# -- items -----------------------------------------------------------------------------------------------


def test_spinach_doubles_one_rat_and_travels_with_it_when_lured():
    strong = crew_with(-1, 3)
    state = position(3, 3, 1, hands={1: [SPINACH]}, crews={1: [strong]})
    act(state, 1, type="spinach", card=SPINACH, crew=strong)
    assert state.crews[1][0].strength == 6
    assert (
        refused(state, 1, type="spinach", card=cards_of("spinach")[1], crew=strong)
        == "That card is not in your hand"
    )
    state.phase, state.declared[0] = 5, True
    state.stack.items.clear()
    state.turn_index = 0
    from pie_table.games.pie_rats.flow import open_turn

    open_turn(state)
    act(state, 0, type="lure", targets=[strong], cards=[])
    assert state.crews[0][0].spinach == SPINACH and state.crews[0][0].strength == 6


def test_spinach_never_goes_on_another_captains_rat():
    state = position(3, 3, 0, hands={0: [SPINACH]}, crews={1: [LOW]})
    assert (
        refused(state, 0, type="spinach", card=SPINACH, crew=LOW)
        == "Spinach goes on a crew member of your own (never on a Captain)"
    )


def test_a_carob_bean_discards_the_rat_its_spinach_and_the_bean():
    state = position(3, 3, 0, hands={0: [BEAN]}, crews={1: [LOW]})
    state.crews[1][0].spinach = SPINACH
    state.draw.remove(SPINACH)
    act(state, 0, type="bean", card=BEAN, crew=LOW)
    assert state.crews[1] == [] and {LOW, SPINACH, BEAN} <= set(state.discard)


# -- phase 6 ---------------------------------------------------------------------------------------------


def _loot_position(rule: str, crew: list[int], weight: int, **kw):
    return position(3, 6, 0, {"phase6": rule}, crews={0: crew}, sill=[pie_with(weight)], **kw)


def test_a_loot_needs_the_weight_and_discards_only_the_crew_it_used():
    a, b, c = crew_with(0, 3), crew_with(1, 4), crew_with(0, 1)
    state = _loot_position("b", [a, b, c], 9)
    pie = state.sill[0]
    assert (
        refused(state, 0, type="loot", pie=pie, crew=[a]) == f"{RULES_PIE(pie)} weighs 9; your strength is 5"
    )
    assert (
        refused(state, 0, type="loot", pie=pie, crew=[a, b, c])
        == f"{CARDS[c].name} is not needed for that pie: keep them"
    )
    act(state, 0, type="loot", pie=pie, crew=[a, b])
    assert state.won[0] == [pie] and crew_cards(state, 0) == [c] and {a, b} <= set(state.discard)


def RULES_PIE(pie: int) -> str:
    from pie_table.games.pie_rats.deck import PIES

    return PIES[pie].name


def test_one_pie_per_captain_per_round():
    a, b, c = crew_with(1, 4), crew_with(0, 4), crew_with(0, 1)
    state = position(3, 6, 0, {"phase6": "b"}, crews={0: [a, b, c]}, sill=[pie_with(7), pie_with(8)])
    act(state, 0, type="loot", pie=pie_with(7), crew=[a, c])
    assert state.stack.top().seats == [1]  # the loot ends the turn
    state.stack.top().seats = [0]  # even given another go, a second pie is refused
    assert (
        refused(state, 0, type="loot", pie=pie_with(8), crew=crew_cards(state, 0))
        == "A Captain loots one pie per round"
    )


def test_rule_a_the_call_freezes_the_crew_against_every_card():
    a = crew_with(1, 4)
    state = _loot_position("a", [a], 7, hands={1: [KIDNAP]})
    act(state, 0, type="call_loot")
    act(state, 0, type="done")
    # Phase 6 ends for Captain 0 without the pie after calling: its strongest rat leaves.
    assert crew_cards(state, 0) == []
    state = _loot_position("a", [a], 7, hands={1: [KIDNAP]})
    act(state, 0, type="call_loot")
    state.turn_index = 1
    state.stack.items.clear()
    from pie_table.games.pie_rats.flow import open_turn

    open_turn(state)
    captain = RULES.view(state, None)["captains"][0]
    assert (
        refused(state, 1, type="kidnap", card=KIDNAP, crew=a)
        == f"{captain} is looting a pie: that crew is frozen"
    )


def test_rule_a_an_uncalled_loot_opens_an_ambush_that_can_spoil_it():
    a = crew_with(1, 4)
    state = _loot_position("a", [a, ONE], 7, hands={1: [BEAN]})
    act(state, 0, type="loot", pie=pie_with(7), crew=[a, ONE])
    top = state.stack.top()
    assert top.kind == "ambush" and top.seats == [1, 2]
    act(state, 1, type="bean", card=BEAN, crew=a)
    act(state, 2, type="pass")
    assert state.sill == [pie_with(7)] and state.won[0] == [] and state.stack.top().kind == "turn"


def test_rule_a_a_called_loot_opens_no_window():
    a = crew_with(1, 4)
    state = _loot_position("a", [a, ONE], 7)
    act(state, 0, type="call_loot")
    act(state, 0, type="loot", pie=pie_with(7), crew=[a, ONE])
    assert state.won[0] == [pie_with(7)]


def test_rule_b_no_mean_cards_in_phase_6():
    state = position(3, 6, 0, {"phase6": "b"}, hands={0: [KIDNAP]}, crews={1: [LOW]})
    assert (
        refused(state, 0, type="kidnap", card=KIDNAP, crew=LOW)
        == "With the nice rule no mean cards are played in phase 6"
    )
    assert refused(state, 0, type="call_loot") == 'Calling "I\'m looting a pie!" belongs to phase-6 rule a'


def test_rule_c_every_loot_opens_an_ambush_window():
    a = crew_with(1, 4)
    state = _loot_position("c", [a, ONE], 7)
    act(state, 0, type="loot", pie=pie_with(7), crew=[a, ONE])
    assert state.stack.top().kind == "ambush"
    act(state, 1, type="pass")
    act(state, 2, type="pass")
    assert state.won[0] == [pie_with(7)]


def test_the_penalty_option_always_costs_the_strongest_rat_ties_to_the_most_loyal():
    weak = crew_with(-1, 1)
    strong_loyal, strong_fickle = crew_with(1, 4), crew_with(-1, 4)
    state = position(
        3,
        6,
        0,
        {"phase6": "b", "no_loot_penalty": "always"},
        crews={0: [weak, strong_fickle, strong_loyal]},
        sill=[pie_with(15)],
    )
    act(state, 0, type="done")
    assert crew_cards(state, 0) == [weak, strong_fickle]
    state = position(3, 6, 0, {"phase6": "b"}, crews={0: [weak]}, sill=[pie_with(15)])
    act(state, 0, type="done")
    assert crew_cards(state, 0) == [weak]  # the standard reading: no call, no penalty


# -- the round's end and the game's end ---------------------------------------------------------------------


def test_round_end_discards_refills_to_three_and_passes_the_lead_left():
    state = position(3, 6, 2, {"phase6": "b"}, hands={0: [HOOK], 1: [], 2: [MIRROR, KIDNAP, BEAN]})
    state.turn_index = 2
    act(state, 2, type="done")
    assert state.stack.top().kind == "refill"
    act(state, 0, type="refill", cards=[])
    act(state, 1, type="refill", cards=[])
    act(state, 2, type="refill", cards=[MIRROR])
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert HOOK in state.hands[0] and MIRROR in state.discard and state.lead == 1 and state.round == 2


def test_an_empty_draw_pile_takes_the_shuffled_discard():
    state = position(
        3, 6, 2, {"phase6": "b"}, hands={0: [], 1: [HOOK, MIRROR, KIDNAP], 2: [BEAN, THEFT, CHARM]}
    )
    state.discard, state.draw = state.draw, []
    act(state, 2, type="done")
    total = len(all_cards(state))
    for seat in (0, 1, 2):
        act(state, seat, type="refill", cards=[])
    assert len(state.hands[0]) == 3 and len(all_cards(state)) == total
    assert any(e["type"] == "reshuffle" for e in said(state))


def test_the_game_ends_when_the_last_pie_is_looted_and_a_tie_goes_to_the_first_looter():
    a = crew_with(1, 4)
    state = _loot_position("b", [a, ONE], 7)
    state.pie_deck.clear()
    state.won[1] = [pie_with(7)]  # the same pie kind would tie on every count
    state.loot_order = [1]
    act(state, 0, type="loot", pie=pie_with(7), crew=[a, ONE])
    assert state.over and state.winners == [1] and RULES.legal_actions(state, 0) == []


def test_ties_on_points_go_to_weight_then_pie_count():
    from pie_table.games.pie_rats.flow import finish

    state = position(3, 6, 0)
    state.won = [[pie_with(7)], [pie_with(7)], []]
    state.loot_order = [0, 1]
    finish(state, [])
    assert state.winners == [0]
    state.won = [[], [], []]  # nobody looted: a tie after every tie-breaker is shared
    state.loot_order = []
    finish(state, [])
    assert state.winners == [0, 1, 2]


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "loot", "pie": "x", "crew": []},
        {"type": "lure", "targets": 3},
        {"type": "nonsense"},
        {"type": "table", "card": 9999},
    ],
)
def test_malformed_moves_are_refused_with_a_reason(bad):
    state = position(3, 6, 0)
    assert refused(state, 0, **bad)
