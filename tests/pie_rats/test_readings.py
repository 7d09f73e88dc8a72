"""Pie Rats readings settled for issue 21: the game's end, the penalty for not looting, items on any
turn, the phase-5 lure after Done, tie-breaker (f), the phase-6 call and the hints' words."""

from __future__ import annotations

import pytest

from pie_table.core.registry import get_game
from pie_table.games.pie_rats import flow, hints
from pie_table.games.pie_rats.deck import CARDS, PIES
from pie_table.games.pie_rats.reckon import strongest_possible_crew
from pie_table.games.pie_rats.rules import RULES
from pie_table.games.pie_rats.ui.move_labels import label
from tests.pie_rats.helpers import act, cards_of, crew_cards, crew_with, pie_with, position, refused
from tests.told import said

KIDNAP = cards_of("kidnapping")[0]
BEAN = cards_of("carob_bean")[0]
SPINACH = cards_of("spinach")[0]
BIG = crew_with(1, 4)  # with the Captain's 2: strength 6, and 7 with ONE
ONE = crew_with(0, 1)
LOW = crew_with(-1)


def _loot_turn(rule: str, crew: list[int], weight: int, **kw):
    options = {"phase6": rule, **kw.pop("options", {})}
    return position(3, 6, 0, options, crews={0: crew}, sill=[pie_with(weight)], **kw)


# -- item 16: who pays for not looting ---------------------------------------------------------------------


def test_an_uncalled_loot_spoiled_in_the_window_costs_no_crew_member():
    state = _loot_turn("a", [BIG, ONE], 7, hands={1: [BEAN]})
    act(state, 0, type="loot", pie=pie_with(7), crew=[BIG, ONE])
    act(state, 1, type="bean", card=BEAN, crew=ONE)
    act(state, 2, type="pass")
    act(state, 0, type="done")
    assert crew_cards(state, 0) == [BIG]
    assert not any(e["type"] == "no_loot" for e in said(state))


def test_a_captain_who_called_and_could_loot_keeps_the_crew_on_done():
    state = _loot_turn("a", [BIG, ONE], 7)
    act(state, 0, type="call_loot")
    assert label(RULES.view(state, 0), {"type": "done", "seat": 0}) == "Done"
    act(state, 0, type="done")
    assert crew_cards(state, 0) == [BIG, ONE]


def test_a_captain_who_called_and_cannot_loot_loses_the_strongest_and_is_warned():
    state = _loot_turn("a", [BIG], 7)
    act(state, 0, type="call_loot")
    assert label(RULES.view(state, 0), {"type": "done", "seat": 0}) == "Done (your strongest rat leaves!)"
    act(state, 0, type="done")
    assert crew_cards(state, 0) == []


def test_the_literal_reading_charges_every_captain_who_cannot_loot_and_only_them():
    options = {"no_loot_penalty": "always"}
    state = _loot_turn("b", [BIG, LOW], 15, options=options)
    act(state, 0, type="done")
    assert crew_cards(state, 0) == [LOW]
    state = _loot_turn("b", [BIG, ONE], 7, options=options)
    act(state, 0, type="done")  # could have carried the pie: not unable, so no penalty
    assert crew_cards(state, 0) == [BIG, ONE]


def test_the_seat_screen_offers_both_penalty_readings_standard_first():
    option = next(o for o in get_game("pie-rats").options if o.key == "no_loot_penalty")
    assert option.default == "failed" and option.choices == ("failed", "always")
    state = RULES.new_state(3, 1, {"no_loot_penalty": "always"})
    assert state.options["no_loot_penalty"] == "always"


# -- item 15: the end --------------------------------------------------------------------------------------


def test_there_is_no_round_cap_the_game_goes_on_while_pies_wait():
    state = position(3, 6, 2, {"phase6": "b"})
    state.round = 60
    act(state, 2, type="done")
    for seat in (0, 1, 2):
        act(state, seat, type="refill", cards=[])
    assert not state.over and state.round == 61 and state.phase == 2


def test_the_strongest_possible_crew_counts_every_crew_card_and_doubles_the_strongest_for_spinach():
    assert strongest_possible_crew([1, 4, 3], 1) == 2 + 8 + 4
    assert strongest_possible_crew([1, 4, 3], 5) == 2 + 16


def test_with_this_deck_every_pie_can_always_be_carried():
    assert flow._REACH >= max(p.weight for p in PIES)


def test_pies_no_crew_could_ever_carry_end_the_game_by_the_tie_breakers(monkeypatch):
    monkeypatch.setattr(flow, "_REACH", 10)
    state = _loot_turn("b", [BIG, ONE], 7)
    state.pie_deck[:] = [pie_with(15)]
    state.won[1] = [pie_with(9)]
    act(state, 0, type="loot", pie=pie_with(7), crew=[BIG, ONE])
    assert state.over and state.winners == [1]  # 9's points beat 7's
    event = next(e for e in said(state) if e["type"] == "out_of_reach")
    assert event["pies"] == [pie_with(15)]
    assert str(event["text"]) == (
        "No crew could ever carry a pie that is left (strength 10 at most): the game ends here."
    )
    assert said(state)[-1]["type"] == "winner"


# -- item 18: smaller points ---------------------------------------------------------------------------------


