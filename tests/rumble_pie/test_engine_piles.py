"""Pile rules: chef starts, sequences up and down, Blocks, KaPow!s and clearing."""

import pytest

from pie_table.core.engine import IllegalAction
from pie_table.games.rumble_pie.rules import RULES
from pie_table.games.rumble_pie.state import KAPOW_CLEAR_TICKS

from .helpers import arrange, pile_kinds, play, playing


def _try(state, action):
    """Apply and return None, or the refusal reason."""
    try:
        RULES.apply(state, action)
    except IllegalAction as exc:
        return exc.reason
    return None


def _one_card(kind, pile, seats=2, seat=0, board=1, face="shorty", **options):
    """Seat holds `kind` in column 0 with `pile` (kinds) on board/face; returns (state, reason)."""
    state = arrange(playing(seats, **options), columns={seat: [[kind]]},
                    piles={(board, face): pile} if pile else {})
    return state, _try(state, play(seat, 0, board, face))


def test_matching_chef_starts_a_pile_on_an_opponent_board():
    state, reason = _one_card("shorty", [])
    assert reason is None
    assert pile_kinds(state, 1, "shorty") == ["shorty"]


def test_chef_refused_on_the_wrong_face():
    state, reason = _one_card("sylvie", [], face="shorty")
    assert reason and pile_kinds(state, 1, "shorty") == []


def test_chef_refused_on_own_board():
    _, reason = _one_card("shorty", [], board=0)
    assert reason == "Start piles on an opponent's board"


def test_chef_refused_on_a_team_mates_board():
    _, reason = _one_card("shorty", [], seats=4, seat=0, board=2)
    assert reason == "Start piles on an opponent's board"


def test_empty_spot_takes_only_a_chef():
    _, reason = _one_card("one", [])
    assert reason == "Only the Shorty Chef card starts a pile there"


@pytest.mark.parametrize(("pile", "card"), [
    (["shorty"], "one"), (["shorty", "one"], "two"), (["shorty", "one", "two"], "three"),
    (["shorty", "one", "two", "three"], "four"),
    (["shorty", "one", "two", "three", "four"], "three"), (["shorty", "one", "two", "three"], "two"),
    (["shorty", "one", "two"], "one"), (["shorty", "one", "two", "three", "two"], "three"),
])
def test_sequence_up_and_down_accepted(pile, card):
    state, reason = _one_card(card, pile)
    assert reason is None
    assert pile_kinds(state, 1, "shorty") == pile + [card]


@pytest.mark.parametrize(("pile", "card", "why"), [
    (["shorty", "one", "two", "three", "four"], "two", "A Two cannot go on a Four"),
    (["shorty"], "two", "A Two cannot go on a Shorty Chef"),
    (["shorty", "one"], "one", "A One cannot go on a One"),
    (["shorty", "one"], "three", "A Three cannot go on a One"),
    (["shorty", "one", "two"], "four", "A Four cannot go on a Two"),
    (["shorty", "one"], "shorty", "Chef cards only start a pile"),
    (["shorty"], "shorty", "Chef cards only start a pile"),
    (["shorty", "one", "two"], "sylvie", "Chef cards only start a pile"),
])
def test_out_of_sequence_refused(pile, card, why):
    state, reason = _one_card(card, pile)
    assert reason == why
    assert pile_kinds(state, 1, "shorty") == pile


def test_two_on_four_reason_is_readable():
    _, reason = _one_card("two", ["shorty", "one", "two", "three", "four"])
    assert reason == "A Two cannot go on a Four"


def test_chef_never_plays_down_onto_a_one():
    _, reason = _one_card("shorty", ["shorty", "one"])
    assert reason == "Chef cards only start a pile"


@pytest.mark.parametrize("top", [["two"], ["two", "three"], ["two", "three", "four"]])
def test_block_goes_on_two_three_four(top):
    pile = ["shorty", "one"] + top
    state, reason = _one_card("block", pile)
    assert reason is None and pile_kinds(state, 1, "shorty")[-1] == "block"


@pytest.mark.parametrize(("pile", "top"), [
    (["shorty"], "a Shorty Chef"), (["shorty", "one"], "a One"),
    (["shorty", "one", "two", "block"], "a Block"),
])
def test_block_refused_on_chef_one_or_block(pile, top):
    _, reason = _one_card("block", pile)
    assert reason == f"A Block only goes on a Two, Three or Four, not {top}"


def test_block_counts_as_one():
    assert _one_card("two", ["shorty", "one", "two", "block"])[1] is None
    assert _one_card("one", ["shorty", "one", "two", "block"])[1] == "A One cannot go on a Block"


