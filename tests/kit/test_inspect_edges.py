"""A card inspect shown for a card at a window's edge or corner keeps its whole ink outline in
the window (it was placed inside by its paper only, so the ring was cut off at the left edge)."""

from __future__ import annotations

import pygame
import pytest

from pie_table.kit.inspect import draw_inspect


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_an_inspect_at_any_edge_keeps_its_outline_in_the_window(size: tuple[int, int], scale: float) -> None:
    pygame.init()
    surface = pygame.Surface(size)
    face = pygame.Surface((int(80 * scale), int(115 * scale)))
    w, h = size
    card = (int(60 * scale), int(86 * scale))
    for x, y in ((0, 0), (0, h // 2), (0, h - card[1]), (w - card[0], 0), (w - card[0], h - card[1]),
                 (w // 2, h - card[1])):
        near = pygame.Rect((x, y), card)
        panel = draw_inspect(surface, face, "Kidnapping", "Take a crew member from a rival.", near, scale)
        ring = panel.inflate(4, 4)
        assert surface.get_rect().contains(ring), (near, ring)
        assert not panel.colliderect(near)  # still beside the card, not over it
