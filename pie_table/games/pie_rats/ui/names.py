"""Names on Pie Rats cards in the player's language: the deck file carries every name in English
and Spanish, so card names need no catalogue entry of their own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.games.pie_rats.deck import CARDS, DECK, PIES
from pie_table.kit.i18n import current_language


def _pick(names: dict[str, str]) -> str:
    return names.get(current_language(), names["en"])


def card_label(card: int) -> str:
    return _pick(CARDS[card].names)


def pie_label(pie: int) -> str:
    return _pick(PIES[pie].names)


def captain_title(captain: int) -> str:
    """A Captain (by its place in the deck, as the state keeps it) in the player's language."""
    return _pick(DECK.captains[captain])


def captain_label(view: Mapping[str, Any], seat: int) -> str:
    """The seat's Captain by name, in the player's language."""
    english = view["captains"][seat]
    for names in DECK.captains:
        if names["en"] == english:
            return _pick(names)
    return english
