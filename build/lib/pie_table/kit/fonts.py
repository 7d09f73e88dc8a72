"""Fonts shipped in assets/fonts, loaded by path (never SysFont) and cached by size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from pie_table.paths import assets_dir

ASSETS = assets_dir()
_FACES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "title": "DejaVuSerif-Bold.ttf",
}


@lru_cache(maxsize=64)
def font(size: int, face: str = "sans") -> pygame.font.Font:
    """A cached Font of `face` ("sans", "bold", "title") at pixel `size`."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(ASSETS / "fonts" / _FACES[face]), max(6, int(size)))


def render(text: str, size: int, color: tuple[int, int, int], face: str = "sans") -> pygame.Surface:
    """Anti-aliased text surface."""
    return font(size, face).render(text, True, color)


# The smallest text the table ever draws: legible at 1280x720 (and larger windows scale up).
# Text that would need to be smaller is shortened with an ellipsis instead.
MIN_READABLE = 12
_ELLIPSIS = "…"


def fit(text: str, size: int, max_w: int, face: str = "sans", floor: int = MIN_READABLE) -> tuple[str, int]:
    """(text, size) that fits `max_w` pixels: the font shrinks, but never below `floor` (nor below
    MIN_READABLE); past that the text is cut and ends with an ellipsis."""
    floor = max(MIN_READABLE, min(floor, int(size)))
    size = max(floor, int(size))
    while size > floor and font(size, face).size(text)[0] > max_w:
        size -= 1
    fnt = font(size, face)
    if fnt.size(text)[0] <= max_w:
        return text, size
    cut = text
    while cut and fnt.size(cut.rstrip() + _ELLIPSIS)[0] > max_w:
        cut = cut[:-1]
    return (cut.rstrip() + _ELLIPSIS) if cut else _ELLIPSIS, size
