"""The crews a view shows are read from the crews as they lie, with each member's view kept by the
rules under all it is worked out from: after every move of any game, and after a move no list of
event kinds foresaw, they are the crews as they lie; and no two games share a kept member."""

from __future__ import annotations

import random

import pytest

from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SeatSpec
from pie_table.games.pie_rats import flow
from pie_table.games.pie_rats.rules import RULES, _rat_view


def _assert_crews_current(state) -> None:
    fresh = [[_rat_view(rat) for rat in crew] for crew in state.crews]
    assert RULES.bot_view(state, 0)["crews"] == fresh, "kept crews missed a change to a crew"
    assert RULES.view(state, None)["crews"] == fresh


@pytest.mark.parametrize("rule", ["a", "b", "c"])
@pytest.mark.parametrize("penalty", ["failed", "always"])
def test_kept_crews_follow_every_move_of_random_games(rule, penalty):
    for seed in range(1):
        rng = random.Random(seed)
        state = RULES.new_state(4, seed, {"pies": 6, "phase6": rule, "no_loot_penalty": penalty})
        for _ in range(1500):  # random moves rarely end a game soon: a long stretch of one is enough
            if state.over:
                break
            seat = rng.choice(RULES.to_act(state))
            if rng.random() < 0.05 and state.stack.top().deadline is not None:
                RULES.apply(state, {"type": "timeout"})
            else:
                RULES.apply(state, dict(rng.choice(RULES.legal_actions(state, seat))))
            _assert_crews_current(state)


@pytest.mark.parametrize("rule", ["a", "b", "c"])
def test_kept_crews_follow_every_move_of_bot_games(rule):
    seats = [SeatSpec("bot", level) for level in ("easy", "normal", "hard", "normal")]
    for seed in range(1):
        session = Session(GameSetup("pie-rats", seats, {"phase6": rule}, seed=seed))
        while not session.is_over():
            seat = session.to_act()[0]
            assert session.submit(seat, session.bot_action(seat)).ok
            _assert_crews_current(session.state)


def _tabling(session: Session) -> dict | None:
    """The seat to act's move tabling a charisma card, if it has one now."""
    seat = session.to_act()[0]
    return next((a for a in session.legal(seat) if a["type"] == "table"), None)


def _tabling_with_a_crew() -> Session:
    """A bot game played on to a Captain's phase-2 turn with a charisma card to table and crews on
    the table."""
    session = Session(GameSetup("pie-rats", [SeatSpec("bot", "normal")] * 4, {}, seed=3))
    while not (session.state.phase == 2 and any(session.state.crews) and _tabling(session)):
        seat = session.to_act()[0]
        assert session.submit(seat, session.bot_action(seat)).ok
    return session


def test_a_move_that_turns_a_crew_member_under_an_event_no_crew_move_logs_shows_it(monkeypatch):
    """A crew kept while no 'crew-changing' event was logged goes stale the day a rule changes a
    crew under another event: here tabling a card (which logs only "table") also turns a member
    sideways, and the next view must show it turned."""
    session = _tabling_with_a_crew()
    state = session.state
    owner = next(seat for seat, crew in enumerate(state.crews) if crew)
    RULES.bot_view(state, 0)["crews"]  # read once, as bots do, before the move
    real = flow.apply

    def tabling_turns_a_member(state, seat, action, events):
        real(state, seat, action, events)
        state.crews[owner][0].protected = not state.crews[owner][0].protected

    monkeypatch.setattr(flow, "apply", tabling_turns_a_member)
    applied = session.submit(session.to_act()[0], _tabling(session))
    assert applied.ok and [event["type"] for event in applied.events] == ["table"]
    _assert_crews_current(state)


def test_two_games_keep_their_own_crew_members_views():
    states = [_tabling_with_a_crew().state for _ in range(2)]
    crews = [RULES.bot_view(state, 0)["crews"] for state in states]
    assert crews[0] == crews[1]  # the same game twice...
    pairs = zip(*crews, strict=True)  # ...each keeps its own members' views
    assert all(a is not b for crew_a, crew_b in pairs for a, b in zip(crew_a, crew_b, strict=True))
