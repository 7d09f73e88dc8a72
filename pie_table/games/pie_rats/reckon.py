"""Pie Rats arithmetic shared by the engine, the bots and the table: what a lure needs, what a
loot needs, which cards or crew are surplus. Pure Python."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from pie_table.games.pie_rats.deck import (
    CAPTAIN_CHARISMA,
    CAPTAIN_STRENGTH,
    CHARISMAS,
    CHARM,
    KEYS,
    PIES,
)

NO_LOOT_READINGS = ("failed", "always")  # the option `no_loot_penalty` (docs/rulings/pie-rats.md)


def can_carry(strength: int, sill: Sequence[int]) -> bool:
    """Could a crew of this total strength (Captain included) carry some pie on the sill?"""
    return any(PIES[pie].weight <= strength for pie in sill)


def owes_no_loot_penalty(
    reading: str, called: bool, looted: bool, sill: Sequence[int], strength: int
) -> bool:
    """Does a Captain ending phase 6 now lose its strongest crew member? Only one who looted
    nothing while a pie waits that its whole strength could not carry (one who could loot and
    chose not to was able to); under the standard reading (`failed`) only one who called "I'm
    looting a pie!", under `always` every such Captain."""
    if looted or can_carry(strength, sill):
        return False
    return bool(sill) and (reading == "always" or called)


def strongest_possible_crew(strengths: Sequence[int], spinach: int) -> int:
    """The most strength one Captain could ever gather: its own plus every crew member in the
    game (discards come back in reshuffles, so every crew card can reach any crew), the
    `spinach` strongest doubled by the Spinach cards."""
    ordered = sorted(strengths, reverse=True)
    return CAPTAIN_STRENGTH + sum(ordered) + sum(ordered[:spinach])


def out_of_reach(pies: Sequence[int], reach: int) -> bool:
    """True if pies remain and not one of them could ever be carried by `reach` strength."""
    return bool(pies) and all(PIES[pie].weight > reach for pie in pies)


def lure_need(loyalties: Sequence[int]) -> int:
    """Charisma points a lure of these crew members needs: each one's loyalty (the owner's charisma
    plus its own) plus one. The luring Captain's own charisma pays once towards the total."""
    return len(loyalties) * (CAPTAIN_CHARISMA + 1) + sum(loyalties)


def lure_have(cards: Sequence[int]) -> int:
    """Charisma a lure has: the Captain's own plus the charisma cards it uses."""
    return CAPTAIN_CHARISMA + sum(map(CHARISMAS.__getitem__, cards))


def surplus_card(cards: Sequence[int], targets: int, need: int) -> int | None:
    """A card the lure could do without (its charisma is not needed), or None.

    With two targets one Charm is what allows the second target, so that one is never surplus."""
    have = lure_have(cards)
    kept_charm = False
    for card in cards:
        if targets == 2 and KEYS[card] == CHARM and not kept_charm:
            kept_charm = True
            continue
        if have - CHARISMAS[card] >= need:
            return card
    return None


def minimal_crews(strengths: Sequence[int], weight: int, limit: int = 64) -> list[tuple[int, ...]]:
    """Index sets of crew (by position in `strengths`) that carry `weight` with nobody spare, at most
    `limit` of them, fewest strength used first. Empty if the whole crew is not enough."""
    return list(_minimal_crews(tuple(strengths), weight, limit))


@lru_cache(maxsize=4096)
def _minimal_crews(strengths: tuple[int, ...], weight: int, limit: int) -> tuple[tuple[int, ...], ...]:
    # The same crews meet the same pies round after round: each answer is kept.
    need = weight - CAPTAIN_STRENGTH
    if need <= 0:
        return ((),)
    if sum(strengths) < need:
        return ()
    order = sorted(range(len(strengths)), key=lambda i: -strengths[i])
    # rest[k]: the strength of everyone from position k of `order` on
    rest = [0] * (len(order) + 1)
    for k in range(len(order) - 1, -1, -1):
        rest[k] = rest[k + 1] + strengths[order[k]]
    found: list[tuple[int, ...]] = []

    def walk(start: int, chosen: list[int], total: int) -> None:
        if len(found) >= limit * 4:
            return
        if total >= need:
            if all(total - strengths[i] < need for i in chosen):
                found.append(tuple(sorted(chosen)))
            return
        if total + rest[start] < need:
            return
        for k in range(start, len(order)):
            index = order[k]
            chosen.append(index)
            walk(k + 1, chosen, total + strengths[index])
            chosen.pop()

    walk(0, [], 0)
    unique = sorted(set(found), key=lambda s: (sum(strengths[i] for i in s), len(s), s))
    return tuple(unique[:limit])


