"""A portrait for every crew member: the same pirate rat, dressed differently for each card (fur,
coat, headwear, an eyepatch or an earring), so a crew reads as a crew of individuals. The look is
worked out from the card number, so a rat always looks the same. Drawn in code on a 100-unit grid."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import pygame

from pie_table.games.pie_rats.deck import DECK
from pie_table.kit import palette as pal
from pie_table.kit.art_draw import darker, lighter, supersampled

_FURS = ((150, 146, 150), (126, 104, 86), (186, 176, 160), (92, 86, 96), (170, 130, 96))
_COATS = ((64, 60, 92), (120, 40, 48), (40, 90, 80), (150, 110, 40), (70, 70, 70), (110, 70, 130))
_BACKS = ((120, 150, 156), (160, 140, 110), (130, 150, 120), (150, 130, 150), (170, 150, 120))
_HATS = ("bandana", "tricorn", "bowler", "none")


class _G:
    def __init__(self, surf: pygame.Surface) -> None:
        self.s, self.k = surf, surf.get_width() / 100.0

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.k, y * self.k)

    def circle(self, c, x: float, y: float, r: float, w: float = 0) -> None:
        pygame.draw.circle(self.s, c, self.p(x, y), max(1, r * self.k), int(w * self.k) if w else 0)

    def ellipse(self, c, x: float, y: float, rx: float, ry: float) -> None:
        rect = pygame.Rect(0, 0, max(2, 2 * rx * self.k), max(2, 2 * ry * self.k))
        rect.center = (round(x * self.k), round(y * self.k))
        pygame.draw.ellipse(self.s, c, rect)

    def poly(self, c, pts: list[tuple[float, float]]) -> None:
        pygame.draw.polygon(self.s, c, [self.p(x, y) for x, y in pts])

    def line(self, c, a: tuple[float, float], b: tuple[float, float], w: float) -> None:
        pygame.draw.line(self.s, c, self.p(*a), self.p(*b), max(1, int(w * self.k)))


def _paint(surf: pygame.Surface, card: int) -> None:
    g = _G(surf)
    fur = _FURS[card % len(_FURS)]
    coat = _COATS[(card // 2) % len(_COATS)]
    back = _BACKS[(card // 3) % len(_BACKS)]
    hat = _HATS[(card * 7 + 3) % len(_HATS)]
    fur_dark, pink = darker(fur, 0.25), (236, 160, 170)
    g.circle(darker(back, 0.3), 50, 50, 49)
    g.circle(back, 50, 50, 46)
    g.ellipse(coat, 50, 103, 34, 24)
    g.poly(pal.WHITE, [(43, 80), (57, 80), (50, 96)])
    for side in (-1, 1):
        g.circle(fur_dark, 50 + side * 24, 36, 13)
        g.circle(pink, 50 + side * 24, 36, 8.5)
    g.ellipse(fur_dark, 50, 56, 23, 21)
    g.ellipse(fur, 50, 55, 22, 20)
    g.ellipse(fur, 50, 69, 12, 10)
    g.ellipse(lighter(fur, 0.3), 50, 72, 8, 6)
    g.circle(pink, 50, 68, 3.6)
    for side in (-1, 1):
        for dy in (-2, 1, 4):
            g.line((60, 56, 60), (50 + side * 7, 71), (50 + side * 25, 69 + dy * 1.6), 0.6)
    g.circle((20, 16, 20), 41, 56, 3.2)
    if card % 3 == 0:  # an eyepatch over the right eye, on a cord round the head
        g.line((30, 24, 28), (36, 46), (66, 54), 1.2)
        g.ellipse((30, 24, 28), 59, 56, 5.5, 4.5)
    else:
        g.circle((20, 16, 20), 59, 56, 3.2)
        g.circle(pal.WHITE, 60, 55, 1)
    g.circle(pal.WHITE, 42, 55, 1)
    if card % 4 == 1:  # a gold earring
        g.circle(pal.GOLD, 27, 44, 3, 1.2)
    g.poly(pal.CHERRY if card % 2 else pal.GOLD, [(50, 83), (40, 78), (40, 88)])
    g.poly(pal.CHERRY if card % 2 else pal.GOLD, [(50, 83), (60, 78), (60, 88)])
    if hat == "bandana":
        band = _COATS[(card + 2) % len(_COATS)]
        g.poly(band, [(28, 42), (72, 42), (68, 30), (50, 24), (32, 30)])
        g.poly(band, [(70, 38), (84, 44), (80, 50), (70, 42)])
        for x in (38, 50, 62):
            g.circle(lighter(band, 0.5), x, 35, 1.6)
    elif hat == "tricorn":
        crown = (40, 34, 40)
        g.poly(crown, [(22, 36), (78, 36), (66, 22), (50, 16), (34, 22)])
        g.poly(pal.GOLD, [(22, 36), (78, 36), (76, 34), (24, 34)])
    elif hat == "bowler":
        crown = (46, 40, 48)
        g.poly(crown, [(33, 34), (67, 30), (68, 33), (32, 38)])
        g.ellipse(crown, 51, 30, 13, 11)
        g.poly(pal.CHERRY, [(38.5, 33), (63.5, 30), (63.3, 27.5), (38.7, 30.5)])


def captain_look(view: Mapping[str, Any], seat: int) -> int:
    """Each Captain's own portrait (numbers past the crew cards, so no crew member shares it)."""
    names = [c["en"] for c in DECK.captains]
    name = view["captains"][seat]
    return 1000 + (names.index(name) if name in names else seat)


@lru_cache(maxsize=256)
def crew_portrait(card: int, size: int) -> pygame.Surface:
    """The portrait of crew card `card`, `size` pixels square."""
    size = max(8, int(size))
    return supersampled(size, size, lambda surf: _paint(surf, card))
