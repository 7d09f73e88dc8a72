"""The window, the main loop and what every scene shares: scene stack, input router, sound, clock."""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable
from typing import Any

import pygame

from pie_table.kit import fonts, keybindings
from pie_table.kit.i18n import load_saved_language
from pie_table.kit.input import InputRouter
from pie_table.kit.scene import Scene, SceneManager
from pie_table.kit.settings import Settings, SettingsHost, apply_motion, apply_sound
from pie_table.kit.settings import load as load_settings
from pie_table.kit.text import set_interface_size

# The smallest window every table still lays out legibly (the Rumble Pie key legend and sidebar
# need this much); the window manager is asked to keep it, and a smaller --size is raised to it.
MIN_SIZE = (900, 540)  # the smallest window every screen is laid out and checked for
FPS = 60
TITLE = "pie_table"
# The window's class on X11 and app id on Wayland: the desktop entry names it (StartupWMClass), so a
# dock shows the window under the entry's icon rather than as "python3".
WINDOW_CLASS = "pie-table"
# One frame may not advance the game by more than this, so a stall (window drag) is no teleport.
_MAX_DT = 0.1
_FULLSCREEN_FOCUS_GRACE = 0.75  # seconds after a fullscreen switch in which focus loss is ignored
# Resting, the loop looks for input this often: a frame's time, so a click is answered as fast as
# when it drew every frame. (SDL's own event wait polls on some drivers and costs more than this.)
_NAP_S = 1 / FPS
_PAD_PLUG_EVENTS = (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED)


