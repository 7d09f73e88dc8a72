"""Every move a seat may make now, as action dicts (bots and the table choose from these).

Cards that play the same (two +1 charisma cards, two Kidnappings) are offered once, with the
first such card named; `apply` accepts any card of the kind, so a person may pick either."""

from __future__ import annotations

from itertools import combinations

from pie_table.core.engine import Action
from pie_table.games.pie_rats.deck import (
    BEAN,
    KEYS,
    KIDNAP,
    KINDS,
    MIRROR,
    SPINACH,
    THEFT,
)
from pie_table.games.pie_rats.flow import AMBUSH_WINDOW, MIRROR_WINDOW, REFILL, THEFT_WINDOW, TURN
from pie_table.games.pie_rats.reckon import loot_moves, lure_moves
from pie_table.games.pie_rats.state import PieRatsState


def legal_actions(state: PieRatsState, seat: int) -> list[Action]:
    top = state.stack.top()
    if state.over or top is None or not top.asks(seat):
        return []
    if top.kind == REFILL:
        hand = state.hands[seat]
        return [
            {"type": "refill", "seat": seat, "cards": list(c)}
            for n in range(len(hand) + 1)
            for c in combinations(hand, n)
        ]
    if top.kind == TURN:
        return _turn(state, seat)
    found: list[Action] = []
    if top.kind == THEFT_WINDOW:
        found = _thefts(state, seat)
    elif top.kind == MIRROR_WINDOW:
        card = first(state, seat, MIRROR)
        found = [] if card is None else [{"type": "mirror", "seat": seat, "card": card}]
    elif top.kind == AMBUSH_WINDOW:
        found = _mean(state, seat, only_owner=top.data["held"]["seat"])
    return [*found, {"type": "pass", "seat": seat}]


def first(state: PieRatsState, seat: int, kind: str) -> int | None:
    """The first card of `kind` in the seat's hand."""
    for card in state.hands[seat]:
        if KEYS[card] == kind:
            return card
    return None


def _turn(state: PieRatsState, seat: int) -> list[Action]:
    phase = state.phase
    found: list[Action] = []
    hand = state.hands[seat]
    if phase == 2:
        seen: set[str] = set()
        for card in hand:
            if KINDS[card] == "charisma" and KEYS[card] not in seen:
                seen.add(KEYS[card])
                found.append({"type": "table", "seat": seat, "card": card})
        found += _thefts(state, seat)
    elif phase == 3:
        found += [{"type": "crew", "seat": seat, "card": c} for c in hand if KINDS[c] == "crew"]
    elif phase == 4 and not state.acted[seat]:
        found += [{"type": "protect", "seat": seat, "crew": r.card} for r in state.crews[seat]]
        found.append({"type": "declare", "seat": seat})
    elif phase == 5 and state.declared[seat] and not state.acted[seat]:
        found += lures(state, seat)
    elif phase == 6 and not state.looted[seat]:
        found += loots(state, seat)
    found += _items(state, seat)  # items have no phase: any turn (docs/rulings/pie-rats.md)
    if phase == 6 and _may_call(state, seat):
        # The call leads the list (the table's default move) only when a pie is within reach:
        # without one it can only cost the strongest crew member.
        first = 0 if found and found[0]["type"] == "loot" else len(found)
        found.insert(first, {"type": "call_loot", "seat": seat})
    found.append({"type": "done", "seat": seat})
    return found


def _may_call(state: PieRatsState, seat: int) -> bool:
    """Rule a, a pie on the sill, no pie looted and no call made yet this round."""
    rule_a = state.options["phase6"] == "a"
    return rule_a and bool(state.sill) and not state.looted[seat] and not state.frozen[seat]


def _thefts(state: PieRatsState, seat: int) -> list[Action]:
    card = first(state, seat, THEFT)
    if card is None:
        return []
    return [
        {"type": "theft", "seat": seat, "card": card, "target": t}
        for victim, tabled in enumerate(state.charisma)
        if victim != seat
        for t in tabled
    ]


def _items(state: PieRatsState, seat: int) -> list[Action]:
    found: list[Action] = []
    spinach = first(state, seat, SPINACH)
    if spinach is not None:
        found += [
            {"type": "spinach", "seat": seat, "card": spinach, "crew": r.card}
            for r in state.crews[seat]
            if r.spinach is None
        ]
    return found + _mean(state, seat)


def _mean(state: PieRatsState, seat: int, only_owner: int | None = None) -> list[Action]:
    if state.phase == 6 and state.options["phase6"] == "b":
        return []
    kidnap, bean = first(state, seat, KIDNAP), first(state, seat, BEAN)
    if kidnap is None and bean is None:
        return []
    targets = [
        r.card
        for owner, crew in enumerate(state.crews)
        if owner != seat and not state.frozen[owner] and (only_owner is None or owner == only_owner)
        for r in crew
    ]
    found: list[Action] = []
    for card, name in ((kidnap, "kidnap"), (bean, "bean")):
        if card is not None:
            found += [{"type": name, "seat": seat, "card": card, "crew": t} for t in targets]
    return found


def lures(state: PieRatsState, seat: int) -> list[Action]:
    """Every lure the seat could make (`reckon.lure_moves`), at the crew members not protected and
    not lured this phase."""
    targets = [
        (r.card, r.loyalty)
        for owner, crew in enumerate(state.crews)
        if owner != seat
        for r in crew
        if not r.protected and not r.lured
    ]
    return lure_moves(seat, targets, state.charisma[seat])


def loots(state: PieRatsState, seat: int) -> list[Action]:
    """Every pie the seat can carry, each with every minimal choice of crew (`reckon.loot_moves`)."""
    crew = state.crews[seat]
    return loot_moves(seat, [r.card for r in crew], [r.strength for r in crew], state.sill)
