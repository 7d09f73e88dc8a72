"""Setup rules: decks, teams and option validation."""

import re
from collections import Counter

import pytest

from pie_table.games.rumble_pie.rules import RULES, validate_setup


def _deck_counts(state, seat):
    return Counter(c.kind for c in state.cards if c.owner == seat)


def test_each_deck_has_45_cards_in_the_rulebook_mix():
    state = RULES.new_state(2, 1, None)
    expected = {"shorty": 2, "sylvie": 2, "pierre": 2, "one": 7, "two": 9, "three": 9, "four": 7,
                "kapow": 4, "block": 3}
    for seat in range(2):
        assert dict(_deck_counts(state, seat)) == expected
        assert sorted(state.players[seat].deck) == [i for i, c in enumerate(state.cards) if c.owner == seat]


def test_players_on_the_bigger_team_get_three_kapows():
    state = RULES.new_state(3, 1, {"teams": [0, 0, 1]})
    assert [len(p.deck) for p in state.players] == [44, 44, 45]
    assert [_deck_counts(state, s)["kapow"] for s in range(3)] == [3, 3, 4]


def test_even_teams_keep_four_kapows():
    state = RULES.new_state(6, 1, {"teams": [0, 1, 2, 0, 1, 2]})
    assert all(len(p.deck) == 45 for p in state.players)


def test_default_teams_alternate():
    assert RULES.new_state(4, 1, None).teams == [0, 1, 0, 1]


@pytest.mark.parametrize(("seats", "teams", "reason"), [
    (1, [0], "Rumble Pie needs 2 to 6 players"),
    (7, [0, 1, 0, 1, 0, 1, 0], "Rumble Pie needs 2 to 6 players"),
    (4, [0, 0, 0, 0], "Rumble Pie needs 2 or 3 teams"),
    (4, [0, 1, 2, 3], "Rumble Pie needs 2 or 3 teams"),
    (4, [0, 2, 2, 0], "Every team needs at least one player"),
    (5, [0, 0, 0, 0, 1], "A team has at most 3 players"),
    (3, [0, 1], "Give every seat a team"),
    (2, [0, -1], "Teams are numbered 0, 1, 2"),
])
def test_bad_setups_are_refused_with_a_reason(seats, teams, reason):
    assert validate_setup(seats, teams) == reason
    with pytest.raises(ValueError, match=f"^{re.escape(reason)}$"):
        RULES.new_state(seats, 1, {"teams": teams})


@pytest.mark.parametrize(("seats", "teams"), [(2, [0, 1]), (3, [0, 1, 2]), (5, [0, 1, 0, 1, 0]),
                                              (6, [0, 0, 0, 1, 1, 1])])
def test_good_setups_pass(seats, teams):
    assert validate_setup(seats, teams) is None
    assert RULES.new_state(seats, 1, {"teams": teams}).team_count == max(teams) + 1


def test_same_seed_same_decks_and_different_seed_differs():
    a, b, c = (RULES.new_state(2, s, None) for s in (5, 5, 6))
    assert a.players[0].deck == b.players[0].deck
    assert a.players[0].deck != c.players[0].deck


def test_new_game_starts_ready_and_countdown_leads_to_go():
    state = RULES.new_state(2, 1, None)
    assert state.phase == "ready"
    assert RULES.apply(state, {"type": "start"}) == [{"type": "countdown", "n": 3, "round": 1}]
    seen = []
    for _ in range(180):
        seen += RULES.apply(state, {"type": "tick"})
    assert [e.get("n", e["type"]) for e in seen] == [2, 1, "go"]
    assert state.phase == "play"


@pytest.mark.parametrize("teams", [5, {"a": 1}, "ab"])
def test_teams_that_are_not_a_team_per_seat_are_refused_not_raised_on(teams):
    with pytest.raises(ValueError, match="^(Give every seat a team|Teams are numbered 0, 1, 2)$"):
        RULES.new_state(2, 1, {"teams": teams})
