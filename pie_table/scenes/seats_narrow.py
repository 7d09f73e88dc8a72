"""The seat screen on a narrow page (a large interface size): one column, each seat's caption over
its choice with its team under it, the variants under the seats, every text at its own size, and
the page as tall as that needs (it scrolls)."""

from __future__ import annotations

from typing import Protocol

import pygame

from pie_table.kit.fonts import font
from pie_table.kit.page import ScrollPage
from pie_table.kit.rows import Cycler, TextInput, Toggle, align_controls
from pie_table.kit.text import wrap_text
from pie_table.kit.widgets import Button, Label


class SeatSheet(Protocol):
    """What the one-column layout places and reads of the seat screen (scenes.seats.SeatsScene),
    declared here so that this module needs nothing of that one."""

    scale: float
    scroll_page: ScrollPage
    page_need: int
    heading: Label
    options_heading: Label
    status: Label
    count: Cycler
    seat_rows: list[Cycler]
    team_rows: list[Cycler]
    team_game: bool
    option_rows: list[Toggle | Cycler | TextInput]
    option_help: dict[int, str]
    back_button: Button
    players_button: Button
    start_button: Button
    seat_panel: pygame.Rect
    side_panel: pygame.Rect
    legend_rect: pygame.Rect

    def legend_rows(self) -> tuple[pygame.font.Font, list[tuple[str, tuple[int, int]]]]: ...

# The seat sheet's width at scale 1 with its margins: a page narrower than this lays out here.
NATURAL_W = 820 + 2 * 36
_ROW_H, _GAP = 52, 10  # a value box's height and the gap under it, at scale 1


def layout_narrow(scene: SeatSheet, size: tuple[int, int]) -> None:
    """Place every widget of `scene` in one column on a page `size`, and ask for its height."""
    w, h, s = size[0], size[1], scene.scale
    margin, gap = int(20 * s), int(24 * s)
    scene.heading.place(pygame.Rect(0, int(18 * s), w, int(60 * s)), s)
    main_w = w - 2 * margin
    inner = pygame.Rect(margin + int(40 * s), int(92 * s) + int(20 * s), main_w - int(80 * s), 0)
    bottom = _place_seats(scene, inner, s)
    scene.seat_panel = pygame.Rect(margin, int(92 * s), main_w, bottom + int(20 * s) - int(92 * s))
    y = scene.seat_panel.bottom
    scene.side_panel = pygame.Rect(margin, y, main_w, 0)
    if scene.option_rows:
        inner = pygame.Rect(margin + int(20 * s), y + gap + int(20 * s), main_w - int(40 * s), 0)
        scene.side_panel = pygame.Rect(margin, y + gap, main_w, _place_options(scene, inner, s) - y)
        y = scene.side_panel.bottom
    bh = int(58 * s)
    status = pygame.Rect(margin, y + int(14 * s), w - 2 * margin, int(34 * s))
    tall = scene.status.place_lines(status, s)
    clear = w - scene.scroll_page.bar().x + int(4 * s)
    buttons = (scene.back_button, scene.players_button, scene.start_button)
    bw = min(int(220 * s), (w - 2 * clear - 2 * gap) // 3)
    # Three in a row while each text keeps room either side; else Players… over Back and Start.
    rows = 1 if all(b.roomy_width(s) <= bw for b in buttons) else 2
    if rows == 2:
        bw = min(max(int(220 * s), *(b.roomy_width(s) for b in buttons)), (w - 2 * clear - gap) // 2)
    # The buttons at the page's foot, or right under the sheets where the page is longer.
    buttons_y = max(status.bottom + tall + int(14 * s), h - rows * bh - (rows - 1) * gap - int(26 * s))
    if rows == 1:
        for i, button in enumerate(buttons):
            button.place(pygame.Rect(w // 2 - bw * 3 // 2 - gap + i * (bw + gap), buttons_y, bw, bh), s)
    else:
        scene.players_button.place(pygame.Rect(w // 2 - bw // 2, buttons_y, bw, bh), s)
        foot_y = buttons_y + bh + gap
        scene.back_button.place(pygame.Rect(w // 2 - bw - gap // 2, foot_y, bw, bh), s)
        scene.start_button.place(pygame.Rect(w // 2 + gap // 2, foot_y, bw, bh), s)
    scene.page_need = buttons_y + rows * bh + (rows - 1) * gap + int(26 * s)


def _place_seats(scene: SeatSheet, inner: pygame.Rect, s: float) -> int:
    """The player count and the seats from the top of `inner`; the key help under them. Returns
    the bottom of what was placed."""
    row_h, gap = int(_ROW_H * s), int(_GAP * s)
    y = inner.y
    for i, row in enumerate((scene.count, *scene.seat_rows)):
        row.over = True
        height = row_h + row.caption_band(s, inner.w)
        row.place(pygame.Rect(inner.x, y, inner.w, height), s)
        y += height + gap
        if i and scene.team_game:  # the seat's team under its choice
            scene.team_rows[i - 1].place(pygame.Rect(inner.x, y, inner.w, row_h), s)
            y += row_h + gap
        y += gap
    align_controls([scene.count, *scene.seat_rows])
    top = y + int(8 * s)
    scene.legend_rect = pygame.Rect(inner.x, top, inner.w, 10 ** 6)  # measured, then cut to size
    _font, rows = scene.legend_rows()
    step = _font.get_linesize()
    scene.legend_rect.h = (max(pos[1] for _text, pos in rows) + step - top) if rows else 0
    return scene.legend_rect.bottom


def _place_options(scene: SeatSheet, inner: pygame.Rect, s: float) -> int:
    """The variants heading, rows (each caption over its value) and the longest help from the top
    of `inner`. Returns the sheet's bottom under them."""
    scene.options_heading.place(pygame.Rect(inner.x, inner.y, inner.w, int(36 * s)), s)
    y = inner.y + int(48 * s)
    row_h, gap = int(48 * s), int(12 * s)
    for row in scene.option_rows:
        row.over = True
        height = row_h + row.caption_band(s, inner.w)
        row.place(pygame.Rect(inner.x, y, inner.w, height), s)
        y += height + gap
    align_controls(scene.option_rows)
    fnt = font(max(12, int(18 * s)))  # as _draw_option_help writes it
    lines = max((len(wrap_text(text, fnt, inner.w)) for text in scene.option_help.values()), default=0)
    # The help is drawn from the last row's foot (not after its gap), and needs 20 under it.
    return y - gap + int(24 * s) + lines * fnt.get_linesize() + int(28 * s)
