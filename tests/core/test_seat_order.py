"""A driver whose people each sit at their own machine (`TableDriver(seat_order=True)`, a network
host): answers to a decision several seats share are played in seat order whatever order they come
in, a pass in a timed window waits for a claim after it, and a window every seat passed closes by
the timeout at once — so the game is move for move the one `play_out` plays from the same seed."""

from __future__ import annotations

import random

import pytest

from pie_table.core.driver import TableDriver
from pie_table.core.registry import get_game
from pie_table.core.session import Session, bot_seed
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.net.client import bot_decider


def _people_answering_in_any_order(game: str, seed: int) -> Session:
    """Seat 0 a bot of the driver; seats 1-3 people whose answers come in a shuffled order."""
    info = get_game(game)
    assert info.bot_factory is not None
    setup = GameSetup(game, parse_seats("bot:normal,bot:normal,bot:normal,bot:normal"), seed=seed)
    session = Session(setup, info, bots={0: info.bot_factory("normal", 0, bot_seed(seed, 0))})
    driver = TableDriver(session, pace=None, seat_order=True)
    people = {s: bot_decider(info.bot_factory("normal", s, bot_seed(seed, s)), session.history(s))
              for s in (1, 2, 3)}
    shuffle = random.Random(seed)
    while not driver.is_over():
        driver.update(0.0)
        asked = [seat for seat in driver.to_act() if seat in people]
        shuffle.shuffle(asked)
        for seat in asked[:1 + len(asked) // 2]:  # some answer now, the others later
            applied = driver.submit(seat, people[seat](dict(driver.view(seat)), list(driver.legal(seat))))
            assert applied.ok, applied.reason
    return session


@pytest.mark.parametrize("game", ["rats", "pie-rats", "cheflebrity"])
def test_answers_in_any_order_make_the_game_play_out_plays(game: str) -> None:
    setup = GameSetup(game, parse_seats("bot:normal,bot:normal,bot:normal,bot:normal"), seed=7)
    local = Session(setup, get_game(game))
    TableDriver(local).play_out()
    hosted = _people_answering_in_any_order(game, 7)
    assert [(e.seat, e.action) for e in hosted.log] == [(e.seat, e.action) for e in local.log]
    assert hosted.hash() == local.hash()


def test_an_answer_kept_for_its_turn_is_taken_once_and_checked_as_it_comes() -> None:
    """In a timed window a pass is taken but not played (the seat is no longer asked, a second
    answer is refused), and a claim that must wait is checked by the game at once."""
    game = "cheflebrity"
    info = get_game(game)
    setup = GameSetup(game, parse_seats("bot:normal,bot:normal,bot:normal,bot:normal"), seed=7)
    driver = TableDriver(Session(setup, info, bots={}), pace=None, seat_order=True)
    while True:  # on to a window where at least two seats have an answering card
        driver.update(0.0)
        if len(driver.to_act()) > 1 and driver.rules.current_decision(driver.state).deadline:
            break
        for seat in driver.to_act()[:1]:  # none: forced answers are played at the next update
            assert driver.submit(seat, driver.autoplay_action(seat)).ok
    waiting = driver.to_act()
    logged = len(driver.session.log)
    last = waiting[-1]
    taken = driver.submit(last, {"type": "pass"})
    assert taken.ok and taken.entry is None and len(driver.session.log) == logged
    assert last not in driver.to_act() and driver.legal(last) == []
    again = driver.submit(last, {"type": "pass"})
    assert not again.ok and again.reason == "You have already answered"
    bad = driver.submit(waiting[-2], {"type": "sabotage", "card": -1})
    assert not bad.ok and len(driver.session.log) == logged
