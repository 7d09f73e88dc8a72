"""A tiny card game for the core tests: hidden hands, sealed reaction windows, a reaction to a reaction.

Each seat holds cards (numbers 1-6 and Block). On your turn you play a number (it scores its value)
or pass the turn. A played number is *held* while every other seat gets a reaction window (sealed,
pass always legal, a deadline): a Block cancels it. The player may answer a Block with a Block of
their own (a window on top of a window); that saves the card. Afterwards the player draws a card,
seen only by them. The game ends when the deck and every hand are empty or after `turns` turns.

It exercises what Pie Rats and Cheflebrity need from the core, without either game's rules.
"""

from __future__ import annotations

import random
from typing import Any

from pie_table.core.decisions import DecisionStack
from pie_table.core.engine import (
    Action,
    Event,
    GameRules,
    IllegalAction,
    TurnBot,
    rng_from_json,
    rng_state_to_json,
)
from pie_table.core.registry import GameInfo

BLOCK = "block"
_DECK = [str(n) for n in range(1, 7)] * 2 + [BLOCK] * 4


class ToyState:
    """Plain data: hands, deck, scores, turn, the decision stack and the rng."""

    def __init__(self, seats: int, seed: int, options: dict[str, Any]) -> None:
        self.seats = seats
        self.seed = seed
        self.options = dict(options)
        self.rng = random.Random(seed)
        self.deck = list(_DECK)
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(3)] for _ in range(seats)]
        self.discard: list[str] = []
        self.scores = [0] * seats
        self.turn = 0
        self.player = 0
        self.stack = DecisionStack()
        self.over = False


