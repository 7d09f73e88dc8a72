"""The table's art, drawn in code and cached: card faces and backs, portraits, boards, dice, outlines.

Every public function returns a cached SRCALPHA surface: the same arguments give the same object, so a
frame never redraws art from scratch. Treat returned surfaces as read-only (copy before drawing on
them). Nothing here needs a display mode; once one exists, call `clear_cache()` so the next requests
are converted for fast blitting.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit import theme
from pie_table.kit.art_cards import CARD_KINDS, corner_radius, fit_label, paint_back, paint_face
from pie_table.kit.art_chefs import CHEF_COLORS, CHEF_NAMES, paint_chef, paint_host_hat, paint_rat
from pie_table.kit.art_draw import (
    SUPERSAMPLE,
    canvas,
    darker,
    draw_pie,
    lighter,
    rect_at,
    supersampled,
    vertical_gradient,
)
from pie_table.kit.i18n import current_language

__all__ = [
    "CARD_KINDS", "CHEF_NAMES", "DIE_TINTS", "battle_board", "board_spot_rects", "card_back", "card_face",
    "card_shadow",
    "chef_portrait", "clear_cache", "die_face", "empty_spot", "highlight_outline", "host_hat", "pie_icon",
    "prepare", "rat_portrait",
]

# Die body, edge and pip colours per tint: ivory for one die, cherry for the other.
DIE_TINTS = {
    "ivory": ((252, 246, 230), (206, 192, 160), pal.INK),
    "cherry": ((204, 52, 62), (140, 28, 40), pal.WHITE),
}
_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


_CACHE_LIMIT = 1200  # surfaces; a full 6-seat table at one size needs well under 100


class _ArtCache:
    """Surfaces by (painter name, args); holds drawings only, never game state."""

    def __init__(self) -> None:
        self._items: dict[Hashable, pygame.Surface] = {}

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._items.get(key)
        if surf is None:
            if len(self._items) >= _CACHE_LIMIT:
                # Window drags leave sizes nobody asks for again: drop the oldest half.
                for old in list(self._items)[: _CACHE_LIMIT // 2]:
                    del self._items[old]
            surf = self._items[key] = prepare(make())
        return surf

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


_CACHE = _ArtCache()


def prepare(surface: pygame.Surface) -> pygame.Surface:
    """`convert_alpha()` the surface when a display mode exists (fast blits), else return it unchanged."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def clear_cache() -> None:
    """Forget every cached surface (after a display mode is created, or on a big window resize)."""
    _CACHE.clear()


def cache_size() -> int:
    """How many surfaces are cached (for tests and diagnostics)."""
    return len(_CACHE)


def _cached(key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    return _CACHE.get(key, make)


def _size(v: float) -> int:
    return max(4, int(v))


def card_face(kind: str, w: int, h: int) -> pygame.Surface:
    """The face of a card of `kind` (see CARD_KINDS) at w x h: rounded corners, border, art."""
    # The language is part of the key: a Block card's words are drawn on its face.
    key = ("face", kind, _size(w), _size(h), current_language(), theme.current())
    return _cached(key, lambda: paint_face(kind, _size(w), _size(h)))


def card_back(color: tuple, w: int, h: int) -> pygame.Surface:
    """A card back tinted with the owner's `color`, with a lattice-crust weave."""
    rgb = tuple(int(c) for c in color[:3])
    return _cached(("back", rgb, _size(w), _size(h)), lambda: paint_back(rgb, _size(w), _size(h)))


def chef_portrait(name: str, size: int) -> pygame.Surface:
    """A round portrait of chef `name` ("shorty", "sylvie", "pierre")."""
    if name not in CHEF_NAMES:
        raise ValueError(f"unknown chef {name!r}")
    return _cached(("chef", name, _size(size)), lambda: supersampled(_size(size), _size(size),
                                                                      lambda s: paint_chef(s, name)))


def rat_portrait(size: int) -> pygame.Surface:
    """A round portrait of a dapper rat in a little bowler hat."""
    return _cached(("rat", _size(size)), lambda: supersampled(_size(size), _size(size), paint_rat))


def host_hat(size: int) -> pygame.Surface:
    """The Host's fancy hat: a plum top hat with a rosette and a feather."""
    return _cached(("hat", _size(size)), lambda: supersampled(_size(size), _size(size), paint_host_hat))


def pie_icon(size: int, filling: tuple = pal.CHERRY) -> pygame.Surface:
    """A lattice-top pie in a tin, fitting a size x size square."""
    s = _size(size)
    return _cached(("pie", s, tuple(filling)), lambda: supersampled(
        s, s, lambda c: draw_pie(c, c.get_width() / 2, c.get_height() * 0.46, c.get_width() * 0.44, filling)))


def die_face(value: int, size: int, tint: str = "ivory") -> pygame.Surface:
    """A six-sided die showing `value` pips; tint "ivory" or "cherry" tells the two dice apart."""
    if value not in _PIPS:
        raise ValueError(f"die value must be 1..6, not {value!r}")
    if tint not in DIE_TINTS:
        raise ValueError(f"unknown die tint {tint!r}")
    s = _size(size)
    return _cached(("die", value, s, tint), lambda: supersampled(s, s, lambda c: _paint_die(c, value, tint)))


def _paint_die(c: pygame.Surface, value: int, tint: str) -> None:
    body, edge, pip = DIE_TINTS[tint]
    s = c.get_width()
    rect = c.get_rect().inflate(-s * 0.06, -s * 0.06)
    radius = int(s * 0.2)
    rect_at(c, (0, 0, 0, 70), rect.move(0, s * 0.03), radius=radius)
    pygame.draw.rect(c, edge, rect, border_radius=radius)
    top = rect.inflate(-s * 0.08, -s * 0.08).move(0, -s * 0.02)
    face = vertical_gradient(top.size, lighter(body, 0.25), body)
    mask = canvas(*top.size)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(radius * 0.8))
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.blit(face, top)
    gap, r = top.w * 0.28, top.w * 0.095
    for dx, dy in _PIPS[value]:
        center = (top.centerx + dx * gap, top.centery + dy * gap)
        pygame.draw.circle(c, darker(pip, 0.2) if pip == pal.WHITE else lighter(pip, 0.15), center, r * 1.12)
        pygame.draw.circle(c, pip, (center[0], center[1] + r * 0.12), r)


