"""Cheflebrity bots decide from their own view only, and the hard bot reads the bonuses."""

from __future__ import annotations

import random

import pytest

from pie_table.games.cheflebrity.bots import CheflebrityBot
from pie_table.games.cheflebrity.rules import RULES
from pie_table.games.cheflebrity.state import ChefState
from tests import told
from tests.cheflebrity.helpers import act, arrange, draw, find, fresh


def _midgame(seed: int):
    state = fresh(4, seed)
    rng = random.Random(seed)
    bots = {s: CheflebrityBot("normal", s, s) for s in range(4)}
    for _ in range(120):
        top = state.stack.top()
        seat = rng.choice(top.waiting_on())
        action = told.decide(bots[seat], state, RULES, seat)
        act(state, seat, **{k: v for k, v in action.items() if k != "seat"})
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_bot_decides_the_same_whatever_it_cannot_see(level, seed):
    state = _midgame(seed)
    seat = state.stack.top().waiting_on()[0]
    mine = told.decide(CheflebrityBot(level, seat, 7), state, RULES, seat)
    for shuffle in range(3):
        other = RULES.shuffle_hidden(state, seat, random.Random(shuffle))
        twin = CheflebrityBot(level, seat, 7)
        twin.hear(told.seat(state, seat))  # what its seat heard is the same at both tables
        assert twin.act(RULES.view(other, seat), RULES.legal_actions(other, seat)) == mine


def test_the_projection_counts_the_bonuses_a_move_would_take():
    from pie_table.games.cheflebrity import project

    # Seat 0 has the only tart on the table (quality 20, Most Tarts and Most Variety of Tarts). A Top
    # Crust 5 makes it the only pie: 5 points, the two tart bonuses lost, and Most Pies, Most Variety
    # of Pies, Most Consistent Quality (two 10s) and Worst Quality Pie (one 5) won: +55. Extras 25
    # keeps the tart bonuses and adds its 25 points and Fanciest Dessert: +50.
    bottom, filling = find("bottom", 10), find("filling", 10, "apple")
    top5, extras25 = find("top", 5), find("extras", 25)
    state = arrange(
        fresh(2, 1),
        hands={0: [top5, extras25]},
        deck=[find("extras", 5)],
        working={0: [[(bottom, "bottom"), (filling, "filling")]]},
    )
    view = RULES.view(state, 0)
    pie = state.working[0][0]["id"]
    base = project.margin(view, 0)
    assert base == 20 + 25 + 25  # quality 20, Most Tarts, Most Variety of Tarts
    topped = project.margin(view, 0, {0: project.with_card(view["working"][0], pie, top5, "top")})
    covered = project.margin(view, 0, {0: project.with_card(view["working"][0], pie, extras25, "extras")})
    assert topped - base == 5 - 50 + 4 * 25
    assert covered - base == 25 + 25
    draw(state, 0)
    assert (
        told.decide(CheflebrityBot("hard", 0, 1), state, RULES, 0)["card"] == top5
    )


def test_a_pie_view_follows_its_pie_as_it_grows_and_loses_cards():
    bottom, filling, top = find("bottom", 10), find("filling", 10, "apple"), find("top", 5)
    state = arrange(
        fresh(2, 1),
        hands={0: [top]},
        deck=[find("extras", 5)],
        working={0: [[(bottom, "bottom"), (filling, "filling")]]},
    )
    assert RULES.view(state, 0)["working"][0][0]["kind"] == "tart"
    draw(state, 0)
    act(state, 0, type="play", card=top, pie=state.working[0][0]["id"])
    assert RULES.view(state, 1)["working"][0][0]["kind"] == "pie"
    act(state, None, type="timeout")
    state.working[0][0]["cards"].pop()  # as a Sabotage! would
    RULES.changed_by_hand(state)
    assert RULES.view(state, 1)["working"][0][0] == {
        "id": state.working[0][0]["id"],
        "cards": [[bottom, "bottom"], [filling, "filling"]],
        "kind": "tart",
        "quality": 20,
    }


