"""When Sabotage! and Saved it! may be played (issue 21 items 11 and 14): the exact windows each
moment opens, whom they ask, and every Sabotage! of a window played in turn."""

from __future__ import annotations

from typing import Any

from pie_table.core.hints import expert_hint
from pie_table.core.pondering import SeatCopy
from pie_table.games.cheflebrity import flow
from pie_table.games.cheflebrity.deck import CARDS
from pie_table.games.cheflebrity.expert import make_bot
from pie_table.games.cheflebrity.hints import reason
from pie_table.games.cheflebrity.rules import RULES
from tests import told
from tests.cheflebrity.helpers import act, arrange, count_cards, find, fresh, pass_window, pie_ids, refused

B5, B20 = find("bottom", 5), find("bottom", 20)
F10, F25 = find("filling", 10, "cherry"), find("filling", 25, "apple")
T15, T25 = find("top", 15), find("top", 25)
E5, E10, E25 = find("extras", 5), find("extras", 10), find("extras", 25)
OOPS = find("oops")
SAB1, SAB2 = find("sabotage"), find("sabotage", skip=1)
SAVED, GENIUS = find("saved"), find("genius")
DRAW = {"type": "draw", "from": "deck"}


def window(state) -> tuple[str, list[int], dict]:
    """The decision on top: its kind, the seats it asks and its public data."""
    top = state.stack.top()
    return top.kind, top.seats, top.data.get("public", {})


def cards(state, seat: int, pie: int = 0) -> list[int]:
    return [entry[0] for entry in state.working[seat][pie]["cards"]]


# -- (a) a card taken off a pie opens a window ------------------------------------------------------


def test_a_card_a_sabotage_throws_out_opens_a_window_for_the_owners_rivals_before_the_serve():
    state = arrange(
        fresh(),
        hands={0: [E25], 1: [SAB1], 2: [SAB2]},
        deck=[E5, E10],
        working={0: [[(B20, "bottom"), (F10, "filling")]]},
    )
    act(state, 0, **DRAW)
    assert window(state) == ("sabotage", [1, 2], {"why": "drawn", "owner": 0})
    pass_window(state)
    pie = pie_ids(state, 0)[0]
    act(state, 0, type="play", card=E25, pie=pie)
    assert window(state) == ("sabotage", [1, 2], {"why": "added", "owner": 0})
    act(state, 1, type="sabotage", card=SAB1, owner=0, pie=pie)
    act(state, 2, type="pass")
    pass_window(state)  # nobody saves: the Extras go
    assert cards(state, 0) == [B20, F10]
    # The pie changed: its rivals may hit it again now, before Chef 1 can serve it.
    assert window(state) == ("sabotage", [1, 2], {"why": "removed", "owner": 0})
    assert refused(state, 0, type="serve", pie=pie) == "It is not your turn to act"
    act(state, 1, type="pass")
    act(state, 2, type="sabotage", card=SAB2, owner=0, pie=pie)
    pass_window(state)
    assert cards(state, 0) == [B20]
    assert refused(state, 0, type="serve", pie=pie) == "It is not your turn to act"
    pass_window(state)  # the window after the second card came off
    assert refused(state, 0, type="serve", pie=pie) == "Serve it once it has a Bottom Crust and a Filling"
    assert state.kept[1] == [[SAB1, "sabotage"]] and state.kept[2] == [[SAB2, "sabotage"]]


def test_a_card_an_oops_throws_out_opens_a_window_for_the_drawers_rivals():
    state = arrange(
        fresh(),
        hands={0: [], 1: [SAB1]},
        deck=[E5, OOPS],
        working={0: [[(B20, "bottom"), (F10, "filling"), (T15, "top")]]},
    )
    act(state, 0, **DRAW)
    assert window(state)[:2] == ("saved", [0, 1, 2])
    pass_window(state)
    assert cards(state, 0) == [B20, F10]
    assert window(state) == ("sabotage", [1, 2], {"why": "removed", "owner": 0})
    act(state, 1, type="sabotage", card=SAB1, owner=0, pie=pie_ids(state, 0)[0])
    act(state, 2, type="pass")
    pass_window(state)
    assert cards(state, 0) == [B20]


def test_an_oops_saved_on_the_draw_still_gives_the_rivals_their_moment_after_the_draw():
    state = arrange(
        fresh(),
        hands={0: [], 2: [SAVED]},
        deck=[E5, OOPS],
        working={0: [[(B20, "bottom"), (F10, "filling")]]},
    )
    act(state, 0, **DRAW)
    act(state, 0, type="pass")
    act(state, 1, type="pass")
    act(state, 2, type="save", card=SAVED)
    assert cards(state, 0) == [B20, F10]
    assert window(state) == ("sabotage", [1, 2], {"why": "drawn", "owner": 0})


