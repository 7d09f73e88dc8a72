"""Arsenal rules: drawing, placing, moving, bottom-card play and the freeze."""

import pytest

from pie_table.core.engine import IllegalAction
from pie_table.games.rumble_pie.rules import RULES

from .helpers import arrange, kinds, play, playing

_FULL = [["two"] * 3, ["three"] * 3, ["two", "three", "four"]]


def _refused(state, action):
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action)
    assert RULES.to_json(state) == before
    return info.value.reason


def test_draw_takes_the_top_card_into_the_hand():
    state = playing()
    top = state.players[0].deck[-1]
    events = RULES.apply(state, {"type": "draw", "seat": 0})
    assert state.players[0].hand == top and events[0]["card"] == top and events[0]["to"] == "hand"
    assert len(state.players[0].deck) == 44


def test_draw_to_a_column_and_place_go_to_the_bottom():
    state = arrange(playing(), columns={0: [["one"]]})
    top, second = state.players[0].deck[-1], state.players[0].deck[-2]
    RULES.apply(state, {"type": "draw", "seat": 0, "column": 0})
    RULES.apply(state, {"type": "draw", "seat": 0})
    RULES.apply(state, {"type": "place", "seat": 0, "column": 0})
    assert state.players[0].columns[0][1:] == [top, second] and state.players[0].hand is None


def test_only_one_card_held_at_a_time():
    state = arrange(playing(), hands={0: "one"})
    assert _refused(state, {"type": "draw", "seat": 0}) == "Place or play the card you are holding first"


def test_draw_allowed_with_8_refused_with_9():
    state = arrange(playing(), columns={0: [["two"] * 3, ["three"] * 3, ["four"] * 2]})
    RULES.apply(state, {"type": "draw", "seat": 0, "column": 2})
    assert state.players[0].arsenal_count() == 9
    reason = _refused(state, {"type": "draw", "seat": 0})
    assert reason == "Only 8 or fewer cards in the arsenal allow a draw"


def test_column_holds_three_and_fourth_column_is_closed():
    state = arrange(playing(), columns={0: [["two"] * 3]}, hands={0: "one"})
    assert "full" in _refused(state, {"type": "place", "seat": 0, "column": 0})
    assert _refused(state, {"type": "place", "seat": 0, "column": 3}) == "No such column"


def test_draw_to_a_full_column_refused():
    state = arrange(playing(), columns={0: [["two"] * 3]})
    assert "full" in _refused(state, {"type": "draw", "seat": 0, "column": 0})


def test_only_the_bottom_card_plays():
    state = arrange(playing(), columns={0: [["shorty", "two"]]})
    assert _refused(state, play(0, 0, 1, "shorty")) == "Only the Shorty Chef card starts a pile there"
    assert RULES.legal_actions(state, 0) and all(a["type"] != "play" for a in RULES.legal_actions(state, 0))
    RULES.apply(state, {"type": "move", "seat": 0, "from": 0, "to": 1, "count": 1})
    RULES.apply(state, play(0, 0, 1, "shorty"))
    assert kinds(state, state.boards[1]["shorty"].cards) == ["shorty"]


def test_move_bottom_two_keeps_their_order():
    state = arrange(playing(), columns={0: [["one", "two", "three"], ["four"]]})
    RULES.apply(state, {"type": "move", "seat": 0, "from": 0, "to": 1, "count": 2})
    cols = state.players[0].columns
    assert kinds(state, cols[0]) == ["one"] and kinds(state, cols[1]) == ["four", "two", "three"]


def test_move_respects_capacity_and_count():
    state = arrange(playing(), columns={0: [["one", "two", "three"], ["four", "four"], []]})
    assert "full" in _refused(state, {"type": "move", "seat": 0, "from": 0, "to": 1, "count": 2})
    assert _refused(state, {"type": "move", "seat": 0, "from": 0, "to": 2, "count": 3})
    assert _refused(state, {"type": "move", "seat": 0, "from": 2, "to": 1, "count": 1})
    assert _refused(state, {"type": "move", "seat": 0, "from": 1, "to": 1, "count": 1})
    RULES.apply(state, {"type": "move", "seat": 0, "from": 0, "to": 1, "count": 1})
    assert kinds(state, state.players[0].columns[1]) == ["four", "four", "three"]


def test_drawn_card_plays_straight_from_the_hand():
    state = arrange(playing(), decks={0: ["sylvie"]})
    RULES.apply(state, {"type": "draw", "seat": 0})
    assert {"type": "play", "seat": 0, "source": "hand", "board": 1, "face": "sylvie"} in \
        RULES.legal_actions(state, 0)
    RULES.apply(state, play(0, "hand", 1, "sylvie"))
    assert state.players[0].hand is None and kinds(state, state.boards[1]["sylvie"].cards) == ["sylvie"]


def test_freeze_gives_everyone_a_fourth_column():
    state = arrange(playing(), columns={0: _FULL, 1: _FULL})
    events = RULES.apply(state, {"type": "tick"})
    assert events == [{"type": "freeze", "columns": 4, "ends_round": False}]
    assert state.columns_allowed == 4 and all(len(p.columns) == 4 for p in state.players)
    RULES.apply(state, {"type": "draw", "seat": 0, "column": 3})
    assert len(state.players[0].columns[3]) == 1


def test_a_second_freeze_in_a_round_ends_it_without_the_out_bonus():
    state = arrange(playing(), columns={0: _FULL, 1: _FULL})
    RULES.apply(state, {"type": "tick"})  # first freeze: the fourth column
    full4 = [*_FULL, ["two", "two", "three"]]
    state = arrange(state, columns={0: full4, 1: full4})
    state.round_kapows = [1, 0]
    before = list(state.scores)
    events = RULES.apply(state, {"type": "tick"})
    assert events[0] == {"type": "freeze", "columns": 4, "ends_round": True}
    assert state.phase == "round_over" and state.columns_allowed == 4
    summary = state.history[-1]
    assert summary["frozen"] and summary["out_by"] is None and summary["bonus"] == 0
    assert state.scores == [before[0] + 1, before[1]]  # KaPow!s count, no Out! bonus


def test_no_freeze_while_anyone_can_play_or_draw():
    playable = [["two"] * 3, ["three"] * 3, ["two", "three", "shorty"]]
    state = arrange(playing(), columns={0: _FULL, 1: playable})
    assert RULES.apply(state, {"type": "tick"}) == []
    state = arrange(playing(), columns={0: _FULL, 1: _FULL[:2] + [["two", "three"]]})
    assert RULES.apply(state, {"type": "tick"}) == []
    assert state.columns_allowed == 3


def test_no_freeze_while_a_player_can_call_out():
    state = arrange(playing(), columns={0: _FULL, 1: _FULL}, decks={1: []})
    assert RULES.apply(state, {"type": "tick"}) == []
