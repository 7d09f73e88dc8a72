"""Text and layout helpers every screen shares: the UI scale, fitting and wrapping text, centring."""

from __future__ import annotations

from functools import lru_cache

import pygame

from pie_table.kit.fonts import fit, font

Color = tuple[int, int, int]
BASE_SIZE = (1280, 720)
# The least room, in pixels at scale 1, a screen keeps however large the interface size makes
# things. A table's layout needs the whole 1280x720 design (at 900x560 it is already tight), so
# it keeps its proportions and only grows on a window wider or taller than 16:9; menus and
# overlays are centred sheets with room to spare and grow until 1024x576 is left.
TABLE_ROOM = BASE_SIZE
MENU_ROOM = (1024, 576)
# The player's interface size (settings, 100-200%) as a factor; kit.app sets it. Like the card
# theme and the motion settings, one value for the whole window, never game state.
_interface = {"factor": 1.0}


def set_interface_size(percent: int) -> None:
    """Draw everything `percent`% larger from now on (scenes lay out again on their next resize)."""
    _interface["factor"] = max(1.0, percent / 100)


def ui_scale(size: tuple[int, int], room: tuple[int, int] = TABLE_ROOM) -> float:
    """How large to draw on a window of `size`: how much bigger than the 1280x720 design it is
    (never below a readable floor), times the interface size as far as `room` (pixels at scale 1)
    is left. Scenes draw at this size on the window itself, so larger text is sharp rather than a
    picture scaled up."""
    fitted = max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))
    most = min(size[0] / room[0], size[1] / room[1])
    return max(fitted, min(fitted * _interface["factor"], most))


def fit_text(text: str, size: int, max_w: int, color: Color, face: str = "sans") -> pygame.Surface:
    """Render `text` at `size` within `max_w` pixels: smaller down to a readable floor, then cut
    with an ellipsis (see fonts.fit). Cached: tables redraw the same labels after every move, and
    measuring and rendering text is most of a redraw. Callers blit the image and never change it."""
    return _fitted(str(text), int(size), int(max_w), tuple(color), face)


@lru_cache(maxsize=4096)
def _fitted(text: str, size: int, max_w: int, color: tuple[int, ...], face: str) -> pygame.Surface:
    shown, size = fit(text, size, max_w, face)
    return font(size, face).render(shown, True, color)


def wrap_text(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Split `text` into lines no wider than `width` (a single long word keeps its own line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if fnt.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def blit_center(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> None:
    """Blit `image` centred on `center`."""
    surface.blit(image, image.get_rect(center=center))
