"""What a Pie Rats search reads: worlds a Captain may believe in, what a game is worth to each
seat, and a cheap estimate of a game not over. Pure Python."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from pie_table.core.history import SeatHistory
from pie_table.core.lazy_view import LazyView
from pie_table.core.search import deal_unseen, estimate, returns_from
from pie_table.games.pie_rats.flow import standings
from pie_table.games.pie_rats.state import PieRatsState, state_from_json, state_to_json

# Points a Captain's lead needs to be worth about e (2.7) times the next one's chance of winning.
_SPREAD = 4.0
# Points a unit of crew strength is worth towards the pies still to come, and a card in hand (a
# mean card played now for a little is not free: it is gone for the rounds to come).
_CREW = 0.2
_CARD = 0.5


def determinize(view: Mapping[str, Any], history: SeatHistory, rng: random.Random) -> PieRatsState:
    """The table of `view` (a `bot_view`) with the other Captains' hands, the draw pile, the pies to
    come and the pies set aside dealt at random from what the seat has not seen, and a new future
    for the state's rng; the others' sealed answers to an open window are forgotten (they answer
    afresh). The seat learns no other card in play (every reveal is public), so its history adds
    nothing here."""
    assert isinstance(view, LazyView), "determinize reads a seat's bot_view"
    world = state_from_json(state_to_json(view.state))
    others = [s for s in range(world.seats) if s != view.seat]
    hands = [world.hands[s] for s in others]
    dealt = deal_unseen([c for hand in hands for c in hand] + world.draw,
                        [len(hand) for hand in hands] + [len(world.draw)], rng)
    for seat, cards in zip(others, dealt, strict=False):
        world.hands[seat] = cards
    world.draw = dealt[-1]
    world.pie_deck, world.unused_pies = deal_unseen(world.pie_deck + world.unused_pies,
                                                    [len(world.pie_deck), len(world.unused_pies)], rng)
    world.stack.forget_sealed(view.seat)
    world.rng = random.Random(rng.getrandbits(64))
    return world


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
