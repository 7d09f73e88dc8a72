"""Pies as the rulebook builds them: the order of parts, what a pie is called, what it is worth.

Pure functions over the state's plain pie dicts ({"id", "cards": [[card, part, order], ...]}).
"""

from __future__ import annotations

from typing import Any

from pie_table.core.messages import Msg
from pie_table.games.cheflebrity.deck import (
    BOTTOM,
    EXTRAS,
    FILLING,
    GENIUS,
    GENIUS_QUALITY,
    KIND,
    PARTS,
    QUALITY,
    TOP,
)

BUILDING, TART, COVERED_TART, PIE = "building", "tart", "covered_tart", "pie"
KIND_NAMES = {BUILDING: "Crust only", TART: "Tart", COVERED_TART: "Covered Tart", PIE: "Pie"}

Pie = dict[str, Any]


def card_quality(card: int) -> int:
    """What a card is worth in a pie (a Stroke of Genius! is worth 5 whatever it stands for)."""
    return CARD_QUALITIES[card]


CARD_QUALITIES = tuple(
    GENIUS_QUALITY if KIND[card] == GENIUS else QUALITY[card] for card in range(len(KIND))
)


def parts(pie: Pie) -> list[str]:
    return [entry[1] for entry in pie["cards"]]


def has(pie: Pie, part: str) -> bool:
    return any(entry[1] == part for entry in pie["cards"])


def pie_kind(pie: Pie) -> str:
    """Tart (crust and filling), Covered Tart (a tart with Extras), Pie (with a Top Crust)."""
    return kind_of({entry[1] for entry in pie["cards"]})


def kind_of(found: set[str]) -> str:
    """The kind of a pie holding the parts `found`."""
    if BOTTOM not in found or FILLING not in found:
        return BUILDING
    if TOP in found:
        return PIE
    return COVERED_TART if EXTRAS in found else TART


def is_tart(pie: Pie) -> bool:
    return pie_kind(pie) in (TART, COVERED_TART)


def quality(pie: Pie) -> int:
    """The pie's quality points: the sum of its cards."""
    return sum([CARD_QUALITIES[entry[0]] for entry in pie["cards"]])


def servable(pie: Pie) -> bool:
    """A pie or tart may be served once it has at least its Bottom Crust and Filling."""
    return pie_kind(pie) != BUILDING


def part_of(card: int, chosen: str | None) -> str | None:
    """The part `card` plays: its own kind, or for a Stroke of Genius! the part chosen for it."""
    kind = KIND[card]
    if kind in PARTS:
        return kind
    if kind == GENIUS and chosen in PARTS:
        return chosen
    return None


def takes(found: list[str], part: str) -> bool:
    """Could `part` go on a pie holding the parts `found` (what `add_refusal` checks, without
    wording why not: move lists and bots ask this many times a turn)."""
    if part == BOTTOM:
        return False
    if part == FILLING:
        return FILLING not in found
    if FILLING not in found:
        return False
    if part == TOP:
        return TOP not in found and EXTRAS not in found
    return True


def takes_each(found: list[str]) -> tuple[bool, bool, bool]:
    """`takes` of a Filling, a Top Crust and Extras, in one look at the parts `found`."""
    if FILLING not in found:
        return True, False, False
    return False, TOP not in found and EXTRAS not in found, True


def add_refusal(pie: Pie | None, part: str) -> Msg | None:
    """Why `part` cannot go on `pie` (None: a new pie), or None when it can."""
    if pie is None:
        return None if part == BOTTOM else Msg("A pie starts with a Bottom Crust")
    found = parts(pie)
    if part == BOTTOM:
        return Msg("A pie has only one Bottom Crust: start a new pie with it")
    if part == FILLING:
        return Msg("This pie already has a Filling") if FILLING in found else None
    if FILLING not in found:
        return Msg("Add a Filling first: Bottom Crust, Filling, Top Crust, then Extras")
    if part == TOP:
        if TOP in found:
            return Msg("This pie already has a Top Crust")
        if EXTRAS in found:
            return Msg("A Covered Tart takes no Top Crust")
    return None


def pie_view(pie: Pie) -> dict[str, Any]:
    """A pie as the views show it: its cards and parts, kind and quality."""
    shown = [[entry[0], entry[1]] for entry in pie["cards"]]
    return {
        "id": pie["id"],
        "cards": shown,
        "kind": kind_of({part for _, part in shown}),
        "quality": sum([CARD_QUALITIES[card] for card, _ in shown]),
    }
