"""The quick ways a search works RATS out equal the plain ways they replace, on random positions:
the goals' metrics and awards, a state's clone, a reading of the log taken up where another
stopped, and a playout cut short once the winner is known."""

from __future__ import annotations

import random
from typing import Any

from pie_table.core.engine import copy_data
from pie_table.core.history import Event, SeatHistory
from pie_table.core.search import playout
from pie_table.games.rats import expert, worlds
from pie_table.games.rats.bots import make_bot, normal_models
from pie_table.games.rats.headless import RandomLegalController
from pie_table.games.rats.infer import NO_TRACKER
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.sampler import _PREFIXES, Sampler
from pie_table.games.rats.scoring import (
    CHEAP,
    awards_of,
    goal_awards,
    goal_metric,
    qualifies,
    sheet_metrics,
)
from pie_table.games.rats.state import GOAL_NAMES, RatsState, Sheet, state_from_json, state_to_json


def _random_sheet(rng: random.Random) -> Sheet:
    def items() -> list[int]:
        return [rng.randint(0, 9) for _ in range(rng.randint(0, 6))]

    supplies, nests = [rng.randint(0, 9) for _ in range(6)], [rng.random() < 0.3 for _ in range(6)]
    return Sheet(supplies, nests, items(), items())


def _plain_awards(goal: int, sheets: list[Sheet]) -> list[int]:
    """The awards as the rules first worked them out: distinct qualifying metrics ranked."""
    metrics = [goal_metric(goal, sheet) for sheet in sheets]
    sign = -1 if goal == CHEAP else 1
    ranked = sorted({sign * m for m in metrics if qualifies(goal, m)}, reverse=True)
    places = {value: place for place, value in enumerate(ranked)}
    return [0 if not qualifies(goal, m) else (3, 2)[places[sign * m]] if places[sign * m] < 2 else 1
            for m in metrics]


def test_every_goals_metric_in_one_pass_equals_each_goals_own_with_cheap_negated() -> None:
    rng = random.Random(7)
    for _ in range(500):
        sheet = _random_sheet(rng)
        metrics = sheet_metrics(sheet)
        assert [metrics[g] for g in GOAL_NAMES] == [
            -goal_metric(g, sheet) if g == CHEAP else goal_metric(g, sheet) for g in GOAL_NAMES]


def test_the_awards_from_metrics_equal_the_ranked_awards_on_random_tables() -> None:
    rng = random.Random(11)
    tied = 0
    for _ in range(1500):
        sheets = [_random_sheet(rng) for _ in range(rng.randint(2, 6))]
        metrics = [sheet_metrics(sheet) for sheet in sheets]
        for goal in GOAL_NAMES:
            plain = _plain_awards(goal, sheets)
            assert awards_of(goal, [m[goal] for m in metrics]) == plain
            assert goal_awards(goal, sheets) == plain
            tied += plain.count(3) > 1
    assert tied > 1000  # ties for first (and so for second) were met often


def test_a_single_item_never_earns_composed_or_elegant_and_cheap_counts_everyone() -> None:
    sheets = [Sheet(dishes=[4]), Sheet(dishes=[4, 4], decorations=[5]), Sheet()]
    assert goal_awards(3, sheets) == [0, 3, 0] and goal_awards(11, sheets) == [0, 3, 0]
    assert goal_awards(CHEAP, sheets) == [2, 1, 3]


def _positions(seats: int, seed: int) -> list[RatsState]:
    """Every position of a game of random legal moves."""
    state = RULES.new_game(seats, seed, {"vocations": seed % 2 == 0})[0]
    players = [RandomLegalController(s, seed + s) for s in range(seats)]
    found = []
    while not state.over:
        found.append(RULES.clone(state))
        seat = RULES.to_act(state)[0]
        RULES.apply(state, players[seat].act(RULES.bot_view(state, seat), RULES.legal_actions(state, seat)))
    return found


def test_a_clone_equals_the_json_round_trip_and_plays_on_alike() -> None:
    for seats, seed in ((2, 1), (3, 2), (5, 3)):
        for state in _positions(seats, seed):
            clone, plain = RULES.clone(state), state_from_json(state_to_json(state))
            assert state_to_json(clone) == state_to_json(plain) == state_to_json(state)
            assert clone.stack is not state.stack and clone.sheets[0] is not state.sheets[0]
            if not state.over:  # both go on to the same game, the dice rolled alike
                seat = RULES.to_act(clone)[0]
                action = RULES.legal_actions(clone, seat)[0]
                assert RULES.apply(clone, action) == RULES.apply(plain, action)
                assert state_to_json(clone) == state_to_json(plain) != state_to_json(state)


