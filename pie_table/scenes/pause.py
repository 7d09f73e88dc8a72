"""The pause overlay over a table: Resume, Rules, Quit to menu."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import OverlayScene, unwind_to_menu


class PauseScene(OverlayScene):
    """Pushed by a table on Esc or focus loss; Esc (or B) resumes."""

    def __init__(self, app: Any, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id

    def build(self) -> list[Widget]:
        self.heading = Label(_("Paused"), 48, pal.INK, "title")
        self.resume_button = Button(_("Resume"), self.back, size=28)
        self.rules_button = Button(_("Rules"), self.show_rules, size=28)
        self.quick_button = Button(_("Quick reference"), self.show_quick, size=28)
        self.settings_button = Button(_("Settings"), self.show_settings, size=28)
        self.quit_button = Button(_("Quit to menu"), self.quit_to_menu, size=28)
        self.hint = Label(_("Esc to resume"), 18, pal.INK_SOFT)
        buttons = [self.resume_button, self.quick_button, self.rules_button, self.settings_button,
                   self.quit_button]
        return [*buttons, self.heading, self.hint]

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
        """Leave the table for the menu it was started from."""
        unwind_to_menu(self.app)

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        self.panel = pygame.Rect(0, 0, int(440 * s), int(548 * s))
        self.panel.center = (w // 2, h // 2)
        heading = pygame.Rect(self.panel.x, self.panel.y + int(30 * s), self.panel.w, int(60 * s))
        self.heading.place(heading, s)
        bw, bh, gap = int(320 * s), int(58 * s), int(18 * s)
        y = self.panel.y + int(120 * s)
        buttons = (self.resume_button, self.quick_button, self.rules_button, self.settings_button,
                   self.quit_button)
        for i, button in enumerate(buttons):
            button.place(pygame.Rect(self.panel.centerx - bw // 2, y + i * (bh + gap), bw, bh), s)
        hint = pygame.Rect(self.panel.x, self.panel.bottom - int(52 * s), self.panel.w, int(24 * s))
        self.hint.place(hint, s)
