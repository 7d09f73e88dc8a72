"""Whole random games checking the engine contract at every step (OpenSpiel-style playouts)."""

import json
import random

import pytest

from pie_table.core.engine import IllegalAction
from pie_table.games.rats.bots import make_bot
from pie_table.games.rats.headless import RandomLegalController, play, run_game
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import CRUMBS, FLOWERS, RAGS
from tests import told

_ITEM_SUPPLIES = (CRUMBS, RAGS, FLOWERS)


def _supply_delta(events):
    """How the table's total supplies should move, from what the events say happened."""
    delta = 0
    for e in events:
        if e["type"] in ("gain", "scavenge"):
            delta += e["amount"]
        elif e["type"] == "privilege":
            delta += 6
        elif e["type"] == "action":
            delta -= e["count"]
    return delta


def _total(state):
    return sum(sum(sheet.supplies) for sheet in state.sheets)


def _check_step(state, rng):
    data = RULES.to_json(state)
    json.dumps(data)
    assert RULES.to_json(RULES.from_json(data)) == data
    acting = RULES.to_act(state)
    for seat in range(state.seats):
        legal = RULES.legal_actions(state, seat)
        assert bool(legal) == (seat in acting)
        for action in rng.sample(legal, min(4, len(legal))):
            RULES.apply(RULES.clone(state), action)  # every listed action applies
    for bad in _unlisted(state, acting):
        with pytest.raises(IllegalAction):
            RULES.apply(state, bad)
        assert RULES.to_json(state) == data


def _unlisted(state, acting):
    idle = [s for s in range(state.seats) if s not in acting]
    bad = [{"type": "roll"}, {"type": "warp", "seat": acting[0]}]
    if idle:
        bad.append({"type": "roll", "seat": idle[0]})
    bad.append({"type": "request", "seat": acting[0], "target": acting[0], "supply": "swords", "amount": 31})
    return bad


def _check_privacy(state, rng):
    """A seat's secret choice must not change what any other seat sees."""
    acting = RULES.to_act(state)
    if len(acting) < 2:
        return
    chooser = acting[0]
    legal = RULES.legal_actions(state, chooser)
    if len(legal) < 2 or legal[0]["type"] not in ("scavenge", "gain", "nest", "make"):
        return
    worlds = []
    for action in legal[:2]:
        clone = RULES.clone(state)
        RULES.apply(clone, action)
        worlds.append(clone)
    for seat in [s for s in range(state.seats) if s != chooser] + [None]:
        assert RULES.view(worlds[0], seat) == RULES.view(worlds[1], seat)
    own = RULES.view(worlds[0], chooser)
    assert "notes" not in own and "log" not in own  # what a seat was told is the session's


def _play_checked(seats, seed, options, controllers, checks=True):
    state, opening = RULES.new_game(seats, seed, options)
    told.file(state, opening)
    rng = random.Random(seed)
    by_seat = {c.seat: c for c in controllers}
    record = []
    spent = [[] for _ in range(seats)]
    while not RULES.is_over(state):
        if checks:
            _check_step(state, rng)
            _check_privacy(state, rng)
        seat = RULES.to_act(state)[0]
        action = told.decide(by_seat[seat], state, RULES, seat)
        before = _total(state)
        events = told.file(state, RULES.apply(state, action))
        record.append(action)
        assert _total(state) - before == _supply_delta(events)
        assert all(v >= 0 for sheet in state.sheets for v in sheet.supplies)
        for e in events:
            if e["type"] == "action" and e["supply"] in _ITEM_SUPPLIES:
                spent[e["seat"]].append(e["count"])
    return state, record, spent


def _longest_run(values):
    """Consecutive values, each counted once: {4, 5, 7} has a run of 2."""
    present = set(values)
    runs = (k for v in present for k in range(1, 40) if all(v + i in present for i in range(k)))
    return max(runs, default=0)


# What each banquet goal measures, written from the rulebook's Banquet Goal Clarifications and
# docs/rulings/rats.md apart from scoring.py, so a playout checks the engine's awards against a
# second reading rather than against itself. Bigger is better; Cheap (fewest items) is negated.
_MEASURE = {
    2: lambda d, c, nests: -len(d + c),
    3: lambda d, c, nests: sum(1 for v in d + c if (d + c).count(v) > 1),
    4: lambda d, c, nests: max(d, default=0),
    5: lambda d, c, nests: sum(d),
    6: lambda d, c, nests: len(d),
    7: lambda d, c, nests: sum(nests),
    8: lambda d, c, nests: len(c),
    9: lambda d, c, nests: sum(c),
    10: lambda d, c, nests: max(c, default=0),
    11: lambda d, c, nests: _longest_run(d + c),
    12: lambda d, c, nests: sum(1 for v in d + c if v <= 3),
}


