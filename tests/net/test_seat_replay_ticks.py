"""A remote Rumble player's own replay, the recording (issue 23 item 2): every frame the host
sends the seat goes to `SeatRecorder.took`; the frames that only moved the clock are left
out, and the views worked out again from the file are the host's, tick for tick; past the budget
the recording stops and says so."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from pie_table.core.engine import copy_json
from pie_table.core.registry import get_game
from pie_table.core.session import bot_seed
from pie_table.net import seat_replay
from pie_table.net.host import Holder, TableHost, headless_host
from pie_table.net.seat_replay import SeatRecorder, read_seat_replay, recorded_frames
from tests.net.netplay import four_bots

pytestmark = pytest.mark.long  # tens of seconds in all: run first (tests/conftest.py)


class _Link:
    """A client's connection that keeps what it is sent."""

    peer = "test"
    strikes = 0

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(copy_json(message))

    def drop(self, reason: str) -> None:
        raise AssertionError(reason)

    def hold(self, until: asyncio.Future[Any]) -> None:
        raise AssertionError("held: no table here is kept in a store")


Sent = list[tuple[dict[str, Any], Any]]  # each frame, with the view the host had sent after it


def _hosted_game(seed: int, ticks: int | None = None) -> tuple[TableHost, Sent]:
    """A Rumble game of four bots at the host, seat 1 a remote seat (played by a bot at the host here)
    whose link keeps its frames: each frame with the view the host had sent after it."""
    setup = four_bots("rumble-pie", seed)
    host = headless_host(setup, {1})
    host.session.bots[1] = get_game("rumble-pie").bot_factory("normal", 1, bot_seed(seed, 1))
    link = _Link()
    holder = host.holders[1] = Holder(1, "secret-token", "Ann", link=link, history=host.histories[1])
    driver = host.driver
    frames: list[tuple[dict[str, Any], Any]] = []
    host.clock.finish()  # the seat's first update, sent whatever it holds: its whole view
    frames.append((link.sent.pop(), holder.shown))  # a new dict each frame
    while not driver.is_over() and (ticks is None or host.ticks < ticks):
        opener = driver.dynamics.waiting()
        if opener is not None:
            driver.submit(None, opener)
        else:
            driver.dynamics.step()
        host.clock.after_frame()
        if link.sent:
            frames.append((link.sent.pop(), holder.shown))  # a new dict each frame
    return host, frames


def _joined(host: TableHost) -> dict[str, Any]:
    return {"game": "rumble-pie", "seat": 1, "seats": 4, "options": host.setup.options,
            "teams": host.setup.teams, "players": ["bot:normal", "remote", "bot:normal", "bot:normal"]}


def test_a_whole_game_is_kept_without_clock_only_frames_and_reads_back_tick_for_tick(tmp_path: Path) -> None:
    host, frames = _hosted_game(7)
    recorder = SeatRecorder(tmp_path, _joined(host), "secret-token")
    for message, _shown in frames:
        recorder.took(message)
    # Most frames only move the clock: they are not kept.
    assert len(recorder.frames) < len(frames) // 3 and not recorder.cut
    clock_only = [m for m, _v in frames
                  if set(m) == {"type", "tick", "patch"} and m["patch"] == {"s": {"tick": m["tick"]}}]
    assert len(recorder.frames) == len(frames) - len(clock_only)

    path = recorder.write(["Bot 1", "Ann", "Bot 3", "Bot 4"], finished=True)
    found = read_seat_replay(path)
    assert found.ok and found.payload is not None
    kept = recorded_frames(found.payload)
    assert len(path.read_bytes()) < 1_500_000  # a whole game: well under the per-user file limit
    # Every view the host sent, worked out again from the file: the last frame kept, with the
    # clock where the host's was.
    at, skipped, plain = -1, {id(m) for m in clock_only}, {}
    for message, shown in frames:
        if id(message) not in skipped:
            at += 1
            assert kept[at].tick == message["tick"]
            plain = copy_json(kept[at].view)  # the same kept frame stands until the next is read
        assert {**plain, "tick": message["tick"]} == shown
    assert at == len(kept) - 1
    # The seat's events, each once and in order; nothing of the link (the token) in the file.
    assert copy_json([e for f in kept for e in f.events]) == copy_json(host.histories[1].events)
    assert "secret-token" not in path.read_text(encoding="utf-8")
    assert found.payload["players"][1] == "remote" and found.payload["teams"] == host.setup.teams


