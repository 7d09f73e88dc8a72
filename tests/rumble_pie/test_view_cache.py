"""Rumble Pie's views through the rules' one cache: every tick's view equals one built afresh, the
seats' views share the spectator's parts (nothing is private but deck order), and the tutorial's
positions come from the engine (`RULES.scenario`), never from a state changed by hand."""

import json

import pytest

from pie_table.core.driver import TableDriver
from pie_table.core.fixed_step import FixedStep
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.lessons import LESSONS, ME, TUTOR
from pie_table.games.rumble_pie.rules import RULES
from pie_table.games.rumble_pie.view import build_view


def _session(seats: str, seed: int) -> Session:
    return Session(GameSetup("rumble-pie", parse_seats(seats), {}, None, seed=seed))


def _playing(seats: str, seed: int) -> Session:
    """A round under way (after the countdown)."""
    session = _session(seats, seed)
    session.submit(None, {"type": "start"})
    while session.state.phase != "play":
        session.submit(None, {"type": "tick"})
    return session


def test_the_kept_view_equals_a_fresh_one_on_every_tick_of_a_bot_game():
    session = _session("bot:easy,bot:normal,bot:hard,bot:normal", 3)
    ticks = 0
    driver = TableDriver(session, dynamics=FixedStep)
    while not session.is_over() and ticks < 3000:
        start = session.rules.waiting_action(session.state)
        if start is not None:
            session.submit(None, start)
            continue
        driver.dynamics.step()
        ticks += 1
        view = session.view(1)
        assert view == build_view(session.state, 1), ticks
        assert session.view(2)["players"] is view["players"]  # the spectator's, built once
        assert dict(session.bot_view(1)) == view
    assert ticks == 3000


def _cards(state) -> list[int]:
    held = [p.hand for p in state.players if p.hand is not None]
    piles = [c for board in state.boards for pile in board.values() for c in pile.cards]
    decks = [c for p in state.players for c in p.deck + [c for col in p.columns for c in col]]
    return sorted(held + piles + decks + state.discard + [c for x in state.set_aside for c in x])


def test_each_lesson_is_laid_out_on_a_copy_with_no_card_made_or_lost():
    state = _playing("human,bot:easy", 2024).state
    for name in LESSONS + ("down:answer", "block:answer"):
        before = json.dumps(RULES.to_json(state), sort_keys=True)
        lesson = RULES.scenario(name, state)
        assert json.dumps(RULES.to_json(state), sort_keys=True) == before, name  # untouched
        assert lesson.state is not state and _cards(lesson.state) == _cards(state), name
        state = lesson.state


def test_a_lesson_shows_at_once_and_its_opponent_plays_are_real_actions():
    session = _playing("human,bot:easy", 2024)
    shown = session.view(ME)
    lesson = RULES.scenario("down", session.state)
    session.state = lesson.state
    view = session.view(ME)
    assert view is not shown and view == build_view(lesson.state, ME)
    assert [c for c in view["boards"][TUTOR]["shorty"]["kinds"]] == ["shorty", "one", "two"]
    assert lesson.then == "down:answer" and len(lesson.script) == 4
    for action in lesson.script:
        assert session.submit(TUTOR, action).ok
        session.submit(None, {"type": "tick"})  # one play on a pile a tick
    assert session.view(ME)["boards"][ME]["sylvie"]["kinds"] == ["sylvie", "one", "two", "three"]


def test_an_unknown_lesson_is_refused():
    with pytest.raises(ValueError, match="no Rumble Pie lesson 'fly'"):
        RULES.scenario("fly", RULES.new_state(2, 1))
