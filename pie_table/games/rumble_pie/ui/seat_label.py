"""A Rumble Pie seat's label on two lines: the name and who plays it over the team, larger than
the one line the label's band holds them on whole."""

from __future__ import annotations

import pygame

from pie_table.kit.fonts import fits, font, min_readable


def label_band(label: pygame.Rect, region: pygame.Rect, arsenal: pygame.Rect, bottom: bool,
               margin: int) -> pygame.Rect:
    """The felt a label may take: its own place widened to the region's edge on one side and to
    the seat's arsenal on the other (the label sits below the arsenal in the bottom row, above
    it in the top row)."""
    if bottom:
        top, end = arsenal.bottom + margin, region.bottom - margin
    else:
        top, end = region.top + margin, arsenal.top - margin
    return pygame.Rect(label.x, min(top, label.y), label.w, max(end, label.bottom) - min(top, label.y))


def two_lines(forms: list[tuple[str, str]], sizes: range, room: int,
              band_h: int) -> tuple[str, str, int] | None:
    """The fullest of `forms` (words, team) that fits, at the largest of `sizes` at which its
    words and its team each fit whole on a line `room` wide, the two lines within `band_h`; None
    if none do. Fullest first: a label grown larger must not drop what it says (a person's keys)."""
    for words, team in forms:
        for size in sizes:
            if 2 * font(max(min_readable(), size), "bold").get_height() > band_h:
                continue
            if fits(words, size, room, "bold", size) and fits(team, size, room, "bold", size):
                return words, team, size
    return None
