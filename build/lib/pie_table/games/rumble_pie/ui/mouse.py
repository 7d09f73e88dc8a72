"""Mouse play for the `human:mouse` seat: drag cards from the arsenal, the held card or the deck.

The mouse handler only works out *what the player asked for*; whether it is allowed is decided by the
engine when the queued action is applied (a refusal springs the card back).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from pie_table.games.rumble_pie.ui.controls import Target, ordered_targets
from pie_table.games.rumble_pie.ui.geometry import TableGeometry

_CLICK_SLOP = 6  # pixels a press may wander and still count as a click


@dataclass
class Drag:
    """What the mouse is holding and where it came from."""

    source: int | str  # column index, "hand" or "deck"
    cards: list[int]  # the dragged cards, top of the cascade first (empty for the deck)
    grab: tuple[int, int]  # pointer offset from the first card's top-left
    start: tuple[int, int]
    pos: tuple[int, int]
    targets: list[Target] = field(default_factory=list)

    @property
    def topleft(self) -> tuple[int, int]:
        """Where the first dragged card is drawn now."""
        return self.pos[0] - self.grab[0], self.pos[1] - self.grab[1]

    def moved(self) -> bool:
        """True once the pointer left the click slop around where it was pressed."""
        return abs(self.pos[0] - self.start[0]) + abs(self.pos[1] - self.start[1]) > _CLICK_SLOP


class MouseControl:
    """Drag-and-drop for one seat; turns a drop into at most one engine action."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.drag: Drag | None = None

    def press(self, state: Any, geom: TableGeometry, pos: tuple[int, int]) -> dict[str, Any] | None:
        """Pick up whatever of ours is under `pos`; a click on our emptied deck calls Out! at once."""
        player = state.players[self.seat]
        if not player.deck and geom.deck_rect(self.seat).collidepoint(pos):
            return {"type": "out", "seat": self.seat}
        self.drag = self._pick(state, geom, pos)
        return None

    def _pick(self, state: Any, geom: TableGeometry, pos: tuple[int, int]) -> Drag | None:
        player = state.players[self.seat]
        hand = geom.hand_rect(self.seat)
        if player.hand is not None and hand.collidepoint(pos):
            return self._grab("hand", [player.hand], hand, pos, state)
        for col, column in enumerate(player.columns[: state.columns_allowed]):
            picked = self._pick_column(state, geom, col, column, pos)
            if picked is not None:
                return picked
        deck = geom.deck_rect(self.seat)
        if player.deck and deck.collidepoint(pos):
            return Drag("deck", [], (pos[0] - deck.x, pos[1] - deck.y), pos, pos)
        return None

    def _pick_column(self, state: Any, geom: TableGeometry, col: int, column: list[int],
                     pos: tuple[int, int]) -> Drag | None:
        """The bottom card, or the middle card (which lifts the bottom two)."""
        if not column:
            return None
        n = len(column)
        bottom = geom.column_card_rect(self.seat, col, n - 1)
        if bottom.collidepoint(pos):
            return self._grab(col, [column[-1]], bottom, pos, state)
        if n >= 2:
            middle = geom.column_card_rect(self.seat, col, n - 2)
            if middle.collidepoint(pos):
                return self._grab(col, column[-2:], middle, pos, state)
        return None

    def _grab(self, source: int | str, cards: list[int], rect: pygame.Rect, pos: tuple[int, int],
              state: Any) -> Drag:
        drag = Drag(source, cards, (pos[0] - rect.x, pos[1] - rect.y), pos, pos)
        if len(cards) == 1:
            drag.targets = ordered_targets(state, self.seat, source)
        return drag

    def motion(self, pos: tuple[int, int]) -> None:
        """Follow the pointer."""
        if self.drag is not None:
            self.drag.pos = pos

    def refresh(self, state: Any) -> None:
        """The state changed under a drag: re-light the targets, or drop the drag if the card is gone."""
        drag = self.drag
        if drag is None or drag.source == "deck":
            return
        player = state.players[self.seat]
        count = len(drag.cards)
        here = [player.hand] if drag.source == "hand" else _bottom(player.columns, drag.source, count)
        if here != drag.cards:
            self.drag = None
            return
        if len(drag.cards) == 1:
            drag.targets = ordered_targets(state, self.seat, drag.source)

    def release(self, state: Any, geom: TableGeometry, pos: tuple[int, int]) -> dict[str, Any] | None:
        """Let go at `pos`: the action the drop asks for, or None (the card springs back)."""
        drag, self.drag = self.drag, None
        if drag is None:
            return None
        drag.pos = pos
        if drag.source == "deck":
            return self._deck_drop(state, geom, drag)
        pile = geom.face_at(pos)
        if pile is not None and len(drag.cards) == 1:
            board, face = pile
            return {"type": "play", "seat": self.seat, "source": drag.source, "board": board, "face": face}
        col = geom.column_at(self.seat, pos, state.columns_allowed)
        if col is None or col == drag.source:
            return None
        if drag.source == "hand":
            return {"type": "place", "seat": self.seat, "column": col}
        return {"type": "move", "seat": self.seat, "from": drag.source, "to": col, "count": len(drag.cards)}

    def _deck_drop(self, state: Any, geom: TableGeometry, drag: Drag) -> dict[str, Any] | None:
        """A click on the deck draws to hand; a drag onto a column draws straight there."""
        if not drag.moved():
            return {"type": "draw", "seat": self.seat}
        col = geom.column_at(self.seat, drag.pos, state.columns_allowed)
        if col is not None:
            return {"type": "draw", "seat": self.seat, "column": col}
        if geom.hand_rect(self.seat).collidepoint(drag.pos):
            return {"type": "draw", "seat": self.seat}
        return None


def _bottom(columns: list[list[int]], col: int | str, count: int) -> list[int]:
    """The bottom `count` cards of a column (empty if the column is missing)."""
    if not isinstance(col, int) or col >= len(columns):
        return []
    return columns[col][-count:] if len(columns[col]) >= count else []
