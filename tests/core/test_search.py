"""The search behind the expert level: dealing the unseen, what a game is worth, the searcher's
choice, its replays, and the worker a table asks it in."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from pie_table.cli.commands import wilson_interval
from pie_table.core.driver import TableDriver
from pie_table.core.engine import TurnBot
from pie_table.core.registry import get_game
from pie_table.core.search import (
    Budget,
    SearchingBot,
    _lead,
    deal_unseen,
    estimate,
    playout,
    returns_from,
    thinking_figures,
    thinking_rows,
)
from pie_table.core.session import Session, bot_seed, turn_decision
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.cheflebrity import expert as chef_expert
from pie_table.games.pie_rats import expert as pie_rats_expert
from pie_table.games.rats import expert as rats_expert

_SMALL = Budget(playouts=8, horizon=20, candidates=3)


def test_the_unseen_are_dealt_by_which_cards_they_are_never_by_where_they_lie() -> None:
    one = deal_unseen([5, 1, 9, 3, 7, 2], [2, 1, 3], random.Random(4))
    other = deal_unseen([9, 7, 5, 3, 2, 1], [2, 1, 3], random.Random(4))
    assert one == other and [len(p) for p in one] == [2, 1, 3]
    assert sorted(c for p in one for c in p) == [1, 2, 3, 5, 7, 9]


def test_a_pinned_card_goes_where_the_seat_saw_it_go_while_that_place_has_room() -> None:
    for seed in range(20):
        places = deal_unseen(range(10), [2, 3, 5], random.Random(seed), pinned={7: 0, 8: 0, 9: 0, 42: 1})
        assert 7 in places[0] and 8 in places[0] and 9 not in places[0]  # the third has no room
        assert sorted(c for p in places for c in p) == list(range(10))  # a card never seen is no card


def test_returns_give_a_win_shared_in_a_tie_and_a_tenth_for_the_score() -> None:
    assert returns_from([1], [10, 20, 5]) == pytest.approx([0.05, 1.1, 0.025])
    assert returns_from([0, 2], [8, 4, 8]) == pytest.approx([0.6, 0.05, 0.6])
    chances = estimate([10, 10, 0], spread=2.0)
    assert chances[0] == pytest.approx(chances[1]) and chances[0] > chances[2]


def test_a_candidate_overrules_the_prior_only_by_more_than_its_noise() -> None:
    prior = [0.0, 1.0, 0.0, 1.0]
    assert _lead([1.0, 0.0, 1.0, 0.0], prior, 1.0) == 0.0  # as good on average: the prior stays
    assert _lead([0.5, 1.5, 0.5, 1.5], prior, 1.0) == pytest.approx(0.5)  # better in every world
    assert _lead([1.0, 1.0, 1.0, 0.0], prior, 3.0) == 0.0  # better by less than three errors


def test_thinking_figures_and_the_arenas_confidence_interval() -> None:
    rows = [[float(ms), ms / 2, 12] for ms in range(1, 101)]
    figures = thinking_figures(rows)
    assert figures == {"decisions": 100, "ms_p50": 51.0, "ms_p99": 100.0, "cpu_ms_p50": 25.5,
                       "cpu_ms_p99": 50.0, "playouts_per_decision": 12.0}
    low, high = wilson_interval(50, 200)
    assert low == pytest.approx(0.1951, abs=1e-3) and high == pytest.approx(0.3143, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0


def _expert_session(game: str, seats: str, seed: int) -> Session:
    info = get_game(game)
    setup = GameSetup(info.id, parse_seats(seats), {}, None, seed)
    plan = {"pie-rats": pie_rats_expert.PLAN, "rats": rats_expert.PLAN, "cheflebrity": chef_expert.PLAN}[game]
    bots = {}
    for seat, spec in enumerate(setup.seats):
        seed_of = bot_seed(seed, seat)
        bots[seat] = (SearchingBot(info.rules, plan, seed_of, _SMALL)
                      if spec.level == "expert" else info.bot_factory(spec.level, seat, seed_of))
    return Session(setup, info, bots=bots)


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity", "rats"])
def test_a_seeded_game_with_an_expert_plays_the_same_moves_again_and_replays_to_its_hash(game) -> None:
    seats = "bot:expert,bot:hard"
    first, second = _expert_session(game, seats, 12), _expert_session(game, seats, 12)
    for session in (first, second):
        TableDriver(session).play_out()
        assert session.is_over()
    assert [e.action for e in first.log] == [e.action for e in second.log]
    assert first.hash() == second.hash()
    replayed = Session(first.setup, first.info)
    TableDriver(replayed).replay(first.log)
    assert replayed.hash() == first.hash()
    thinking = thinking_rows(first.bots)
    assert list(thinking) == ["0"] and thinking["0"] and all(row[2] >= 3 for row in thinking["0"])


def test_an_expert_is_registered_where_its_game_can_be_searched() -> None:
    for game in ("pie-rats", "cheflebrity", "rats"):
        info = get_game(game)
        assert "expert" in info.bot_levels and info.rules.searchable
        assert isinstance(info.bot_factory("expert", 1, 5), SearchingBot)
    assert "expert" not in get_game("rumble-pie").bot_levels


def test_a_table_asks_a_pondering_bot_in_a_worker_and_plays_the_same_move_it_would_at_once() -> None:
    table = _expert_session("cheflebrity", "bot:expert,bot:normal,bot:normal", 21)
    twin = _expert_session("cheflebrity", "bot:expert,bot:normal,bot:normal", 21)
    driver = TableDriver(table, pace=None)
    moves = 0
    while moves < 40 and not table.is_over():
        seat = table.to_act()[0]
        if seat == 0 and len(table.legal(0)) > 1:
            expected = turn_decision(twin.rules, twin.bots[0], twin.state, 0, twin.history(0))
            assert driver.update(0.0) == []  # the bot thinks in its worker: the frame goes on
            assert driver.pondering.wait(0, timeout=120)
            played = driver.update(0.0)
            assert played and played[0].ok and table.log[-1].action == {**expected, "seat": 0}
            twin.submit(0, expected)
            moves += 1
            continue
        applied = driver.update(0.0)
        for entry in table.log[len(twin.log):]:
            twin.submit(entry.seat, entry.action)
        moves += len(applied)
    assert moves >= 40 or table.is_over()


def test_a_pondered_move_asked_at_an_earlier_position_is_dropped() -> None:
    table = _expert_session("pie-rats", "bot:expert,bot:normal", 4)
    driver = TableDriver(table, pace=None)

    def searched_here() -> bool:  # a decision of seat 0 its expert searches (not one it leaves to its guide)
        view = table.rules.bot_view(table.state, 0)
        return len(pie_rats_expert.worth_searching(view, table.legal(0), table.bots[0])) > 1

    while not (table.to_act() == [0] and searched_here()):
        seat = table.to_act()[0]
        table.submit(seat, driver.autoplay_action(seat))
    bot = table.bots[0]
    assert isinstance(bot, SearchingBot)
    before = len(bot.thoughts)
    assert driver.pondering.answer(table, 0) is None
    driver.pondering.wait(0, timeout=120)
    assert len(bot.thoughts) == before + 1
    table.rules.changed_by_hand(table.state)  # the position moves on before the answer is taken
    assert driver.pondering.answer(table, 0) is None  # dropped, and asked afresh
    driver.pondering.wait(0, timeout=120)
    assert driver.pondering.answer(table, 0) is not None and len(bot.thoughts) == before + 2


class _Refused(TurnBot):
    """A playout bot whose every move the engine refuses."""

    def act(self, view, legal):
        return {"type": "no-such-move"}


class _RefusingPlan:
    def guide(self, seat, seed):
        return _Refused()

    def playout_bot(self, seat, seed, searching):
        return _Refused()

    def evaluate(self, state):
        return [0.25] * state.seats

    def settled(self, start):
        return lambda state: False


def test_a_playout_whose_bot_is_refused_is_evaluated_where_it_stands_not_raised() -> None:
    info = get_game("pie-rats")
    state = info.rules.new_state(3, 5)
    while len(info.rules.legal_actions(state, seat := info.rules.to_act(state)[0])) < 2:
        info.rules.apply(state, {**info.rules.legal_actions(state, seat)[0], "seat": seat})
    before = info.rules.to_json(state)
    assert playout(info.rules, _RefusingPlan(), state, 1, 50, lambda s: False, 0) == [0.25] * 3
    assert info.rules.to_json(state) == before


def test_a_search_gives_the_interpreter_away_every_few_milliseconds_and_finds_the_same(monkeypatch) -> None:
    """In a worker thread a search kept Python's interpreter from the drawing thread for hundreds
    of milliseconds at a time (RATS drew 40 frames a second while its expert thought, 60 once this
    was in): it lets the other threads in once its playouts have run a few milliseconds since it
    last did, with no change to what it finds. Its clock here is stepped by hand: each reading a
    set time after the one before."""
    import pie_table.core.search as searching

    def moves(step: float) -> tuple[list[float], list[Any], int]:
        slept: list[float] = []
        ticks = iter(range(1_000_000_000))
        clock = SimpleNamespace(sleep=slept.append, thread_time=lambda: 0.0,
                                perf_counter=lambda: next(ticks) * step)
        monkeypatch.setattr(searching, "time", clock)
        session = _expert_session("pie-rats", "bot:expert,bot:hard", 12)
        TableDriver(session).play_out()
        playouts = sum(row[2] for row in thinking_rows(session.bots)["0"])
        return slept, [entry.action for entry in session.log], playouts

    still, still_moves, playouts = moves(0.0)
    each, each_moves, _ = moves(searching._YIELD_EVERY * 1.01)  # (just over it: no rounding below)
    half, half_moves, _ = moves(searching._YIELD_EVERY * 0.51)
    assert playouts > 100 and still == []  # a clock that stands still: never a need to yield
    # A clock a yield's interval apart at every reading: a sleep before every playout; half that:
    # before every other one (two readings go by between two playouts' checks after a sleep).
    assert all(s == 0 for s in each) and len(each) == playouts
    assert playouts // 3 <= len(half) < playouts
    assert still_moves == each_moves == half_moves


def test_a_plan_may_give_a_decision_more_or_fewer_playouts_than_the_budget() -> None:
    from pie_table.core.history import SeatHistory
    from pie_table.core.search import HeuristicPlan, search
    from pie_table.games.rats import bots as rats_bots
    from pie_table.games.rats import worlds as rats_worlds

    rules = get_game("rats").rules
    state = rules.new_state(3, 4)
    while len(rules.legal_actions(state, seat := rules.to_act(state)[0])) < 2:
        rules.apply(state, {**rules.legal_actions(state, seat)[0], "seat": seat})
    view, legal = rules.bot_view(state, seat), rules.legal_actions(state, seat)
    found = []
    for share in (None, lambda view, playouts: 3 * playouts):
        plan = HeuristicPlan(rats_bots.make_bot, rats_worlds.evaluate, rats_worlds.settled, playouts=share)
        thought = search(rules, plan, view, SeatHistory(seat), legal, legal[0], random.Random(1), _SMALL)
        found.append((len(thought.means), thought.playouts))
    n = min(len(legal), _SMALL.candidates)
    assert found == [(n, 8 // n * n), (n, 24 // n * n)] and n > 1
