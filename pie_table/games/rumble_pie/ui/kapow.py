"""Rumble Pie's KaPow!: the red starburst and its lettering, handed to the table's effect layer."""

from __future__ import annotations

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.art_draw import canvas, darker, star_points, text_outlined
from pie_table.kit.effects import BurstStyle

_JAG = [1.0, 0.75, 0.95, 0.68, 1.05, 0.8, 0.9, 0.72, 1.0, 0.85, 0.97, 0.7, 0.93, 0.78]


def paint_kapow(scale: float) -> tuple[pygame.Surface, pygame.Surface]:
    """The burst and the word at full size, before any spin or zoom."""
    r = int(130 * scale)
    burst = canvas(r * 2, r * 2)
    pygame.draw.polygon(burst, darker(pal.DANGER, 0.3), star_points(r, r, r, r * 0.58, 14, 0, _JAG))
    pygame.draw.polygon(burst, pal.DANGER, star_points(r, r, r * 0.92, r * 0.54, 14, 0, _JAG))
    pygame.draw.polygon(burst, pal.LEMON, star_points(r, r, r * 0.66, r * 0.4, 12, 0.2, _JAG[::-1]))
    pygame.draw.circle(burst, pal.CREAM_PUFF, (r, r), int(r * 0.36))
    ink = darker(pal.DANGER, 0.5)
    word = text_outlined("KaPow!", int(50 * scale), pal.WHITE, ink, "title", 4)
    return burst, word


# Cream splats mostly, with cherry and crust: a pie landing.
KAPOW = BurstStyle(paint_kapow, "KaPow!", pal.DANGER, (pal.CREAM_PUFF, pal.CREAM_PUFF, pal.CHERRY, pal.CRUST))
