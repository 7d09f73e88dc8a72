"""The table driver: who hears what, pacing, autoplay, skip, undo, autosave, play-out and replay."""

import threading
from typing import Any

import pytest

from pie_table.core.driver import ReplayError, TableDriver, driver_for, play_to_end
from pie_table.core.dynamics import Turns
from pie_table.core.fixed_step import FixedStep
from pie_table.core.pacing import Pace
from pie_table.core.resume import load_session
from pie_table.core.saves import SaveError, to_save
from pie_table.core.session import Session, bot_seed
from pie_table.core.setup import GameSetup, parse_seats
from tests.core.toy_game import BLOCK, INFO, ToyBot

_BOTS = "bot:normal,bot:normal,bot:normal"


def _session(seats="human:mouse,bot:normal,bot:normal", seed=3, **options) -> Session:
    return Session(GameSetup("toy", parse_seats(seats), {"reaction_seconds": 6, **options}, None, seed), INFO)


class _Autosave:
    """Counts the marks an `Autosaver` would turn into a save on the next frame."""

    every_action = True

    def __init__(self) -> None:
        self.marks = 0

    def mark(self) -> None:
        self.marks += 1


def _heard(driver: TableDriver, seat):
    heard: list = []
    driver.listen(seat, lambda entry, events: heard.append(events))
    return heard


def _draws(heard) -> list[int]:
    return [event["seat"] for events in heard for event in events if event["type"] == "drew"]


def test_a_secret_draw_reaches_only_its_seat_and_a_spectator_hears_public_events_only():
    driver = TableDriver(_session(_BOTS))
    first, second, spectator = _heard(driver, 0), _heard(driver, 1), _heard(driver, None)
    driver.play_out(limit=60)
    assert set(_draws(first)) == {0} and set(_draws(second)) == {1} and _draws(spectator) == []
    # Everyone hears the public half of each draw (that a hand grew).
    counts = [e["seat"] for events in spectator for e in events if e["type"] == "drew_count"]
    assert {0, 1, 2} <= set(counts)
    assert len(first) == len(second) == len(spectator) == len(driver.session.log)


def test_a_listener_that_stopped_hears_nothing_more():
    driver = TableDriver(_session(_BOTS))
    heard = _heard(driver, 0)
    stop = driver.listen(1, lambda entry, events: heard.append("second"))
    driver.play_out(limit=3)
    stop()
    count = len(heard)
    assert "second" in heard
    driver.play_out(limit=3)
    assert "second" not in heard[count:] and len(heard) > count


def test_autosave_is_marked_after_every_applied_action_and_undo_but_not_a_refusal():
    save = _Autosave()
    driver = TableDriver(_session(), autosave=save, pace=None)
    card = next(c for c in driver.state.hands[0] if c != BLOCK)
    assert not driver.submit(0, {"type": "play", "card": "no-such-card"}).ok
    assert save.marks == 0
    assert driver.submit(0, {"type": "play", "card": card}).ok
    assert save.marks == 1
    done = driver.update(0.0)  # pace None: the bots answer at once
    assert done and save.marks == 1 + sum(a.ok for a in done)


def test_undo_through_the_driver_takes_back_a_move_before_the_bots_answer():
    driver = TableDriver(_session(), autosave=_Autosave())
    before = driver.session.hash()
    card = next(c for c in driver.state.hands[0] if c != BLOCK)
    assert driver.submit(0, {"type": "play", "card": card}).ok
    assert driver.can_undo(0) and not driver.can_undo(1)
    assert driver.undo(0)
    assert driver.session.hash() == before and driver.session.log == []
    assert driver.autosave.marks == 2
    assert not driver.undo(0)


def test_bots_wait_their_beat_and_next_move_in_says_when():
    driver = TableDriver(_session(_BOTS), pace=Pace(public=0.5, secret=0.5, reaction=(0.5, 0.5)))
    assert driver.next_move_in() == 0.0  # the first beat is drawn on the next update
    assert driver.update(0.2) == []
    assert driver.next_move_in() == pytest.approx(0.3)
    done = driver.update(0.3)
    assert [a.entry.seat for a in done] == [0]


def test_autoplay_for_a_human_seat_is_the_bot_seeded_by_bot_seed_the_same_at_the_table_and_headless():
    table = TableDriver(_session("human:mouse,bot:normal,bot:normal", seed=5))
    headless = Session(GameSetup("toy", parse_seats(_BOTS), {"reaction_seconds": 6}, None, 5), INFO)
    assert headless.bots[0].rng.getstate() == ToyBot(0, bot_seed(5, 0)).rng.getstate()
    while not table.is_over():
        seat = table.to_act()[0]
        action = table.autoplay_action(seat)
        assert action == headless.bot_action(seat)
        assert table.submit(seat, action).ok and headless.submit(seat, action).ok
    assert table.session.hash() == headless.hash()


