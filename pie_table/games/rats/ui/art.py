"""RATS's own art, drawn in code and cached with the shared art (`kit.art.cached`): the Host's hat,
and each seat's own rat (its fur, coat and hat, on a disc of its seat's colour), so that every
player at the table is a rat of their own and not the same rat six times."""

from __future__ import annotations

import math

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.art import cached, px
from pie_table.kit.art_chefs import Grid, RatLook, paint_rat
from pie_table.kit.art_draw import darker, lighter, supersampled


def seat_rat(seat: int, size: int) -> pygame.Surface:
    """The round portrait of the rat at `seat`: a look of its own on its seat's colour."""
    return cached(("seat-rat", seat % len(_FURS), px(size)),
                  lambda: supersampled(px(size), px(size), lambda surf: paint_rat(surf, rat_look(seat))))


def rat_look(seat: int) -> RatLook:
    """Seat `seat`'s rat: its fur, coat and hat, and its seat's colour behind it."""
    n = seat % len(_FURS)
    ground = lighter(pal.SEAT_COLORS[seat % len(pal.SEAT_COLORS)], 0.35)
    fur = _FURS[n]
    return RatLook(fur=fur, fur_dark=darker(fur, 0.28), coat=_COATS[n], ground=ground,
                   rim=darker(ground, 0.35), hat=_HATS[n])


def _beret(g: Grid) -> None:
    """A floppy beret with a stalk, tipped to one side."""
    wool = (150, 40, 60)
    g.ellipse(darker(wool, 0.3), 48, 31, 21, 8)
    g.ellipse(wool, 47, 29, 20, 7)
    g.ellipse(lighter(wool, 0.2), 42, 27, 8, 3)
    g.line(darker(wool, 0.3), (47, 22), (48, 18), 1.6)


def _tricorn(g: Grid) -> None:
    """A black three-cornered pirate hat with a gold edge."""
    felt = (34, 30, 36)
    g.poly(felt, [(26, 34), (50, 16), (74, 34), (50, 30)])
    g.lines(pal.GOLD, [(26, 34), (50, 30), (74, 34)], 1.2)
    g.circle(pal.WHITE, 50, 24, 2.6)  # a cockade


def _boater(g: Grid) -> None:
    """A straw boater with a ribbon band."""
    straw = (226, 196, 120)
    g.ellipse(darker(straw, 0.25), 50, 33, 25, 5)
    g.ellipse(straw, 50, 32, 24, 4)
    g.rect(straw, 37, 20, 26, 12, 2)
    g.rect((40, 90, 150), 37, 26, 26, 4)


def _kerchief(g: Grid) -> None:
    """A spotted kerchief tied over the head, its knot at the side."""
    cloth = (60, 130, 80)
    g.poly(cloth, [(30, 36), (38, 24), (50, 20), (62, 24), (70, 36)])
    for x, y in ((40, 29), (50, 25), (60, 29), (46, 33), (55, 33)):
        g.circle(pal.WHITE, x, y, 1.6)
    g.poly(darker(cloth, 0.2), [(68, 35), (78, 31), (76, 40)])


def _cap(g: Grid) -> None:
    """A flat newsboy cap with its peak forward."""
    tweed = (120, 96, 70)
    g.ellipse(darker(tweed, 0.2), 50, 28, 20, 9)
    g.ellipse(tweed, 50, 27, 19, 8)
    g.ellipse(darker(tweed, 0.35), 40, 34, 14, 3.5)  # the peak
    g.circle(darker(tweed, 0.3), 50, 20, 2)


# One look per seat: the first is the rat the game has always shown (the bowler).
_FURS = ((150, 146, 150), (146, 108, 78), (222, 206, 178), (84, 78, 86), (236, 234, 228), (196, 128, 70))
_COATS = ((64, 60, 92), (40, 80, 60), (120, 40, 50), (50, 70, 120), (90, 60, 40), (70, 50, 100))
_HATS = (None, _beret, _tricorn, _boater, _kerchief, _cap)


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