def _logs(seats: int, seed: int) -> tuple[dict[str, Any], list[list[Event]]]:
    """A view of seat 0 at the end of a game of normal bots, and the public log at every length."""
    state, opening = RULES.new_game(seats, seed, {"vocations": seed % 2 == 1})
    players = [make_bot("normal", s, seed + s) for s in range(seats)]
    told = [SeatHistory(s, opening) for s in range(seats)]
    for player, history in zip(players, told, strict=True):
        player.hear(history)
    while not state.over:
        seat = RULES.to_act(state)[0]
        view = RULES.bot_view(state, seat)
        player = players[seat]
        action = player.decide_from_view(view) or player.act(view, RULES.legal_actions(state, seat))
        events = RULES.apply(state, {**action, "seat": seat})
        for history in told:
            history.add(events)
    said = told[0].said
    return copy_data(RULES.bot_view(state, 0)), [said[:n] for n in range(0, len(said) + 1, 7)]


def _read(view: dict[str, Any], said: list[Event], seed: int) -> tuple[Any, ...]:
    rng = random.Random(seed)
    sampler = Sampler(view, rng, normal_models(view["seats"], rng))
    sampler.read(said)
    return (sampler.supplies, sampler.nests, sampler.dishes, sampler.decorations, sampler.gains,
            [m.rng.getstate() for m in sampler.models], rng.getstate())


def test_a_reading_taken_up_where_another_stopped_equals_one_from_the_start() -> None:
    taken_up = 0
    for seats, seed in ((3, 1), (4, 2), (2, 3)):
        view, logs = _logs(seats, seed)
        for said in logs:
            for draw in range(4):
                resumed = _read(view, said, 100 * draw + len(said))
                _PREFIXES.clear()
                assert _read(view, said, 100 * draw + len(said)) == resumed
                taken_up += draw > 0
            _read(view, said, 0)  # the next log's reading can go on from this one
    assert taken_up > 100


def test_a_models_draws_count_every_number_it_took_from_its_generator() -> None:
    view, logs = _logs(3, 4)
    rng = random.Random(9)
    models = normal_models(3, rng)
    seeds = [m.seed for m in models]
    _PREFIXES.clear()
    Sampler(view, rng, models).read(logs[-1])
    assert sum(m.draws for m in models) > 50
    for model, seed in zip(models, seeds, strict=True):
        fresh = random.Random(seed)
        for _ in range(model.draws):
            fresh.random()
        assert fresh.getstate() == model.rng.getstate()


def test_a_playout_stopped_once_the_winner_is_named_is_worth_what_it_is_played_to_the_end() -> None:
    plan, stopped = expert.PLAN, 0
    for seed in range(6):
        state = _positions(3, seed)[-12]  # the last turn's comparisons, a few moves from the end
        world = RULES.determinize(RULES.bot_view(state, 0), SeatHistory(0), random.Random(seed))
        for playout_seed in range(4):
            whole, cut = RULES.clone(world), RULES.clone(world)
            played = playout(RULES, plan, whole, playout_seed, 400, lambda s: False, 0)
            assert whole.over
            assert playout(RULES, plan, cut, playout_seed, 400, worlds.settled(cut), 0) == played
            stopped += not cut.over and cut.winner >= 0
    assert stopped == 24


def test_every_new_bot_shares_the_empty_tracker_and_its_reading_never_changes_it() -> None:
    bots = [make_bot("hard", s, s) for s in range(3)]
    assert all(bot.tracker is NO_TRACKER and bot.reading.tracker is NO_TRACKER for bot in bots)
    _logs(3, 5)  # a whole game of bots reading the log
    view, logs = _logs(3, 6)
    bot = bots[0]
    bot.hear(SeatHistory(0, logs[-1]))
    bot.act(view, [{"type": "new_host", "seat": 0, "rat": r} for r in (1, 2)])
    assert bot.tracker is not NO_TRACKER and bot.tracker.seen > 0
    assert (NO_TRACKER.seats, NO_TRACKER.seen, NO_TRACKER.guess) == (0, 0, [])


def test_the_expert_spends_its_playouts_by_how_long_a_decisions_playouts_run() -> None:
    def view(stage: str, index: int = 0) -> dict[str, Any]:
        return {"stage": stage, "scavenge_index": index}

    budget = expert.BUDGET
    counts = [expert.PLAN.playouts(view(*where), budget) for where in (
        ("scavenged", 0), ("scavenged", 1), ("scavenged", 2), ("outdo_next",), ("goal_set",), ("swords",),
        ("host_change",), ("scavenge", 0))]
    assert budget.playouts == 78 and counts == [60, 68, 78, 156, 50, 82, 78, 78]
