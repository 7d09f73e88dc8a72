"""What a trader says they give and want. A claim is a list of card descriptions, each
{"kind"} with an optional "quality" and, for a Filling, "flavour"; kind "card" means any card.
Claims are announced aloud, so they are public, and they may be false: only the two traders ever
learn what moved. Pure Python.
"""

from __future__ import annotations

from typing import Any

from pie_table.core.engine import IllegalAction
from pie_table.core.messages import Msg
from pie_table.games.cheflebrity.deck import (
    CARDS,
    DECK,
    FILLING,
    FLAVOURS,
    PART_NAMES,
    PARTS,
    QUALITIES,
    SPECIALS,
)

ANY = "card"
CLAIM_KINDS = (*PARTS, *SPECIALS, ANY)
# "Trade one or more cards": no cap but the cards there are. What is handed over is held, so
# only a want could name more.
MAX_CLAIM = len(CARDS)
SPECIAL_NAMES = {
    "oops": "Oops!",
    "sabotage": "Sabotage!",
    "saved": "Saved it!",
    "genius": "Stroke of Genius!",
}
FLAVOUR_NAMES = {k: v["en"] for k, v in DECK.flavours.items()}

Claim = list[dict[str, Any]]


def honest(card: int) -> dict[str, Any]:
    """The true description of `card`."""
    found = CARDS[card]
    desc: dict[str, Any] = {"kind": found.kind}
    if found.is_part:
        desc["quality"] = found.quality
    if found.flavour is not None:
        desc["flavour"] = found.flavour
    return desc


def matches(card: int, desc: dict[str, Any]) -> bool:
    """True if `card` is what `desc` says."""
    kind = desc.get("kind")
    if kind == ANY:
        return True
    found = CARDS[card]
    if found.kind != kind:
        return False
    if "quality" in desc and found.quality != desc["quality"]:
        return False
    return "flavour" not in desc or found.flavour == desc["flavour"]


def claim_true(cards: list[int], claim: Claim) -> bool:
    """True if the cards could be exactly what the claim says (in some order)."""
    if len(cards) != len(claim):
        return False
    left = list(cards)
    # Most specific descriptions first, so "a card" never takes the card a precise one needs.
    for desc in sorted(claim, key=lambda d: (d.get("kind") == ANY, -len(d))):
        hit = next((c for c in left if matches(c, desc)), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def check_claim(claim: Any, *, size: int | None = None, what: str = "claim") -> Claim:
    """A well-formed claim (copied), or IllegalAction saying what is wrong with it."""
    if not isinstance(claim, list) or not claim:
        raise IllegalAction(Msg("Say what you trade: at least one card"))
    if len(claim) > MAX_CLAIM:
        raise IllegalAction(Msg("The game has only {n} cards", n=MAX_CLAIM))
    if size is not None and len(claim) != size:
        raise IllegalAction(Msg("Your claim must name as many cards as you hand over"))
    clean: Claim = []
    for desc in claim:
        if not isinstance(desc, dict) or desc.get("kind") not in CLAIM_KINDS:
            raise IllegalAction(Msg("That claim names no card"))
        item: dict[str, Any] = {"kind": desc["kind"]}
        if desc.get("quality") is not None:
            if desc["kind"] not in PARTS or desc["quality"] not in QUALITIES:
                raise IllegalAction(Msg("A quality is 5, 10, 15, 20 or 25, and only pie cards have one"))
            item["quality"] = desc["quality"]
        if desc.get("flavour") is not None:
            if desc["kind"] != FILLING or desc["flavour"] not in FLAVOURS:
                raise IllegalAction(Msg("Only a Filling has a flavour"))
            item["flavour"] = desc["flavour"]
        clean.append(item)
    return clean


def describe(desc: dict[str, Any]) -> Msg:
    """One description as words: "Cherry Filling 20", "Top Crust", "Sabotage!", "any card".
    Made once for each description (every offer and answer words its claims; a message is read,
    never changed)."""
    quality = desc.get("quality")
    key = (desc.get("kind"), desc.get("flavour"), quality, type(quality))  # True is not 1 here
    try:
        found = _DESCRIBED.get(key)
    except TypeError:  # a value that is not a checked claim's (a list...): worded, not kept
        return _describe(desc)
    if found is None:
        found = _describe(desc)
        if len(_DESCRIBED) < 1000:  # checked claims have far fewer
            _DESCRIBED[key] = found
    return found


_DESCRIBED: dict[tuple[Any, ...], Msg] = {}


def _describe(desc: dict[str, Any]) -> Msg:
    kind = desc["kind"]  # a checked description always names its kind
    if kind == ANY:
        return Msg("any card")
    if kind in SPECIAL_NAMES:
        return Msg(SPECIAL_NAMES[kind])
    name = Msg(PART_NAMES[kind])
    if desc.get("flavour"):
        name = Msg("{flavour} Filling", flavour=Msg(FLAVOUR_NAMES[desc["flavour"]]))
    if desc.get("quality"):
        return Msg("{part} {quality}", part=name, quality=desc["quality"])
    return name


def describe_all(claim: Claim) -> list[Msg]:
    return [describe(d) for d in claim]


def honest_claim(cards: list[int]) -> Claim:
    return [honest(c) for c in cards]
