"""One frame of a turn-based table at an interface size, with every text it draws recorded: what
the tests of text growing with the interface size measure."""

from __future__ import annotations

from typing import Any

import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.kit.i18n import set_language
from pie_table.kit.text import set_interface_size
from tests.kit.text_probe import Drawn, recording, watch


@pytest.fixture
def sized_home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """A home of its own, and English at 100% again afterwards."""
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield
    set_language("en")
    set_interface_size(100)


def table_texts(monkeypatch, game: str, seats: str, size: tuple[int, int], percent: int,  # type: ignore[no-untyped-def]
                turn: int = 5) -> tuple[list[Drawn], Any]:
    """Every text one frame of `game` draws at `size` and `percent`%, `turn` turns (or rounds) in,
    and the table scene."""
    words = ["screenshot", game, "--seats", seats, "--seed", "3", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    app, scene = make_table(info, setup, size, percent)
    scene.skip_to(at=None, turn=turn)
    app.step(0.0)
    with recording(monkeypatch) as drawn:
        watch(app)
        app.step(0.0, [])
    return list(drawn), scene
