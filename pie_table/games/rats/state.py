"""Plain-data state of a RATS game: the sheets and the decision stack."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pie_table.core.decisions import DecisionStack
from pie_table.core.engine import copy_json, rng_from_json, rng_state_to_json
from pie_table.core.messages import Msg, plural, render, seat_msg

# Sheet order: the out-do-the-Host step walks the supplies in this order, and a die showing
# n as the "type" die means SUPPLIES[n - 1].
SUPPLIES = ("swords", "baubles", "straw", "crumbs", "rags", "flowers")
SUPPLY_NAMES = ("cocktail swords", "baubles", "straw", "crumbs", "rags", "flowers")
SWORDS, BAUBLES, STRAW, CRUMBS, RAGS, FLOWERS = range(6)

GOAL_NAMES = {
    2: "Cheap",
    3: "Composed",
    4: "Greedy",
    5: "Refined",
    6: "Generous",
    7: "Plush",
    8: "Swanky",
    9: "Dapper",
    10: "Grandiose",
    11: "Elegant",
    12: "Dainty",
}
VOCATIONS = ("pauper", "ruffian", "carpenter", "pickpocket", "banker", "count", "queen")
TURNS = 5
SCAVENGE_ROLLS = 3
DEFAULT_SHIP = "The Crumbly Gull"


@dataclass
class Sheet:
    """One rat's secret sheet."""

    supplies: list[int] = field(default_factory=lambda: [0] * 6)
    nests: list[bool] = field(default_factory=lambda: [False] * 6)
    dishes: list[int] = field(default_factory=list)
    decorations: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """JSON copy of the sheet."""
        return {
            "supplies": list(self.supplies),
            "nests": list(self.nests),
            "dishes": list(self.dishes),
            "decorations": list(self.decorations),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sheet:
        """Inverse of `to_json`."""
        return cls(
            list(data["supplies"]), list(data["nests"]), list(data["dishes"]), list(data["decorations"])
        )


@dataclass
class RatsState:
    """Everything about one game; `stage` names what the flow does once nobody has to decide."""

    seats: int
    seed: int
    options: dict[str, Any]
    rng: random.Random
    stage: str = "start"
    turn: int = 0
    host: int = 0
    sheets: list[Sheet] = field(default_factory=list)
    vocations: list[str | None] = field(default_factory=list)
    goals: list[int] = field(default_factory=list)
    # The decisions asked now (`pend`): at most one, a pick of one or more seats (`PICK`).
    stack: DecisionStack = field(default_factory=DecisionStack)
    dice: list[int] = field(default_factory=list)
    scavenge_index: int = 0
    supply_index: int = 0
    order_rolls: list[list[int]] = field(default_factory=list)
    pick_order: list[int] = field(default_factory=list)
    sword_queue: list[list[int]] = field(default_factory=list)
    sword_current: int = -1
    # [rat, supply] for each supply taken from a rat with a sword this turn.
    taken: list[list[int]] = field(default_factory=list)
    flower_bids: list[list[int]] = field(default_factory=list)
    candidates: list[int] = field(default_factory=list)
    goal_awards: list[list[Any]] = field(default_factory=list)
    awards: list[int] = field(default_factory=list)
    winner: int = -1
    flipper: int = -1
    coin: str = ""
    actions: int = 0

    def __eq__(self, other: object) -> bool:
        # Through the JSON form: the decision stack is an object without an equality of its own.
        return isinstance(other, RatsState) and state_to_json(self) == state_to_json(other)

    @property
    def over(self) -> bool:
        """True once the coin has been flipped (and any Queen has ruled on it)."""
        return self.stage == "over"

    def vocation_seat(self, vocation: str) -> int:
        """The seat holding `vocation`, or -1."""
        for seat, held in enumerate(self.vocations):
            if held == vocation:
                return seat
        return -1

    def has(self, seat: int, vocation: str) -> bool:
        """True if `seat` holds `vocation`."""
        return self.vocations[seat] == vocation


_SCALARS = (
    "seats", "seed", "stage", "turn", "host", "scavenge_index", "supply_index",
    "sword_current", "winner", "flipper", "coin", "actions",
)
_NESTED = (
    "options", "vocations", "goals", "dice", "order_rolls", "pick_order", "sword_queue",
    "taken", "flower_bids", "candidates", "goal_awards", "awards",
)


def state_to_json(state: RatsState) -> dict[str, Any]:
    """The whole state as JSON-compatible data."""
    data: dict[str, Any] = {name: getattr(state, name) for name in _SCALARS}
    data.update({name: copy_json(getattr(state, name)) for name in _NESTED})
    data["sheets"] = [sheet.to_json() for sheet in state.sheets]
    data["stack"] = state.stack.to_json()
    data["rng"] = rng_state_to_json(state.rng)
    return data


def state_from_json(data: dict[str, Any]) -> RatsState:
    """Inverse of `state_to_json`."""
    state = RatsState(seats=data["seats"], seed=data["seed"], options={}, rng=rng_from_json(data["rng"]))
    for name in _SCALARS:
        setattr(state, name, data[name])
    for name in _NESTED:
        setattr(state, name, copy_json(data[name]))
    state.sheets = [Sheet.from_json(sheet) for sheet in data["sheets"]]
    state.stack = DecisionStack.from_json(data["stack"])
    return state


def clone_state(state: RatsState) -> RatsState:
    """`state_from_json(state_to_json(state))` without the JSON in between: a search clones a
    world for every playout, and the random generator's 625 numbers need not pass through lists."""
    rng = random.Random(0)
    rng.setstate(state.rng.getstate())
    copy = RatsState(seats=state.seats, seed=state.seed, options={}, rng=rng)
    for name in _SCALARS:
        setattr(copy, name, getattr(state, name))
    for name in _NESTED:
        setattr(copy, name, copy_json(getattr(state, name)))
    copy.sheets = [Sheet(list(s.supplies), list(s.nests), list(s.dishes), list(s.decorations))
                   for s in state.sheets]
    copy.stack = state.stack.copy()
    return copy


def say(events: list[dict[str, Any]], kind: str, text: str | Msg, **data: Any) -> None:
    """Record something said aloud: public to every seat. `text` is a message id or a `Msg`
    (English text that keeps its id and parameters for the UI to translate)."""
    events.append({"type": kind, "text": text, **data})


def tell(events: list[dict[str, Any]], seat: int, kind: str, text: str | Msg, **data: Any) -> None:
    """Record something only `seat` may see (written secretly on its sheet)."""
    events.append({"type": kind, "text": text, "to": seat, "audience": [seat], **data})


# The kind of RATS's one decision: every rat a stage asks, asked at once. Sealed when it asks
# several (they choose without seeing each other's choices, nor whether they were made); each rat's
# part is a short private list of questions answered in order (the bonus "2 of two different
# supplies" is two questions, the second knowing the first), kept in `data["asks"][seat]`.
PICK = "pick"


def pend(state: RatsState, seat: int, kind: str, **data: Any) -> None:
    """Ask `seat` a question: a new pick on the stack, or one more question in the pick the
    current stage is opening (stages ask only while nothing is on the stack)."""
    stack = state.stack
    if not stack.items:
        stack.push_turn(PICK, seat, {"asks": [[] for _ in range(state.seats)]})
    top = stack.items[-1]
    if seat not in top.seats:
        top.seats = sorted([*top.seats, seat])
        top.sealed = True
    data["kind"] = kind
    top.data["asks"][seat].append(data)


def questions(state: RatsState, seat: int) -> list[dict[str, Any]]:
    """`seat`'s questions still to answer in the open pick, the current one first (empty if none)."""
    items = state.stack.items
    return items[-1].data["asks"][seat] if items and 0 <= seat < state.seats else []


# Singular and plural message ids per supply, in sheet order.
_AMOUNTS = (
    ("{n} cocktail sword", "{n} cocktail swords"),
    ("{n} bauble", "{n} baubles"),
    ("{n} straw", "{n} straw"),
    ("{n} crumb", "{n} crumbs"),
    ("{n} rag", "{n} rags"),
    ("{n} flower", "{n} flowers"),
)


def supply_amount(count: int, supply: int) -> dict[str, Any]:
    """'5 rags', '1 cocktail sword' as a plural message parameter."""
    one, other = _AMOUNTS[supply]
    return plural(count, one, other)


def amount_text(count: int, supply: int) -> str:
    """'5 rags', '1 cocktail sword' in English."""
    return render("{a}", {"a": supply_amount(count, supply)})


@lru_cache(maxsize=16)
def rat(seat: int) -> Msg:
    """'Rat 3' for seat 2, marked as that seat's name (the table shows its player's name)."""
    return seat_msg("Rat {n}", seat, n=seat + 1)


@lru_cache(maxsize=8)
def supply_word(supply: int) -> Msg:
    """A supply's name ('cocktail swords', 'straw') as a message."""
    return Msg(SUPPLY_NAMES[supply])
