"""Every action a seat may take now, as the UI's move list and the bots' menu. Pure Python.

Trades are listed in their plainest form, one for each partner (the first card in hand, honestly
described, for any card in return); `apply` takes any offer of cards the seat holds with any
well-formed claim, lies included.
"""

from __future__ import annotations

from typing import Any

from pie_table.core.engine import Action
from pie_table.games.cheflebrity import claims as C
from pie_table.games.cheflebrity import flow as F
from pie_table.games.cheflebrity import pies as P
from pie_table.games.cheflebrity.deck import BOTTOM, EXTRAS, FILLING, GENIUS, KIND, PARTS, TOP
from pie_table.games.cheflebrity.state import ChefState

ANY_CARD = [{"kind": C.ANY}]
# Every card's honest one-card claim, worked out once (actions are read, never changed).
_HONEST = tuple([C.honest(card)] for card in range(len(KIND)))


def legal_actions(state: ChefState, seat: int) -> list[Action]:
    if state.over:
        return []
    top = state.stack.top()
    if top is None or not top.asks(seat):
        return []
    if top.kind == F.TURN:
        return turn_actions(state, seat)
    if top.kind == F.SAB_WINDOW:
        return [{"type": "pass"}, *sabotages(state, seat)]
    if top.kind == F.SAVE_WINDOW:
        return [{"type": "pass"}, *save_moves(state.hands[seat])]
    if top.kind == F.OOPS_PICK:
        return [{"type": "oops", "pie": p["id"]} for p in state.working[seat] if p["cards"]]
    if top.kind == F.REPLY:
        return [{"type": "decline"}] + [
            {"type": "reply", "give": [c], "claim": [C.honest(c)]} for c in state.hands[seat]
        ]
    if top.kind == F.CONFIRM:
        return [{"type": "accept"}, {"type": "decline"}]
    return []


def turn_actions(state: ChefState, seat: int) -> list[Action]:
    step = state.step
    if step in (F.DRAW, F.REDRAW):
        found: list[Action] = [{"type": "draw", "from": "deck"}] if state.deck else []
        found += [
            {"type": "draw", "from": "leftovers", "card": c} for c in state.leftovers if c != state.discarded
        ]
        return found
    found = []
    if step == F.DISCARD:
        found += [{"type": "discard", "card": c} for c in state.hands[seat]]
    if step in (F.DISCARD, F.PLAY) and not state.played:
        found += plays(state, seat)
    if not state.served_now:
        found += [{"type": "serve", "pie": p["id"]} for p in state.working[seat] if P.servable(p)]
    found += sabotages(state, seat)
    hand = state.hands[seat]
    if hand:
        # One offer stands for every trade with a partner (the trade panel words the real one).
        card = hand[0]
        found += [
            {"type": "offer", "to": other, "give": [card], "claim": _HONEST[card], "want": ANY_CARD}
            for other in F.others(state, seat)
            if other not in state.traded_with
        ]
    found.append({"type": "end"})
    return found


def plays(state: ChefState, seat: int) -> list[Action]:
    """Every pie card in hand on every pie that takes it (a Bottom Crust starts a new pie)."""
    return [play_move(*option) for option in play_options(state.hands[seat], state.working[seat])]


Play = tuple[int, str | None, int | None]


def play_options(
    hand: list[int], pies: list[P.Pie], shown: list[tuple[Any, list[str]]] | None = None
) -> list[Play]:
    """`plays` before it is written out as moves, in the same order: (card, the part a Stroke of
    Genius! stands for or None, the pie's id or None for a new pie). The pies may be the state's
    or a view's (both list their cards' parts). Bots weigh these without writing every move out."""
    found: list[Play] = []
    takers: dict[str, list[Any]] | None = None  # worked out at the first pie card in hand
    options: tuple[str, ...]
    for card in hand:
        kind = KIND[card]
        if kind == GENIUS:
            options = PARTS
        elif kind in PARTS:
            options = (kind,)
        else:
            continue
        if takers is None:
            if shown is None:  # each pie's id and parts (a bot passes those it keeps)
                shown = [(pie["id"], P.parts(pie)) for pie in pies]
            takers = _takers(shown)
        for part in options:
            chosen = part if kind == GENIUS else None
            if part == BOTTOM:
                found.append((card, chosen, None))
                continue
            for pie_id in takers[part]:
                found.append((card, chosen, pie_id))
    return found


def _takers(shown: list[tuple[Any, list[str]]]) -> dict[str, list[Any]]:
    """The ids of the pies that take a Filling, a Top Crust and Extras, in the line's order: one
    look at each pie serves every card of the hand."""
    fillings: list[Any] = []
    tops: list[Any] = []
    extras: list[Any] = []
    for pie_id, parts in shown:
        takes_filling, takes_top, takes_extras = P.takes_each(parts)
        if takes_filling:
            fillings.append(pie_id)
        if takes_top:
            tops.append(pie_id)
        if takes_extras:
            extras.append(pie_id)
    return {FILLING: fillings, TOP: tops, EXTRAS: extras}


def play_move(card: int, chosen: str | None, pie_id: int | None) -> Action:
    """A play as the move list writes it (`as` only for a Stroke of Genius!)."""
    if chosen is None:
        return {"type": "play", "card": card, "pie": pie_id}
    return {"type": "play", "card": card, "pie": pie_id, "as": chosen}


def save_moves(hand: list[int]) -> list[Action]:
    """A save with each kind of card in `hand` that can save (a Saved it!, then a Stroke of
    Genius!), so the player chooses which to spend; one card of a kind stands for its copies."""
    return [{"type": "save", "card": card} for card in _first_of_each(hand, F.IS_SAVER, F.SAVERS)]


def _first_of_each(hand: list[int], fits: tuple[bool, ...], kinds: tuple[str, ...]) -> list[int]:
    """The first card in `hand` of each kind in `kinds` (in that order) that `fits` marks."""
    first: dict[str, int] = {}
    for card in hand:
        if fits[card]:
            first.setdefault(KIND[card], card)
    return [first[kind] for kind in kinds if kind in first]


def sabotages(state: ChefState, seat: int) -> list[Action]:
    """A Sabotage! (or Stroke of Genius!) on each rival working pie (`sabotage_moves`)."""
    return sabotage_moves(state.hands[seat], seat, state.working)


def sabotage_moves(hand: list[int], seat: int, working: list[list[P.Pie]]) -> list[Action]:
    """A Sabotage! (or Stroke of Genius!) from `hand` on each rival's pie in `working` (every
    seat's Working Line, the state's or a view's); one card of each kind stands for its copies,
    which would do the same."""
    cards = _first_of_each(hand, F.IS_SABOTEUR, F.SABOTEURS)
    if not cards:
        return []
    return [
        {"type": "sabotage", "card": card, "owner": owner, "pie": pie["id"]}
        for card in cards
        for owner, line in enumerate(working)
        if owner != seat
        for pie in line
    ]
