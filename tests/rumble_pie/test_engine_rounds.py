"""Round end: Out!, scoring, the winner and the next deal."""

from collections import Counter

import pytest

from pie_table.core.engine import IllegalAction
from pie_table.games.rumble_pie.flow import judge_winner
from pie_table.games.rumble_pie.rules import RULES
from pie_table.games.rumble_pie.state import KAPOW_CLEAR_TICKS

from .helpers import arrange, play, playing

_OUT0 = {"type": "out", "seat": 0}


def _reason(state, action):
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action)
    return info.value.reason


def test_out_needs_an_empty_deck():
    state = arrange(playing(), decks={0: ["one"]})
    assert _reason(state, _OUT0) == "Out! needs an empty deck"
    assert {"type": "out", "seat": 0} not in RULES.legal_actions(state, 0)


def test_out_needs_an_empty_hand():
    state = arrange(playing(), decks={0: []}, hands={0: "one"})
    assert _reason(state, _OUT0) == "Place or play the card you are holding first"


def test_out_with_cards_left_in_the_arsenal_ends_the_round_with_the_bonus():
    state = arrange(playing(), decks={0: []}, columns={0: [["one", "two"]]})
    events = RULES.apply(state, _OUT0)
    assert [e["type"] for e in events] == ["out", "round_over"]
    assert state.phase == "round_over" and state.scores == [2, 0] and state.out_by == 0
    assert state.history == [{"round": 1, "kapows": [0, 0], "out_by": 0, "out_team": 0, "bonus": 2,
                              "scores": [2, 0], "frozen": False}]


def test_only_the_first_out_caller_gets_the_bonus():
    state = arrange(playing(), decks={0: [], 1: []})
    RULES.apply(state, _OUT0)
    assert _reason(state, {"type": "out", "seat": 1}) == "The round is over"
    assert state.scores == [2, 0]


def test_scores_are_kapows_plus_bonus():
    four = ["shorty", "one", "two", "three", "four"]
    state = arrange(playing(), columns={1: [["kapow"], ["kapow"]]}, decks={0: []},
                    piles={(0, "shorty"): four, (0, "sylvie"): ["sylvie"] + four[1:]})
    RULES.apply(state, play(1, 0, 0, "shorty"))
    RULES.apply(state, play(1, 1, 0, "sylvie"))
    for _ in range(KAPOW_CLEAR_TICKS + 1):
        RULES.apply(state, {"type": "tick"})
    RULES.apply(state, _OUT0)
    assert state.scores == [2, 2] and state.history[-1]["kapows"] == [0, 2]


def test_kapow_still_clearing_at_out_counts():
    state = arrange(playing(), columns={1: [["kapow"]]}, decks={1: []},
                    piles={(0, "shorty"): ["shorty", "one", "two", "three", "four"]})
    RULES.apply(state, play(1, 0, 0, "shorty"))
    RULES.apply(state, {"type": "out", "seat": 1})
    assert state.scores == [0, 3]


@pytest.mark.parametrize(("scores", "out_team", "winner"), [
    ([24, 10], 0, None), ([25, 10], 1, 0), ([26, 27], 0, 1), ([25, 25], 1, 1), ([25, 25], 0, 0),
    ([26, 26, 10], 2, None), ([30, 26, 26], 2, 0), ([10, 25, 25], 2, 2),
])
def test_judge_winner(scores, out_team, winner):
    assert judge_winner(scores, 25, out_team) == winner


def _near_end(scores, target=25, seats=2):
    state = playing(seats, target=target, teams=list(range(seats)))
    state = arrange(state, decks={s: [] for s in range(seats)})
    state.scores = list(scores)
    return state


def test_game_ends_at_round_end_with_the_highest_score():
    state = _near_end([23, 26])
    events = RULES.apply(state, _OUT0)
    assert events[-1] == {"type": "game_over", "winner": 1, "scores": [25, 26]}
    assert state.phase == "game_over" and RULES.is_over(state) and state.winner == 1