def test_skip_to_a_turn_stops_as_it_begins_and_at_a_time_after_one_move_a_frame():
    driver = TableDriver(_session(), turn_of=lambda state: state.turn)
    applied = driver.skip_to(turn=3)
    assert driver.state.turn == 3 and all(a.ok for a in applied)
    assert driver.state.turn == 3 and len(driver.session.log) == len(applied)
    timed = TableDriver(_session())
    assert len(timed.skip_to(at=0.09)) == 3  # at 0, 1/30 and 2/30 s: one move each
    until = TableDriver(_session())
    until.skip_to(until=lambda: len(until.session.log) >= 7)
    assert len(until.session.log) == 7
    with pytest.raises(ValueError, match="turn_of"):
        TableDriver(_session()).skip_to(turn=2)


def test_play_out_stops_at_a_human_and_an_all_bot_game_replays_to_the_same_hash():
    waiting = TableDriver(_session())
    assert waiting.play_out() == 0 and waiting.to_act() == [0]
    session = play_to_end(GameSetup("toy", parse_seats(_BOTS), {"reaction_seconds": 6}, None, 9), INFO)
    assert session.is_over()
    assert any(entry.seat is None for entry in session.log)  # a window every bot passed timed out
    again = TableDriver.from_log(session.setup, session.log, info=INFO)
    assert again.session.hash() == session.hash()


def test_one_replay_failure_rule_names_the_entry_everywhere():
    session = play_to_end(GameSetup("toy", parse_seats(_BOTS), {}, None, 4), INFO)
    broken = [entry.to_json() for entry in session.log]
    broken.insert(5, [1, {"type": "no-such-move"}])
    with pytest.raises(ReplayError) as caught:
        TableDriver.from_log(session.setup, broken, info=INFO)
    assert (caught.value.index, caught.value.crashed) == (5, False)
    assert str(caught.value).startswith("action 6 of the log cannot be applied")
    partial = TableDriver.from_log(session.setup, broken, upto=5, info=INFO)
    assert len(partial.session.log) == 5


def test_a_save_whose_log_breaks_the_engine_names_the_entry_as_failing():
    played = play_to_end(GameSetup("pie-rats", parse_seats("bot:normal,bot:normal,bot:normal"), {}, None, 2))
    data = to_save(played)
    data["log"][3] = [data["log"][3][0], {**data["log"][3][1], "type": "no-such-move"}]
    with pytest.raises(SaveError, match="action 4 is refused"):
        load_session(data)


def test_from_log_resumes_from_a_kept_state():
    session = play_to_end(GameSetup("toy", parse_seats(_BOTS), {}, None, 6), INFO)
    half = len(session.log) // 2
    kept = TableDriver.from_log(session.setup, session.log, upto=half, info=INFO)
    mark = kept.rules.to_json(kept.state)
    resume = (half, mark, kept.session.events)
    resumed = TableDriver.from_log(session.setup, session.log, info=INFO, resume=resume)
    assert resumed.session.hash() == session.hash() and len(resumed.session.log) == len(session.log)


def _rumble(seats="bot:normal,bot:normal", seed=7) -> Session:
    return Session(GameSetup("rumble-pie", parse_seats(seats), {}, None, seed))


def test_the_realtime_driver_runs_whole_ticks_for_the_time_given_and_starts_rounds_with_nobody_at_the_keys():
    driver = driver_for(_rumble()).dynamics
    assert isinstance(driver, FixedStep)
    steps = [driver.advance(0.25) for _ in range(5)]
    assert not driver.started and sum(map(len, steps)) == 75  # ticks run; the round waits its beat
    steps = driver.advance(0.25)  # 1.5 s: the round starts on the first of these ticks
    assert driver.started and driver.waiting() is None
    assert len(steps) == 15 and driver.game_ticks == 15
    assert len(driver.advance(10.0)) == 15  # a hitch runs the game on by 0.25 s only


def test_queued_actions_go_first_and_are_refused_with_a_reason():
    driver = TableDriver(_rumble("human:keys1,bot:normal"), dynamics=FixedStep).dynamics
    driver.start("me")
    step = driver.step()
    assert step.applied[0] == ({"type": "start"}, "me")
    driver.queue(0, {"type": "play", "seat": 0, "card": "nothing"}, "keys")
    step = driver.step()
    assert [(origin, bool(reason)) for _, reason, origin in step.refusals] == [("keys", True)]


