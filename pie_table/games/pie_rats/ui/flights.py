"""Cards flying across the Pie Rats table after the engine has moved them: a card tabled from a
hand, a rat lured or kidnapped from one crew to another, looted crew off to the discard pile, a
pie from the sill to its Captain. The engine's events say what moved; the table's last drawn
places say from where; the next drawn places say to where. While a card flies, its place on the
table stays empty, so it is never seen twice."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from pie_table.games.pie_rats.ui import card_art
from pie_table.kit import motion
from pie_table.kit.i18n import current_language
from pie_table.kit.tween import Tween, ease_in_out_quad

FLIGHT_TIME = 0.4


@dataclass
class Flight:
    """One card (or pie) on its way; `to` is filled in when the destination has been drawn."""

    card: int
    pie: bool
    start: pygame.Rect
    to: str = "table"  # "table": wherever it is drawn next; "discard": the discard pile; "seat": a panel
    seat: int = -1
    tween: Tween | None = None


class Flights:
    """Every card in the air."""

    def __init__(self) -> None:
        self.items: list[Flight] = []

    def launch(
        self, card: int, start: pygame.Rect | None, *, pie: bool = False, to: str = "table", seat: int = -1
    ) -> None:
        if start is None:
            return
        self.items = [f for f in self.items if not (f.card == card and f.pie == pie)]
        self.items.append(Flight(card, pie, pygame.Rect(start), to, seat))

    def hidden(self, pie: bool = False) -> set[int]:
        """Cards whose place on the table stays empty while they fly there."""
        return {f.card for f in self.items if f.pie == pie and f.to == "table"}

    def land(
        self, places: dict[tuple[bool, int], pygame.Rect], discard: pygame.Rect, seats: list[pygame.Rect]
    ) -> None:
        """Give every new flight its destination, from the places just drawn."""
        for flight in self.items:
            if flight.tween is not None:
                continue
            end: pygame.Rect | None
            if flight.to == "discard":
                end = discard
            elif flight.to == "seat" and 0 <= flight.seat < len(seats):
                end = pygame.Rect(seats[flight.seat].center, (flight.start.w, flight.start.h))
            else:
                end = places.get((flight.pie, flight.card))
            if end is None:
                flight.tween = Tween(0, 0, 0)  # nowhere to go (it left the table): just drop it
                continue
            flight.tween = Tween(tuple(flight.start), tuple(end), FLIGHT_TIME, ease_in_out_quad)

    def update(self, dt: float) -> None:
        dt = motion.travel(dt)
        for flight in self.items:
            if flight.tween is not None:
                flight.tween.update(dt)
        self.items = [f for f in self.items if f.tween is None or not f.tween.done]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def clear(self) -> None:
        self.items = []

    def draw(self, surface: pygame.Surface) -> None:
        for flight in self.items:
            if flight.tween is None or not isinstance(flight.tween.value, tuple):
                continue
            x, y, w, h = (int(v) for v in flight.tween.value)
            if w < 4 or h < 4:
                continue
            face = (
                card_art.pie_face(flight.card, w, h, current_language())
                if flight.pie
                else card_art.card_face(flight.card, w, h, current_language())
            )
            surface.blit(face, (x, y))
