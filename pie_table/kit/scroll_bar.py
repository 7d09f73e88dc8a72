"""A scroll bar that says there is more by shape as well as by colour: a thumb in a ringed track,
as long as the share shown and where it lies, and at each end of the track an arrow head where
more lies that way, or a flat stop where the view has reached that end."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from pie_table.kit import palette as pal

Color = tuple[int, int, int]


@dataclass(frozen=True)
class BarLook:
    """A scroll bar's colours for what lies around it: the track's fill and its rim, the thumb
    and the arrows, each at least 3:1 against what it touches (WCAG's non-text contrast)."""

    track: Color
    rim: Color
    thumb: Color
    arrow: Color


# Over a dimmed table or a backdrop, at a window's edge: lemon on dark wood (7.5:1).
ON_WOOD = BarLook(track=pal.WOOD_DARK, rim=pal.LEMON, thumb=pal.LEMON, arrow=pal.LEMON)
# On a paper sheet: a wood thumb in a cream track ringed in soft ink (5.6:1 on the paper, the
# thumb 6.7:1 on its track), ink arrows (12:1).
ON_PAPER = BarLook(track=pal.CREAM, rim=pal.INK_SOFT, thumb=pal.WOOD, arrow=pal.INK)


def draw_scroll_bar(surface: pygame.Surface, bar: pygame.Rect, first: int, shown: int, total: int,
                    look: BarLook) -> pygame.Rect:
    """Draw in `bar` a scroll bar for a view of `shown` units from `first` on, of `total` in all
    (pixels, lines: any unit); returns the thumb's rect."""
    arrow_h = bar.w
    track = pygame.Rect(bar.x, bar.y + arrow_h, bar.w, max(1, bar.h - 2 * arrow_h))
    radius = bar.w // 2
    rim = max(1, bar.w // 6)
    pygame.draw.rect(surface, look.track, track, border_radius=radius)
    pygame.draw.rect(surface, look.rim, track, rim, border_radius=radius)
    span = max(1, total - shown)
    inner = track.inflate(-2 * rim, -2 * rim)
    thumb_h = min(inner.h, max(bar.w * 2, inner.h * shown // max(1, total)))
    thumb = pygame.Rect(inner.x, inner.y + (inner.h - thumb_h) * min(first, span) // span, inner.w, thumb_h)
    pygame.draw.rect(surface, look.thumb, thumb, border_radius=max(1, inner.w // 2))
    _arrow(surface, pygame.Rect(bar.x, bar.y, bar.w, arrow_h), -1, first > 0, look)
    _arrow(surface, pygame.Rect(bar.x, track.bottom, bar.w, arrow_h), 1, first + shown < total, look)
    return thumb


def _arrow(surface: pygame.Surface, box: pygame.Rect, way: int, more: bool, look: BarLook) -> None:
    """In `box`, an arrow head pointing up (`way` -1) or down (1) where there is `more` that way,
    else a flat stop across the track's end."""
    half = max(2, box.w // 2 - 1)
    if not more:
        thick = max(1, box.w // 7)
        stop = pygame.Rect(box.centerx - half, box.centery - thick // 2, 2 * half + 1, thick)
        pygame.draw.rect(surface, look.arrow, stop)
        return
    tip_y = box.centery + way * half * 2 // 3
    base_y = box.centery - way * half * 2 // 3
    pygame.draw.polygon(surface, look.arrow, [(box.centerx, tip_y), (box.centerx - half, base_y),
                                              (box.centerx + half, base_y)])
