"""Rumble Pie's card faces, drawn in code (the owner-tinted backs are every deck's: kit.art_backs).

A card is painted in two passes: shapes on a supersampled canvas (smooth edges), then text rendered
natively at the final size (font hinting keeps small numerals crisp at 60x84).
"""

from __future__ import annotations

import math

import pygame

from pie_table.kit import palette as pal
from pie_table.kit import theme
from pie_table.kit.art_backs import corner_radius
from pie_table.kit.art_chefs import CHEF_COLORS, CHEF_NAMES, paint_chef
from pie_table.kit.art_draw import (
    SUPERSAMPLE,
    canvas,
    darker,
    draw_pie,
    ellipse_at,
    lighter,
    rounded_mask,
    star_points,
    supersampled,
    text_outlined,
    vertical_gradient,
)
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import _
from pie_table.kit.text import wrap_text

PIE_KINDS = {"one": 1, "two": 2, "three": 3, "four": 4}
# Each numeral has its own filling and ink so a glance at colour already says which card it is.
PIE_FILLINGS = {1: pal.CHERRY, 2: pal.BLUEBERRY, 3: pal.APPLE, 4: pal.LEMON}
PIE_INKS = {1: (170, 30, 44), 2: (50, 62, 140), 3: (70, 118, 34), 4: (184, 120, 16)}
# The darkest the accent-tinted top of a card gets behind its corner numeral.
_CORNER_GROUND = (204, 200, 160)
KIND_ACCENTS = {
    **{name: CHEF_COLORS[name][1] for name in CHEF_NAMES},
    **{kind: PIE_INKS[n] for kind, n in PIE_KINDS.items()},
    "kapow": pal.DANGER,
    "block": (96, 104, 124),
}
CARD_KINDS = tuple(KIND_ACCENTS)
_TIN = (186, 188, 198)


def paint_face(kind: str, w: int, h: int) -> pygame.Surface:
    """A finished card face of `kind` at w x h (not cached; art.card_face caches)."""
    if kind not in KIND_ACCENTS:
        raise ValueError(f"unknown card kind {kind!r}")
    base = supersampled(w, h, lambda s: _paint_shapes(s, kind))
    _draw_text(base, kind)
    return rounded_mask(base, corner_radius(w))


