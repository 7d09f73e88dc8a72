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
        bw, bh, gap = int(200 * s), int(56 * s), int(24 * s)
        # Each answer as wide as its text needs with room beside it (a long one widens the sheet);
        # where the two cannot stand side by side, one over the other, the sheet taller by one.
        bw = max(bw, self.no_button.roomy_width(s), self.yes_button.roomy_width(s))
        width = min(w - 40, max(int(520 * s), 2 * bw + gap + 40))
        side_by_side = 2 * bw + gap + 40 <= width
        bw = min(bw, width - 40)
        # The question and its line wrap at their size on a narrow sheet, pushing the buttons down.
        tall = self._place_lines(pygame.Rect(0, 0, width, 0), s)
        self.panel = pygame.Rect(0, 0, width, int(230 * s) + tall + (0 if side_by_side else bh + gap))
        self.panel.center = (w // 2, h // 2)
        if self.panel.y < int(20 * s):  # taller than the page: it scrolls, the sheet at its top
            self.page_need = self.panel.h + int(40 * s)
            self.panel.y = int(20 * s)
        self._place_lines(self.panel, s)
        y = self.panel.bottom - bh - int(34 * s)
        if side_by_side:
            self.no_button.place(pygame.Rect(self.panel.centerx - bw - gap // 2, y, bw, bh), s)
            self.yes_button.place(pygame.Rect(self.panel.centerx + gap // 2, y, bw, bh), s)
        else:  # the safe answer first, as it is read
            self.no_button.place(pygame.Rect(self.panel.centerx - bw // 2, y - bh - gap, bw, bh), s)
            self.yes_button.place(pygame.Rect(self.panel.centerx - bw // 2, y, bw, bh), s)

    def _place_lines(self, panel: pygame.Rect, s: float) -> int:
        """The question and its detail on a sheet at `panel`; how much taller than one line each
        they are drawn, together."""
        inner = pygame.Rect(panel.x + 20, panel.y + int(30 * s), panel.w - 40, int(60 * s))
        tall = self.heading.place_lines(inner, s)
        if self.detail is not None:
            detail = pygame.Rect(inner.x, panel.y + int(88 * s) + tall, inner.w, int(32 * s))
            tall += self.detail.place_lines(detail, s)
        return tall


def confirm_quit(app: Any) -> None:
    """Ask before closing the app (every game in progress is saved when it closes)."""
    app.scenes.push(ConfirmScene(app, _("Quit pie_table?"), _("Quit"), _("Stay"), app.quit))
