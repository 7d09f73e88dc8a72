"""The decision stack: pending choices kept in a game's state, as plain JSON data.

A decision asks some seats for an answer: a turn's move, a sealed simultaneous pick (RATS), or a
reaction window offered to every other seat (a Mirror against a Charm, a Sabotage! against a new
pie card). A reaction to a reaction pushes a new decision on top; the one below waits, untouched,
and resumes when the top one is popped — the nesting boardgame.io's issue #445 struggles with.

Privacy rules kept here, once, for every game:
- a sealed decision shows nobody else's answer (nor whether it came) until it is complete;
- a reaction window is offered to every seat it names with *pass* always legal, so neither the
  prompt nor its timing says who holds an answering card;
- time runs out only through a logged `timeout` action: the engine never reads a clock.

Pure Python (no pygame); the engine that owns the stack decides what a closed decision does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pie_table.core.engine import Action, IllegalAction, copy_data, copy_json

PASS: Action = {"type": "pass"}
TIMEOUT: Action = {"type": "timeout"}
CLOSES = ("all", "first_claim")


@dataclass(slots=True)
class Decision:
    """One pending decision; `answers` maps a seat to its answer (a pass is `PASS`)."""

    id: int
    kind: str
    seats: list[int]
    allow_pass: bool = False
    sealed: bool = False
    # "all": closes when every asked seat has answered; "first_claim": the first non-pass closes it.
    closes: str = "all"
    # Ties among claims (sealed windows) go to the earliest seat in this order.
    priority: list[int] = field(default_factory=list)
    deadline: float | None = None  # seconds the table gives; run out only by a `timeout` action
    answers: dict[int, Action] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """JSON form (answer keys become strings, as JSON needs)."""
        return {
            "id": self.id, "kind": self.kind, "seats": list(self.seats), "allow_pass": self.allow_pass,
            "sealed": self.sealed, "closes": self.closes, "priority": list(self.priority),
            "deadline": self.deadline, "answers": {str(s): dict(a) for s, a in self.answers.items()},
            "data": copy_json(self.data),
        }

    def copy(self) -> Decision:
        """`from_json(to_json())` without the JSON in between (a search clones states by the
        thousand): new lists and answers, the data copied as JSON data."""
        return Decision(self.id, self.kind, list(self.seats), self.allow_pass, self.sealed, self.closes,
                        list(self.priority), self.deadline, {s: dict(a) for s, a in self.answers.items()},
                        copy_json(self.data))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        """Inverse of `to_json`."""
        return cls(
            id=int(data["id"]), kind=str(data["kind"]), seats=[int(s) for s in data["seats"]],
            allow_pass=bool(data["allow_pass"]), sealed=bool(data["sealed"]), closes=str(data["closes"]),
            priority=[int(s) for s in data["priority"]], deadline=data["deadline"],
            answers={int(s): dict(a) for s, a in data["answers"].items()}, data=copy_json(data["data"]),
        )

    # -- questions ----------------------------------------------------------------------------------

    def waiting_on(self) -> list[int]:
        """Seats still to answer, in seat order (empty once the decision is complete)."""
        answers = self.answers
        if not answers:  # the commonest case by far (a turn, a window just opened): everyone asked
            return list(self.seats)
        if self.is_complete():
            return []
        return [seat for seat in self.seats if seat not in answers]

    def asks(self, seat: Any) -> bool:
        """True if `seat` is still to answer (`seat in waiting_on()`, without making the list)."""
        answers = self.answers
        if seat not in self.seats or seat in answers:
            return False
        return not answers or not self.is_complete()

    def claims(self) -> list[tuple[int, Action]]:
        """Non-pass answers, best first by `priority` (seat order for seats it does not name)."""
        found = [(seat, a) for seat, a in self.answers.items() if a.get("type") != "pass"]
        if len(found) < 2:
            return found
        order = {seat: i for i, seat in enumerate(self.priority)}
        return sorted(found, key=lambda pair: (order.get(pair[0], len(order) + pair[0]), pair[0]))

    def is_complete(self) -> bool:
        """True once the decision can close."""
        answers = self.answers
        if self.closes == "first_claim" and any(a.get("type") != "pass" for a in answers.values()):
            return True
        return all(map(answers.__contains__, self.seats))

    def winner(self) -> tuple[int, Action] | None:
        """The winning claim of a complete decision, or None if everyone passed."""
        claims = self.claims()
        return claims[0] if claims else None

    # -- changes ------------------------------------------------------------------------------------

    def record(self, seat: int, answer: Action) -> None:
        """Store `seat`'s answer; IllegalAction (nothing changed) if it may not answer now."""
        check_answer(self, seat, answer)
        self.answers[seat] = dict(answer)

    def run_out(self) -> list[int]:
        """The deadline passed: every seat still waited on passes. Returns those seats."""
        if self.deadline is None:
            raise IllegalAction("This decision has no time limit")
        if not self.allow_pass:
            raise IllegalAction("This decision cannot be passed, so it cannot time out")
        late = self.waiting_on()
        for seat in late:
            self.answers[seat] = dict(PASS)
        return late

    # -- what a seat may see ------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """The decision as `seat` may see it: never another seat's sealed answer, nor its timing.
        Its lists and public data are shared, not copied: a view is read, never changed."""
        answers = self.answers
        if answers:
            complete = self.is_complete()
            hidden = self.sealed and not complete
            shown = {str(who): dict(answer) for who, answer in answers.items() if who == seat or not hidden}
            asked = seat in self.seats and seat not in answers and not complete
        else:  # nobody has answered, so the decision is still open (it asks at least one seat)
            shown, asked = {}, seat in self.seats
        return {
            "id": self.id, "kind": self.kind, "seats": self.seats, "allow_pass": self.allow_pass,
            "sealed": self.sealed, "closes": self.closes, "deadline": self.deadline, "answers": shown,
            "asked": asked, "data": self.data.get("public") or {},
        }


def is_pass(action: Action) -> bool:
    """True for a pass answer."""
    return action.get("type") == "pass"


def check_answer(decision: Decision, seat: int, answer: Action) -> None:
    """Refuse (IllegalAction) an answer the decision cannot take; change nothing."""
    if decision.is_complete():
        raise IllegalAction("That decision is already closed")
    if seat not in decision.seats:
        raise IllegalAction("You are not asked to decide now")
    if seat in decision.answers:
        raise IllegalAction("You have already answered")
    if is_pass(answer) and not decision.allow_pass:
        raise IllegalAction("You cannot pass this decision")


class DecisionStack:
    """A stack of decisions; the top one is answered first. Lives inside a game state."""

    def __init__(self, items: Iterable[Decision] = (), next_id: int = 1) -> None:
        self.items: list[Decision] = list(items)
        self.next_id = next_id

    def __len__(self) -> int:
        return len(self.items)

    def top(self) -> Decision | None:
        """The decision answered now, or None."""
        return self.items[-1] if self.items else None

    def only_pass(self, seat: int, hand: Iterable[int], answers: Mapping[str, Sequence[bool]]) -> bool:
        """True when the top decision is a reaction window of a kind in `answers` (by card number:
        does that card answer it), `seat` is asked, and `hand` holds no answering card: then a
        pass is all `seat` can do (what engines' `forced_action` reports)."""
        items = self.items
        found = answers.get(items[-1].kind) if items else None
        if found is None or not items[-1].asks(seat):
            return False
        for card in hand:
            if found[card]:
                return False
        return True

    def push(self, kind: str, seats: Sequence[int], *, allow_pass: bool = False, sealed: bool = False,
             closes: str = "all", priority: Sequence[int] = (), deadline: float | None = None,
             data: dict[str, Any] | None = None) -> Decision:
        """Open a decision on top of the stack and return it. It keeps `data` as given (games pass
        a dict made for it: decisions are pushed hundreds of times a game)."""
        if closes not in CLOSES:
            raise ValueError(f"closes must be one of {CLOSES}, not {closes!r}")
        if not seats:
            raise ValueError("a decision must ask at least one seat")
        asked = [seats[0]] if len(seats) == 1 else sorted(set(seats))  # a turn asks one seat
        order = list(priority) if priority else []
        decision = Decision(self.next_id, kind, asked, allow_pass, sealed, closes, order, deadline, {},
                            data if data is not None else {})
        self.next_id += 1
        self.items.append(decision)
        return decision

    def push_turn(self, kind: str, seat: int, data: dict[str, Any] | None = None) -> Decision:
        """`push(kind, [seat], data=data)`: the one seat whose move it is (games open a turn
        hundreds of times a game)."""
        decision = Decision(self.next_id, kind, [seat], False, False, "all", [], None, {},
                            data if data is not None else {})
        self.next_id += 1
        self.items.append(decision)
        return decision

    def push_window(self, kind: str, seats: Sequence[int], priority: list[int], deadline: float,
                    data: dict[str, Any] | None = None) -> Decision:
        """`push(kind, seats, allow_pass=True, sealed=True, priority=..., deadline=..., data=...)`:
        a reaction window, sealed, where pass is always legal. It keeps `priority` and `data` as
        given (windows open after most pie cards played)."""
        if not seats:
            raise ValueError("a decision must ask at least one seat")
        decision = Decision(self.next_id, kind, sorted(set(seats)), True, True, "all", priority, deadline, {},
                            data if data is not None else {})
        self.next_id += 1
        self.items.append(decision)
        return decision

    def pop(self) -> Decision:
        """Remove and return the top decision (the one under it resumes)."""
        if not self.items:
            raise IndexError("no decision to close")
        return self.items.pop()

    def waiting_on(self) -> list[int]:
        """Seats the game waits for: those still to answer the top decision."""
        items = self.items  # read directly: engines ask this before every move
        return items[-1].waiting_on() if items else []

    def shown_waiting(self) -> list[int]:
        """Seats a view may name as waited for: a sealed decision names everyone it asks until
        it closes, since who has answered is secret."""
        top = self.top()
        if top is None:
            return []
        return list(top.seats) if top.sealed else top.waiting_on()

    def answer(self, seat: int, action: Action) -> Decision:
        """Record `seat`'s answer on the top decision and return that decision."""
        top = self.top()
        if top is None:
            raise IllegalAction("Nothing is waiting for a decision")
        top.record(seat, action)
        return top

    def timeout(self) -> Decision:
        """The top decision's time ran out: everyone still waited on passes. Returns it."""
        top = self.top()
        if top is None:
            raise IllegalAction("Nothing is waiting for a decision")
        top.run_out()
        return top

    def forget_sealed(self, seat: int | None) -> None:
        """Drop every answer `seat` may not see (the others' in a sealed decision still open): in a
        world a searching seat samples, those seats have yet to answer, and choose afresh."""
        for decision in self.items:
            if decision.sealed and decision.answers and not decision.is_complete():
                decision.answers = {who: a for who, a in decision.answers.items() if who == seat}

    def view(self, seat: int | None) -> list[dict[str, Any]]:
        """Every decision as `seat` may see it, bottom first."""
        return [d.view(seat) for d in self.items]

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"next_id": self.next_id, "items": [d.to_json() for d in self.items]}

    def copy(self) -> DecisionStack:
        """An independent copy (`from_json(to_json())`, without the JSON)."""
        return DecisionStack([d.copy() for d in self.items], self.next_id)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DecisionStack:
        """Inverse of `to_json`."""
        return cls([Decision.from_json(d) for d in data["items"]], int(data["next_id"]))


def stack_from_view(shown: Sequence[Mapping[str, Any]],
                    rebuild: Callable[[Mapping[str, Any]], tuple[list[int], dict[str, Any]]]
                    ) -> DecisionStack:
    """A stack as a seat's view shows it (`DecisionStack.view`), for a world that seat may believe
    in: every answer it sees kept, the sealed answers it cannot see not there (those seats answer
    afresh). `rebuild` gives a decision's priority and data from its view, as the game made them
    (from public facts only), new at every depth. Ids go on from the highest shown."""
    items = []
    for d in shown:
        priority, data = rebuild(d)
        answers = {int(who): copy_data(answer) for who, answer in d["answers"].items()}
        items.append(Decision(d["id"], d["kind"], list(d["seats"]), d["allow_pass"], d["sealed"], d["closes"],
                              priority, d["deadline"], answers, data))
    return DecisionStack(items, max((d.id for d in items), default=0) + 1)
