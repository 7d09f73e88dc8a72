"""Pie Rats of the Carob Bean Farm as a `GameRules` engine (pure Python, no pygame)."""

from __future__ import annotations

import random
from typing import Any

from pie_table.core.engine import Action, Event
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
from pie_table.games.pie_rats import flow, worlds
from pie_table.games.pie_rats.deck import BEAN, CARDS, DECK, KEYS, KIDNAP, MIRROR, PIES, THEFT
from pie_table.games.pie_rats.legal import legal_actions
from pie_table.games.pie_rats.state import (
    HAND_SIZE,
    PieRatsState,
    captain_name,
    card_name,
    state_from_json,
    state_to_json,
    tell,
)

MIN_SEATS, MAX_SEATS = 2, 6
# Which cards answer each reaction window (by card): a seat holding none of them can only pass.
_WINDOW_CARDS = {
    flow.THEFT_WINDOW: (THEFT,),
    flow.MIRROR_WINDOW: (MIRROR,),
    flow.AMBUSH_WINDOW: (KIDNAP, BEAN),
}
_ANSWERS = {window: tuple(key in keys for key in KEYS) for window, keys in _WINDOW_CARDS.items()}
PHASE6_RULES = ("a", "b", "c")
_DEFAULTS: dict[str, Any] = {
    "phase6": "a",
    "pies": 10,
    "reaction_seconds": 6.0,
    "first_lead": 0,
    "no_loot_penalty": "failed",
}


