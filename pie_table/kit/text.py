"""Text and layout helpers every screen shares: the UI scale, fitting and wrapping text, centring."""

from __future__ import annotations

import re
from functools import lru_cache

import pygame

from pie_table.kit.fonts import fit, font, min_readable

Color = tuple[int, int, int]
BASE_SIZE = (1280, 720)
# The least room, in pixels at scale 1, a screen keeps however large the interface size makes
# things. A table's layout needs the whole 1280x720 design (at 900x560 it is already tight), so
# it keeps its proportions and only grows on a window wider or taller than 16:9; menus and
# overlays are centred sheets with room to spare and grow until 1120x630 is left.
TABLE_ROOM = BASE_SIZE
MENU_ROOM = (1120, 630)
# The narrowest page, in pixels at scale 1, a menu or dialog lays itself out on: sheets, columns
# and rows reflow down to it (stacking, wrapping) rather than capping the scale, so 200% is met in
# full on any window at least 1280 wide (1920 / 640 = 3.0 on a 1920x1080 window at 200%).
NARROW_PAGE = 640
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
    fitted = design_scale(size)
    most = min(size[0] / room[0], size[1] / room[1])
    return max(fitted, min(fitted * _interface["factor"], most))


def design_scale(size: tuple[int, int]) -> float:
    """`ui_scale` at interface size 100%: how much bigger than the 1280x720 design the window is."""
    return max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


def page_scale(size: tuple[int, int], width: int) -> float:
    """`ui_scale` for a screen whose page scrolls (kit.page): only its `width` (pixels at scale 1)
    has to fit the window, so the interface size is followed as far as the window is wide."""
    return ui_scale(size, (width, 1))


def fit_text(text: str, size: int, max_w: int, color: Color, face: str = "sans") -> pygame.Surface:
    """Render `text` at `size` within `max_w` pixels: smaller down to a readable floor, then cut
    with an ellipsis (see fonts.fit). Cached: tables redraw the same labels after every move, and
    measuring and rendering text is most of a redraw. Callers blit the image and never change it."""
    return _fitted(str(text), int(size), int(max_w), tuple(color), face, min_readable())


@lru_cache(maxsize=4096)
def _fitted(
    text: str, size: int, max_w: int, color: tuple[int, ...], face: str, floor: int
) -> pygame.Surface:
    shown, size = fit(text, size, max_w, face, floor)  # (the floor is in the key: it follows the window)
    return font(size, face).render(shown, True, color)


def fit_lines(
    text: str, size: int, max_w: int, color: Color, face: str = "sans", most: int = 2
) -> pygame.Surface:
    """`text` wrapped to `max_w` pixels on up to `most` lines, as one image (the last line is cut
    only if even `most` lines cannot hold it): a heading that would be cut on one line."""
    return _fitted_lines(str(text), int(size), int(max_w), tuple(color), face, most, min_readable())


@lru_cache(maxsize=256)
def _fitted_lines(
    text: str, size: int, max_w: int, color: tuple[int, ...], face: str, most: int, floor: int
) -> pygame.Surface:
    size = max(min_readable(), size)
    lines = wrap_text(text, font(size, face), max_w) or [""]
    lines = [*lines[: most - 1], " ".join(lines[most - 1 :])] if len(lines) > most else lines
    images = [_fitted(line, size, max_w, color, face, min_readable()) for line in lines]
    width, height = max(i.get_width() for i in images), sum(i.get_height() for i in images)
    block = pygame.Surface((width, height), pygame.SRCALPHA)
    y = 0
    for image in images:
        block.blit(image, (0, y))
        y += image.get_height()
    return block


def fit_label(text: str, size: int, max_w: int, color: Color, face: str = "sans") -> pygame.Surface:
    """Like fit_text, but a label ending in a bracket keeps the bracket whole and the words before
    it are cut instead (fit_keeping_end): a move's numbers ("Crew: Sir Scruffy (loyalty +1,
    strength 4)") are never the part cut."""
    return _fitted_label(str(text), int(size), int(max_w), tuple(color), face, min_readable())


