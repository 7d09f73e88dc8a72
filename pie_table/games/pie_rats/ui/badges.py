"""Pie Rats' number badges. Each meaning has a shape of its own as well as its colour (a rosette for
charisma, a shield for strength, a disc for loyalty and a pie's numbers), and a strength Spinach
doubled wears a leaf: no badge is told from the one beside it by its colour alone."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Literal, NamedTuple

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.art_draw import darker, star_points, supersampled
from pie_table.kit.fonts import font, min_readable

Shape = Literal["disc", "rosette", "shield"]
Rgb = tuple[int, int, int]
LEAF = (60, 150, 60)  # Spinach's green, as its card's tin


class Badge(NamedTuple):
    """What a kind of number is drawn on."""

    color: Rgb
    shape: Shape
    leaf: bool = False


# Every kind of number a card or a crew's totals show. The table's totals and a crew card's
# numbers sit side by side, so each has its own shape; a Spinach-fed strength is a strength
# (a shield) with Spinach's leaf.
KINDS = {
    "loyalty": Badge((70, 110, 180), "disc"),
    "charisma": Badge((196, 146, 40), "rosette"),
    "strength": Badge((186, 70, 50), "shield"),
    "spinach": Badge(LEAF, "shield", leaf=True),
    "weight": Badge((90, 90, 100), "disc"),
    "points": Badge(pal.GOLD, "disc"),
}
_ROOM = 1.5  # the image's half-width in badge radii: room for the leaf beyond the badge
# A shield's outline, in badge radii from its centre: a flat top, straight sides, a point below.
_SHIELD = ((-0.9, -0.92), (0.9, -0.92), (0.94, 0.12), (0.0, 1.0), (-0.94, 0.12))
# The share of a badge's radius its number may fill across, by shape (a rosette's points and a
# shield's point leave less room than a disc).
_INNER = {"disc": 1.0, "rosette": 0.8, "shield": 0.85}


def badge_image(shape: Shape, r: int, color: Rgb, leaf: bool = False) -> pygame.Surface:
    """The badge without its number: `shape` of radius `r` in `color` with a darker rim (and
    Spinach's leaf at its top right), centred on an image 2 * _ROOM * r wide."""
    return _badge_image(shape, r, tuple(color[:3]), leaf)


@lru_cache(maxsize=128)
def _badge_image(shape: Shape, r: int, color: Rgb, leaf: bool) -> pygame.Surface:
    side = int(2 * _ROOM * r)

    def paint(surf: pygame.Surface) -> None:
        k = surf.get_width() / side  # the supersampled canvas's pixels per image pixel
        c, big = surf.get_width() / 2, r * k
        rim = max(1.0, r / 6) * k
        _outline(surf, shape, c, big, darker(color, 0.35))
        _outline(surf, shape, c, big - rim, color)
        if leaf:
            draw_leaf(surf, (c + 0.95 * big, c - 0.9 * big), 0.75 * big)

    return supersampled(side, side, paint)


def _outline(surf: pygame.Surface, shape: Shape, c: float, r: float, color: Rgb) -> None:
    if shape == "disc":
        pygame.draw.circle(surf, color, (c, c), r)
    elif shape == "rosette":
        pygame.draw.polygon(surf, color, star_points(c, c, r, r * 0.8, 12, -math.pi / 2))
    else:
        pygame.draw.polygon(surf, color, [(c + x * r, c + y * r) for x, y in _SHIELD])


def draw_leaf(surf: pygame.Surface, center: tuple[float, float], size: float) -> None:
    """Spinach's leaf, `size` from its centre to its tip, pointing up and right, with a vein."""
    cx, cy = center
    ux, uy = math.sqrt(0.5), -math.sqrt(0.5)  # along the leaf, toward its tip

    def at(t: float, side: float) -> tuple[float, float]:  # t along (-1 stem .. 1 tip), side across
        return cx + (ux * t - uy * side) * size, cy + (uy * t + ux * side) * size

    ts = [-1 + i / 6 for i in range(13)]
    edge = [at(t, 0.5 * math.sqrt(1 - t * t)) for t in ts]
    edge += [at(t, -0.5 * math.sqrt(1 - t * t)) for t in reversed(ts)]
    pygame.draw.polygon(surf, darker(LEAF, 0.35), edge)
    pygame.draw.polygon(surf, LEAF, [(cx + (x - cx) * 0.8, cy + (y - cy) * 0.8) for x, y in edge])
    pygame.draw.line(surf, pal.CREAM, at(-1.1, 0), at(0.8, 0), max(1, int(size / 8)))


def badge_radius(r: int, text: str, shape: Shape = "disc") -> int:
    """The radius a badge of radius `r` takes with `text` on it: its own, or larger for a number
    that would not fit inside its shape (two digits, or a number held at the text floor)."""
    number = _number(r, text, pal.INK)
    inner = _INNER[shape]
    return max(r, math.ceil((number.get_width() + 4) / (2 * inner)),
               math.ceil(number.get_height() * 0.8 / (2 * inner)))


def _number(r: int, text: str, ink: Rgb) -> pygame.Surface:
    return font(max(min_readable(), int(r * 1.3)), "bold").render(text, True, ink)


def draw_badge(surf: pygame.Surface, center: tuple[int, int], r: int, kind: str, text: str,
               color: Rgb | None = None) -> pygame.Rect:
    """A number of `kind` (KINDS) on its badge centred at `center`, the badge as large as its
    number needs (badge_radius), in `color` instead of its kind's where given. Returns the
    badge's own rect (without the leaf)."""
    badge = KINDS[kind]
    color, ink = pal.plate(color or badge.color)  # the number at 4.5:1 on it, 7:1 in high contrast
    number = _number(r, text, ink)
    r = badge_radius(r, text, badge.shape)
    image = badge_image(badge.shape, r, color, badge.leaf)
    surf.blit(image, image.get_rect(center=center))
    lift = r // 8 if badge.shape == "shield" else 0  # a shield's middle is above its centre
    surf.blit(number, number.get_rect(center=(center[0], center[1] - lift)))
    return pygame.Rect(center[0] - r, center[1] - r, 2 * r, 2 * r)
