"""Character portraits drawn in code: the three chefs and the dapper rat (a game's own figures, such
as the RATS Host's hat, draw on the same `Grid` in their package).

Every painter draws on a square canvas in a 100x100 design grid (`Grid` maps grid units to pixels),
so the same drawing works from a 24 px ghost to a 300 px card illustration.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.art_draw import circle_at, darker, ellipse_at, lighter

SKIN = (246, 204, 168)
SKIN_SHADE = (226, 172, 134)
JACKET = (252, 250, 244)
JACKET_SHADE = (214, 210, 204)
TOQUE_SHADE = (222, 218, 212)
# Per-chef accent: background disc and neckerchief, reused by card borders and battle-board spots.
CHEF_COLORS = {
    "shorty": ((242, 178, 74), (226, 120, 50)),
    "sylvie": ((238, 150, 160), (190, 40, 52)),
    "pierre": ((132, 160, 216), (62, 78, 160)),
}
CHEF_NAMES = ("shorty", "sylvie", "pierre")


class Grid:
    """Maps the 100-unit design grid onto a surface of side `s` pixels."""

    def __init__(self, surf: pygame.Surface) -> None:
        self.surf = surf
        self.k = surf.get_width() / 100.0

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.k, y * self.k)

    def circle(self, color, x: float, y: float, r: float, width: float = 0) -> None:
        circle_at(self.surf, color, self.pt(x, y), r * self.k, int(width * self.k))

    def ellipse(self, color, x: float, y: float, rx: float, ry: float, width: float = 0) -> None:
        w = max(1, int(width * self.k)) if width else 0
        ellipse_at(self.surf, color, x * self.k, y * self.k, rx * self.k, ry * self.k, w)

    def poly(self, color, pts: list[tuple[float, float]], width: float = 0) -> None:
        w = max(1, int(width * self.k)) if width else 0
        pygame.draw.polygon(self.surf, color, [self.pt(x, y) for x, y in pts], w)

    def line(self, color, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
        pygame.draw.line(self.surf, color, self.pt(*a), self.pt(*b), max(1, int(width * self.k)))
        # Round the caps so thick strokes look drawn rather than cut.
        for x, y in (a, b):
            self.circle(color, x, y, width / 2)

    def lines(self, color, pts: list[tuple[float, float]], width: float) -> None:
        for a, b in zip(pts, pts[1:], strict=False):
            self.line(color, a, b, width)

    def arc(self, color, x: float, y: float, rx: float, ry: float, a0: float, a1: float,
            width: float) -> None:
        """An arc of an ellipse, angles in degrees, y pointing down (0 = right, 90 = down)."""
        steps = max(4, int(abs(a1 - a0) / 8))
        pts = [(x + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
                y + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps))) for i in range(steps + 1)]
        self.lines(color, pts, width)

    def rect(self, color, x: float, y: float, w: float, h: float, radius: float = 0) -> None:
        r = pygame.Rect(int(x * self.k), int(y * self.k), int(w * self.k), int(h * self.k))
        pygame.draw.rect(self.surf, color, r, border_radius=int(radius * self.k))


def _backdrop(g: Grid, name: str) -> None:
    bg, _ = CHEF_COLORS[name]
    g.circle(darker(bg, 0.25), 50, 50, 49)
    g.circle(bg, 50, 50, 46)
    g.circle(lighter(bg, 0.25), 44, 42, 30)


def _jacket(g: Grid, name: str, width: float = 38) -> None:
    _, scarf = CHEF_COLORS[name]
    g.ellipse(JACKET_SHADE, 50, 101, width + 1, 25)
    g.ellipse(JACKET, 50, 102, width - 1, 24)
    g.poly(scarf, [(42, 80), (58, 80), (54, 90), (50, 86), (46, 90)])
    g.circle(scarf, 50, 82, 5)
    for y in (90, 97):
        g.circle(JACKET_SHADE, 43, y, 2)
        g.circle(JACKET_SHADE, 57, y, 2)


def _toque(g: Grid, left: float, right: float, band_y: float, band_h: float, top: float) -> None:
    """A chef's toque: a pleated puff from `top` down to a band at band_y."""
    mid = (left + right) / 2
    half = (right - left) / 2
    g.poly(TOQUE_SHADE, [(left + 1, band_y), (right - 1, band_y), (right + 4, top + 8), (left - 4, top + 8)])
    puff_r = half * 0.62
    for dx in (-0.62, 0.62, 0.0):
        g.circle(TOQUE_SHADE, mid + dx * half, top + puff_r * 0.9, puff_r + 1)
        g.circle(JACKET, mid + dx * half - 1, top + puff_r * 0.9 - 1, puff_r)
    g.poly(JACKET, [(left + 2, band_y), (right - 2, band_y), (right + 2, top + 9), (left - 2, top + 9)])
    for i in (1, 2, 3):
        x = left + (right - left) * i / 4
        g.line(TOQUE_SHADE, (x, band_y - 1), (x + (x - mid) * 0.15, top + 10), 1.2)
    g.rect(TOQUE_SHADE, left - 1, band_y, right - left + 2, band_h, 2)
    g.rect(JACKET, left, band_y, right - left, band_h - 1.5, 2)


