"""Cheflebrity rules, one case each, with the reason the engine gives (shared/rules/cheflebrity.txt)."""

from __future__ import annotations

import pytest

from pie_table.core.history import SeatHistory
from pie_table.games.cheflebrity.claims import honest
from pie_table.games.cheflebrity.deck import CARDS, KIND, PIE_CARDS, SPECIAL_CARDS
from pie_table.games.cheflebrity.rules import RULES
from tests.cheflebrity.helpers import (
    act,
    arrange,
    count_cards,
    draw,
    find,
    fresh,
    pass_window,
    pie_ids,
    refused,
)

B5, B20 = find("bottom", 5), find("bottom", 20)
F10 = find("filling", 10, "cherry")
F25 = find("filling", 25, "apple")
T15, T25 = find("top", 15), find("top", 25)
E5, E10, E25 = find("extras", 5), find("extras", 10), find("extras", 25)
OOPS, SAB, SAVED, GENIUS = find("oops"), find("sabotage"), find("saved"), find("genius")


@pytest.mark.parametrize(("seats", "dealt"), [(2, 7), (3, 7), (4, 6), (5, 5)])
def test_the_deal_gives_pie_cards_only_and_the_specials_go_into_the_rest(seats, dealt):
    state = fresh(seats)
    assert [len(h) for h in state.hands] == [dealt] * seats
    assert all(c in PIE_CARDS for h in state.hands for c in h)
    assert set(SPECIAL_CARDS) <= set(state.deck)
    assert count_cards(state) == len(CARDS) == 96


def test_a_turn_starts_with_a_draw():
    state = arrange(fresh(), hands={0: [B5]})
    assert refused(state, 0, type="play", card=B5, pie=None) == (
        "Draw a card first: from the Ingredients Pile or the Leftovers"
    )
    assert refused(state, 1, type="draw", **{"from": "deck"}) == "It is not your turn to act"


def test_any_leftover_may_be_taken_but_not_the_card_just_discarded():
    state = arrange(fresh(), hands={0: [B5, T15]}, deck=[E5, E10, F25])
    state.leftovers = [F10, B20]
    act(state, 0, type="draw", **{"from": "leftovers"}, card=B20)
    assert B20 in state.hands[0] and state.leftovers == [F10]
    act(state, 0, type="discard", card=T15)
    assert refused(state, 0, type="draw", **{"from": "leftovers"}, card=T15) == (
        "You cannot take back the card you just discarded"
    )
    act(state, 0, type="draw", **{"from": "leftovers"}, card=F10)
    assert state.step == "play"


def test_a_discard_comes_before_the_pie_card():
    state = arrange(fresh(), hands={0: [B5, T15]}, deck=[E5, E10])
    act(state, 0, type="draw", **{"from": "deck"})
    act(state, 0, type="play", card=B5, pie=None)
    pass_window(state)
    assert refused(state, 0, type="discard", card=T15) == (
        "Discard right after drawing, before you play a pie card"
    )


def test_parts_go_on_in_order_one_each_but_extras():
    state = arrange(
        fresh(), hands={0: [F25, T15, B20]}, working={0: [[(B5, "bottom")]]}, deck=[E5] * 0 + [E10]
    )
    act(state, 0, type="draw", **{"from": "deck"})
    pie = pie_ids(state, 0)[0]
    assert refused(state, 0, type="play", card=F25, pie=None) == "A pie starts with a Bottom Crust"
    assert refused(state, 0, type="play", card=T15, pie=pie) == (
        "Add a Filling first: Bottom Crust, Filling, Top Crust, then Extras"
    )
    assert refused(state, 0, type="play", card=B20, pie=pie) == (
        "A pie has only one Bottom Crust: start a new pie with it"
    )
    act(state, 0, type="play", card=F25, pie=pie)
    pass_window(state)
    assert refused(state, 0, type="play", card=T15, pie=pie) == "You have played a pie card this turn already"