def normalize_options(seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in; values out of range fall back to the standard game."""
    merged = dict(_DEFAULTS)
    merged.update({k: v for k, v in (options or {}).items() if k in _DEFAULTS})
    if merged["phase6"] not in PHASE6_RULES:
        merged["phase6"] = "a"
    pies = merged["pies"]
    if isinstance(pies, str) and pies.isdigit():
        pies = int(pies)
    merged["pies"] = pies if type(pies) is int and 1 <= pies <= len(PIES) else 10
    if merged["no_loot_penalty"] not in ("failed", "always"):
        merged["no_loot_penalty"] = "failed"
    seconds = merged["reaction_seconds"]
    merged["reaction_seconds"] = (
        float(seconds) if isinstance(seconds, int | float) and 1 <= seconds <= 60 else 6.0
    )
    first = merged["first_lead"]
    merged["first_lead"] = first if type(first) is int and 0 <= first < seats else 0
    return merged


class PieRatsRules(DecisionStackRules):
    """The rules engine registered as `pie-rats`."""

    name = "pie-rats"
    # 2: issue 21's readings (no round cap, the penalty, items on any turn, the lure after Done):
    # a log from version 1 may no longer replay to the same game, so such saves are refused.
    rules_version = 2
    system_actions = ("timeout",)
    window_answers = _ANSWERS

    def new_state(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> PieRatsState:
        """A fresh game (`new_game` without its events)."""
        return self.new_game(seats, seed, options)[0]

    def new_game(self, seats: int, seed: int, options: dict[str, Any] | None = None
                 ) -> tuple[PieRatsState, list[Event]]:
        """Set-up: the pie deck dealt from the shuffled pies, Captains chosen, three cards each."""
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"Pie Rats needs {MIN_SEATS} to {MAX_SEATS} Captains, not {seats}")
        opts = normalize_options(seats, options)
        rng = random.Random(seed)
        state = PieRatsState(seats=seats, seed=seed, options=opts, rng=rng)
        pies = list(range(len(PIES)))
        rng.shuffle(pies)
        state.pie_deck, state.unused_pies = pies[: opts["pies"]], pies[opts["pies"] :]
        state.captains = rng.sample(range(len(DECK.captains)), seats)
        state.draw = list(range(len(CARDS)))
        rng.shuffle(state.draw)
        state.hands = [[state.draw.pop() for _ in range(HAND_SIZE)] for _ in range(seats)]
        state.charisma = [[] for _ in range(seats)]
        state.crews = [[] for _ in range(seats)]
        state.won = [[] for _ in range(seats)]
        for flags in ("declared", "acted", "looted", "frozen", "tried"):
            setattr(state, flags, [False] * seats)
        state.lead = opts["first_lead"]
        events: list[Event] = []
        for seat in range(seats):
            tell(
                events,
                seat,
                "drew",
                Msg("You draw {cards}.", cards=[card_name(c) for c in state.hands[seat]]),
                seat=seat,
                cards=list(state.hands[seat]),
                barrier=True,
            )
        if not flow.end_if_out_of_reach(state, events):
            flow.start_round(state, events)
        return state, events

    def legal_actions(self, state: PieRatsState, seat: int) -> list[Action]:
        """Every move `seat` may make now."""
        return legal_actions(state, seat)

    # Check and apply one move: `pie_rats.flow` itself (called for every action, so no wrapper).
    play = staticmethod(flow.apply)

    def turn_reason(self, state: PieRatsState, seat: int) -> Msg:
        """It is that Captain's turn."""
        return Msg("It is {captain}'s turn", captain=captain_name(state, seat))

    def _view(self, state: PieRatsState, seat: int | None) -> dict[str, Any]:
        """The public table plus, for a seat, its own hand (copies of the
        state's lists: the view stays as it was while the game goes on)."""
        return _FIELDS.view(state, seat).whole()

    def bot_view(self, state: PieRatsState, seat: int | None) -> LazyView:
        """`view`, its costlier parts (crews, standings, decisions...) built only when read, for
        the decision at hand. What a bot reads at every decision (what is asked, the phase, its
        hand) comes with it."""
        if seat is None or not 0 <= seat < state.seats:
            return _BOT_FIELDS.view(state, None)
        items = state.stack.items
        known = {"asking": items[-1].kind if items else None, "phase": state.phase, "hand": state.hands[seat]}
        return LazyView(_BOT_FIELDS.seated, state, seat, known)

    def shuffle_hidden(self, state: PieRatsState, seat: int | None, rng: random.Random) -> PieRatsState:
        """A copy where what `seat` cannot see is dealt differently: other hands and the draw pile
        (same sizes), the pie deck and the unused pies, the future rng."""
        copy = self.clone(state)
        pool = [c for s in range(copy.seats) if s != seat for c in copy.hands[s]] + copy.draw
        rng.shuffle(pool)
        for other in range(copy.seats):
            if other != seat:
                size = len(copy.hands[other])
                copy.hands[other], pool = pool[:size], pool[size:]
        copy.draw = pool
        pies = copy.pie_deck + copy.unused_pies
        rng.shuffle(pies)
        copy.pie_deck, copy.unused_pies = pies[: len(copy.pie_deck)], pies[len(copy.pie_deck) :]
        copy.rng = random.Random(rng.random())
        return copy

    searchable = True

    def determinize(self, view: Any, history: SeatHistory, rng: random.Random) -> PieRatsState:
        """A world the seat of `view` may believe in (`worlds.determinize`)."""
        return worlds.determinize(view, history, rng)

    def returns(self, state: PieRatsState) -> list[float]:
        """What the finished game is worth to each seat (`worlds.returns`)."""
        return worlds.returns(state)

    def to_json(self, state: PieRatsState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> PieRatsState:
        return state_from_json(data)


def _turn_seat(view: LazyView) -> int | None:
    top = view.state.stack.top()
    return top.seats[0] if top is not None and top.kind == flow.TURN else None


# The view, field by field (`LazyView`): what the state holds in lists and dicts comes copied.
_PUBLIC: Fields = {
    "game": lambda v: "pie-rats",
    "seat": lambda v: v.seat,
    "seats": lambda v: v.state.seats,
    "options": lambda v: dict(v.state.options),
    "round": lambda v: v.state.round,
    "phase": lambda v: v.state.phase,
    "lead": lambda v: v.state.lead,
    "turn": _turn_seat,
    "pie_deck": lambda v: len(v.state.pie_deck),
    "unused_pies": lambda v: len(v.state.unused_pies),
    "sill": lambda v: list(v.state.sill),
    "draw": lambda v: len(v.state.draw),
    "discard": lambda v: list(v.state.discard),
    "charisma": lambda v: [list(c) for c in v.state.charisma],
    "won": lambda v: [list(w) for w in v.state.won],
    "declared": lambda v: list(v.state.declared),
    "acted": lambda v: list(v.state.acted),
    "looted": lambda v: list(v.state.looted),
    "frozen": lambda v: list(v.state.frozen),
    "tried": lambda v: list(v.state.tried),
    "over": lambda v: v.state.over,
    "winners": lambda v: list(v.state.winners),
}
_PARTS: Fields = {
    "captains": lambda v: [_CAPTAINS[c] for c in v.state.captains],
    "hand_counts": lambda v: [len(h) for h in v.state.hands],
    "crews": lambda v: _kept_crews_view(v.state),
    "standings": lambda v: flow.standings(v.state),
    "decisions": lambda v: v.state.stack.view(v.seat),
    "to_act": lambda v: [] if v.state.over else v.state.stack.shown_waiting(),
    # The kind of decision the table waits on (the top of `decisions`), or None.
    "asking": lambda v: v.state.stack.items[-1].kind if v.state.stack.items else None,
}
_FIELDS = ViewFields(_PUBLIC, HAND, _PARTS)
# A bot decides at once from its view, before the state moves on: its lists are the state's own.
_BOT_FIELDS = ViewFields(
    {**_PUBLIC, **uncopied("options", "sill", "discard", "charisma", "won", "declared", "acted", "looted",
                           "frozen", "tried", "winners")},
    SHARED_HAND,
    _PARTS,
)

_CAPTAINS: tuple[str, ...] = tuple(c["en"] for c in DECK.captains)
_BASE = tuple((c.strength, c.loyalty) for c in CARDS)


def _kept_crews_view(state: PieRatsState) -> list[list[dict[str, Any]]]:
    """Every crew as the views show it, read from the crews as they lie at each read (bots read
    them in most decisions of phases 4 to 6). Each member's view is kept by the rules for this
    state under all it is worked out from (its card, turned, lured, its Spinach): it is right
    whatever move changed the crews, and a read makes no new dict for a member that lies as before."""
    kept: dict[tuple[Any, ...], dict[str, Any]] = RULES.kept(state, "rats", None, dict)
    shown = []
    for crew in state.crews:
        views = []
        for rat in crew:
            key = (rat.card, rat.protected, rat.lured, rat.spinach)
            found = kept.get(key)
            if found is None:
                found = kept[key] = _rat_view(rat)
            views.append(found)
        shown.append(views)
    return shown


def _rat_view(rat: Any) -> dict[str, Any]:
    """A crew member as the views show it."""
    strength, loyalty = _BASE[rat.card]
    return {
        "card": rat.card,
        "protected": rat.protected,
        "lured": rat.lured,
        "spinach": rat.spinach,
        "strength": strength * 2 if rat.spinach is not None else strength,
        "loyalty": loyalty,
    }


RULES = PieRatsRules()
