"""Cheflebrity state: plain data (card numbers, pies, the decision stack), JSON both ways. Pure Python.

A pie is a dict {"id", "cards"}: `cards` lists [card, part, order] in the order played, where
`part` is the pie part the card plays (a Stroke of Genius! names one) and `order` counts plays
across the table (the "latest card" reading of Oops! needs it). Pie ids never repeat, so actions
and events can name a pie while others come and go.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pie_table.core.decisions import DecisionStack
from pie_table.core.engine import copy_json, rng_from_json, rng_state_to_json
from pie_table.core.messages import Msg, seat_msg
from pie_table.games.cheflebrity.scoring import score

DEAL = {2: 7, 3: 7, 4: 6, 5: 5}

Pie = dict[str, Any]


@dataclass
class ChefState:
    """One game of Cheflebrity."""

    seats: int
    seed: int
    options: dict[str, Any]
    rng: random.Random
    deck: list[int] = field(default_factory=list)  # the Ingredients Pile; the top is the end
    leftovers: list[int] = field(default_factory=list)  # face up: everyone sees every card
    out: list[int] = field(default_factory=list)  # face up
    hands: list[list[int]] = field(default_factory=list)
    working: list[list[Pie]] = field(default_factory=list)
    served: list[list[Pie]] = field(default_factory=list)
    kept: list[list[list[Any]]] = field(default_factory=list)  # [card, "sabotage" | "saved"]
    turn: int = 0  # whose turn it is
    turn_no: int = 0  # turns begun, from 1
    step: str = "draw"  # draw | discard | redraw | play | main
    discarded: int | None = None  # this turn's discard (it may not be drawn straight back)
    played: bool = False  # a pie card was played this turn
    served_now: bool = False  # a pie or tart was served this turn
    traded_with: list[int] = field(default_factory=list)  # seats offered a trade this turn
    final_by: int | None = None  # the seat that drew the last Ingredients card
    pending: dict[str, Any] | None = None  # an Oops! or Sabotage! waiting on its Saved it! window
    # Sabotage! cards played in one window after the first, waiting their turn (each
    # {"by", "card", "owner", "pie"}): face up, out of their players' hands.
    queued: list[dict[str, Any]] = field(default_factory=list)
    trade: dict[str, Any] | None = None  # the trade under way (cards in it are out of both hands)
    next_pie: int = 1
    plays: int = 0  # pie cards played so far, across the table
    stack: DecisionStack = field(default_factory=DecisionStack)
    over: bool = False
    winners: list[int] = field(default_factory=list)
    actions: int = 0

    @property
    def result(self) -> dict[str, Any] | None:
        """The scoring breakdown once the game is over (None before): worked out from the Serving
        Lines and the kept cards when asked, not kept in the state, which holds the game only."""
        return score(self.served, self.kept, self.options["quality_rule"]) if self.over else None

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def find_pie(self, owner: int, pie_id: Any) -> Pie | None:
        """`owner`'s working pie with id `pie_id`, or None."""
        for pie in self.working[owner]:
            if pie["id"] == pie_id:
                return pie
        return None


def chef_name(seat: int) -> Msg:
    """A seat as a message ("Chef 2"); the table puts players' own names in its place."""
    return _CHEF_NAMES[seat]


# Made once: events name chefs thousands of times a game, and a message is read, never changed.
_CHEF_NAMES = tuple(seat_msg("Chef {n}", seat, n=seat + 1) for seat in range(max(DEAL)))


def say(events: list[dict[str, Any]], kind: str, text: Msg | str, **data: Any) -> None:
    """A public event."""
    events.append({"type": kind, "text": text, **data})


def tell(events: list[dict[str, Any]], to: int, kind: str, text: Msg | str, **data: Any) -> None:
    """An event only seat `to` may see."""
    events.append({"type": kind, "text": text, "to": to, "audience": [to], **data})


def _pies_json(lines: list[list[Pie]]) -> list[list[Pie]]:
    return [[{"id": p["id"], "cards": [list(c) for c in p["cards"]]} for p in line] for line in lines]


def state_to_json(state: ChefState) -> dict[str, Any]:
    """The whole state as JSON data (rng included); the scoring breakdown is not part of it."""
    return {
        "seats": state.seats,
        "seed": state.seed,
        "options": dict(state.options),
        "rng": rng_state_to_json(state.rng),
        "deck": list(state.deck),
        "leftovers": list(state.leftovers),
        "out": list(state.out),
        "hands": [list(h) for h in state.hands],
        "working": _pies_json(state.working),
        "served": _pies_json(state.served),
        "kept": [[list(k) for k in line] for line in state.kept],
        "turn": state.turn,
        "turn_no": state.turn_no,
        "step": state.step,
        "discarded": state.discarded,
        "played": state.played,
        "served_now": state.served_now,
        "traded_with": list(state.traded_with),
        "final_by": state.final_by,
        "pending": copy_json(state.pending),
        "queued": copy_json(state.queued),
        "trade": copy_json(state.trade),
        "next_pie": state.next_pie,
        "plays": state.plays,
        "stack": state.stack.to_json(),
        "over": state.over,
        "winners": list(state.winners),
        "actions": state.actions,
    }


def state_from_json(data: dict[str, Any]) -> ChefState:
    """Inverse of `state_to_json`."""
    return ChefState(
        seats=int(data["seats"]),
        seed=int(data["seed"]),
        options=dict(data["options"]),
        rng=rng_from_json(data["rng"]),
        deck=list(data["deck"]),
        leftovers=list(data["leftovers"]),
        out=list(data["out"]),
        hands=[list(h) for h in data["hands"]],
        working=_pies_json(data["working"]),
        served=_pies_json(data["served"]),
        kept=[[list(k) for k in line] for line in data["kept"]],
        turn=int(data["turn"]),
        turn_no=int(data["turn_no"]),
        step=str(data["step"]),
        discarded=data["discarded"],
        played=bool(data["played"]),
        served_now=bool(data["served_now"]),
        traded_with=[int(s) for s in data["traded_with"]],
        final_by=data["final_by"],
        pending=copy_json(data["pending"]),
        queued=copy_json(data.get("queued", [])),
        trade=copy_json(data["trade"]),
        next_pie=int(data["next_pie"]),
        plays=int(data["plays"]),
        stack=DecisionStack.from_json(data["stack"]),
        over=bool(data["over"]),
        winners=[int(w) for w in data["winners"]],
        actions=int(data["actions"]),
    )
