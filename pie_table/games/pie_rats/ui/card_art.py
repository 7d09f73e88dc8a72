"""Pie Rats card faces, drawn in code: a named rat on every crew card, an item on every charisma
and action card, a pie on every pie card, the numbers in the corners like printed cards.

Every icon is drawn on a 100-unit grid, so the same drawing serves a small card on the table and
a large one in the hand. Images are cached by card, size and language.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from pie_table.games.pie_rats.deck import CARDS, PIES
from pie_table.games.pie_rats.ui import badges
from pie_table.games.pie_rats.ui.crew_art import crew_portrait
from pie_table.games.pie_rats.ui.names import card_label, pie_label
from pie_table.kit import art, theme
from pie_table.kit import palette as pal
from pie_table.kit.art_draw import darker, draw_pie, lighter, supersampled
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import current_language
from pie_table.kit.text import wrap_text

KIND_COLORS = {
    "crew": (150, 98, 60),  # a rat-brown band
    "charisma": (196, 146, 40),  # gold
    "action": (92, 120, 70),  # farm green
    "pie": pal.CHERRY,
}
BACK_COLOR = (120, 72, 40)
_TITLE_LINES = 3  # a card's name takes up to this many lines before it is squeezed narrower
_FILLINGS = {
    "Blueberry": pal.BLUEBERRY,
    "Apple": pal.APPLE,
    "Rhubarb": (200, 70, 90),
    "Cherry": pal.CHERRY,
    "Peach": (240, 160, 90),
    "Key Lime": (170, 210, 90),
    "Pecan": (130, 80, 40),
    "Pumpkin": (226, 130, 40),
    "Shoofly": (110, 66, 30),
    "Banana": (246, 222, 120),
    "Lemon": pal.LEMON,
    "Strawberry": (220, 50, 70),
    "Chocolate": (96, 58, 36),
    "Carob": (120, 78, 48),
    "Mud": (80, 50, 34),
    "Grand": (170, 60, 120),
}


class _Grid:
    """A 100-unit design grid over a surface of any size."""

    def __init__(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        self.surf, self.box = surf, box
        self.k = min(box.w, box.h) / 100.0

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return (self.box.x + x * self.k, self.box.y + y * self.k)

    def circle(self, color, x: float, y: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.surf, color, self.pt(x, y), max(1, r * self.k), int(width * self.k))

    def ellipse(self, color, x: float, y: float, rx: float, ry: float, width: float = 0) -> None:
        rect = pygame.Rect(0, 0, max(2, 2 * rx * self.k), max(2, 2 * ry * self.k))
        rect.center = (round(self.pt(x, y)[0]), round(self.pt(x, y)[1]))
        pygame.draw.ellipse(self.surf, color, rect, int(width * self.k))

    def poly(self, color, pts: list[tuple[float, float]], width: float = 0) -> None:
        pygame.draw.polygon(self.surf, color, [self.pt(x, y) for x, y in pts], int(width * self.k))

    def line(self, color, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
        pygame.draw.line(self.surf, color, self.pt(*a), self.pt(*b), max(1, int(width * self.k)))

    def rect(self, color, x: float, y: float, w: float, h: float, radius: float = 0) -> None:
        r = pygame.Rect(self.pt(x, y), (w * self.k, h * self.k))
        pygame.draw.rect(self.surf, color, r, border_radius=int(radius * self.k))


# -- icons ------------------------------------------------------------------------------------------------


def _heart(g: _Grid, color, x: float, y: float, r: float) -> None:
    g.circle(color, x - r * 0.5, y - r * 0.2, r * 0.55)
    g.circle(color, x + r * 0.5, y - r * 0.2, r * 0.55)
    g.poly(color, [(x - r * 1.02, y), (x + r * 1.02, y), (x, y + r * 1.1)])


def _hook(g: _Grid) -> None:
    g.rect((110, 70, 40), 36, 62, 28, 22, 6)
    g.line((200, 200, 210), (50, 62), (50, 36), 7)
    pygame.draw.arc(
        g.surf,
        (200, 200, 210),
        pygame.Rect(g.pt(30, 14), (40 * g.k, 40 * g.k)),
        math.pi * 0.9,
        math.pi * 2.05,
        max(2, int(7 * g.k)),
    )


def _parrot(g: _Grid) -> None:
    g.ellipse((60, 170, 80), 50, 55, 20, 28)
    g.circle((60, 170, 80), 50, 28, 14)
    g.poly((240, 190, 60), [(60, 26), (74, 32), (60, 38)])
    g.circle(pal.WHITE, 54, 24, 4)
    g.circle(pal.INK, 55, 24, 2)
    g.poly((200, 50, 50), [(36, 70), (50, 96), (58, 72)])


def _spyglass(g: _Grid) -> None:
    g.poly((150, 110, 50), [(18, 70), (72, 22), (82, 32), (28, 80)])
    g.poly((214, 176, 80), [(62, 30), (76, 18), (88, 30), (74, 42)])
    g.circle((180, 210, 230), 82, 24, 6)


def _cutlass(g: _Grid) -> None:
    g.poly((214, 214, 224), [(30, 78), (70, 12), (80, 18), (42, 84)])
    g.rect(pal.GOLD, 22, 74, 30, 8, 3)
    g.line((110, 70, 40), (30, 88), (40, 80), 9)


def _doubloons(g: _Grid) -> None:
    for x, y in ((36, 66), (62, 66), (49, 44), (49, 78)):
        g.circle(darker(pal.GOLD, 0.25), x, y, 17)
        g.circle(pal.GOLD, x, y, 14)
        g.circle(lighter(pal.GOLD, 0.3), x - 3, y - 3, 5)


def _charm(g: _Grid) -> None:
    _heart(g, (226, 90, 130), 50, 48, 30)
    _heart(g, (250, 170, 200), 44, 40, 8)
    for x, y in ((80, 20), (18, 26), (82, 76)):
        g.poly(
            pal.GOLD,
            [
                (x, y - 7),
                (x + 2, y - 2),
                (x + 7, y),
                (x + 2, y + 2),
                (x, y + 7),
                (x - 2, y + 2),
                (x - 7, y),
                (x - 2, y - 2),
            ],
        )


def _bean(g: _Grid) -> None:
    g.ellipse((96, 60, 34), 50, 50, 34, 20)
    g.ellipse((140, 92, 52), 46, 44, 22, 9)
    g.line((70, 40, 20), (24, 52), (76, 48), 3)


def _kidnap(g: _Grid) -> None:
    g.poly((170, 140, 90), [(26, 44), (74, 44), (84, 90), (16, 90)])
    g.ellipse((150, 120, 70), 50, 44, 24, 7)
    g.line((110, 70, 40), (36, 40), (64, 40), 4)
    g.circle((120, 110, 110), 50, 26, 12)  # a rat's head peeking out
    g.circle(pal.INK, 45, 24, 2)
    g.circle(pal.INK, 55, 24, 2)


def _mirror(g: _Grid) -> None:
    g.rect((110, 70, 40), 46, 66, 8, 28, 3)
    g.ellipse(pal.GOLD, 50, 40, 26, 32)
    g.ellipse((190, 220, 240), 50, 40, 21, 27)
    g.line(pal.WHITE, (40, 26), (52, 18), 3)


def _spinach(g: _Grid) -> None:
    g.rect((70, 130, 60), 28, 30, 44, 60, 6)
    g.rect((200, 200, 205), 26, 26, 48, 8, 3)
    g.rect((200, 200, 205), 26, 86, 48, 6, 3)
    g.poly((40, 100, 40), [(38, 64), (50, 40), (62, 64), (50, 76)])


def _theft(g: _Grid) -> None:
    g.circle(pal.GOLD, 64, 34, 16)
    g.poly(pal.WHITE, [(64, 22), (67, 31), (76, 34), (67, 37), (64, 46), (61, 37), (52, 34), (61, 31)])
    g.poly((80, 60, 100), [(16, 80), (40, 54), (46, 60), (26, 88)])
    g.poly((80, 60, 100), [(38, 50), (52, 44), (54, 56), (44, 62)])


_ICONS = {
    "hooked_hand": _hook,
    "parrot": _parrot,
    "spyglass": _spyglass,
    "cutlass": _cutlass,
    "doubloons": _doubloons,
    "charm": _charm,
    "carob_bean": _bean,
    "kidnapping": _kidnap,
    "mirror": _mirror,
    "spinach": _spinach,
    "charisma_theft": _theft,
}


# -- card faces ------------------------------------------------------------------------------------------


def _frame(w: int, h: int, band) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surf, pal.CREAM, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(2, w // 16), -max(2, w // 16))
    # The card's paper, a plate for its name: with high contrast a pie's pink a shade lighter (7:1).
    pygame.draw.rect(surf, pal.plate(lighter(band, 0.55))[0], inner, border_radius=radius)
    pygame.draw.rect(surf, band, surf.get_rect(), max(1, w // 28), border_radius=radius)
    return surf


def _badge(surf: pygame.Surface, center: tuple[int, int], r: int, kind: str, text: str) -> None:
    color = badges.KINDS[kind].color
    if theme.high_contrast():  # larger badges: readable at a glance (their fills made legible by draw_badge)
        r = int(r * 1.3)
        center = (center[0] + (r // 5 if center[0] < surf.get_width() // 2 else -r // 5), center[1] - r // 5)
    grown = badges.badge_radius(r, text, badges.KINDS[kind].shape)  # kept on the card, grown
    w, h = surf.get_size()
    center = (min(max(center[0], grown + 1), w - grown - 1), min(max(center[1], grown + 1), h - grown - 1))
    badges.draw_badge(surf, center, r, kind, text, color)


def title_lines(text: str, width: int, size: int) -> tuple[list[str], int]:
    """A card's name whole on `width` pixels, and its font size: two lines, a little smaller when
    a long name needs it (never below the readable minimum), a third when even that is not
    enough; a word wider than the card keeps its line (it is drawn squeezed, never cut)."""
    lines = wrap_text(text, font(size, "bold"), width)
    while len(lines) > 2 and size > min_readable():
        size -= 1
        lines = wrap_text(text, font(size, "bold"), width)
    if len(lines) > _TITLE_LINES:
        lines = [*lines[: _TITLE_LINES - 1], " ".join(lines[_TITLE_LINES - 1 :])]
    return lines, size


def _title(surf: pygame.Surface, text: str, box: pygame.Rect, size: int) -> int:
    """The card's name at the top of `box` (title_lines), the art below giving way to a third
    line; left off on cards too small to read it. Returns the y below it."""
    if size < min_readable():
        return box.y
    lines, size = title_lines(text, box.w, size)
    y = box.y
    for line in lines:
        image = font(size, "bold").render(line, True, pal.INK)
        if image.get_width() > box.w:  # a word (or a third line) wider than the card: squeezed
            image = pygame.transform.smoothscale(image, (box.w, image.get_height()))
        surf.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += image.get_height() - 2
    return y + 2


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def card_face(card: int, w: int, h: int, language: str = "en", strength: int | None = None) -> pygame.Surface:
    """The face of main-deck card `card` at w x h, in the player's card theme; `strength`: a crew
    member's strength now, when it is not the printed one (fed Spinach)."""
    return _card_face(card, w, h, language, theme.current(), strength)


