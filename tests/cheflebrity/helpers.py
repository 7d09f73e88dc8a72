"""Set-ups for Cheflebrity rule tests: a fresh game with the hands, pies and piles a test needs."""

from __future__ import annotations

from typing import Any

import pytest

from pie_table.core.engine import IllegalAction
from pie_table.games.cheflebrity.deck import CARDS
from pie_table.games.cheflebrity.rules import RULES
from pie_table.games.cheflebrity.state import ChefState
from tests import told


def find(kind: str, quality: int | None = None, flavour: str | None = None, skip: int = 0) -> int:
    """The number of a card of this kind (the `skip`-th match)."""
    hits = [
        i
        for i, c in enumerate(CARDS)
        if c.kind == kind
        and (quality is None or c.quality == quality)
        and (flavour is None or c.flavour == flavour)
    ]
    return hits[skip]


def fresh(seats: int = 3, seed: int = 1, **options: Any) -> ChefState:
    state, opening = RULES.new_game(seats, seed, options)
    told.file(state, opening)
    return state


def arrange(
    state: ChefState,
    hands: dict[int, list[int]] | None = None,
    deck: list[int] | None = None,
    working: dict[int, list[list[list[Any]]]] | None = None,
) -> ChefState:
    """Give seats the hands and working pies named; every other card goes to the deck (or to the
    Out Pile when `deck` is given), so the 96 cards stay accounted for."""
    hands = hands or {}
    working = working or {}
    used: set[int] = set()
    for cards in hands.values():
        used.update(cards)
    for pies in working.values():
        for pie in pies:
            used.update(entry[0] for entry in pie)
    if deck is not None:
        used.update(deck)
    for seat in range(state.seats):
        state.hands[seat] = list(hands.get(seat, []))
        state.working[seat] = []
        for pie in working.get(seat, []):
            cards = [[c, part, state.plays + n] for n, (c, part) in enumerate(pie, start=1)]
            state.plays += len(pie)
            state.working[seat].append({"id": state.next_pie, "cards": cards})
            state.next_pie += 1
    rest = [c for c in range(len(CARDS)) if c not in used]
    if deck is None:
        state.deck, state.out = rest, []
    else:
        state.deck, state.out = list(deck), rest
    state.leftovers = []
    return state


def act(state: ChefState, seat: int | None, **action: Any) -> list[dict[str, Any]]:
    """Apply one action for `seat`, filing its events (`tests.told`)."""
    return told.file(state, RULES.apply(state, {**action, "seat": seat}))


def refused(state: ChefState, seat: int | None, **action: Any) -> str:
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, {**action, "seat": seat})
    assert RULES.to_json(state) == before, "a refusal changed the state"
    return caught.value.reason


def draw(state: ChefState, seat: int) -> None:
    """`seat` draws from the Ingredients Pile; the Sabotage! window its rivals get when it has a
    dessert ready to serve runs out (tests of other rules)."""
    act(state, seat, type="draw", **{"from": "deck"})
    top = state.stack.top()
    if top is not None and top.kind == "sabotage" and top.data["public"]["why"] == "drawn":
        act(state, None, type="timeout")


def pass_window(state: ChefState) -> None:
    """Everyone still asked in the open window passes."""
    top = state.stack.top()
    assert top is not None and top.kind in ("sabotage", "saved")
    for seat in top.waiting_on():
        act(state, seat, type="pass")


def count_cards(state: ChefState) -> int:
    n = len(state.deck) + len(state.leftovers) + len(state.out) + sum(map(len, state.hands))
    n += sum(len(p["cards"]) for line in state.working + state.served for p in line) + sum(
        map(len, state.kept)
    )
    if state.trade:
        n += len(state.trade["give"]) + len(state.trade["reply"])
    return n + (1 if state.pending else 0) + len(state.queued)


def pie_ids(state: ChefState, seat: int) -> list[int]:
    return [p["id"] for p in state.working[seat]]
