"""Cheflebrity as a `GameRules` engine (pure Python, no pygame)."""

from __future__ import annotations

import random
from typing import Any

from pie_table.core.engine import Action, Event, copy_data
from pie_table.core.history import SeatHistory
from pie_table.core.lazy_view import (
    HAND,
    SHARED_HAND,
    Fields,
    LazyView,
    ViewFields,
    uncopied,
)
from pie_table.core.messages import Msg
from pie_table.core.stack_rules import DecisionStackRules
from pie_table.games.cheflebrity import flow, worlds
from pie_table.games.cheflebrity import pies as P
from pie_table.games.cheflebrity.deck import PIE_CARDS, SPECIAL_CARDS
from pie_table.games.cheflebrity.legal import legal_actions
from pie_table.games.cheflebrity.state import DEAL, ChefState, chef_name, state_from_json, state_to_json, tell

MIN_SEATS, MAX_SEATS = 2, 5
_DEFAULTS: dict[str, Any] = {
    "reaction_seconds": 6.0,
    "oops": "choose",  # which card an Oops! takes: "choose" a pie, or the "latest" card played
    "quality_rule": "count",  # Highest/Worst Quality Pie: most 25s/5s ("count") or pie totals
    "first": 0,
}


def normalize_options(seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in; values out of range fall back to the standard game."""
    merged = dict(_DEFAULTS)
    merged.update({k: v for k, v in (options or {}).items() if k in _DEFAULTS})
    seconds = merged["reaction_seconds"]
    merged["reaction_seconds"] = (
        float(seconds) if isinstance(seconds, int | float) and 1 <= seconds <= 60 else 6.0
    )
    if merged["oops"] not in ("choose", "latest"):
        merged["oops"] = "choose"
    if merged["quality_rule"] not in ("count", "total"):
        merged["quality_rule"] = "count"
    first = merged["first"]
    merged["first"] = first if type(first) is int and 0 <= first < seats else 0
    return merged


# Which cards answer each reaction window (by card): a seat holding none of them can only pass.
_ANSWERS = {flow.SAB_WINDOW: flow.IS_SABOTEUR, flow.SAVE_WINDOW: flow.IS_SAVER}


class CheflebrityRules(DecisionStackRules):
    """The rules engine registered as `cheflebrity`."""

    name = "cheflebrity"
    # 2: Sabotage! windows after a card comes off a pie and after the draw, every Sabotage! of a
    # window played, no 40-round end (issue 21): a log of version 1 does not replay the same.
    rules_version = 2
    # Save version 3 on: the state no longer holds its scoring breakdown (it is worked out).
    state_hash_since = 3
    system_actions = ("timeout",)
    window_answers = _ANSWERS

    def new_state(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> ChefState:
        """A fresh game (`new_game` without its events)."""
        return self.new_game(seats, seed, options)[0]

    def new_game(self, seats: int, seed: int, options: dict[str, Any] | None = None
                 ) -> tuple[ChefState, list[Event]]:
        """Set-up: the pie cards alone are shuffled and dealt, then the special cards go into the
        rest to make the Ingredients Pile."""
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"Cheflebrity needs {MIN_SEATS} to {MAX_SEATS} chefs, not {seats}")
        opts = normalize_options(seats, options)
        rng = random.Random(seed)
        state = ChefState(seats=seats, seed=seed, options=opts, rng=rng)
        pie_cards = list(PIE_CARDS)
        rng.shuffle(pie_cards)
        state.hands = [[pie_cards.pop() for _ in range(DEAL[seats])] for _ in range(seats)]
        state.deck = pie_cards + list(SPECIAL_CARDS)
        rng.shuffle(state.deck)
        state.working = [[] for _ in range(seats)]
        state.served = [[] for _ in range(seats)]
        state.kept = [[] for _ in range(seats)]
        events: list[Event] = []
        for seat in range(seats):
            tell(
                events,
                seat,
                "dealt",
                Msg("You are dealt {cards}.", cards=[flow.card_name(c) for c in state.hands[seat]]),
                seat=seat,
                cards=list(state.hands[seat]),
                barrier=True,
            )
        flow.start_turn(state, opts["first"], events)
        return state, events

    def passes_anyway(self, state: ChefState, seat: int) -> bool:
        """Asked in a Sabotage! window with no rival's pie to hit, a chef can only pass."""
        top = state.stack.top()
        return top is not None and top.kind == flow.SAB_WINDOW and top.asks(seat) and not flow.has_target(
            state, [seat])

    def legal_actions(self, state: ChefState, seat: int) -> list[Action]:
        """Every move `seat` may make now."""
        return legal_actions(state, seat)

    # Check and apply one move: `cheflebrity.flow` itself (called for every action, so no wrapper).
    play = staticmethod(flow.apply)

    def turn_reason(self, state: ChefState, seat: int) -> Msg:
        """It is that chef's turn."""
        return Msg("It is {chef}'s turn", chef=chef_name(seat))

    def _view(self, state: ChefState, seat: int | None) -> dict[str, Any]:
        """The public table plus, for a seat, its own hand and its side of a
        trade (copies of the state's lists: the view stays as it was while the game goes on)."""
        return _FIELDS.view(state, seat).whole()

    def bot_view(self, state: ChefState, seat: int | None) -> LazyView:
        """`view`, its costlier parts (the pies, the decisions...) built only when read, for the
        decision at hand. What a bot reads at every decision (what is asked, the step, its hand)
        comes with it."""
        if seat is None or not 0 <= seat < state.seats:
            return _BOT_FIELDS.view(state, None)
        items = state.stack.items
        known = {"asking": items[-1].kind if items else None, "step": state.step, "hand": state.hands[seat]}
        return LazyView(_BOT_FIELDS.seated, state, seat, known)

    def shuffle_hidden(self, state: ChefState, seat: int | None, rng: random.Random) -> ChefState:
        """A copy where what `seat` cannot see is dealt differently: other hands, the Ingredients
        Pile and the cards of a trade it is not handing over (same sizes)."""
        copy = self.clone(state)
        pool = [c for s in range(copy.seats) if s != seat for c in copy.hands[s]] + copy.deck
        trade = copy.trade
        if trade is not None:
            pool += (trade["give"] if trade["from"] != seat else []) + (
                trade["reply"] if trade["to"] != seat else []
            )
        rng.shuffle(pool)
        for other in range(copy.seats):
            if other != seat:
                size = len(copy.hands[other])
                copy.hands[other], pool = pool[:size], pool[size:]
        if trade is not None:
            for key, owner in (("give", trade["from"]), ("reply", trade["to"])):
                if owner != seat:
                    size = len(trade[key])
                    trade[key], pool = pool[:size], pool[size:]
        copy.deck = pool
        copy.rng = random.Random(rng.random())
        return copy

    searchable = True

    def determinize(self, view: Any, history: SeatHistory, rng: random.Random) -> ChefState:
        """A world the seat of `view` may believe in (`worlds.determinize`)."""
        return worlds.determinize(view, history, rng)

    def returns(self, state: ChefState) -> list[float]:
        """What the finished game is worth to each seat (`worlds.returns`)."""
        return worlds.returns(state)

    def to_json(self, state: ChefState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> ChefState:
        return state_from_json(data)


RULES = CheflebrityRules()


def _lines_view(state: ChefState, name: str) -> list[list[dict[str, Any]]]:
    """Every seat's Working (or Serving) Line as views show it, kept by the rules while no card
    was played onto a pie, none thrown out and no pie served: only those moves change a line
    (most moves change none, and bots read the lines at nearly every decision)."""
    key = (state.plays, len(state.out), sum(map(len, state.served)))
    lines = state.working if name == "working" else state.served
    return RULES.kept(state, name, key, lambda: _build_lines(state, lines))  # type: ignore[no-any-return]


def _build_lines(state: ChefState, lines: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """The lines' views, each pie's view kept while the pie holds the same cards. A pie only grows
    (each card played on it numbered by `state.plays`, never reused) or loses its top card, and is
    dropped once empty, so the number of its top card's play says what it holds."""
    kept: dict[int, tuple[int, dict[str, Any]]] = RULES.kept(state, "pies", None, dict)
    views = []
    for line in lines:
        shown = []
        for pie in line:
            cards = pie["cards"]
            top = cards[-1][2] if cards else 0
            found = kept.get(pie["id"])
            if found is None or found[0] != top:
                found = kept[pie["id"]] = (top, P.pie_view(pie))
            shown.append(found[1])
        views.append(shown)
    return views


def _trade_view(view: LazyView) -> dict[str, Any] | None:
    """A trade under way as the seat may see it: the claims and card counts, and its own cards."""
    trade = view.state.trade
    if trade is None:
        return None
    shown: dict[str, Any] = {
        "from": trade["from"],
        "to": trade["to"],
        "stage": trade["stage"],
        "claim": trade["claim"],
        "want": trade["want"],
        "n_give": len(trade["give"]),
        "reply_claim": trade["reply_claim"],
        "n_reply": len(trade["reply"]),
        "counter": trade["counter"],
    }
    seat = view.seat
    if seat is not None and trade["from"] == seat:
        shown["mine"] = list(trade["give"])
    elif seat is not None and trade["to"] == seat:
        shown["mine"] = list(trade["reply"])
    return shown


# The view, field by field (`LazyView`): what the state holds in lists and dicts comes copied.
_PUBLIC: Fields = {
    "game": lambda v: "cheflebrity",
    "seat": lambda v: v.seat,
    "seats": lambda v: v.state.seats,
    "options": lambda v: dict(v.state.options),
    "turn": lambda v: v.state.turn,
    "turn_no": lambda v: v.state.turn_no,
    "step": lambda v: v.state.step,
    "played": lambda v: v.state.played,
    "served_now": lambda v: v.state.served_now,
    "traded_with": lambda v: list(v.state.traded_with),
    "discarded": lambda v: v.state.discarded,
    "deck": lambda v: len(v.state.deck),
    "leftovers": lambda v: list(v.state.leftovers),
    "out": lambda v: list(v.state.out),
    "kept": lambda v: [[list(k) for k in line] for line in v.state.kept],
    "final_by": lambda v: v.state.final_by,
    "pending": lambda v: copy_data(v.state.pending),
    "queued": lambda v: copy_data(v.state.queued),
    "trade": _trade_view,
    "over": lambda v: v.state.over,
    "winners": lambda v: list(v.state.winners),
    "result": lambda v: v.state.result,  # worked out afresh at each read: nobody else holds it
}
_PARTS: Fields = {
    "hand_counts": lambda v: [len(h) for h in v.state.hands],
    "working": lambda v: _lines_view(v.state, "working"),
    "served": lambda v: _lines_view(v.state, "served"),
    # The scores are read from the same pies as the served line.
    "scores": lambda v: [sum(p["quality"] for p in line) for line in v["served"]],
    "decisions": lambda v: v.state.stack.view(v.seat),
    "to_act": lambda v: [] if v.state.over else v.state.stack.shown_waiting(),
    # The kind of decision the table waits on (the top of `decisions`), or None.
    "asking": lambda v: v.state.stack.items[-1].kind if v.state.stack.items else None,
}
_FIELDS = ViewFields(_PUBLIC, HAND, _PARTS)
# A bot decides at once from its view, before the state moves on: its lists are the state's own.
_BOT_FIELDS = ViewFields(
    {**_PUBLIC, **uncopied("options", "traded_with", "leftovers", "out", "kept", "pending", "queued",
                           "winners", "result")},
    SHARED_HAND,
    _PARTS,
)