def test_a_second_filling_and_a_second_top_are_refused():
    state = arrange(
        fresh(),
        hands={0: [F25, T25]},
        deck=[E10],
        working={0: [[(B5, "bottom"), (F10, "filling"), (T15, "top")]]},
    )
    draw(state, 0)
    pie = pie_ids(state, 0)[0]
    assert refused(state, 0, type="play", card=F25, pie=pie) == "This pie already has a Filling"
    assert refused(state, 0, type="play", card=T25, pie=pie) == "This pie already has a Top Crust"


def test_extras_on_a_tart_make_a_covered_tart_that_takes_no_top_crust():
    state = arrange(
        fresh(),
        hands={0: [T15, E25]},
        deck=[E10, E5],
        working={0: [[(B5, "bottom"), (F10, "filling"), (find("extras", 5, skip=1), "extras")]]},
    )
    draw(state, 0)
    pie = pie_ids(state, 0)[0]
    assert RULES.view(state, 0)["working"][0][0]["kind"] == "covered_tart"
    assert refused(state, 0, type="play", card=T15, pie=pie) == "A Covered Tart takes no Top Crust"
    act(state, 0, type="play", card=E25, pie=pie)  # more Extras are fine
    assert [e[1] for e in state.working[0][0]["cards"]] == ["bottom", "filling", "extras", "extras"]


def test_serving_needs_a_crust_and_filling_and_happens_once_a_turn():
    state = arrange(
        fresh(),
        hands={0: []},
        deck=[E10, E5],
        working={
            0: [
                [(B5, "bottom")],
                [(B20, "bottom"), (F10, "filling")],
                [(find("bottom", 10), "bottom"), (F25, "filling"), (T15, "top")],
            ]
        },
    )
    draw(state, 0)
    bare, tart, pie = pie_ids(state, 0)
    assert refused(state, 0, type="serve", pie=bare) == "Serve it once it has a Bottom Crust and a Filling"
    act(state, 0, type="serve", pie=tart)
    assert refused(state, 0, type="serve", pie=pie) == "You can serve only one pie or tart a turn"
    assert [p["id"] for p in state.served[0]] == [tart]


def test_a_stroke_of_genius_names_its_part_and_is_worth_five():
    state = arrange(fresh(), hands={0: [GENIUS]}, deck=[E10, E5], working={0: [[(B20, "bottom")]]})
    act(state, 0, type="draw", **{"from": "deck"})
    pie = pie_ids(state, 0)[0]
    assert refused(state, 0, type="play", card=GENIUS, pie=pie) == (
        "Say which pie part your Stroke of Genius! stands for"
    )
    act(state, 0, type="play", card=GENIUS, pie=pie, **{"as": "filling"})
    assert RULES.view(state, 0)["working"][0][0]["quality"] == 25
    assert RULES.view(state, 0)["working"][0][0]["kind"] == "tart"


def test_a_special_card_is_not_a_pie_card():
    state = arrange(fresh(), hands={0: [SAB]}, deck=[E10, E5])
    act(state, 0, type="draw", **{"from": "deck"})
    assert refused(state, 0, type="play", card=SAB, pie=None) == "Only pie cards go into a pie"


def test_an_oops_drawn_spoils_the_drawers_own_card_and_is_not_the_pie_card_play():
    state = arrange(
        fresh(), hands={0: [T15]}, deck=[E5, OOPS], working={0: [[(B5, "bottom"), (F10, "filling")]]}
    )
    act(state, 0, type="draw", **{"from": "deck"})
    assert state.pending["kind"] == "oops" and OOPS not in state.hands[0]
    assert state.stack.top().kind == "saved" and state.stack.top().seats == [0, 1, 2]
    pass_window(state)
    assert [e[0] for e in state.working[0][0]["cards"]] == [B5]
    assert F10 in state.out and OOPS in state.out
    assert state.step == "discard" and not state.played  # the turn goes on as normal


