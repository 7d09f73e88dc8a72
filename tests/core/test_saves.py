"""Save documents: round trip, resume mid-game, refusing damaged and foreign files, 1,000 mutilated saves."""

import json
import random

import pytest

from pie_table.core.driver import TableDriver
from pie_table.core.fixed_step import FixedStep
from pie_table.core.resume import load_session
from pie_table.core.saves import SaveError, compact_log, expand_log, parse_save, to_save
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats


def _rats(seed=4, seats="bot:normal,bot:hard,bot:easy") -> Session:
    return Session(GameSetup("rats", parse_seats(seats), {"vocations": True}, None, seed))


def _rumble(seed=2) -> Session:
    return Session(GameSetup("rumble-pie", parse_seats("bot:hard,bot:easy"), {"target": 3}, None, seed))


def _run_rumble(session, ticks):
    session.submit(None, {"type": "start"})
    for _ in range(ticks):
        TableDriver(session, dynamics=FixedStep).dynamics.step()
        if session.is_over():
            break
        if session.state.phase == "round_over":
            session.submit(None, {"type": "start"})


def test_a_finished_game_reloads_to_the_same_state():
    session = _rats()
    TableDriver(session).play_out()
    text = json.dumps(to_save(session))
    again = load_session(parse_save(text))
    assert again.hash() == session.hash() and again.is_over()


def test_a_game_quit_midway_continues_where_it_stopped():
    session = _rats(seed=8)
    TableDriver(session).play_out(limit=40)
    data = json.loads(json.dumps(to_save(session)))
    assert not data["finished"]
    resumed = load_session(parse_save(json.dumps(data)))
    assert resumed.hash() == session.hash() and resumed.to_act() == session.to_act()
    # Bots start afresh after a resume (their dice are their own), but the game goes on to its end
    # and the longer log is again a save that replays exactly.
    TableDriver(resumed).play_out()
    assert resumed.is_over()
    assert load_session(parse_save(json.dumps(to_save(resumed)))).hash() == resumed.hash()


def test_rumble_ticks_are_stored_as_runs_and_replay():
    session = _rumble()
    _run_rumble(session, 1500)
    data = to_save(session)
    assert len(data["log"]) < len(session.log) / 5
    assert load_session(parse_save(json.dumps(data))).hash() == session.hash()


def test_compact_log_round_trip():
    session = _rumble()
    _run_rumble(session, 300)
    rows = json.loads(json.dumps(compact_log(session.log)))
    assert expand_log(rows) == [(e.seat, e.action) for e in session.log]


@pytest.mark.parametrize("text, message", [
    ("", "not a pie_table save"),
    ("{\"format\": \"something-else\"}", "not a pie_table save"),
    ("[1, 2, 3]", "not a pie_table save"),
    ("{\"format\": \"pie_table-save\", \"version\": 99}", "newer pie_table"),
    ("{\"format\": \"pie_table-save\", \"version\": 1, \"game\": 3}", "game is missing or damaged"),
])
def test_foreign_and_damaged_files_are_refused_in_one_line(text, message):
    with pytest.raises(SaveError, match=message) as caught:
        parse_save(text)
    assert not caught.value.readable and "\n" not in caught.value.message


def test_an_unknown_game_and_newer_rules_are_refused():
    data = to_save(_rats())
    with pytest.raises(SaveError, match="does not have"):
        load_session(dict(data, game="chess"))
    with pytest.raises(SaveError, match="newer version"):
        load_session(dict(data, rules_version=data["rules_version"] + 1))
    with pytest.raises(SaveError, match="no longer plays"):
        load_session(dict(data, rules_version=0))


def test_a_log_that_does_not_apply_is_refused_not_skipped():
    session = _rats()
    TableDriver(session).play_out(limit=10)
    data = to_save(session)
    data["log"].insert(2, [1, {"type": "goal", "goal": 99}])
    with pytest.raises(SaveError, match="action 3 is refused") as caught:
        load_session(parse_save(json.dumps(data)))
    assert caught.value.readable


