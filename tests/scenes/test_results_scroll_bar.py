"""A results sheet too long for its window carries a scroll bar on the sheet itself: a thumb that
shows how much is in view and where, at 3:1 at least against its track and the paper, and at
its ends shapes that say which way more lies (an arrow head, far more ink) and which way the view
has reached its end (a flat stop); the wheel and Page Up / Page Down move it, and it grows with
the interface size."""

from __future__ import annotations

import pygame
import pytest

from pie_table.kit import palette as pal
from pie_table.kit.app import App
from pie_table.kit.text import set_interface_size
from tests.kit.text_probe import contrast
from tests.scenes.results_sheet import results_sheet

_LINES = [f"Captain {n}: {40 - n} pts, weight {3 * n}, pies {n}" for n in range(1, 15)]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield tmp_path
    set_interface_size(100)


def _column(app: App, bar: pygame.Rect) -> list[tuple[int, int, int]]:
    return [tuple(app.screen.get_at((bar.centerx, y)))[:3] for y in range(bar.top, bar.bottom)]  # type: ignore[misc]


def _runs(column: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The colours down a column, by their longest unbroken run, longest first (paper left out)."""
    longest: dict[tuple[int, int, int], int] = {}
    run = 0
    for i, colour in enumerate(column):
        run = run + 1 if i and column[i - 1] == colour else 1
        longest[colour] = max(longest.get(colour, 0), run)
    return sorted((c for c in longest if c != pal.PAPER), key=lambda c: -longest[c])


def _thumb_top(app: App, bar: pygame.Rect, thumb: tuple[int, int, int]) -> int:
    return next(i for i, colour in enumerate(_column(app, bar)) if colour == thumb)


def _ink(app: App, box: pygame.Rect) -> int:
    """How many pixels of `box` are in its darkest colour, if that stands out at 3:1 from the
    paper (the ink of an arrow head or of a stop, not the lighter rim of the track)."""
    pixels = [tuple(app.screen.get_at((x, y)))[:3] for x in range(box.left, box.right)
              for y in range(box.top, box.bottom)]
    darkest = min(pixels, key=sum)
    return pixels.count(darkest) if contrast(darkest, pal.PAPER) >= 3 else 0  # type: ignore[arg-type]


def _ends(bar: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The bar's two ends, where its arrow heads or stops are."""
    top = pygame.Rect(bar.x, bar.y, bar.w, 2 * bar.w)
    return top, top.move(0, bar.h - top.h)


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_a_long_results_sheet_shows_its_scroll_bar_on_the_sheet(home, size, percent):
    app, scene = results_sheet(size, percent, "Captain 1 wins!", _LINES)
    page = scene.scroll_page
    assert page.scrolls
    bar = page.bar()
    sheet = scene.panel.move(0, -page.top)
    assert sheet.contains(bar), (bar, sheet)  # beside the lines it scrolls, not at the window's edge
    assert bar.w >= 12 * scene.scale  # grows with the interface size
    # The two longest runs down the bar are the thumb and its track; the thumb is the one that
    # stands out from the paper (the track is a groove ringed in ink).
    track, thumb = sorted(_runs(_column(app, bar))[:2], key=lambda c: contrast(c, pal.PAPER))
    assert contrast(thumb, track) >= 3 and contrast(thumb, pal.PAPER) >= 3, (thumb, track)
    up, down = (_ink(app, end) for end in _ends(bar))
    assert down > 2 * up > 0, (up, down)  # more below: an arrow head; nothing above: a stop
    start = _thumb_top(app, bar, thumb)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    app.step(1 / 60, [wheel])
    assert page.top > 0
    bar = page.bar()
    assert _thumb_top(app, bar, thumb) > start
    page_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=78)
    for _ in range(6):
        app.step(1 / 60, [page_down])
    assert page.top == page.height - size[1]  # at the foot
    bar = page.bar()
    up, down = (_ink(app, end) for end in _ends(bar))
    assert up > 2 * down > 0, (up, down)
