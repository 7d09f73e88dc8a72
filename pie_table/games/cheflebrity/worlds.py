"""What a Cheflebrity search reads: worlds a chef may believe in, what a game is worth to each
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
from pie_table.games.cheflebrity import project
from pie_table.games.cheflebrity.deck import CARDS
from pie_table.games.cheflebrity.scoring import totals
from pie_table.games.cheflebrity.state import ChefState, Pie

# Points a chef's lead needs to be worth about e (2.7) times the next one's chance of winning.
_SPREAD = 30.0


def determinize(view: Mapping[str, Any], history: SeatHistory, rng: random.Random) -> ChefState:
    """The table of `view` (what the seat is shown, plain or a `bot_view`) with the other chefs'
    hands, the Ingredients Pile and the side of a trade the seat is not handing over dealt at random
    from the cards it has not seen; the others' sealed answers to an open window are not there
    (they answer afresh). Cards it handed to a chef in a trade are put back in that chef's hand
    (the seat saw them go there, and what was played since is public); what a chef claimed to hand
    over is not believed. The public log gives the order cards were played in (an Oops! may take
    the latest)."""
    world = ChefState(seats=view["seats"], seed=0, options=dict(view["options"]), rng=random.Random())
    for name in ("turn", "turn_no", "step", "discarded", "played", "served_now", "final_by", "over"):
        setattr(world, name, view[name])
    for name in ("leftovers", "out", "traded_with", "winners"):
        setattr(world, name, list(view[name]))
    world.kept = [[list(k) for k in line] for line in view["kept"]]
    world.pending, world.queued = copy_data(view["pending"]), copy_data(view["queued"])
    plays = [e for e in history.said if e["type"] == "play"]
    order = {(e["pie"], e["card"]): index for index, e in enumerate(plays, 1)}
    world.working, world.served = (_pies(view[name], order) for name in ("working", "served"))
    world.plays = len(plays)
    world.next_pie = max((e["pie"] for e in plays), default=0) + 1
    turn_order = [(world.turn + i) % world.seats for i in range(world.seats)]
    world.stack = stack_from_view(view["decisions"], partial(_rebuilt, turn_order))
    _deal(world, view, history, rng)
    world.rng = random.Random(rng.getrandbits(64))
    return world


def _pies(lines: list[list[dict[str, Any]]], order: Mapping[tuple[int, int], int]) -> list[list[Pie]]:
    """The pies as the view shows them, each card numbered by the play that put it there."""
    return [[{"id": p["id"], "cards": [[card, part, order.get((p["id"], card), 0)]
                                       for card, part in p["cards"]]} for p in line] for line in lines]


def _rebuilt(turn_order: list[int], shown: Mapping[str, Any]) -> tuple[list[int], dict[str, Any]]:
    """A decision's priority and data as `flow` made them: a window's order from the chef whose
    turn it is; what the decision says in public (its only data)."""
    data = {"public": copy_data(shown["data"])} if shown["data"] else {}
    return (list(turn_order) if shown["sealed"] else []), data


def _deal(world: ChefState, view: Mapping[str, Any], history: SeatHistory, rng: random.Random) -> None:
    """The seat's hand and its side of a trade as they are; every card it has not seen dealt where
    the view counts hidden ones (the others' hands and trade sides, the Ingredients Pile)."""
    seat, seats = view["seat"], world.seats
    shown = view["trade"]
    seen = set(view["hand"]) | set(world.leftovers) | set(world.out)
    seen |= {k[0] for line in world.kept for k in line}
    seen |= {c[0] for lines in (world.working, world.served) for line in lines for pie in line
             for c in pie["cards"]}
    seen |= {q["card"] for q in world.queued} | ({world.pending["card"]} if world.pending else set())
    others = [s for s in range(seats) if s != seat]
    sizes = [view["hand_counts"][s] for s in others]
    sides: list[str] = []
    if shown is not None:
        seen |= set(shown.get("mine", []))
        sides = [key for key, owner in (("give", "from"), ("reply", "to")) if shown[owner] != seat]
        sizes += [shown["n_give" if key == "give" else "n_reply"] for key in sides]
    sizes.append(view["deck"])
    pinned = {card: others.index(note["other"]) for note in history.notes
              if note.get("type") == "trade_in" and note.get("seat") == seat and note["other"] in others
              for card in note["gave"]}
    dealt = deal_unseen([c for c in range(len(CARDS)) if c not in seen], sizes, rng, pinned)
    world.hands = [list(view["hand"]) if s == seat else [] for s in range(seats)]
    for other, cards in zip(others, dealt, strict=False):
        world.hands[other] = cards
    if shown is not None:
        world.trade = {key: copy_data(value) for key, value in shown.items()
                       if key not in ("n_give", "n_reply", "mine")}
        for key in ("give", "reply"):
            world.trade[key] = dealt[len(others) + sides.index(key)] if key in sides else list(shown["mine"])
    world.deck = dealt[-1]


def returns(state: ChefState) -> list[float]:
    """A win (shared in a tie) and a tenth for the points scored, against the best."""
    assert state.result is not None
    return returns_from(state.winners, state.result["totals"])


def evaluate(state: ChefState) -> list[float]:
    """Each chef's chance from what the table would score if every servable dessert were served."""
    lines = {"seats": state.seats, "working": state.working, "served": state.served}
    projected = totals(project.projected_lines(lines), state.kept, state.options["quality_rule"])
    return estimate(projected, _SPREAD)


def settled(start: ChefState) -> Callable[[ChefState], bool]:
    """Playouts stop once every chef has begun one more turn than at `start`: the same stretch
    of the game whichever move began them."""
    turn_no, seats = start.turn_no, start.seats
    return lambda state: state.turn_no > turn_no + seats
