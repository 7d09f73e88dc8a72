"""A Rumble Pie replay at 200%, whose larger bar leaves its table less height, cuts none of the
table's words: the players' labels, the empty hand slots' "drawn", the scores and the legend, in
English and Spanish, on the 1280x720 design and on a small 900x560 window."""

from __future__ import annotations

from pathlib import Path

import pytest

from pie_table.core.saves import read_save, write_save
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.scenes.base import open_table
from pie_table.scenes.replay import ReplayScene
from tests.kit.cut_log import logging_cuts


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield
    set_language("en")


@pytest.fixture(scope="module")
def save(tmp_path_factory) -> Path:
    """A minute of four bots' Rumble, saved."""
    from pie_table.games.rumble_pie.ui import RumbleTableScene

    app = App(size=(1280, 720), headless=True)
    seats = parse_seats("bot:normal,bot:hard,bot:easy,bot:normal")
    setup = GameSetup("rumble-pie", seats, {"target": 3}, seed=7)
    table = open_table(RumbleTableScene, app, setup)
    table.skip_to(at=60.0)
    return write_save(tmp_path_factory.mktemp("rumble") / "rumble.json", table.sim.session)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_a_replay_at_200_percent_cuts_none_of_the_tables_words(monkeypatch, save, size, lang):
    set_language(lang)
    with logging_cuts(monkeypatch) as cuts:
        app = App(size=size, headless=True)
        app.set_ui_scale(200)
        replay = ReplayScene(app, read_save(save))
        app.scenes.push(replay)
        replay.jump(0.5)
        app.step(0.05, [])
    assert sorted({(shown, where) for _text, shown, where in cuts if "rumble_pie" in where}) == []
