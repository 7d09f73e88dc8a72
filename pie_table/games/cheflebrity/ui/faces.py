"""Cheflebrity card faces, drawn in code: a crust, a filling with its fruit, a lattice lid or a
topping on the pie cards, an emblem on the special cards, the quality big in both upper corners
like a printed card. Drawn on a 100-unit grid so one drawing serves every size; cached by card,
size, language and card theme.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from pie_table.games.cheflebrity.deck import CARDS, GENIUS, GENIUS_QUALITY, KIND
from pie_table.games.cheflebrity.ui.names import card_label, part_label, short_part_label
from pie_table.kit import palette as pal
from pie_table.kit import theme
from pie_table.kit.art_draw import circle_at, darker, draw_pie, ellipse_at, lighter, supersampled
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import current_language
from pie_table.kit.text import wrap_text

FLAVOUR_COLORS = {
    "apple": (168, 196, 72),
    "blueberry": pal.BLUEBERRY,
    "cherry": pal.CHERRY,
    "pumpkin": (226, 130, 40),
}
KIND_COLORS = {
    "bottom": pal.CRUST_DARK,
    "filling": (150, 60, 70),
    "top": (200, 140, 40),
    "extras": (214, 110, 150),
    "oops": pal.DANGER,
    "sabotage": (96, 56, 120),
    "saved": (60, 140, 110),
    "genius": (214, 160, 20),
}
BACK_COLOR = (150, 70, 80)


def band_color(card: int, part: str | None = None) -> tuple[int, int, int]:
    """The colour that says what a card is (a Filling's fruit, a Stroke of Genius!'s part)."""
    found = CARDS[card]
    if found.flavour is not None:
        return FLAVOUR_COLORS[found.flavour]
    if found.kind == GENIUS and part:
        return KIND_COLORS.get(part, KIND_COLORS[GENIUS])
    return KIND_COLORS[found.kind]


def quality_text(card: int) -> str:
    found = CARDS[card]
    if found.is_part:
        return str(found.quality)
    if found.kind == GENIUS:
        return str(GENIUS_QUALITY)
    return "!"


# -- emblems, on a 100-unit grid ------------------------------------------------------------------------


class _Grid:
    def __init__(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        self.surf, self.box = surf, box
        self.k = min(box.w, box.h) / 100.0

    def p(self, x: float, y: float) -> tuple[float, float]:
        return self.box.centerx + (x - 50) * self.k, self.box.centery + (y - 50) * self.k

    def r(self, v: float) -> float:
        return v * self.k


def _crust(g: _Grid) -> None:
    cx, cy = g.p(50, 56)
    ellipse_at(g.surf, (60, 30, 10, 60), cx, cy + g.r(14), g.r(44), g.r(12))
    pygame.draw.polygon(g.surf, pal.CRUST_DARK, [g.p(8, 48), g.p(92, 48), g.p(80, 74), g.p(20, 74)])
    ellipse_at(g.surf, pal.CRUST, cx, g.p(50, 48)[1], g.r(42), g.r(14))
    ellipse_at(g.surf, lighter(pal.CRUST, 0.35), cx, g.p(50, 49)[1], g.r(34), g.r(9))
    for i in range(12):
        a = 2 * math.pi * i / 12
        circle_at(
            g.surf,
            darker(pal.CRUST, 0.1),
            (cx + math.cos(a) * g.r(40), g.p(50, 48)[1] + math.sin(a) * g.r(13)),
            g.r(4),
        )


def _fruit(g: _Grid, flavour: str | None) -> None:
    color = FLAVOUR_COLORS.get(flavour or "", (200, 170, 90))
    cx, cy = g.p(50, 62)
    ellipse_at(g.surf, darker(color, 0.35), cx, cy, g.r(40), g.r(16))
    ellipse_at(g.surf, color, cx, cy - g.r(2), g.r(36), g.r(12))
    ellipse_at(g.surf, lighter(color, 0.3), cx - g.r(10), cy - g.r(5), g.r(12), g.r(4))
    if flavour == "apple":
        circle_at(g.surf, (150, 190, 60), g.p(50, 34), g.r(16))
        circle_at(g.surf, lighter((150, 190, 60), 0.3), g.p(44, 29), g.r(5))
        pygame.draw.line(g.surf, pal.WOOD_DARK, g.p(50, 20), g.p(52, 12), max(1, int(g.r(3))))
        ellipse_at(g.surf, (70, 130, 50), *g.p(59, 15), g.r(7), g.r(3))
    elif flavour == "blueberry":
        for x, y in ((40, 34), (56, 32), (48, 22), (62, 42), (36, 44)):
            circle_at(g.surf, pal.BLUEBERRY, g.p(x, y), g.r(8))
            circle_at(g.surf, darker(pal.BLUEBERRY, 0.4), g.p(x, y - 4), g.r(2))
    elif flavour == "cherry":
        for x in (38, 60):
            pygame.draw.line(g.surf, (70, 110, 40), g.p(x, 36), g.p(50, 10), max(1, int(g.r(3))))
            circle_at(g.surf, pal.CHERRY, g.p(x, 40), g.r(11))
            circle_at(g.surf, lighter(pal.CHERRY, 0.4), g.p(x - 4, 36), g.r(3))
    elif flavour == "pumpkin":
        # Wide, squat and ribbed, with a square stalk: unlike the round apple by shape alone, for the
        # players to whom its orange and the apple's green are one colour.
        pump = FLAVOUR_COLORS["pumpkin"]
        for dx in (-22, 22, -11, 11, 0):
            ellipse_at(g.surf, pump if dx == 0 else darker(pump, 0.06 * abs(dx) / 11), *g.p(50 + dx, 38),
                       g.r(13), g.r(12))
        for dx in (-16, -5, 5, 16):
            pygame.draw.line(g.surf, darker(pump, 0.35), g.p(50 + dx, 30), g.p(50 + dx * 1.1, 46),
                             max(1, int(g.r(2))))
        pygame.draw.rect(g.surf, (90, 110, 40), pygame.Rect(*g.p(46, 18), g.r(8), g.r(10)))
    else:  # a Stroke of Genius! standing in: a swirl of light
        circle_at(g.surf, (255, 236, 150), g.p(50, 32), g.r(12))


def _lid(g: _Grid) -> None:
    draw_pie(g.surf, *g.p(50, 50), g.r(42), (214, 150, 70))


def _extras(g: _Grid, quality: int) -> None:
    cx, cy = g.p(50, 66)
    ellipse_at(g.surf, pal.CRUST, cx, cy, g.r(40), g.r(13))
    if quality >= 25:  # a scoop of ice cream
        circle_at(g.surf, (252, 244, 220), g.p(50, 44), g.r(20))
        circle_at(g.surf, (230, 214, 180), g.p(50, 44), g.r(20), max(1, int(g.r(2))))
        circle_at(g.surf, pal.CHERRY, g.p(50, 24), g.r(6))
    elif quality >= 20:  # caramel drizzle
        for i in range(5):
            x = 26 + i * 12
            pygame.draw.line(g.surf, (196, 120, 40), g.p(x, 58), g.p(x + 6, 72), max(2, int(g.r(4))))
        ellipse_at(g.surf, (210, 140, 50), *g.p(50, 56), g.r(34), g.r(6))
    elif quality >= 15:  # whipped cream
        for i, (x, y, r) in enumerate(((50, 50, 16), (50, 38, 12), (50, 28, 8))):
            circle_at(g.surf, (255, 252, 244) if i % 2 == 0 else (244, 236, 222), g.p(x, y), g.r(r))
    elif quality >= 10:  # cinnamon dust
        for i in range(18):
            a = i * 2.4
            circle_at(
                g.surf, (150, 80, 40), g.p(50 + math.cos(a) * (i * 1.8), 62 + math.sin(a) * i * 0.6), g.r(2)
            )
    else:  # sprinkles
        colors = ((220, 60, 90), (70, 140, 220), (250, 210, 60), (120, 190, 90))
        for i in range(14):
            x, y = 22 + (i * 37) % 56, 56 + (i * 13) % 14
            pygame.draw.line(g.surf, colors[i % 4], g.p(x, y), g.p(x + 4, y - 3), max(2, int(g.r(3))))


def _special(g: _Grid, kind: str) -> None:
    if kind == "oops":
        draw_pie(g.surf, *g.p(46, 58), g.r(30), pal.CHERRY)
        for i in range(7):
            a = -0.4 + i * 0.5
            circle_at(
                g.surf,
                pal.CHERRY,
                (g.p(50, 50)[0] + math.cos(a) * g.r(40), g.p(50, 50)[1] + math.sin(a) * g.r(28)),
                g.r(5),
            )
    elif kind == "sabotage":  # a rolling pin coming down, crossed out by a crack
        angle = math.radians(-30)
        dx, dy = math.cos(angle), math.sin(angle)
        left, right = g.p(50 - dx * 30, 50 - dy * 30), g.p(50 + dx * 30, 50 + dy * 30)
        pygame.draw.line(g.surf, (190, 140, 90), left, right, max(4, int(g.r(16))))
        for end, sign in ((left, -1), (right, 1)):
            tip = (end[0] + sign * dx * g.r(14), end[1] + sign * dy * g.r(14))
            pygame.draw.line(g.surf, pal.WOOD_DARK, end, tip, max(2, int(g.r(6))))
        pygame.draw.lines(
            g.surf,
            pal.DANGER,
            False,
            [g.p(20, 78), g.p(36, 70), g.p(48, 82), g.p(62, 70), g.p(80, 80)],
            max(2, int(g.r(5))),
        )
    elif kind == "saved":  # a mitt catching a pie
        draw_pie(g.surf, *g.p(50, 36), g.r(24), pal.BLUEBERRY)
        ellipse_at(g.surf, (60, 140, 110), *g.p(50, 70), g.r(36), g.r(14))
        for x in (22, 36, 50, 64, 78):
            circle_at(g.surf, (60, 140, 110), g.p(x, 60), g.r(8))
    else:  # Stroke of Genius!: a bulb with rays
        for i in range(10):
            a = 2 * math.pi * i / 10
            pygame.draw.line(
                g.surf,
                (250, 200, 40),
                g.p(50 + math.cos(a) * 30, 42 + math.sin(a) * 30),
                g.p(50 + math.cos(a) * 44, 42 + math.sin(a) * 44),
                max(2, int(g.r(4))),
            )
        circle_at(g.surf, (255, 236, 120), g.p(50, 42), g.r(22))
        pygame.draw.rect(g.surf, (150, 150, 160), pygame.Rect(*g.p(40, 62), g.r(20), g.r(16)))


def paint_emblem(surf: pygame.Surface, box: pygame.Rect, card: int) -> None:
    """The picture in the middle of a card."""
    found = CARDS[card]
    g = _Grid(surf, box)
    kind = found.kind
    if kind == "bottom":
        _crust(g)
    elif kind == "filling":
        _fruit(g, found.flavour)
    elif kind == "top":
        _lid(g)
    elif kind == "extras":
        _extras(g, found.quality)
    else:
        _special(g, kind)


# -- whole cards ------------------------------------------------------------------------------------------


def card_face(card: int, w: int, h: int) -> pygame.Surface:
    """A card as it lies face up (cached per size, language and theme)."""
    return _face(card, int(w), int(h), current_language(), theme.current())


@lru_cache(maxsize=512)
def _face(card: int, w: int, h: int, language: str, card_theme: str) -> pygame.Surface:
    found = CARDS[card]
    color = band_color(card)
    radius = max(4, w // 10)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    body = surf.get_rect()
    pygame.draw.rect(surf, pal.CREAM, body, border_radius=radius)
    pygame.draw.rect(surf, color, body, max(2, w // 22), border_radius=radius)
    big = card_theme == "high_contrast"
    text = quality_text(card)
    pad = max(3, w // 16)
    corner, twice = corner_numerals(text, w, h, big)
    numeral = font(corner, "bold").render(text, True, pal.legible(darker(color, 0.25), pal.CREAM))
    surf.blit(numeral, (pad, pad - 1))
    if twice:
        surf.blit(numeral, numeral.get_rect(topright=(w - pad, pad - 1)))
    name_size = _name_size(h)
    name_lines = face_name_lines(card, w, h)
    name_h = len(name_lines) * font(name_size, "bold").get_linesize()
    top = pad + numeral.get_height()
    art = pygame.Rect(pad, top, w - 2 * pad, max(8, h - top - name_h - pad))
    emblem = supersampled(art.w, art.h, lambda s: paint_emblem(s, s.get_rect(), card))
    surf.blit(emblem, art.topleft)
    y = h - pad - name_h
    for line in name_lines:
        image = font(name_size, "bold").render(line, True, pal.INK)
        if image.get_width() > w - 2 * name_margin(w):  # the smallest cards' last line: squeezed, whole
            image = pygame.transform.smoothscale(image, (w - 2 * name_margin(w), image.get_height()))
        surf.blit(image, image.get_rect(midtop=(w // 2, y)))
        y += font(name_size, "bold").get_linesize()
    if found.kind == GENIUS and h >= 96:
        star = font(max(min_readable(), corner // 2), "bold").render("★", True, pal.legible(color, pal.CREAM))
        surf.blit(star, star.get_rect(midtop=(w // 2, pad)))
    return surf


_NAME_LINES = 4  # a card's name takes at most this many lines; its picture gives way
# A word up to this much wider than the card is squeezed whole rather than broken: a break
# where no syllable starts reads worse ("Shortc-rust", "Homesty-le") than letters a little narrow.
_SQUEEZE = 1.15


def corner_numerals(text: str, w: int, h: int, big: bool = False) -> tuple[int, bool]:
    """The corner quality's font size on a `w` x `h` card, and whether it shows in both top
    corners: a card too narrow for two ("10 10" read "1010") keeps one, never a cut number."""
    pad = max(3, w // 16)
    corner = max(min_readable() + 2, int(h * (0.22 if big else 0.17)))
    gap = max(4, w // 10)
    while corner > min_readable() and 2 * font(corner, "bold").size(text)[0] + gap > w - 2 * pad:
        corner -= 1
    return corner, 2 * font(corner, "bold").size(text)[0] + gap <= w - 2 * pad


def name_margin(w: int) -> int:
    """How far a card's name keeps from either side of its face `w` wide, at the widest."""
    return max(3, w // 16) - 1


def _name_size(h: int) -> int:
    """The size of a card's name on a face `h` tall."""
    return max(min_readable(), int(h * 0.09))


def face_name_lines(card: int, w: int, h: int) -> list[str]:
    """The lines of `card`'s name on its face at `w` x `h` (none on a card too small to name it)."""
    return card_name_lines(card_label(card), w - 2 * max(3, w // 16), _name_size(h)) if h >= 96 else []


def card_name_lines(label: str, width: int, size: int) -> list[str]:
    """A card's name in lines `width` wide at `size`: broken at spaces, and after a hyphen (its own,
    or one put in at a syllable) when a word is much wider than the card ("Store-" / "bought");
    a word only a little too wide stays whole (drawn narrower); past _NAME_LINES lines the last
    one holds the rest (drawn narrower, never cut)."""
    fnt = font(size, "bold")
    widest = int(width * _SQUEEZE)
    words: list[str] = []
    for word in label.split():
        if fnt.size(word)[0] <= widest:
            words.append(word)  # a word a little too wide is drawn a little narrower, whole
        elif "-" in word[1:-1]:
            head, tail = word.split("-", 1)
            words += [head + "-", tail]
        else:
            words += _hyphenated(word, fnt, width)
    lines = wrap_text(" ".join(words), fnt, width)
    lines = [line.replace("- ", "-") for line in lines]
    if any(fnt.size(line)[0] > widest + 2 for line in lines):
        return []  # a card too narrow to break a word usefully shows no name, like a small card
    if len(lines) > _NAME_LINES:  # only the smallest pile cards: the last line holds the rest,
        lines = [*lines[:_NAME_LINES - 1], " ".join(lines[_NAME_LINES - 1:])]  # drawn squeezed
    return lines


def _hyphenated(word: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """A word wider than the card in pieces that fit, each but the last ending in "-"
    ("supermer-" / "cado"): a long word is broken rather than the whole name hidden."""
    pieces: list[str] = []
    while fnt.size(word)[0] > width:
        cut = len(word) - 1
        while cut > 2 and fnt.size(word[:cut] + "-")[0] > width:
            cut -= 1
        if cut <= 2:
            break  # too narrow to break usefully: the caller drops the name
        # Rather before a consonant that starts a syllable ("supermer-cado", not "supermerc-ado").
        cut = next((c for c in range(cut, 2, -1) if _syllable_start(word, c)), cut)
        pieces.append(word[:cut] + "-")
        word = word[cut:]
    return [*pieces, word]


_VOWELS = set("aeiouáéíóúü")


def _syllable_start(word: str, at: int) -> bool:
    """True where `word[at:]` starts like a syllable: one consonant then a vowel, after a vowel
    or a consonant."""
    return (at + 1 < len(word) and word[at].lower() not in _VOWELS
            and word[at + 1].lower() in _VOWELS and word[at - 1].isalpha())


def card_back(w: int, h: int) -> pygame.Surface:
    return _back(int(w), int(h))


@lru_cache(maxsize=32)
def _back(w: int, h: int) -> pygame.Surface:
    radius = max(4, w // 10)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, BACK_COLOR, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(4, w // 8), -max(4, w // 8))
    pygame.draw.rect(surf, lighter(BACK_COLOR, 0.15), inner, max(1, w // 30), border_radius=radius // 2)
    for i in range(-h, w, max(6, w // 6)):
        pygame.draw.line(
            surf, darker(BACK_COLOR, 0.12), (inner.x + i, inner.y), (inner.x + i + inner.h, inner.bottom), 2
        )
    emblem = supersampled(
        inner.w // 2,
        inner.w // 2,
        lambda s: draw_pie(s, s.get_width() / 2, s.get_height() / 2, s.get_width() * 0.45, pal.CHERRY),
    )
    surf.blit(emblem, emblem.get_rect(center=inner.center))
    return surf


def part_strip(card: int, part: str, w: int, h: int) -> pygame.Surface:
    """One card of a pie in the making, seen edge-on: its part's colour, a small emblem, the part
    name and the quality, so a whole stack reads at a glance."""
    return _strip(card, part, int(w), int(h), current_language(), theme.current())


@lru_cache(maxsize=1024)
def _strip(card: int, part: str, w: int, h: int, language: str, card_theme: str) -> pygame.Surface:
    color = band_color(card, part)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    # The strip, a plate for its quality and part: with high contrast a cherry's pink a shade lighter.
    pygame.draw.rect(surf, pal.plate(lighter(color, 0.55))[0], rect, border_radius=h // 3)
    pygame.draw.rect(surf, color, rect, max(2, h // 9), border_radius=h // 3)
    icon = supersampled(h - 4, h - 4, lambda s: paint_emblem(s, s.get_rect(), card))
    surf.blit(icon, (3, 2))
    size = max(min_readable(), int(h * 0.62))
    number = font(size, "bold").render(quality_text(card) if KIND[card] != GENIUS else "5★", True, pal.INK)
    surf.blit(number, number.get_rect(midright=(w - 5, h // 2)))
    label_w = w - h - number.get_width() - 10
    if label_w > 30:
        name = part_label(part)
        fnt = font(max(min_readable(), int(h * 0.5)))
        if fnt.size(name)[0] > label_w:
            name = short_part_label(part)  # "Bottom" reads better than "Bottom …"
        if fnt.size(name)[0] > label_w:
            name = ""  # a stub like "Fil…" says nothing the colour and emblem do not
        if name:
            image = fnt.render(name, True, pal.INK)
            surf.blit(image, image.get_rect(midleft=(h + 2, h // 2)))
    return surf
