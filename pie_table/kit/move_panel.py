"""The list of moves the seat at the screen may make: every legal action as a button, reachable by
keyboard alone (Up/Down, Enter) and by mouse alone. Picking a card in the hand or a thing on the
table narrows the list to the moves that use it; the focused move lights what it names and shows
a line of detail (a lure's sums, a pie's quality). A game brings its own words (`MoveWords`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.fonts import fits, font, min_readable
from pie_table.kit.i18n import _
from pie_table.kit.log_panel import paper
from pie_table.kit.text import fit_label, fit_text, keep_sums_whole, wrap_text

_PROMPT_LINES = 3  # the prompt shrinks to fit this many lines before it takes more
_LABEL_LINES = 3  # a move's label wraps onto this many lines of its button before it is cut
_BUTTON_GAP = 3


@dataclass(frozen=True)
class MoveWords:
    """What a game says about its moves: a button's label, the prompt above the list, a line of
    detail for the focused move, and which picked things and lit cards a move involves."""

    label: Callable[[dict[str, Any], dict[str, Any]], str]
    prompt: Callable[[dict[str, Any], int], str]
    detail: Callable[[dict[str, Any], dict[str, Any]], str]
    touches: Callable[[dict[str, Any], str, int], bool]
    cards_of: Callable[[dict[str, Any]], set[int]]
    pies_of: Callable[[dict[str, Any]], set[int]]
    always: tuple[str, ...] = ("done", "pass")  # moves listed last, whatever is picked


class MovePanel:
    """The moves of one seat at one decision."""

    def __init__(
        self,
        seat: int,
        legal: Sequence[dict[str, Any]],
        view: dict[str, Any],
        submit: Callable[[dict[str, Any]], bool],
        on_hint: Callable[[], None] | None = None,
        words: MoveWords | None = None,
    ) -> None:
        if words is None:
            raise ValueError("a move panel needs the game's MoveWords")
        self.words = words
        self.seat = seat
        self.view = view
        self.submit = submit
        self.on_hint = on_hint
        self.hint_button = pygame.Rect(0, 0, 0, 0)
        self.items = [(action, words.label(view, action)) for action in legal]
        self.picked: tuple[str, int] | None = None
        self.focus = 0
        self.scroll = 0
        self.buttons: list[tuple[pygame.Rect, int]] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._cut: set[int] = set()
        self._lines: dict[int, list[str]] = {}  # each move's label as its button writes it
        self._detail_lines = 2
        self._cut_key: tuple[int, int, int] | None = None
        self._preferred: int | None = None  # of moves that read the same, the one listed (focus_on)

    def shown(self) -> list[int]:
        """Indexes of the moves listed now (narrowed by the pick; Done and Pass always last)."""
        main = [
            i
            for i, (a, _t) in enumerate(self.items)
            if a["type"] not in self.words.always
            and (self.picked is None or self.words.touches(a, *self.picked))
        ]
        tail = [i for i, (a, _t) in enumerate(self.items) if a["type"] in self.words.always]
        return _one_of_each(main + tail, [text for _a, text in self.items], self._preferred)

    def focus_on(self, action: dict[str, Any]) -> bool:
        """Focus `action` (a hint's suggestion), listing it in place of a copy that reads the
        same, so Enter then plays exactly it; False if it is not a move here."""
        index = next((i for i, (a, _t) in enumerate(self.items) if a == action), None)
        if index is None:
            return False
        self._preferred = index
        shown = self.shown()
        self.focus = shown.index(index) if index in shown else self.focus
        return index in shown

    def pick(self, kind: str, value: int) -> bool:
        """Narrow the list to moves using this card or pie (again: widen it). False if none do."""
        if self.picked == (kind, value):
            self.picked = None
        elif any(self.words.touches(a, kind, value) for a, _t in self.items):
            self.picked = (kind, value)
        else:
            return False
        self.focus, self.scroll = 0, 0
        return True

    def focused(self) -> dict[str, Any] | None:
        shown = self.shown()
        return self.items[shown[self.focus]][0] if shown and self.focus < len(shown) else None

    def lit(self) -> tuple[set[int], set[int]]:
        """Cards and pies the focused move names."""
        action = self.focused()
        if action is None:
            return set(), set()
        return self.words.cards_of(action), self.words.pies_of(action)

    # -- input -------------------------------------------------------------------------------------------

    def handle_key(self, key: int) -> bool:
        shown = self.shown()
        if not shown:
            return False
        if key in (pygame.K_DOWN, pygame.K_s):
            self.focus = (self.focus + 1) % len(shown)
        elif key in (pygame.K_UP, pygame.K_w):
            self.focus = (self.focus - 1) % len(shown)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.submit(self.items[shown[self.focus]][0])
        elif key == pygame.K_BACKSPACE and self.picked is not None:
            self.picked = None
            self.focus = 0
        else:
            return False
        return True

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for rect, index in self.buttons:
                if rect.collidepoint(event.pos):
                    self.focus = index
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.on_hint is not None and self.hint_button.collidepoint(event.pos):
                self.on_hint()
                return True
            for rect, index in self.buttons:
                if rect.collidepoint(event.pos):
                    self.focus = index
                    self.submit(self.items[self.shown()[index]][0])
                    return True
            return self.rect.collidepoint(event.pos)
        return False

    # -- drawing --------------------------------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        scale: float,
        remaining: float | None,
        deadline: float | None,
        painted: bool = False,
    ) -> None:
        """The list in `rect`; `painted`: its paper is on the table's backdrop already."""
        self.rect = rect
        if not painted:
            paper(surface, rect, scale)
        pad = int(8 * scale)
        y = rect.y + pad
        prompt_w = rect.w - 2 * pad
        if self.on_hint is not None:
            tip = fit_text(_("Hint (H)"), int(13 * scale), int(90 * scale), pal.INK, "bold")
            self.hint_button = tip.get_rect(topright=(rect.right - pad, rect.y + pad)).inflate(
                int(10 * scale), 4
            )
            self.hint_button.topright = (rect.right - pad, rect.y + pad)
            pygame.draw.rect(surface, pal.GOLD, self.hint_button, border_radius=self.hint_button.h // 2)
            surface.blit(tip, tip.get_rect(center=self.hint_button.center))
            prompt_w -= self.hint_button.w + pad
        size = _readable(15 * scale)
        for line, bold in self._prompt_lines(prompt_w, _readable(16 * scale)):
            image = bold.render(line, True, pal.INK)
            surface.blit(image, (rect.x + pad, y))
            y += image.get_height()
        if remaining is not None and deadline:
            bar = pygame.Rect(rect.x + pad, y + 4, rect.w - 2 * pad, max(6, int(8 * scale)))
            pygame.draw.rect(surface, pal.soft_ink(), bar, border_radius=bar.h // 2)
            done = bar.copy()
            done.w = int(bar.w * remaining / deadline)
            pygame.draw.rect(
                surface, pal.DANGER if remaining < 2 else pal.GOLD, done, border_radius=bar.h // 2
            )
            y = bar.bottom + 2
        if self.picked is not None:
            hint = fit_text(
                _("Showing moves with the picked card (Backspace: all)"),
                int(13 * scale),
                rect.w - 2 * pad,
                pal.soft_ink(),
            )
            surface.blit(hint, (rect.x + pad, y))
            y += hint.get_height()
        shown = self.shown()
        detail_font = font(_readable(14 * scale), "bold")
        # A label too long for its button's line wraps onto more lines (the button grows), up to
        # _LABEL_LINES; one longer still is cut, and the focused one is then written out in full
        # under the list, above its sum. Room for the longest of those is kept, so the list does
        # not jump as the focus moves and no sum loses its total.
        cut = self._cut_labels(size, rect.w - 2 * pad - 12, detail_font, rect.w - 2 * pad)
        detail_lines = self._detail_lines
        detail_h = max(int(40 * scale), detail_lines * detail_font.get_linesize() + 4)
        area = pygame.Rect(rect.x + pad, y + 4, rect.w - 2 * pad, rect.bottom - y - detail_h - pad - 4)
        heights = [self._button_height(shown[index], size, scale) for index in range(len(shown))]
        self.focus = min(self.focus, max(0, len(shown) - 1))
        self.scroll = min(self.scroll, self.focus)
        while self.scroll < self.focus and not self._in_view(heights, area.h):
            self.scroll += 1
        while self.scroll > 0 and _fitting(heights[self.scroll - 1:], area.h) > len(heights) - self.scroll:
            self.scroll -= 1  # the end of the list in view: no empty room under it
        rows = _fitting(heights[self.scroll:], area.h)
        self.buttons = []
        top = area.y
        for index in range(self.scroll, self.scroll + rows):
            button = pygame.Rect(area.x, top, area.w, heights[index])
            top += heights[index] + _BUTTON_GAP
            self._draw_button(surface, button, shown[index], index == self.focus, size, scale)
            self.buttons.append((button, index))
        if len(shown) > rows:
            left = len(shown) - rows
            words = _("{n} more: scroll or use the arrow keys").format(n=left)
            if not fits(words, _readable(13 * scale), area.w):
                words = _("+{n} more").format(n=left)  # the count whole, the how-to dropped
            more = fit_text(words, int(13 * scale), area.w, pal.soft_ink())
            surface.blit(more, (area.x, top))
        action = self.focused()
        if action is not None:
            index = shown[self.focus]
            lines = self._detail(index, index in cut, detail_font, rect.w - 2 * pad)
            top = rect.bottom - pad - len(lines) * detail_font.get_linesize()
            for line, ink in lines:
                image = detail_font.render(line, True, ink)
                surface.blit(image, (rect.x + pad, top))
                top += detail_font.get_linesize()

    def _in_view(self, heights: list[int], room: int) -> bool:
        """True when the focused move is among those shown from `scroll` on."""
        return self.focus < self.scroll + _fitting(heights[self.scroll:], room)

    def _button_height(self, item: int, size: int, scale: float) -> int:
        """A move's button: one line's height, or as many lines as its label wraps to."""
        lines = len(self._lines.get(item, [""]))
        return max(int(30 * scale), lines * font(size).get_linesize() + int(8 * scale))

    def _draw_button(self, surface: pygame.Surface, button: pygame.Rect, item: int, focused: bool,
                     size: int, scale: float) -> None:
        radius = min(button.h, int(30 * scale)) // 3
        pygame.draw.rect(surface, pal.GOLD if focused else pal.CREAM, button, border_radius=radius)
        pygame.draw.rect(surface, pal.WOOD_DARK, button, 2, border_radius=radius)
        face = "bold" if focused else "sans"
        lines = self._lines.get(item, [self.items[item][1]])
        images = [fit_text(line, size, button.w - 12, pal.INK, face) for line in lines[:-1]]
        images.append(fit_label(lines[-1], size, button.w - 12, pal.INK, face))
        y = button.centery - sum(image.get_height() for image in images) // 2
        for image in images:
            surface.blit(image, (button.x + 8, y))
            y += image.get_height()

    def _prompt_lines(self, width: int, size: int) -> list[tuple[str, pygame.font.Font]]:
        """The prompt wrapped to `width`: smaller (down to the readable floor) until it takes at
        most _PROMPT_LINES lines, then in as many lines as it needs, never cut."""
        text = self.words.prompt(self.view, self.seat)
        for step in range(size, min_readable() - 1, -1):
            bold = font(step, "bold")
            lines = wrap_text(text, bold, width)
            if len(lines) <= _PROMPT_LINES:
                break
        return [(line, bold) for line in lines]

    def _detail(
        self, index: int, cut: bool, fnt: pygame.font.Font, width: int
    ) -> list[tuple[str, tuple[int, int, int]]]:
        """The lines under the list for move `index`: its label in full when its button cuts it,
        then its sum, whole."""
        action, label = self.items[index]
        lines = [(line, pal.INK) for line in wrap_text(label, fnt, width)] if cut else []
        sums = keep_sums_whole(self.words.detail(self.view, action))
        return lines + [(line, pal.CHERRY) for line in wrap_text(sums, fnt, width)]

    def _cut_labels(self, size: int, width: int, detail_font: pygame.font.Font, detail_w: int) -> set[int]:
        """Moves whose label does not fit a button `width` wide at `size` (fit_text would shrink
        or cut it), and the most lines any move's detail takes; measured once per size."""
        key = (size, width, detail_font.get_height())
        if self._cut_key != key:
            bold = font(size, "bold")  # (the focused label's face, the wider one)
            self._lines = {i: _label_lines(text, bold, width) for i, (_a, text) in enumerate(self.items)}
            self._cut = {i for i, lines in self._lines.items() if bold.size(lines[-1])[0] > width}
            cut = self._cut
            needs = [len(self._detail(i, i in cut, detail_font, detail_w)) for i in range(len(self.items))]
            self._detail_lines = max([2, *needs])
            self._cut_key = key
        return self._cut


def _one_of_each(indexes: list[int], labels: list[str], preferred: int | None) -> list[int]:
    """`indexes` with one move of those that read the same (the `preferred` one if it is among
    them, else the first), where the first stood: two copies of a card make two legal actions
    the player cannot tell apart, and listing both (twice "Start a new pie with Graham Cracker
    Crust") only pushes other moves out of view. Dragging either copy still plays that one."""
    chosen: dict[str, int] = {}  # (in the order each label is first met)
    for index in indexes:
        if labels[index] not in chosen or index == preferred:
            chosen[labels[index]] = index
    return list(chosen.values())


def _label_lines(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """`text` on as few lines as hold it, at most _LABEL_LINES (the last then holds the rest)."""
    if fnt.size(text)[0] <= width:
        return [text]
    lines = wrap_text(text, fnt, width)
    if len(lines) > _LABEL_LINES:
        return [*lines[: _LABEL_LINES - 1], " ".join(lines[_LABEL_LINES - 1 :])]
    return lines


def _fitting(heights: list[int], room: int) -> int:
    """How many of the buttons `heights` tall, top first, fit in `room` (at least one)."""
    used, count = 0, 0
    for height in heights:
        used += height + _BUTTON_GAP
        if used - _BUTTON_GAP > room and count:
            break
        count += 1
    return count


def _readable(size: float) -> int:
    """A font size from a scaled design size, never below the readable floor."""
    return max(min_readable(), int(size))
