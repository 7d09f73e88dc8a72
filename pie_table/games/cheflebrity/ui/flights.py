"""Cards sliding across the Cheflebrity table after the engine moved them: from a hand onto a
pie, onto the Leftovers or into a trade; from the Leftovers or the Ingredients into a hand; off a
pie to the Out Pile. The engine's events say what moved; the table's last drawn places say from
where and to where."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from pie_table.games.cheflebrity.ui.faces import card_back, card_face
from pie_table.kit import motion
from pie_table.kit.tween import Tween, ease_in_out_quad

FLIGHT_TIME = 0.35


@dataclass
class Flight:
    card: int | None  # None: a face-down card
    tween: Tween


class Flights:
    def __init__(self) -> None:
        self.items: list[Flight] = []
        # The card sizes the table draws (and has painted already); a flight from anywhere else
        # (a whole pie, a chef's area) flies at `standard`, so no flight paints a face of its own.
        self.sizes: set[tuple[int, int]] = set()
        self.standard = (50, 70)

    def size_for(self, card: int | None, start: pygame.Rect) -> tuple[int, int]:
        """A face-up card keeps the size it had where it came from, when that is a card's size."""
        if card is not None and tuple(start.size) in self.sizes:
            return (start.w, start.h)
        return self.standard

    def launch(self, card: int | None, start: pygame.Rect | None, end: pygame.Rect | None) -> None:
        if start is None or end is None or motion.travel(1.0) > 100:
            return
        size = self.size_for(card, start)
        self.items.append(
            Flight(
                card,
                Tween(tuple(start.topleft) + size, tuple(end.topleft) + size, FLIGHT_TIME, ease_in_out_quad),
            )
        )

    def update(self, dt: float) -> None:
        step = motion.travel(dt)
        for flight in self.items:
            flight.tween.update(step)
        self.items = [f for f in self.items if not f.tween.done]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def clear(self) -> None:
        self.items = []

    def draw(self, surface: pygame.Surface) -> None:
        for flight in self.items:
            value = flight.tween.value
            assert isinstance(value, tuple)  # a flight tweens a rect (x, y, w, h)
            x, y, w, h = (int(v) for v in value)
            if w < 4 or h < 4:
                continue
            face = card_back(w, h) if flight.card is None else card_face(flight.card, w, h)
            surface.blit(face, (x, y))