def test_a_different_outcome_is_caught_by_the_hash():
    session = _rats()
    TableDriver(session).play_out()
    data = to_save(session)
    data["state_hash"] = "0" * 16
    with pytest.raises(SaveError, match="differs"):
        load_session(data)


def _mutilate(text: bytes, rng: random.Random) -> bytes:
    if rng.random() < 0.5:
        return text[: rng.randrange(len(text))]
    data = bytearray(text)
    for _ in range(rng.randint(1, 4)):
        # Printable bytes half the time, so many damaged saves still parse and reach the replay.
        data[rng.randrange(len(data))] = rng.randrange(32, 127) if rng.random() < 0.5 else rng.randrange(256)
    return bytes(data)


def test_a_thousand_mutilated_saves_are_each_refused_cleanly_or_replayed():
    """Each save cut at a random byte or with random bytes flipped: a SaveError, or a clean replay."""
    sources = []
    for seed in range(3):
        session = _rats(seed=seed, seats="bot:normal,bot:easy")
        TableDriver(session).play_out()
        sources.append(json.dumps(to_save(session)).encode())
    rumble = _rumble()
    _run_rumble(rumble, 600)
    sources.append(json.dumps(to_save(rumble)).encode())
    rng = random.Random(2026)
    outcomes = {"unreadable": 0, "does not replay": 0, "replayed": 0}
    for i in range(1000):
        text = _mutilate(sources[i % len(sources)], rng)
        try:
            session = load_session(parse_save(text))
        except SaveError as exc:
            assert exc.message and "\n" not in exc.message
            outcomes["does not replay" if exc.readable else "unreadable"] += 1
        else:
            assert session.log is not None
            outcomes["replayed"] += 1
    # Every path is exercised: most damage is caught by the parser, some only by the replay.
    assert outcomes["unreadable"] > 500 and outcomes["does not replay"] > 20 and outcomes["replayed"] > 0


def test_listing_reads_a_save_again_only_when_it_changed(tmp_path, monkeypatch):
    import os

    from pie_table.core import saves as saves_module

    session = _rats()
    TableDriver(session).play_out(limit=20)
    path = saves_module.write_save(tmp_path / "a.json", session)
    reads = []
    real = saves_module.read_save
    monkeypatch.setattr(saves_module, "read_save", lambda p: reads.append(p) or real(p))
    first, _ = saves_module.list_saves(tmp_path)
    again, _ = saves_module.list_saves(tmp_path)
    assert len(reads) == 1 and first == again and first[0].actions == len(session.log)
    TableDriver(session).play_out(limit=5)
    saves_module.write_save(path, session)
    os.utime(path, ns=(1, 2_000_000_000_000_000_000))  # a different time, whatever the clock's grain
    updated, _ = saves_module.list_saves(tmp_path)
    assert len(reads) == 2 and updated[0].actions == len(session.log) > first[0].actions


def test_a_start_left_before_anyone_moved_writes_no_save(tmp_path):
    from pie_table.core.saves import Autosaver

    session = Session(GameSetup("pie-rats", parse_seats("human,bot:easy,bot:normal"), {}, None, 5))
    saver = Autosaver(session, tmp_path, every_action=True)
    driver = TableDriver(session)
    while session.to_act() and 0 not in session.to_act():  # the bots before the person
        driver.play_out(limit=len(session.log) + 1)
    assert saver.save() and not saver.path.exists()  # left at once: nothing to lose, nothing listed
    seat = 0
    session.submit(seat, session.legal(seat)[0])  # the person's first move: kept from now on
    assert saver.save() and saver.path.exists()
    bots = Session(GameSetup("rats", parse_seats("bot:easy,bot:easy"), {}, None, 5))
    watched = Autosaver(bots, tmp_path / "bots", every_action=True)
    assert watched.save() and not watched.path.exists()
    TableDriver(bots).play_out(limit=3)
    assert watched.save() and watched.path.exists()  # a table of bots: kept once anything moved
