"""The bots' clock of a turn-based table: beats, sealed reaction delays from the seeded generator, a
countdown that runs out, its restart, and a new moment starting everything afresh."""

import random
from types import SimpleNamespace

import pytest

from pie_table.core.bot_clock import BotClock, NoBotClock
from pie_table.core.decisions import Decision
from pie_table.core.driver import TableDriver, driver_for
from pie_table.core.pacing import Pace
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from tests.core.toy_game import INFO

_PACE = Pace(public=0.5, secret=0.2, reaction=(1.0, 3.0))


class _Rules:
    def current_decision(self, state):
        return state.top


class _Table:
    """What the clock reads, set by hand: the decision on top, the log's length, who is asked."""

    def __init__(self, top=None, asked=(1, 2)) -> None:
        self.rules = _Rules()
        self.state = SimpleNamespace(top=top)
        self.session = SimpleNamespace(log=[])
        self.asked = list(asked)

    def to_act(self):
        return list(self.asked)


def _window(id_=1, deadline=6.0):
    return Decision(id_, "block_window", [1, 2], allow_pass=True, sealed=True, deadline=deadline)


def _clock(table, seed=7, pace=_PACE, **kw) -> BotClock:
    clock = BotClock(table, seed)
    clock.pace_by(pace, **kw)
    return clock


def test_a_bot_is_due_once_it_has_waited_the_public_beat_or_the_secret_one_for_a_sealed_pick():
    table = _Table()
    clock = _clock(table)
    clock.run(0.0)
    assert clock.beat_left(1) == 0.0  # not drawn yet: the next `due` draws it
    assert not clock.due(1) and clock.beat_left(1) == 0.5
    clock.run(0.3)
    assert not clock.due(1) and clock.beat_left(1) == pytest.approx(0.2)
    clock.run(0.2)
    assert clock.due(1) and clock.beat_left(1) == 0.0
    table.state.top = Decision(4, "pick", [1], sealed=True)  # a sealed pick nobody may pass
    clock.run(0.0)
    assert not clock.due(1) and clock.beat_left(1) == 0.2


def test_a_games_own_beat_replaces_public_and_secret_but_not_a_reaction_delay():
    table = _Table(Decision(2, "pick", [1, 2], sealed=True))
    clock = _clock(table, beat=lambda seat: 0.1 * seat)
    clock.run(0.15)
    assert clock.due(1) and not clock.due(2) and clock.beat_left(2) == pytest.approx(0.05)
    table.state.top = _window(3)
    clock.run(0.0)
    clock.due(1)
    assert clock.beat_left(1) == random.Random(7).uniform(1.0, 3.0)


def test_reaction_delays_are_drawn_from_the_seed_in_the_order_bots_are_asked_once_a_moment():
    table = _Table(_window())
    clock = _clock(table, seed=11)
    draws = random.Random(11)
    first, second = draws.uniform(1.0, 3.0), draws.uniform(1.0, 3.0)
    clock.run(0.0)
    clock.due(2)
    clock.due(1)
    assert clock.beat_left(2) == first and clock.beat_left(1) == second
    clock.due(2)  # asked again in the same moment: nothing drawn anew
    assert clock.rng.getstate() == draws.getstate()
    clock.run(first)
    assert clock.due(2) and clock.due(1) == (first >= second)
    assert _clock(_Table(_window()), seed=11).rng.getstate() == random.Random(11).getstate()


def test_the_countdown_runs_from_the_deadline_to_zero_and_then_has_run_out():
    table = _Table(_window(deadline=6.0))
    clock = _clock(table)
    clock.run(0.0)
    assert clock.remaining() == 6.0 and not clock.ran_out()
    clock.run(4.0)
    assert clock.remaining() == 2.0 and not clock.ran_out()
    clock.run(2.5)
    assert clock.remaining() == 0.0 and clock.ran_out()
    table.state.top = Decision(9, "turn", [1])  # no deadline: no countdown
    clock.run(0.0)
    assert clock.remaining() is None and not clock.ran_out()


