"""Shared plumbing for menu screens: a Menu focus group, layout on resize, sounds, backdrop."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.menu import Menu
from pie_table.kit.page import ScrollPage
from pie_table.kit.scene import ON_INPUT, Scene
from pie_table.kit.text import MENU_ROOM, page_scale, ui_scale
from pie_table.kit.widgets import Widget


@lru_cache(maxsize=4)
def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    """Warm wooden planks; cached per window size because menus redraw it every frame."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(pal.WOOD)
    plank = max(40, h // 9)
    for i, y in enumerate(range(0, h, plank)):
        shade = pal.WOOD if i % 2 else (128, 78, 44)
        pygame.draw.rect(surf, shade, (0, y, w, plank))
        pygame.draw.line(surf, pal.WOOD_DARK, (0, y), (w, y), 2)
        for j in range(4):
            # Sparse grain streaks, offset per plank so the boards do not look tiled.
            gy = y + plank * (j + 1) // 5
            x0 = (i * 173 + j * 311) % max(1, w)
            pygame.draw.line(surf, (110, 66, 36), (x0, gy), (min(w, x0 + w // 3), gy), 1)
    return surf


def draw_backdrop(surface: pygame.Surface) -> None:
    """Paint the menu background over the whole surface."""
    surface.blit(_backdrop(surface.get_size()), (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0) -> None:
    """A cream sheet in a dark wooden frame, with a soft shadow."""
    radius = max(6, int(18 * scale))
    surface.blit(_shadow(rect.size, radius), rect.move(int(6 * scale), int(8 * scale)))
    pygame.draw.rect(surface, pal.WOOD_DARK, rect, border_radius=radius)
    inner = rect.inflate(-int(14 * scale) or -2, -int(14 * scale) or -2)
    pygame.draw.rect(surface, pal.PAPER, inner, border_radius=max(4, radius - 4))


@lru_cache(maxsize=8)
def _shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, pal.SHADOW, shadow.get_rect(), border_radius=radius)
    return shadow


@lru_cache(maxsize=4)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((20, 12, 6, alpha))
    return veil


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything already drawn (used behind overlays)."""
    surface.blit(_veil(surface.get_size(), alpha), (0, 0))


def play_sound(app: Any, name: str) -> None:
    """Play a UI sound if the app has one; a missing sound name is never an error."""
    try:
        app.sound.play(name)
    except Exception:  # sound is decoration: an unknown name or dead device must not break a menu
        pass


class MenuScene(Scene):
    """A full-screen menu: subclasses build widgets in `build()` and place them in `layout()`.

    A screen that sets `room` (the width and height its layout needs at scale 1) grows with the
    interface size as far as the window is wide, and is laid out on a page as tall as it then
    needs, which scrolls when the window is shorter (kit.page). One that does not fits its window
    as it always did, growing only as far as MENU_ROOM is left."""

    is_menu = True
    room: tuple[int, int] | None = None

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.scale = 1.0
        self.menu = Menu([], on_back=self.back, on_sound=lambda name: play_sound(app, name))
        self.scroll_page = ScrollPage()
        # How tall a page `layout` found it needs, where that is more than `room` gave (a sheet
        # reflowed for a narrow page); on_resize then lays it out again on a page that tall.
        self.page_need = 0

    def build(self) -> list[Widget]:
        """The widgets of this screen, in keyboard focus order."""
        return []

    def layout(self, size: tuple[int, int]) -> None:
        """Place every widget for a window of `size` (self.scale is already set)."""

    def back(self) -> None:
        """Esc / B / the Back button: leave this screen."""
        self.app.scenes.pop()

    def rebuild(self) -> None:
        """Recreate the widgets (e.g. after the seat count changed), keeping focus position."""
        old_focus = self.menu.focus
        self.menu.items = self.build()
        self.menu.focus = -1
        self.menu.move_focus(1)
        if 0 <= old_focus < len(self.menu.items) and self.menu.items[old_focus].focusable:
            self.menu.set_focus(self.menu.items[old_focus])
        self.on_resize(self.app.screen.get_size())

    def enter(self) -> None:
        self.rebuild()

    def resume(self) -> None:
        self.on_resize(self.app.screen.get_size())

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.room is None:
            self.scale = ui_scale(size, MENU_ROOM)  # menus grow with the interface size (kit.text)
            self.scroll_page.fit(size, size[1], self.scale)
        else:
            self.scale = page_scale(size, self.room[0])
            self.scroll_page.fit(size, round(self.room[1] * self.scale), self.scale)
        self.page_need = 0
        self.layout(self.scroll_page.size)
        if self.page_need > self.scroll_page.height:
            self.scroll_page.fit(size, self.page_need, self.scale)
            self.layout(self.scroll_page.size)
        self._reveal_focus()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.route(self.scroll_page.on_page(event))

    def route(self, event: pygame.event.Event) -> bool:
        """Give `event` (its pointer already on the page) to the menu, else to the page's scrolling;
        the focused widget is then kept in view. True if it was used."""
        page = self.scroll_page
        if event.type == pygame.MOUSEWHEEL and page.scrolls and not any(i.hover for i in self.menu.items):
            return page.handle_event(event)  # the wheel over no widget reads down the page
        if self.menu.handle_event(event, self.app.input.menu_action(event)):
            if event.type == pygame.KEYDOWN:
                self._reveal_focus()  # a key moved the focus (or used the widget): keep it in view
            return True
        return page.handle_event(event)

    def _reveal_focus(self) -> None:
        focused = self.menu.focused
        if focused is not None:
            self.scroll_page.reveal(focused.rect)

    def next_frame(self) -> float | None:
        """A menu changes only with input, but for a widget that changes by itself (a caret)."""
        waits = [w for w in (item.next_change() for item in self.menu.items) if w is not None]
        return min(waits) if waits else ON_INPUT

    def draw(self, surface: pygame.Surface) -> None:
        self.scroll_page.draw(surface, self.paint)

    def paint(self, surface: pygame.Surface) -> None:
        """The whole screen, on its page."""
        draw_backdrop(surface)
        self.draw_content(surface)
        self.menu.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Anything drawn between the backdrop and the widgets (panels, titles)."""


class OverlayScene(MenuScene):
    """A menu drawn on a cream sheet over the frozen scene beneath (pause, rules, results)."""

    is_overlay = True
    is_menu = False

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def beneath(self) -> Scene | None:
        """The scene this overlay is drawn over, if any."""
        stack = self.app.scenes.stack
        index = stack.index(self) if self in stack else len(stack)
        return stack[index - 1] if index > 0 else None

    def draw(self, surface: pygame.Surface) -> None:
        below = self.beneath()
        if below is None or below.is_menu:
            draw_backdrop(surface)  # nothing worth showing through: a menu is not the table
        else:
            dim(surface)
        self.scroll_page.draw(surface, self.paint, clear=True)

    def paint(self, surface: pygame.Surface) -> None:
        """The sheet and what is on it, on its page."""
        draw_panel(surface, self.panel, self.scale)
        self.draw_content(surface)
        self.menu.draw(surface)


def load_factory(spec: str) -> Any | None:
    """Import a `"package.module:Name"` scene factory; None if it is missing or broken (the game
    list names the reason, see `game_select.playable_games`)."""
    from pie_table.core.registry import GameLoadError, import_factory  # only once a game is opened

    try:
        return import_factory(spec)
    except GameLoadError:
        return None


def open_table(factory: Any, app: Any, setup: Any, session: Any = None, **kw: Any) -> Any:
    """The table scene `factory` makes for `setup` (or `session` continued), with the driver that
    runs its game built here, by whoever opens the table: a table never builds its own, so one
    that plays over the network can be handed in instead (`save_path`, `watch` go on in `kw`)."""
    from pie_table.core.driver import driver_for
    from pie_table.core.session import Session
    from pie_table.core.table_driver import TurnDriver

    # Every local driver (the real-time one too) is what a table declares it plays through.
    driver: TurnDriver = driver_for(session if session is not None else Session(setup))
    return factory(app, setup, driver, **kw)


def unwind_to_menu(app: Any) -> None:
    """Pop the table and its overlays back to the nearest menu scene; with none left, the app's
    home screen (`app.home`, the title) starts afresh."""
    if app.scenes.pop_until(lambda scene: scene.is_menu) is None and app.home is not None:
        app.scenes.push(app.home(app))
