"""Whole Pie Rats games, random and by bots, checking invariants after every action."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pie_table.core.driver import TableDriver
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SeatSpec
from pie_table.games.pie_rats.deck import CARDS, PIES
from pie_table.games.pie_rats.rules import RULES
from tests.pie_rats.helpers import all_cards


def _check(state, events: list[dict]) -> None:
    """Every card and pie is in exactly one place, no hand holds more than three, each seat's view
    holds its own hand and the other hands only as counts, and every secret event is told to the
    seat it is addressed to and to nobody else."""
    assert sorted(all_cards(state)) == list(range(len(CARDS))), "a card was created or lost"
    pies = state.pie_deck + state.sill + state.unused_pies + [p for won in state.won for p in won]
    assert sorted(pies) == list(range(len(PIES))), "a pie was created or lost"
    assert all(len(hand) <= 3 for hand in state.hands)
    for seat in range(state.seats):
        view = RULES.view(state, seat)
        assert view["hand"] == state.hands[seat] and "hands" not in view
        assert view["hand_counts"] == [len(hand) for hand in state.hands]
    for event in events:
        if "to" in event:
            assert event["audience"] == [event["to"]], "a secret is told to another seat"


def _random_game(seats: int, seed: int, options: dict) -> tuple[object, list[dict]]:
    """A whole game of random legal moves (and a few timeouts), checked after every action; the
    game and what was said at the table."""
    rng = random.Random(seed)
    state, said = RULES.new_game(seats, seed, {"pies": 6, **options})
    steps = 0
    while not state.over and steps < 20_000:
        waiting = RULES.to_act(state)
        seat = rng.choice(waiting)
        legal = RULES.legal_actions(state, seat)
        assert legal, "a waited-for seat must have something to do"
        if rng.random() < 0.05 and state.stack.top().deadline is not None:
            events = RULES.apply(state, {"type": "timeout"})
        else:
            events = RULES.apply(state, dict(rng.choice(legal)))
        steps += 1
        _check(state, events)
        said.extend(e for e in events if "to" not in e)
    return state, said


@pytest.mark.parametrize("penalty", ["failed", "always"])
@pytest.mark.parametrize("rule", ["a", "b", "c"])
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_random_games_keep_every_card_and_pie_and_end_with_the_last_pie_looted(penalty, rule, seats):
    state, said = _random_game(seats, seats * 10 + ord(rule), {"phase6": rule, "no_loot_penalty": penalty})
    assert state.over, "a random game did not end"
    assert not state.sill and not state.pie_deck and sum(map(len, state.won)) == 6
    assert said[-1]["type"] in ("winner", "tie")
    assert not any(event["type"] == "out_of_reach" for event in said)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 6), rule=st.sampled_from("abc"))
def test_every_listed_action_applies(seed, seats, rule):
    rng = random.Random(seed)
    state = RULES.new_state(seats, seed, {"phase6": rule, "pies": 4})
    for _ in range(150):
        if state.over:
            break
        seat = rng.choice(RULES.to_act(state))
        legal = RULES.legal_actions(state, seat)
        for action in rng.sample(legal, min(4, len(legal))):
            RULES.apply(RULES.clone(state), dict(action))  # raises if a listed action were refused
        RULES.apply(state, dict(rng.choice(legal)))


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
@pytest.mark.parametrize("rule", ["a", "b", "c"])
def test_bot_games_end_with_every_pie_looted(level, rule):
    setup = GameSetup("pie-rats", [SeatSpec("bot", level=level)] * 4, {"phase6": rule}, None, 11)
    session = Session(setup)
    TableDriver(session).play_out()
    state = session.state
    assert state.over and not state.sill and not state.pie_deck
    _check(state, list(session.events))
    points = [sum(PIES[p].points for p in won) for won in state.won]
    assert [row[0] for row in RULES.view(state, None)["standings"]] == points
    assert max(points) == points[state.winners[0]]


def test_a_sealed_window_hides_who_has_answered():
    from tests.pie_rats.helpers import cards_of, crew_with, position

    charm, low = cards_of("charm")[0], crew_with(0)
    state = position(4, 5, 0, charisma={0: [charm]}, crews={1: [low]}, hands={2: [cards_of("mirror")[0]]})
    state.declared[0] = True
    RULES.apply(state, {"type": "lure", "seat": 0, "targets": [low], "cards": [charm]})
    RULES.apply(state, {"type": "pass", "seat": 2})
    for seat in (None, 0, 1, 3):
        view = RULES.view(state, seat)
        assert view["to_act"] == [1, 2, 3]
        assert "2" not in view["decisions"][-1]["answers"]


@pytest.mark.parametrize("rule", ["a", "b", "c"])
def test_a_move_a_bot_settles_from_its_view_is_the_one_it_picks_from_the_listed_moves(rule):
    """`decide_from_view` spares the list of moves only where the bot would choose the same move
    from that list (or the list holds that one move alone)."""
    from pie_table.games.pie_rats.bots import PieRatsBot

    levels = ["easy", "normal", "hard", "normal"]
    seats = [SeatSpec("bot", level) for level in levels]
    settled = 0
    for seed in range(3):
        session = Session(GameSetup("pie-rats", seats, {"phase6": rule}, seed=seed))
        while not session.is_over():
            for seat in session.to_act():
                view = RULES.view(session.state, seat)
                quick = PieRatsBot(levels[seat], seat, 5).decide_from_view(view)
                if quick is not None:
                    legal = session.legal(seat)
                    bot = PieRatsBot(levels[seat], seat, 5)
                    assert quick in legal
                    assert quick == (legal[0] if len(legal) == 1 else bot.act(view, legal))
                    settled += 1
            seat = session.to_act()[0]
            assert session.submit(seat, session.bot_action(seat)).ok
    assert settled > 300
