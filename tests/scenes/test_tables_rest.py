"""Each table rests while it waits for a human's choice (no frame until input) and asks for frames
again once something moves: a move made, a round started."""

import argparse

import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.kit.scene import NOW, ON_INPUT

_SETTLE_FRAMES = 1800  # 30 s of table time at 60 fps: bots play their beats before the human's turn


def _table(game: str, seats: str):
    args = argparse.Namespace(game=game, seats=seats, teams=None, seed=3, option=[], vocations=False,
                              flags=[])  # flags: the game on/off options main's command line reads
    info, setup = build_setup(args)
    app, scene = make_table(info, setup, (1280, 720))
    return app, scene


def _step_until_rest(app, scene) -> int:
    """Frames until the table waits for input only (or the limit)."""
    for frame in range(_SETTLE_FRAMES):
        if app.scenes.current is scene and app.scenes.next_frame() is ON_INPUT:
            return frame
        app.step(1 / 60)
    return _SETTLE_FRAMES


@pytest.mark.parametrize("game, seats", [
    ("rats", "human,bot:normal"),
    ("pie-rats", "human,bot:normal,bot:normal"),
    ("cheflebrity", "human,bot:normal,bot:normal"),
    ("rumble-pie", "human,bot:normal"),
])
def test_a_table_waiting_for_a_human_rests(game, seats):
    app, scene = _table(game, seats)
    assert _step_until_rest(app, scene) < _SETTLE_FRAMES
    assert scene.next_frame() is ON_INPUT


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity"])
def test_a_human_move_brings_the_frames_back(game):
    app, scene = _table(game, "human,bot:normal,bot:normal")
    _step_until_rest(app, scene)
    seat = scene.panel.seat
    assert scene.submit(scene.legal(seat)[0], seat)
    wait = scene.next_frame()
    assert wait is not ON_INPUT  # cards fly (NOW) or a bot's beat runs (a wait in seconds)
    assert 0 <= wait <= 3.0


def test_rumble_pie_starting_a_round_brings_the_frames_back():
    app, scene = _table("rumble-pie", "human,bot:normal")
    _step_until_rest(app, scene)
    scene.sim.start("key")
    assert scene.next_frame() == NOW


def test_a_bot_about_to_act_asks_for_a_frame_at_its_beat():
    app, scene = _table("pie-rats", "bot:normal,bot:normal,human")
    waits = []
    for _ in range(120):
        app.step(1 / 60)
        wait = scene.next_frame()
        if wait not in (NOW, ON_INPUT) and scene.panel is None:
            waits.append(wait)
    assert waits, "no bot's beat was ever waited for"
    assert all(0 < w <= 3.0 for w in waits)
