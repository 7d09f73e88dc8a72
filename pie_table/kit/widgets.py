"""A small widget kit in wood and cream: buttons, toggles, cyclers, text input, labels, panels, menus."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.fonts import fit, font

Color = tuple[int, int, int]
BASE_SIZE = (1280, 720)
DISABLED = (176, 160, 140)
DISABLED_INK = (124, 108, 92)
_MIN_TEXT = 12  # pixel floor for small print, so tiny windows stay legible


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than the 1280x720 design the window is (never below a readable floor)."""
    return max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


def fit_text(text: str, size: int, max_w: int, color: Color, face: str = "sans") -> pygame.Surface:
    """Render `text` at `size` within `max_w` pixels: smaller down to a readable floor, then cut
    with an ellipsis (see fonts.fit). Cached: tables redraw the same labels after every move, and
    measuring and rendering text is most of a redraw. Callers blit the image and never change it."""
    return _fitted(str(text), int(size), int(max_w), tuple(color), face)


@lru_cache(maxsize=4096)
def _fitted(text: str, size: int, max_w: int, color: tuple[int, ...], face: str) -> pygame.Surface:
    shown, size = fit(text, size, max_w, face)
    return font(size, face).render(shown, True, color)


def wrap_text(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Split `text` into lines no wider than `width` (a single long word keeps its own line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if fnt.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def blit_center(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> None:
    """Blit `image` centred on `center`."""
    surface.blit(image, image.get_rect(center=center))


class Widget:
    """Base widget: a rect, a scale, hover/focus flags, and optional enabling condition."""

    focusable = True

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
        return pal.HIGHLIGHT if self.focused or self.hover else pal.CRUST

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

    def draw(self, surface: pygame.Surface) -> None:
        text = self.current_text()
        if not text:
            return
        size = max(_MIN_TEXT, int(self.size * self.scale))
        if not self.wrap:
            image = fit_text(text, size, self.rect.w, self.color, self.face)
            pos = image.get_rect(midleft=self.rect.midleft)
            if self.align == "center":
                pos.center = self.rect.center
            elif self.align == "right":
                pos.midright = self.rect.midright
            surface.blit(image, pos)
            return
        fnt = font(size, self.face)
        y = self.rect.y
        for line in wrap_text(text, fnt, self.rect.w):
            image = fnt.render(line, True, self.color)
            x = self.rect.centerx - image.get_width() // 2 if self.align == "center" else self.rect.x
            surface.blit(image, (x, y))
            y += fnt.get_linesize()


class Button(Widget):
    """A pressable rounded button."""

    def __init__(self, text: str, on_click: Callable[[], Any], enabled: bool | Callable[[], bool] = True,
                 size: int = 28) -> None:
        super().__init__(enabled)
        self.text, self.on_click, self.size = text, on_click, size

    def activate(self) -> bool:
        if not self.enabled:
            return False
        self.on_click()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self._box(surface, self.rect, self._fill())
        ink = pal.INK if self.enabled else DISABLED_INK
        image = fit_text(self.text, int(self.size * self.scale), self.rect.w - 16, ink, "bold")
        blit_center(surface, image, self.rect.center)


class _Row(Widget):
    """A labelled row: caption on the left, a control box on the right."""

    def __init__(self, label: str, enabled: bool | Callable[[], bool] = True, size: int = 24) -> None:
        super().__init__(enabled)
        self.label, self.size = label, size
        self.split = 0.42  # share of the row width given to the caption

    def control_rect(self) -> pygame.Rect:
        """Where the value box sits (right part of the row, or all of it without a caption)."""
        if not self.label:
            return pygame.Rect(self.rect)
        split = int(self.rect.w * self.split)
        return pygame.Rect(self.rect.x + split, self.rect.y, self.rect.w - split, self.rect.h)

    def _draw_caption(self, surface: pygame.Surface) -> None:
        if not self.label:
            return
        cap_w = self.control_rect().x - self.rect.x - int(10 * self.scale)
        ink = pal.INK if self.enabled else DISABLED_INK
        size = int(self.size * self.scale)
        lines = [self.label]
        if font(size, "bold").size(self.label)[0] > cap_w:
            lines = self._wrap_caption(size, cap_w)
            size = self._caption_size
        images = [fit_text(line, size, cap_w, ink, "bold") for line in lines]
        y = self.rect.centery - sum(i.get_height() for i in images) // 2
        for image in images:
            surface.blit(image, (self.rect.x + int(6 * self.scale), y))
            y += image.get_height()
        if self.focused:
            marker = font(int(self.size * self.scale), "bold").render("›", True, pal.CHERRY)
            surface.blit(marker, marker.get_rect(midright=(self.rect.x - 2, self.rect.centery)))


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
    """A choice among values: ◀ value ▶, left/right or click on either half."""

    def __init__(self, label: str, values: Sequence[Any], index: int = 0,
                 on_change: Callable[[Any], Any] | None = None, fmt: Callable[[Any], str] = str,
                 enabled: bool | Callable[[], bool] = True, size: int = 24,
                 accept: Callable[[Any], bool] | None = None,
                 color: Callable[[Any], Color | None] | None = None) -> None:
        super().__init__(label, enabled, size)
        self.values = list(values)
        self.index = index
        self.on_change, self.fmt = on_change, fmt
        # `accept` may refuse a value (e.g. a control another human already holds); it is skipped.
        self.accept = accept
        self.color = color

    @property
    def value(self) -> Any:
        """The chosen value."""
        return self.values[self.index]

    def set_value(self, value: Any) -> None:
        """Select `value` without calling on_change."""
        self.index = self.values.index(value)

    def nudge(self, step: int) -> bool:
        if not self.enabled or not self.values:
            return False
        n = len(self.values)
        for k in range(1, n):
            candidate = (self.index + step * k) % n
            if self.accept is None or self.accept(self.values[candidate]):
                self.index = candidate
                if self.on_change:
                    self.on_change(self.value)
                return True
        return False

    def activate(self) -> bool:
        return self.nudge(1)

    def click(self, pos: tuple[int, int]) -> bool:
        box = self.control_rect()
        return self.nudge(-1 if pos[0] < box.x + box.w // 3 else 1)

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_caption(surface)
        box = self.control_rect()
        tint = self.color(self.value) if self.color else None
        self._box(surface, box, tint if tint and self.enabled else self._fill())
        ink = pal.INK if self.enabled else DISABLED_INK
        size = int(self.size * self.scale)
        arrow_w = int(28 * self.scale)
        for glyph, x in (("◀", box.x + arrow_w // 2 + 4), ("▶", box.right - arrow_w // 2 - 4)):
            blit_center(surface, font(int(size * 0.8), "sans").render(glyph, True, ink), (x, box.centery))
        image = fit_text(self.fmt(self.value), size, box.w - 2 * arrow_w - 12, ink, "bold")
        blit_center(surface, image, box.center)


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
        text = "On" if self.value else "Off"
        image = font(int(self.size * self.scale), "bold").render(text, True, pal.INK)
        surface.blit(image, image.get_rect(midleft=(pill.right + int(12 * self.scale), box.centery)))


class TextInput(_Row):
    """One line of text; typing goes here while it has focus."""

    def __init__(self, label: str, text: str = "", on_change: Callable[[str], Any] | None = None,
                 max_len: int = 24, size: int = 24) -> None:
        super().__init__(label, True, size)
        self.text, self.on_change, self.max_len = text, on_change, max_len

    def text_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            new = (self.text + event.text)[: self.max_len]
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            new = self.text[:-1]
        else:
            return False
        if new != self.text:
            self.text = new
            if self.on_change:
                self.on_change(new)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_caption(surface)
        box = self.control_rect()
        self._box(surface, box, pal.CREAM if self.enabled else DISABLED)
        shown = self.text + ("|" if self.focused and pygame.time.get_ticks() // 500 % 2 == 0 else "")
        image = fit_text(shown or " ", int(self.size * self.scale), box.w - 20, pal.INK)
        surface.blit(image, image.get_rect(midleft=(box.x + int(12 * self.scale), box.centery)))


# Keys a focused TextInput leaves to the menu; everything else is typing.
_MENU_KEYS_WHILE_TYPING = (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER,
                           pygame.K_ESCAPE, pygame.K_TAB)


class Menu:
    """A focus group over widgets: Up/Down/Tab move focus, Enter activates, Left/Right nudge, Esc backs."""

    def __init__(self, items: Sequence[Widget], on_back: Callable[[], Any] | None = None,
                 on_sound: Callable[[str], Any] | None = None) -> None:
        self.items = list(items)
        self.on_back, self.on_sound = on_back, on_sound
        self.focus = -1
        self._pressed: Widget | None = None
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
        return self._action(action)

    def _action(self, action: str | None) -> bool:
        current = self.focused
        if action in ("up", "down"):
            self.move_focus(-1 if action == "up" else 1)
            return True
        if action in ("left", "right") and current is not None:
            return self._did(current.nudge(-1 if action == "left" else 1))
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