def loot_moves(
    seat: int, crew: Sequence[int], strengths: Sequence[int], sill: Sequence[int]
) -> list[dict[str, Any]]:
    """Every pie on the `sill` the Captain's `crew` (cards, with their `strengths`) can carry, each
    with every minimal choice of crew (at most a few dozen). The engine lists these; bots read the
    same from their view."""
    return [
        {"type": "loot", "seat": seat, "pie": pie, "crew": [crew[i] for i in chosen]}
        for pie in sill
        for chosen in _minimal_crews(tuple(strengths), PIES[pie].weight, 64)
    ]


def first_loots(
    seat: int, crew: Sequence[int], strengths: Sequence[int], sill: Sequence[int]
) -> list[dict[str, Any]]:
    """Of `loot_moves`, the first of each pie: the crew spending the least strength (the sets come
    fewest strength first). All a bot that chooses a pie, then the cheapest crew for it, weighs."""
    key = tuple(strengths)
    found: list[dict[str, Any]] = []
    for pie in sill:
        crews = _minimal_crews(key, PIES[pie].weight, 64)
        if crews:
            found.append({"type": "loot", "seat": seat, "pie": pie, "crew": [crew[i] for i in crews[0]]})
    return found


# What luring one crew member of loyalty 0 needs (`lure_need` written out below).
_PER_TARGET = CAPTAIN_CHARISMA + 1


def lure_moves(seat: int, targets: list[tuple[int, int]], tabled: Sequence[int]) -> list[dict[str, Any]]:
    """Every lure a Captain could make with its `tabled` charisma cards at `targets` (card,
    loyalty): one target (or two with a Charm), each with every minimal choice of charisma cards
    (by value; the first cards of each value are named). The engine lists these; bots read the
    same from their view (`lure_picks`)."""
    hand, picks = lure_picks(targets, tabled)
    return [
        {"type": "lure", "seat": seat, "targets": list(chosen), "cards": cards}
        for chosen, need in picks
        for cards in hand.card_sets(need, len(chosen))
    ]


def lure_picks(
    targets: list[tuple[int, int]], tabled: Sequence[int]
) -> tuple[LureHand, list[tuple[tuple[int, ...], int]]]:
    """`lure_moves` before it is written out as moves: the tabled cards as a `LureHand`, and in the
    same order each choice of targets with the charisma it needs (its card sets, possibly none,
    come from the hand)."""
    hand = LureHand(tabled)
    if not targets:
        return hand, []
    # Nothing beyond every card on the table can be reached: those targets are left out early.
    reach = CAPTAIN_CHARISMA + sum(CHARISMAS[c] for c in tabled)
    # `lure_need` written out: each target needs its loyalty plus the Captain's charisma + 1.
    picks: list[tuple[tuple[int, ...], int]] = [
        ((t,), need) for t, loy in targets if (need := _PER_TARGET + loy) <= reach]
    if hand.charms:
        picks += [
            ((a, b), need)
            for (a, la), (b, lb) in combinations(targets, 2)
            if (need := 2 * _PER_TARGET + la + lb) <= reach
        ]
    return hand, picks


def best_lure_pick(
    targets: list[tuple[int, int, int]], tabled: Sequence[int], spend: float
) -> tuple[tuple[int, ...], list[int]] | None:
    """Of the lures `lure_picks` lists, the one whose targets' strength minus `spend` times the
    charisma of its cheapest card set is greatest (the first of the best, in the same order):
    its targets and cards; None if no lure reaches. `targets`: (card, loyalty, strength). Bots
    weigh every choice of targets this way, so it is walked here without listing them."""
    hand = LureHand(tabled)
    reach = CAPTAIN_CHARISMA + sum(CHARISMAS[c] for c in tabled)
    # (spend x charisma, shape) of the cheapest set by need, for one target and for two.
    costs: tuple[dict[int, tuple[float, Shape] | None], ...] = ({}, {})
    best: tuple[tuple[int, ...], Shape] | None = None
    best_worth = float("-inf")

    def cost(need: int, count: int) -> tuple[float, Shape] | None:
        found = hand.cheapest(need, count)
        pick = costs[count - 1][need] = None if found is None else (spend * found[0], found[1])
        return pick

    singles = costs[0]
    for card, loyalty, strength in targets:
        need = _PER_TARGET + loyalty
        if need > reach:
            continue
        pick = singles[need] if need in singles else cost(need, 1)
        if pick is not None and strength - pick[0] > best_worth:
            best, best_worth = ((card,), pick[1]), strength - pick[0]
    if hand.charms:
        pairs = costs[1]
        for (a, la, sa), (b, lb, sb) in combinations(targets, 2):
            need = 2 * _PER_TARGET + la + lb
            if need > reach:
                continue
            pick = pairs[need] if need in pairs else cost(need, 2)
            if pick is not None and sa + sb - pick[0] > best_worth:
                best, best_worth = ((a, b), pick[1]), sa + sb - pick[0]
    return None if best is None else (best[0], hand.cards(best[1]))