def _eyes(g: Grid, y: float, dx: float, r: float, iris=(70, 50, 40)) -> None:
    for x in (50 - dx, 50 + dx):
        g.ellipse(pal.WHITE, x, y, r * 1.3, r * 1.15)
        g.circle(iris, x, y + 0.3, r * 0.85)
        g.circle((20, 14, 10), x, y + 0.3, r * 0.45)
        g.circle(pal.WHITE, x + r * 0.35, y - r * 0.35, r * 0.28)


def _paint_shorty(g: Grid) -> None:
    _backdrop(g, "shorty")
    _jacket(g, "shorty", 42)
    g.circle(SKIN_SHADE, 22, 60, 5.5)
    g.circle(SKIN_SHADE, 78, 60, 5.5)
    g.ellipse(SKIN_SHADE, 50, 61, 28, 24)
    g.ellipse(SKIN, 49, 60, 26.5, 23)
    _toque(g, 27, 73, 36, 8, 18)
    brow = (92, 56, 30)
    g.ellipse(brow, 40, 50, 7, 2.8)
    g.ellipse(brow, 60, 50, 7, 2.8)
    _eyes(g, 56, 10, 2.6)
    g.circle((236, 150, 140, 200), 32, 66, 5)
    g.circle((236, 150, 140, 200), 68, 66, 5)
    # The big moustache: two bushy lobes with upturned tips, drawn over the mouth.
    g.arc((150, 40, 40), 50, 76, 6, 4, 20, 160, 1.6)
    tache = (104, 62, 32)
    for side in (-1, 1):
        g.ellipse(tache, 50 + side * 10, 70, 12, 6.5)
        g.ellipse(tache, 50 + side * 19, 67, 6, 4.5)
        g.circle(tache, 50 + side * 24, 62.5, 3.6)
        g.ellipse(lighter(tache, 0.2), 50 + side * 9, 68, 6, 2)
    g.circle(darker(SKIN_SHADE, 0.05), 50, 63, 6)
    g.circle((232, 150, 126), 50, 62, 5.5)
    g.circle(lighter((232, 150, 126), 0.4), 48, 60, 1.8)


def _braid(g: Grid, hair) -> None:
    """A plait falling over the right shoulder, tied with a ribbon."""
    for i in range(6):
        t = i / 5
        x, y = 70 + 6 * t, 58 + 34 * t
        r = 5.4 - 1.2 * t
        g.ellipse(darker(hair, 0.25), x, y, r + 0.8, r * 0.9 + 0.8)
        g.ellipse(hair, x - 0.5, y - 0.5, r, r * 0.9)
        g.line(lighter(hair, 0.2), (x - r * 0.6, y - r * 0.2), (x + r * 0.3, y + r * 0.5), 0.9)
    g.poly(pal.CHERRY, [(76, 93), (69, 89), (69, 97)])
    g.poly(pal.CHERRY, [(76, 93), (83, 89), (83, 97)])
    g.circle(darker(pal.CHERRY, 0.2), 76, 93, 2.2)


def _paint_sylvie(g: Grid) -> None:
    hair = (176, 86, 40)
    _backdrop(g, "sylvie")
    _jacket(g, "sylvie", 34)
    g.ellipse(hair, 50, 52, 25, 24)  # hair mass behind the face
    g.ellipse(SKIN_SHADE, 50, 59, 20, 24)
    g.ellipse(SKIN, 49.5, 58.5, 19, 23)
    g.ellipse(hair, 37, 46, 10, 7)  # side-swept fringe
    g.ellipse(hair, 62, 45, 8, 5)
    _braid(g, hair)
    _toque(g, 32, 68, 30, 7, 6)
    g.arc(darker(hair, 0.3), 41, 52, 5, 2.5, 200, 340, 1.2)
    g.arc(darker(hair, 0.3), 59, 52, 5, 2.5, 200, 340, 1.2)
    _eyes(g, 57, 8.5, 2.8, iris=(70, 120, 170))
    for x in (41.5, 58.5):  # eyelashes
        for dx in (-3, 0, 3):
            g.line((40, 24, 20), (x + dx, 54.2), (x + dx * 1.5, 52.4), 0.7)
    g.circle((240, 120, 130, 210), 38, 66, 5)
    g.circle((240, 120, 130, 210), 61, 66, 5)
    g.line(SKIN_SHADE, (50, 59), (48.5, 66), 1.2)
    g.ellipse((200, 70, 80), 50, 72.5, 5.5, 2.6)
    g.arc(pal.WHITE, 50, 71.5, 3.5, 1.2, 20, 160, 0.8)