def _rulebook_awards(goal, sheets):
    """3 to every rat tied for the best measure, 2 for the next distinct one, 1 to any other rat that
    counted something (Cheap: everyone; Composed and Elegant: at least two items)."""
    measures = [_MEASURE[goal](list(s.dishes), list(s.decorations), s.nests) for s in sheets]
    least = {2: None, 3: 2, 11: 2}.get(goal, 1)
    counted = [least is None or m >= least for m in measures]
    scores = {m for m, ok in zip(measures, counted, strict=True) if ok}
    return [max(1, 3 - sum(1 for other in scores if other > m)) if ok else 0
            for m, ok in zip(measures, counted, strict=True)]


def _check_end(state, record, seats, seed, options, spent):
    assert state.turn == 5 and len(state.goals) == 5 and len(set(state.goals)) == 5
    per_goal = [_rulebook_awards(goal, state.sheets) for goal in state.goals]
    assert state.awards == [sum(awards[seat] for awards in per_goal) for seat in range(seats)]
    assert state.awards[state.winner] == max(state.awards)
    assert state.coin in ("heads", "tails")
    replay = RULES.new_state(seats, seed, options)
    for action in record:
        RULES.apply(replay, action)
    assert RULES.to_json(replay) == RULES.to_json(state)
    for seat, sheet in enumerate(state.sheets):
        items = sheet.dishes + sheet.decorations
        if state.vocations[seat] == "count":
            items.remove(1)
            items.remove(2)
        if state.vocations[seat] != "pickpocket":
            assert sorted(items) == sorted(spent[seat])  # each item is worth exactly what was spent


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("vocations", [False, True])
def test_random_legal_playouts_keep_the_contract(seats, vocations):
    options = {"vocations": vocations}
    for seed in range(2):
        controllers = [RandomLegalController(s, seed * 10 + s) for s in range(seats)]
        state, record, spent = _play_checked(seats, seed, options, controllers)
        _check_end(state, record, seats, seed, options, spent)


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "random"])
def test_bot_playouts_keep_the_contract(level):
    for seats, seed in ((2, 3), (4, 4), (6, 5)):
        options = {"vocations": seed % 2 == 0}
        controllers = [make_bot(level, s, seed + s) for s in range(seats)]
        state, record, spent = _play_checked(seats, seed, options, controllers, checks=False)
        _check_end(state, record, seats, seed, options, spent)


def test_many_fast_games_end_cleanly():
    for seed in range(40):
        seats = 2 + seed % 5
        levels = ["normal", "easy", "hard", "random"]
        controllers = [make_bot(levels[(seed + s) % 4], s, seed) for s in range(seats)]
        result = run_game(seats, seed, {"vocations": seed % 3 == 0}, controllers)
        assert result["turns"] == 5 and len(result["awards"]) == seats
        assert result["awards"][result["winner"]] == max(result["awards"])


def test_run_game_summary_shape_and_determinism():
    def go():
        return run_game(3, 42, {}, [RandomLegalController(s, s) for s in range(3)])

    first = go()
    assert first == go()
    assert set(first) >= {"game", "seed", "awards", "winner", "goals", "turns", "actions"}
    assert first["game"] == "rats" and first["seed"] == 42


def test_play_records_the_actions():
    state = RULES.new_state(3, 9, {})
    record = []
    count = play(state, [RandomLegalController(s, s) for s in range(3)], record)
    assert count == len(record) == state.actions


def test_views_hide_other_sheets():
    state, opening = RULES.new_game(4, 8, {"vocations": True})
    told.file(state, opening)
    controllers = [make_bot("normal", s, s) for s in range(4)]
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        told.file(state, RULES.apply(state, told.decide(controllers[seat], state, RULES, seat)))
        if state.stage == "scavenged" or state.turn == 3:
            break
    spectator = RULES.view(state, None)
    assert "sheet" not in spectator and "question" not in spectator and "notes" not in spectator
    assert "log" not in spectator and all("to" not in e for e in told.said(state))
    view = RULES.view(state, 1)
    assert view["sheet"] == state.sheets[1].to_json()
    assert "revealed" not in view