def test_fast_forward_to_a_round_and_play_out_match_the_headless_game():
    driver = TableDriver(_rumble(), dynamics=FixedStep, turn_of=lambda state: state.round)
    driver.dynamics.fast_forward(until_round=2)
    assert driver.state.round == 2 and driver.dynamics.waiting() is None
    played = TableDriver(_rumble(), dynamics=FixedStep)
    played.play_out()
    headless = play_to_end(GameSetup("rumble-pie", parse_seats("bot:normal,bot:normal"), {}, None, 7))
    assert played.session.hash() == headless.hash() and played.is_over()
    replayed = TableDriver.from_log(headless.setup, headless.log)
    assert replayed.session.hash() == headless.hash()


def test_play_out_builds_a_view_for_a_bot_that_never_answers_from_it_only_when_it_has_a_choice(monkeypatch):
    """A RATS bot made to pick from the listed moves only (its sword requests, which it builds from
    the view, turned off): a forced move (one listed) is taken without building its view, and
    every view built goes to a choice."""
    from pie_table.core.engine import TurnBot
    from pie_table.games.rats.bots import RatsBot
    from pie_table.games.rats.rules import RULES

    views, choices = [], []
    real_view, real_act = RULES.bot_view, RatsBot.act

    def counted_view(state, seat):
        views.append(seat)
        return real_view(state, seat)

    def counted_act(bot, view, legal):
        choices.append(len(legal))
        return real_act(bot, view, legal)

    monkeypatch.setattr(RULES, "bot_view", counted_view)
    monkeypatch.setattr(RatsBot, "act", counted_act)
    monkeypatch.setattr(RatsBot, "decide_from_view", TurnBot.decide_from_view)
    # No hard bot: it asks normal bots of its own (its models of the table) from views of its own.
    session = play_to_end(GameSetup("rats", parse_seats("bot:normal,bot:normal,bot:easy"), {}, seed=4))
    assert session.is_over() and len(session.log) > len(choices) > 0  # some moves were forced
    assert len(views) == len(choices) and min(choices) > 1


class _Pondering(ToyBot):
    """A toy bot that thinks in a worker, and only while the test lets it."""

    ponders = True

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.go = threading.Event()
        self.go.set()

    def act(self, view, legal):
        assert self.go.wait(30)
        return super().act(view, legal)


def test_a_bot_that_ponders_thinks_in_a_worker_while_the_table_goes_on_and_its_move_is_the_same():
    session = _session(_BOTS)
    ponderer = session.bots[0] = _Pondering(0, bot_seed(3, 0))
    driver = TableDriver(session, pace=None)
    for _ in range(500):
        if session.to_act() == [0] and len(session.legal(0)) > 1 and not driver.pondering.thinking(0):
            break
        driver.update(0.0)
        driver.pondering.wait(0, timeout=30)
    ponderer.go.clear()
    same = ToyBot(0, 0)
    same.rng.setstate(ponderer.rng.getstate())
    expected = session.decide(same, 0)  # what it would choose at once, here
    assert driver.update(0.0) == [] and driver.update(0.0) == []  # it thinks; the frames go on
    assert driver.pondering.thinking(0)
    assert driver.next_move_in() == pytest.approx(1 / 60)  # a host looks again a frame later
    ponderer.go.set()
    assert driver.pondering.wait(0, timeout=30)
    played = driver.update(0.0)
    assert played[0].ok and session.log[-1].action == {**expected, "seat": 0}


def test_every_pondering_bot_of_the_process_thinks_on_one_worker_started_once():
    """Starting a thread per decision made the drawing thread wait for the interpreter at each start
    (three RATS experts asked at once stalled a frame by 110 ms): the decisions queue for one worker."""
    def workers() -> int:
        names = [thread.name for thread in threading.enumerate()]
        return sum(name.startswith("bot") and "ponder" in name for name in names)

    for _game in range(3):
        session = _session(_BOTS)
        session.bots[0] = _Pondering(0, bot_seed(3, 0))
        driver = TableDriver(session, pace=None)
        for _ in range(200):
            driver.update(0.0)
            driver.pondering.wait(0, timeout=30)
            if session.is_over():
                break
        assert workers() <= 1
    assert workers() == 1


def test_a_fixed_step_holds_its_clock_and_is_heard_tick_by_tick_where_turns_have_no_clock_to_hold():
    fixed = driver_for(_rumble()).dynamics
    heard: list[Any] = []
    assert fixed.listen_steps(heard.append) and fixed.hold(True)
    assert fixed.advance(1.0) == [] and not heard  # held: no tick of its own
    assert fixed.hold(False) and len(fixed.advance(0.25)) == 15 and len(heard) == 15
    turns = driver_for(Session(GameSetup("rats", parse_seats("bot:normal,bot:normal"), {}, None, 1))).dynamics
    assert isinstance(turns, Turns)
    assert not turns.hold(True) and not turns.listen_steps(heard.append)
