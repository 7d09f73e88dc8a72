"""A yes/no question over the current screen (leaving the app, ...); Esc and "No" mean no."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import OverlayScene


class ConfirmScene(OverlayScene):
    """Asks `question`; `on_yes` runs only on a deliberate yes. The safe answer has focus first, so
    a key pressed once too often (Enter, Space, Esc) never does the irreversible thing."""

    room = (560, 300)  # the sheet and its margins: a larger interface size scrolls it

    def __init__(
        self, app: Any, question: str, yes: str, no: str, on_yes: Callable[[], Any], detail: str = ""
    ) -> None:
        super().__init__(app)
        self.question, self.yes_text, self.no_text, self.on_yes = question, yes, no, on_yes
        self.detail_text = detail  # one optional line under the question

    def build(self) -> list[Widget]:
        self.heading = Label(self.question, 34, pal.INK, "title")
        self.no_button = Button(self.no_text, self.back, size=26)
        self.yes_button = Button(self.yes_text, self.confirm, size=26)
        widgets: list[Widget] = [self.no_button, self.yes_button, self.heading]
        self.detail = Label(self.detail_text, 20, pal.INK_SOFT) if self.detail_text else None
        if self.detail is not None:
            widgets.append(self.detail)
        return widgets

    def confirm(self) -> None:
        """Yes: close this question, then do it."""
        self.app.scenes.pop()
        self.on_yes()

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        self.panel = pygame.Rect(0, 0, int(min(w - 40, 520 * s)), int(230 * s))
        self.panel.center = (w // 2, h // 2)
        self.heading.place(pygame.Rect(self.panel.x + 20, self.panel.y + int(30 * s), self.panel.w - 40,
                                       int(60 * s)), s)
        if self.detail is not None:
            self.detail.place(pygame.Rect(self.panel.x + 20, self.panel.y + int(88 * s), self.panel.w - 40,
                                          int(32 * s)), s)
        bw, bh, gap = int(200 * s), int(56 * s), int(24 * s)
        y = self.panel.bottom - bh - int(34 * s)
        self.no_button.place(pygame.Rect(self.panel.centerx - bw - gap // 2, y, bw, bh), s)
        self.yes_button.place(pygame.Rect(self.panel.centerx + gap // 2, y, bw, bh), s)


def confirm_quit(app: Any) -> None:
    """Ask before closing the app (every game in progress is saved when it closes)."""
    app.scenes.push(ConfirmScene(app, _("Quit pie_table?"), _("Quit"), _("Stay"), app.quit))