def test_an_oops_on_the_redraw_that_is_saved_opens_no_window():
    state = arrange(
        fresh(),
        hands={0: [E10], 2: [SAVED]},
        deck=[OOPS, E5],
        working={0: [[(B20, "bottom")]]},  # nothing ready to serve: no window after the draw
    )
    act(state, 0, **DRAW)
    assert window(state)[0] == "turn"
    act(state, 0, type="discard", card=E10)
    act(state, 0, **DRAW)
    act(state, 0, type="pass")
    act(state, 1, type="pass")
    act(state, 2, type="save", card=SAVED)
    assert window(state)[0] == "turn" and state.step == "play"


def test_no_window_opens_when_no_rival_has_a_pie_left_to_hit():
    state = arrange(fresh(), hands={0: [B5], 1: [SAB1]}, deck=[E5, E10])
    act(state, 0, **DRAW)
    act(state, 0, type="play", card=B5, pie=None)
    act(state, 1, type="sabotage", card=SAB1, owner=0, pie=pie_ids(state, 0)[0])
    act(state, 2, type="pass")
    pass_window(state)
    assert state.working[0] == [] and window(state)[0] == "turn"


# -- (b) rivals may sabotage during another player's turn, after the draw -----------------------------


def test_after_the_draw_the_rivals_may_sabotage_a_dessert_before_it_is_served():
    state = arrange(
        fresh(),
        hands={0: [], 2: [SAB1]},
        deck=[E5, E10],
        working={0: [[(B20, "bottom"), (F25, "filling")]]},
    )
    act(state, 0, **DRAW)
    assert window(state) == ("sabotage", [1, 2], {"why": "drawn", "owner": 0})
    pie = pie_ids(state, 0)[0]
    assert refused(state, 0, type="serve", pie=pie) == "It is not your turn to act"
    act(state, 1, type="pass")
    act(state, 2, type="sabotage", card=SAB1, owner=0, pie=pie)
    pass_window(state)
    pass_window(state)  # the window after the Filling came off
    assert state.turn == 0 and state.step == "discard"
    assert refused(state, 0, type="serve", pie=pie) == "Serve it once it has a Bottom Crust and a Filling"


def test_without_a_dessert_ready_to_serve_the_draw_opens_no_window():
    state = arrange(
        fresh(),
        hands={0: [], 1: [SAB1]},
        deck=[E5, E10],
        working={0: [[(B20, "bottom")]], 1: [[(B5, "bottom"), (F10, "filling")]]},
    )
    act(state, 0, **DRAW)
    assert window(state)[0] == "turn" and state.step == "discard"


def test_a_turn_with_nothing_to_draw_opens_the_window_at_its_start():
    state = arrange(
        fresh(2),
        hands={0: [], 1: [SAB1]},
        deck=[E5],
        working={1: [[(B20, "bottom"), (F10, "filling")]]},
    )
    act(state, 0, **DRAW)
    act(state, 0, type="end")
    assert state.turn == 1 and state.step == "discard"  # both piles are empty
    assert window(state) == ("sabotage", [0], {"why": "drawn", "owner": 1})


# -- (c) every Sabotage! answering one window is played ------------------------------------------------


def test_two_sabotages_in_one_window_are_both_played_in_seat_order_from_the_player_to_act():
    state = arrange(
        fresh(4),
        hands={2: [T25], 0: [SAB1], 3: [SAB2]},
        deck=[E5, E10],
        working={2: [[(B20, "bottom"), (F25, "filling")]]},
    )
    state.stack.items.clear()
    flow.start_turn(state, 2, [])
    act(state, 2, **DRAW)
    pass_window(state)
    pie = pie_ids(state, 2)[0]
    act(state, 2, type="play", card=T25, pie=pie)
    assert window(state) == ("sabotage", [0, 1, 3], {"why": "added", "owner": 2})
    act(state, 0, type="sabotage", card=SAB1, owner=2, pie=pie)
    act(state, 1, type="pass")
    events = act(state, 3, type="sabotage", card=SAB2, owner=2, pie=pie)
    # Seat order from Chef 3, whose turn it is: Chef 4 first, then Chef 1.
    assert [str(e["text"]) for e in events] == [
        f"Chef 4 plays Sabotage! on Chef 3's {CARDS[T25].name}!",
        "Chef 1 also plays Sabotage! on Chef 3's pie: it waits its turn.",
    ]
    assert state.pending["by"] == 3 and state.queued == [{"by": 0, "card": SAB1, "owner": 2, "pie": pie}]
    assert SAB1 not in state.hands[0] and count_cards(state) == 96
    assert window(state)[:2] == ("saved", [0, 1, 2])
    pass_window(state)
    assert cards(state, 2) == [B20, F25]
    assert window(state) == ("sabotage", [0, 1, 3], {"why": "removed", "owner": 2})
    pass_window(state)
    assert state.pending["by"] == 0 and window(state)[:2] == ("saved", [1, 2, 3])
    pass_window(state)
    assert cards(state, 2) == [B20]
    pass_window(state)
    assert window(state)[0] == "turn" and state.queued == []
    assert state.kept[3] == [[SAB2, "sabotage"]] and state.kept[0] == [[SAB1, "sabotage"]]


