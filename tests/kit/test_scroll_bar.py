"""kit.scroll_bar's looks meet WCAG's 3:1 for what a bar says (its thumb against its track, its
rim and arrows against what lies around it), and its ends tell more from none by shape."""

from __future__ import annotations

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.scroll_bar import ON_PAPER, ON_WOOD, BarLook, draw_scroll_bar
from tests.kit.text_probe import contrast


def _meets(look: BarLook, around: tuple[int, int, int]) -> None:
    assert contrast(look.thumb, look.track) >= 3
    assert contrast(look.rim, around) >= 3 and contrast(look.arrow, around) >= 3


def test_each_look_meets_three_to_one():
    _meets(ON_PAPER, pal.PAPER)
    _meets(ON_WOOD, pal.WOOD_DARK)
    # The felt under an overlay's dim(): its veil (20, 12, 6) at alpha 150 over it.
    dimmed_felt = tuple((c * 105 + v * 150) // 255 for c, v in zip(pal.FELT, (20, 12, 6), strict=True))
    assert contrast(ON_WOOD.rim, dimmed_felt) >= 3  # type: ignore[arg-type]


def _ink(surface: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> int:
    return sum(tuple(surface.get_at((x, y)))[:3] == ink for x in range(box.left, box.right)
               for y in range(box.top, box.bottom))


def test_an_end_with_more_beyond_it_has_an_arrow_head_and_one_without_a_stop():
    surface = pygame.Surface((40, 200))
    surface.fill(pal.PAPER)
    bar = pygame.Rect(10, 10, 14, 180)
    thumb = draw_scroll_bar(surface, bar, 0, 50, 200, ON_PAPER)
    top, foot = pygame.Rect(bar.x, bar.y, bar.w, bar.w), pygame.Rect(bar.x, bar.bottom - bar.w, bar.w, bar.w)
    assert _ink(surface, foot, ON_PAPER.arrow) > 2 * _ink(surface, top, ON_PAPER.arrow) > 0
    assert thumb.top < bar.y + 2 * bar.w and thumb.h < bar.h // 2  # at the top, a quarter long
    surface.fill(pal.PAPER)
    thumb = draw_scroll_bar(surface, bar, 150, 50, 200, ON_PAPER)
    assert _ink(surface, top, ON_PAPER.arrow) > 2 * _ink(surface, foot, ON_PAPER.arrow) > 0
    assert thumb.bottom > bar.bottom - 2 * bar.w