@lru_cache(maxsize=1024)
def _fitted_label(
    text: str, size: int, max_w: int, color: tuple[int, ...], face: str, floor: int
) -> pygame.Surface:
    shown, size = fit_keeping_end(text, size, max_w, face)
    return font(size, face).render(shown, True, color)


def fit_keeping_end(text: str, size: int, max_w: int, face: str = "sans") -> tuple[str, int]:
    """(text, size) that fits `max_w` pixels, as fonts.fit, but cutting the words before a last
    " (" rather than the bracket, while the words keep a third of the room."""
    shown, size = fit(text, size, max_w, face)
    cut = text.rfind(" (")
    if shown == text or cut <= 0:
        return shown, size
    room = max_w - font(size, face).size(text[cut:])[0]
    if room < max_w // 3:
        return shown, size  # no room left for the words: a plain cut
    head, _size = fit(text[:cut], size, room, face, floor=size)
    return head + text[cut:], size


# A space in a sum or beside a number ("Strength 2 + 2 = 4", "weight 9", "(3 +1 + 1)") is kept as
# a no-break space, so wrapping moves a whole sum to the next line instead of splitting it.
_NUMBER_SPACE = re.compile(r"(?<=[+=×−-]) | (?=[+=×−-]?\(?\d)| (?=[+=×−])")
_NO_BREAK = "\u00a0"
_GLUED = "\u200b"  # marks the part of a word too wide for a line that goes on the next line, unspaced
_OPERATOR_BREAK = re.compile("\u00a0(?=[+=×−-]\u00a0)")  # where a sum too long for a line may break


def keep_sums_whole(text: str) -> str:
    """`text` with the spaces inside its sums and before its numbers made unbreakable."""
    return _NUMBER_SPACE.sub(_NO_BREAK, text)


def wrap_text(text: str, fnt: pygame.font.Font, width: int, break_words: bool = False) -> list[str]:
    """Split `text` into lines no wider than `width`. Only plain spaces break a line; a run kept
    whole with no-break spaces (keep_sums_whole) is split at them only when it is wider than a
    line by itself. A single word wider than a line keeps its own line (a card's name is broken
    at a syllable by its painter), or with `break_words` (text typed in, an address) breaks
    between its letters rather than run past the line's end."""
    lines: list[str] = []
    line = ""
    for word in _words(text, fnt, width, break_words):
        joint = _NO_BREAK if word.startswith(_NO_BREAK) else "" if word.startswith(_GLUED) else " "
        word = word.lstrip(_NO_BREAK + _GLUED)
        trial = f"{line}{joint}{word}" if line else word
        if fnt.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _words(text: str, fnt: pygame.font.Font, width: int, break_words: bool) -> list[str]:
    """The breakable pieces of `text`: words, with unbreakable runs too wide for a line split
    before their operators (a part after the first starts with a no-break space)."""
    pieces: list[str] = []
    for word in re.split(r"[ \t\n]+", text.strip(" \t\n")):
        if _NO_BREAK in word and fnt.size(word)[0] > width:
            parts = _OPERATOR_BREAK.split(word)
            pieces += [parts[0], *(_NO_BREAK + part for part in parts[1:])]
        elif break_words and fnt.size(word)[0] > width:
            pieces += _letters(word, fnt, width)
        elif word:
            pieces.append(word)
    return pieces


def _letters(word: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """`word` cut into runs of letters each as wide as a line takes (at least one letter each),
    every run after the first glued to the one before it."""
    runs: list[str] = []
    run = ""
    for letter in word:
        if run and fnt.size(run + letter)[0] > width:
            runs.append(run)
            run = ""
        run += letter
    runs.append(run)
    return [runs[0], *(_GLUED + r for r in runs[1:])]


def share_widths(needs: list[int], total: int) -> list[int]:
    """Split `total` pixels among cells that need `needs` pixels each: every cell its need and an
    even share of what is left, or, when the needs do not fit, each in proportion to its need."""
    want = sum(needs)
    if want <= 0:
        return [total // max(1, len(needs))] * len(needs)
    if want > total:
        return [need * total // want for need in needs]
    spare = (total - want) // len(needs)
    return [need + spare for need in needs]


def blit_center(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> None:
    """Blit `image` centred on `center`."""
    surface.blit(image, image.get_rect(center=center))
