"""Drawing primitives shared by the art modules: supersampled canvases, gradients, pies, stars."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from pie_table.kit import palette as pal

Color = tuple[int, ...]
# Art is drawn at this multiple of its final size and smooth-scaled down: cheap anti-aliasing for
# every polygon and ellipse without reaching for gfxdraw on each call.
SUPERSAMPLE = 3


def canvas(w: int, h: int) -> pygame.Surface:
    """A transparent SRCALPHA surface of the given size."""
    surf = pygame.Surface((max(1, int(w)), max(1, int(h))), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    return surf


def supersampled(w: int, h: int, painter: Callable[[pygame.Surface], None]) -> pygame.Surface:
    """Run `painter` on a canvas SUPERSAMPLE times larger, then smooth-scale it down to (w, h)."""
    big = canvas(w * SUPERSAMPLE, h * SUPERSAMPLE)
    painter(big)
    return pygame.transform.smoothscale(big, (max(1, int(w)), max(1, int(h))))


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    """Linear blend of two RGB colours (t=0 gives a, t=1 gives b)."""
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))  # type: ignore[return-value]


def darker(c: Sequence[int], amount: float = 0.3) -> tuple[int, int, int]:
    """The colour blended toward black."""
    return mix(c, (0, 0, 0), amount)


def lighter(c: Sequence[int], amount: float = 0.3) -> tuple[int, int, int]:
    """The colour blended toward white."""
    return mix(c, (255, 255, 255), amount)


def vertical_gradient(size: tuple[int, int], top: Sequence[int], bottom: Sequence[int]) -> pygame.Surface:
    """An opaque surface shading from `top` to `bottom`."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(surf, mix(top, bottom, y / max(1, h - 1)), (0, y), (w, y))
    return surf