def test_a_waiting_sabotage_whose_pie_is_gone_goes_back_to_its_players_hand():
    state = arrange(fresh(), hands={0: [B5], 1: [SAB1], 2: [SAB2]}, deck=[E5, E10])
    act(state, 0, **DRAW)
    act(state, 0, type="play", card=B5, pie=None)
    pie = pie_ids(state, 0)[0]
    act(state, 1, type="sabotage", card=SAB1, owner=0, pie=pie)
    act(state, 2, type="sabotage", card=SAB2, owner=0, pie=pie)
    act(state, 0, type="pass")
    events = act(state, 2, type="pass")
    assert [e["type"] for e in events] == ["spoiled", "sabotage_back"]
    assert str(events[1]["text"]) == (
        "Chef 3's Sabotage! has no pie left to spoil: it goes back to their hand."
    )
    assert state.hands[2] == [SAB2] and state.kept[1] == [[SAB1, "sabotage"]]
    assert window(state)[0] == "turn" and count_cards(state) == 96


# -- item 14: every card that can save is offered ----------------------------------------------------


def _threatened(hands):
    state = arrange(fresh(), hands=hands, deck=[E5, E10], working={0: [[(B20, "bottom"), (F25, "filling")]]})
    act(state, 0, **DRAW)
    pass_window(state)
    act(state, 0, type="end")
    act(state, 1, **DRAW)
    act(state, 1, type="sabotage", card=SAB1, owner=0, pie=pie_ids(state, 0)[0])
    return state


def test_a_seat_holding_a_stroke_of_genius_and_a_saved_it_is_offered_both():
    state = _threatened({0: [GENIUS, SAVED, find("saved", skip=1)], 1: [SAB1]})
    assert RULES.legal_actions(state, 0) == [
        {"type": "pass"},
        {"type": "save", "card": SAVED},
        {"type": "save", "card": GENIUS},
    ]
    act(state, 2, type="pass")
    act(state, 0, type="save", card=GENIUS)
    assert state.kept[0] == [[GENIUS, "saved"]] and SAVED in state.hands[0]
    assert cards(state, 0) == [B20, F25]


def _hint(state: Any) -> tuple[dict[str, Any], str]:
    """The expert's hint for seat 0 and its reason."""
    action = expert_hint(make_bot, SeatCopy(RULES, state, 0, told.seat(state, 0)))
    return action, str(reason(RULES.view(state, 0), action))


def test_the_hint_spends_the_saved_it_and_keeps_the_stroke_of_genius():
    state = _threatened({0: [GENIUS, SAVED], 1: [SAB1]})
    action, why = _hint(state)
    assert action == {"type": "save", "card": SAVED}
    assert why == "Save it: the card is worth more than your Saved it! in hand"
    alone = _threatened({0: [GENIUS], 1: [SAB1]})
    action, why = _hint(alone)
    assert action == {"type": "save", "card": GENIUS}
    assert why == "Save it with your Stroke of Genius!: you hold no Saved it!, and the card is worth it"


def test_has_target_is_true_exactly_when_some_asked_seat_has_a_rivals_pie() -> None:
    """`flow.has_target` (asked at every window, so written without a loop over every pair) says
    what the rule says for every table of up to four chefs with or without pies and every set of
    asked seats: some seat asked sees a working pie that is not its own."""
    from itertools import combinations, product

    state = fresh(4)
    for with_pies in product((False, True), repeat=4):
        state.working = [[{"id": s, "cards": [[B5, "bottom", 1]]}] if has else []
                         for s, has in enumerate(with_pies)]
        for size in range(0, 5):
            for seats in combinations(range(4), size):
                expected = any(with_pies[o] and o != s for s in seats for o in range(4))
                assert flow.has_target(state, list(seats)) is expected, (with_pies, seats)
