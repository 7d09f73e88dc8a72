"""A hint's reason for the seat at the screen: why the move the hint bot chose from that seat's
view only (`core.hints`) is worth making, in a line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.core.messages import Msg
from pie_table.games.cheflebrity.deck import CARDS, GENIUS


def reason(view: Mapping[str, Any], action: dict[str, Any]) -> Msg:
    """Why `action` is worth making, in a line."""
    kind = action.get("type")
    if kind == "draw" and action.get("from") == "leftovers":
        return Msg(
            "{card} fits one of your pies: take it from the Leftovers", card=Msg(CARDS[action["card"]].name)
        )
    if kind == "draw":
        return Msg("Nothing on the Leftovers helps you more than a fresh card")
    if kind == "discard":
        return Msg(
            "{card} has no pie to go on: swap it for a fresh card", card=Msg(CARDS[action["card"]].name)
        )
    if kind == "play" and action.get("pie") is None:
        return Msg("A new crust gives a filling somewhere to go")
    if kind == "play":
        return Msg("{card} is the best card you can add to a pie now", card=Msg(CARDS[action["card"]].name))
    if kind == "serve":
        return Msg("That dessert is done: serve it before someone sabotages it")
    if kind == "sabotage":
        return Msg("That is a rival's best card within reach")
    if kind == "save" and CARDS[action["card"]].kind == GENIUS:
        return Msg("Save it with your Stroke of Genius!: you hold no Saved it!, and the card is worth it")
    if kind == "save":
        return Msg("Save it: the card is worth more than your Saved it! in hand")
    if kind == "offer":
        return Msg("Trade away a card you cannot use for the part you lack")
    if kind == "reply":
        return Msg("Their claim looks worth more to you than the card you give")
    if kind == "accept":
        return Msg("What they say they give is what you asked for")
    if kind == "decline":
        return Msg("The deal is not worth it, or you do not trust their word")
    if kind == "oops":
        return Msg("Let the Oops! take your cheapest top card")
    if kind == "pass":
        return Msg("Keep your card for a better moment")
    return Msg("Nothing more is worth doing this turn: end it")
