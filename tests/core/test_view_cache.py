"""The one view cache (`GameRules.view`): one view per version of a state and seat, handed to every
caller, staying as it was built while the game goes on; nothing of it lives in the state."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

from pie_table.core.driver import TableDriver
from pie_table.core.engine import GameRules
from pie_table.core.fixed_step import FixedStep
from pie_table.core.registry import load_games
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SeatSpec

_GAMES = load_games()


def _session(game: str, seed: int = 3) -> Session:
    info = _GAMES[game]
    seats = [SeatSpec("bot", level="normal")] * (info.min_seats + 1)
    return Session(GameSetup(game, seats, {}, None, seed))


def _play(session: Session, moves: int) -> None:
    driver = TableDriver(session, dynamics=FixedStep) if session.info.realtime else None
    for _ in range(moves):
        if session.is_over():
            return
        if session.info.realtime:
            if (start := session.rules.waiting_action(session.state)) is not None:
                session.submit(None, start)
            assert driver is not None
            driver.dynamics.step()
        else:
            seat = session.to_act()[0]
            assert session.submit(seat, session.bot_action(seat)).ok


@pytest.mark.parametrize("game", sorted(_GAMES))
def test_a_view_kept_for_a_version_stays_what_it_was_while_the_game_goes_on(game: str) -> None:
    session = _session(game)
    seats = range(len(session.setup.seats))
    for _ in range(12):
        _play(session, 1 if not session.info.realtime else 40)
        kept = {seat: session.view(seat) for seat in [None, *seats]}
        shown = {seat: copy.deepcopy(view) for seat, view in kept.items()}
        _play(session, 3 if not session.info.realtime else 120)
        for seat, view in kept.items():
            assert view == shown[seat], f"seat {seat}'s view changed under it"


@pytest.mark.parametrize("game", sorted(_GAMES))
def test_one_view_per_version_and_seat(game: str) -> None:
    session = _session(game)
    _play(session, 5)
    rules, state = session.rules, session.state
    version = rules.version(state)
    view = session.view(0)
    assert session.view(0) is view and session.view(1) is not view
    twin = rules.clone(state)
    assert rules.view(twin, 0) == view and rules.view(twin, 0) is not view  # a copy has its own
    _play(session, 1)
    assert rules.version(state) > version and session.view(0) is not view


def test_a_caller_changing_a_kept_view_is_caught_when_the_game_moves_on() -> None:
    assert GameRules.check_views  # the tests' conftest turns the check on
    session = _session("pie-rats")
    view = session.view(0)
    view["hand"].append(99)
    seat = session.to_act()[0]
    with pytest.raises(AssertionError, match="the view of seat 0 kept for version 0 changed"):
        session.submit(seat, session.bot_action(seat))


class _Counting(GameRules):
    """A game of one list that every action adds to; its view, wrongly, hands out the list itself."""

    def new_state(self, seats, seed, options=None):  # noqa: ANN001, ANN201
        return type("CountingState", (), {"counts": []})()

    def _apply(self, state, action):  # noqa: ANN001, ANN202
        state.counts.append(1)
        return []

    def _view(self, state, seat):  # noqa: ANN001, ANN202
        return {"counts": state.counts}


def test_a_view_sharing_a_list_the_game_changes_is_caught_when_the_game_moves_on() -> None:
    rules = _Counting()
    state = rules.new_state(2, 1)
    rules.view(state, 0)
    with pytest.raises(AssertionError, match="shares a list the game changes"):
        rules.apply(state, {"type": "count"})


# RATS keeps `last_options` beside the game: the RATS caches are another change's (issue 22 item 4).
@pytest.mark.parametrize("game", ["cheflebrity", "pie-rats", "rumble-pie"])
def test_a_game_state_holds_the_game_only(game: str) -> None:
    # Every field of the state is saved: nothing beside the game (a kept view, a change count).
    session = _session(game)
    _play(session, 20)
    state = session.state
    if not dataclasses.is_dataclass(state):
        pytest.skip(f"{game}'s state is not a dataclass")
    saved = set(json.loads(json.dumps(session.rules.to_json(state))))
    fields = {f.name for f in dataclasses.fields(state)}
    assert fields - saved == set()
