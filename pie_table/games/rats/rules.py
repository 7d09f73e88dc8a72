"""RATS: High Tea at Sea as a `GameRules` engine (pure Python, no pygame)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pie_table.core.engine import Action, Event, copy_data
from pie_table.core.history import SeatHistory
from pie_table.core.stack_rules import DecisionStackRules
from pie_table.games.rats import worlds
from pie_table.games.rats.actions import check, options_for, perform
from pie_table.games.rats.flow import advance
from pie_table.games.rats.state import (
    DEFAULT_SHIP,
    RatsState,
    Sheet,
    clone_state,
    questions,
    state_from_json,
    state_to_json,
)

MIN_SEATS, MAX_SEATS = 2, 6
_DEFAULTS: dict[str, Any] = {
    "vocations": False,
    "two_player_variant": False,
    "ship_name": DEFAULT_SHIP,
    "first_host": 0,
    # Ruling options for the two-player variant (see docs/rulings/rats.md).
    "two_player_bonus_picks": 2,
    "two_player_privilege_each_turn": True,
}
# Stages after which every sheet is compared in the open at the Awards Ceremony.
_REVEALED = frozenset({"winner_known", "flip", "flipped", "verdict", "over"})


def normalize_options(seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and apply the seat-count rules to the options."""
    merged = dict(_DEFAULTS)
    merged.update(options or {})
    merged["vocations"] = bool(merged["vocations"])
    # The variant exists only for two rats: forced on for two, meaningless for more.
    merged["two_player_variant"] = seats == 2
    merged["ship_name"] = str(merged["ship_name"]) or DEFAULT_SHIP
    first = merged["first_host"]
    merged["first_host"] = first if type(first) is int and 0 <= first < seats else 0
    merged["two_player_bonus_picks"] = 1 if merged["two_player_bonus_picks"] == 1 else 2
    merged["two_player_privilege_each_turn"] = bool(merged["two_player_privilege_each_turn"])
    return merged


