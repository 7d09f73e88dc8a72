"""What a Pie Rats search reads: worlds a Captain may believe in, what a game is worth to each
seat, and a cheap estimate of a game not over. Pure Python."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from pie_table.core.decisions import stack_from_view
from pie_table.core.engine import copy_data
from pie_table.core.history import SeatHistory
from pie_table.core.search import deal_unseen, estimate, returns_from
from pie_table.games.pie_rats import flow
from pie_table.games.pie_rats.deck import CARDS, DECK, PIES
from pie_table.games.pie_rats.flow import standings
from pie_table.games.pie_rats.state import PieRatsState, Rat

# Points a Captain's lead needs to be worth about e (2.7) times the next one's chance of winning.
_SPREAD = 4.0
# Points a unit of crew strength is worth towards the pies still to come, and a card in hand (a
# mean card played now for a little is not free: it is gone for the rounds to come).
_CREW = 0.2
_CARD = 0.5
_CAPTAINS = [captain["en"] for captain in DECK.captains]


def determinize(view: Mapping[str, Any], history: SeatHistory, rng: random.Random) -> PieRatsState:
    """The table of `view` (what the seat is shown, plain or a `bot_view`) with the other
    Captains' hands, the draw pile, the pies to come and the pies set aside dealt at random from
    the cards the seat has not seen, and a new rng; the others' sealed answers to an open window
    are not there (they answer afresh). Every reveal is public, so the seat's history adds only
    who looted first (a tie-breaker)."""
    seat, seats = view["seat"], view["seats"]
    world = PieRatsState(seats=seats, seed=0, options=dict(view["options"]), rng=random.Random())
    world.captains = [_CAPTAINS.index(name) for name in view["captains"]]
    for name in ("round", "phase", "lead", "over"):
        setattr(world, name, view[name])
    for name in ("sill", "discard", "declared", "acted", "looted", "frozen", "tried", "winners"):
        setattr(world, name, list(view[name]))
    world.charisma = [list(c) for c in view["charisma"]]
    world.won = [list(w) for w in view["won"]]
    world.crews = [[Rat(r["card"], r["protected"], r["lured"], r["spinach"]) for r in crew]
                   for crew in view["crews"]]
    world.loot_order = [e["seat"] for e in history.said if e["type"] == "loot"]
    world.stack = stack_from_view(view["decisions"], partial(_rebuilt, seats, view["lead"]))
    turns = [d["seats"][0] for d in view["decisions"] if d["kind"] == flow.TURN]
    world.turn_index = (turns[-1] - world.lead) % seats if turns else seats
    _deal(world, view, seat, rng)
    world.rng = random.Random(rng.getrandbits(64))
    return world


def _deal(world: PieRatsState, view: Mapping[str, Any], seat: int, rng: random.Random) -> None:
    """The seat's hand as it is; every card and pie it has not seen dealt where the view counts
    hidden ones (the others' hands, the draw pile, the pie deck, the pies set aside)."""
    seen = set(view["hand"]) | set(world.discard) | {c for cards in world.charisma for c in cards}
    seen |= {card for crew in world.crews for rat in crew for card in (rat.card, rat.spinach)}
    others = [s for s in range(world.seats) if s != seat]
    sizes = [view["hand_counts"][s] for s in others] + [view["draw"]]
    dealt = deal_unseen([c for c in range(len(CARDS)) if c not in seen], sizes, rng)
    world.hands = [list(view["hand"]) if s == seat else [] for s in range(world.seats)]
    for other, cards in zip(others, dealt, strict=False):
        world.hands[other] = cards
    world.draw = dealt[-1]
    shown = set(world.sill) | {p for won in world.won for p in won}
    world.pie_deck, world.unused_pies = deal_unseen([p for p in range(len(PIES)) if p not in shown],
                                                    [view["pie_deck"], view["unused_pies"]], rng)


def _rebuilt(seats: int, lead: int, shown: Mapping[str, Any]) -> tuple[list[int], dict[str, Any]]:
    """A decision's priority and data as `flow` made them: a window's order from the Lead Player
    and the move it holds back (both public), a turn's phase."""
    public = copy_data(shown["data"])
    if shown["kind"] == flow.TURN:
        return [], {"public": public}
    if shown["kind"] == flow.REFILL:
        return [], {}
    order = [(lead + i) % seats for i in range(seats)]
    return [s for s in order if s in shown["seats"]], {"held": public.get("held"), "public": public}


def returns(state: PieRatsState) -> list[float]:
    """A win (shared in a tie) and a tenth for the points looted, against the best."""
    return returns_from(state.winners, [row[0] for row in standings(state)])


def evaluate(state: PieRatsState) -> list[float]:
    """Each Captain's chance from the points looted so far and, for the pies to come, a little for
    the strength of its crew (which stays on the table from round to round) and its cards in hand."""
    points = [row[0] for row in standings(state)]
    worth = [p + _CREW * state.strength(s) + _CARD * len(state.hands[s]) for s, p in enumerate(points)]
    return estimate(worth, _SPREAD)


def settled(start: PieRatsState) -> Callable[[PieRatsState], bool]:
    """Playouts stop once the round after `start`'s has begun: this round's pies have been looted
    whichever move began them."""
    round_ = start.round
    return lambda state: state.round > round_
