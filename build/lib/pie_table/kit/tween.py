"""Easing curves and a time-based Tween (dt in seconds) for cards, dice and effects."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

Ease = Callable[[float], float]
Value = float | tuple[float, ...]


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: the default for cards sliding into place."""
    return 1 - (1 - t) ** 3


def ease_in_out_quad(t: float) -> float:
    """Slow at both ends."""
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles back: a springy pop."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    """Drops and bounces to rest."""
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def damped_wave(t: float, cycles: float = 3.0) -> float:
    """A sine that fades to zero at t=1 (shakes and wobbles)."""
    return math.sin(t * cycles * 2 * math.pi) * (1 - t)


def lerp(a: Value, b: Value, t: float) -> Value:
    """Interpolate numbers or equal-length tuples of numbers."""
    if isinstance(a, Sequence):
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))  # type: ignore[arg-type]
    return a + (b - a) * t  # type: ignore[operator]


class Tween:
    """A value moving from `start` to `end` over `duration` seconds along `ease`."""

    def __init__(self, start: Value, end: Value, duration: float, ease: Ease = ease_out_cubic) -> None:
        self.start, self.end = start, end
        self.duration = max(0.0, float(duration))
        self.ease = ease
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        """True once the full duration has passed."""
        return self.elapsed >= self.duration

    @property
    def progress(self) -> float:
        """Raw time fraction in [0, 1]."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def value(self) -> Value:
        """The current value (exactly `end` once done)."""
        if self.done:
            return self.end
        return lerp(self.start, self.end, self.ease(self.progress))

    def update(self, dt: float) -> Value:
        """Advance by dt seconds and return the current value."""
        self.elapsed += max(0.0, dt)
        return self.value