def test_a_refused_key_action_is_kept_with_its_reason_but_not_its_sequence_number(tmp_path: Path) -> None:
    host, frames = _hosted_game(3, ticks=5)
    recorder = SeatRecorder(tmp_path, _joined(host), "secret-token")
    recorder.took(frames[0][0])
    refused = {"seq": 12, "action": {"type": "play", "seat": 1, "source": 0, "board": 0, "face": "a"},
               "msg": "That pile is frozen", "params": {}}
    recorder.took({"type": "update", "tick": frames[0][0]["tick"] + 1,
                         "patch": {"s": {"tick": frames[0][0]["tick"] + 1}}, "refused": [refused]})
    assert recorder.frames[-1]["refused"] == [{k: v for k, v in refused.items() if k != "seq"}]


def test_past_the_budget_the_recording_stops_and_says_so(tmp_path: Path, monkeypatch) -> None:
    host, frames = _hosted_game(7, ticks=60 * 60)
    monkeypatch.setattr(seat_replay, "BUDGET", 40_000)
    recorder = SeatRecorder(tmp_path, _joined(host), "secret-token")
    for message, _shown in frames:
        recorder.took(message)
    assert recorder.cut and 0 < recorder.size <= 40_000
    kept = len(recorder.frames)
    recorder.took(frames[-1][0])  # once cut, nothing more
    assert len(recorder.frames) == kept
    path = recorder.write(["", "Ann", "", ""], finished=False)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["cut"] is True and saved["version"] == seat_replay.VERSION
    # Taking the seat back carries on in the same file, still cut.
    again = SeatRecorder(tmp_path, _joined(host), "secret-token")
    assert again.path == path and again.cut and again.size == recorder.size


@pytest.mark.parametrize("frame", [{"tick": "12", "events": [], "patch": {}},
                                   {"tick": 12, "events": [], "patch": {}, "refused": {}},
                                   {"tick": 12, "events": [], "patch": []}])
def test_a_real_time_frame_of_the_wrong_shape_is_refused_and_set_aside(tmp_path: Path, frame: dict) -> None:
    payload = {"game": "rumble-pie", "rules_version": get_game("rumble-pie").rules.rules_version, "seat": 1,
               "seats": 2, "names": ["", "Ann"], "options": {}, "started": 1.0, "saved_at": 2.0,
               "finished": False, "link": "abcdef0123456789",
               "frames": [{"tick": 0, "events": [], "view": {"seat": 1}}, frame]}
    path = tmp_path / "rumble-pie-1-seat2-abcdef.json"
    path.write_text(json.dumps({"format": seat_replay.KIND, "version": 2, **payload}), encoding="utf-8")
    found = read_seat_replay(path)
    assert found.status == "refused" and found.set_aside is not None and not path.exists()
    # The same file with a good frame reads, and so does a version-1 file of a turn-based game.
    good = {**payload, "frames": payload["frames"][:1]}
    path.write_text(json.dumps({"format": seat_replay.KIND, "version": 2, **good}), encoding="utf-8")
    assert read_seat_replay(path).ok
    old = {**good, "game": "rats", "frames": [{"events": [], "view": {"seat": 1}}]}
    path.write_text(json.dumps({"format": seat_replay.KIND, "version": 1, **old}), encoding="utf-8")
    assert read_seat_replay(path).ok


def test_the_list_parses_a_recording_again_only_when_it_changed(tmp_path: Path, monkeypatch) -> None:
    host, frames = _hosted_game(4, ticks=60 * 5)
    recorder = SeatRecorder(tmp_path, _joined(host), "secret-token")
    for message, _shown in frames:
        recorder.took(message)
    recorder.write(["", "Ann", "", ""], finished=False)
    reads: list[Path] = []
    real = seat_replay.read_seat_replay
    monkeypatch.setattr(seat_replay, "read_seat_replay", lambda path: reads.append(path) or real(path))
    first, _damaged = seat_replay.list_seat_replays(tmp_path)
    again, _damaged = seat_replay.list_seat_replays(tmp_path)  # Saved games shown again: not parsed
    assert first == again and not first[0].finished and len(reads) == 1
    recorder.write(["", "Ann", "", ""], finished=True)  # the game went on: the file is read anew
    (after,), _damaged = seat_replay.list_seat_replays(tmp_path)
    assert after.finished and len(reads) == 2
