"""The engine contract: refusals change nothing, views hide decks, JSON/clone/replay are exact."""

import json

import pytest

from pie_table.core.engine import IllegalAction
from pie_table.games.rumble_pie.headless import RandomLegalController, replay, run_game
from pie_table.games.rumble_pie.legal import legal_actions_from_view, playable_targets
from pie_table.games.rumble_pie.rules import RULES, can_play

from .helpers import arrange, play, playing

_BAD_ACTIONS = [
    None, [], "draw", {}, {"type": "fly", "seat": 0}, {"type": "draw"}, {"type": "draw", "seat": 9},
    {"type": "draw", "seat": -1}, {"type": "draw", "seat": True}, {"type": "draw", "seat": "0"},
    {"type": "draw", "seat": 0, "column": 5}, {"type": "draw", "seat": 0, "column": "x"},
    {"type": "place", "seat": 0, "column": 0}, {"type": "play", "seat": 0},
    {"type": "play", "seat": 0, "source": 0, "board": 1, "face": "bob"},
    {"type": "play", "seat": 0, "source": 0, "board": 7, "face": "shorty"},
    {"type": "play", "seat": 0, "source": 2, "board": 1, "face": "shorty"},
    {"type": "play", "seat": 0, "source": "hand", "board": 1, "face": "shorty"},
    {"type": "play", "seat": 0, "source": [0], "board": 1, "face": "shorty"},
    {"type": "move", "seat": 0, "from": 0, "to": 1, "count": 0},
    {"type": "move", "seat": 0, "from": 0, "to": 1, "count": True},
    {"type": "move", "seat": 0, "from": 0}, {"type": "out", "seat": 0},
    play(0, 0, 0, "shorty"), play(0, 1, 1, "shorty"),
]


@pytest.mark.parametrize("action", _BAD_ACTIONS)
def test_refusals_change_nothing(action):
    state = arrange(playing(), columns={0: [["shorty"], ["four"]]})
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action)
    assert isinstance(info.value.reason, str) and info.value.reason
    assert RULES.to_json(state) == before


@pytest.mark.parametrize("action", [{"type": "draw", "seat": 0}, play(0, 0, 1, "shorty")])
def test_seat_actions_refused_outside_play(action):
    state = RULES.new_state(2, 1, None)
    RULES.apply(state, {"type": "start"})
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction, match="Go"):
        RULES.apply(state, action)
    assert RULES.to_json(state) == before and RULES.legal_actions(state, 0) == []


def test_view_shows_the_table_but_never_deck_order_or_rng():
    state = arrange(playing(), columns={0: [["one", "two"]]}, hands={1: "four"},
                    piles={(1, "pierre"): ["pierre"]})
    view = RULES.view(state, 0)
    json.dumps(view)
    assert view["players"][0]["columns"][0] == ["one", "two"] and view["players"][1]["hand"] == "four"
    pile = view["boards"][1]["pierre"]
    assert pile["kinds"] == ["pierre"] and pile["top"] == "pierre" and pile["clearing"] == 0
    assert view["players"][0]["deck_count"] == len(state.players[0].deck)
    assert "rng" not in view
    # A deck's contents follow from what everyone has seen; its order is the secret: ids are sorted.
    for seat, player in enumerate(state.players):
        assert view["players"][seat]["deck_ids"] == sorted(player.deck)
    assert RULES.view(state, None)["seat"] is None


def test_view_does_not_depend_on_deck_order():
    a = playing(seed=3)
    b = RULES.clone(a)
    b.players[0].deck.reverse()
    assert RULES.view(a, 1) == RULES.view(b, 1)


def test_json_round_trip_and_clone_are_exact_and_independent():
    state = arrange(playing(), columns={0: [["shorty"]]})
    RULES.apply(state, play(0, 0, 1, "shorty"))
    data = RULES.to_json(state)
    assert RULES.to_json(RULES.from_json(json.loads(json.dumps(data)))) == data
    copy = RULES.clone(state)
    RULES.apply(copy, {"type": "draw", "seat": 1})
    assert RULES.to_json(state) == data
    assert copy.rng.random() == state.rng.random()


def test_legal_actions_all_apply_and_match_the_view():
    state = arrange(playing(), columns={0: [["shorty", "one"], ["two"], []]}, hands={1: "sylvie"},
                    piles={(1, "shorty"): ["shorty"]})
    for seat in range(2):
        acts = RULES.legal_actions(state, seat)
        assert acts == legal_actions_from_view(RULES.view(state, seat), seat)
        for action in acts:
            RULES.apply(RULES.clone(state), action)
    wanted = {"type": "play", "seat": 0, "source": 0, "board": 1, "face": "shorty"}
    assert wanted in RULES.legal_actions(state, 0)


def test_ui_helpers():
    state = arrange(playing(), columns={0: [["shorty"]]})
    assert playable_targets(state, 0, 0) == [(1, "shorty")]
    assert playable_targets(state, 0, "hand") == []
    assert can_play(state, "shorty", 0, "shorty", 0) == "Start piles on an opponent's board"
    assert RULES.can_play(state, "shorty", 1, "shorty", 0) is None


def test_headless_game_finishes_and_replays_from_its_log():
    log = []
    ctls = [RandomLegalController(s, 10 + s) for s in range(2)]
    result = run_game(2, 11, {"target": 6}, ctls, log=log)
    assert result["winner"] is not None and "timeout" not in result
    assert max(result["scores"]) >= 6 and result["rounds"] >= 1
    state = replay(2, 11, {"target": 6}, log)
    assert state.scores == result["scores"] and state.tick == result["ticks"]


def test_headless_reports_timeout():
    result = run_game(2, 1, None, [RandomLegalController(s, s) for s in range(2)], max_ticks=300)
    assert result["timeout"] is True and result["winner"] is None and result["ticks"] == 300


def test_headless_reports_refusals_to_the_controller():
    class Stubborn:
        def __init__(self, seat):
            self.seat, self.reasons = seat, []

        def act(self, view, tick):
            return {"type": "out", "seat": self.seat}

        def refused(self, action, reason):
            self.reasons.append(reason)

    ctls = [Stubborn(0), RandomLegalController(1, 1)]
    run_game(2, 1, None, ctls, max_ticks=400)
    assert "Out! needs an empty deck" in ctls[0].reasons


def test_the_engine_imports_without_pygame():
    """The Rumble Pie rules, bots and headless runner need no pygame (pygame is blocked here)."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['pygame'] = None\n"
            "import pie_table.games.rumble_pie.rules, pie_table.games.rumble_pie.bots\n"
            "import pie_table.games.rumble_pie.headless, pie_table.games.rumble_pie\n"
            "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