# A card set's shape: how many cards of each value (in `LureHand.values` order), how many Charms.
Shape = tuple[tuple[int, ...], int]


class LureHand:
    """A Captain's tabled charisma cards as lures spend them: grouped by value, Charms apart. The
    minimal card sets for a need are worked out once (few distinct needs: loyalty is -1, 0 or +1),
    and a bot that weighs only the cheapest set writes out no other."""

    __slots__ = ("groups", "values", "charms", "_shapes", "_sets")

    def __init__(self, tabled: Sequence[int]) -> None:
        groups: dict[int, list[int]] = {}
        charms: list[int] = []
        for card in tabled:
            if KEYS[card] == CHARM:
                charms.append(card)
            else:
                groups.setdefault(CHARISMAS[card], []).append(card)
        self.groups = groups
        self.values = sorted(groups)
        self.charms = charms
        self._shapes: dict[tuple[int, int], tuple[tuple[tuple[int, ...], int], ...]] = {}
        self._sets: dict[tuple[int, int], list[list[int]]] = {}

    def card_sets(self, need: int, targets: int) -> list[list[int]]:
        """Every minimal set of cards reaching `need` for this many targets (a pair lure always
        spends one Charm), in a fixed order; the same list for the same need."""
        key = (need, targets)
        found = self._sets.get(key)
        if found is None:
            found = self._sets[key] = [self.cards(shape) for shape in self._shapes_for(key)]
        return found

    def cheapest(self, need: int, targets: int) -> tuple[int, Shape] | None:
        """The first of the `card_sets` spending the least charisma: (that charisma, its shape,
        which `cards` writes out), or None if no set reaches."""
        shape = self._sets_args((need, targets))
        return None if shape is None else _cheapest_set(*shape)

    def _shapes_for(self, key: tuple[int, int]) -> tuple[tuple[tuple[int, ...], int], ...]:
        shapes = self._shapes.get(key)
        if shapes is None:
            shape = self._sets_args(key)
            shapes = self._shapes[key] = () if shape is None else _count_sets(*shape)
        return shapes

    def _sets_args(self, key: tuple[int, int]) -> tuple[Any, ...] | None:
        """The hand's shape and need as `_count_sets` reads them, or None when a pair lure finds
        no Charm."""
        need, targets = key
        base_charms = 1 if targets == 2 else 0
        if base_charms > len(self.charms):
            return None
        charm = CHARISMAS[self.charms[0]] if self.charms else 0
        sizes = tuple(len(self.groups[v]) for v in self.values)
        return (tuple(self.values), sizes, len(self.charms), charm, need - CAPTAIN_CHARISMA, base_charms)

    def cards(self, shape: Shape) -> list[int]:
        """The cards of a set of this shape (how many of each value, how many Charms): the first
        cards of each value."""
        plain, charms = shape
        groups = self.groups
        cards = [c for v, n in zip(self.values, plain, strict=True) for c in groups[v][:n]]
        return cards + self.charms[:charms]


@lru_cache(maxsize=4096)
def _cheapest_set(
    values: tuple[int, ...], sizes: tuple[int, ...], charms: int, charm_value: int, deficit: int,
    base_charms: int,
) -> tuple[int, tuple[tuple[int, ...], int]] | None:
    """The first of `_count_sets` spending the least charisma, with that charisma."""
    shapes = _count_sets(values, sizes, charms, charm_value, deficit, base_charms)
    if not shapes:
        return None
    totals = [
        sum(v * n for v, n in zip(values, plain, strict=True)) + charm_value * count
        for plain, count in shapes
    ]
    best = totals.index(min(totals))
    return totals[best], shapes[best]


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
