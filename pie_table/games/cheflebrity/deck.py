"""The Cheflebrity deck, loaded from `assets/cheflebrity/deck.json`. Pure Python.

96 cards: 20 each of Bottom Crust, Filling, Top Crust and Extras (qualities 5-25, four of each; the
Fillings are four kinds in five qualities) and four each of Oops!, Sabotage!, Saved it! and Stroke
of Genius!. Every card gets a number (its place in `CARDS`); the state keeps only numbers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from pie_table.paths import assets_dir

BOTTOM, FILLING, TOP, EXTRAS = "bottom", "filling", "top", "extras"
OOPS, SABOTAGE, SAVED, GENIUS = "oops", "sabotage", "saved", "genius"
PARTS = (BOTTOM, FILLING, TOP, EXTRAS)  # the build order
SPECIALS = (OOPS, SABOTAGE, SAVED, GENIUS)
FLAVOURS = ("apple", "blueberry", "cherry", "pumpkin")
QUALITIES = (5, 10, 15, 20, 25)
GENIUS_QUALITY = 5  # a Stroke of Genius! used as a pie part is worth 5
PART_NAMES = {BOTTOM: "Bottom Crust", FILLING: "Filling", TOP: "Top Crust", EXTRAS: "Extras"}


@dataclass(frozen=True)
class CardDef:
    """One card: its kind, and for pie cards its quality (and a Filling's flavour)."""

    kind: str
    names: dict[str, str]  # language -> name
    quality: int = 0
    flavour: str | None = None

    @property
    def name(self) -> str:
        """The English name (the message id the UI translates)."""
        return self.names["en"]

    @property
    def is_part(self) -> bool:
        return self.kind in PARTS


@dataclass(frozen=True)
class Deck:
    cards: tuple[CardDef, ...]
    flavours: dict[str, dict[str, str]]  # flavour -> language -> name


def _load(path: str) -> Deck:
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    if data.get("format") != "cheflebrity-deck" or data.get("version") != 1:
        raise ValueError(f"{path} is not a version 1 Cheflebrity deck")
    cards: list[CardDef] = []
    for entry in data["pie_cards"]:
        if entry["kind"] not in PARTS or int(entry["quality"]) not in QUALITIES:
            raise ValueError(f"{path}: bad pie card {entry!r}")
        for _ in range(int(entry["count"])):
            cards.append(
                CardDef(entry["kind"], dict(entry["name"]), int(entry["quality"]), entry.get("filling"))
            )
    for entry in data["special_cards"]:
        if entry["kind"] not in SPECIALS:
            raise ValueError(f"{path}: bad special card {entry!r}")
        for _ in range(int(entry["count"])):
            cards.append(CardDef(entry["kind"], dict(entry["name"])))
    return Deck(tuple(cards), {k: dict(v) for k, v in data["fillings"].items()})


@cache
def deck() -> Deck:
    """The shipped deck (read once)."""
    return _load(str(assets_dir("cheflebrity", "deck.json")))


DECK = deck()
CARDS = DECK.cards
PIE_CARDS = tuple(i for i, c in enumerate(CARDS) if c.is_part)
SPECIAL_CARDS = tuple(i for i, c in enumerate(CARDS) if not c.is_part)
KIND = tuple(c.kind for c in CARDS)
QUALITY = tuple(c.quality for c in CARDS)


def card(card_id: int) -> CardDef:
    """The definition of card number `card_id`."""
    return CARDS[card_id]