class RatsRules(DecisionStackRules):
    """The rules engine object registered as `rats`: every decision is a pick on the decision stack
    (`state.pend`), sealed when it asks several rats at once."""

    name = "rats"
    # 2: the state keeps its decisions on the stack instead of per-seat queues. The actions are the
    # same, so a version-1 log replays as it is (`migrate_save`).
    rules_version = 2

    def new_state(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> RatsState:
        """A fresh game (`new_game` without its events)."""
        return self.new_game(seats, seed, options)[0]

    def new_game(self, seats: int, seed: int, options: dict[str, Any] | None = None
                 ) -> tuple[RatsState, list[Event]]:
        """A fresh game, waiting for its first decision (vocation rolls or setup picks), and what
        was said at the start (the Host's welcome and privilege)."""
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"RATS needs {MIN_SEATS} to {MAX_SEATS} rats, not {seats}")
        state = RatsState(seats=seats, seed=seed, options=normalize_options(seats, options),
                          rng=random.Random(seed))
        state.sheets = [Sheet() for _ in range(seats)]
        state.vocations = [None] * seats
        state.order_rolls = [[] for _ in range(seats)]
        events: list[Event] = []
        advance(state, events)
        return state, events

    def legal_actions(self, state: RatsState, seat: int) -> Sequence[Action]:
        """Every action `seat` may take now (empty when it has nothing to decide); sword requests
        come as a lazy sequence, since they run to thousands."""
        return options_for(state, seat)

    def play(self, state: RatsState, seat: int | None, action: Action, events: list[Event]) -> None:
        """Check `seat`'s answer (the seat the session stamped in it), apply it and run the game on
        to the next decisions."""
        checked, item = check(state, action)
        perform(state, checked, item, action, events)
        advance(state, events)

    def forced_action(self, state: RatsState, seat: int) -> Action | None:
        """Never: no RATS decision can be passed."""
        return None

    def _view(self, state: RatsState, seat: int | None) -> dict[str, Any]:
        """`bot_view` copied: the view kept for a version stays as it was while the game goes on."""
        return copy_data(self.bot_view(state, seat))

    def bot_view(self, state: RatsState, seat: int | None) -> dict[str, Any]:
        """Public information plus, for a seat, its own sheet and its current question (`question`:
        the open pick's question to it, or None; `questions`: all it has still to answer there),
        for a decision made at once (never kept)."""
        data = public_view(state)
        if seat is not None and 0 <= seat < state.seats:
            sheet = state.sheets[seat]
            data["seat"] = seat
            # Shared like the public part: read-only, asked for afresh after each move.
            data["sheet"] = {"supplies": sheet.supplies, "nests": sheet.nests, "dishes": sheet.dishes,
                             "decorations": sheet.decorations}
            asked = questions(state, seat)
            data["question"] = asked[0] if asked else None
            data["questions"] = asked
        return data

    searchable = True

    def determinize(self, view: Any, history: SeatHistory, rng: random.Random) -> RatsState:
        """A table the seat of `view` may believe in (`worlds.determinize`)."""
        return worlds.determinize(view, history, rng)

    def returns(self, state: RatsState) -> list[float]:
        """What the finished game is worth to each rat (`worlds.returns`)."""
        return worlds.returns(state)

    def shuffle_hidden(self, state: RatsState, seat: int | None, rng: random.Random) -> RatsState:
        """A copy in which what `seat` may not see is different: other rats' secret sheets (until the
        ceremony shows them), their questions in the open pick, and the dice to come."""
        copy = self.clone(state)
        for other in range(copy.seats):
            if other == seat:
                continue
            if copy.stage not in _REVEALED:
                sheet = copy.sheets[other]
                sheet.supplies = [rng.randrange(0, 40) for _ in sheet.supplies]
                sheet.nests = [rng.random() < 0.3 for _ in sheet.nests]
                sheet.dishes = [rng.randrange(2, 40) for _ in sheet.dishes]
                sheet.decorations = [rng.randrange(2, 40) for _ in sheet.decorations]
            if copy.stack.items:
                asked = copy.stack.items[-1].data["asks"]
                asked[other] = [{"kind": "noise", "n": rng.random()} for _ in asked[other]]
        copy.rng = random.Random(rng.random())
        return copy

    def migrate_save(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """A version-1 save replays as it is: its actions are the same. Only its state hash, taken
        of the old shape of the state (per-seat queues), cannot be compared, so it is dropped."""
        if data.get("rules_version") != 1:
            return None
        return {key: value for key, value in data.items() if key != "state_hash"} | {"rules_version": 2}

    def to_json(self, state: RatsState) -> dict[str, Any]:
        """The whole state as JSON-compatible data."""
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> RatsState:
        """Inverse of `to_json`."""
        return state_from_json(data)

    def clone(self, state: RatsState) -> RatsState:
        """An independent copy of the state."""
        return clone_state(state)


def public_view(state: RatsState) -> dict[str, Any]:
    """What every seat (and a spectator) may see.

    Built for every decision of every bot, so the state's lists are shared rather than copied:
    a view is read, never changed, and is asked for afresh after each move."""
    data: dict[str, Any] = {
        "game": "rats",
        "seat": None,
        "seats": state.seats,
        "options": state.options,
        "ship": state.options["ship_name"],
        "stage": state.stage,
        "turn": state.turn,
        "host": state.host,
        "goals": state.goals,
        "vocations": state.vocations,
        "order_rolls": state.order_rolls,
        "dice": state.dice,
        "scavenge_index": state.scavenge_index,
        "supply_index": state.supply_index,
        "sword_queue": state.sword_queue,
        "taken": state.taken,
        "candidates": state.candidates,
        # A sealed pick names everyone it asks until it closes: who has answered is secret.
        "to_act": [] if state.over else state.stack.shown_waiting(),
        "goal_awards": state.goal_awards,
        "awards": state.awards,
        "winner": state.winner,
        "coin": state.coin,
        "over": state.stage == "over",
    }
    if state.stage in _REVEALED:
        data["revealed"] = [
            {"dishes": list(s.dishes), "decorations": list(s.decorations), "nests": list(s.nests)}
            for s in state.sheets
        ]
    return data


RULES = RatsRules()
