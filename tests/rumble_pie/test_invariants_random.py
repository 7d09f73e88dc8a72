"""Random whole games checked every tick: no card lost, piles legal, scores honest, API exact."""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pie_table.games.rumble_pie.cards import FACES, play_reason
from pie_table.games.rumble_pie.headless import RandomLegalController, replay, tick_driver
from pie_table.games.rumble_pie.legal import legal_actions_from_view
from pie_table.games.rumble_pie.rules import RULES, team_kapows

pytestmark = pytest.mark.long  # tens of seconds in all: run first (tests/conftest.py)

_SETUPS = [[0, 1], [0, 1, 2], [0, 0, 1], [0, 1, 0, 1], [0, 1, 1, 0, 2], [0, 1, 2, 0, 1, 2],
           [0, 0, 0, 1, 1, 1]]


def _locations(state):
    """Every card id in play, from every place a card can be."""
    ids = []
    for p in state.players:
        ids += p.deck
        ids += [c for col in p.columns for c in col]
        ids += [p.hand] if p.hand is not None else []
    ids += [c for b in state.boards for pile in b.values() for c in pile.cards]
    ids += [c for heap in state.set_aside for c in heap] + state.discard
    return ids


def _check_cards(state):
    ids = _locations(state)
    assert sorted(ids) == list(range(len(state.cards)))
    per_owner = Counter(state.cards[c].owner for c in ids)
    sizes = [41 + k for k in team_kapows(state.teams)]
    assert [per_owner[s] for s in range(state.seats)] == sizes
    assert all(len(col) <= 3 for p in state.players for col in p.columns)
    assert all(len(p.columns) == state.columns_allowed for p in state.players)


def _check_piles(state):
    for board in state.boards:
        for face, pile in board.items():
            kinds = [state.cards[c].kind for c in pile.cards]
            if not kinds:
                assert pile.clearing == 0
                continue
            assert kinds[0] == face
            for below, card in zip(kinds, kinds[1:], strict=False):
                assert play_reason(card, face, below, False, False) is None
            assert (kinds[-1] == "kapow") == (pile.clearing > 0)
            assert "kapow" not in kinds[:-1]


def _check_scores(state):
    totals = [0] * state.team_count
    for h in state.history:
        for t in range(state.team_count):
            totals[t] += h["kapows"][t] + (h["bonus"] if h["out_team"] == t else 0)
        assert h["scores"] == totals
    assert state.scores == totals


def _check_api(state, deep):
    for seat in range(state.seats):
        acts = RULES.legal_actions(state, seat)
        assert acts == legal_actions_from_view(RULES.view(state, seat), seat)
        if deep:
            for action in acts:
                RULES.apply(RULES.clone(state), action)
    if deep:
        data = RULES.to_json(state)
        assert RULES.to_json(RULES.from_json(data)) == data
        assert RULES.to_json(RULES.clone(state)) == data


def _play_checked(teams, seed, options, max_ticks=40_000):
    state = RULES.new_state(len(teams), seed, {"teams": teams, **options})
    ctls = [RandomLegalController(s, seed * 31 + s, rate=0.5) for s in range(len(teams))]
    driver = tick_driver(state, ctls)
    driver.submit(None, {"type": "start"})
    while not RULES.is_over(state) and state.tick < max_ticks:
        driver.dynamics.step()
        _check_cards(state)
        _check_piles(state)
        _check_scores(state)
        _check_api(state, deep=state.tick % 97 == 0)
        if state.phase == "round_over":
            driver.submit(None, {"type": "start"})
    assert RULES.is_over(state)
    log = [entry.action for entry in driver.session.log]
    assert RULES.to_json(replay(len(teams), seed, {"teams": teams, **options}, log)) == RULES.to_json(state)
    return state


def test_every_setup_plays_a_checked_game():
    for i, teams in enumerate(_SETUPS):
        state = _play_checked(teams, i, {"target": 12})
        assert state.winner is not None and state.scores[state.winner] >= 12


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(teams=st.sampled_from(_SETUPS), seed=st.integers(0, 10_000), pause=st.booleans(),
       penalty=st.booleans())
def test_random_games_keep_the_invariants(teams, seed, pause, penalty):
    _play_checked(teams, seed, {"target": 8, "pause_after_kapow": pause, "kapow_penalty": penalty})


def test_faces_are_the_three_chefs():
    assert FACES == ("shorty", "sylvie", "pierre")