def test_tie_at_the_top_goes_to_the_out_team():
    state = _near_end([23, 25])
    RULES.apply(state, _OUT0)
    assert state.winner == 0


def test_tie_without_the_out_team_plays_another_round():
    state = _near_end([27, 27, 10], seats=3)
    RULES.apply(state, {"type": "out", "seat": 2})
    assert state.phase == "round_over" and state.winner is None
    RULES.apply(state, {"type": "start"})
    assert state.phase == "countdown" and state.round == 2


def test_start_refused_mid_round_and_after_game_over():
    state = _near_end([30, 0])
    assert _reason(state, {"type": "start"}) == "A round is already under way"
    RULES.apply(state, _OUT0)
    assert _reason(state, {"type": "start"}) == "The game is over"


def test_next_round_returns_every_card_to_its_owner_and_reshuffles():
    state = RULES.new_state(3, 4, {"teams": [0, 0, 1]})
    first_decks = [list(p.deck) for p in state.players]
    state = arrange(playing(3, 4, teams=[0, 0, 1]), columns={0: [["one"]], 2: [["two", "three"]]},
                    hands={1: "four"}, piles={(2, "shorty"): ["shorty", "one"]}, decks={0: []})
    state.set_aside[1] = [state.players[2].deck.pop()]
    RULES.apply(state, _OUT0)
    RULES.apply(state, {"type": "start"})
    for seat, player in enumerate(state.players):
        assert sorted(player.deck) == [i for i, c in enumerate(state.cards) if c.owner == seat]
        assert player.hand is None and all(col == [] for col in player.columns)
        assert player.deck != first_decks[seat]
    assert Counter(len(p.deck) for p in state.players) == {44: 2, 45: 1}
    assert state.discard == [] and state.set_aside == [[], []] and state.round_kapows == [0, 0]
    assert all(p.cards == [] for b in state.boards for p in b.values())
    assert state.out_by is None and state.columns_allowed == 3 and state.round == 2


def test_fourth_column_lasts_only_for_the_round():
    full = [["two"] * 3, ["three"] * 3, ["two", "three", "four"]]
    state = arrange(playing(), columns={0: full, 1: full})
    RULES.apply(state, {"type": "tick"})
    assert state.columns_allowed == 4
    state.players[0].deck, leftovers = [], state.players[0].deck
    state.discard.extend(leftovers)
    RULES.apply(state, _OUT0)
    RULES.apply(state, {"type": "start"})
    assert state.columns_allowed == 3 and all(len(p.columns) == 3 for p in state.players)


def test_passing_the_target_mid_round_does_not_end_the_game():
    state = arrange(playing(target=25), columns={0: [["kapow"]]},
                    piles={(1, "shorty"): ["shorty", "one", "two", "three", "four"]})
    state.scores = [24, 0]
    RULES.apply(state, play(0, 0, 1, "shorty"))
    for _ in range(KAPOW_CLEAR_TICKS + 5):
        RULES.apply(state, {"type": "tick"})
    assert state.phase == "play" and state.winner is None and state.scores == [24, 0]


def test_second_round_counts_down_again():
    state = arrange(playing(), decks={0: []})
    RULES.apply(state, _OUT0)
    assert RULES.apply(state, {"type": "start"}) == [{"type": "countdown", "n": 3, "round": 2}]
    assert RULES.legal_actions(state, 0) == []


def test_with_teams_of_three_two_and_one_only_the_lone_player_keeps_four_kapows():
    from pathlib import Path

    from pie_table.games.rumble_pie.rules import team_kapows

    assert team_kapows([0, 0, 0, 1, 1, 2]) == [3, 3, 3, 3, 3, 4]
    # The rules help says the same thing the engine does.
    help_text = (Path(__file__).resolve().parents[2] / "assets" / "rules" / "rumble-pie.md").read_text()
    assert "larger than the smallest team" in help_text and "one player more than the others" not in help_text
