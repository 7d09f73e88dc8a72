"""CardSprite: a card on the table that slides, flips and shakes with time-based animation.

Put card sprites in a `pygame.sprite.LayeredUpdates`: the `layer` given at construction sets the
initial draw order; afterwards use `group.change_layer(sprite, n)` or `group.move_to_front(sprite)`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from pie_table.kit import art
from pie_table.kit import palette as pal
from pie_table.kit.tween import Tween, damped_wave, ease_in_out_quad, ease_out_cubic

_SHAKE_TIME = 0.35
_SHAKE_CYCLES = 3.5
_SHAKE_AMPLITUDE = 0.12  # of the card's width
_FLIP_STRETCH = 0.08  # how much taller the card grows mid-flip (squash and stretch)


class CardSprite(pygame.sprite.Sprite):
    """One card: `pos` is its resting top-left; `image`/`rect` show the current animation frame.
    `face_art(kind, w, h)` paints its face (the game's own, cached); the back is the shared one."""

    # Set in __init__ and never cleared (pygame types a bare Sprite's as optional).
    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, card_id: int | str, kind: str, face_art: Callable[[str, int, int], pygame.Surface],
                 face_up: bool = False, owner_color: tuple = pal.SEAT_COLORS[0],
                 size: tuple[int, int] = (60, 84), pos: tuple[float, float] = (0, 0), layer: int = 0) -> None:
        self._layer = layer
        super().__init__()
        self.card_id = card_id
        self.kind = kind
        self.face_art = face_art
        self.face_up = face_up
        self.owner_color = tuple(owner_color)
        self.size = (int(size[0]), int(size[1]))
        self.pos = (float(pos[0]), float(pos[1]))
        self._move: Tween | None = None
        self._flip: Tween | None = None
        self._flip_target = face_up
        self._shake: Tween | None = None
        self.image = self._side_image(face_up)
        self.rect = self.image.get_rect(topleft=self._rounded(self.pos))
        self._refresh()

    # --- commands -------------------------------------------------------------------------------

    def move_to(self, pos: tuple[float, float], duration: float = 0.18) -> None:
        """Slide the card's top-left to `pos` over `duration` seconds (0 jumps there)."""
        target = (float(pos[0]), float(pos[1]))
        if duration <= 0:
            self._move, self.pos = None, target
        else:
            self._move = Tween(self.pos, target, duration, ease_out_cubic)
        self._refresh()

    def jump_to(self, pos: tuple[float, float]) -> None:
        """Place the card at `pos` at once (e.g. following the mouse while dragged)."""
        self.move_to(pos, 0)

    def flip(self, duration: float = 0.2, face_up: bool | None = None) -> None:
        """Turn the card over (or to `face_up`) with a squash-and-stretch flip."""
        target = (not self._flip_target) if face_up is None else bool(face_up)
        self._flip_target = target
        if duration <= 0 or target == self.face_up and self._flip is None:
            self._flip, self.face_up = None, target
        else:
            self._flip = Tween(0.0, 1.0, duration, ease_in_out_quad)
        self._refresh()

    def shake(self, duration: float = _SHAKE_TIME) -> None:
        """A quick side-to-side wobble: feedback for a refused move."""
        self._shake = Tween(0.0, 1.0, duration)
        self._refresh()

    def set_size(self, w: int, h: int) -> None:
        """Resize the card (art is fetched from the cache at the new size)."""
        self.size = (max(4, int(w)), max(4, int(h)))
        self._refresh()

    def set_face_up(self, face_up: bool) -> None:
        """Show a side at once, without animation."""
        self.flip(0, face_up)

    # --- state ----------------------------------------------------------------------------------

    @property
    def is_animating(self) -> bool:
        """True while a move, flip or shake is in progress."""
        return any(t is not None for t in (self._move, self._flip, self._shake))

    @property
    def target_pos(self) -> tuple[float, float]:
        """Where the card will rest once its move ends."""
        return self._move.end if self._move is not None else self.pos  # type: ignore[return-value]

    @property
    def home_rect(self) -> pygame.Rect:
        """The card's full-size rect at its resting place (for hit-testing and layout)."""
        return pygame.Rect(self._rounded(self.target_pos), self.size)

    def update(self, dt: float = 0.0, *_args: object) -> None:
        """Advance animations by dt seconds and refresh image/rect."""
        if self._move is not None:
            self.pos = self._move.update(dt)  # type: ignore[assignment]
            if self._move.done:
                self._move = None
        if self._flip is not None:
            self._flip.update(dt)
            if self._flip.progress >= 0.5:
                self.face_up = self._flip_target
            if self._flip.done:
                self._flip = None
        if self._shake is not None:
            self._shake.update(dt)
            if self._shake.done:
                self._shake = None
        self._refresh()

    # --- drawing --------------------------------------------------------------------------------

    def _side_image(self, face_up: bool) -> pygame.Surface:
        w, h = self.size
        return self.face_art(self.kind, w, h) if face_up else art.card_back(self.owner_color, w, h)

    def _refresh(self) -> None:
        """Rebuild image and rect from the animation state (cached art; scaled only mid-flip)."""
        w, h = self.size
        image = self._side_image(self.face_up)
        if self._flip is not None:
            p = self._flip.value
            assert isinstance(p, float)  # a flip tweens one number, 0 to 1
            squash = abs(math.cos(math.pi * p))  # 1 → 0 at the midpoint → 1
            stretch = 1 + _FLIP_STRETCH * math.sin(math.pi * p)
            image = pygame.transform.smoothscale(image, (max(1, int(w * squash)), max(1, int(h * stretch))))
        dx = 0.0
        if self._shake is not None:
            dx = damped_wave(self._shake.progress, _SHAKE_CYCLES) * w * _SHAKE_AMPLITUDE
        self.image = image
        iw, ih = image.get_size()
        # Keep the frame centred on the card's resting place (exact top-left when not flipping).
        left, top = self.pos[0] + dx + (w - iw) / 2, self.pos[1] + (h - ih) / 2
        self.rect = image.get_rect(topleft=(round(left), round(top)))

    @staticmethod
    def _rounded(pos: tuple[float, float]) -> tuple[int, int]:
        return (round(pos[0]), round(pos[1]))
