"""A focus group over widgets: keys, pads and the mouse routed to the right one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from pie_table.kit.rows import TextInput
from pie_table.kit.widgets import Widget

# Keys a focused TextInput leaves to the menu; everything else is typing.
_MENU_KEYS_WHILE_TYPING = (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER,
                           pygame.K_ESCAPE, pygame.K_TAB)


class Menu:
    """A focus group over widgets: Up/Down/Tab move focus, Home/End to the first/last, Enter
    activates, Left/Right nudge a value row or move to the button beside, Esc backs."""

    def __init__(self, items: Sequence[Widget], on_back: Callable[[], Any] | None = None,
                 on_sound: Callable[[str], Any] | None = None) -> None:
        self.items = list(items)
        self.on_back, self.on_sound = on_back, on_sound
        self.focus = -1
        self._pressed: Widget | None = None
        # Where the pointer lay when this menu first heard of it: SDL reports the resting pointer as
        # a motion (a window opening under it, a new screen), which must not take the keyboard's
        # focus from the first button; only a real move of the mouse does.
        self._rest: tuple[int, int] | None = None
        self.move_focus(1)

    @property
    def focused(self) -> Widget | None:
        """The widget with keyboard focus."""
        return self.items[self.focus] if 0 <= self.focus < len(self.items) else None

    def set_focus(self, widget: Widget) -> None:
        """Give keyboard focus to `widget`."""
        for item in self.items:
            item.focused = False
        self.focus = self.items.index(widget)
        widget.focused = True

    def move_focus(self, step: int) -> None:
        """Focus the next enabled focusable widget in direction `step`, wrapping around."""
        n = len(self.items)
        for k in range(1, n + 1):
            idx = (self.focus + step * k) % n
            item = self.items[idx]
            if item.focusable and item.enabled:
                self.set_focus(item)
                return

    def move_beside(self, step: int) -> bool:
        """Focus the nearest enabled widget beside the focused one on its row (left for -1, right
        for +1), as buttons side by side are seen; False when there is none that way."""
        current = self.focused
        if current is None:
            return False
        here = current.rect
        beside = [item for item in self.items
                  if item is not current and item.focusable and item.enabled
                  and item.rect.top < here.bottom and here.top < item.rect.bottom  # the same row
                  and (item.rect.centerx - here.centerx) * step > 0]
        if not beside:
            return False
        self.set_focus(min(beside, key=lambda item: abs(item.rect.centerx - here.centerx)))
        return True

    def focus_end(self, last: bool) -> None:
        """Home / End: focus the first (or last) enabled focusable widget."""
        self.focus = -1 if not last else 0
        self.move_focus(1 if not last else -1)

    def _sound(self, name: str) -> None:
        if self.on_sound:
            self.on_sound(name)

    def handle_event(self, event: pygame.event.Event, action: str | None = None) -> bool:
        """Route one event; `action` is the device-independent menu action, if any. True if used."""
        current = self.focused
        if isinstance(current, TextInput) and (event.type == pygame.TEXTINPUT or (
                event.type == pygame.KEYDOWN and event.key not in _MENU_KEYS_WHILE_TYPING)):
            return current.text_event(event)
        if event.type == pygame.MOUSEWHEEL:
            target = next((i for i in self.items if i.hover), current)
            return target is not None and target.key_event(event)
        if current is not None and event.type == pygame.KEYDOWN and current.key_event(event):
            self._sound("click")
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self._mouse(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END) and self.items:
            self.focus_end(event.key == pygame.K_END)
            return True
        return self._action(action)

    def _action(self, action: str | None) -> bool:
        current = self.focused
        if action in ("up", "down"):
            self.move_focus(-1 if action == "up" else 1)
            return True
        if action in ("left", "right") and current is not None:
            step = -1 if action == "left" else 1
            return self._did(current.nudge(step) if current.nudges else self.move_beside(step))
        if action == "accept" and current is not None:
            return self._did(current.activate())
        if action == "back" and self.on_back is not None:
            self._sound("click")
            self.on_back()
            return True
        return False

    def _did(self, changed: bool) -> bool:
        self._sound("click" if changed else "refuse")
        return changed

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        """The focusable, enabled widget under `pos`."""
        for item in self.items:
            if item.focusable and item.enabled and item.rect.collidepoint(pos):
                return item
        return None

    def _mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION and self._rest in (None, tuple(event.pos)):
            self._rest = tuple(event.pos)
            return False
        self._rest = (-1, -1)  # the mouse has moved (or clicked): it is in use from now on
        hit = self.widget_at(event.pos)
        for item in self.items:
            item.hover = item is hit
        if event.type == pygame.MOUSEMOTION:
            if hit is not None and hit is not self.focused:
                self.set_focus(hit)
            return hit is not None
        if event.button != 1:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = hit
            if hit is not None:
                self.set_focus(hit)
            return hit is not None
        # A click counts only when pressed and released over the same widget.
        pressed, self._pressed = self._pressed, None
        if hit is None or hit is not pressed:
            return False
        return self._did(hit.click(event.pos))

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every widget in the group."""
        for item in self.items:
            item.draw(surface)
