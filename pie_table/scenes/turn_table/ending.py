"""The end of a turn-based table and what runs it without a player: undo, the hint helpers, the
results, replays (`replay_apply`, `busy`) and fast-forward (`skip_to`, `snap`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pie_table.core.engine import Action
from pie_table.kit.i18n import _
from pie_table.scenes.turn_table.seat import TableSession


class TableEnd(TableSession):
    """The part of `TurnTable` after the flow of play (it uses the table's session methods)."""

    def count_hint(self, seat: int, why: Any) -> None:
        """A hint was given to `seat` for reason `why` (a message): shown, and counted."""
        self.hints_used[seat] = self.hints_used.get(seat, 0) + 1
        self.hint_text = self.names.tr(why)

    def focus_move(self, action: Action) -> None:
        """Focus `action` in the move list (a hint's suggestion)."""
        self.panel.picked = None
        for index, item in enumerate(self.panel.shown()):
            if self.panel.items[item][0] == action:
                self.panel.focus = index

    def undo(self) -> bool:
        """Ctrl+Z: take back the lone human's last moves up to what revealed something."""
        seat = self.humans[0] if len(self.humans) == 1 else None
        if seat is None or not self._undo(seat):
            shared = len(self.humans) > 1
            off = _("Undo is off when several people share the table")
            if self.driver.across_machines:
                off, shared = _("No undo at a table played across machines: the others saw the move"), True
            self.message = off if shared else self.nothing_to_undo()
            self._sound("refuse")
            return False
        self.message = ""
        self.clear_panels()
        return True

    # -- the end, replays and fast-forward ------------------------------------------------------------

    def _show_results(self) -> None:
        if self.results_shown or self.watch:
            return
        self.results_shown = True
        from pie_table.scenes.results import ResultsScene
        from pie_table.scenes.save_trouble import FinishedWrites

        self.autosave.save()
        key = Path(str(self.autosave.path)).name
        extras = {seat: {"hints": n} for seat, n in self.hints_used.items()}
        writes = FinishedWrites(self.autosave, lambda: self.driver.record_finished(key, extras))
        title, lines = self.results_text(self.public())
        kept = self.autosave.path is not None  # at a remote seat: its own replay, once written
        self.app.scenes.push(ResultsScene(self.app, self.setup, title, lines,
                                          str(self.autosave.path) if kept else None,
                                          again=not self.driver.across_machines, writes=writes))

    def replay_apply(self, seat: int | None, action: Action) -> bool:
        return self.submit(action, seat)

    @property
    def busy(self) -> bool:
        """True while cards are still flying (a replay waits for them)."""
        return self.flights.busy

    def skip_to(self, at: float | None = None, turn: int | None = None) -> None:
        """Play on at once, every seat autoplayed by the driver, until round or turn `turn` begins
        (`at`: seconds of table time, a move a 1/30 s), then stop every effect."""
        self.autoplay = True
        if turn is not None:
            self.driver.skip_to(until=lambda: self.round_of(self.public()) >= turn)
        elif at is not None:
            self.driver.skip_to(at=at)
        self.autoplay = False
        self.snap()

    def snap(self) -> None:
        self.effects.clear()
        self.flights.clear()
        self.clear_panels()
