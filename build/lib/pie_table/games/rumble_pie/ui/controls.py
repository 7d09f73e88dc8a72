"""Keyboard and gamepad play: one cursor per human device, target ordering, intents -> engine actions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pie_table.games.rumble_pie.cards import VALUE
from pie_table.games.rumble_pie.rules import playable_targets

Target = tuple[int, str]  # (board seat, face)
_ROWS = 3


def card_value(kind: str) -> int:
    """Pile height a card stands for: chefs 0, One..Four 1..4, Block 1, KaPow! 5."""
    return VALUE.get(kind, 0)


def pile_value(state: Any, board: int, face: str) -> int:
    """Height of a pile by its top card (-1 when the spot is empty)."""
    cards = state.boards[board][face].cards
    return card_value(state.cards[cards[-1]].kind) if cards else -1


def target_rank(state: Any, seat: int, kind: str, target: Target) -> tuple[int, int, int]:
    """Sort key, best first: KaPow! on an opponent, offense nearest KaPow!, defense, then shedding."""
    board, face = target
    before = pile_value(state, board, face)
    after = card_value(kind)
    own_side = state.teams[board] == state.teams[seat]
    distance = abs(board - seat)  # a tie-breaker that keeps the order stable and local
    if kind == "kapow" and not own_side:
        return (0, 0, distance)
    if not own_side and after > before:
        return (1, -after, distance)
    if own_side and 0 <= after < before:
        return (2, -before, distance)
    return (3, 0, distance)


def ordered_targets(state: Any, seat: int, source: int | str) -> list[Target]:
    """The legal piles for `seat`'s card at `source`, best first."""
    kind = source_kind(state, seat, source)
    if kind is None:
        return []
    targets = [(int(b), str(f)) for b, f in playable_targets(state, seat, source)]
    return sorted(targets, key=lambda t: target_rank(state, seat, kind, t))


def source_kind(state: Any, seat: int, source: int | str) -> str | None:
    """Kind of the playable card at `source` ("hand" or a column index), or None if there is none."""
    player = state.players[seat]
    if source == "hand":
        return state.cards[player.hand].kind if player.hand is not None else None
    if not isinstance(source, int) or source >= len(player.columns) or not player.columns[source]:
        return None
    return state.cards[player.columns[source][-1]].kind


def column_with_room(state: Any, seat: int, start: int, count: int, skip: int | None = None) -> int | None:
    """First column from `start` (wrapping) that can take `count` more cards, skipping `skip`."""
    player = state.players[seat]
    allowed = state.columns_allowed
    for step in range(allowed):
        col = (start + step) % allowed
        have = len(player.columns[col]) if col < len(player.columns) else 0
        if col != skip and have + count <= _ROWS:
            return col
    return None


@dataclass
class Cursor:
    """One human's keyboard/pad selection on the table: a column (or the held card) and a target pile."""

    device: str
    seat: int
    column: int = 0
    target: Target | None = None
    armed: bool = False  # the column was just chosen, so pressing it again plays
    targets: list[Target] = field(default_factory=list)

    def source(self, state: Any) -> int | str:
        """What this cursor would play: the held card if there is one, else the selected column."""
        return "hand" if state.players[self.seat].hand is not None else self.column

    def refresh(self, state: Any) -> None:
        """Recompute legal targets after the state changed; keep the current target while it stays legal."""
        self.column = min(self.column, max(0, state.columns_allowed - 1))
        self.targets = ordered_targets(state, self.seat, self.source(state))
        if self.target not in self.targets:
            self.target = self.targets[0] if self.targets else None

    def on_played(self) -> None:
        """Our card landed: the next press of a column shows its cursor before playing again."""
        self.armed = False

    def handle(self, state: Any, intent: str) -> list[dict[str, Any]]:
        """Apply one pressed intent to the cursor; returns the engine actions it asks for (maybe none)."""
        if intent.startswith("col") and intent[3:].isdigit():
            return self._column_key(state, int(intent[3:]) - 1)
        handler = _HANDLERS.get(intent)
        return handler(self, state) if handler else []

    def _select(self, state: Any, col: int) -> None:
        self.column = col
        self.armed = True
        self.target = None
        self.refresh(state)

    def _column_key(self, state: Any, col: int) -> list[dict[str, Any]]:
        if col >= state.columns_allowed:
            return []
        if state.players[self.seat].hand is not None:
            self.column = col
            return [{"type": "place", "seat": self.seat, "column": col}]
        if self.armed and self.column == col and self.target is not None:
            return self._play(state)
        self._select(state, col)
        return []

    def _cycle_column(self, state: Any, step: int) -> list[dict[str, Any]]:
        col = (self.column + step) % max(1, state.columns_allowed)
        if state.players[self.seat].hand is not None:
            self.column = col  # with a card held the column only marks where `draw` will put it
            return []
        self._select(state, col)
        return []

    def _cycle_target(self, state: Any, step: int) -> list[dict[str, Any]]:
        self.refresh(state)
        if self.targets:
            i = self.targets.index(self.target) if self.target in self.targets else -step
            self.target = self.targets[(i + step) % len(self.targets)]
            self.armed = True
        return []

    def _play(self, state: Any) -> list[dict[str, Any]]:
        if self.target is None:
            return []
        board, face = self.target
        source = self.source(state)
        return [{"type": "play", "seat": self.seat, "source": source, "board": board, "face": face}]

    def _draw(self, state: Any) -> list[dict[str, Any]]:
        if state.players[self.seat].hand is None:
            return [{"type": "draw", "seat": self.seat}]
        col = column_with_room(state, self.seat, self.column, 1)
        return [] if col is None else [{"type": "place", "seat": self.seat, "column": col}]

    def _move(self, state: Any, count: int) -> list[dict[str, Any]]:
        to = column_with_room(state, self.seat, self.column + 1, count, skip=self.column)
        if to is None:
            return []
        return [{"type": "move", "seat": self.seat, "from": self.column, "to": to, "count": count}]

    def _out(self, state: Any) -> list[dict[str, Any]]:
        return [{"type": "out", "seat": self.seat}]


_HANDLERS = {
    "play": Cursor._play,
    "draw": Cursor._draw,
    "out": Cursor._out,
    "prev": lambda c, s: c._cycle_target(s, -1),
    "next": lambda c, s: c._cycle_target(s, 1),
    "colprev": lambda c, s: c._cycle_column(s, -1),
    "colnext": lambda c, s: c._cycle_column(s, 1),
    "move1": lambda c, s: c._move(s, 1),
    "move2": lambda c, s: c._move(s, 2),
}
