"""Rumble Pie's Table talk is told again when a game is shown from its middle: a game continued
from its save, and a replay jumped to its end or stepped back, say what the live table said."""

from __future__ import annotations

from pathlib import Path

import pygame

from pie_table.core.saves import read_save, write_save
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.ui import RumbleTableScene
from pie_table.kit.app import App
from pie_table.scenes.base import open_table
from pie_table.scenes.replay import ReplayScene

_SEATS = "bot:normal,bot:hard,bot:easy,bot:normal"


def _played(app: App, seconds: float) -> RumbleTableScene:
    """A bots' game fast-forwarded `seconds` in, its talk kept as the live table keeps it."""
    setup = GameSetup("rumble-pie", parse_seats(_SEATS), {"target": 3}, seed=7)
    table = open_table(RumbleTableScene, app, setup)
    table.skip_to(at=seconds)
    return table


def test_a_continued_game_tells_the_talk_it_had_and_no_flash_of_it(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    app = App(size=(1280, 720), headless=True)
    played = _played(app, 90.0)
    said = list(played.feedback.log)
    assert len(said) >= 5 and any("KaPow!" in text for text, _c in said)
    resumed = open_table(RumbleTableScene, app, played.setup, session=played.sim.session)
    assert list(resumed.feedback.log) == said
    assert resumed.feedback.flash is None and resumed.feedback.banner is None and not resumed.feedback.notices


def test_a_replay_at_its_end_and_a_step_back_keep_the_talk(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    app = App(size=(1280, 720), headless=True)
    played = _played(app, 60.0)
    said = list(played.feedback.log)
    replay = ReplayScene(app, read_save(write_save(tmp_path / "live.json", played.sim.session)))
    app.scenes.push(replay)
    app.step(0.05, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)])
    assert said[-1][0] == "Team Blueberry wins!"  # the game ended: End shows its last word
    assert list(replay.table.feedback.log) == said
    app.step(0.05, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)])
    back = [text for text, _c in replay.table.feedback.log]
    # The move before the Out! call: the talk as it stood then, the KaPow!s before it.
    before_out = [text for text, _c in said[:-3]]
    assert back[-len(before_out):] == before_out



def test_a_remote_seats_own_replay_jumped_to_its_end_tells_the_talk_stepping_gives(tmp_path: Path,
                                                                                  monkeypatch) -> None:
    from pie_table.net.seat_replay import SeatRecorder
    from pie_table.paths import seat_replays_dir
    from pie_table.scenes.seat_replay import RemoteSeatReplayScene, open_seat_replay
    from tests.net.test_seat_replay_ticks import _hosted_game, _joined

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    app = App(size=(1280, 720), headless=True)
    host, frames = _hosted_game(5, ticks=60 * 40)
    recorder = SeatRecorder(seat_replays_dir(), _joined(host), "secret-token")
    for message, _shown in frames:
        recorder.took(message)
    path = recorder.write(["Bot 1", "Ann", "Bot 3", "Bot 4"], finished=False)
    assert open_seat_replay(app, str(path)) == ""
    viewer = app.scenes.current
    assert isinstance(viewer, RemoteSeatReplayScene)
    while viewer.step_forward():  # frame by frame, as watching it through does
        viewer.table.update(0.0)
    stepped = list(viewer.table.feedback.log)
    assert len(stepped) >= 5
    viewer.jump(1.0)  # End: a table built afresh at the last frame
    assert viewer.at_end() and list(viewer.table.feedback.log) == stepped
