"""Names for the human seats, from the seat screen: type a name (a visible cursor, Backspace to
erase) or pick a known player. Named players get statistics; the names are remembered for next time."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from pie_table.core import stats
from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.rows import Cycler, TextInput
from pie_table.kit.text import NARROW_PAGE
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import OverlayScene

NEW = ""


def duplicate_name(names: list[str], humans: list[int]) -> str | None:
    """Why these names cannot play (two human seats under one name: statistics and every screen
    would mix the two players up), or None."""
    holder: dict[str, int] = {}
    for seat in humans:
        key = names[seat].strip().casefold() if seat < len(names) else ""
        if not key:
            continue
        if key in holder:
            return _("Seats {a} and {b} are both named {name}: one name per player.").format(
                a=holder[key] + 1, b=seat + 1, name=names[seat].strip())
        holder[key] = seat
    return None


class PlayersScene(OverlayScene):
    """One name per human seat; `names` (a list per seat) is edited in place. A name another seat
    already has is refused: the known-players list skips it, and a typed one holds Done back with
    the reason shown."""

    # The 720x660 sheet with its margins, narrower on a narrow page (each caption then over its
    # box, the sheet as tall as that needs): a larger interface size scrolls it.
    room = (NARROW_PAGE, 700)

    def __init__(self, app: Any, humans: list[int], names: list[str]) -> None:
        super().__init__(app)
        self.humans = humans
        self.names = names
        self.known = stats.known_players(stats.load()[0])

    def build(self) -> list[Widget]:
        self.heading = Label(_("Players"), 40, pal.INK, "title")
        self.inputs: list[TextInput] = []
        self.pickers: list[Cycler] = []
        widgets: list[Widget] = []
        for seat in self.humans:
            text = TextInput(
                _("Seat {n}").format(n=seat + 1), self.names[seat], self._typed(seat), max_len=20
            )
            choices = [NEW, *self.known]
            picker = Cycler(
                _("Known players"),
                choices,
                choices.index(self.names[seat]) if self.names[seat] in choices else 0,
                self._picked(seat),
                fmt=lambda name: name or _("(type a name)"),
                accept=partial(self._free_name, seat),
            )
            self.inputs.append(text)
            self.pickers.append(picker)
            widgets += [text, picker]
        self.note = Label(lambda: self.problem() or _(
            "Named players get statistics; leave a name empty to play unnamed."), 16, pal.INK_SOFT, "sans",
            wrap=True)  # on two lines where the panel is narrow (Spanish at 900x560), never cut
        self.done = Button(_("Done"), self.back, size=24, enabled=lambda: self.problem() is None)
        return [*widgets, self.done, self.heading, self.note]

    def problem(self) -> str | None:
        """Why Done is held back (two seats with one name), or None."""
        return duplicate_name(self.names, self.humans)

    def _taken(self, seat: int, name: str) -> bool:
        """Whether another human seat already goes by `name`."""
        key = name.strip().casefold()
        return any(other != seat and self.names[other].strip().casefold() == key for other in self.humans)

    def _free_name(self, seat: int, name: str) -> bool:
        """A name the picker may offer `seat`: none yet, or one no other human seat goes by."""
        return not name or not self._taken(seat, name)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.note.color = pal.DANGER if self.problem() else pal.INK_SOFT

    def _typed(self, seat: int) -> Any:
        def typed(text: str) -> None:
            self.names[seat] = text.strip()

        return typed

    def _picked(self, seat: int) -> Any:
        def picked(name: str) -> None:
            if name:
                self.names[seat] = name
                self.inputs[self.humans.index(seat)].text = name

        return picked

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        over = w * 0.94 < 720 * s  # too narrow for the sheet: each caption over its box
        self.panel = pygame.Rect(0, 0, int(min(w * 0.94, 720 * s)), int(min(h * 0.94, 660 * s)))
        pairs = [w_ for pair in zip(self.inputs, self.pickers, strict=True) for w_ in pair]
        row_w = self.panel.w - int(60 * s)  # the rows' width, as placed below
        for row in pairs:
            row.over = over
        if over:  # every row at its full height, and the sheet as tall as they need
            rows_h = sum(int(46 * s) + row.caption_band(s, row_w) + int(10 * s) for row in pairs)
            self.panel.h = int(80 * s) + rows_h + 2 * self.note.line_height(s) + int(90 * s)
            self.page_need = self.panel.h + int(40 * s)
        self.panel.center = (w // 2, h // 2)
        self.heading.place(
            pygame.Rect(self.panel.x, self.panel.y + int(16 * s), self.panel.w, int(50 * s)), s
        )
        inner = self.panel.inflate(-int(60 * s), 0)
        top = self.panel.y + int(80 * s)
        rows = 2 * len(self.humans)
        rh = max(int(30 * s), min(int(46 * s), (self.panel.h - int(210 * s)) // max(1, rows)))
        y = top
        for widget in pairs:
            band = widget.caption_band(s, inner.w)
            widget.place(pygame.Rect(inner.x, y, inner.w, rh + band), s)
            y += rh + band + (int(10 * s) if over else 4)
        bw, bh = int(200 * s), int(50 * s)
        done = pygame.Rect(self.panel.centerx - bw // 2, self.panel.bottom - bh - int(18 * s), bw, bh)
        self.done.place(done, s)
        note_h = 2 * self.note.line_height(s)  # room for the note on two lines, just above Done
        self.note.place(pygame.Rect(inner.x, done.y - int(8 * s) - note_h, inner.w, note_h), s)