_FOUR = ["shorty", "one", "two", "three", "four"]


def test_kapow_on_an_opponents_four_scores_and_clears():
    state, reason = _one_card("kapow", _FOUR)
    assert reason is None
    assert state.round_kapows == [1, 0]
    pile = state.boards[1]["shorty"]
    assert pile.clearing == KAPOW_CLEAR_TICKS and pile.scored_by == 0


def test_kapow_refused_on_a_three():
    _, reason = _one_card("kapow", _FOUR[:-1])
    assert reason == "KaPow! only lands on a Four, not a Three"


def test_kapow_refused_on_own_board_and_team_mates_board():
    assert _one_card("kapow", _FOUR, board=0)[1] == "KaPow! cannot land on your own team"
    assert _one_card("kapow", _FOUR, seats=4, board=2)[1] == "KaPow! cannot land on your own team"


def test_kapow_penalty_option_discards_the_card_and_scores_nothing():
    state, reason = _one_card("kapow", _FOUR, board=0, kapow_penalty=True)
    assert reason is None
    assert pile_kinds(state, 0, "shorty") == _FOUR
    assert [state.cards[c].kind for c in state.discard if state.cards[c].owner == 0] == ["kapow"]
    assert state.round_kapows == [0, 0] and state.boards[0]["shorty"].clearing == 0


def test_clearing_pile_takes_nothing_then_goes_to_the_scoring_team():
    state = arrange(playing(), columns={0: [["kapow"], ["shorty"]], 1: [["four"]]},
                    piles={(1, "shorty"): _FOUR})
    RULES.apply(state, play(0, 0, 1, "shorty"))
    RULES.apply(state, {"type": "tick"})
    assert _try(state, play(0, 1, 1, "shorty")) == "That pile is being cleared after a KaPow!"
    assert _try(state, play(1, 0, 1, "shorty")) == "That pile is being cleared after a KaPow!"
    events = []
    for _ in range(KAPOW_CLEAR_TICKS - 1):
        events += RULES.apply(state, {"type": "tick"})
    assert [e["type"] for e in events] == ["pile_cleared"]
    assert state.boards[1]["shorty"].cards == [] and len(state.set_aside[0]) == 6
    assert _try(state, play(0, 1, 1, "shorty")) is None


def test_pause_after_kapow_stops_all_play_until_resumed():
    state = arrange(playing(pause_after_kapow=True), columns={0: [["kapow"], ["sylvie"]], 1: [["shorty"]]},
                    piles={(1, "shorty"): _FOUR})
    events = RULES.apply(state, play(0, 0, 1, "shorty"))
    assert events[-1]["type"] == "pause" and state.phase == "kapow_pause"
    RULES.apply(state, {"type": "tick"})
    assert _try(state, play(1, 0, 0, "shorty")) == "Play is paused while a KaPow! pile is cleared"
    assert RULES.legal_actions(state, 0) == []
    ticks = 1
    while state.phase == "kapow_pause":
        RULES.apply(state, {"type": "tick"})
        ticks += 1
    assert ticks == 120
    assert _try(state, play(1, 0, 0, "shorty")) is None


def test_second_play_on_a_pile_in_the_same_tick_is_beaten():
    state = arrange(playing(), columns={0: [["one"]], 1: [["one"]]}, piles={(1, "shorty"): ["shorty"]})
    card = state.players[1].columns[0][-1]
    RULES.apply(state, play(0, 0, 1, "shorty"))
    before = RULES.to_json(state)
    assert "Beaten to it" in _try(state, play(1, 0, 1, "shorty"))
    assert RULES.to_json(state) == before and state.players[1].columns[0] == [card]
    assert {"type": "play", "seat": 1, "source": 0, "board": 1, "face": "shorty"} not in \
        RULES.legal_actions(state, 1)


def test_other_piles_still_take_plays_in_the_same_tick_and_the_pile_frees_next_tick():
    state = arrange(playing(), columns={0: [["two"], ["sylvie"]], 1: [["three"]]},
                    piles={(1, "shorty"): ["shorty", "one"]})
    RULES.apply(state, play(0, 0, 1, "shorty"))
    assert _try(state, play(0, 1, 1, "sylvie")) is None
    RULES.apply(state, {"type": "tick"})
    assert _try(state, play(1, 0, 1, "shorty")) is None


def test_any_card_but_kapow_may_go_on_own_team_piles():
    state = arrange(playing(), columns={0: [["three"]]}, piles={(0, "pierre"): ["pierre", "one", "two"]})
    assert _try(state, play(0, 0, 0, "pierre")) is None