def _paint_pierre(g: Grid) -> None:
    _backdrop(g, "pierre")
    _jacket(g, "pierre", 32)
    g.circle(SKIN_SHADE, 34, 64, 4)
    g.circle(SKIN_SHADE, 66, 64, 4)
    g.ellipse(SKIN_SHADE, 50, 64, 16.5, 22)
    g.ellipse(SKIN, 49.5, 63.5, 15.5, 21)
    _toque(g, 35, 65, 44, 6, 2)  # the tall toque: band low, puff at the very top
    g.line((30, 24, 20), (39, 54), (46, 53), 1.1)
    g.line((30, 24, 20), (54, 53), (61, 54), 1.1)
    _eyes(g, 58, 6.5, 2.2)
    for x in (43.5, 56.5):  # heavy lids: a self-assured half-closed look
        g.ellipse(SKIN_SHADE, x, 55.9, 3.0, 1.1)
    g.poly(SKIN_SHADE, [(50, 58), (53.5, 70), (48.5, 70)])
    g.poly(lighter(SKIN, 0.1), [(49.8, 59), (52, 68.5), (49.5, 68.5)])
    # The thin moustache with curled tips.
    ink = (34, 24, 20)
    g.lines(ink, [(50, 73), (45, 73.5), (40, 73), (37, 71)], 1.3)
    g.lines(ink, [(50, 73), (55, 73.5), (60, 73), (63, 71)], 1.3)
    g.arc(ink, 37.5, 69, 2.2, 2.2, 90, 380, 1.0)
    g.arc(ink, 62.5, 69, 2.2, 2.2, 90, -200, 1.0)
    g.arc((150, 70, 60), 50, 76, 3.5, 1.5, 20, 160, 0.9)
    g.poly(ink, [(48, 80.5), (52, 80.5), (50, 84)])


_PAINTERS = {"shorty": _paint_shorty, "sylvie": _paint_sylvie, "pierre": _paint_pierre}


def paint_chef(surf: pygame.Surface, name: str) -> None:
    """Paint chef `name` (shorty, sylvie, pierre) onto a square surface."""
    _PAINTERS[name](Grid(surf))


@dataclass(frozen=True)
class RatLook:
    """What tells one rat from another: its fur, its coat, the disc behind it and its hat
    (painted on the 100-unit grid; None: the little bowler)."""

    fur: tuple[int, int, int] = (150, 146, 150)
    fur_dark: tuple[int, int, int] = (110, 104, 112)
    coat: tuple[int, int, int] = (64, 60, 92)
    ground: tuple[int, int, int] = (120, 150, 156)
    rim: tuple[int, int, int] = (86, 112, 120)
    hat: Callable[[Grid], None] | None = None


def paint_rat(surf: pygame.Surface, look: RatLook = RatLook()) -> None:
    """Paint the dapper rat: round ears, whiskers, monocle, bow tie and a hat."""
    g = Grid(surf)
    fur, fur_dark, pink = look.fur, look.fur_dark, (236, 160, 170)
    g.circle(look.rim, 50, 50, 49)
    g.circle(look.ground, 50, 50, 46)
    g.ellipse(look.coat, 50, 103, 34, 24)  # velvet coat
    g.poly(pal.WHITE, [(43, 80), (57, 80), (50, 96)])
    for side in (-1, 1):
        g.circle(fur_dark, 50 + side * 24, 36, 13)
        g.circle(pink, 50 + side * 24, 36, 8.5)
    g.ellipse(fur_dark, 50, 56, 23, 21)
    g.ellipse(fur, 50, 55, 22, 20)
    g.ellipse(fur, 50, 69, 12, 10)
    g.ellipse(lighter(fur, 0.3), 50, 72, 8, 6)
    g.circle(pink, 50, 68, 3.6)
    g.circle(lighter(pink, 0.5), 49, 67, 1.2)
    for side in (-1, 1):
        for dy in (-2, 1, 4):
            g.line((60, 56, 60), (50 + side * 7, 71), (50 + side * 25, 69 + dy * 1.6), 0.6)
    g.circle((20, 16, 20), 41, 56, 3.2)
    g.circle((20, 16, 20), 59, 56, 3.2)
    g.circle(pal.WHITE, 42, 55, 1)
    g.circle(pal.WHITE, 60, 55, 1)
    g.circle(pal.GOLD, 59, 56, 5.5, 1)  # monocle
    g.lines(pal.GOLD, [(64, 58), (67, 68), (65, 80)], 0.6)
    g.arc((60, 40, 40), 50, 76, 3, 1.5, 20, 160, 0.8)
    g.poly(pal.CHERRY, [(50, 83), (40, 78), (40, 88)])
    g.poly(pal.CHERRY, [(50, 83), (60, 78), (60, 88)])
    g.circle(darker(pal.CHERRY, 0.2), 50, 83, 2.4)
    (look.hat or _bowler)(g)


def _bowler(g: Grid) -> None:
    """A small bowler perched at a jaunty angle on the rat's head."""
    crown = (46, 40, 48)
    g.poly(crown, [(33, 34), (67, 30), (68, 33), (32, 38)])
    g.ellipse(crown, 51, 30, 13, 11)
    g.poly(crown, [(38, 34), (64, 31), (63, 24), (39, 27)])
    g.poly(pal.CHERRY, [(38.5, 33), (63.5, 30), (63.3, 27.5), (38.7, 30.5)])
    g.ellipse(lighter(crown, 0.25), 46, 24, 4, 2.5)
