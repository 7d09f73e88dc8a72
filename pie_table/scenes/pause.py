"""The pause overlay over a table: Resume, Rules, Quit to menu; and, while the table's autosave
fails, why, with a way to save a copy elsewhere (scenes/save_trouble)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import OverlayScene
from pie_table.scenes.save_trouble import failing_autosave, failure_line, leave_table, save_elsewhere


class PauseScene(OverlayScene):
    """Pushed by a table on Esc or focus loss; Esc (or B) resumes."""

    @property
    def room(self) -> tuple[int, int]:  # type: ignore[override]
        """The sheet and its margins at scale 1: a larger interface size scrolls it."""
        extra = (150 if self.warning is not None else 0) + (30 if self.note is not None else 0)
        return 480 + extra, 588 + extra

    def __init__(self, app: Any, game_id: str, note: Callable[[], str] | None = None) -> None:
        """`note`: a line the table has for whoever pauses it (a hosted table's join code)."""
        super().__init__(app)
        self.game_id = game_id
        self.rescue_notice = ""
        self.note_text = note

    def _autosave(self) -> Any | None:
        """The table's autosaver while it fails (None when the game is saved)."""
        return failing_autosave(self.beneath())

    def build(self) -> list[Widget]:
        self.heading = Label(_("Paused"), 48, pal.INK, "title")
        self.resume_button = Button(_("Resume"), self.back, size=28)
        self.rules_button = Button(_("Rules"), self.show_rules, size=28)
        self.quick_button = Button(_("Quick reference"), self.show_quick, size=28)
        self.settings_button = Button(_("Settings"), self.show_settings, size=28)
        self.quit_button = Button(_("Quit to menu"), self.quit_to_menu, size=28)
        self.hint = Label(_("Esc to resume"), 18, pal.INK_SOFT)
        self.buttons = [self.resume_button, self.quick_button, self.rules_button, self.settings_button,
                        self.quit_button]
        self.warning: Label | None = None
        autosave = self._autosave()
        if autosave is not None:
            why = lambda: self.rescue_notice or failure_line(autosave)  # noqa: E731 - a label's text
            self.warning = Label(why, 18, pal.CHERRY, wrap=True)  # (DANGER is too light on paper)
            self.rescue_button = Button(_("Save a copy elsewhere"), self.rescue, size=26)
            self.buttons.insert(-1, self.rescue_button)
        note = self.note_text
        self.note = Label(note, 18, pal.INK) if note is not None else None
        return [*self.buttons, self.heading, self.hint, *([self.warning] if self.warning else []),
                *([self.note] if self.note else [])]

    def rescue(self) -> None:
        """Write the game outside the saves folder that cannot be written, and say where."""
        autosave = self._autosave()
        if autosave is not None:
            self.rescue_notice = save_elsewhere(autosave)[1]

    def show_rules(self) -> None:
        """Open the rules help over this overlay."""
        from pie_table.scenes.rules_help import RulesHelpScene

        self.app.scenes.push(RulesHelpScene(self.app, self.game_id))

    def show_quick(self) -> None:
        """The one-screen quick reference beside the full rules."""
        from pie_table.scenes.rules_help import RulesHelpScene

        self.app.scenes.push(RulesHelpScene(self.app, self.game_id, quick=True))

    def show_settings(self) -> None:
        """Sound, language, countdown and bot pace, over this overlay."""
        from pie_table.scenes.settings import SettingsScene

        self.app.scenes.push(SettingsScene(self.app))

    def quit_to_menu(self) -> None:
        """Leave the table for the menu it was started from (asking first if it is not saved)."""
        leave_table(self.app, self.beneath())

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        extra = int(150 * s) if self.warning is not None else 0  # the warning and one more button
        extra += int(30 * s) if self.note is not None else 0
        # The buttons as wide as their longest text needs with room beside it (Spanish's "save a
        # copy elsewhere" is long), the sheet wider for them as far as the page allows.
        bw = max(int(320 * s), *(button.roomy_width(s) for button in self.buttons))
        sheet_w = min(w - 20, max(int(440 * s) + extra, bw + int(60 * s)))
        bw = min(bw, sheet_w - int(40 * s))
        self.panel = pygame.Rect(0, 0, sheet_w, int(548 * s) + extra)
        self.panel.center = (w // 2, h // 2)
        heading = pygame.Rect(self.panel.x, self.panel.y + int(30 * s), self.panel.w, int(60 * s))
        self.heading.place(heading, s)
        bh, gap = int(58 * s), int(18 * s)
        y = self.panel.y + int(120 * s)
        if self.warning is not None:
            inner = self.panel.inflate(-int(50 * s), 0)
            self.warning.place(pygame.Rect(inner.x, self.panel.y + int(92 * s), inner.w, int(60 * s)), s)
            y += int(60 * s)
        for i, button in enumerate(self.buttons):
            button.place(pygame.Rect(self.panel.centerx - bw // 2, y + i * (bh + gap), bw, bh), s)
        hint = pygame.Rect(self.panel.x, self.panel.bottom - int(52 * s), self.panel.w, int(24 * s))
        self.hint.place(hint, s)
        if self.note is not None:
            self.note.place(hint.move(0, -int(32 * s)).inflate(-int(24 * s), 0), s)
