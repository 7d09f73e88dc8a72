"""What a Cheflebrity search reads: worlds a chef may believe in, what a game is worth to each
seat, and a cheap estimate of a game not over. Pure Python."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from pie_table.core.history import SeatHistory
from pie_table.core.lazy_view import LazyView
from pie_table.core.search import deal_unseen, estimate, returns_from
from pie_table.games.cheflebrity import pies as P
from pie_table.games.cheflebrity import project
from pie_table.games.cheflebrity.scoring import score
from pie_table.games.cheflebrity.state import ChefState, state_from_json, state_to_json

# Points a chef's lead needs to be worth about e (2.7) times the next one's chance of winning.
_SPREAD = 30.0


def determinize(view: Mapping[str, Any], history: SeatHistory, rng: random.Random) -> ChefState:
    """The table of `view` (a `bot_view`) with the other chefs' hands, the Ingredients Pile and the
    side of a trade the seat is not handing over dealt at random from what it has not seen; the
    others' sealed answers to an open window are forgotten (they answer afresh). Cards it handed to
    a chef in a trade are put back in that chef's hand (the seat saw them go there, and what was
    played since is public); what a chef claimed to hand over is not believed."""
    assert isinstance(view, LazyView), "determinize reads a seat's bot_view"
    seat = view.seat
    world = state_from_json(state_to_json(view.state))
    others = [s for s in range(world.seats) if s != seat]
    places = [world.hands[s] for s in others]
    trade = world.trade
    sides = [] if trade is None else [key for key, owner in (("give", "from"), ("reply", "to"))
                                      if trade[owner] != seat]
    places += [trade[key] for key in sides] if trade is not None else []
    places.append(world.deck)
    pinned = {card: others.index(note["other"]) for note in history.notes
              if note.get("type") == "trade_in" and note.get("seat") == seat and note["other"] in others
              for card in note["gave"]}
    dealt = deal_unseen([c for place in places for c in place], [len(p) for p in places], rng, pinned)
    for other, cards in zip(others, dealt, strict=False):
        world.hands[other] = cards
    for index, key in enumerate(sides, len(others)):
        assert trade is not None
        trade[key] = dealt[index]
    world.deck = dealt[-1]
    world.stack.forget_sealed(view.seat)
    world.rng = random.Random(rng.getrandbits(64))
    return world


def returns(state: ChefState) -> list[float]:
    """A win (shared in a tie) and a tenth for the points scored, against the best."""
    assert state.result is not None
    return returns_from(state.winners, state.result["totals"])


def evaluate(state: ChefState) -> list[float]:
    """Each chef's chance from what the table would score if every servable dessert were served."""
    lines = {"seats": state.seats, "working": [[P.pie_view(p) for p in line] for line in state.working],
             "served": [[P.pie_view(p) for p in line] for line in state.served]}
    result = score(project.projected_lines(lines), state.kept, state.options["quality_rule"])
    return estimate(result["totals"], _SPREAD)


def settled(start: ChefState) -> Callable[[ChefState], bool]:
    """Playouts stop once every chef has begun one more turn than at `start`: the same stretch
    of the game whichever move began them."""
    turn_no, seats = start.turn_no, start.seats
    return lambda state: state.turn_no > turn_no + seats
