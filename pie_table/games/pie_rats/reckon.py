"""Pie Rats arithmetic shared by the engine, the bots and the table: what a lure needs, what a
loot needs, which cards or crew are surplus. Pure Python."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from pie_table.games.pie_rats.deck import CAPTAIN_CHARISMA, CAPTAIN_STRENGTH, CARDS, CHARM


def lure_need(loyalties: Sequence[int]) -> int:
    """Charisma points a lure of these crew members needs: each one's loyalty (the owner's charisma
    plus its own) plus one. The luring Captain's own charisma pays once towards the total."""
    return len(loyalties) * (CAPTAIN_CHARISMA + 1) + sum(loyalties)


def lure_have(cards: Sequence[int]) -> int:
    """Charisma a lure has: the Captain's own plus the charisma cards it uses."""
    return CAPTAIN_CHARISMA + sum(CARDS[c].charisma for c in cards)


def surplus_card(cards: Sequence[int], targets: int, need: int) -> int | None:
    """A card the lure could do without (its charisma is not needed), or None.

    With two targets one Charm is what allows the second target, so that one is never surplus."""
    have = lure_have(cards)
    kept_charm = False
    for card in cards:
        if targets == 2 and CARDS[card].key == CHARM and not kept_charm:
            kept_charm = True
            continue
        if have - CARDS[card].charisma >= need:
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
    found: list[tuple[int, ...]] = []

    def walk(start: int, chosen: list[int], total: int) -> None:
        if len(found) >= limit * 4:
            return
        if total >= need:
            if all(total - strengths[i] < need for i in chosen):
                found.append(tuple(sorted(chosen)))
            return
        rest = sum(strengths[order[k]] for k in range(start, len(order)))
        if total + rest < need:
            return
        for k in range(start, len(order)):
            index = order[k]
            chosen.append(index)
            walk(k + 1, chosen, total + strengths[index])
            chosen.pop()

    walk(0, [], 0)
    unique = sorted(set(found), key=lambda s: (sum(strengths[i] for i in s), len(s), s))
    return tuple(unique[:limit])
