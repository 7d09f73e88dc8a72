"""Labelled rows with a value: cyclers (and the number picker), toggles and one-line text input."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.fonts import fit, font
from pie_table.kit.i18n import _
from pie_table.kit.text import Color, blit_center, fit_text, wrap_text
from pie_table.kit.widgets import _MIN_TEXT, DISABLED, DISABLED_INK, Widget

_BLINK_MS = 500  # a text box's caret shows for this long, then hides as long
# The steps a caption may take down from its row's size when it must wrap (a type scale, never a
# size per string); `common_caption_scale` picks one step for a group of rows.
_CAPTION_STEPS = (1.0, 0.8, 0.7, 0.6)
# A cycler with more values than this (a number picker's hundreds) sizes each value by itself.
_UNIFORM_MOST = 64


class _Row(Widget):
    """A labelled row: caption on the left, a control box on the right."""

    nudges = True

    def __init__(self, label: str, enabled: bool | Callable[[], bool] = True, size: int = 24) -> None:
        super().__init__(enabled)
        self.label, self.size = label, size
        self.split = 0.42  # share of the row width given to the caption
        # The step of the type scale the caption is written at, shared by the rows of a panel
        # (`common_caption_scale`); None: the row picks its own, as a lone row may.
        self.caption_scale: float | None = None
        # The value box's height in a row made taller for its caption (None: the row's own).
        self.control_h: int | None = None
        # The caption on lines of its own above a value box the row's whole width (a page too
        # narrow for both side by side at their size): the row is `caption_band` taller.
        self.over = False

    def caption_band(self, scale: float | None = None, width: int | None = None) -> int:
        """How tall the caption's lines above the value box are at `scale` (the placed one), on a
        row `width` wide (the placed one: a layout asks before placing the row) (0: the caption
        is beside the box)."""
        if not (self.over and self.label):
            return 0
        scale = self.scale if scale is None else scale
        width = self.rect.w if width is None else width
        fnt = font(max(_MIN_TEXT, int(self.size * scale)), "bold")
        return len(wrap_text(self.label, fnt, width - int(12 * scale))) * fnt.get_linesize()

    def control_rect(self) -> pygame.Rect:
        """Where the value box sits (right part of the row, or all of it without a caption)."""
        if not self.label:
            return pygame.Rect(self.rect)
        if self.over:
            band = self.caption_band()
            return pygame.Rect(self.rect.x, self.rect.y + band, self.rect.w, self.rect.h - band)
        box = self._box_rect()
        return pygame.Rect(box.x, self.rect.centery - box.h // 2, box.w, box.h) if self.control_h else box

    def _box_rect(self) -> pygame.Rect:
        split = int(self.rect.w * self.split)
        # The value is never cut, and gets room to be written at its own size where the caption
        # keeps two fifths of the row (the caption wraps sooner); rows aligned in a panel keep
        # the column `align_controls` chose for them.
        want = 0 if self.caption_scale is not None else min(self.preferred_need(), int(self.rect.w * 0.6))
        need = max(self.control_need(), want)
        if need > self.rect.w - split:
            split = max(int(self.rect.w * 0.3), self.rect.w - need)
        return pygame.Rect(self.rect.x + split, self.rect.y, self.rect.w - split,
                           min(self.rect.h, self.control_h or self.rect.h))

    def control_need(self) -> int:
        """The width the value box needs to show every value whole (0: whatever it is given)."""
        return 0

    def preferred_need(self, step: float = 1.0) -> int:
        """The width the value box needs to show every value at `step` of the row's own size
        (0: any)."""
        return 0

    def _caption_width(self) -> int:
        """The room the caption has, left of the value box (or above it, the row's width)."""
        if self.over:
            return self.rect.w - int(12 * self.scale)
        return self.control_rect().x - self.rect.x - int(10 * self.scale)

    def caption_size(self, factor: float) -> int:
        """The caption's size at `factor` of the row's own (never below the floor)."""
        return max(_MIN_TEXT, int(self.size * self.scale * factor))

    def _caption_lines(self, fnt: pygame.font.Font, cap_w: int) -> list[str]:
        """The caption on one line where it fits `cap_w`, else wrapped to it."""
        return [self.label] if fnt.size(self.label)[0] <= cap_w else wrap_text(self.label, fnt, cap_w)

    def _draw_caption(self, surface: pygame.Surface) -> None:
        if not self.label:
            return
        cap_w = self._caption_width()
        ink = pal.INK if self.enabled else DISABLED_INK
        size = int(self.size * self.scale)
        lines = [self.label]
        if self.over:  # at the row's own size, wrapped in its band above the box
            lines = wrap_text(self.label, font(size, "bold"), cap_w)
            y = self.rect.y
            for line in lines:
                image = fit_text(line, size, cap_w, ink, "bold")
                surface.blit(image, (self.rect.x + int(6 * self.scale), y))
                y += font(size, "bold").get_linesize()
            self._draw_marker(surface, self.rect.y + self.caption_band() // 2)
            return
        if self.caption_scale is not None:
            size = self.caption_size(self.caption_scale)
            lines = self._caption_lines(font(size, "bold"), cap_w)
        elif font(size, "bold").size(self.label)[0] > cap_w:
            lines = self._wrap_caption(size, cap_w)
            size = self._caption_size
        images = [fit_text(line, size, cap_w, ink, "bold") for line in lines]
        y = self.rect.centery - sum(i.get_height() for i in images) // 2
        for image in images:
            surface.blit(image, (self.rect.x + int(6 * self.scale), y))
            y += image.get_height()
        self._draw_marker(surface, self.rect.centery)

    def _draw_marker(self, surface: pygame.Surface, y: int) -> None:
        """The focused row's "›", left of its caption."""
        if self.focused:
            # (cherry on the paper reads 4.79:1: darkened to the theme's level, 7:1 in high contrast)
            ink = pal.legible(pal.CHERRY, pal.PAPER)
            marker = font(int(self.size * self.scale), "bold").render("›", True, ink)
            surface.blit(marker, marker.get_rect(midright=(self.rect.x - 2, y)))

    def caption_height(self, factor: float) -> int:
        """How tall the caption is written at `factor` of the row's size, wrapped to the placed
        row's caption width (0: no caption)."""
        if not self.label:
            return 0
        fnt = font(self.caption_size(factor), "bold")
        return len(self._caption_lines(fnt, self._caption_width())) * fnt.get_linesize()

    def caption_fits(self, factor: float) -> bool:
        """Whether the caption, written at `factor` of the row's size, fits the placed row: on one
        line, or wrapped onto lines the row is tall enough for."""
        if not self.label:
            return True
        cap_w, fnt = self._caption_width(), font(self.caption_size(factor), "bold")
        lines = self._caption_lines(fnt, cap_w)
        if len(lines) == 1 and fnt.size(lines[0])[0] <= cap_w:
            return True
        whole = all(fnt.size(line)[0] <= cap_w for line in lines)  # a word longer than the room
        return whole and len(lines) * fnt.get_linesize() <= self.rect.h

    def _wrap_caption(self, size: int, cap_w: int) -> list[str]:
        """A long caption wraps onto smaller lines instead of shrinking to one unreadable line."""
        for factor in (0.8, 0.7, 0.6):
            self._caption_size = max(_MIN_TEXT, int(size * factor))
            fnt = font(self._caption_size, "bold")
            lines = wrap_text(self.label, fnt, cap_w)
            if len(lines) * fnt.get_linesize() <= self.rect.h:
                return lines
        return lines


class Cycler(_Row):
    """A choice among values: ◀ value ▶, left/right or click on either half.

    `wrap=False` stops the arrows at the ends (a number such as a target score must not jump
    from its lowest to its highest value); Enter still steps on, back to the first value after
    the last, so a keyboard player can reach every choice with one key."""

    def __init__(self, label: str, values: Sequence[Any], index: int = 0,
                 on_change: Callable[[Any], Any] | None = None, fmt: Callable[[Any], str] = str,
                 enabled: bool | Callable[[], bool] = True, size: int = 24,
                 accept: Callable[[Any], bool] | None = None,
                 color: Callable[[Any], Color | None] | None = None, wrap: bool = True,
                 tall: bool = False) -> None:
        """`tall`: the layout gives the row the height `value_height` asks, so a long value may
        wrap onto two lines at the row's size and its box needs no more width than that (not
        the width of its one line at the floor)."""
        super().__init__(label, enabled, size)
        self.values = list(values)
        self.index = index
        self.on_change, self.fmt = on_change, fmt
        # `accept` may refuse a value (e.g. a control another human already holds); it is skipped.
        self.accept = accept
        self.color = color
        self.wrap = wrap
        self.tall = tall

    @property
    def value(self) -> Any:
        """The chosen value."""
        return self.values[self.index]

    def set_value(self, value: Any) -> None:
        """Select `value` without calling on_change."""
        self.index = self.values.index(value)

    def nudge(self, step: int, wrap: bool | None = None) -> bool:
        """Move to the next accepted value in direction `step`; False when there is none (at an
        end of a cycler that does not wrap, or every other value refused)."""
        if not self.enabled or not self.values:
            return False
        n = len(self.values)
        wrap = self.wrap if wrap is None else wrap
        for k in range(1, n):
            candidate = self.index + step * k
            if not wrap and not 0 <= candidate < n:
                return False
            candidate %= n
            if self.accept is None or self.accept(self.values[candidate]):
                self.index = candidate
                if self.on_change:
                    self.on_change(self.value)
                return True
        return False

    def at_end(self, step: int) -> bool:
        """True when an arrow in direction `step` cannot move (a cycler that does not wrap)."""
        return not self.wrap and not 0 <= self.index + step < len(self.values)

    def activate(self) -> bool:
        return self.nudge(1, wrap=True)

    def control_need(self) -> int:
        one_line = self.need_at(self.scale)
        if not self.tall or len(self.values) > _UNIFORM_MOST:
            return one_line
        texts = tuple(self.fmt(value) for value in self.values)
        two_lines = _two_line_width(texts, int(self.size * self.scale))
        return min(one_line, two_lines + 2 * int(28 * self.scale) + 14)

    def need_at(self, scale: float) -> int:
        """The width a box needs at `scale` to show every value whole, shrunk to the floor."""
        fnt = font(_MIN_TEXT, "bold")  # fit_text shrinks a value to this floor before it cuts one
        widest = max((fnt.size(self.fmt(value))[0] for value in self.values), default=0)
        return widest + 2 * int(28 * scale) + 16

    def preferred_need(self, step: float = 1.0) -> int:
        return self.full_need(self.scale, step) if len(self.values) <= _UNIFORM_MOST else 0

    def full_need(self, scale: float, step: float = 1.0) -> int:
        """The width a box needs to show every value whole at `step` of the row's own size at
        `scale` (a layout that can give it that much never has a value drawn smaller)."""
        fnt = font(int(self.size * scale * step), "bold")
        widest = max((fnt.size(self.fmt(value))[0] for value in self.values), default=0)
        return widest + 2 * int(28 * scale) + 14

    def click(self, pos: tuple[int, int]) -> bool:
        box = self.control_rect()
        return self.nudge(-1 if pos[0] < box.x + box.w // 3 else 1)

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_caption(surface)
        box = self.control_rect()
        tint = self.color(self.value) if self.color else None
        # A value's own colour (a team's) fills the box, lightened where the ink would not read on
        # it at 4.5:1 (Blueberry's blue gave 3.5:1).
        self._box(surface, box, pal.legible(tint, pal.INK) if tint and self.enabled else self._fill())
        ink = pal.INK if self.enabled else DISABLED_INK
        size = int(self.size * self.scale)
        arrow_w = int(28 * self.scale)
        for glyph, x, step in (("◀", box.x + arrow_w // 2 + 4, -1), ("▶", box.right - arrow_w // 2 - 4, 1)):
            arrow_ink = DISABLED_INK if self.at_end(step) else ink
            arrow = font(int(size * 0.8), "sans").render(glyph, True, arrow_ink)
            blit_center(surface, arrow, (x, box.centery))
        room = self._value_room()
        lines = self._wrapped(size, room, box.h)
        if lines is not None:  # a long value on lines of its own, at the size of every other value
            images = [fit_text(line, size, room, ink, "bold") for line in lines]
            y = box.centery - sum(image.get_height() for image in images) // 2
            for image in images:
                surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
                y += image.get_height()
            return
        if len(self.values) <= _UNIFORM_MOST:  # every value at one size: cycling never resizes it
            size = _uniform_size(tuple(self.fmt(value) for value in self.values), size, room)
        image = fit_text(self.fmt(self.value), size, room, ink, "bold")
        blit_center(surface, image, box.center)

    def _value_room(self) -> int:
        """How wide a value may be written between the arrows of the placed box."""
        return self.control_rect().w - 2 * int(28 * self.scale) - 12

    def _wrapped(self, size: int, room: int, height: int) -> list[str] | None:
        """The value's lines where some value is wider than `room` at `size` and the box is tall
        enough to hold every value wrapped at that size (None: one line, as the box is short)."""
        found = self._wrap(size, room)
        if found is None or found[1] > height:
            return None
        return found[0][self.fmt(self.value)]

    def value_height(self) -> int:
        """How tall the placed box must be to show every value whole at the row's own size, a long
        one wrapped onto lines of its own (0: each fits on one line, or it sizes values by itself)."""
        found = self._wrap(int(self.size * self.scale), self._value_room())
        return 0 if found is None else found[1]

    def _wrap(self, size: int, room: int) -> tuple[dict[str, list[str]], int] | None:
        """Every value's lines in `room` at `size` and the box height the most of them need, where
        some value is wider than `room` (None: each fits on one line, or it sizes values by itself)."""
        lines = _value_lines(tuple(self.fmt(value) for value in self.values), size, room)
        if lines is None or len(self.values) > _UNIFORM_MOST:
            return None
        most = max(len(value) for value in lines.values())
        return lines, most * font(size, "bold").get_linesize() + int(8 * self.scale)


class NumberCycler(Cycler):
    """A Cycler over whole numbers (and perhaps a few words after them, such as "all") that is quick
    for large amounts: type the digits, PageUp/PageDown or Shift+arrows step by ten, and the mouse
    wheel steps by one (by ten with Shift)."""

    _TYPING_PAUSE_MS = 1200  # digits typed further apart than this start a new number

    def __init__(self, label: str, values: Sequence[Any], **kwargs: Any) -> None:
        super().__init__(label, values, **kwargs)
        self._typed = ""
        self._typed_at = -10_000

    def key_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEWHEEL:
            big = pygame.key.get_mods() & pygame.KMOD_SHIFT
            return self.step_by(event.y * (10 if big else 1))
        if event.type != pygame.KEYDOWN:
            return False
        digit = _DIGIT_KEYS.get(event.key)
        if digit is not None:
            return self.type_digit(digit, pygame.time.get_ticks())
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return self.step_by(10 if event.key == pygame.K_PAGEUP else -10)
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and event.mod & pygame.KMOD_SHIFT:
            return self.step_by(10 if event.key == pygame.K_RIGHT else -10)
        return False

    def type_digit(self, digit: str, now_ms: int) -> bool:
        """Append a typed digit to the number being typed (a pause starts a new number)."""
        if now_ms - self._typed_at > self._TYPING_PAUSE_MS:
            self._typed = ""
        self._typed_at = now_ms
        self._typed = (self._typed + digit).lstrip("0")[:6]
        if not self._typed:
            return False
        numbers = [v for v in self.values if isinstance(v, int)]
        wanted = int(self._typed)
        best = min(numbers, key=lambda v: (abs(v - wanted), v)) if numbers else None
        return best is not None and self._select(best)

    def step_by(self, step: int) -> bool:
        """Move by `step` numbers, stopping at the ends (no wrap-around for big steps)."""
        numbers = [i for i, v in enumerate(self.values) if isinstance(v, int)]
        if not numbers or self.index not in numbers:
            return self.nudge(1 if step > 0 else -1)
        position = max(0, min(len(numbers) - 1, numbers.index(self.index) + step))
        return self._select(self.values[numbers[position]])

    def _select(self, value: Any) -> bool:
        if value == self.value:
            return False
        self.set_value(value)
        if self.on_change:
            self.on_change(self.value)
        return True


@lru_cache(maxsize=256)
def _value_lines(texts: tuple[str, ...], size: int, room: int) -> dict[str, list[str]] | None:
    """Each of `texts` on the lines it takes in `room` at `size`, where one of them is wider than
    that and each wraps whole (None: all fit on one line, or a word alone is too wide)."""
    fnt = font(size, "bold")
    if all(fnt.size(text)[0] <= room for text in texts):
        return None
    lines = {text: wrap_text(text, fnt, room) for text in texts}
    whole = all(fnt.size(line)[0] <= room for parts in lines.values() for line in parts)
    return lines if whole else None


@lru_cache(maxsize=256)
def _two_line_width(texts: tuple[str, ...], size: int) -> int:
    """The least width in which each of `texts` is written whole at `size` on at most two lines
    (broken at its best space)."""
    fnt = font(size, "bold")

    def least(text: str) -> int:
        words = text.split(" ")
        splits = (max(fnt.size(" ".join(words[:i]))[0], fnt.size(" ".join(words[i:]))[0])
                  for i in range(1, len(words)))
        return min(splits, default=fnt.size(text)[0])

    return max((least(text) for text in texts), default=0)


@lru_cache(maxsize=512)
def _uniform_size(texts: tuple[str, ...], size: int, room: int) -> int:
    """The size every one of `texts` is written at in `room`: the one the widest fits at, but
    never below the first step down of the type scale (a value longer than that shrinks further
    by itself, so one long choice does not make every short one small)."""
    widest = min((fit(text, size, room, "bold")[1] for text in texts), default=size)
    return max(widest, int(size * _CAPTION_STEPS[1]))


def align_controls(rows: Sequence[Widget]) -> None:
    """A panel's placed rows with their value boxes in one column (where the widest needs it to
    begin) and their captions at one step of the type scale (`common_caption_scale`)."""
    labelled = [row for row in rows if isinstance(row, _Row) and row.label and row.rect.w]
    for row in labelled:  # measured afresh: a value box at its own need, as a lone row's
        row.caption_scale, row.control_h = None, None
    if not labelled or any(row.over for row in labelled):
        return  # (captions over their boxes are at their own size, the boxes the rows' width)
    # Captions on one line at their size or the first step down, where every value then still
    # has the room to be written at that step at least; else the column the widest value needs,
    # and the captions wrapped at one step.
    for factor in _CAPTION_STEPS[:2]:
        column = _one_line_column(labelled, factor)
        if column is not None:
            for row in labelled:
                row.split, row.caption_scale = column / row.rect.w, factor
            return
    left = min(row.control_rect().x for row in labelled)
    for row in labelled:
        row.split = (left - row.rect.x) / row.rect.w
    scale = common_caption_scale(labelled)
    for row in labelled:
        row.caption_scale = scale


def _one_line_column(rows: Sequence[_Row], factor: float) -> int | None:
    """How far into each row its value box begins when every caption is written on one line at
    `factor` of its size; None when a value box would then be narrower than its value needs at
    the first step down of the type scale (or than the floor it is cut below)."""
    column = max(font(row.caption_size(factor), "bold").size(row.label)[0] + int(16 * row.scale)
                 for row in rows)
    for row in rows:
        room = row.rect.w - column
        # (a value box wider than this is not worth smaller captions for the whole panel)
        want = min(row.preferred_need(_CAPTION_STEPS[1]), int(row.rect.w * 0.45))
        if room < max(row.control_need(), want) or column > row.rect.w * 0.6:
            return None
    return column


def common_caption_scale(rows: Sequence[Widget]) -> float:
    """The largest step of the type scale at which the caption of every placed row of `rows`
    fits (its smallest, where even that does not): one size for a panel's captions, not one per
    caption."""
    labelled = [row for row in rows if isinstance(row, _Row)]
    for factor in _CAPTION_STEPS:
        if all(row.caption_fits(factor) for row in labelled):
            return factor
    return _CAPTION_STEPS[-1]


_DIGIT_KEYS = {getattr(pygame, f"K_{n}"): str(n) for n in range(10)} | {
    getattr(pygame, f"K_KP{n}"): str(n) for n in range(10)}


class Toggle(_Row):
    """An on/off switch."""

    def __init__(self, label: str, value: bool = False, on_change: Callable[[bool], Any] | None = None,
                 enabled: bool | Callable[[], bool] = True, size: int = 24) -> None:
        super().__init__(label, enabled, size)
        self.value, self.on_change = bool(value), on_change

    def activate(self) -> bool:
        if not self.enabled:
            return False
        self.value = not self.value
        if self.on_change:
            self.on_change(self.value)
        return True

    def nudge(self, step: int) -> bool:
        return self.activate()

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_caption(surface)
        box = self.control_rect()
        self._box(surface, box, self._fill())
        pill = pygame.Rect(0, 0, int(box.h * 1.6), int(box.h * 0.56))
        pill.midleft = (box.x + int(14 * self.scale), box.centery)
        pygame.draw.rect(surface, pal.APPLE if self.value else pal.INK_SOFT, pill, border_radius=pill.h // 2)
        knob_x = pill.right - pill.h // 2 if self.value else pill.x + pill.h // 2
        pygame.draw.circle(surface, pal.CREAM, (knob_x, pill.centery), max(3, pill.h // 2 - 3))
        text = _("On") if self.value else _("Off")
        image = font(int(self.size * self.scale), "bold").render(text, True, pal.INK)
        surface.blit(image, image.get_rect(midleft=(pill.right + int(12 * self.scale), box.centery)))


class TextInput(_Row):
    """One line of text; typing goes here while it has focus."""

    def __init__(self, label: str, text: str = "", on_change: Callable[[str], Any] | None = None,
                 max_len: int = 24, size: int = 24, whole: Callable[[str], bool] | None = None) -> None:
        """`whole(pasted)`: True for a paste that is a whole value by itself (a link), which
        replaces the text instead of being appended to it."""
        super().__init__(label, True, size)
        self.text, self.on_change, self.max_len = text, on_change, max_len
        self.whole = whole

    def next_change(self) -> float | None:
        """A focused box blinks its caret: it changes at the next half second."""
        if not self.focused:
            return None
        return (_BLINK_MS - pygame.time.get_ticks() % _BLINK_MS) / 1000

    def text_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            new = (self.text + event.text)[: self.max_len]
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            pasted = _clipboard()
            replaces = self.whole is not None and self.whole(pasted)
            new = (pasted if replaces else self.text + pasted)[: self.max_len]
        elif event.type == pygame.KEYDOWN and (event.key == pygame.K_DELETE or (
                event.key == pygame.K_BACKSPACE and event.mod & pygame.KMOD_CTRL)):
            new = ""  # one key clears the row (a long pre-filled address, say)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            new = self.text[:-1]
        else:
            return False
        if new != self.text:
            self.text = new
            if self.on_change:
                self.on_change(new)
        return True

    def preferred_need(self, step: float = 1.0) -> int:
        """Room for the text typed so far, and a caret, at `step` of the row's size."""
        return font(int(self.size * self.scale * step)).size(self.text + "|")[0] + 20

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_caption(surface)
        box = self.control_rect()
        self._box(surface, box, pal.CREAM if self.enabled else DISABLED)
        shown = self.text + ("|" if self.focused and pygame.time.get_ticks() // _BLINK_MS % 2 == 0 else "")
        image = fit_text(shown or " ", int(self.size * self.scale), box.w - 20, pal.INK)
        surface.blit(image, image.get_rect(midleft=(box.x + int(12 * self.scale), box.centery)))


def _clipboard() -> str:
    """The clipboard's text on one line ('' when there is none, or no clipboard to read)."""
    try:
        text = pygame.scrap.get_text()
    except pygame.error:
        return ""
    return " ".join((text or "").split())
