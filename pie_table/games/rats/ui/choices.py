"""The secret-choice panel: one button per legal action (or, for sword requests, a small form,
request_form).

A panel is built from `RULES.legal_actions(state, seat)` and the deciding seat's own view; choosing
hands the exact legal action dict to `on_choose`, so the engine alone decides what it means.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from pie_table.core.messages import SeatName
from pie_table.games.rats.ui.labels import action_label, prompt, rat_name, vocation_hint
from pie_table.games.rats.ui.request_form import RequestForm
from pie_table.kit import palette as pal
from pie_table.kit.fonts import fits, font, min_readable
from pie_table.kit.i18n import _
from pie_table.kit.menu import Menu
from pie_table.kit.text import fit_text, wrap_text
from pie_table.kit.widgets import Button, Widget

Action = dict[str, Any]
_NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}


def least_height(scale: float) -> int:
    """How tall a panel must be at `scale` for its title, a question on two lines and one row of
    buttons (a layout short of room gives it this much before anything else)."""
    return int(46 * scale) + 2 * font(int(18 * scale)).get_linesize() + int(30 * scale) + int(10 * scale)


class ChoicePanel:
    """Buttons for one pending decision of one seat."""

    def __init__(self, seat: int, item: dict[str, Any], legal: Sequence[Action], view: Mapping[str, Any],
                 on_choose: Callable[[Action], object], on_sound: Callable[[str], Any] | None = None,
                 names: SeatName = rat_name) -> None:
        self.seat = seat
        self.item = item
        self.legal = list(legal)
        self.on_choose = on_choose
        self.kind = item.get("kind", "")
        self.title = _("{rat}, your decision").format(rat=names(seat))
        self.question = prompt(item, view)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.request: RequestForm | None = None
        self.labels: list[str] = []  # the buttons' words (none: the request form's rows)
        if self.kind == "request":
            self.request = RequestForm(seat, self.legal, self.choose, names)
            items: list[Widget] = self.request.widgets()
        else:
            self.labels = [action_label(a, item, view, names) for a in self.legal]
            items = [Button(label, self._chooser(a), size=22) for a, label in zip(self.legal, self.labels,
                                                                                   strict=True)]
        self.buttons = items
        self.menu = Menu(items, on_sound=on_sound)
        self.hints = self._hints()

    @property
    def items(self) -> list[tuple[Action, str]]:
        """The legal actions in the order offered, as the shared table reads a move list."""
        return [(action, "") for action in self.legal]

    def _hints(self) -> dict[int, str]:
        """Extra words under the buttons, per button index (-1: whatever is focused)."""
        if self.kind == "vocation":
            return {i: vocation_hint(a["vocation"]) for i, a in enumerate(self.legal)}
        if self.kind == "roll":
            return {-1: _("Or grab a die, fling it across the felt and let go (Space works too).")}
        return {}

    def hint(self) -> str:
        """The hint for the focused button, if any."""
        focus = self.menu.focus
        return self.hints.get(focus, self.hints.get(-1, ""))

    def _chooser(self, action: Action) -> Callable[[], None]:
        return lambda: self.choose(action)

    def choose(self, action: Action) -> None:
        """Hand `action` (one of the legal ones) to the table."""
        self.on_choose(action)

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        """Place the title and a grid of buttons inside `rect`."""
        self.rect, self.scale = pygame.Rect(rect), scale
        top = rect.y + self._text_height()
        pad = int(12 * scale)
        area = pygame.Rect(rect.x + pad, top, rect.w - 2 * pad, rect.bottom - top - int(10 * scale))
        if self.request is not None:
            self.request.layout(area, scale)
            return
        self._grid(area, scale)

    def _text_height(self) -> int:
        return self._text_height_at(self.rect.w, self.scale)

    def _text_height_at(self, width: int, scale: float) -> int:
        """The title's and the question's height on a panel `width` wide."""
        fnt = font(int(18 * scale))
        lines = wrap_text(self.question, fnt, width - int(24 * scale))
        return int(46 * scale) + len(lines) * fnt.get_linesize()

    def needed_height(self, width: int, scale: float) -> int:
        """How tall the panel must be, `width` wide, for its question and a request form's four
        rows at their least height (0: its buttons take what the layout gives)."""
        if self.request is None:
            return 0
        return self._text_height_at(width, scale) + self.request.least_height(scale) + int(10 * scale)

    def _grid(self, area: pygame.Rect, scale: float) -> None:
        count = max(1, len(self.buttons))
        most = 1 if count <= 2 and area.w < 360 * scale else min(3, count) if count > 4 else min(2, count)
        gap = int(8 * scale)
        # Fewer columns where a label would be cut, or squeezed well below its fellows, in one
        # ("Nest by cocktail s…" three to a row).
        readable = max(min_readable(), int(18 * scale))
        for cols in range(most, 0, -1):
            col_w = (area.w - gap * (cols - 1)) // cols
            if all(fits(label, readable, col_w - 16, "bold", readable) for label in self.labels):
                break
        rows = -(-count // cols)
        row_h = max(24, min(int(48 * scale), (area.h - gap * (rows - 1)) // rows))
        for i, button in enumerate(self.buttons):
            r, c = divmod(i, cols)
            cell = pygame.Rect(area.x + c * (col_w + gap), area.y + r * (row_h + gap), col_w, row_h)
            button.place(cell, scale)

    def handle_event(self, event: pygame.event.Event, menu_action: str | None = None) -> bool:
        """Mouse, keyboard focus and number keys 1-9 for the n-th button."""
        if event.type == pygame.KEYDOWN and event.key in _NUMBER_KEYS and self.request is None:
            index = _NUMBER_KEYS[event.key]
            if index < len(self.buttons):
                return self.buttons[index].activate()
        if self.request is None:
            return self.menu.handle_event(event, menu_action)
        if menu_action == "accept" and self.menu.focused is not self.request.ask:
            # Enter on a row of the request form moves on to the next row, then to the Ask
            # button (where a second Enter asks): a form is filled in top to bottom.
            self.menu.move_focus(1)
            used = True
        elif self.request.scrolls and _scrolled(self.request, event):
            return True
        else:
            used = self.menu.handle_event(event, menu_action)
        self.request.reveal(self.menu.focus)  # a row the keys moved to is seen
        return used

    def draw(self, surface: pygame.Surface) -> None:
        """Paper panel, the question, and the buttons."""
        s = self.scale
        pygame.draw.rect(surface, pal.WOOD_DARK, self.rect.move(0, 4), border_radius=int(14 * s))
        pygame.draw.rect(surface, pal.PAPER, self.rect, border_radius=int(14 * s))
        pygame.draw.rect(surface, pal.CHERRY, self.rect, max(2, int(3 * s)), border_radius=int(14 * s))
        pad = int(12 * s)
        title = fit_text(self.title, int(22 * s), self.rect.w - 2 * pad, pal.CHERRY, "title")
        surface.blit(title, (self.rect.x + pad, self.rect.y + int(8 * s)))
        fnt = font(int(18 * s))
        y = self.rect.y + int(40 * s)
        for line in wrap_text(self.question, fnt, self.rect.w - 2 * pad):
            surface.blit(fnt.render(line, True, pal.INK), (self.rect.x + pad, y))
            y += fnt.get_linesize()
        self.menu.draw(surface)
        if self.request is not None:
            self.request.draw_bar(surface)
        self._draw_hint(surface, pad)

    def _draw_hint(self, surface: pygame.Surface, pad: int) -> None:
        text = self.hint()
        if not text:
            return
        fnt = font(max(min_readable(), int(16 * self.scale)))  # a smaller window's scale, not below its floor
        lines = wrap_text(text, fnt, self.rect.w - 2 * pad)
        y = max((b.rect.bottom for b in self.buttons), default=self.rect.y) + int(12 * self.scale)
        if y + len(lines) * fnt.get_linesize() > self.rect.bottom - pad // 2:
            return  # no room under the buttons: the buttons matter more
        for line in lines:
            surface.blit(fnt.render(line, True, pal.soft_ink()), (self.rect.x + pad, y))
            y += fnt.get_linesize()


def _scrolled(form: RequestForm, event: pygame.event.Event) -> bool:
    """The wheel off the form's rows, or a click on its bar, scrolls a form whose rows do not all
    fit (the wheel over a row turns the row's value)."""
    if event.type == pygame.MOUSEWHEEL and not any(w.hover for w in form.widgets()):
        return form.scroll(-event.y)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and form.bar().collidepoint(event.pos):
        return form.scroll(1 if event.pos[1] > form.bar().centery else -1)
    return False
