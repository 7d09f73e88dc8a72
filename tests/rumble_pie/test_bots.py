"""Rumble Pie bots: legal and view-only play, reaction times, key judgements, a whole game."""

import random

import pytest

from pie_table.games.rumble_pie.bots import LEVELS, TIMINGS, make_bot
from pie_table.games.rumble_pie.headless import run_game, tick_driver
from pie_table.games.rumble_pie.rules import RULES
from pie_table.games.rumble_pie.state import TICK_HZ, clone_state
from pie_table.games.rumble_pie.view import build_view

from .helpers import arrange, playing

_PILE_RACE = "Beaten to it"


class _Checked:
    """Wraps a bot; records each action with the legal list of the moment it was chosen."""

    def __init__(self, bot, state, seen):
        self.bot, self.seat, self.state, self.seen = bot, bot.seat, state, seen

    def act(self, view, tick):
        action = self.bot.act(view, tick)
        if action is not None:
            self.seen.append((action, RULES.legal_actions(self.state, self.seat)))
        return action

    def refused(self, action, reason):
        self.seen.append((action, reason))
        self.bot.refused(action, reason)


_MATCHES = [("hard", "easy"), ("normal", "random"), ("hard", "normal", "easy", "hard")]
# Why a legal choice can still be refused: someone else acted first in the same tick.
_RACES = (_PILE_RACE, "The round is over", "The game is over")


@pytest.mark.parametrize("levels", _MATCHES)
def test_bots_only_choose_legal_actions(levels):
    state = RULES.new_state(len(levels), 11, {"target": 4})
    seen = []
    bots = [_Checked(make_bot(lv, s, 100 + s), state, seen) for s, lv in enumerate(levels)]
    driver = tick_driver(state, bots)
    driver.submit(None, {"type": "start"})
    while state.phase != "game_over" and state.tick < 60 * TICK_HZ * 10:
        driver.dynamics.step()
        if state.phase == "round_over":
            driver.submit(None, {"type": "start"})
    choices = [(a, legal) for a, legal in seen if isinstance(legal, list)]
    refusals = [reason for _, reason in seen if not isinstance(reason, list)]
    assert len(choices) > 100
    assert all(action in legal for action, legal in choices)
    assert all(reason.startswith(_RACES) for reason in refusals), refusals


def _states_along_a_game(seed, count):
    """Snapshots of a hard-vs-normal game, every few seconds of play."""
    state = playing(2, seed)
    bots = [make_bot("hard", 0, 1), make_bot("normal", 1, 2)]
    snaps = []
    driver = tick_driver(state, bots)
    while len(snaps) < count and state.phase == "play":
        for _ in range(2 * TICK_HZ):
            driver.dynamics.step()
            if state.phase != "play":
                break
        if state.phase == "play":
            snaps.append(clone_state(state))
    return snaps


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "random"])
def test_decisions_ignore_hidden_deck_order(level):
    rng = random.Random(3)
    for state in _states_along_a_game(21, 12):
        other = clone_state(state)
        for player in other.players:
            rng.shuffle(player.deck)
        assert [p.deck for p in other.players] != [p.deck for p in state.players]
        for seat in range(2):
            a, b = make_bot(level, seat, 77), make_bot(level, seat, 77)
            acts_a = [a.act(build_view(state, seat), t) for t in range(200)]
            acts_b = [b.act(build_view(other, seat), t) for t in range(200)]
            assert acts_a == acts_b


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_reaction_delay_within_documented_bounds(level):
    bot = make_bot(level, 0, 9)
    fired = []
    bot.decide = lambda view: fired.append(tick) or None
    view = build_view(playing(2, 3), 0)
    for tick in range(TICK_HZ * 300):
        bot.act(view, tick)
    lo, hi = TIMINGS[level].react
    gaps = [b - a for a, b in zip([-1] + fired, fired, strict=False)]
    assert len(gaps) > 100
    assert min(gaps) >= round(lo * TICK_HZ) and max(gaps) <= round(hi * TICK_HZ)
    assert max(gaps) - min(gaps) > (hi - lo) * TICK_HZ / 2  # drawn afresh, not a constant


def test_teammates_racing_for_one_pile_one_is_refused_and_replans_soon():
    state = arrange(playing(4, 2), columns={0: [["three"], [], []], 2: [["three"], [], []]},
                    piles={(0, "sylvie"): ["sylvie", "one", "two", "three", "four"]})
    seen = []
    bots = [_Checked(make_bot("hard", s, s), state, seen) for s in (0, 2)]
    for checked in bots:
        checked.bot.wait = 1  # both decide on this very tick
    tick_driver(state, bots).dynamics.step()
    refusals = [(action["seat"], reason) for action, reason in seen if not isinstance(reason, list)]
    assert len(refusals) == 1 and refusals[0][1].startswith(_PILE_RACE)
    loser = next(c.bot for c in bots if c.seat == refusals[0][0])
    lo, hi = TIMINGS["hard"].replan
    assert round(lo * TICK_HZ) <= loser.wait <= round(hi * TICK_HZ)


def test_hard_prefers_kapow():
    state = arrange(playing(2, 1), columns={0: [["three"], ["kapow"], ["one"]]},
                    piles={(1, "shorty"): ["shorty", "one", "two", "three", "four"],
                           (1, "sylvie"): ["sylvie", "one", "two"],
                           (0, "pierre"): ["pierre", "one", "two", "three", "four"]})
    action = make_bot("hard", 0, 1).decide(build_view(state, 0))
    assert action == {"type": "play", "seat": 0, "source": 1, "board": 1, "face": "shorty"}


@pytest.mark.parametrize("defender", ["three", "block"])
def test_hard_defends_own_pile_at_four(defender):
    state = arrange(playing(2, 1), columns={0: [["one"], [defender], ["two"]]},
                    piles={(0, "sylvie"): ["sylvie", "one", "two", "three", "four"],
                           (1, "shorty"): ["shorty"]})
    action = make_bot("hard", 0, 1).decide(build_view(state, 0))
    assert action == {"type": "play", "seat": 0, "source": 1, "board": 0, "face": "sylvie"}


def test_hard_calls_out_when_deck_is_empty():
    state = arrange(playing(2, 1), columns={0: [["one"], ["two"], []]}, decks={0: []},
                    piles={(1, "shorty"): ["shorty", "one"]})
    action = make_bot("hard", 0, 1).decide(build_view(state, 0))
    assert action == {"type": "out", "seat": 0}


@pytest.mark.parametrize(("opponent_deck", "expected"), [(10, "play"), (0, "out")])
def test_hard_lands_a_ready_kapow_before_out_only_when_safe(opponent_deck, expected):
    state = arrange(playing(2, 1), columns={0: [["kapow"], ["two"], []]},
                    decks={0: [], 1: ["one"] * opponent_deck},
                    piles={(1, "shorty"): ["shorty", "one", "two", "three", "four"]})
    action = make_bot("hard", 0, 1).decide(build_view(state, 0))
    assert action["type"] == expected


def test_unknown_level_is_refused():
    assert set(LEVELS) == {"easy", "normal", "hard", "random"}
    with pytest.raises(ValueError):
        make_bot("expert", 0, 1)


def test_seeded_bot_game_finishes_with_a_winner():
    bots = [make_bot("hard", 0, 5), make_bot("easy", 1, 6)]
    result = run_game(2, 5, None, bots)
    assert "timeout" not in result
    assert result["winner"] == 0
    assert max(result["scores"]) >= 25
