"""Paper panels and the table log ("said aloud"), shared by the turn-based tables."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import pygame

from pie_table.core.messages import SeatName
from pie_table.kit import palette as pal
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import event_text
from pie_table.kit.text import fit_text, wrap_text


def paper(surface: pygame.Surface, rect: pygame.Rect, scale: float,
          edge: tuple[int, int, int] = pal.INK_SOFT) -> None:
    """A cream paper rectangle with a soft shadow and a thin ink edge."""
    radius = max(4, int(10 * scale))
    pygame.draw.rect(surface, (0, 0, 0), rect.move(3, 4), border_radius=radius)
    pygame.draw.rect(surface, pal.PAPER, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, max(1, int(2 * scale)), border_radius=radius)


def draw_log(surface: pygame.Surface, rect: pygame.Rect, log: Sequence[dict[str, Any]], scale: float,
             title: str, painted: bool = False, names: SeatName | None = None) -> None:
    """The newest events, oldest at the top, as many as fit; the last three in full ink.
    `painted`: the paper is on the table's backdrop already; `names`: the table's seat names."""
    if not painted:
        paper(surface, rect, scale)
    pad = int(8 * scale)
    top = rect.y + pad
    # The title on a second line rather than cut ("At the table (T: your trades)" at 900x560).
    head_size = max(min_readable(), int(18 * scale))
    for line in wrapped_lines(title, head_size, rect.w - 2 * pad, "title")[:2]:
        head = fit_text(line, head_size, rect.w - 2 * pad, pal.INK, "title")
        surface.blit(head, (rect.x + pad, top))
        top += head.get_height()
    size = max(min_readable(), int(14 * scale))
    line_h = font(size).get_linesize()
    top += int(4 * scale)
    room = max(0, (rect.bottom - pad - top) // line_h)
    lines: list[str] = []
    for entry in reversed(log):
        wrapped = wrapped_lines(event_text(entry, names), size, rect.w - 2 * pad)
        if len(lines) + len(wrapped) > room:
            break
        lines = list(wrapped) + lines
    for i, line in enumerate(lines):
        ink = pal.INK if i >= len(lines) - 3 else pal.INK_SOFT
        surface.blit(line_image(line, size, ink), (rect.x + pad, top + i * line_h))


# Every action redraws the log, but nearly all of its lines are the ones already shown: the
# wrapping and the rendered lines are kept (bounded; a new window size starts them afresh).
@lru_cache(maxsize=1024)
def wrapped_lines(text: str, size: int, width: int, face: str = "sans") -> tuple[str, ...]:
    return tuple(wrap_text(text, font(size, face), width))


@lru_cache(maxsize=1024)
def line_image(text: str, size: int, ink: tuple[int, int, int]) -> pygame.Surface:
    return font(size).render(text, True, ink)