class ToyRules(GameRules):
    """The toy engine: `to_act` comes straight from the decision stack."""

    name = "toy"
    rules_version = 1
    system_actions = ("timeout",)

    def new_state(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> ToyState:
        state = ToyState(seats, seed, options or {})
        _open_turn(state)
        return state

    def to_act(self, state: ToyState) -> list[int]:
        return [] if state.over else state.stack.waiting_on()

    def current_decision(self, state: ToyState) -> Any:
        return state.stack.top()

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        top = state.stack.top()
        if state.over or top is None or seat not in top.waiting_on():
            return []
        hand = state.hands[seat]
        if top.kind == "turn":
            return [{"type": "play", "seat": seat, "card": c} for c in sorted(set(hand)) if c != BLOCK] + [
                {"type": "pass", "seat": seat}]
        blocks = [{"type": "block", "seat": seat}] if BLOCK in hand else []
        return blocks + [{"type": "pass", "seat": seat}]

    def _apply(self, state: ToyState, action: Action) -> list[Event]:
        if state.over:
            raise IllegalAction("The game is over")
        if action.get("type") == "timeout":
            top = state.stack.top()
            if top is None:
                raise IllegalAction("Nothing is waiting for a decision")
            top.run_out()
            events: list[Event] = [{"type": "timed_out", "decision": top.id}]
            _settle(state, events)
            return events
        seat = action.get("seat")
        if not isinstance(seat, int) or action not in self.legal_actions(state, seat):
            raise IllegalAction(_why(state, action))
        top = state.stack.top()
        assert top is not None
        if top.kind == "turn":
            return _turn_answer(state, seat, action)
        top.record(seat, {"type": action["type"]})
        events = []
        _settle(state, events)
        return events

    def _view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {
            "seat": seat, "seats": state.seats, "scores": list(state.scores), "turn": state.turn,
            "player": state.player, "deck_count": len(state.deck), "discard": list(state.discard),
            "hand_counts": [len(h) for h in state.hands],
            "hand": sorted(state.hands[seat]) if seat is not None else None,
            "decisions": state.stack.view(seat), "over": state.over,
        }

    def is_over(self, state: ToyState) -> bool:
        return state.over

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {
            "seats": state.seats, "seed": state.seed, "options": dict(state.options),
            "rng": rng_state_to_json(state.rng), "deck": list(state.deck),
            "hands": [list(h) for h in state.hands], "discard": list(state.discard),
            "scores": list(state.scores), "turn": state.turn, "player": state.player,
            "stack": state.stack.to_json(), "over": state.over,
        }

    def from_json(self, data: dict[str, Any]) -> ToyState:
        state = ToyState.__new__(ToyState)
        state.seats, state.seed, state.options = data["seats"], data["seed"], dict(data["options"])
        state.rng = rng_from_json(data["rng"])
        state.deck, state.hands = list(data["deck"]), [list(h) for h in data["hands"]]
        state.discard, state.scores = list(data["discard"]), list(data["scores"])
        state.turn, state.player, state.over = data["turn"], data["player"], data["over"]
        state.stack = DecisionStack.from_json(data["stack"])
        return state

    def shuffle_hidden(self, state: ToyState, seat: int | None, rng: random.Random) -> ToyState:
        """A copy where everything `seat` cannot see is dealt differently (same counts)."""
        copy = self.from_json(self.to_json(state))
        hidden = list(copy.deck)
        for other in range(copy.seats):
            if other != seat:
                hidden += copy.hands[other]
        rng.shuffle(hidden)
        for other in range(copy.seats):
            if other != seat:
                size = len(copy.hands[other])
                copy.hands[other], hidden = hidden[:size], hidden[size:]
        copy.deck = hidden
        copy.rng = random.Random(rng.random())
        return copy


def _why(state: ToyState, action: Action) -> str:
    top = state.stack.top()
    seat = action.get("seat")
    if top is None or seat not in top.waiting_on():
        return "It is not your turn to act"
    if action.get("type") == "block":
        return "You hold no Block"
    if action.get("type") == "play":
        return "You do not hold that card"
    return "That is not an answer here"


def _open_turn(state: ToyState) -> None:
    if state.turn >= state.options.get("turns", 12) or (not state.deck and not any(state.hands)):
        state.over = True
        return
    state.stack.push("turn", [state.player])


def _turn_answer(state: ToyState, seat: int, action: Action) -> list[Event]:
    state.stack.pop()
    if action["type"] == "pass":
        events: list[Event] = [{"type": "passed", "seat": seat}]
        _end_turn(state, events)
        return events
    card = action["card"]
    state.hands[seat].remove(card)
    others = [s for s in range(state.seats) if s != seat]
    order = [(seat + k) % state.seats for k in range(1, state.seats)]
    state.stack.push("block_window", others, allow_pass=True, sealed=True, priority=order,
                     deadline=float(state.options.get("reaction_seconds", 6)),
                     data={"card": card, "player": seat, "public": {"card": card, "player": seat}})
    return [{"type": "played", "seat": seat, "card": card}]


def _settle(state: ToyState, events: list[Event]) -> None:
    """Close complete windows from the top down; each closed one resolves what it held."""
    while (top := state.stack.top()) is not None and top.kind != "turn" and top.is_complete():
        state.stack.pop()
        won = top.winner()
        if top.kind == "block_window":
            player, card = top.data["player"], top.data["card"]
            if won is None:
                state.scores[player] += int(card)
                state.discard.append(card)
                events.append({"type": "scored", "seat": player, "card": card})
                _end_turn(state, events)
            else:
                blocker = won[0]
                state.hands[blocker].remove(BLOCK)
                state.discard.append(BLOCK)
                events.append({"type": "blocked", "seat": blocker, "card": card})
                state.stack.push("counter_window", [player], allow_pass=True, sealed=True,
                                 deadline=top.deadline, data={"card": card, "player": player,
                                                              "public": {"card": card}})
        elif top.kind == "counter_window":
            player, card = top.data["player"], top.data["card"]
            if won is not None:
                state.hands[player].remove(BLOCK)
                state.discard.append(BLOCK)
                state.scores[player] += int(card)
                events.append({"type": "saved", "seat": player, "card": card})
            else:
                events.append({"type": "cancelled", "seat": player, "card": card})
            state.discard.append(card)
            _end_turn(state, events)


def _end_turn(state: ToyState, events: list[Event]) -> None:
    player = state.player
    if state.deck:
        card = state.deck.pop()
        state.hands[player].append(card)
        events.append({"type": "drew", "seat": player, "card": card, "audience": [player], "barrier": True})
        events.append({"type": "drew_count", "seat": player})
    state.turn += 1
    state.player = (player + 1) % state.seats
    _open_turn(state)


class ToyBot(TurnBot):
    """Plays its highest number; blocks whenever it can (sees only its view)."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        plays = [a for a in legal if a["type"] in ("play", "block")]
        if plays and self.rng.random() < 0.8:
            return max(plays, key=lambda a: int(a.get("card", 0) or 0))
        return next(a for a in legal if a["type"] == "pass")


RULES = ToyRules()

INFO = GameInfo(
    id="toy", title="Toy", blurb="core test game", min_seats=2, max_seats=4, rules=RULES,
    bot_factory=lambda level, seat, seed: ToyBot(seat, seed), bot_levels=("normal",),
)
