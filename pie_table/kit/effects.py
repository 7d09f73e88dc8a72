"""EffectLayer: short-lived table effects drawn over the cards — a game's bursts, floating text, sparkles.

Effects are time-based (dt in seconds) and own no game state; the scene asks `shake_offset()` each frame
and adds it to where it draws the table. A burst's look belongs to its game, which hands the layer
its `BurstStyle` (Rumble Pie's KaPow!); the layer owns only how any burst moves.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from pie_table.kit import motion, theme
from pie_table.kit import palette as pal
from pie_table.kit.art import prepare
from pie_table.kit.art_draw import darker, lighter, star_points, text_outlined
from pie_table.kit.tween import ease_out_back, ease_out_cubic

_BURST_TIME = 0.8
_SHAKE_TIME = 0.4
_SHAKE_PX = 10.0
_FLOAT_TIME = 1.1
_SPARKLE_TIME = 0.6


@dataclass
class _Particle:
    """A dot or star flying outward under gravity, fading as it ages."""

    pos: list[float]
    vel: list[float]
    color: tuple[int, int, int]
    radius: float
    life: float
    star: bool = False
    age: float = 0.0
    gravity: float = 500.0

    def update(self, dt: float) -> bool:
        self.age += dt
        self.vel[1] += self.gravity * dt
        self.pos[0] += self.vel[0] * dt
        self.pos[1] += self.vel[1] * dt
        return self.age < self.life

    def draw(self, surface: pygame.Surface, offset: tuple[int, int]) -> None:
        fade = 1 - self.age / self.life
        r = max(1.0, self.radius * (0.5 + 0.5 * fade))
        x, y = self.pos[0] + offset[0], self.pos[1] + offset[1]
        if self.star:
            twinkle = 0.6 + 0.4 * math.sin(self.age * 30)
            points = star_points(x, y, r * 2 * twinkle, r * 0.5, 4, self.age * 4)
            pygame.draw.polygon(surface, self.color, points)
        else:
            pygame.draw.circle(surface, self.color, (int(x), int(y)), int(r))


_BURST_FPS = 40  # pre-rendered frames per second of a burst: its slow spin looks smooth at 60 Hz too
Color = tuple[int, int, int]


@dataclass(frozen=True)
class BurstStyle:
    """How a game's burst looks: `paint(scale)` gives its ring and its word at full size (before any
    spin or zoom); `word` in `word_color` is all that shows under reduced motion; `splats` are the
    colours the flying dots are picked from (repeat one to make it likelier)."""

    paint: Callable[[float], tuple[pygame.Surface, pygame.Surface]]
    word: str
    word_color: Color
    splats: tuple[Color, ...]


@dataclass
class _Burst:
    """A game's ring and lettering popping at `center`, blitted from pre-rendered frames."""

    center: tuple[float, float]
    frames: list[tuple[pygame.Surface, pygame.Surface]]
    age: float = 0.0

    def update(self, dt: float) -> bool:
        self.age += dt
        return self.age < _BURST_TIME

    def draw(self, surface: pygame.Surface, offset: tuple[int, int]) -> None:
        p = self.age / _BURST_TIME
        alpha = 255 if p < 0.65 else int(255 * (1 - (p - 0.65) / 0.35))
        cx, cy = int(self.center[0] + offset[0]), int(self.center[1] + offset[1])
        for img in self.frames[min(len(self.frames) - 1, int(self.age * _BURST_FPS))]:
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=(cx, cy)))


def burst_frames(burst: pygame.Surface, word: pygame.Surface) -> list[tuple[pygame.Surface, pygame.Surface]]:
    """Every frame of a burst's grow, spin and pop, rotozoomed once instead of twice per drawn frame."""
    frames: list[tuple[pygame.Surface, pygame.Surface]] = []
    settled_word: pygame.Surface | None = None
    for i in range(math.ceil(_BURST_TIME * _BURST_FPS)):
        p = i / (_BURST_TIME * _BURST_FPS)
        grow = ease_out_cubic(min(1.0, p / 0.3))
        pop = ease_out_back(min(1.0, p / 0.3))
        ring = prepare(pygame.transform.rotozoom(burst, p * 25, 0.35 + 0.65 * grow))
        if pop >= 1.0 and settled_word is None:
            settled_word = prepare(pygame.transform.rotozoom(word, 10, 1.0))
        lettering = settled_word or prepare(pygame.transform.rotozoom(word, 10, max(0.05, pop)))
        frames.append((ring, lettering))
    return frames


