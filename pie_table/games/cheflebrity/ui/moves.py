"""Cheflebrity's words for the shared move list: what each move is called, the prompt over the list,
a line of detail for the focused move, and which cards and pies a move names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pie_table.games.cheflebrity.deck import CARDS, GENIUS, KIND, PART_NAMES
from pie_table.games.cheflebrity.ui.names import card_label, chef_label, claim_label, kind_label, part_label
from pie_table.kit.i18n import _
from pie_table.kit.move_panel import MoveWords

TRADE_OPEN = {"type": "trade_open"}  # opens the trade panel; never sent to the engine


def _pie_number(view: dict[str, Any], owner: int, pie_id: Any) -> int:
    for i, pie in enumerate(view["working"][owner]):
        if pie["id"] == pie_id:
            return i + 1
    return 0


def _pie(view: dict[str, Any], owner: int, pie_id: Any) -> dict[str, Any] | None:
    return next((p for p in view["working"][owner] if p["id"] == pie_id), None)


def _chef(view: dict[str, Any], seat: int) -> str:
    """A seat by the name the table gives it (the panel's view carries the players' names)."""
    names = view.get("player_names") or []
    return chef_label(seat, names[seat] if seat < len(names) else "")


def label(view: dict[str, Any], action: dict[str, Any]) -> str:
    kind = action["type"]
    me = view["seat"]
    if kind == "draw":
        if action["from"] == "deck":
            return _("Draw from the Ingredients Pile")
        return _("Take {card} from the Leftovers").format(card=card_label(action["card"]))
    if kind == "discard":
        return _("Discard {card}, then draw again").format(card=card_label(action["card"]))
    if kind == "play":
        card, part = action["card"], action.get("as")
        if action["pie"] is None:
            if KIND[card] == GENIUS:
                return _("Start a pie with {card} as its Bottom Crust").format(card=card_label(card))
            return _("Start a new pie with {card}").format(card=card_label(card))
        number = _pie_number(view, me, action["pie"])
        if part:
            return _("{card} as the {part} of pie {n}").format(
                card=card_label(card), part=part_label(part), n=number
            )
        return _("Add {card} to pie {n}").format(card=card_label(card), n=number)
    if kind == "serve":
        pie = _pie(view, me, action["pie"])
        return _("Serve pie {n}: {kind}, {points} points").format(
            n=_pie_number(view, me, action["pie"]),
            kind=kind_label(pie["kind"]) if pie else "",
            points=pie["quality"] if pie else 0,
        )
    if kind == "sabotage":
        pie = _pie(view, action["owner"], action["pie"])
        target = card_label(pie["cards"][-1][0]) if pie else ""
        return _("Sabotage! {chef}'s {card} (pie {n})").format(
            chef=_chef(view, action["owner"]),
            card=target,
            n=_pie_number(view, action["owner"], action["pie"]),
        )
    if kind == "save":
        return _("Save the pie with {card}").format(card=card_label(action["card"]))
    if kind == "pass":
        return _("Pass")
    if kind == "oops":
        pie = _pie(view, me, action["pie"])
        top = card_label(pie["cards"][-1][0]) if pie else ""
        return _("Oops! takes {card} off pie {n}").format(card=top, n=_pie_number(view, me, action["pie"]))
    if kind == "trade_open":
        return _("Trade cards with another chef…")
    if kind == "accept":
        return _("Accept the trade")
    if kind == "decline":
        return _("Decline")
    if kind == "end":
        return _("End your turn")
    return kind


def prompt(view: dict[str, Any], seat: int) -> str:
    top = (view.get("decisions") or [None])[-1]
    if top is None:
        return ""
    kind = top["kind"]
    if kind == "turn":
        step = view["step"]
        if step in ("draw", "redraw"):
            return _("Draw a card: the Ingredients Pile, or any card on the Leftovers.")
        if step == "discard":
            return _("You may discard a card and draw again, or go on and play.")
        if step == "play":
            return _("Play one pie card, or serve, trade or end your turn.")
        return _("Serve one pie or tart, trade, or end your turn.")
    if kind == "sabotage":
        # Why the window opened (the engine's public data): a card went on or came off a pie, or
        # the player whose turn it is drew with a dessert ready to serve.
        why = top.get("data") or {}
        chef = _chef(view, why.get("owner", view["turn"]))
        if why.get("why") == "removed":
            return _("{chef}'s pie lost a card. Sabotage! a rival's pie, or pass.").format(chef=chef)
        if why.get("why") == "drawn":
            return _("{chef} has drawn and could serve. Sabotage! a rival's pie, or pass.").format(chef=chef)
        return _("A card went on {chef}'s pie. Sabotage! a rival's pie, or pass.").format(chef=chef)
    if kind == "saved":
        pending = view.get("pending") or {}
        what = _("An Oops!") if pending.get("kind") == "oops" else _("A Sabotage!")
        pie = _pie(view, pending.get("owner", 0), pending.get("pie"))
        card = card_label(pie["cards"][-1][0]) if pie else ""
        return _("{what} threatens {chef}'s {card}. Saved it!, or pass.").format(
            what=what, chef=_chef(view, pending.get("owner", 0)), card=card
        )
    if kind == "oops":
        return _("Oops! Choose which of your pies loses its top card.")
    if kind == "confirm":
        trade = view.get("trade") or {}
        text = _("{chef} answers with {claim}.").format(
            chef=_chef(view, trade.get("to", 0)), claim=claim_label(trade.get("reply_claim"))
        )
        if trade.get("counter"):
            text += " " + _("But they want {want} instead.").format(want=claim_label(trade["counter"]))
        return text
    return ""


def detail(view: dict[str, Any], action: dict[str, Any]) -> str:
    kind = action["type"]
    if kind == "play" and action.get("pie") is not None:
        pie = _pie(view, view["seat"], action["pie"])
        card = action["card"]
        worth = 5 if KIND[card] == GENIUS else CARDS[card].quality
        if pie is not None:
            return _("Quality {a} + {b} = {c}").format(a=pie["quality"], b=worth, c=pie["quality"] + worth)
    if kind == "play" and KIND[action["card"]] == GENIUS:
        return _("A Stroke of Genius! counts 5 as a {part}").format(
            part=_(PART_NAMES.get(action.get("as", ""), ""))
        )
    if kind == "serve":
        pie = _pie(view, view["seat"], action["pie"])
        if pie is not None:
            return _("+{n} quality points, safe from every special card").format(n=pie["quality"])
    return ""


def touches(action: dict[str, Any], kind: str, value: int) -> bool:
    if kind in ("hand", "leftover"):
        return action.get("card") == value
    if kind == "pie":
        return action.get("pie") == value
    return False


WORDS = MoveWords(
    label=label,
    prompt=prompt,
    detail=detail,
    touches=touches,
    cards_of=lambda a: {a["card"]} if isinstance(a.get("card"), int) else set(),
    pies_of=lambda a: {a["pie"]} if isinstance(a.get("pie"), int) else set(),
    always=("end", "pass", "trade_open", "decline"),
)


_ORDER = {"draw": 0, "play": 1, "serve": 2, "sabotage": 3, "save": 3, "oops": 3, "accept": 4, "discard": 5}


def panel_moves(legal: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal moves as the list shows them, the likeliest first (a discard never sits on top,
    where a stray Enter would throw a card away): the engine's plain trade offers become one entry
    that opens the trade panel, where cards, claims and wants are chosen freely."""
    moves = sorted(
        (a for a in legal if a["type"] not in ("offer", "reply")), key=lambda a: _ORDER.get(a["type"], 6)
    )
    if any(a["type"] == "offer" for a in legal):
        moves.append(dict(TRADE_OPEN))
    return moves
