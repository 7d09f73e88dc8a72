"""Card inspect: the card under the pointer (or picked with the keyboard) shown large beside it,
with its name and text, so small cards on a crowded table can always be read whole."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from pie_table.kit import fonts
from pie_table.kit import palette as pal
from pie_table.kit.text import wrap_text

_FACE_H = 230  # the large card's height at scale 1
_TEXT_W = 220  # the text column's width at scale 1
_RING = 2  # the ink outline round the panel, in pixels


def inspect_size(scale: float) -> tuple[int, int]:
    """The (w, h) to paint the large card at for `scale` (cards are 5:7)."""
    h = int(_FACE_H * max(1.0, scale))
    return h * 5 // 7, h


def draw_inspect(surface: pygame.Surface, face: pygame.Surface, title: str, text: str,
                 near: pygame.Rect, scale: float, clear_of: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A paper panel holding `face`, `title` and `text`, placed beside `near` (above, below or to
    a side, wherever it fits inside the window), clear of `clear_of` too where a place is (a mark
    that says which card is picked); returns the panel's rect."""
    s = max(1.0, scale)
    pad = int(10 * s)
    width = int(_TEXT_W * s)
    head = fonts.font(int(fonts.LABEL * s), "bold")
    body = fonts.font(int(fonts.BODY * s))
    lines = [(line, head) for line in wrap_text(title, head, width)]
    for paragraph in text.split("\n"):
        lines += [(line, body) for line in wrap_text(paragraph, body, width)]
    text_h = sum(f.get_linesize() for _line, f in lines)
    panel = pygame.Rect(0, 0, face.get_width() + width + 3 * pad, max(face.get_height(), text_h) + 2 * pad)
    # Kept inside by its outline's width too, so the ink ring is not cut at a window's edge.
    panel = _placed(panel, near, surface.get_rect().inflate(-2 * _RING, -2 * _RING), pad, clear_of)
    pygame.draw.rect(surface, pal.INK, panel.inflate(2 * _RING, 2 * _RING), border_radius=int(12 * s))
    pygame.draw.rect(surface, pal.PAPER, panel, border_radius=int(10 * s))
    surface.blit(face, (panel.x + pad, panel.y + pad))
    x, y = panel.x + 2 * pad + face.get_width(), panel.y + pad
    for line, fnt in lines:
        surface.blit(fnt.render(line, True, pal.INK), (x, y))
        y += fnt.get_linesize()
    return panel


def _placed(panel: pygame.Rect, near: pygame.Rect, window: pygame.Rect, gap: int,
            clear_of: Sequence[pygame.Rect]) -> pygame.Rect:
    """`panel` beside `near` without covering it: above, else below, right or left, kept inside.
    A rect of `clear_of` that reaches near `near` (its own mark) counts as part of it; the others
    are left uncovered by the first place that can."""
    near = near.unionall([r for r in clear_of if r.colliderect(near.inflate(2 * gap, 2 * gap))])
    tries = [
        pygame.Rect((near.centerx - panel.w // 2, near.y - gap - panel.h), panel.size),
        pygame.Rect((near.centerx - panel.w // 2, near.bottom + gap), panel.size),
        pygame.Rect((near.right + gap, near.centery - panel.h // 2), panel.size),
        pygame.Rect((near.x - gap - panel.w, near.centery - panel.h // 2), panel.size),
    ]
    beside = [kept for kept in (place.clamp(window) for place in tries) if not kept.colliderect(near)]
    clear = [kept for kept in beside if kept.collidelist(list(clear_of)) < 0]
    return (clear or beside or [tries[0].clamp(window)])[0]
