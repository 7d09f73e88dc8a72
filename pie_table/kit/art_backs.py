"""Card backs every deck shares, drawn in code: an owner-tinted back with a woven lattice crust,
and the card corner radius the glow outlines and faces follow."""

from __future__ import annotations

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.art_draw import (
    SUPERSAMPLE,
    canvas,
    darker,
    draw_pie,
    ellipse_at,
    lighter,
    rounded_mask,
    supersampled,
    vertical_gradient,
)


def corner_radius(w: int) -> int:
    """The rounded-corner radius used for a card of width w."""
    return max(3, int(w * 0.08))


def paint_back(color, w: int, h: int) -> pygame.Surface:
    """An owner-tinted card back with a woven lattice-crust pattern (not cached)."""
    base = supersampled(w, h, lambda s: _back_shapes(s, tuple(color[:3])))
    return rounded_mask(base, corner_radius(w))


def _back_shapes(s: pygame.Surface, color: tuple[int, int, int]) -> None:
    w, h = s.get_size()
    s.blit(vertical_gradient((w, h), lighter(color, 0.1), darker(color, 0.2)), (0, 0))
    _lattice_weave(s, color)
    bw = max(2, int(w * 0.05))
    r = corner_radius(w // SUPERSAMPLE) * SUPERSAMPLE
    pygame.draw.rect(s, pal.CREAM, s.get_rect(), bw, border_radius=r)
    pygame.draw.rect(s, darker(color, 0.35), s.get_rect().inflate(-bw * 2, -bw * 2), max(1, bw // 2),
                     border_radius=max(1, r - bw))
    ellipse_at(s, darker(color, 0.4), w / 2, h / 2, w * 0.3, w * 0.3)
    ellipse_at(s, pal.CREAM, w / 2, h / 2, w * 0.27, w * 0.27)
    draw_pie(s, w / 2, h / 2 + w * 0.02, w * 0.2, color)


def _lattice_weave(s: pygame.Surface, color: tuple[int, int, int]) -> None:
    """Diagonal crust strips woven over and under, as on a lattice pie top."""
    w, h = s.get_size()
    step = max(6, int(w * 0.2))
    strip = max(3, int(step * 0.42))
    crust, shade = mix_crust(color), darker(mix_crust(color), 0.22)
    diag = w + h
    layer_a, layer_b = canvas(w, h), canvas(w, h)
    for k in range(-diag, diag, step):
        pygame.draw.line(layer_a, shade, (k, 0), (k + h, h), strip + 2)
        pygame.draw.line(layer_a, crust, (k, 0), (k + h, h), strip)
        pygame.draw.line(layer_b, shade, (k + h, 0), (k, h), strip + 2)
        pygame.draw.line(layer_b, lighter(crust, 0.08), (k + h, 0), (k, h), strip)
    s.blit(layer_a, (0, 0))
    s.blit(layer_b, (0, 0))
    # Weave: re-lay the first strips over the second at alternate crossings.
    ks = list(range(-diag, diag, step))
    for ia, ka in enumerate(ks):
        for ib, kb in enumerate(ks):
            if (ia + ib) % 2:
                continue
            x, y = (ka + kb + h) / 2, (kb + h - ka) / 2
            if -step < x < w + step and -step < y < h + step:
                clip = pygame.Rect(0, 0, strip + 2, strip + 2)
                clip.center = (int(x), int(y))
                s.blit(layer_a, clip, clip)


def mix_crust(color) -> tuple[int, int, int]:
    """Crust colour warmed slightly toward the owner's tint."""
    return tuple(int(pal.CRUST[i] * 0.8 + color[i] * 0.2) for i in range(3))  # type: ignore[return-value]
