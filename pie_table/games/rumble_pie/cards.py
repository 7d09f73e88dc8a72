"""Rumble Pie cards: kinds, pile values, deck recipe and the one rule for what stacks on what."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pie_table.core.messages import Msg

FACES = ("shorty", "sylvie", "pierre")
NUMBERS = ("one", "two", "three", "four")
KINDS = FACES + NUMBERS + ("kapow", "block")

# Position of each kind in the pile sequence; a Block counts as a One.
VALUE = {"shorty": 0, "sylvie": 0, "pierre": 0, "one": 1, "block": 1, "two": 2, "three": 3, "four": 4,
         "kapow": 5}

LABEL = {"shorty": "Shorty Chef", "sylvie": "Sylvie Chef", "pierre": "Pierre Chef", "one": "One",
         "two": "Two", "three": "Three", "four": "Four", "kapow": "KaPow!", "block": "Block"}

# (kind, copies) per player deck; the KaPow! count drops to 3 on a team with an extra player.
_RECIPE = (("shorty", 2), ("sylvie", 2), ("pierre", 2), ("one", 7), ("two", 9), ("three", 9),
           ("four", 7), ("kapow", 4), ("block", 3))
FULL_KAPOWS = 4
_BLOCKABLE = frozenset(("two", "three", "four"))


class Card(NamedTuple):
    """A card for the whole game: its kind and the seat whose deck it belongs to."""

    kind: str
    owner: int


def deck_kinds(kapows: int = FULL_KAPOWS) -> list[str]:
    """The kinds of one player's deck, in recipe order (45 cards, or 44 with 3 KaPow!s)."""
    kinds: list[str] = []
    for kind, copies in _RECIPE:
        kinds.extend([kind] * (kapows if kind == "kapow" else copies))
    return kinds


# Kept for each of its few hundred possible questions: the legal moves ask it for every card a
# player may play and every pile, tick after tick (its messages are never changed by a reader).
@cache
def play_reason(kind: str, face: str, top: str | None, clearing: bool, own_team: bool,
                penalty: bool = False) -> str | Msg | None:
    """Why `kind` may not go on the pile (top kind or None when empty), or None when it may."""
    if clearing or top == "kapow":
        return "That pile is being cleared after a KaPow!"
    if top is None:
        return _start_reason(kind, face, own_team)
    if kind in FACES:
        return "Chef cards only start a pile"
    if kind == "kapow":
        if top != "four":
            return Msg("KaPow! only lands on a Four, not a {card}", card=Msg(LABEL[top]))
        if own_team and not penalty:
            return "KaPow! cannot land on your own team"
        return None
    if kind == "block":
        if top in _BLOCKABLE:
            return None
        return Msg("A Block only goes on a Two, Three or Four, not a {top}", top=Msg(LABEL[top]))
    if abs(VALUE[kind] - VALUE[top]) != 1:
        return Msg("A {card} cannot go on a {top}", card=Msg(LABEL[kind]), top=Msg(LABEL[top]))
    return None


def _start_reason(kind: str, face: str, own_team: bool) -> str | Msg | None:
    """Why `kind` may not start a pile on an empty spot."""
    if kind != face:
        return Msg("Only the {chef} card starts a pile there", chef=Msg(LABEL[face]))
    if own_team:
        return "Start piles on an opponent's board"
    return None
