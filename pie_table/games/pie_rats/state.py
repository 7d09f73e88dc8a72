"""Pie Rats state: plain data (card numbers, flags, the decision stack), JSON both ways. Pure Python."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pie_table.core.decisions import DecisionStack
from pie_table.core.engine import rng_from_json, rng_state_to_json
from pie_table.core.messages import Msg, seat_msg
from pie_table.games.pie_rats.deck import CAPTAIN_STRENGTH, CARDS, DECK

HAND_SIZE = 3


@dataclass
class Rat:
    """A crew member on the table: its card, whether it is turned sideways, and its Spinach."""

    card: int
    protected: bool = False  # turned sideways in phase 4: no lure takes it this round
    lured: bool = False  # turned sideways on arrival in phase 5: no re-lure this phase
    spinach: int | None = None  # the Spinach card attached to it (travels with it)

    @property
    def strength(self) -> int:
        base = CARDS[self.card].strength
        return base * 2 if self.spinach is not None else base

    @property
    def loyalty(self) -> int:
        return CARDS[self.card].loyalty

    def to_json(self) -> list[Any]:
        return [self.card, self.protected, self.lured, self.spinach]

    @classmethod
    def from_json(cls, data: list[Any]) -> Rat:
        return cls(int(data[0]), bool(data[1]), bool(data[2]), None if data[3] is None else int(data[3]))


@dataclass
class PieRatsState:
    """One game of Pie Rats."""

    seats: int
    seed: int
    options: dict[str, Any]
    rng: random.Random
    captains: list[int] = field(default_factory=list)  # index into the deck's captain names
    pie_deck: list[int] = field(default_factory=list)
    sill: list[int] = field(default_factory=list)
    unused_pies: list[int] = field(default_factory=list)  # set aside unseen at set-up
    draw: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)  # face up: everyone sees it
    hands: list[list[int]] = field(default_factory=list)
    charisma: list[list[int]] = field(default_factory=list)  # tabled beside each Captain
    crews: list[list[Rat]] = field(default_factory=list)
    won: list[list[int]] = field(default_factory=list)  # looted pies per seat, in order
    loot_order: list[int] = field(default_factory=list)  # the looting seat of every pie, in order
    round: int = 0
    phase: int = 1
    lead: int = 0
    turn_index: int = 0  # how far the current phase has walked from the Lead Player
    declared: list[bool] = field(default_factory=list)  # declared a lure in phase 4
    acted: list[bool] = field(default_factory=list)  # made its phase-4 choice or phase-5 lure
    looted: list[bool] = field(default_factory=list)  # looted a pie this round
    frozen: list[bool] = field(default_factory=list)  # called "I'm looting a pie!" (rule a)
    tried: list[bool] = field(default_factory=list)  # reached for a pie and was ambushed (rule c or a)
    stack: DecisionStack = field(default_factory=DecisionStack)
    over: bool = False
    winners: list[int] = field(default_factory=list)
    actions: int = 0

    def turn_seat(self) -> int:
        """The Captain whose turn it is in the current phase."""
        return (self.lead + self.turn_index) % self.seats

    def order(self) -> list[int]:
        """Seats from the Lead Player clockwise."""
        return [(self.lead + i) % self.seats for i in range(self.seats)]

    def owner_of(self, card: int) -> tuple[int, int] | None:
        """(seat, index) of the crew member `card` on the table, or None."""
        for seat, crew in enumerate(self.crews):
            for index, rat in enumerate(crew):
                if rat.card == card:
                    return seat, index
        return None

    def strength(self, seat: int) -> int:
        """The Captain's strength plus the whole crew's."""
        return CAPTAIN_STRENGTH + sum(r.strength for r in self.crews[seat])


def captain_name(state: PieRatsState, seat: int) -> Msg:
    """The seat's Captain as a message ("Captain Red Hook"), marked as that seat's name: the UI
    translates it and puts the player's name beside it."""
    return SEAT_CAPTAINS[state.captains[seat]][seat]


def card_name(card_id: int) -> Msg:
    return _CARD_NAMES[card_id]


# Every name as one message, made once: events name cards and Captains thousands of times a game,
# and a message is read, never changed. A Captain is made once for each seat it may sit at (no
# table has more seats than Captains), as it stands for that seat.
SEAT_CAPTAINS = tuple(tuple(seat_msg(captain["en"], seat) for seat in range(len(DECK.captains)))
                      for captain in DECK.captains)
_CARD_NAMES = tuple(Msg(card.name) for card in CARDS)


def say(events: list[dict[str, Any]], kind: str, text: Msg | str, **data: Any) -> None:
    """A public event."""
    events.append({"type": kind, "text": text, **data})


def tell(events: list[dict[str, Any]], to: int, kind: str, text: Msg | str, **data: Any) -> None:
    """An event only seat `to` may see."""
    events.append({"type": kind, "text": text, "to": to, "audience": [to], **data})


def state_to_json(state: PieRatsState) -> dict[str, Any]:
    """The whole state as JSON data (rng included)."""
    return {
        "seats": state.seats,
        "seed": state.seed,
        "options": dict(state.options),
        "rng": rng_state_to_json(state.rng),
        "captains": list(state.captains),
        "pie_deck": list(state.pie_deck),
        "sill": list(state.sill),
        "unused_pies": list(state.unused_pies),
        "draw": list(state.draw),
        "discard": list(state.discard),
        "hands": [list(h) for h in state.hands],
        "charisma": [list(c) for c in state.charisma],
        "crews": [[r.to_json() for r in crew] for crew in state.crews],
        "won": [list(w) for w in state.won],
        "loot_order": list(state.loot_order),
        "round": state.round,
        "phase": state.phase,
        "lead": state.lead,
        "turn_index": state.turn_index,
        "declared": list(state.declared),
        "acted": list(state.acted),
        "looted": list(state.looted),
        "frozen": list(state.frozen),
        "tried": list(state.tried),
        "stack": state.stack.to_json(),
        "over": state.over,
        "winners": list(state.winners),
        "actions": state.actions,
    }


def state_from_json(data: dict[str, Any]) -> PieRatsState:
    """Inverse of `state_to_json`."""
    return PieRatsState(
        seats=int(data["seats"]),
        seed=int(data["seed"]),
        options=dict(data["options"]),
        rng=rng_from_json(data["rng"]),
        captains=[int(c) for c in data["captains"]],
        pie_deck=list(data["pie_deck"]),
        sill=list(data["sill"]),
        unused_pies=list(data["unused_pies"]),
        draw=list(data["draw"]),
        discard=list(data["discard"]),
        hands=[list(h) for h in data["hands"]],
        charisma=[list(c) for c in data["charisma"]],
        crews=[[Rat.from_json(r) for r in crew] for crew in data["crews"]],
        won=[list(w) for w in data["won"]],
        loot_order=[int(s) for s in data["loot_order"]],
        round=int(data["round"]),
        phase=int(data["phase"]),
        lead=int(data["lead"]),
        turn_index=int(data["turn_index"]),
        declared=list(data["declared"]),
        acted=list(data["acted"]),
        looted=list(data["looted"]),
        frozen=list(data["frozen"]),
        tried=list(data["tried"]),
        stack=DecisionStack.from_json(data["stack"]),
        over=bool(data["over"]),
        winners=[int(w) for w in data["winners"]],
        actions=int(data["actions"]),
    )
