"""A small widget kit in wood and cream: the widget base, labels and buttons.

Rows with a value (cyclers, toggles, text input) are in `kit.rows`; the focus group that routes
keys, pads and the mouse to them is `kit.menu`; text helpers are in `kit.text`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.fonts import font
from pie_table.kit.text import Color, blit_center, fit_lines, fit_text, wrap_text

DISABLED = (176, 160, 140)
DISABLED_INK = (124, 108, 92)
_MIN_TEXT = 12  # pixel floor for small print, so tiny windows stay legible


def _fitting_size(height: int) -> int:
    """The largest font size whose line fits `height` pixels (a DejaVu line is up to 1.2 sizes)."""
    return max(_MIN_TEXT, int(height / 1.2))


class Widget:
    """Base widget: a rect, a scale, hover/focus flags, and optional enabling condition."""

    focusable = True
    # Left/Right change the widget's value (a row with one); else they move the focus sideways.
    nudges = False

    def __init__(self, enabled: bool | Callable[[], bool] = True) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.focused = False
        self.hover = False
        self._enabled = enabled

    @property
    def enabled(self) -> bool:
        """Whether the widget reacts to input now."""
        return bool(self._enabled()) if callable(self._enabled) else bool(self._enabled)

    def place(self, rect: pygame.Rect, scale: float) -> None:
        """Set position, size and text scale."""
        self.rect = pygame.Rect(rect)
        self.scale = scale

    def activate(self) -> bool:
        """Enter / A / click: returns True when something happened."""
        return False

    def next_change(self) -> float | None:
        """Seconds until the widget looks different by itself (None: only input changes it)."""
        return None

    def nudge(self, step: int) -> bool:
        """Left/right: returns True when the value changed."""
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """Mouse release on the widget; defaults to activate."""
        return self.activate()

    def text_event(self, event: pygame.event.Event) -> bool:
        """Typed text or editing keys; only TextInput uses them."""
        return False

    def key_event(self, event: pygame.event.Event) -> bool:
        """A key or wheel event the focused widget handles itself (before the menu); True if used."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the widget."""

    def _fill(self) -> Color:
        if not self.enabled:
            return DISABLED
        # The crust as a plate under the ink: with high contrast a shade lighter (6.5:1 to 7:1 and more).
        return pal.HIGHLIGHT if self.focused or self.hover else pal.plate(pal.CRUST)[0]

    def _box(self, surface: pygame.Surface, rect: pygame.Rect, fill: Color) -> None:
        radius = max(4, int(12 * self.scale))
        lift = max(2, int(4 * self.scale))
        pygame.draw.rect(surface, pal.WOOD_DARK, rect.move(0, lift), border_radius=radius)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        ring = pal.CHERRY if self.focused and self.enabled else pal.WOOD_DARK
        pygame.draw.rect(surface, ring, rect, max(2, int(3 * self.scale)), border_radius=radius)


