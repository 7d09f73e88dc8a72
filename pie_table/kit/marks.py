"""Marks that say with a shape what a colour says: each seat's own shape beside its colour, and
the corner arrows of a legal drop target, unlike the plain border of the player whose turn it is.
Some players cannot tell the seat colours apart (red and green, blue and purple)."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.art_draw import canvas, darker

SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "star", "cross")


def seat_shape(seat: int) -> str:
    """The shape that marks `seat` wherever its colour does."""
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def seat_mark(seat: int, r: int, color: tuple[int, ...]) -> pygame.Surface:
    """The seat's shape, `r` pixels in radius, filled with `color` and edged in a darker ink."""
    rgb = (int(color[0]), int(color[1]), int(color[2]))
    return _mark(seat_shape(seat), max(3, int(r)), rgb)


def draw_seat_mark(surface: pygame.Surface, seat: int, center: tuple[int, int], r: int,
                   color: tuple[int, ...]) -> None:
    """Blit the seat's mark centred on `center`."""
    image = seat_mark(seat, r, color)
    surface.blit(image, image.get_rect(center=center))


def _points(shape: str, c: float, r: float) -> list[tuple[float, float]]:
    corners = {"square": (4, 45), "triangle": (3, -90), "diamond": (4, 0)}
    if shape == "cross":
        a, b = r * 0.3, r * 1.0
        outline = [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b), (-a, a),
                   (-b, a), (-b, -a), (-a, -a)]
        return [(c + x, c + y) for x, y in outline]
    if shape == "star":
        return [
            (c + (r if i % 2 == 0 else r * 0.45) * math.cos(math.radians(-90 + i * 36)),
             c + (r if i % 2 == 0 else r * 0.45) * math.sin(math.radians(-90 + i * 36)))
            for i in range(10)
        ]
    n, start = corners[shape]
    reach = r * (1.25 if shape == "square" else 1.1 if shape == "triangle" else 1.0)
    return [(c + reach * math.cos(math.radians(start + i * 360 / n)),
             c + reach * math.sin(math.radians(start + i * 360 / n))) for i in range(n)]


@lru_cache(maxsize=128)
def _mark(shape: str, r: int, rgb: tuple[int, int, int]) -> pygame.Surface:
    size = 2 * r + 2
    surf = canvas(size, size)
    c = size / 2
    edge = darker(rgb, 0.55)
    if shape == "circle":
        pygame.draw.circle(surf, edge, (c, c), r)
        pygame.draw.circle(surf, rgb, (c, c), max(1, r - 2))
    else:
        # The edge first, then the fill inset by drawing the same outline thinner on top.
        pts = _points(shape, c, r)
        pygame.draw.polygon(surf, rgb, pts)
        pygame.draw.polygon(surf, edge, pts, 2)
    return surf


def draw_target(surface: pygame.Surface, rect: pygame.Rect, width: int = 3, radius: int = 8) -> None:
    """A legal drop target: a bright border with an arrow outside each corner pointing in (clear
    of the card's own corners), so it reads as "drop here" and never as the gold border of the
    seat whose turn it is."""
    pygame.draw.rect(surface, pal.HIGHLIGHT, rect, width, border_radius=radius)
    arm = max(9, min(rect.w, rect.h) // 6)
    for sx, sy, (x, y) in ((1, 1, rect.topleft), (-1, 1, rect.topright),
                           (1, -1, rect.bottomleft), (-1, -1, rect.bottomright)):
        tip = (x + sx * 2, y + sy * 2)
        pts = [tip, (x - sx * arm, y - sy * arm * 0.4), (x - sx * arm * 0.4, y - sy * arm)]
        pygame.draw.polygon(surface, pal.HIGHLIGHT, pts)
        pygame.draw.polygon(surface, pal.INK, pts, 1)


def draw_picked(surface: pygame.Surface, rect: pygame.Rect, width: int = 3, radius: int = 8) -> None:
    """The card picked in a hand (clicked, or the one Tab rests on): a bright border and a tab
    above it pointing down at it, so it is told at a glance from a card a focused move names
    (`draw_target`'s corner arrows) in the same colour."""
    pygame.draw.rect(surface, pal.HIGHLIGHT, rect, width, border_radius=radius)
    pts = _picked_tab(rect)
    pygame.draw.polygon(surface, pal.HIGHLIGHT, pts)
    pygame.draw.polygon(surface, pal.INK, pts, 1)


def picked_reach(rect: pygame.Rect) -> pygame.Rect:
    """Where `draw_picked` marks `rect`: the card's border and the tab above it, which a panel
    over the table (a card inspect) keeps clear so the mark is seen while it is up."""
    tip, left, right = _picked_tab(rect)
    top = int(left[1])
    return rect.union(pygame.Rect(int(left[0]), top, int(right[0] - left[0]) + 1, int(tip[1]) - top + 1))


def _picked_tab(rect: pygame.Rect) -> list[tuple[float, float]]:
    """The tab pointing down at a picked card: its tip just above the card, its base `arm` higher."""
    arm = max(9, min(rect.w, rect.h) // 6)
    tip = (rect.centerx, rect.top - 2)
    return [tip, (tip[0] - arm, tip[1] - arm), (tip[0] + arm, tip[1] - arm)]
