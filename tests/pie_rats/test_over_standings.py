"""At the end of a Pie Rats game the moves box lists every Captain's standing (points, weight,
pies) whole: a long one wraps rather than lose its tie-breakers to an ellipsis (it was cut to
"13 pts, weight 23,…" at 1280x720)."""

from __future__ import annotations

import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.pie_rats.ui.table_look import results_text
from pie_table.games.pie_rats.ui.table_scene import PieRatsTableScene
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.scenes.base import open_table
from tests.kit.text_probe import probe_screen, recording


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_every_standing_is_drawn_whole_when_the_game_is_over(size, language, monkeypatch) -> None:
    set_language(language)
    try:
        app = App(size=size, headless=True)
        seats = parse_seats("human,bot:normal,bot:normal,bot:normal")
        setup = GameSetup("pie-rats", seats, {"pies": 4}, seed=4)
        scene = open_table(PieRatsTableScene, app, setup)
        scene.autosave.enabled = False
        app.scenes.push(scene)
        driver = scene.driver
        driver.skip_to(until=driver.is_over)
        assert driver.is_over()
        view = scene.view()
        _title, lines = results_text(view, driver.history(None).said, scene.names)
        with recording(monkeypatch) as drawn:
            scene.draw(probe_screen(size))
        moves = scene.layout.moves
        said = " ".join(d.text for d in drawn if d.text and moves.collidepoint(d.where[:2]))
        assert "…" not in said
        for line in lines:
            assert line in said, (line, said)
    finally:
        set_language("en")