class SilentSound:
    """Stand-in for kit.sound's SoundBank when it is missing: every call does nothing."""

    def play(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Play nothing."""

    def __getattr__(self, name: str) -> Any:
        # Any other SoundBank method (volume, mute...) is a harmless no-op.
        return lambda *args, **kwargs: None


def _set_icon() -> None:
    """A pie as the window icon, when kit.art can draw one. SDL 2 sets it on an open window too."""
    try:
        from pie_table.kit import art

        pygame.display.set_icon(art.pie_icon(64))
    except Exception:  # an icon is decoration; a missing one never blocks the window
        pass


def make_sound() -> Any:
    """The real SoundBank when kit.sound exists and works, a silent stand-in otherwise."""
    try:
        from pie_table.kit import sound
    except ImportError:
        return SilentSound()
    try:
        return sound.SoundBank.create()
    except Exception as exc:  # sound is decoration; the table must still open
        print(f"pie_table: sound disabled ({exc})")
        return SilentSound()


class App(SettingsHost):
    """Owns the window and runs the scene stack at 60 fps."""

    def __init__(self, size: tuple[int, int] = (1280, 720), headless: bool = False) -> None:
        self.started = time.perf_counter()
        self.headless = headless
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
        os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)
        pygame.display.init()
        pygame.font.init()
        self.windowed_size = (max(1, size[0]), max(1, size[1]))
        if not headless:
            self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.fullscreen = False
        # `display` is the window and `screen` what scenes draw on: the same surface, at the
        # window's own resolution whatever the interface size (see set_ui_scale).
        self.ui_scale = 1.0
        self.display = self._open_window(self.windowed_size)
        self.screen = self.display
        self.scenes = SceneManager()
        self.input = InputRouter(pads=not headless)
        # A window opens its sound device after the first frame (_after_first_frame): opening it can
        # take a tenth of a second the title does not need to wait for.
        self.sound = make_sound() if headless else SilentSound()
        # The player's language from last time (a headless app keeps the one already set).
        self.language_notice = None if headless else load_saved_language()
        # The player's settings (defaults for a headless app: tests and screenshots stay alike).
        self.settings, settings_notice = (Settings(), None) if headless else load_settings()
        apply_sound(self, self.settings)
        apply_motion(self.settings)
        # The players' own keys (a headless app keeps the shipped ones).
        self.set_ui_scale(self.settings.ui_scale)
        self.bindings, keys_notice = (keybindings.Bindings(), None) if headless else keybindings.load()
        keybindings.apply(self.input, self.bindings)
        # One line for every per-user file set aside at start (the title shows it), not just the first.
        notices = (self.language_notice, keys_notice, settings_notice)
        self.language_notice = " · ".join(n for n in notices if n) or None
        self.clock = pygame.time.Clock()
        self.running = False
        self.frames = 0
        self.nap: Callable[[float], None] = time.sleep  # how the loop rests (tests count the naps)
        self.startup_ms: float | None = None
        self.quit_after_first_frame = False  # a launch timed from outside ends at the first frame
        # Re-creating the window for fullscreen makes some window systems report a focus loss;
        # that is not the player leaving, so it must not pause a real-time table.
        self._ignore_focus_until = 0.0
        self._windowed_pos: tuple[int, int] | None = None
        # Builds the screen to fall back to when every menu has been left (the title): set by
        # whoever opens the app, so the kit itself never imports a scene.
        self.home: Callable[[App], Scene] | None = None
        # Work done every frame whatever screen is on top (a hosted table answering the network
        # while its host reads the pause menu), before the top scene's update.
        self.every_frame: list[Callable[[], None]] = []
        # Why the last table ended by itself (its host quit, the link to it was lost): a message id
        # the title shows, in the language of the moment, each time it is built, until the player
        # leaves the title for another screen. '' when there is nothing to tell.
        self.table_notice = ""
        # Saves older than the game they held (its last moves could not be written) -> where a
        # copy went ('' if none would take one): the title and Saved games say so until the app closes.
        self.unsaved_saves: dict[str, str] = {}
        # The lines about per-user files set aside, worked out once when the title first opens.
        self.start_notices: list[str] | None = None

    @property
    def size(self) -> tuple[int, int]:
        """Current drawing size in pixels."""
        return self.screen.get_size()

    def set_ui_scale(self, percent: int) -> None:
        """Draw everything `percent`% larger: fonts, widgets and layouts grow with kit.text's
        ui_scale, as far as the room they need allows, and are drawn at the window's own
        resolution (sharp, not a picture scaled up). Every scene lays out again at once."""
        self.ui_scale = max(1.0, percent / 100)
        set_interface_size(percent)
        self._fit_screen()

    def _fit_screen(self) -> None:
        self.screen = self.display
        fonts.set_window(self.screen.get_size())
        if hasattr(self, "scenes"):
            self.scenes.on_resize(self.screen.get_size())

    def _open_window(self, size: tuple[int, int], flags: int = pygame.RESIZABLE) -> pygame.Surface:
        screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(TITLE)
        window = None if self.headless else self._window()
        if window is not None:
            try:
                window.minimum_size = MIN_SIZE
            except (pygame.error, ValueError):
                pass  # some window managers refuse; smaller windows still work
        return screen

    @staticmethod
    def _window() -> Any:
        """The display module's Window (pygame-ce), used only to set the minimum size."""
        try:
            with warnings.catch_warnings():
                # from_display_module is flagged for future removal; it is the only handle on the
                # display-module window in pygame-ce 2.5, and losing it only loses the size floor.
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None

    def toggle_fullscreen(self) -> None:
        """Switch between a desktop-sized fullscreen and the last windowed size."""
        if self.headless:
            return
        window = self._window()
        if self.fullscreen:
            self.display = self._open_window(self.windowed_size)
            window = self._window()
            if window is not None and self._windowed_pos is not None:
                pygame.event.pump()
                _place(window, self._windowed_pos)
        else:
            self.windowed_size = self.display.get_size()
            self._windowed_pos = tuple(window.position) if window is not None else None
            # The desktop's own size at its top-left corner: without a window manager, a fullscreen
            # window keeps the windowed offset and hangs off the screen. The move must come before
            # the switch (X ignores it afterwards; checked under Xvfb with no window manager).
            if window is not None:
                _place(window, (0, 0))
                pygame.event.pump()
            desktop = pygame.display.get_desktop_sizes()[0]
            self.display = self._open_window(desktop, pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self._ignore_focus_until = time.perf_counter() + _FULLSCREEN_FOCUS_GRACE
        self._fit_screen()

    def quit(self) -> None:
        """Make `run` return after the current frame."""
        self.running = False

    def run(self, first_scene: Scene | None = None) -> None:
        """Main loop: push `first_scene` and run frames until quit or the stack empties."""
        if first_scene is not None:
            self.scenes.push(first_scene)
        self.running = True
        self.clock.tick()
        self.step(0.0)  # the first frame at once: a launch does not wait for the 60 fps beat
        while self.running and self.scenes.current is not None:
            self.frame()
        self.running = False
        self.scenes.close_all()

    def frame(self) -> None:
        """One pass of the main loop: a frame at 60 fps while something moves; otherwise rest until
        input arrives or the moment the top scene asked for, and only then draw."""
        wait = self.scenes.next_frame()
        if wait is not None and wait < _NAP_S:
            self.step(self.clock.tick(FPS) / 1000.0)
            return
        events = self.rest(wait)
        rested = self.clock.tick() / 1000.0
        if wait is not None:
            # The time asked for has passed (a bot's beat, a countdown): the scene gets it before
            # the events, so an animation an event starts is not cut short by the time spent resting.
            self.scenes.update(min(rested, wait))
        self.step(0.0, events)

    def rest(self, wait: float | None) -> list[pygame.event.Event]:
        """Nap until input arrives (returned) or `wait` seconds have passed (None: no limit)."""
        until = None if wait is None else time.perf_counter() + wait
        while True:
            events = pygame.event.get()
            if events:
                return events
            left = _NAP_S if until is None else until - time.perf_counter()
            if left <= 0:
                return []
            self.nap(min(left, _NAP_S))

    def step(self, dt: float, events: list[pygame.event.Event] | None = None, draw: bool = True) -> None:
        """One frame: events to the scene stack, update the top scene, draw, flip. `draw=False`
        leaves out the drawing, for a test that plays through frames it asserts nothing about (it
        draws one before it next reads what is shown or sends input that reads the layout)."""
        if events is None:
            events = pygame.event.get()
        for event in events:
            self._dispatch(event)
        for work in list(self.every_frame):
            work()
        self.scenes.update(min(dt, _MAX_DT))
        if not draw:
            return
        self.screen.fill((0, 0, 0))
        self.scenes.draw(self.screen)
        pygame.display.flip()
        self.frames += 1
        if self.startup_ms is None:
            self.startup_ms = (time.perf_counter() - self.started) * 1000.0
            if self.quit_after_first_frame:
                self.quit()
            elif not self.headless:
                self._after_first_frame()

    def _after_first_frame(self) -> None:
        """What the window's first frame need not wait for: the icon (drawn by kit.art), the sound
        device and the gamepads, ready before anyone can press a button."""
        _set_icon()
        self.input.start_pads()
        self.sound = make_sound()
        apply_sound(self, self.settings)

    def _dispatch(self, event: pygame.event.Event) -> None:
        """App-wide events first (quit, resize, focus, fullscreen); everything else to the top scene."""
        if event.type == pygame.QUIT:
            if not self.scenes.close_request():
                self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
        elif event.type == pygame.WINDOWFOCUSLOST:
            if time.perf_counter() >= self._ignore_focus_until:
                self.scenes.on_focus_lost()
        elif event.type == pygame.KEYDOWN and self._is_fullscreen_key(event):
            self.toggle_fullscreen()
        else:
            if event.type in _PAD_PLUG_EVENTS:
                # The router must hear about pads even while a menu (which never translates) is on top.
                self.input.translate(event)
            self.scenes.handle_event(event)

    def _resized(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.display = surface
        self._fit_screen()

    @staticmethod
    def _is_fullscreen_key(event: pygame.event.Event) -> bool:
        alt = getattr(event, "mod", 0) & pygame.KMOD_ALT
        return event.key == pygame.K_F11 or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(alt))


def _place(window: Any, position: tuple[int, int]) -> None:
    """Move the window; a system that will not move it keeps it where it is."""
    try:
        window.position = position
    except (pygame.error, AttributeError, ValueError):
        pass
