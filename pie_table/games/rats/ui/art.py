"""RATS's own art, drawn in code and cached with the shared art (`kit.art.cached`): the Host's hat."""

from __future__ import annotations

import math

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.art import cached, px
from pie_table.kit.art_chefs import Grid
from pie_table.kit.art_draw import darker, lighter, supersampled


def host_hat(size: int) -> pygame.Surface:
    """The Host's fancy hat: a plum top hat with a rosette and a feather."""
    return cached(("hat", px(size)), lambda: supersampled(px(size), px(size), paint_host_hat))



def paint_host_hat(surf: pygame.Surface) -> None:
    """Paint the Host's fancy hat: a plum top hat with a gold band, a cherry rosette and a feather."""
    g = Grid(surf)
    plum, plum_dark = (120, 62, 120), (82, 38, 86)
    g.ellipse((0, 0, 0, 70), 50, 86, 44, 8)
    g.ellipse(plum_dark, 50, 80, 44, 11)
    g.ellipse(plum, 50, 78, 42, 9)
    g.poly(plum_dark, [(28, 78), (72, 78), (69, 22), (31, 22)])
    g.poly(plum, [(30, 77), (60, 77), (57, 23), (32, 23)])
    g.ellipse(plum_dark, 50, 22, 19, 5)
    g.ellipse(lighter(plum, 0.2), 50, 22, 17, 3.6)
    g.poly(pal.GOLD, [(29, 70), (71, 70), (70.5, 60), (29.5, 60)])
    g.poly(darker(pal.GOLD, 0.2), [(29, 70), (71, 70), (71, 68), (29, 68)])
    # Feather: a curved quill with barbs, tucked behind the rosette.
    quill = [(62 + 6 * t + 14 * t * t, 62 - 52 * t) for t in (i / 12 for i in range(13))]
    for i, (x, y) in enumerate(quill[1:], 1):
        half = 7 * math.sin(math.pi * i / 12)
        g.line((70, 150, 140), (x, y), (x - half, y + half * 0.5), 1.4)
        g.line((110, 190, 170), (x, y), (x + half, y + half * 0.2), 1.4)
    g.lines((240, 230, 200), quill, 1.0)
    for i in range(8):  # rosette petals
        a = 2 * math.pi * i / 8
        g.circle(pal.CHERRY, 62 + math.cos(a) * 6, 64 + math.sin(a) * 6, 4.6)
    g.circle(darker(pal.CHERRY, 0.25), 62, 64, 5)
    g.circle(pal.LEMON, 62, 64, 3)