def rounded_mask(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """Clip `surf` to a rounded rectangle of its own size (outside corners become transparent)."""
    mask = canvas(*surf.get_size())
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out = surf.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def circle_at(surf: pygame.Surface, color: Color, center: tuple[float, float], r: float,
              width: int = 0) -> None:
    """pygame.draw.circle with float arguments; translucent colours blend instead of punching holes."""
    rad = max(1, int(r))
    bbox = pygame.Rect(int(center[0]) - rad, int(center[1]) - rad, rad * 2 + 1, rad * 2 + 1)
    _blended(surf, color, bbox, lambda layer, c, box: pygame.draw.circle(layer, c, box.center, rad, width))


def ellipse_at(surf: pygame.Surface, color: Color, cx: float, cy: float, rx: float, ry: float,
               width: int = 0) -> None:
    """An ellipse centred on (cx, cy) with radii rx, ry (translucent colours blend)."""
    rect = pygame.Rect(0, 0, max(2, int(rx * 2)), max(2, int(ry * 2)))
    rect.center = (int(cx), int(cy))
    _blended(surf, color, rect, lambda layer, c, box: pygame.draw.ellipse(layer, c, box, width))


def rect_at(surf: pygame.Surface, color: Color, rect: pygame.Rect, width: int = 0, radius: int = 0) -> None:
    """A (rounded) rectangle; translucent colours blend over what is below."""
    _blended(surf, color, pygame.Rect(rect),
             lambda layer, c, box: pygame.draw.rect(layer, c, box, width, border_radius=radius))


def _blended(surf: pygame.Surface, color: Color, bbox: pygame.Rect,
             draw: Callable[[pygame.Surface, Color, pygame.Rect], object]) -> None:
    """Draw opaque colours directly; translucent ones on a scratch layer blitted with alpha blending.

    pygame.draw writes RGBA straight into SRCALPHA pixels, so a shadow drawn directly would make the
    card underneath see-through.
    """
    if len(color) < 4 or color[3] >= 255:
        draw(surf, color, bbox)
        return
    layer = canvas(bbox.w + 2, bbox.h + 2)
    draw(layer, color, pygame.Rect(1, 1, bbox.w, bbox.h))
    surf.blit(layer, (bbox.x - 1, bbox.y - 1))


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int, phase: float = 0.0,
                jitter: Sequence[float] | None = None) -> list[tuple[float, float]]:
    """Points of an n-pointed star; `jitter` scales each outer point for a ragged splat."""
    pts = []
    for i in range(n * 2):
        ang = phase + math.pi * i / n
        r = r_out if i % 2 == 0 else r_in
        if jitter is not None and i % 2 == 0:
            r *= jitter[(i // 2) % len(jitter)]
        pts.append((cx + math.cos(ang) * r, cy + math.sin(ang) * r))
    return pts


def draw_pie(surf: pygame.Surface, cx: float, cy: float, r: float, filling: Color = pal.CHERRY) -> None:
    """A lattice-top pie seen from a low angle: tin, fluted crust rim, filling peeking through a lattice."""
    ry = r * 0.62
    # Tin and the shadow under it.
    ellipse_at(surf, (60, 30, 10, 50), cx, cy + r * 0.4, r * 1.0, ry * 0.7)
    pygame.draw.polygon(surf, (168, 166, 172), [(cx - r, cy), (cx + r, cy), (cx + r * 0.86, cy + r * 0.34),
                                                 (cx - r * 0.86, cy + r * 0.34)])
    ellipse_at(surf, (150, 148, 156), cx, cy + r * 0.34, r * 0.86, ry * 0.45)
    pygame.draw.polygon(surf, (204, 202, 206), [(cx - r, cy), (cx + r, cy), (cx + r * 0.86, cy + r * 0.3),
                                                 (cx - r * 0.86, cy + r * 0.3)])
    # Crust rim and filling.
    ellipse_at(surf, pal.CRUST_DARK, cx, cy, r, ry)
    ellipse_at(surf, filling, cx, cy, r * 0.8, ry * 0.78)
    ellipse_at(surf, lighter(filling, 0.25), cx - r * 0.15, cy - ry * 0.2, r * 0.35, ry * 0.25)
    _lattice(surf, cx, cy, r * 0.8, ry * 0.78)
    # Fluted edge: a ring of small bumps.
    bumps = 14
    for i in range(bumps):
        a = 2 * math.pi * i / bumps
        bx, by = cx + math.cos(a) * r * 0.9, cy + math.sin(a) * ry * 0.9
        circle_at(surf, pal.CRUST if math.sin(a) < 0.3 else lighter(pal.CRUST, 0.1), (bx, by), r * 0.13)
    ellipse_at(surf, darker(pal.CRUST_DARK, 0.2), cx, cy, r, ry, max(1, int(r * 0.04)))


def _lattice(surf: pygame.Surface, cx: float, cy: float, rx: float, ry: float) -> None:
    """Woven crust strips clipped to the filling ellipse."""
    layer = canvas(surf.get_width(), surf.get_height())
    strip = max(2, int(rx * 0.16))
    for k in (-0.5, 0.0, 0.5):
        x = cx + k * rx * 1.1
        pygame.draw.line(layer, pal.CRUST, (x - rx * 0.3, cy - ry), (x + rx * 0.3, cy + ry), strip)
        y = cy + k * ry * 1.1
        pygame.draw.line(layer, lighter(pal.CRUST, 0.12), (cx - rx, y), (cx + rx, y), strip)
    clip = canvas(surf.get_width(), surf.get_height())
    ellipse_at(clip, (255, 255, 255, 255), cx, cy, rx, ry)
    layer.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(layer, (0, 0))


def text_outlined(text: str, size: int, color: Color, outline: Color, face: str = "bold",
                  thickness: int = 2) -> pygame.Surface:
    """Text with a solid outline so it reads on any background."""
    from pie_table.kit.fonts import font

    f = font(size, face)
    core = f.render(text, True, color)
    edge = f.render(text, True, outline)
    out = canvas(core.get_width() + thickness * 2, core.get_height() + thickness * 2)
    for dx in range(-thickness, thickness + 1):
        for dy in range(-thickness, thickness + 1):
            if dx * dx + dy * dy <= thickness * thickness + 1:
                out.blit(edge, (dx + thickness, dy + thickness))
    out.blit(core, (thickness, thickness))
    return out


def fit_text(text: str, max_w: int, max_h: int, color: Color, face: str = "bold") -> pygame.Surface:
    """The largest rendering of `text` that fits in max_w x max_h."""
    from pie_table.kit.fonts import font

    size = max(6, int(max_h * 1.2))
    while size > 6:
        surf = font(size, face).render(text, True, color)
        if surf.get_width() <= max_w and surf.get_height() <= max_h * 1.25:
            return surf
        size -= 1
    return font(6, face).render(text, True, color)