def test_an_oops_with_several_pies_asks_which_and_with_the_latest_option_takes_the_last_card_played():
    hands = {0: []}
    pies = {0: [[(B5, "bottom"), (F10, "filling")], [(B20, "bottom")]]}
    state = arrange(fresh(), hands=hands, deck=[E5, OOPS], working=pies)
    act(state, 0, type="draw", **{"from": "deck"})
    assert state.stack.top().kind == "oops"
    first = pie_ids(state, 0)[0]
    act(state, 0, type="oops", pie=first)
    pass_window(state)
    assert [e[0] for e in state.working[0][0]["cards"]] == [B5]
    latest = arrange(fresh(oops="latest"), hands=hands, deck=[E5, OOPS], working=pies)
    act(latest, 0, type="draw", **{"from": "deck"})
    assert latest.stack.top().kind == "saved"
    pass_window(latest)
    assert len(latest.working[0]) == 1  # the lone Bottom Crust, played last, is gone with its pie


def test_an_oops_with_no_pie_in_the_works_just_goes_out():
    state = arrange(fresh(), hands={0: []}, deck=[E5, OOPS])
    act(state, 0, type="draw", **{"from": "deck"})
    assert state.pending is None and OOPS in state.out and state.stack.top().kind == "turn"


def test_saved_it_cancels_an_oops_and_is_kept():
    state = arrange(fresh(), hands={0: [], 2: [SAVED]}, deck=[E5, OOPS], working={0: [[(B5, "bottom")]]})
    act(state, 0, type="draw", **{"from": "deck"})
    act(state, 0, type="pass")
    act(state, 1, type="pass")
    act(state, 2, type="save", card=SAVED)
    assert [e[0] for e in state.working[0][0]["cards"]] == [B5]
    assert state.kept[2] == [[SAVED, "saved"]] and OOPS in state.out


def test_a_card_added_opens_a_sabotage_window_for_the_others_and_a_sabotage_is_kept_when_it_works():
    state = arrange(fresh(), hands={0: [F25], 1: [SAB]}, deck=[E5, E10], working={0: [[(B5, "bottom")]]})
    act(state, 0, type="draw", **{"from": "deck"})
    pie = pie_ids(state, 0)[0]
    act(state, 0, type="play", card=F25, pie=pie)
    window = state.stack.top()
    assert window.kind == "sabotage" and window.seats == [1, 2] and window.sealed
    assert (
        refused(state, 1, type="sabotage", card=SAB, owner=1, pie=pie)
        == "Sabotage a rival's pie, not your own"
    )
    act(state, 1, type="sabotage", card=SAB, owner=0, pie=pie)
    act(state, 2, type="pass")
    save = state.stack.top()
    assert save.kind == "saved" and save.seats == [0, 2]
    pass_window(state)
    assert [e[0] for e in state.working[0][0]["cards"]] == [B5]
    assert state.kept[1] == [[SAB, "sabotage"]] and F25 in state.out


def test_a_sabotage_answered_by_saved_it_goes_out_and_the_card_stays():
    state = arrange(
        fresh(),
        hands={0: [SAVED], 1: [SAB]},
        deck=[E5, E10],
        working={1: [[(B5, "bottom")]], 0: [[(B20, "bottom"), (F10, "filling")]]},
    )
    draw(state, 0)
    # Seat 1 plays its Sabotage! as a move of its own turn.
    act(state, 0, type="end")
    act(state, 1, type="draw", **{"from": "deck"})
    pie = pie_ids(state, 0)[0]
    act(state, 1, type="sabotage", card=SAB, owner=0, pie=pie)
    act(state, 2, type="pass")
    act(state, 0, type="save", card=SAVED)
    assert [e[0] for e in state.working[0][0]["cards"]] == [B20, F10]
    assert SAB in state.out and state.kept[0] == [[SAVED, "saved"]] and state.kept[1] == []


def test_no_sabotage_answers_a_saved_it():
    state = arrange(
        fresh(),
        hands={0: [SAVED], 1: [SAB, find("sabotage", skip=1)]},
        deck=[E5, E10],
        working={0: [[(B20, "bottom"), (F10, "filling")]]},
    )
    draw(state, 0)
    act(state, 0, type="end")
    act(state, 1, type="draw", **{"from": "deck"})
    pie = pie_ids(state, 0)[0]
    act(state, 1, type="sabotage", card=SAB, owner=0, pie=pie)
    act(state, 2, type="pass")
    act(state, 0, type="save", card=SAVED)
    assert state.stack.top().kind == "turn"  # the exchange is over: back to seat 1's turn