def board_spot_rects(w: int, h: int) -> dict[str, pygame.Rect]:
    """Where each chef's pile spot sits on a w x h battle board (board-relative, card-shaped 5:7)."""
    margin = max(4, int(min(w, h) * 0.06))
    label_h = max(10, int(h * 0.13))
    spot_h = h - margin * 2 - label_h
    spot_w = int(spot_h * 5 / 7)
    max_w = (w - margin * 4) // 3
    if spot_w > max_w:
        spot_w, spot_h = max_w, int(max_w * 7 / 5)
    rects = {}
    for i, name in enumerate(CHEF_NAMES):
        cx = int(w * (i * 2 + 1) / 6)
        rects[name] = pygame.Rect(cx - spot_w // 2, margin, spot_w, spot_h)
    return rects


def battle_board(w: int, h: int, color: tuple) -> pygame.Surface:
    """A player's Battle Board in their `color`: three chef faces side by side, each a pile spot."""
    rgb = tuple(int(c) for c in color[:3])
    return _cached(("board", _size(w), _size(h), rgb), lambda: _paint_board(_size(w), _size(h), rgb))


def _paint_board(w: int, h: int, color: tuple[int, int, int]) -> pygame.Surface:
    surf = supersampled(w, h, lambda c: _board_shapes(c, color))
    label_h = max(10, int(h * 0.13))
    for name, rect in board_spot_rects(w, h).items():
        label = fit_label(name.capitalize(), rect.w + 8, int(label_h * 0.62), pal.CREAM)
        surf.blit(label, label.get_rect(center=(rect.centerx, rect.bottom + label_h // 2 + 1)))
    return surf


def _board_shapes(c: pygame.Surface, color: tuple[int, int, int]) -> None:
    w, h = c.get_size()
    radius = int(min(w, h) * 0.08)
    rect = c.get_rect()
    pygame.draw.rect(c, pal.WOOD_DARK, rect, border_radius=radius)
    inner = rect.inflate(-w * 0.02, -w * 0.02)
    plank = vertical_gradient(inner.size, pal.WOOD_LIGHT, pal.WOOD)
    c.blit(plank, inner)
    for y in range(1, 4):  # plank seams
        yy = int(h * y / 4)
        pygame.draw.line(c, darker(pal.WOOD, 0.15), (w * 0.02, yy), (w * 0.98, yy), max(1, int(h * 0.006)))
    pygame.draw.rect(c, color, rect, max(3, int(min(w, h) * 0.04)), border_radius=radius)
    # Spots are laid out at the final size, then scaled onto this supersampled canvas.
    for name, spot in board_spot_rects(w // SUPERSAMPLE, h // SUPERSAMPLE).items():
        k = SUPERSAMPLE
        _board_spot(c, name, pygame.Rect(spot.x * k, spot.y * k, spot.w * k, spot.h * k))


def _board_spot(c: pygame.Surface, name: str, spot: pygame.Rect) -> None:
    # Printed on the board, not a card: a recessed wooden slot with a round, muted medallion,
    # so a chef CARD played on top (bright, bordered, name banner) never reads as the empty spot.
    bg, accent = CHEF_COLORS[name]
    radius = int(spot.w * 0.08)
    pygame.draw.rect(c, darker(pal.WOOD, 0.35), spot, border_radius=radius)
    rect_at(c, (0, 0, 0, 70), spot.inflate(-spot.w * 0.04, -spot.w * 0.04).move(0, spot.h * 0.015),
            max(2, spot.w // 30), radius=radius)
    d = int(spot.w * 0.8)
    medallion = canvas(d, d)
    pygame.draw.circle(medallion, lighter(bg, 0.35), (d // 2, d // 2), d // 2)
    paint_chef(medallion, name)
    medallion.fill((215, 205, 195, 170), special_flags=pygame.BLEND_RGBA_MULT)
    c.blit(medallion, medallion.get_rect(center=(spot.centerx, spot.centery - spot.h * 0.04)))
    pygame.draw.circle(c, darker(accent, 0.2), (spot.centerx, int(spot.centery - spot.h * 0.04)), d // 2,
                       max(2, spot.w // 30))


def highlight_outline(w: int, h: int, color: tuple = pal.HIGHLIGHT) -> pygame.Surface:
    """A soft glow ring the size of a card (w x h), for legal drop targets; blit at the card's top-left."""
    rgb = tuple(int(c) for c in color[:3])
    return _cached(("glow", _size(w), _size(h), rgb), lambda: _paint_glow(_size(w), _size(h), rgb))


def _paint_glow(w: int, h: int, rgb: tuple[int, int, int]) -> pygame.Surface:
    surf = canvas(w, h)
    radius = corner_radius(w)
    ring = max(3, int(w * 0.06))
    band = ring + max(3, int(w * 0.1))
    # A soft halo fading inward, then a solid bright ring edged dark so it reads on cream and on felt.
    for i in range(ring, band):
        alpha = int(200 * (1 - (i - ring) / (band - ring)) ** 1.5)
        rect_at(surf, (*rgb, alpha), surf.get_rect().inflate(-i * 2, -i * 2), 2, max(1, radius - i))
    box = surf.get_rect()
    pygame.draw.rect(surf, (*darker(rgb, 0.55), 230), box, ring + 1, border_radius=radius)
    pygame.draw.rect(surf, (*rgb, 255), box.inflate(-2, -2), ring - 1, border_radius=radius - 1)
    pygame.draw.rect(surf, (*lighter(rgb, 0.6), 255), box.inflate(-4, -4), 1, border_radius=radius - 2)
    return surf


def card_shadow(w: int, h: int, blur: int = 6) -> pygame.Surface:
    """A soft shadow for a card of w x h, `blur` px larger on each side; blit centred under the card."""
    key = ("shadow", _size(w), _size(h), int(blur))
    return _cached(key, lambda: _paint_shadow(_size(w), _size(h), max(1, int(blur))))


def _paint_shadow(w: int, h: int, blur: int) -> pygame.Surface:
    # Draw small and scale up: smoothscale's interpolation is a cheap blur.
    full = (w + blur * 2, h + blur * 2)
    small = canvas(max(2, full[0] // blur), max(2, full[1] // blur))
    inner = small.get_rect().inflate(-2, -2)
    pygame.draw.rect(small, (0, 0, 0, 110), inner, border_radius=max(1, inner.w // 8))
    return pygame.transform.smoothscale(small, full)


def empty_spot(kind_or_face: str, w: int, h: int) -> pygame.Surface:
    """A faint dashed outline of a card place; a chef name ghosts that chef's face inside it."""
    return _cached(("spot", kind_or_face, _size(w), _size(h)),
                   lambda: _paint_empty(kind_or_face, _size(w), _size(h)))


def _paint_empty(kind: str, w: int, h: int) -> pygame.Surface:
    surf = canvas(w, h)
    radius = corner_radius(w)
    pygame.draw.rect(surf, (*pal.CREAM, 34), surf.get_rect(), border_radius=radius)
    _dashed_round_rect(surf, surf.get_rect().inflate(-2, -2), (*pal.CREAM, 150), max(1, w // 45), radius)
    if kind in CHEF_NAMES:
        d = int(w * 0.8)
        ghost = supersampled(d, d, lambda s: paint_chef(s, kind))
        ghost.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(ghost, ghost.get_rect(center=(w // 2, h // 2)))
    return surf


def _dashed_round_rect(surf: pygame.Surface, rect: pygame.Rect, color, width: int, radius: int) -> None:
    """A rounded rectangle drawn as dashes (straight edges dashed, corners solid)."""
    dash = max(3, rect.w // 10)
    for x in range(rect.left + radius, rect.right - radius, dash * 2):
        end = min(x + dash, rect.right - radius)
        pygame.draw.line(surf, color, (x, rect.top), (end, rect.top), width)
        pygame.draw.line(surf, color, (x, rect.bottom - 1), (end, rect.bottom - 1), width)
    for y in range(rect.top + radius, rect.bottom - radius, dash * 2):
        end = min(y + dash, rect.bottom - radius)
        pygame.draw.line(surf, color, (rect.left, y), (rect.left, end), width)
        pygame.draw.line(surf, color, (rect.right - 1, y), (rect.right - 1, end), width)
    inner = rect.inflate(-radius * 2, -radius * 2)
    left, right, top, bottom = inner.left, inner.right, inner.top, inner.bottom
    for cx, cy, a0 in ((left, top, 90), (right, top, 0), (left, bottom, 180), (right, bottom, 270)):
        arc = pygame.Rect(cx - radius, cy - radius, radius * 2, radius * 2)
        pygame.draw.arc(surf, color, arc, math.radians(a0), math.radians(a0 + 90), width)
