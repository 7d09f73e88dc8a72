"""Scenes and the scene stack: one screen is an object with hooks; overlays sit on top of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from pie_table.core.saves import GameSaver

# What `Scene.next_frame` answers: a frame at once (something moves), or no frame until input
# arrives. Any other answer is a number of seconds: a frame is due then (a timer, a bot's beat).
NOW = 0.0
ON_INPUT = None


class Scene:
    """One screen of the app; subclasses override the hooks they need."""

    # An overlay (pause, rules, results) is drawn over the scene beneath, which stays frozen.
    is_overlay = False
    # Menu scenes are where "back to menu" unwinds to.
    is_menu = False
    # The app's first screen (the title), where a table that ends by itself goes back to.
    is_home = False
    # What keeps the game a scene plays on disk (a table's; None for every other screen): what
    # leaving it, closing the window and the headless commands ask about the game's save.
    autosave: GameSaver | None = None

    def __init__(self, app: Any) -> None:  # the App (kit.app imports this module, not back)
        self.app = app

    def enter(self) -> None:
        """Called once when the scene is put on the stack."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack for good."""

    def pause(self) -> None:
        """Called when another scene (usually an overlay) is pushed on top."""

    def resume(self) -> None:
        """Called when the scene on top is popped and this one is current again."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one pygame event (only the top scene receives events)."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (only the top scene is updated)."""

    def next_frame(self) -> float | None:
        """Seconds until this scene needs its next frame: NOW while anything moves, a wait for a
        timer (a bot's beat, a countdown's next change), ON_INPUT when only input can change what it
        shows. NOW unless a scene says otherwise, so a scene that never answers cannot freeze."""
        return NOW

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto `surface`."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window is now `size`; recompute layout."""

    def on_focus_lost(self) -> None:
        """The window lost focus (a table pauses itself here)."""

    def on_close_request(self) -> bool:
        """The window's close button was pressed: True if this scene takes it over (a table whose
        game is not saved asks first); False lets the app close."""
        return False


class SceneManager:
    """A stack of scenes: the top one gets events and updates; overlays are drawn over lower ones."""

    def __init__(self) -> None:
        self._stack: list[Scene] = []
        # A scene came, went or was laid out again since the last draw: one frame is owed whatever
        # the top scene says (a resting title must still be drawn once).
        self._stale = True

    @property
    def current(self) -> Scene | None:
        """The scene on top, or None when the stack is empty."""
        return self._stack[-1] if self._stack else None

    @property
    def stack(self) -> tuple[Scene, ...]:
        """A read-only copy of the stack, bottom first."""
        return tuple(self._stack)

    def __len__(self) -> int:
        return len(self._stack)

    def push(self, scene: Scene) -> None:
        """Put `scene` on top; the previous top is paused."""
        if self._stack:
            self._stack[-1].pause()
        self._stack.append(scene)
        self._stale = True
        scene.enter()

    def pop(self) -> Scene | None:
        """Remove the top scene and resume the one beneath; returns the removed scene."""
        if not self._stack:
            return None
        top = self._stack.pop()
        self._stale = True
        top.exit()
        if self._stack:
            self._stack[-1].resume()
        return top

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene` without resuming the one beneath in between."""
        if self._stack:
            self._stack.pop().exit()
        self._stack.append(scene)
        self._stale = True
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Empty the stack (top first, each exits) and make `scene` the only one."""
        while self._stack:
            self._stack.pop().exit()
        self._stack.append(scene)
        self._stale = True
        scene.enter()

    def close_all(self) -> None:
        """The app is closing: every scene exits, top first (a table saves its game on exit)."""
        while self._stack:
            self._stack.pop().exit()
        self._stale = True

    def pop_until(self, keep: Callable[[Scene], bool]) -> Scene | None:
        """Pop scenes until the top satisfies `keep` (or the stack is empty); returns the new top."""
        popped = False
        self._stale = True
        while self._stack and not keep(self._stack[-1]):
            self._stack.pop().exit()
            popped = True
        if popped and self._stack:
            self._stack[-1].resume()
        return self.current

    def handle_event(self, event: pygame.event.Event) -> None:
        """Give `event` to the top scene."""
        if self._stack:
            self._stack[-1].handle_event(event)

    def update(self, dt: float) -> None:
        """Update the top scene only: scenes beneath an overlay stay frozen."""
        if self._stack:
            self._stack[-1].update(dt)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top plus everything it overlays."""
        start = len(self._stack) - 1
        while start > 0 and self._stack[start].is_overlay:
            start -= 1
        return self._stack[max(start, 0) :]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible scenes bottom-up."""
        self._stale = False
        for scene in self.visible():
            scene.draw(surface)

    def on_resize(self, size: tuple[int, int]) -> None:
        """Tell every scene on the stack (an overlay's underlay must lay out too)."""
        self._stale = True
        for scene in self._stack:
            scene.on_resize(size)

    def close_request(self) -> bool:
        """The window's close button: True if some scene, top first, takes it over and asks."""
        return any(scene.on_close_request() for scene in reversed(self._stack))

    def on_focus_lost(self) -> None:
        """Tell the top scene the window lost focus."""
        if self._stack:
            self._stack[-1].on_focus_lost()

    def next_frame(self) -> float | None:
        """When the app must draw again (see `Scene.next_frame`): the top scene decides, since only
        it is updated; NOW while a frame is owed for a change of scene or size."""
        if self._stale or not self._stack:
            return NOW
        return self._stack[-1].next_frame()
