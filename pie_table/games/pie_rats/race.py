"""How the hard bot reads a Pie Rats table: the race for the pies on the sill.

Phase 6 is walked from the Lead Player, so a pie goes to the first Captain in that order who can
carry it. The hard bot scores a position (its own public view, with crews moved as a lure, a
Kidnapping or a Carob Bean would move them) by who would win that race, plus a little for lasting
crew strength, and picks the move that scores best. It never looks at a hand or the deck."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.games.pie_rats.deck import CAPTAIN_CHARISMA, CAPTAIN_STRENGTH, CARDS, PIES
from pie_table.games.pie_rats.reckon import lure_need

Crews = list[list[dict[str, Any]]]
# Weights tuned with `arena` playouts (docs/rulings/pie-rats.md has the figures).
W_OTHERS = 0.25  # pies the other rivals (not the best placed) would take
W_STRENGTH = 1.0  # lasting crew strength against the strongest rival crew
W_SPENT = 0.3  # each charisma point a lure spends


def race(view: Mapping[str, Any], crews: Crews) -> list[int]:
    """Points each seat would carry off this round if every Captain, from the Lead Player on,
    took the richest pie on the sill its whole crew can carry."""
    seats = view["seats"]
    sill = sorted(view["sill"], key=lambda p: -PIES[p].points)
    gains = [0] * seats
    for i in range(seats):
        seat = (view["lead"] + i) % seats
        if view["looted"][seat] or not sill:
            continue
        total = CAPTAIN_STRENGTH + sum(r["strength"] for r in crews[seat])
        for pie in sill:
            if PIES[pie].weight <= total:
                gains[seat] = PIES[pie].points
                sill.remove(pie)
                break
    return gains


def score(view: Mapping[str, Any], me: int, crews: Crews) -> float:
    """How good `crews` is for seat `me`: this round's race, then lasting strength."""
    gains = race(view, crews)
    standings = view["standings"]
    others = [s for s in range(view["seats"]) if s != me]
    mine = standings[me][0] + gains[me]
    # The race against the best-placed rival counts most; weaker rivals count a little.
    rival = max(others, key=lambda s: standings[s][0] + gains[s])
    value = gains[me] - gains[rival] - W_OTHERS * sum(gains[s] for s in others if s != rival)
    value += 0.05 * (mine - standings[rival][0] - gains[rival])
    strength = [sum(r["strength"] for r in crew) for crew in crews]
    value += W_STRENGTH * (strength[me] - max(strength[s] for s in others))
    return value


def moved(crews: Crews, card: int, to: int | None) -> Crews:
    """A copy of `crews` with crew member `card` moved to seat `to` (None: discarded)."""
    copy = [list(crew) for crew in crews]
    for crew in copy:
        for rat in crew:
            if rat["card"] == card:
                crew.remove(rat)
                if to is not None:
                    copy[to].append(rat)
                return copy
    return copy


def charisma_of(view: Mapping[str, Any], seat: int) -> int:
    return CAPTAIN_CHARISMA + sum(CARDS[c].charisma for c in view["charisma"][seat])


def lure_worth(view: Mapping[str, Any], me: int, action: dict[str, Any]) -> float:
    crews = view["crews"]
    for target in action["targets"]:
        crews = moved(crews, target, me)
    spent = sum(CARDS[c].charisma for c in action["cards"])
    return score(view, me, crews) - W_SPENT * spent


def best_lure_gain(view: Mapping[str, Any], me: int) -> float:
    """Phase 4: what declaring is worth: the best single lure this Captain can already afford."""
    have = charisma_of(view, me)
    base = score(view, me, view["crews"])
    best = 0.0
    for owner, crew in enumerate(view["crews"]):
        if owner == me:
            continue
        for rat in crew:
            if not rat["protected"] and lure_need([rat["loyalty"]]) <= have:
                best = max(best, score(view, me, moved(view["crews"], rat["card"], me)) - base)
    return best


def worst_loss(view: Mapping[str, Any], me: int) -> tuple[float, int | None]:
    """Phase 4: the crew member whose lure by a rival still able to declare would hurt most."""
    base = score(view, me, view["crews"])
    lurers = [s for s in range(view["seats"]) if s != me and (view["declared"][s] or not view["acted"][s])]
    worst, card = 0.0, None
    for rat in view["crews"][me]:
        for rival in lurers:
            if lure_need([rat["loyalty"]]) <= charisma_of(view, rival) + 1:  # +1: a card may come
                loss = base - score(view, me, moved(view["crews"], rat["card"], rival))
                if loss > worst:
                    worst, card = loss, rat["card"]
    return worst, card


def mean_worth(view: Mapping[str, Any], me: int, action: dict[str, Any]) -> float:
    """What a Kidnapping or Carob Bean would change for `me`."""
    to = me if action["type"] == "kidnap" else None
    return score(view, me, moved(view["crews"], action["crew"], to)) - score(view, me, view["crews"])