def test_a_restart_fills_the_countdown_again_in_the_same_moment_drawing_nothing():
    table = _Table(_window())
    clock = _clock(table)
    clock.run(0.0)
    clock.due(1)
    delay, rng = clock.beat_left(1), clock.rng.getstate()
    clock.run(5.0)
    clock.restart_countdown()
    assert clock.waited == 0.0 and clock.remaining() == 6.0
    clock.run(0.0)  # still the same decision: no new moment
    assert clock.beat_left(1) == delay and clock.rng.getstate() == rng


def test_a_new_decision_starts_the_clock_afresh_and_draws_every_beat_again():
    table = _Table(_window(1))
    clock = _clock(table)
    clock.run(0.0)
    clock.due(1)
    clock.run(2.0)
    table.session.log.append("a move")  # answers meanwhile do not restart a stack's decision
    table.asked = [2]
    clock.run(0.5)
    assert clock.waited == 2.5 and clock.remaining() == 3.5
    table.state.top = _window(2)
    clock.run(0.25)
    assert clock.waited == 0.25 and clock.remaining() == 5.75  # the new moment, then the time
    assert clock.beat_left(1) == 0.0  # its beat is drawn again


def test_without_a_decision_any_move_or_change_of_who_is_asked_is_a_new_moment():
    table = _Table(asked=[0])
    clock = _clock(table)
    clock.run(0.4)
    table.asked = [1]
    clock.check_moment()
    assert clock.waited == 0.0
    clock.run(0.4)
    table.session.log.append("a move")
    clock.check_moment()
    assert clock.waited == 0.0


def test_a_games_own_moment_decides_when_the_clock_starts_afresh():
    table = _Table(_window(1))
    step = [0]
    clock = _clock(table, moment=lambda: step[0])
    clock.run(1.0)
    table.state.top = _window(2)  # another decision, the same moment of the game
    clock.run(1.0)
    assert clock.waited == 2.0
    step[0] = 1
    clock.check_moment()
    assert clock.waited == 0.0


def test_a_new_pace_starts_a_new_moment_and_the_draws_go_on_from_the_same_generator():
    table = _Table(_window())
    clock = _clock(table, seed=3)
    draws = random.Random(3)
    clock.run(1.0)
    clock.due(1)
    assert clock.beat_left(1) == draws.uniform(1.0, 3.0) - 1.0
    clock.pace_by(Pace(reaction=(0.5, 0.5)))
    clock.run(0.0)
    assert clock.waited == 0.0 and clock.beat_left(1) == 0.0
    clock.due(1)
    assert clock.beat_left(1) == 0.5 and clock.rng.getstate() != random.Random(3).getstate()
    draws.uniform(0.5, 0.5)
    assert clock.rng.getstate() == draws.getstate()
    clock.pace_by(None)  # no pace: every bot is due at once
    clock.run(0.0)
    assert clock.due(1) and clock.due(2)


def test_turns_give_the_driver_a_clock_seeded_by_pace_seed_and_a_fixed_step_one_without_beats():
    session = Session(GameSetup("toy", parse_seats("human:mouse,bot:normal"), {}, None, 4), INFO)
    driver = TableDriver(session, pace=_PACE, pace_seed=21)
    assert driver.clock is driver.dynamics.bot_clock() and driver.clock.pace == _PACE
    assert driver.clock.rng.getstate() == random.Random(21).getstate()
    rumble = driver_for(Session(GameSetup("rumble-pie", parse_seats("bot:normal,bot:normal"), {}, seed=1)))
    assert isinstance(rumble.clock, NoBotClock) and rumble.remaining() is None
    rumble.pace_by(_PACE)  # nothing to pace: the fixed step moves its bots
    assert rumble.clock.due(0) and rumble.clock.beat_left(1) == 0.0 and not rumble.clock.ran_out()
