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
