"""The table driver paces a session in time: bots wait their beat, windows time out through the log."""

from pie_table.core.driver import TableDriver
from pie_table.core.pacing import Pace
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from tests.core.toy_game import INFO


def _session(seats="human:mouse,bot:normal,bot:normal", **options) -> Session:
    return Session(GameSetup("toy", parse_seats(seats), {"reaction_seconds": 6, **options}, None, 4), INFO)


def _play_a_card(session):
    card = next(c for c in session.state.hands[0] if c != "block")
    assert session.submit(0, {"type": "play", "card": card}).ok


def test_bots_answer_a_window_only_after_a_human_looking_delay():
    session = _session()
    _play_a_card(session)
    pacer = TableDriver(session, pace=Pace(reaction=(1.0, 1.5)), pace_seed=1)
    assert pacer.update(0.5) == [] and session.to_act() == [1, 2]  # nobody answers at once
    done = pacer.update(1.1)
    assert done and all(a.ok for a in done)
    assert session.to_act() == [] or session.state.stack.top().kind != "block_window"


def test_a_human_who_does_not_answer_is_timed_out_through_a_logged_action():
    session = _session("human:mouse,human:mouse,bot:normal")
    _play_a_card(session)
    top = session.state.stack.top()
    pacer = TableDriver(session, pace=Pace(reaction=(1.0, 1.0)), pace_seed=2)
    assert pacer.remaining() == 6.0
    done = pacer.update(3.0)  # the bot answers once its delay is over...
    assert [a.entry.seat for a in done] == [2] and session.to_act() == [1]
    assert pacer.remaining() == 3.0  # ...and the countdown runs on from when the window opened
    done = pacer.update(3.0)
    assert [a.entry.action for a in done] == [{"type": "timeout"}]
    assert session.log[-1].seat is None and session.state.stack.top().id != top.id


def test_holding_for_an_animation_stops_the_clock():
    session = _session("human:mouse,human:mouse,human:mouse")
    _play_a_card(session)
    pacer = TableDriver(session, pace_seed=3)
    before = pacer.remaining()
    pacer.update(5.0, hold=True)
    assert pacer.remaining() == before


def test_a_game_played_in_time_replays_exactly():
    session = _session("bot:normal,bot:normal,bot:normal")
    pacer = TableDriver(session, pace_seed=4)
    for _ in range(20_000):
        if session.is_over():
            break
        pacer.update(0.25)
    assert session.is_over()
    again = _session("bot:normal,bot:normal,bot:normal")
    TableDriver(again).replay(session.log)
    assert again.hash() == session.hash()