@lru_cache(maxsize=512)
def _card_face(card: int, w: int, h: int, language: str, look: str,
               strength: int | None = None) -> pygame.Surface:
    info = CARDS[card]
    surf = _frame(w, h, KIND_COLORS[info.kind])
    pad = max(3, w // 14)
    title_size = max(min_readable(), int(w * 0.13))
    named = h >= 100
    top = pad + int(title_size * 2.2)
    if named:
        top = max(top, _title(surf, card_label(card), pygame.Rect(pad, pad, w - 2 * pad, 0), title_size))
    art_box = pygame.Rect(pad, top if named else pad, w - 2 * pad, 0)
    art_box.h = max(8, h - art_box.y - int(h * 0.2))
    r = max(9, int(w * 0.13))
    if info.kind == "crew":
        size = min(art_box.w, art_box.h)
        portrait = crew_portrait(card, size)
        surf.blit(portrait, portrait.get_rect(center=art_box.center))
        _badge(surf, (pad + r, h - pad - r), r, "loyalty", _signed(info.loyalty))
        # A small card's numbers both sit on its left edge, so they show in an overlapped row.
        corner = (w - pad - r, h - pad - r) if named else (pad + r, pad + r)
        shown = info.strength if strength is None else strength
        # A strength the card does not print (Spinach) shows on a green badge: it is the rat's now.
        _badge(surf, corner, r, "strength" if shown == info.strength else "spinach", str(shown))
    else:
        icon = supersampled(
            min(art_box.w, art_box.h),
            min(art_box.w, art_box.h),
            lambda s: _ICONS[info.key](_Grid(s, s.get_rect())),
        )
        surf.blit(icon, icon.get_rect(center=art_box.center))
        if info.kind == "charisma":
            _badge(surf, (pad + r, h - pad - r), r, "charisma", f"+{info.charisma}")
    return surf


def _filling(name: str):
    for word, color in _FILLINGS.items():
        if name.startswith(word):
            return color
    return pal.CHERRY


def pie_face(pie: int, w: int, h: int, language: str = "en") -> pygame.Surface:
    """A pie card: the pie, its name, its weight (bottom left) and points (bottom right)."""
    return _pie_face(pie, w, h, language, theme.current())


@lru_cache(maxsize=128)
def _pie_face(pie: int, w: int, h: int, language: str, look: str) -> pygame.Surface:
    info = PIES[pie]
    surf = _frame(w, h, KIND_COLORS["pie"])
    pad = max(3, w // 14)
    title_size = max(min_readable(), int(w * 0.13))
    named = h >= 100
    top = pad + (int(title_size * 2.2) if named else 0)
    if named:
        top = max(top, _title(surf, pie_label(pie), pygame.Rect(pad, pad, w - 2 * pad, 0), title_size))
    size = max(8, min(w - 2 * pad, h - top - int(h * 0.2)))
    dish = supersampled(
        size,
        size,
        lambda c: draw_pie(
            c, c.get_width() / 2, c.get_height() / 2, c.get_width() * 0.44, _filling(info.name)
        ),
    )
    surf.blit(dish, dish.get_rect(midtop=(w // 2, top)))
    r = max(9, int(w * 0.13))
    _badge(surf, (pad + r, h - pad - r), r, "weight", str(info.weight))
    _badge(surf, (w - pad - r, h - pad - r), r, "points", str(info.points))
    return surf


@lru_cache(maxsize=16)
def card_back(w: int, h: int) -> pygame.Surface:
    """The back of the main deck: a lattice crust on rat brown."""
    return art.card_back(BACK_COLOR, w, h)


@lru_cache(maxsize=16)
def pie_back(w: int, h: int) -> pygame.Surface:
    return art.card_back(KIND_COLORS["pie"], w, h)


def face(card: int, w: int, h: int) -> pygame.Surface:
    return card_face(card, w, h, current_language())
