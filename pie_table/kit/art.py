"""The art every table shares, drawn in code and cached: card backs, the house characters' portraits
(the chefs, the dapper rat), the pie, dice, glow outlines and shadows. A game's own art (Rumble Pie's
card faces and Battle Boards, the RATS Host's hat) lives in its package and uses this cache (`cached`).

Every public function returns a cached SRCALPHA surface: the same arguments give the same object, so a
frame never redraws art from scratch. Treat returned surfaces as read-only (copy before drawing on
them). Nothing here needs a display mode; once one exists, call `clear_cache()` so the next requests
are converted for fast blitting.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.art_backs import corner_radius, paint_back
from pie_table.kit.art_chefs import CHEF_NAMES, paint_chef, paint_rat
from pie_table.kit.art_draw import canvas, darker, draw_pie, lighter, rect_at, supersampled, vertical_gradient

__all__ = [
    "CHEF_NAMES", "DIE_TINTS", "cached", "card_back", "card_shadow", "chef_portrait", "clear_cache",
    "die_face", "highlight_outline", "pie_icon", "prepare", "px", "rat_portrait",
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


def cached(key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """The surface `make` paints, painted once per `key` (its first item names the painter) and kept;
    games' art modules paint through this too, so `clear_cache` forgets every table's art at once."""
    return _CACHE.get(key, make)


def px(v: float) -> int:
    """A drawing size in whole pixels, never below 4."""
    return max(4, int(v))


def card_back(color: tuple, w: int, h: int) -> pygame.Surface:
    """A card back tinted with the owner's `color`, with a lattice-crust weave."""
    rgb = tuple(int(c) for c in color[:3])
    return cached(("back", rgb, px(w), px(h)), lambda: paint_back(rgb, px(w), px(h)))


def chef_portrait(name: str, size: int) -> pygame.Surface:
    """A round portrait of chef `name` ("shorty", "sylvie", "pierre")."""
    if name not in CHEF_NAMES:
        raise ValueError(f"unknown chef {name!r}")
    return cached(("chef", name, px(size)), lambda: supersampled(px(size), px(size),
                                                                      lambda s: paint_chef(s, name)))


def rat_portrait(size: int) -> pygame.Surface:
    """A round portrait of a dapper rat in a little bowler hat."""
    return cached(("rat", px(size)), lambda: supersampled(px(size), px(size), paint_rat))


def pie_icon(size: int, filling: tuple = pal.CHERRY) -> pygame.Surface:
    """A lattice-top pie in a tin, fitting a size x size square."""
    s = px(size)
    return cached(("pie", s, tuple(filling)), lambda: supersampled(
        s, s, lambda c: draw_pie(c, c.get_width() / 2, c.get_height() * 0.46, c.get_width() * 0.44, filling)))


def die_face(value: int, size: int, tint: str = "ivory") -> pygame.Surface:
    """A six-sided die showing `value` pips; tint "ivory" or "cherry" tells the two dice apart."""
    if value not in _PIPS:
        raise ValueError(f"die value must be 1..6, not {value!r}")
    if tint not in DIE_TINTS:
        raise ValueError(f"unknown die tint {tint!r}")
    s = px(size)
    return cached(("die", value, s, tint), lambda: supersampled(s, s, lambda c: _paint_die(c, value, tint)))


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


def highlight_outline(w: int, h: int, color: tuple = pal.HIGHLIGHT) -> pygame.Surface:
    """A soft glow ring the size of a card (w x h), for legal drop targets; blit at the card's top-left."""
    rgb = (int(color[0]), int(color[1]), int(color[2]))
    return cached(("glow", px(w), px(h), rgb), lambda: _paint_glow(px(w), px(h), rgb))


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
    key = ("shadow", px(w), px(h), int(blur))
    return cached(key, lambda: _paint_shadow(px(w), px(h), max(1, int(blur))))


def _paint_shadow(w: int, h: int, blur: int) -> pygame.Surface:
    # Draw small and scale up: smoothscale's interpolation is a cheap blur.
    full = (w + blur * 2, h + blur * 2)
    small = canvas(max(2, full[0] // blur), max(2, full[1] // blur))
    inner = small.get_rect().inflate(-2, -2)
    pygame.draw.rect(small, (0, 0, 0, 110), inner, border_radius=max(1, inner.w // 8))
    return pygame.transform.smoothscale(small, full)