def test_a_stroke_of_genius_sabotages_and_saves():
    g1, g2 = GENIUS, find("genius", skip=1)
    state = arrange(
        fresh(), hands={0: [g2], 1: [g1]}, deck=[E5, E10], working={0: [[(B20, "bottom"), (F10, "filling")]]}
    )
    draw(state, 0)
    act(state, 0, type="end")
    act(state, 1, type="draw", **{"from": "deck"})
    act(state, 1, type="sabotage", card=g1, owner=0, pie=pie_ids(state, 0)[0])
    act(state, 2, type="pass")
    act(state, 0, type="save", card=g2)
    assert state.kept[0] == [[g2, "saved"]] and g1 in state.out


def test_served_pies_are_beyond_sabotage():
    state = arrange(
        fresh(), hands={1: [SAB]}, deck=[E5, E10, E25], working={0: [[(B20, "bottom"), (F10, "filling")]]}
    )
    draw(state, 0)
    pie = pie_ids(state, 0)[0]
    act(state, 0, type="serve", pie=pie)
    act(state, 0, type="end")
    act(state, 1, type="draw", **{"from": "deck"})
    assert refused(state, 1, type="sabotage", card=SAB, owner=0, pie=pie) == (
        "Only a pie in a Working Line can be sabotaged"
    )


def test_a_trade_where_both_lie_delivers_the_real_cards_and_tells_no_third_seat():
    state = arrange(fresh(), hands={0: [B5, E5], 1: [T25, E10], 2: [F25]}, deck=[E25, F10])
    act(state, 0, type="draw", **{"from": "deck"})
    act(
        state,
        0,
        type="offer",
        to=1,
        give=[E5],
        claim=[{"kind": "filling", "quality": 25, "flavour": "cherry"}],
        want=[{"kind": "top"}],
    )
    assert E5 not in state.hands[0]
    seen = RULES.view(state, 1)
    assert seen["trade"]["mine"] == [] and seen["trade"]["n_give"] == 1  # the claim and a count, not the card
    assert "give" not in seen["trade"] and E5 not in seen["hand"]
    assert refused(state, 2, type="decline") == "It is not your turn to act"
    act(state, 1, type="reply", give=[E10], claim=[{"kind": "top", "quality": 25}])
    assert state.stack.top().kind == "confirm"
    events = act(state, 0, type="accept")
    assert E10 in state.hands[0] and E5 in state.hands[1] and T25 in state.hands[1]
    private = [e for e in events if "audience" in e]
    assert {tuple(e["audience"]) for e in private} == {(0,), (1,)}
    assert all(not e["honest"] for e in private)
    for event in events:
        if "audience" not in event:
            assert "gave" not in event and "got" not in event
    third = SeatHistory(2, events)  # what the chef outside the trade is told of it
    assert not any("got" in e or "gave" in e for e in third.said) and third.notes == []
    assert "got" not in repr(RULES.view(state, 2)) and "gave" not in repr(RULES.view(state, 2))


def test_a_trade_with_the_same_player_only_once_a_turn_and_a_declined_trade_returns_the_cards():
    state = arrange(fresh(), hands={0: [B5, E5], 1: [T25]}, deck=[E25, F10])
    act(state, 0, type="draw", **{"from": "deck"})
    offer = {
        "type": "offer",
        "to": 1,
        "give": [E5],
        "claim": [{"kind": "extras"}],
        "want": [{"kind": "card"}],
    }
    act(state, 0, **offer)
    act(state, 1, type="decline")
    assert sorted(state.hands[0]) == sorted([B5, E5, F10]) and state.trade is None
    assert refused(state, 0, **offer) == "You have offered Chef 2 a trade this turn already"


