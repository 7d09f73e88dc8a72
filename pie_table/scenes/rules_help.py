"""In-app rules: a scrollable sheet rendered from assets/rules/<game_id>.md (a small markdown subset)."""

from __future__ import annotations

import re
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.fonts import font
from pie_table.kit.i18n import _, current_language
from pie_table.kit.scroll_bar import ON_PAPER, draw_scroll_bar
from pie_table.kit.text import NARROW_PAGE, design_scale, wrap_text
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.paths import assets_dir
from pie_table.scenes.base import OverlayScene

RULES_DIR = assets_dir("rules")
# kind -> (font size at scale 1, face, space above in lines)
_STYLES = {
    "h1": (34, "title", 0.6),
    "h2": (27, "bold", 0.8),
    "h3": (23, "bold", 0.6),
    "bullet": (21, "sans", 0.15),
    "para": (21, "sans", 0.5),
}
_BODY = _STYLES["para"][0]
_SCROLL_KEYS = {
    pygame.K_UP: -1,
    pygame.K_DOWN: 1,
    pygame.K_HOME: -10_000,
    pygame.K_END: 10_000,
}
_PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


def parse_markdown(text: str) -> list[tuple[str, str]]:
    """Blocks of (kind, text): headings h1-h3, bullets (also numbered) and joined paragraphs."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("para", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = re.sub(r"\*\*|__|`", "", raw.strip())
        heading = re.match(r"^(#{1,3})\s+(.*)", line)
        bullet = re.match(r"^(?:[-*+]|\d+[.)])\s+(.*)", line)
        if line and not heading and not bullet and raw[:1] in (" ", "\t") and blocks and not para \
                and blocks[-1][0] == "bullet":
            # An indented line right under a bullet continues it (markdown's wrapped list item).
            blocks[-1] = ("bullet", f"{blocks[-1][1]} {line}")
            continue
        if heading:
            flush()
            blocks.append((f"h{len(heading.group(1))}", heading.group(2)))
        elif bullet:
            flush()
            number = re.match(r"^(\d+)[.)]", line)
            blocks.append(("bullet", (f"{number.group(1)}. " if number else "• ") + bullet.group(1)))
        elif not line:
            flush()
        else:
            para.append(line)
    flush()
    return blocks


def load_rules(game_id: str, quick: bool = False) -> str:
    """The rules text for `game_id` (dashes and underscores both accepted), or a short apology;
    `quick`: the one-screen quick reference (pie-rats.quick.md) instead of the full rules."""
    language = current_language()
    suffix = ".quick" if quick else ""
    for name in (game_id, game_id.replace("_", "-"), game_id.replace("-", "_")):
        # The player's language first (pie-rats.es.md), else the English text.
        for path in (RULES_DIR / f"{name}{suffix}.{language}.md", RULES_DIR / f"{name}{suffix}.md"):
            if path.exists():
                return path.read_text(encoding="utf-8")
    return "# " + _("Rules") + "\n\n" + _("No rules help has been written for this game yet.")


def render_lines(blocks: list[tuple[str, str]], width: int, scale: float,
                 heading_scale: float | None = None) -> tuple[pygame.Surface, list[tuple[int, int]]]:
    """All blocks word-wrapped to `width` on one tall transparent surface, with the (top, bottom)
    of every text line on it, so the sheet can scroll by whole lines of mixed sizes.

    A heading is the body's size at `scale` plus its extra over the body at `heading_scale`
    (`scale` unless given): a large interface size grows the text to read, and headings only as
    much, rather than filling the view with a title two lines tall."""
    extra = scale if heading_scale is None else heading_scale
    placed: list[tuple[pygame.Surface, int, int]] = []  # (image, x, y)
    spans: list[tuple[int, int]] = []
    y = 0
    indent = int(26 * scale)
    for kind, text in blocks:
        size, face, space = _STYLES[kind]
        fnt = font(int(_BODY * scale + (size - _BODY) * extra), face)
        y += int(fnt.get_linesize() * space * extra / scale) if placed else 0  # (gaps like headings)
        color = pal.CHERRY if kind in ("h1", "h2") else pal.INK
        x0 = indent if kind == "bullet" else 0
        # Continuation lines of a bullet hang under its text, not under the bullet mark.
        hang = int(18 * scale) if kind == "bullet" else 0
        for i, line in enumerate(wrap_text(text, fnt, width - x0 - hang)):
            placed.append((fnt.render(line, True, color), x0 + (hang if i else 0), y))
            spans.append((y, y + fnt.get_linesize()))
            y += fnt.get_linesize()
    surf = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
    for image, x, line_y in placed:
        surf.blit(image, (x, line_y))
    return surf, spans


class RulesHelpScene(OverlayScene):
    """Scroll with the wheel, arrows, Page Up/Down or the d-pad; Esc or Close returns.

    The sheet moves by whole text lines and shows only lines that fit whole: the top of the view
    is always the top of a line, and a line that would be cut at the bottom waits for the next
    scroll."""

    # The sheet's frame and a few lines of its text (which scrolls in its own view): the page is
    # the window's height, and its width follows the interface size down to the narrow page.
    room = (NARROW_PAGE, 360)

    def __init__(self, app: Any, game_id: str, quick: bool = False) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.blocks = parse_markdown(load_rules(game_id, quick))
        self.first = 0  # the line at the top of the view
        self.sheet: pygame.Surface | None = None
        self.lines: list[tuple[int, int]] = []  # (top, bottom) of each line on the sheet
        self.view = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)  # the scroll bar beside the view (layout)

    def build(self) -> list[Widget]:
        self.close_button = Button(_("Close"), self.back, size=26)
        self.hint = Label(_("Wheel, arrows or Page Up/Down to scroll"), 17, pal.INK_SOFT)
        return [self.close_button, self.hint]

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        # Margins and padding grow with the window, not with the interface size, and give way as
        # the text grows past it: the text is what a larger setting is for, so at 200% the view
        # keeps most of the sheet. (At 100% s == c == k: the sheet as it always was.)
        c = min(s, design_scale(size))
        k = c * c / s
        self.panel = pygame.Rect(0, 0, min(w - int(40 * k), int(900 * s)), h - int(40 * k))
        self.panel.center = (w // 2, h // 2)
        pad = int(7 * s + 29 * k)  # (the frame is drawn at s: 7 of today's 36 at 100%)
        bw = min(int(200 * s), max(int(200 * c), self.close_button.roomy_width(s)))  # the rest: the hint
        bh = max(int(52 * c), font(int(26 * s), "bold").get_linesize() + int(8 * s))
        close = pygame.Rect(self.panel.right - pad - bw, self.panel.bottom - pad - bh + 8, bw, bh)
        self.close_button.place(close, s)
        self.hint.align = "left"
        hint_w = close.x - pad // 2 - self.panel.x - pad
        hint = pygame.Rect(self.panel.x + pad, close.y, hint_w, bh)
        hint.y -= self.hint.place_lines(hint, s)  # two lines, on a narrow sheet: ending with Close
        self.hint.place_lines(hint, s)
        foot = min(close.y, self.hint.rect.y) - int(18 * k) - 8
        self.view = pygame.Rect(self.panel.x + pad, self.panel.y + pad, self.panel.w - 2 * pad,
                                foot - self.panel.y - pad)
        # The scroll bar right of the text, in the padding as sized here.
        self.bar = pygame.Rect(self.view.right + int(10 * k), self.view.y, max(6, int(12 * k)),
                               self.view.h)
        top = self.lines[self.first][0] if self.lines else 0
        self.sheet, self.lines = render_lines(self.blocks, self.view.w, s, c)
        # The same place in the text stays at the top after a resize.
        self.first = next((i for i, (y, _end) in enumerate(self.lines) if y >= top), 0)
        self.scroll_by(0)

    @property
    def scroll(self) -> int:
        """How far down the sheet the view starts, in pixels (always a line's top)."""
        return self.lines[self.first][0] if self.lines else 0

    def last_first(self) -> int:
        """The last line that may sit at the top: from there on the sheet's end is in view."""
        end = self.lines[-1][1] if self.lines else 0
        return next((i for i, (top, _end) in enumerate(self.lines) if end - top <= self.view.h),
                    max(0, len(self.lines) - 1))

    def max_scroll(self) -> int:
        """How far the sheet can scroll before its end shows at the bottom of the view."""
        return self.lines[self.last_first()][0] if self.lines else 0

    def shown(self) -> range:
        """The lines shown whole from `first` down (at least one, however small the view)."""
        if not self.lines:
            return range(0)
        top = self.lines[self.first][0]
        last = self.first
        while last + 1 < len(self.lines) and self.lines[last + 1][1] - top <= self.view.h:
            last += 1
        return range(self.first, last + 1)

    def scroll_by(self, lines: int) -> None:
        """Scroll by `lines` text lines (negative scrolls up), clamped to the sheet."""
        self.first = max(0, min(self.last_first(), self.first + lines))

    def page(self, step: int) -> None:
        """A page down (`step` 1) puts the first line not shown whole at the top; up goes back as far."""
        self.scroll_by(step * max(1, len(self.shown())))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
        elif event.type == pygame.KEYDOWN and event.key in _PAGE_KEYS:
            self.page(_PAGE_KEYS[event.key])
        elif event.type == pygame.KEYDOWN and event.key in _SCROLL_KEYS:
            self.scroll_by(_SCROLL_KEYS[event.key])
        else:
            action = self.app.input.menu_action(event)
            if action in ("up", "down"):
                self.scroll_by(-2 if action == "up" else 2)
            else:
                self.menu.handle_event(event, action)

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.sheet is None:
            return
        shown = self.shown()
        height = self.lines[shown[-1]][1] - self.scroll if shown else 0
        surface.blit(self.sheet, self.view.topleft, pygame.Rect(0, self.scroll, self.view.w, height))
        if self.max_scroll():
            self._draw_scrollbar(surface)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        """The kit's bar right of the text: it scrolls by whole lines, so what one view shows is
        all but the last view's first line's offset (kit.scroll_bar)."""
        total = self.sheet.get_height() if self.sheet else 1
        draw_scroll_bar(surface, self.bar, self.scroll, total - self.max_scroll(), total, ON_PAPER)