def _paint_shapes(s: pygame.Surface, kind: str) -> None:
    w, h = s.get_size()
    accent = KIND_ACCENTS[kind]
    top = pal.CREAM if kind != "kapow" else (255, 236, 180)
    s.blit(vertical_gradient((w, h), top, pal.PAPER), (0, 0))
    bw = max(2, int(w * 0.045))
    r = corner_radius(w // SUPERSAMPLE) * SUPERSAMPLE
    pygame.draw.rect(s, accent, s.get_rect(), bw, border_radius=r)
    inner = s.get_rect().inflate(-bw * 3, -bw * 3)
    pygame.draw.rect(s, lighter(accent, 0.55), inner, max(1, bw // 3), border_radius=max(1, r - bw))
    if kind in CHEF_NAMES:
        _chef_shapes(s, kind)
    elif kind in PIE_KINDS:
        _pie_shapes(s, PIE_KINDS[kind])
    elif kind == "kapow":
        _kapow_shapes(s)
    else:
        _block_shapes(s)


def _chef_shapes(s: pygame.Surface, name: str) -> None:
    w, h = s.get_size()
    d = int(w * 0.78)
    portrait = canvas(d, d)
    paint_chef(portrait, name)
    s.blit(portrait, ((w - d) // 2, int(h * 0.17)))
    # Tall enough for the name at the text floor (the canvas is SUPERSAMPLE times the card).
    band = max(int(h * 0.12), (min_readable() + 5) * SUPERSAMPLE)
    ribbon = pygame.Rect(int(w * 0.06), int(h * 0.8) - band // 2, int(w * 0.88), band)
    _ribbon(s, ribbon, pal.plate(CHEF_COLORS[name][1])[0])
    small = int(w * 0.2)
    mini = canvas(small, small)
    paint_chef(mini, name)
    s.blit(mini, (int(w * 0.05), int(h * 0.035)))
    s.blit(pygame.transform.rotate(mini, 180), (w - small - int(w * 0.05), h - small - int(h * 0.035)))


def _ribbon(s: pygame.Surface, rect: pygame.Rect, color) -> None:
    """A name banner with notched tails."""
    tail = rect.h * 0.6
    for side in (-1, 1):
        x = rect.left if side < 0 else rect.right
        drop = rect.h * 0.25
        pts = [(x, rect.top + drop), (x - side * tail * 1.3, rect.top + drop),
               (x - side * tail * 0.8, rect.centery + drop), (x - side * tail * 1.3, rect.bottom + drop),
               (x, rect.bottom + drop)]
        pygame.draw.polygon(s, darker(color, 0.3), pts)
    pygame.draw.rect(s, color, rect, border_radius=rect.h // 5)
    if theme.high_contrast():
        return  # no lighter inner line: on a small card it lies under the name (6.6:1 at 12 px)
    pygame.draw.rect(s, lighter(color, 0.3), rect.inflate(-rect.h * 0.3, -rect.h * 0.3), max(1, rect.h // 14),
                     border_radius=rect.h // 6)


def pie_layout(n: int, w: int, h: int) -> list[tuple[float, float, float]]:
    """(cx, cy, r) of each of the n pies in the lower part of a w x h card."""
    top, bottom = h * 0.56, h * 0.84
    mid_y = (top + bottom) / 2
    if n == 1:
        return [(w * 0.5, mid_y, w * 0.25)]
    if n == 2:
        return [(w * 0.33, mid_y, w * 0.17), (w * 0.67, mid_y, w * 0.17)]
    if n == 3:
        r = w * 0.14
        return [(w * 0.5, top + r * 0.5, r), (w * 0.29, bottom - r * 0.6, r), (w * 0.71, bottom - r * 0.6, r)]
    r = w * 0.13
    return [(w * x, y, r) for y in (top + r * 0.4, bottom - r * 0.55) for x in (0.33, 0.67)]


def _pie_shapes(s: pygame.Surface, n: int) -> None:
    w, h = s.get_size()
    ink = PIE_INKS[n]
    # A soft medallion behind the centre numeral.
    ellipse_at(s, lighter(ink, 0.82), w * 0.5, h * 0.33, w * 0.3, h * 0.2)
    ellipse_at(s, lighter(ink, 0.55), w * 0.5, h * 0.33, w * 0.3, h * 0.2, max(1, int(w * 0.015)))
    for cx, cy, r in pie_layout(n, w, h):
        draw_pie(s, cx, cy, r, PIE_FILLINGS[n])


def _kapow_shapes(s: pygame.Surface) -> None:
    w, h = s.get_size()
    cx, cy = w * 0.5, h * 0.5
    jag = [1.0, 0.78, 0.95, 0.7, 1.05, 0.82, 0.92, 0.74, 1.0, 0.86, 0.96, 0.72]
    pygame.draw.polygon(s, darker(pal.DANGER, 0.25), star_points(cx, cy, w * 0.5, w * 0.3, 12, 0.1, jag))
    pygame.draw.polygon(s, pal.DANGER, star_points(cx, cy, w * 0.46, w * 0.27, 12, 0.1, jag))
    pygame.draw.polygon(s, pal.LEMON, star_points(cx, cy, w * 0.33, w * 0.2, 10, 0.35, jag[::-1]))
    # Cream splats flung from the impact.
    for i, (dist, rad) in enumerate([(0.36, 0.05), (0.42, 0.035), (0.3, 0.04), (0.4, 0.03), (0.34, 0.045)]):
        a = 0.5 + i * 1.3
        x, y = cx + math.cos(a) * w * dist, cy + math.sin(a) * h * dist * 0.95
        ellipse_at(s, pal.CREAM_PUFF, x, y, w * rad * 1.3, w * rad)
    draw_pie(s, w * 0.5, h * 0.83, w * 0.14, pal.CHERRY)
    _mini_burst(s, w * 0.13, h * 0.09, w * 0.1)
    _mini_burst(s, w * 0.87, h * 0.91, w * 0.1)


def _mini_burst(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    pygame.draw.polygon(s, pal.DANGER, star_points(cx, cy, r, r * 0.55, 8, 0.2))
    pygame.draw.polygon(s, pal.LEMON, star_points(cx, cy, r * 0.55, r * 0.3, 8, 0.4))


def _block_shapes(s: pygame.Surface) -> None:
    w, h = s.get_size()
    cx, cy = w * 0.5, h * 0.42
    _tin_shield(s, cx, cy, w * 0.33)
    _rolling_pin(s, cx, cy + w * 0.02, w * 0.4)
    for x, y in ((w * 0.14, h * 0.1), (w * 0.86, h * 0.9)):
        _tin_shield(s, x, y, w * 0.105, small=True)


def _tin_shield(s: pygame.Surface, cx: float, cy: float, r: float, small: bool = False) -> None:
    """A pie tin held up like a shield: fluted rim, dished centre."""
    pygame.draw.circle(s, darker(_TIN, 0.35), (cx, cy), r)
    for i in range(24 if not small else 12):
        a = 2 * math.pi * i / (24 if not small else 12)
        pygame.draw.circle(s, _TIN, (cx + math.cos(a) * r * 0.9, cy + math.sin(a) * r * 0.9), r * 0.14)
    pygame.draw.circle(s, darker(_TIN, 0.15), (cx, cy), r * 0.78)
    pygame.draw.circle(s, lighter(_TIN, 0.25), (cx, cy), r * 0.64)
    if not small:
        ellipse_at(s, (255, 255, 255, 160), cx - r * 0.25, cy - r * 0.3, r * 0.22, r * 0.12)


def _rolling_pin(s: pygame.Surface, cx: float, cy: float, half: float) -> None:
    """A wooden rolling pin laid diagonally across the shield."""
    ang = math.radians(-28)
    dx, dy = math.cos(ang), math.sin(ang)
    nx, ny = -dy, dx

    def quad(a: float, b: float, thick: float) -> list[tuple[float, float]]:
        return [(cx + dx * u + nx * thick * sign, cy + dy * u + ny * thick * sign)
                for u, sign in ((a, 1), (b, 1), (b, -1), (a, -1))]

    t = half * 0.2
    for sign in (-1, 1):
        pygame.draw.polygon(s, pal.WOOD_DARK, quad(sign * half * 0.7, sign * half * 1.15, t * 0.42))
        end = (cx + dx * sign * half * 1.15, cy + dy * sign * half * 1.15)
        pygame.draw.circle(s, pal.WOOD, end, t * 0.5)
    pygame.draw.polygon(s, pal.WOOD_DARK, quad(-half * 0.72, half * 0.72, t * 1.08))
    pygame.draw.polygon(s, pal.WOOD_LIGHT, quad(-half * 0.7, half * 0.7, t))
    shine = [(x - nx * t * 0.45, y - ny * t * 0.45) for x, y in quad(-half * 0.62, half * 0.62, t * 0.2)]
    pygame.draw.polygon(s, lighter(pal.WOOD_LIGHT, 0.3), shine)


def _draw_text(s: pygame.Surface, kind: str) -> None:
    """Numerals and labels, rendered at the final size."""
    w, h = s.get_size()
    if kind in PIE_KINDS:
        n = PIE_KINDS[kind]
        _corner_text(s, str(n), PIE_INKS[n])
        # Outlined in white, it reads against its outline: with high contrast at 7:1 (the lemon's
        # gold gave 3.5:1).
        ink = pal.legible(PIE_INKS[n], pal.WHITE) if theme.high_contrast() else PIE_INKS[n]
        big = text_outlined(str(n), int(h * 0.36), ink, pal.WHITE, "title", max(1, w // 40))
        s.blit(big, big.get_rect(center=(w // 2, int(h * 0.33))))
    elif kind in CHEF_NAMES:
        ink = pal.plate(CHEF_COLORS[kind][1])[1]
        label = fit_label(kind.capitalize(), int(w * 0.84), int(h * 0.085), ink)
        s.blit(label, label.get_rect(center=(w // 2, int(h * 0.8))))
    elif kind == "kapow":
        _kapow_text(s)
    else:
        _corner_text(s, "1", pal.INK, size=0.13)
        _block_text(s)


def _block_text(s: pygame.Surface) -> None:
    """The word BLOCK and its note "counts as 1", never below the text floor: the word drops to
    the plain face, then to small letters, to fit; the note shows only where it fits whole (the
    corner numerals say the same)."""
    w, h = s.get_size()
    floor = min_readable()
    word = _("BLOCK")
    tries = [(word, "bold"), (word, "sans"), (word.capitalize(), "sans")]
    text, face = next(((t, f) for t, f in tries if font(floor, f).size(t)[0] <= w * 0.94), tries[-1])
    label = fit_label(text, int(w * 0.94), int(h * 0.1), pal.INK, face)
    box = label.get_rect(center=(w // 2, int(h * 0.64)))
    s.blit(label, box)
    lines = wrap_text(_("counts as 1"), font(floor), int(w * 0.7))  # clear of the corner shield
    room = h * 0.86 - box.bottom
    fits = all(font(floor).size(line)[0] <= w * 0.7 for line in lines)
    if fits and len(lines) * font(floor).get_linesize() <= room:
        y = box.bottom
        for line in lines:
            note = font(floor).render(line, True, pal.soft_ink())
            s.blit(note, note.get_rect(midtop=(w // 2, y)))
            y += font(floor).get_linesize()


def fit_label(text: str, max_w: int, max_h: int, color, face: str = "bold") -> pygame.Surface:
    """The largest rendering of `text` that fits max_w x max_h (cap height, not line height)."""
    floor = min_readable()
    size = max(floor, int(max_h * 1.35))
    while size > floor and font(size, face).size(text)[0] > max_w:
        size -= 1
    return font(size, face).render(text, True, color)


def _corner_text(s: pygame.Surface, text: str, color, size: float = 0.17) -> None:
    """The index numeral in the top-left corner and, upside down, the bottom-right (larger and
    outlined in the high-contrast theme)."""
    w, h = s.get_size()
    color = pal.legible(color, _CORNER_GROUND)
    if theme.high_contrast():
        surf = text_outlined(text, max(8, int(h * size * 1.45)), tuple(color[:3]), pal.WHITE, "title",
                             max(1, w // 28))
    else:
        surf = font(max(min_readable(), int(h * size)), "title").render(text, True, color)
    inset = 0.04 if theme.high_contrast() else 0.0  # the larger numeral keeps clear of the edge
    rect = surf.get_rect(center=(int(w * (0.14 + inset)), int(h * (0.1 + inset)) + 1))
    s.blit(surf, rect)
    flipped = pygame.transform.rotate(surf, 180)
    s.blit(flipped, flipped.get_rect(center=(w - rect.centerx, h - rect.centery)))


def _kapow_text(s: pygame.Surface) -> None:
    w, h = s.get_size()
    size = max(min_readable(), int(w * 0.25))
    while size > min_readable() and font(size, "title").size("KaPow!")[0] > w * 0.9:
        size -= 1
    word = text_outlined("KaPow!", size, pal.WHITE, darker(pal.DANGER, 0.45), "title", max(1, w // 30))
    word = pygame.transform.rotozoom(word, 12, 1.0)
    s.blit(word, word.get_rect(center=(w // 2, int(h * 0.49))))
