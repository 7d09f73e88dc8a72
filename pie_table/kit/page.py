"""A screen laid out on a page taller than the window, read through it by scrolling.

A large interface size makes a menu need more height than a window has. Rather than capping the
size (or shrinking text to fit), the menu is laid out on a page as tall as it needs and the window
shows a slice of it: the wheel and Page Up / Page Down scroll, and keyboard focus (Home / End
among it) brings the focused widget into view. A page no taller than the window is drawn straight onto it,
so a screen that fits behaves exactly as before.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from pie_table.kit.scroll_bar import ON_PAPER, ON_WOOD, draw_scroll_bar

_WHEEL_STEP = 56  # pixels at scale 1 that one notch of the wheel scrolls
_POSITIONAL = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
_PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN)


class ScrollPage:
    """Where a screen's page lies under its window: `size` is what the screen lays out on, `top`
    how far down the page the window shows."""

    def __init__(self) -> None:
        self.window = (0, 0)
        self.height = 0
        self.top = 0
        self.scale = 1.0
        # A sheet on the page (page coordinates) whose right edge holds the bar, where the eye is
        # (a results sheet on a wide window is far from the window's edge); None: the window's edge.
        self.dock: pygame.Rect | None = None
        self._surface: pygame.Surface | None = None

    def fit(self, window: tuple[int, int], height: int, scale: float = 1.0) -> None:
        """A page `height` tall (never shorter than the window) for a window of `window`."""
        self.window, self.scale = window, scale
        self.height = max(window[1], int(height))
        self.top = self._clamped(self.top)

    @property
    def size(self) -> tuple[int, int]:
        """What the screen lays itself out on."""
        return self.window[0], self.height

    @property
    def scrolls(self) -> bool:
        """True when the page is taller than the window."""
        return self.height > self.window[1]

    def bar(self) -> pygame.Rect:
        """Where the scroll bar lies in the window, its rim included (an empty rect when the page
        fits): a screen that scrolls keeps its controls left of it."""
        if not self.scrolls:
            return pygame.Rect(self.window[0], 0, 0, 0)
        return self._track().inflate(4, 4)

    def _track(self) -> pygame.Rect:
        """The bar in the window: inside the docked sheet's right edge, over the part of it in
        view, else along the window's right edge."""
        w, h = self.window
        s = self.scale
        if self.dock is None:
            return pygame.Rect(w - int(14 * s), int(8 * s), int(8 * s), h - int(16 * s))
        sheet = self.dock.move(0, -self.top)
        top = max(sheet.top + int(22 * s), int(8 * s))
        bottom = min(sheet.bottom - int(22 * s), h - int(8 * s))
        return pygame.Rect(sheet.right - int(25 * s), top, int(14 * s), max(0, bottom - top))

    def _clamped(self, top: int) -> int:
        return max(0, min(int(top), self.height - self.window[1]))

    def scroll_by(self, pixels: int) -> bool:
        """Scroll down by `pixels` (up if negative); True if the view moved."""
        top = self._clamped(self.top + pixels)
        moved, self.top = top != self.top, top
        return moved

    def reveal(self, rect: pygame.Rect) -> None:
        """Scroll as little as brings `rect` (in page coordinates) wholly into view."""
        if not self.scrolls:
            return
        margin = int(12 * self.scale)
        if rect.top - margin < self.top:
            self.top = self._clamped(rect.top - margin)
        elif rect.bottom + margin > self.top + self.window[1]:
            self.top = self._clamped(rect.bottom + margin - self.window[1])

    def keep_in_place(self, rect: pygame.Rect, window_y: int) -> None:
        """Scroll so that `rect` (page coordinates) has its middle at `window_y` on the window, as
        near as the page allows: a control that laid the page out again (the interface size)
        stays under the pointer that used it, so the next click lands on it again."""
        self.top = self._clamped(rect.centery - window_y)

    def on_page(self, event: pygame.event.Event) -> pygame.event.Event:
        """`event` with its pointer position moved from the window onto the page."""
        if not self.top or event.type not in _POSITIONAL:
            return event
        x, y = event.pos
        return pygame.event.Event(event.type, {**event.dict, "pos": (x, y + self.top)})

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel, Page Up / Page Down: scroll (True if the event was used for it)."""
        if not self.scrolls:
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_by(-event.y * int(_WHEEL_STEP * self.scale))
        if event.type == pygame.KEYDOWN and event.key in _PAGE_KEYS:
            step = self.window[1] * 3 // 4
            return self.scroll_by(step if event.key == pygame.K_PAGEDOWN else -step)
        return False

    def draw(self, surface: pygame.Surface, paint: Callable[[pygame.Surface], None],
             clear: bool = False) -> None:
        """`paint` the page, and show the window's slice of it on `surface`. `clear`: the page is
        transparent where nothing is painted (an overlay's sheet over the scene beneath)."""
        if not self.scrolls:
            paint(surface)
            return
        flags = pygame.SRCALPHA if clear else 0
        page = self._surface
        if page is None or page.get_size() != self.size or bool(page.get_flags() & pygame.SRCALPHA) != clear:
            page = self._surface = pygame.Surface(self.size, flags)
        if clear:
            page.fill((0, 0, 0, 0))
        paint(page)
        w, h = self.window
        surface.blit(page, (0, 0), pygame.Rect(0, self.top, w, h))
        self._draw_bar(surface)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The scroll bar: how much more there is, and where (kit.scroll_bar)."""
        look = ON_WOOD if self.dock is None else ON_PAPER
        draw_scroll_bar(surface, self._track(), self.top, self.window[1], self.height, look)
