"""The felt dice tray: two dice a human can grab and throw, animated to values the engine already rolled.

The tray never decides a result. A throw gesture only reports a velocity through `on_throw`; the
table sends the roll action, reads the dice from the engine's events and calls `animate`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from pie_table.kit import art
from pie_table.kit import palette as pal
from pie_table.kit.dice import DieSprite
from pie_table.kit.fonts import font
from pie_table.kit.text import fit_lines, fit_text

_TINTS = ("ivory", "cherry")
_ROLL_TIME = 0.9
# Velocity is measured over the last stretch of the drag, so a slow wind-up does not count.
_SAMPLE_WINDOW = 0.12
_MAX_SPEED = 2600.0
_CLICK_SPEED = 700.0


def _place(die: DieSprite, center: tuple[int, int]) -> None:
    """Put a resting die at `center` (a thrown die starts from where it was let go)."""
    die.center = (float(center[0]), float(center[1]))
    die.rect = die.image.get_rect(center=center)


class DiceTray:
    """Two dice on felt: drag-and-release or a button throws; the animation follows the engine."""

    def __init__(self, on_throw: Callable[[tuple[float, float]], None] | None = None) -> None:
        self.rect = pygame.Rect(0, 0, 400, 200)
        self.on_throw = on_throw
        self.enabled = False  # True while a human seat may throw these dice
        self.caption = ""
        self.values = [1, 1]
        self.die_size = 64
        self.dice = self._new_dice()
        self.grabbed: int | None = None
        self.grab_offset = (0, 0)
        self.samples: list[tuple[float, tuple[int, int]]] = []
        self.clock = 0.0
        self.throws = 0

    @property
    def busy(self) -> bool:
        """True while a die is still tumbling (the table waits for it before moving on)."""
        return any(not die.settled for die in self.dice)

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the tray into `rect` and park the dice at rest positions."""
        self.rect = pygame.Rect(rect)
        size = max(28, min(int(rect.h * (0.7 if self.strip else 0.36)), int(rect.w * 0.16)))
        if size != self.die_size:
            self.die_size = size
            self.dice = self._new_dice()
        self._warm_faces()
        self._park()

    @property
    def strip(self) -> bool:
        """A tray much wider than tall (a crowded table gives it little height) holds its dice at
        its left, beside their caption, instead of over it."""
        return self.rect.h * 4 < self.rect.w

    def _warm_faces(self) -> None:
        """Draw every face of both dice at this size now (each is kept once drawn), so a first
        roll showing a face not seen yet does not drop a frame."""
        for tint in _TINTS:
            for value in range(1, 7):
                art.die_face(value, self.die_size, tint)

    def _new_dice(self) -> list[DieSprite]:
        return [DieSprite(v, self.die_size, t) for v, t in zip(self.values, _TINTS, strict=True)]

    def _park(self) -> None:
        gap = self.die_size // 2
        if self.strip:
            for i, die in enumerate(self.dice):
                _place(die, (self._left + self.die_size // 2 + i * (self.die_size + gap), self.rect.centery))
            return
        cy = self.rect.y + int(self.rect.h * 0.45)
        for i, die in enumerate(self.dice):
            _place(die, (self.rect.centerx + (i * 2 - 1) * (self.die_size + gap) // 2, cy))

    @property
    def _left(self) -> int:
        """Where a strip's dice begin."""
        return self.rect.x + max(8, self.die_size // 3)

    def show(self, values: Sequence[int], caption: str = "") -> None:
        """Snap the dice to `values` at rest, no animation (after a resize, a load or skip_to)."""
        if len(values) != 2:
            return
        self.values = list(values)
        self.caption = caption
        for die, value in zip(self.dice, self.values, strict=True):
            die.set_value(value)
        self._park()

    def animate(self, values: Sequence[int], velocity: tuple[float, float] | None = None,
                seed: int = 0, caption: str = "") -> None:
        """Tumble the dice so they land on `values` (the engine's result)."""
        self.values = list(values)
        self.caption = caption
        self.throws += 1
        bounds = self.rect.inflate(-8, -self.rect.h // 5)
        for i, die in enumerate(self.dice):
            if velocity is None:
                die.roll(self.values[i], _ROLL_TIME + 0.15 * i, seed * 2 + i)
            else:
                spread = (velocity[0] * (1 - 0.15 * i), velocity[1] * (1 + 0.15 * i))
                die.throw(spread, bounds, self.values[i], seed * 2 + i)

    def snap(self) -> None:
        """Finish any animation at once on the engine's values."""
        self.show(self.values, self.caption)

    def die_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the die under `pos`, if any."""
        for i in reversed(range(len(self.dice))):
            if self.dice[i].rect.collidepoint(pos):
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Grab, drag and release a die; True if the event was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION and self.grabbed is not None:
            self._drag(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.grabbed is not None:
            self._release(event.pos)
            return True
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        if not self.enabled or self.busy:
            return False
        index = self.die_at(pos)
        if index is None:
            return False
        self.grabbed = index
        center = self.dice[index].rect.center
        self.grab_offset = (center[0] - pos[0], center[1] - pos[1])
        self.samples = [(self.clock, pos)]
        return True

    def _drag(self, pos: tuple[int, int]) -> None:
        die = self.dice[self.grabbed or 0]
        half = self.die_size // 2
        x = min(max(pos[0] + self.grab_offset[0], self.rect.left + half), self.rect.right - half)
        y = min(max(pos[1] + self.grab_offset[1], self.rect.top + half), self.rect.bottom - half)
        _place(die, (x, y))
        self.samples.append((self.clock, pos))

    def _release(self, pos: tuple[int, int]) -> None:
        self.samples.append((self.clock, pos))
        velocity = self.release_velocity()
        self.grabbed = None
        self.samples = []
        if self.on_throw is not None and self.enabled:
            self.on_throw(velocity)

    def release_velocity(self) -> tuple[float, float]:
        """Pixels per second over the end of the drag; a bare click gets a gentle toss."""
        end_t, end = self.samples[-1]
        recent = [(t, p) for t, p in self.samples if end_t - t <= _SAMPLE_WINDOW]
        start_t, start = recent[0] if recent else self.samples[0]
        dx, dy = end[0] - start[0], end[1] - start[1]
        if math.hypot(dx, dy) < 4:
            return (_CLICK_SPEED, -_CLICK_SPEED * 0.4)
        # Events posted in one frame share a timestamp: assume at least one frame passed per sample.
        elapsed = max(end_t - start_t, (len(self.samples) - 1) / 60.0)
        vx, vy = dx / elapsed, dy / elapsed
        speed = math.hypot(vx, vy)
        if speed > _MAX_SPEED:
            vx, vy = vx * _MAX_SPEED / speed, vy * _MAX_SPEED / speed
        return (vx, vy)

    def update(self, dt: float) -> None:
        """Advance the tumbling dice."""
        self.clock += dt
        for die in self.dice:
            die.update(dt)

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> None:
        """Felt, dice and the caption under them."""
        pygame.draw.rect(surface, pal.WOOD_DARK, self.rect.inflate(10, 10), border_radius=18)
        pygame.draw.rect(surface, pal.FELT, self.rect, border_radius=14)
        if self.enabled and not self.busy:
            pygame.draw.rect(surface, pal.HIGHLIGHT, self.rect, max(2, int(3 * scale)), border_radius=14)
        for die in self.dice:
            surface.blit(die.image, die.rect)
        if not self.caption or self.busy:
            return
        if self.strip:  # right of the parked dice, on the lines the strip holds
            x = self._left + self.die_size * 5 // 2 + max(8, self.die_size // 3)
            size = int(22 * scale)
            most = max(1, (self.rect.h - 8) // font(size, "bold").get_linesize())
            image = fit_lines(self.caption, size, self.rect.right - 10 - x, pal.CREAM, "bold", most)
            surface.blit(image, image.get_rect(midleft=(x, self.rect.centery)))
            return
        image = fit_text(self.caption, int(22 * scale), self.rect.w - 20, pal.CREAM, "bold")
        surface.blit(image, image.get_rect(midbottom=(self.rect.centerx, self.rect.bottom - 8)))
