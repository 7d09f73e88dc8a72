"""The Pie Rats deck, loaded from `assets/pie_rats/deck.json` (the rulebook prints no card list;
ours is data, designed and argued in docs/rulings/pie-rats.md). Pure Python.

Every card of the main deck gets a number (its place in `CARDS`); the state keeps only those
numbers, so hands and piles serialize as plain lists. Pies are numbered the same way in `PIES`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from pie_table.paths import assets_dir

CREW, CHARISMA, ACTION = "crew", "charisma", "action"
CHARM, MIRROR, THEFT = "charm", "mirror", "charisma_theft"
BEAN, KIDNAP, SPINACH = "carob_bean", "kidnapping", "spinach"


@dataclass(frozen=True)
class CardDef:
    """One card of the main deck: a crew member, a charisma card or an action/item."""

    kind: str  # CREW | CHARISMA | ACTION
    key: str  # "crew" for every crew member, else the card's id ("cutlass", "mirror", ...)
    names: dict[str, str]  # language -> name
    loyalty: int = 0
    strength: int = 0
    charisma: int = 0
    texts: dict[str, str] | None = None

    @property
    def name(self) -> str:
        """The English name (the message id the UI translates)."""
        return self.names["en"]


@dataclass(frozen=True)
class PieDef:
    """A pie: the strength needed to carry it off and the points it is worth."""

    names: dict[str, str]
    weight: int
    points: int

    @property
    def name(self) -> str:
        return self.names["en"]


@dataclass(frozen=True)
class Deck:
    """Everything the data file defines."""

    cards: tuple[CardDef, ...]
    pies: tuple[PieDef, ...]
    captains: tuple[dict[str, str], ...]
    captain_charisma: int
    captain_strength: int


def _load(path: str) -> Deck:
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    if data.get("format") != "pie-rats-deck" or data.get("version") != 1:
        raise ValueError(f"{path} is not a version 1 Pie Rats deck")
    cards: list[CardDef] = []
    for rat in data["crew"]:
        cards.append(
            CardDef(
                CREW, "crew", dict(rat["name"]), loyalty=int(rat["loyalty"]), strength=int(rat["strength"])
            )
        )
    for card in data["charisma"]:
        for _ in range(int(card["count"])):
            cards.append(
                CardDef(
                    CHARISMA,
                    card["id"],
                    dict(card["name"]),
                    charisma=int(card["charisma"]),
                    texts=card.get("text"),
                )
            )
    for card in data["actions"]:
        for _ in range(int(card["count"])):
            cards.append(CardDef(ACTION, card["id"], dict(card["name"]), texts=card.get("text")))
    pies = tuple(PieDef(dict(p["name"]), int(p["weight"]), int(p["points"])) for p in data["pies"])
    captain = data["captain"]
    return Deck(
        tuple(cards),
        pies,
        tuple(dict(n) for n in captain["names"]),
        int(captain["charisma"]),
        int(captain["strength"]),
    )


@cache
def deck() -> Deck:
    """The shipped deck (read once)."""
    return _load(str(assets_dir("pie_rats", "deck.json")))


DECK = deck()
CARDS = DECK.cards
PIES = DECK.pies
CAPTAIN_CHARISMA = DECK.captain_charisma
CAPTAIN_STRENGTH = DECK.captain_strength
# Each card's key, kind and charisma by card number: read at every move listed, so kept as tuples.
KEYS = tuple(c.key for c in CARDS)
KINDS = tuple(c.kind for c in CARDS)
CHARISMAS = tuple(c.charisma for c in CARDS)


def card(card_id: int) -> CardDef:
    """The definition of card number `card_id`."""
    return CARDS[card_id]


def is_crew(card_id: int) -> bool:
    return CARDS[card_id].kind == CREW


def is_charisma(card_id: int) -> bool:
    return CARDS[card_id].kind == CHARISMA


def key(card_id: int) -> str:
    return CARDS[card_id].key