def test_the_move_list_names_one_offer_per_partner_yet_any_offer_of_held_cards_applies():
    state = arrange(fresh(), hands={0: [B5, E5], 1: [T25]}, deck=[E25, F10])
    act(state, 0, type="draw", **{"from": "deck"})
    offers = [a for a in RULES.legal_actions(state, 0) if a["type"] == "offer"]
    first = state.hands[0][0]
    assert [(a["to"], a["give"]) for a in offers] == [(1, [first]), (2, [first])]
    assert all(a["claim"] == [honest(first)] and a["want"] == [{"kind": "card"}] for a in offers)
    # The listed offer stands for the trade panel's: two other cards, described as something else.
    lie = [{"kind": "filling"}] * 2
    act(state, 0, type="offer", to=2, give=[E5, F10], claim=lie, want=[{"kind": "card"}])
    offers = [a for a in RULES.legal_actions(state, 0) if a["type"] == "offer"]
    assert state.trade is not None and offers == []  # nobody may be offered more during a trade
    act(state, 2, type="decline")
    assert [a["to"] for a in RULES.legal_actions(state, 0) if a["type"] == "offer"] == [1]


def test_a_counter_offer_lets_the_offerer_hand_over_other_cards():
    state = arrange(fresh(), hands={0: [B5, E5], 1: [T25]}, deck=[E25, F10])
    act(state, 0, type="draw", **{"from": "deck"})
    act(
        state,
        0,
        type="offer",
        to=1,
        give=[E5],
        claim=[{"kind": "extras", "quality": 5}],
        want=[{"kind": "top"}],
    )
    act(
        state,
        1,
        type="counter",
        give=[T25],
        claim=[{"kind": "top", "quality": 25}],
        want=[{"kind": "bottom"}],
    )
    assert (
        refused(state, 0, type="accept", give=[T25], claim=[{"kind": "top"}])
        == "That card is not in your hand"
    )
    act(state, 0, type="accept", give=[B5], claim=[{"kind": "bottom", "quality": 5}])
    assert sorted(state.hands[0]) == sorted([E5, F10, T25]) and state.hands[1] == [B5]


def test_a_claim_must_name_as_many_cards_as_are_handed_over():
    state = arrange(fresh(), hands={0: [B5, E5]}, deck=[E25, F10])
    act(state, 0, type="draw", **{"from": "deck"})
    assert (
        refused(
            state, 0, type="offer", to=1, give=[B5, E5], claim=[{"kind": "bottom"}], want=[{"kind": "card"}]
        )
        == "Your claim must name as many cards as you hand over"
    )


def test_the_last_ingredient_starts_the_final_round_drawn_from_the_leftovers():
    state = arrange(fresh(), hands={0: [], 1: [], 2: []}, deck=[E5])
    state.leftovers = [F10, T15]
    act(state, 0, type="draw", **{"from": "deck"})
    assert state.final_by == 0
    act(state, 0, type="end")
    assert refused(state, 1, type="draw", **{"from": "deck"}) == (
        "The Ingredients Pile is empty: take a card from the Leftovers"
    )
    act(state, 1, type="draw", **{"from": "leftovers"}, card=F10)
    act(state, 1, type="end")
    act(state, 2, type="draw", **{"from": "leftovers"}, card=T15)
    act(state, 2, type="end")
    assert state.over and state.turn == 2


def test_with_nothing_left_to_draw_the_turn_starts_at_the_discard():
    state = arrange(fresh(), hands={0: [], 1: [B5], 2: []}, deck=[E5])
    act(state, 0, type="draw", **{"from": "deck"})
    act(state, 0, type="end")
    assert state.step == "discard"
    act(state, 1, type="discard", card=B5)
    assert state.step == "play"  # nothing else to draw: the redraw is skipped


def test_nothing_moves_while_a_window_is_open():
    state = arrange(fresh(), hands={0: [B5, E5]}, deck=[E25, F10])
    act(state, 0, type="draw", **{"from": "deck"})
    act(state, 0, type="play", card=B5, pie=None)
    assert refused(state, 0, type="end") == "It is not your turn to act"
    assert refused(state, 1, type="save", card=E5) == "Now you may play a Sabotage! or pass"
    assert refused(state, 0, type="timeout") == "Only the table may take that action"


