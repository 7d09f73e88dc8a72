"""Every move a seat may make now, as action dicts (bots and the table choose from these).

Cards that play the same (two +1 charisma cards, two Kidnappings) are offered once, with the
first such card named; `apply` accepts any card of the kind, so a person may pick either."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from pie_table.core.engine import Action
from pie_table.games.pie_rats.deck import (
    BEAN,
    CAPTAIN_CHARISMA,
    CHARISMAS,
    CHARM,
    KEYS,
    KIDNAP,
    KINDS,
    MIRROR,
    PIES,
    SPINACH,
    THEFT,
)
from pie_table.games.pie_rats.flow import AMBUSH_WINDOW, MIRROR_WINDOW, REFILL, THEFT_WINDOW, TURN
from pie_table.games.pie_rats.reckon import lure_need, minimal_crews
from pie_table.games.pie_rats.state import PieRatsState

_PER_TARGET = lure_need([0])  # what luring one crew member of loyalty 0 needs


def legal_actions(state: PieRatsState, seat: int) -> list[Action]:
    top = state.stack.top()
    if state.over or top is None or seat not in top.waiting_on():
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
        if state.options["phase6"] == "a" and not state.frozen[seat]:
            found.append({"type": "call_loot", "seat": seat})
        found += loots(state, seat)
    if phase >= 3:
        found += _items(state, seat)
    found.append({"type": "done", "seat": seat})
    return found


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
    """Every lure the seat could make: one target (or two with a Charm), each with every minimal
    choice of charisma cards (by value; the first cards of each value are named)."""
    targets = [
        (r.card, r.loyalty)
        for owner, crew in enumerate(state.crews)
        if owner != seat
        for r in crew
        if not r.protected and not r.lured
    ]
    if not targets:
        return []
    groups: dict[int, list[int]] = {}
    charms: list[int] = []
    for card in state.charisma[seat]:
        if KEYS[card] == CHARM:
            charms.append(card)
        else:
            groups.setdefault(CHARISMAS[card], []).append(card)
    values = sorted(groups)
    found: list[Action] = []
    # Nothing beyond every card on the table can be reached: those targets are left out early.
    reach = CAPTAIN_CHARISMA + sum(CHARISMAS[c] for c in state.charisma[seat])
    # `reckon.lure_need` written out: each target needs its loyalty plus the Captain's charisma + 1.
    picks = [((t,), need) for t, loy in targets if (need := _PER_TARGET + loy) <= reach]
    if charms:
        picks += [
            ((a, b), need)
            for (a, la), (b, lb) in combinations(targets, 2)
            if (need := 2 * _PER_TARGET + la + lb) <= reach
        ]
    sets: dict[tuple[int, int], list[list[int]]] = {}  # few distinct needs: loyalty is -1, 0 or +1
    for chosen, need in picks:
        key = (need, len(chosen))
        if key not in sets:
            sets[key] = _card_sets(groups, values, charms, need, len(chosen))
        for cards in sets[key]:
            found.append({"type": "lure", "seat": seat, "targets": list(chosen), "cards": cards})
    return found


def _card_sets(
    groups: dict[int, list[int]], values: list[int], charms: list[int], need: int, targets: int
) -> list[list[int]]:
    """Minimal sets of charisma cards reaching `need` (a pair lure always spends one Charm)."""
    base_charms = 1 if targets == 2 else 0
    if base_charms > len(charms):
        return []
    charm_value = CHARISMAS[charms[0]] if charms else 0
    sizes = tuple(len(groups[v]) for v in values)
    shapes = _count_sets(tuple(values), sizes, len(charms), charm_value, need - CAPTAIN_CHARISMA, base_charms)
    return [
        [c for v, n in zip(values, plain, strict=True) for c in groups[v][:n]] + charms[:charm_count]
        for plain, charm_count in shapes
    ]


@lru_cache(maxsize=4096)
def _count_sets(
    values: tuple[int, ...], sizes: tuple[int, ...], charms: int, charm_value: int, deficit: int,
    base_charms: int,
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """How many cards of each value (and Charms) the minimal sets hold: the same few hands come up
    again and again, so this is worked out once per shape of hand and need."""
    ranges = [range(size + 1) for size in sizes] + [range(base_charms, charms + 1)]
    found: list[tuple[tuple[int, ...], int]] = []
    for counts in product(*ranges):
        *plain, charm_count = counts
        total = sum(v * n for v, n in zip(values, plain, strict=True)) + charm_value * charm_count
        if total < deficit:
            continue
        removable = [v for v, n in zip(values, plain, strict=True) if n] + (
            [charm_value] if charm_count > base_charms else []
        )
        if any(total - v >= deficit for v in removable):
            continue
        found.append((tuple(plain), charm_count))
    return tuple(found)


def loots(state: PieRatsState, seat: int) -> list[Action]:
    """Every pie the seat can carry, each with every minimal choice of crew (at most a few dozen)."""
    crew = state.crews[seat]
    strengths = [r.strength for r in crew]
    found: list[Action] = []
    for pie in state.sill:
        for chosen in minimal_crews(strengths, PIES[pie].weight):
            found.append({"type": "loot", "seat": seat, "pie": pie, "crew": [crew[i].card for i in chosen]})
    return found