def test_done_in_phase_4_keeps_the_phase_5_lure_but_a_protection_does_not():
    state = position(3, 4, 0, crews={1: [ONE], 2: [LOW]})
    act(state, 0, type="done")
    act(state, 1, type="protect", crew=ONE)
    act(state, 2, type="done")
    assert state.phase == 5
    assert {"type": "lure", "seat": 0, "targets": [LOW], "cards": []} in RULES.legal_actions(state, 0)
    act(state, 0, type="lure", targets=[LOW], cards=[])
    assert crew_cards(state, 0) == [LOW]
    assert all(a["type"] != "lure" for a in RULES.legal_actions(state, 1))
    assert (
        refused(state, 1, type="lure", targets=[LOW], cards=[])
        == "A Captain who protected a crew member in phase 4 does not lure this round"
    )


def test_tie_breaker_f_the_first_to_loot_a_pie_wins_a_tie_on_points_weight_and_pies():
    state = position(3, 6, 0)
    seven, other_seven = (i for i, p in enumerate(PIES) if p.weight == 7)
    state.won = [[seven], [other_seven], []]
    state.loot_order = [1, 0]
    events: list[dict] = []
    flow.finish(state, events)
    assert state.winners == [1]
    assert events[-1]["tie_break"] == "first_pie" and events[-1]["winners"] == [1]
    assert PIES[seven].points == PIES[other_seven].points


def test_no_call_without_a_pie_on_the_sill():
    state = position(3, 6, 0, {"phase6": "a"}, crews={0: [BIG]}, sill=[])
    assert {"type": "call_loot", "seat": 0} not in RULES.legal_actions(state, 0)
    assert refused(state, 0, type="call_loot") == "No pie is on the window sill to loot"


def test_the_first_move_in_phase_6_is_the_call_only_with_a_pie_within_reach():
    state = position(3, 6, 0, hands={0: [KIDNAP]}, crews={0: [BIG], 1: [LOW]}, sill=[pie_with(15)])
    legal = RULES.legal_actions(state, 0)
    assert legal[0]["type"] == "kidnap" and legal[-2:] == [
        {"type": "call_loot", "seat": 0},
        {"type": "done", "seat": 0},
    ]
    state = _loot_turn("a", [BIG, ONE], 7)
    assert RULES.legal_actions(state, 0)[0] == {"type": "call_loot", "seat": 0}


def test_hints_say_nothing_of_a_pie_race_with_an_empty_sill_or_of_keeping_an_empty_hand():
    state = position(3, 5, 0, crews={1: [LOW]}, hands={0: [KIDNAP]}, sill=[])
    view = RULES.view(state, 0)
    reason = hints.reason(view, {"type": "kidnap", "seat": 0, "card": KIDNAP, "crew": LOW})
    assert str(reason) == (
        f"Take {CARDS[LOW].name} (strength {CARDS[LOW].strength}) out of a rival's crew: "
        "a weaker rival for the pies to come."
    )
    view = RULES.view(position(3, 6, 0), 1)
    assert view["hand"] == []
    assert str(hints.reason(view, {"type": "refill", "seat": 1, "cards": []})) == (
        "Draw three fresh cards: your hand is empty."
    )
    assert label(view, {"type": "refill", "seat": 1, "cards": []}) == "Draw 3 cards"


# -- item 17: items on any turn ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind,card", [("kidnap", KIDNAP), ("bean", BEAN)])
def test_mean_cards_are_played_on_ones_own_phase_2_turn_too(kind, card):
    state = position(3, 2, 0, hands={0: [card]}, crews={1: [LOW]})
    assert {"type": kind, "seat": 0, "card": card, "crew": LOW} in RULES.legal_actions(state, 0)
    act(state, 0, type=kind, card=card, crew=LOW)
    assert crew_cards(state, 1) == []


def test_spinach_is_played_on_ones_own_phase_2_turn_too():
    state = position(3, 2, 0, hands={0: [SPINACH]}, crews={0: [ONE]})
    act(state, 0, type="spinach", card=SPINACH, crew=ONE)
    assert state.crews[0][0].strength == 2


def test_a_hint_says_a_kidnapping_changes_the_race_only_when_it_does():
    other = crew_with(0, 3)
    state = position(3, 6, 0, crews={0: [BIG], 1: [other]}, hands={0: [KIDNAP]}, sill=[pie_with(15)])
    action = {"type": "kidnap", "seat": 0, "card": KIDNAP, "crew": other}
    assert str(hints.reason(RULES.view(state, 0), action)).endswith("a weaker rival for the pies to come.")
    state = position(3, 6, 0, crews={0: [BIG], 1: [other]}, hands={0: [KIDNAP]}, sill=[pie_with(9)])
    assert str(hints.reason(RULES.view(state, 0), action)).endswith("it changes who reaches the pie first.")


def test_the_results_put_the_tie_breaker_f_winner_first_and_say_why():
    from pie_table.games.pie_rats.ui.table_scene import ranked, results_text

    state = position(3, 6, 0, {"phase6": "b"}, crews={0: [BIG, ONE]}, sill=[pie_with(7)])
    state.pie_deck.clear()
    seven, other_seven = (i for i, p in enumerate(PIES) if p.weight == 7)
    state.sill = [other_seven]
    state.unused_pies = [p for p in state.unused_pies if p != other_seven]
    state.won[1], state.loot_order = [seven], [1]
    act(state, 0, type="loot", pie=other_seven, crew=[BIG, ONE])
    view = RULES.view(state, None)
    title, lines = results_text(view, said(state))
    captains = view["captains"]
    assert title == f"{captains[1]} wins!"
    assert lines[0].startswith(captains[1]) and lines[1].startswith(captains[0])
    assert lines[-1] == "Tied on points, weight and pies: the first of them to loot a pie wins."
    assert ranked(view)[:2] == [1, 0]  # the closing ceremony lays the pies out in the same order
