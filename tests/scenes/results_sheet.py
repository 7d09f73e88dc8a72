"""A results sheet on a headless window, for the results screen's tests."""

from __future__ import annotations

from pie_table.core.setup import GameSetup, SeatSpec
from pie_table.kit.app import App
from pie_table.scenes.results import ResultsScene


def results_sheet(size: tuple[int, int], percent: int, title: str,
                  lines: list[str]) -> tuple[App, ResultsScene]:
    """`lines` on a results sheet at `percent` on a window of `size`, drawn once (before its
    buttons arm: the sheet then shows its top)."""
    app = App(size=size, headless=True)
    app.set_ui_scale(percent)
    setup = GameSetup("rats", [SeatSpec("bot", level="easy")] * 2, {}, None, 3)
    scene = ResultsScene(app, setup, title, lines)
    app.scenes.push(scene)
    app.step(1 / 60, [])
    return app, scene