def test_the_hard_bots_margin_is_never_one_worked_out_for_an_earlier_decision():
    """What a decision works out from its view is kept for that decision only: the next one,
    whatever view it is handed, starts afresh (no memo keyed on which view object it was)."""
    from pie_table.games.cheflebrity import project

    early, late = _midgame(1), _midgame(2)
    seat = 0
    early_view, late_view = RULES.view(early, seat), RULES.view(late, seat)
    assert project.margin(late_view, seat) != project.margin(early_view, seat)
    bot = CheflebrityBot("hard", seat, 7)
    bot.hear(told.seat(early, seat))
    bot.decide_from_view(early_view)
    bot._base_margin(early_view)
    bot.hear(told.seat(late, seat))
    bot.decide_from_view(late_view)
    assert bot._base_margin(late_view) == project.margin(late_view, seat)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_turn_a_bot_settles_from_its_view_is_the_one_it_picks_from_the_listed_moves(seed):
    """`decide_from_view` works a turn's moves out from the view as the engine lists them, and
    answers offers from the view: at every step of whole games, every level picks the same move
    either way (its offers and replies worded its own way, every other move one the list holds),
    forced moves included."""
    from pie_table.core.session import Session
    from pie_table.core.setup import GameSetup, SeatSpec

    levels = ["easy", "normal", "hard", "normal"]
    session = Session(GameSetup("cheflebrity", [SeatSpec("bot", level) for level in levels], seed=seed))
    settled = forced = 0
    while not session.is_over():
        for seat in session.to_act():
            view = RULES.view(session.state, seat)
            quick_bot = CheflebrityBot(levels[seat], seat, 5)
            quick_bot.hear(session.history(seat))
            quick = quick_bot.decide_from_view(view)
            if quick is None:
                assert view["asking"] not in ("turn", "reply")
                continue
            legal = session.legal(seat)
            bot = CheflebrityBot(levels[seat], seat, 5)
            bot.hear(session.history(seat))
            listed = legal[0] if len(legal) == 1 else bot.act(view, legal)
            assert quick == listed
            assert quick in legal or quick["type"] in ("offer", "reply")
            settled += 1
            forced += len(legal) == 1
        seat = session.to_act()[0]
        assert session.submit(seat, session.bot_action(seat)).ok
    assert settled > 150 and forced > 0


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_pie_lines_the_rules_keep_are_the_lines_as_they_stand_at_every_step(seed):
    """The rules keep the Working and Serving Lines' views while no card was played, thrown out or
    served: at every step of whole games (random moves too), they equal lines built afresh."""
    import random

    from pie_table.core.session import Session
    from pie_table.core.setup import GameSetup, SeatSpec
    from pie_table.games.cheflebrity import pies as P

    levels = ["easy", "normal", "hard", "random"]
    session = Session(GameSetup("cheflebrity", [SeatSpec("bot", level) for level in levels], seed=seed))
    rng = random.Random(seed)
    while not session.is_over():
        state = session.state
        for name, lines in (("working", state.working), ("served", state.served)):
            fresh = [[P.pie_view(p) for p in line] for line in lines]
            assert RULES.bot_view(state, 0)[name] == fresh and RULES.view(state, 1)[name] == fresh
        seat = session.to_act()[0]
        legal = session.legal(seat)
        action = rng.choice(legal) if rng.random() < 0.3 else session.bot_action(seat)
        assert session.submit(seat, action).ok


