"""The Rumble Pie table as the UI sees it: the public view, in the shape the table code reads.

The table draws and plays from a seat's view only (what everyone at the table can see), never
from the engine's state: decks are known as sorted ids and counts, never in their order. This
wraps the view's plain data in the small objects the drawing, cursor and mouse code expect, and
it is what the engine's own rule checks (`legal.can_play`, `playable_targets`) run on at the
table, so a card lights up exactly where the engine would take it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple


class Card(NamedTuple):
    """A card's public facts."""

    kind: str
    owner: int


@dataclass
class Pile:
    """One face of a battle board: card ids bottom first."""

    cards: list[int]
    clearing: int
    scored_by: int | None


@dataclass
class Player:
    """One seat's arsenal columns, held card and deck (ids sorted: the order is the secret)."""

    columns: list[list[int]]
    hand: int | None
    deck: list[int]

    def arsenal_count(self) -> int:
        """Cards in the columns (the held card is not in the arsenal)."""
        return sum(len(col) for col in self.columns)


@lru_cache(maxsize=16)
def _cards(facts: tuple[tuple[str, int], ...]) -> tuple[Card, ...]:
    """Each card's public facts, made once per game: they never change in one (its ~270 cards were
    remade for every tick's table, most of the cost of building it)."""
    return tuple(Card(kind, owner) for kind, owner in facts)


class TableState:
    """A public view read like the state by the table's code (read-only)."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.seats: int = view["seats"]
        self.teams: list[int] = view["teams"]
        self.team_count: int = view["team_count"]
        self.options: dict[str, Any] = view["options"]
        self.target: int = view["target"]
        self.tick: int = view["tick"]
        self.phase: str = view["phase"]
        self.phase_ticks: int = view["phase_ticks"]
        self.round: int = view["round"]
        self.columns_allowed: int = view["columns_allowed"]
        self.capacity: int = view["capacity"]
        self.scores: list[int] = view["scores"]
        self.round_kapows: list[int] = view["round_kapows"]
        self.out_by: int | None = view["out_by"]
        self.winner: int | None = view["winner"]
        self.history: list[dict[str, Any]] = view["history"]
        self.penalty: bool = view["penalty"]
        facts = view["cards"]  # a tuple of pairs here, lists of pairs when read from the wire or a file
        self.cards = _cards(facts if isinstance(facts, tuple) else tuple(tuple(pair) for pair in facts))
        self.players = [Player(p["column_ids"], p["hand_id"], p["deck_ids"]) for p in view["players"]]
        self.boards = [{face: Pile(p["ids"], p["clearing"], p["scored_by"]) for face, p in board.items()}
                       for board in view["boards"]]
        self.set_aside: list[list[int]] = view["set_aside_ids"]
        self.discard: list[int] = view["discard_ids"]
        self.played_this_tick = {(b, f) for b, f in view["played_this_tick"]}