class Label(Widget):
    """Static text; `wrap=True` word-wraps inside the rect."""

    focusable = False

    def __init__(self, text: str | Callable[[], str], size: int = 24, color: Color = pal.INK,
                 face: str = "sans", align: str = "center", wrap: bool = False) -> None:
        super().__init__()
        self.text, self.size, self.color, self.face = text, size, color, face
        self.align, self.wrap = align, wrap

    def current_text(self) -> str:
        """The text now (labels may be bound to a function)."""
        return self.text() if callable(self.text) else self.text

    def line_height(self, scale: float) -> int:
        """How tall one of its lines is drawn at `scale` (a wrapped label's rect holds whole lines)."""
        return font(max(_MIN_TEXT, int(self.size * scale)), self.face).get_linesize()

    def place_lines(self, rect: pygame.Rect, scale: float) -> int:
        """Place in `rect` (one line's box); a text wider than it wraps onto more lines below, at
        its own size rather than shrinking. Returns how much taller than `rect` it is drawn."""
        size = max(_MIN_TEXT, int(self.size * scale))
        lines = len(wrap_text(self.current_text(), font(size, self.face), rect.w, break_words=True))
        self.wrap = lines > 1
        if not self.wrap:
            self.place(rect, scale)
            return 0
        line_h = self.line_height(scale)
        top = rect.y + max(0, (rect.h - line_h) // 2)  # the first line where the one line was
        self.place(pygame.Rect(rect.x, top, rect.w, lines * line_h), scale)
        return self.rect.bottom - rect.bottom

    def draw(self, surface: pygame.Surface) -> None:
        text = self.current_text()
        if not text:
            return
        # A label in the soft ink writes the theme's soft ink of the moment (the theme may be
        # switched either way while it is shown); its own colour is left as it was given.
        ink = pal.soft_ink() if self.color == pal.INK_SOFT else self.color
        size = max(_MIN_TEXT, int(self.size * self.scale))
        if not self.wrap:
            image = fit_text(text, size, self.rect.w, ink, self.face)
            pos = image.get_rect(midleft=self.rect.midleft)
            if self.align == "center":
                pos.center = self.rect.center
            elif self.align == "right":
                pos.midright = self.rect.midright
            surface.blit(image, pos)
            return
        fnt = font(size, self.face)
        y = self.rect.y
        for line in wrap_text(text, fnt, self.rect.w, break_words=True):  # nothing runs past the rect
            image = fnt.render(line, True, ink)
            x = self.rect.centerx - image.get_width() // 2 if self.align == "center" else self.rect.x
            surface.blit(image, (x, y))
            y += fnt.get_linesize()


class Button(Widget):
    """A pressable rounded button."""

    def __init__(self, text: str, on_click: Callable[[], Any], enabled: bool | Callable[[], bool] = True,
                 size: int = 28, wrap: bool = False) -> None:
        """`wrap`: a text wider than the button goes on more lines at its size (the layout gives
        the button the height `wrapped_height` asks) rather than shrinking to one."""
        super().__init__(enabled)
        self.text, self.on_click, self.size, self.wrap = text, on_click, size, wrap

    def activate(self) -> bool:
        if not self.enabled:
            return False
        self.on_click()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self._box(surface, self.rect, self._fill())
        blit_center(surface, self.label_image(), self.rect.center)

    def label_image(self) -> pygame.Surface:
        """The button's text, fitted inside its frame: narrower than the button and never taller
        (a screen that stacks more buttons makes them lower; the text shrinks with them)."""
        ink = pal.INK if self.enabled else DISABLED_INK
        if self.wrap and self._lines(self.rect.w, self.scale) > 1:
            return fit_lines(self.text, int(self.size * self.scale), self.rect.w - 16, ink, "bold", most=4)
        size = min(int(self.size * self.scale), _fitting_size(self.rect.h - 8))
        return fit_text(self.text, size, self.rect.w - 16, ink, "bold")

    def _lines(self, width: int, scale: float) -> int:
        fnt = font(max(_MIN_TEXT, int(self.size * scale)), "bold")
        return len(wrap_text(self.text, fnt, width - 16)) if fnt.size(self.text)[0] > width - 16 else 1

    def roomy_width(self, scale: float) -> int:
        """How wide the button must be at `scale` for its text, at its size, to keep some room
        either side rather than run from edge to edge of its frame."""
        text_w = font(max(_MIN_TEXT, int(self.size * scale)), "bold").size(self.text)[0]
        return text_w + 16 + 2 * int(16 * scale)

    def wrapped_height(self, width: int, scale: float, least: int) -> int:
        """How tall a wrapping button `width` wide must be at `scale` to hold its lines (at least
        `least`, its height on one line)."""
        lines = self._lines(width, scale) if self.wrap else 1
        if lines == 1:
            return least
        line_h = font(max(_MIN_TEXT, int(self.size * scale)), "bold").get_linesize()
        return max(least, lines * line_h + int(16 * scale))