def test_the_hard_bot_throws_a_card_its_pies_cannot_use_back_for_a_fresh_draw():
    # No pie of seat 0 takes Extras, so its Extras 5 is worth half its quality: hard throws it on
    # the Leftovers for a fresh draw with four cards in hand; normal keeps it until it holds seven.
    extras5 = find("extras", 5)
    hand = [find("bottom", 10), find("filling", 10, "apple"), find("filling", 15, "cherry"), extras5]
    state = arrange(fresh(4, 1), hands={0: hand}, deck=[find("top", 20), find("extras", 25)])
    draw(state, 0)
    assert told.decide(CheflebrityBot("hard", 0, 1), state, RULES, 0) == {"type": "discard", "card": extras5}
    assert told.decide(CheflebrityBot("normal", 0, 1), state, RULES, 0)["type"] != "discard"


def test_the_hard_bot_cycles_a_dead_card_from_a_hand_of_two():
    # Neither card has a pie to go on (no Bottom Crust for the Filling, no Filling for the Extras):
    # hard throws the weaker back even from two cards, which the level's cycle used to need three for.
    extras5, filling10 = find("extras", 5), find("filling", 10, "apple")
    state = arrange(fresh(4, 1), hands={0: [extras5]}, deck=[find("top", 20), filling10])
    draw(state, 0)
    assert state.hands[0] == [extras5, filling10]
    assert told.decide(CheflebrityBot("hard", 0, 1), state, RULES, 0) == {"type": "discard", "card": extras5}


def _after_my_play(state: ChefState) -> ChefState:
    """Seat 0's turn past its draw and pie card, with nothing left to serve: only trades remain."""
    state.step, state.played, state.served_now = "main", True, True
    return state


def test_the_hard_bot_offers_its_weakest_card_as_the_part_its_partner_lacks():
    # Hard's tart takes a Top Crust; it holds only a Bottom Crust 5. Chef 2's bare crust lacks a
    # Filling, so hard says its card is an Apple Filling 25: Chef 2 (normal) answers with its Top Crust,
    # where the honest claim (a Bottom Crust 5) is turned down.
    bottom5, top10 = find("bottom", 5), find("top", 10)
    tart = [(find("bottom", 20), "bottom"), (find("filling", 20, "cherry"), "filling")]
    state = _after_my_play(arrange(
        fresh(3, 1),
        hands={0: [bottom5], 1: [top10, find("bottom", 15), find("extras", 10)]},
        working={0: [tart], 1: [[(find("bottom", 25), "bottom")]]},
    ))
    offer = told.decide(CheflebrityBot("hard", 0, 1), state, RULES, 0)
    lie = [{"kind": "filling", "quality": 25, "flavour": "apple"}]
    assert offer == {"type": "offer", "to": 1, "give": [bottom5], "claim": lie, "want": [{"kind": "top"}]}
    honest = RULES.clone(state)
    act(state, 0, **offer)
    reply = told.decide(CheflebrityBot("normal", 1, 1), state, RULES, 1)
    assert reply["type"] == "reply" and reply["give"] == [top10]
    act(honest, 0, **{**offer, "claim": [{"kind": "bottom", "quality": 5}]})
    assert told.decide(CheflebrityBot("normal", 1, 1), honest, RULES, 1) == {"type": "decline"}


def test_the_hard_bot_with_nothing_it_can_play_trades_for_a_bottom_crust():
    # No working pie and no Bottom Crust: neither card in hand can be played, and a Bottom Crust
    # always can. Hard asks for one (its Extras 15, the weaker, said to be the Top Crust Chef 2's
    # tart takes); normal wants nothing it can name and ends its turn.
    extras15 = find("extras", 15)
    tart = [(find("bottom", 10), "bottom"), (find("filling", 10, "apple"), "filling")]
    state = _after_my_play(arrange(
        fresh(3, 1), hands={0: [find("top", 20), extras15], 1: [find("bottom", 15)]}, working={1: [tart]}
    ))
    assert told.decide(CheflebrityBot("hard", 0, 1), state, RULES, 0) == {
        "type": "offer", "to": 1, "give": [extras15], "claim": [{"kind": "top", "quality": 25}],
        "want": [{"kind": "bottom"}]}
    assert told.decide(CheflebrityBot("normal", 0, 1), state, RULES, 0) == {"type": "end"}
