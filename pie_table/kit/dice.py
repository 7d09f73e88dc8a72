"""DieSprite: a six-sided die that tumbles in place or is thrown across a tray, then settles.

The engine decides the number; the sprite only performs it. Every animation ends showing the
`final_value` it was given, whatever faces flicker past on the way.
"""

from __future__ import annotations

import math
import random

import pygame

from pie_table.kit import art

_FRICTION = 2.2  # per second, exponential slow-down of a thrown die
_DRAG = 120.0  # px/s^2 of constant slow-down, so a throw really stops
_RESTITUTION = 0.65  # fraction of speed kept after bouncing off a wall
_REST_SPEED = 40.0  # px/s under which a thrown die settles
_MAX_THROW = 3.0  # seconds; a throw never runs longer than this
_SETTLE_TIME = 0.18  # seconds to straighten up after sliding to rest
_SPIN_PER_PX = 0.9  # degrees of spin per pixel travelled


class DieSprite(pygame.sprite.Sprite):
    """One die: `center` is where it rests; `image`/`rect` show the current frame."""

    # Set in __init__ and never cleared (pygame types a bare Sprite's as optional).
    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, value: int = 1, size: int = 48, tint: str = "ivory",
                 center: tuple[float, float] = (0, 0), layer: int = 0) -> None:
        self._layer = layer
        super().__init__()
        self.value = value
        self.size = int(size)
        self.tint = tint
        self.center = (float(center[0]), float(center[1]))
        self.angle = 0.0
        self._lift = 0.0  # px above the table during a bounce
        self._final = value
        self._mode = "rest"  # "rest", "roll", "throw" or "settle"
        self._elapsed = 0.0
        self._duration = 0.0
        self._next_flicker = 0.0
        self._velocity = (0.0, 0.0)
        self._bounds: pygame.Rect | None = None
        self._spin_dir = 1.0
        self._rng = random.Random()
        self.image = art.die_face(value, self.size, tint)
        self.rect = self.image.get_rect(center=self._int_center())

    @property
    def settled(self) -> bool:
        """True when the die is at rest showing its final value."""
        return self._mode == "rest"

    def roll(self, final_value: int, duration: float = 0.8, rng_seed: int | None = None) -> None:
        """Tumble in place for `duration` seconds, then land on `final_value`."""
        self._start(final_value, rng_seed)
        self._mode = "roll" if duration > 0 else "rest"
        self._duration = duration
        if self._mode == "rest":
            self.value = final_value
        self._refresh()

    def throw(self, velocity: tuple[float, float], bounds_rect: pygame.Rect, final_value: int,
              rng_seed: int | None = None) -> None:
        """Slide with `velocity` (px/s), bouncing inside `bounds_rect`, then settle on `final_value`."""
        self._start(final_value, rng_seed)
        self._mode = "throw"
        self._velocity = (float(velocity[0]), float(velocity[1]))
        self._bounds = pygame.Rect(bounds_rect)
        self._refresh()

    def set_value(self, value: int) -> None:
        """Show `value` at once, at rest."""
        self._start(value, None)
        self._mode, self.value, self.angle, self._lift = "rest", value, 0.0, 0.0
        self._refresh()

    def update(self, dt: float = 0.0, *_args: object) -> None:
        """Advance the animation by dt seconds."""
        if self._mode == "rest":
            return
        self._elapsed += max(0.0, dt)
        if self._mode == "roll":
            self._update_roll()
        elif self._mode == "throw" and self._bounds is not None:
            self._update_throw(dt, self._bounds)
        elif self._mode == "settle":
            self._update_settle()
        self._refresh()

    # --- animation steps --------------------------------------------------------------------------

    def _start(self, final_value: int, rng_seed: int | None) -> None:
        if final_value not in range(1, 7):
            raise ValueError(f"die value must be 1..6, not {final_value!r}")
        self._final = final_value
        self._elapsed = 0.0
        self._next_flicker = 0.0
        if rng_seed is not None:
            self._rng.seed(rng_seed)
        self._spin_dir = self._rng.choice((-1.0, 1.0))

    def _flicker(self, interval: float) -> None:
        """Show a different random face every `interval` seconds."""
        if self._elapsed >= self._next_flicker:
            self.value = self._rng.choice([v for v in range(1, 7) if v != self.value])
            self._next_flicker = self._elapsed + interval

    def _update_roll(self) -> None:
        p = min(1.0, self._elapsed / self._duration)
        if p >= 1.0:
            self._finish()
            return
        self._flicker(0.04 + 0.16 * p * p)  # faces slow down as the die loses energy
        self.angle = self._spin_dir * 540 * (1 - p) ** 2
        self._lift = abs(math.sin(p * 3 * math.pi)) * (1 - p) * self.size * 0.35

    def _update_throw(self, dt: float, bounds: pygame.Rect) -> None:
        vx, vy = self._velocity
        x, y = self.center[0] + vx * dt, self.center[1] + vy * dt
        x, vx = self._bounce(x, vx, bounds.left, bounds.right)
        y, vy = self._bounce(y, vy, bounds.top, bounds.bottom)
        speed = math.hypot(vx, vy)
        slower = max(0.0, speed * math.exp(-_FRICTION * dt) - _DRAG * dt)
        scale = slower / speed if speed > 0 else 0.0
        self._velocity = (vx * scale, vy * scale)
        self.angle += self._spin_dir * speed * dt * _SPIN_PER_PX
        self.center = (x, y)
        self._flicker(max(0.04, 12.0 / max(1.0, speed)))
        if slower < _REST_SPEED or self._elapsed >= _MAX_THROW:
            self._mode, self._elapsed = "settle", 0.0
            self.value = self._final
            self._settle_from = self.angle % 90
            if self._settle_from > 45:
                self._settle_from -= 90  # straighten toward the nearest square angle

    def _bounce(self, pos: float, vel: float, low: float, high: float) -> tuple[float, float]:
        """Keep the die's edge inside [low, high] on one axis, reflecting its speed."""
        half = self.size / 2
        if pos - half < low:
            return low + half + (low + half - pos) * 0.5, abs(vel) * _RESTITUTION
        if pos + half > high:
            return high - half - (pos + half - high) * 0.5, -abs(vel) * _RESTITUTION
        return pos, vel

    def _update_settle(self) -> None:
        p = min(1.0, self._elapsed / _SETTLE_TIME)
        self.angle = self._settle_from * (1 - p)
        if p >= 1.0:
            self._finish()

    def _finish(self) -> None:
        self._mode, self.value, self.angle, self._lift = "rest", self._final, 0.0, 0.0

    # --- drawing ------------------------------------------------------------------------------------

    def _int_center(self) -> tuple[int, int]:
        return (round(self.center[0]), round(self.center[1] - self._lift))

    def _refresh(self) -> None:
        face = art.die_face(self.value, self.size, self.tint)
        self.image = pygame.transform.rotozoom(face, self.angle, 1.0) if abs(self.angle) > 0.5 else face
        self.rect = self.image.get_rect(center=self._int_center())