def test_time_runs_out_only_through_a_logged_timeout():
    state = arrange(fresh(), hands={0: [B5]}, deck=[E25, F10])
    act(state, 0, type="draw", **{"from": "deck"})
    act(state, 0, type="play", card=B5, pie=None)
    assert state.stack.top().kind == "sabotage"
    RULES.apply(state, {"type": "timeout"})
    assert state.stack.top().kind == "turn" and KIND[state.working[0][0]["cards"][0][0]] == "bottom"


def test_takes_each_answers_as_takes_does_for_every_pie():
    from itertools import combinations

    from pie_table.games.cheflebrity import pies as P
    from pie_table.games.cheflebrity.deck import BOTTOM, EXTRAS, FILLING, TOP

    parts = [BOTTOM, FILLING, TOP, EXTRAS, EXTRAS]
    for size in range(len(parts) + 1):
        for found in combinations(parts, size):
            found = list(found)
            assert P.takes_each(found) == tuple(P.takes(found, part) for part in (FILLING, TOP, EXTRAS))


def test_the_oops_is_logged_once_as_a_sentence():
    state = arrange(fresh(), hands={0: []}, deck=[E5, OOPS])
    events = act(state, 0, type="draw", **{"from": "deck"})
    assert [str(e["text"]) for e in events if e["type"] == "oops"] == ["Chef 1 draws an Oops!"]


def test_no_round_limit_the_final_round_starts_only_with_the_last_ingredients_card():
    """Issue 21 item 12: a two-player game at its 80th turn with cards still in the Ingredients
    Pile goes on (it used to close the kitchen after 40 rounds)."""
    state = arrange(fresh(2), hands={0: [], 1: []}, deck=[E5, E10, F10])
    state.turn_no = 79
    act(state, 0, type="draw", **{"from": "deck"})
    act(state, 0, type="end")
    assert state.final_by is None and state.turn == 1 and state.turn_no == 80
    act(state, 1, type="draw", **{"from": "deck"})
    act(state, 1, type="end")
    assert state.final_by is None and not state.over and len(state.deck) == 1
    events = act(state, 0, type="draw", **{"from": "deck"})
    assert state.final_by == 0
    assert [str(e["text"]) for e in events if e["type"] == "final"] == [
        "The last Ingredients card is drawn: everyone else has one last turn."
    ]
    act(state, 0, type="end")
    act(state, 1, type="end")  # nothing left to draw: the last turn starts at the discard
    assert state.over


def test_a_trade_may_hand_over_any_number_of_cards():
    """Issue 21 item 13: "trade one or more cards", so nine cards at once are fine."""
    nine = [B5, B20, F10, F25, T15, T25, E5, E10, E25]
    state = arrange(fresh(), hands={0: list(nine), 1: [GENIUS]}, deck=[find("extras", 15), SAVED])
    act(state, 0, type="draw", **{"from": "deck"})
    act(state, 0, type="offer", to=1, give=nine, claim=[{"kind": "card"}] * 9, want=[{"kind": "genius"}])
    assert state.trade["give"] == nine and state.hands[0] == [SAVED]
    act(state, 1, type="reply", give=[GENIUS], claim=[{"kind": "genius"}])
    act(state, 0, type="accept")
    assert sorted(state.hands[1]) == sorted(nine) and sorted(state.hands[0]) == sorted([SAVED, GENIUS])


def test_a_claim_names_at_least_one_card_and_no_more_than_the_game_has():
    state = arrange(fresh(), hands={0: [B5]}, deck=[E25, F10])
    act(state, 0, type="draw", **{"from": "deck"})
    offer = {"type": "offer", "to": 1, "give": [B5], "claim": [{"kind": "bottom"}]}
    assert refused(state, 0, **offer, want=[]) == "Say what you trade: at least one card"
    assert refused(state, 0, **offer, want=[{"kind": "card"}] * 97) == "The game has only 96 cards"