@dataclass
class _FloatText:
    """Text that rises and fades: "+1", "Blocked!", a player's name."""

    image: pygame.Surface
    pos: tuple[float, float]
    age: float = 0.0

    def update(self, dt: float) -> bool:
        self.age += dt
        return self.age < _FLOAT_TIME

    def draw(self, surface: pygame.Surface, offset: tuple[int, int]) -> None:
        p = self.age / _FLOAT_TIME
        rise = 0.0 if motion.reduced() else 46 * ease_out_cubic(p)  # reduced motion: it fades in place
        self.image.set_alpha(255 if p < 0.5 else int(255 * (1 - (p - 0.5) / 0.5)))
        x, y = self.pos[0] + offset[0], self.pos[1] + offset[1] - rise
        surface.blit(self.image, self.image.get_rect(center=(int(x), int(y))))


class EffectLayer:
    """All running effects; `update(dt)` then `draw(surface)` once per frame."""

    def __init__(self, scale: float = 1.0, seed: int | None = None, burst: BurstStyle | None = None) -> None:
        self.scale = scale
        self.style = burst
        self._rng = random.Random(seed)
        self._items: list = []
        self._shake_age = _SHAKE_TIME
        self._burst_frames: list[tuple[pygame.Surface, pygame.Surface]] | None = None

    @property
    def busy(self) -> bool:
        """True while any effect or screen shake is still running."""
        return bool(self._items) or self._shake_age < _SHAKE_TIME

    def burst(self, center: tuple[float, float]) -> None:
        """The game's burst at `center`: its ring and word growing, spinning and popping, splats
        flying out, and a screen shake (with reduced motion: the word alone, no burst, no shake)."""
        style = self._style()
        if motion.reduced():
            self.float_text(style.word, center, style.word_color)
            return
        self._items.append(_Burst(center, self.warm_up()))
        for _ in range(22):
            ang = self._rng.uniform(0, 2 * math.pi)
            speed = self._rng.uniform(180, 520) * self.scale
            color = self._rng.choice(style.splats)
            vel = [math.cos(ang) * speed, math.sin(ang) * speed - 120]
            radius = self._rng.uniform(3, 8) * self.scale
            life = self._rng.uniform(0.5, 0.8)
            self._items.append(_Particle([center[0], center[1]], vel, color, radius, life))
        self._shake_age = 0.0

    def float_text(self, text: str, pos: tuple[float, float], color: tuple = pal.GOLD) -> None:
        """`text` rising from `pos` and fading out over about a second."""
        # An edge dark (or, for a dark ink, light) enough that the words read on anything.
        rgb = tuple(color[:3])
        edge = darker(rgb, 0.9) if pal.luminance(rgb) > 0.1 else lighter(rgb, 0.8)
        if theme.high_contrast():  # (a red "Oops!" on its dark edge read 4.67:1)
            rgb = pal.legible(rgb, edge)
        image = text_outlined(text, int(26 * self.scale), rgb, edge, "bold", 2)
        self._items.append(_FloatText(image, (float(pos[0]), float(pos[1]))))

    def sparkle(self, pos: tuple[float, float], color: tuple = pal.HIGHLIGHT) -> None:
        """A little twinkle of stars at `pos` (a card landing well, a point scored); none with
        reduced motion (it says nothing the table does not)."""
        if motion.reduced():
            return
        for i in range(9):
            ang = 2 * math.pi * i / 9 + self._rng.uniform(-0.3, 0.3)
            speed = self._rng.uniform(60, 150) * self.scale
            self._items.append(_Particle([pos[0], pos[1]], [math.cos(ang) * speed, math.sin(ang) * speed],
                                         tuple(color[:3]), self._rng.uniform(2, 4) * self.scale,
                                         _SPARKLE_TIME * self._rng.uniform(0.7, 1.0), star=True, gravity=60))

    def shake_offset(self) -> tuple[int, int]:
        """How far to displace the table this frame (0, 0 when no shake is running)."""
        if self._shake_age >= _SHAKE_TIME:
            return (0, 0)
        p = self._shake_age / _SHAKE_TIME
        amp = _SHAKE_PX * self.scale * (1 - p) ** 2
        return (int(amp * math.sin(p * 38)), int(amp * math.cos(p * 29)))

    def update(self, dt: float) -> None:
        """Advance every effect by dt seconds (at the player's animation speed) and drop the finished ones."""
        dt = motion.scaled(dt)
        self._shake_age = min(_SHAKE_TIME, self._shake_age + max(0.0, dt))
        self._items = [item for item in self._items if item.update(max(0.0, dt))]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every running effect (shaken along with the table)."""
        offset = self.shake_offset()
        for item in self._items:
            item.draw(surface, offset)

    def clear(self) -> None:
        """Stop every effect at once."""
        self._items.clear()
        self._shake_age = _SHAKE_TIME

    def warm_up(self) -> list[tuple[pygame.Surface, pygame.Surface]]:
        """The burst's frames at this scale, drawn on the first call (make it before play: no hitch)."""
        if self._burst_frames is None:
            self._burst_frames = burst_frames(*self._style().paint(self.scale))
        return self._burst_frames

    def _style(self) -> BurstStyle:
        if self.style is None:
            raise ValueError("this effect layer was given no burst style")
        return self.style
