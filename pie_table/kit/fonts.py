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


# The type scale: the few text sizes, in pixels at 1280x720 and 100%, that screens draw with.
SMALL = 14  # captions, counts, card text: the floor
BODY = 16
LABEL = 18  # names, headings inside a panel
HEADING = 24
TITLE = 32
# The smallest text the table ever draws, however crowded: shrinking to fit stops here, and
# text that still does not fit wraps or is cut with an ellipsis instead. It is SMALL on a window
# of the 1280x720 design or larger; a smaller window (down to 900x560) keeps the whole layout
# at a smaller scale, and its floor goes down with it as far as _SMALLEST.
_DESIGN = (1280, 720)
_SMALLEST = 12
_floor = {"px": SMALL}  # one value for the whole window, like the interface size; kit.app sets it


def set_window(size: tuple[int, int]) -> None:
    """Set the text floor for a window of `size` pixels."""
    fitted = min(size[0] / _DESIGN[0], size[1] / _DESIGN[1], 1.0)
    _floor["px"] = max(_SMALLEST, min(SMALL, round(SMALL * fitted)))


def min_readable() -> int:
    """The smallest text size the window draws (see set_window)."""
    return _floor["px"]
_ELLIPSIS = "…"


def fits(text: str, size: int, max_w: int, face: str = "sans", floor: int = 0) -> bool:
    """Whether `fit` would keep `text` whole: it is `max_w` pixels wide at most at the smallest
    size `fit` may shrink it to. A layout asks this to choose among forms of a label; only what
    it then draws goes through `fit`."""
    smallest = max(min_readable(), min(floor, int(size)))
    return font(smallest, face).size(text)[0] <= max_w


def fit(text: str, size: int, max_w: int, face: str = "sans", floor: int = 0) -> tuple[str, int]:
    """(text, size) that fits `max_w` pixels: the font shrinks, but never below `floor` (nor below
    min_readable()); past that the text is cut and ends with an ellipsis."""
    floor = max(min_readable(), min(floor, int(size)))
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
