"""Two recordings of one seat of one game (the host restarted its table, so the seat was taken
anew) list in Saved games as two parts, each with the time it began and ended, not look-alikes."""

from __future__ import annotations

import time

from pie_table.net.seat_replay import SeatRecorder, list_seat_replays
from pie_table.scenes.saved_games import describe_seat_replay

_JOINED = {"game": "pie-rats", "seat": 1, "seats": 3, "options": {}, "teams": None, "players": []}


def _part(folder, token: str, started: float, saved: float, monkeypatch) -> None:
    recorder = SeatRecorder(folder, _JOINED, token)
    recorder.started = started
    recorder.took({"type": "update", "view": {"seat": 1}, "events": []})
    monkeypatch.setattr(time, "time", lambda: saved)
    recorder.write(["Bo", "Ann", "Cy"], finished=False)


def test_two_parts_of_one_seat_list_as_distinct_lines(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    base = 1_764_633_600.0  # 2025-12-02 00:00 UTC
    _part(tmp_path, "first-token", base + 60, base + 600, monkeypatch)
    _part(tmp_path, "second-token", base + 660, base + 900, monkeypatch)
    found, damaged = list_seat_replays(tmp_path)
    monkeypatch.undo()  # the clock and the time zone as they were
    time.tzset()
    assert damaged == []
    lines = sorted(describe_seat_replay(info) for info in found)
    assert lines == [
        "Pie Rats · your seat at a table hosted elsewhere · 02 Dec 00:01–00:10 · left before the end",
        "Pie Rats · your seat at a table hosted elsewhere · 02 Dec 00:11–00:15 · left before the end"]
