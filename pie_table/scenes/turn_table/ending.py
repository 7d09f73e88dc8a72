"""The end of a turn-based table: the game's own ending stays up a while (`end_hold`), a key
opens the results once it has shown long enough, and the results are shown once, after the
last save, with the finished game counted in the statistics."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pie_table.core.saves import GameSaver
from pie_table.core.setup import GameSetup
from pie_table.core.table_driver import TurnDriver

_END_ARM = 1.2  # keys pressed in the first moments of the ceremony (mashing) do not skip it


class TableEnding:
    """How long the end has shown, and the results screen once it is due."""

    def __init__(self, app: Any, setup: GameSetup, driver: TurnDriver, autosave: GameSaver,
                 watch: bool, words: Callable[[], tuple[str, list[str]]],
                 extras: Callable[[], Mapping[int, Mapping[str, int]]]) -> None:
        """`words()`: the results' title and lines; `extras()`: per seat, what the statistics add
        (the hints used). A replay (`watch`) shows no results."""
        self.app = app
        self.setup = setup
        self.driver = driver
        self.autosave = autosave
        self.watch = watch
        self.words = words
        self.extras = extras
        self.timer = 0.0  # seconds the end has shown
        self.shown = False

    def tick(self, dt: float, hold: float) -> None:
        """The end has shown `dt` longer; after `hold` seconds the results come by themselves."""
        self.timer += dt
        if self.timer >= hold:
            self.show_results()

    def armed(self) -> bool:
        """True once the end has shown long enough that a key means "the results", not mashing."""
        return self.timer >= _END_ARM

    def show_results(self) -> None:
        """The results screen, once (saved first; the statistics written by its screen)."""
        if self.shown or self.watch:
            return
        self.shown = True
        from pie_table.scenes.results import ResultsScene
        from pie_table.scenes.save_trouble import FinishedWrites

        autosave = self.autosave
        autosave.save()
        key = Path(str(autosave.path)).name
        extras = {seat: dict(counts) for seat, counts in self.extras().items()}
        writes = FinishedWrites(autosave, lambda: self.driver.record_finished(key, extras))
        title, lines = self.words()
        kept = autosave.path is not None  # at a remote seat: its own replay, once written
        self.app.scenes.push(ResultsScene(self.app, self.setup, title, lines,
                                          str(autosave.path) if kept else None,
                                          again=not self.driver.across_machines, writes=writes))
