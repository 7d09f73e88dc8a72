"""Answers to a decision several seats share, taken in seat order — as `TableDriver.play_out` takes
them — whatever order they come in.

`play_out` asks the seats of such a decision one after another; in a timed, sealed reaction window
it holds each pass until a later seat answers otherwise (the passes are then played before that
answer), and closes a window every seat passed with the table's timeout. A table whose players sit
at their own machines (a network host) hears answers in any order; keeping them here and playing
them in that same order makes its game move for move the one `play_out` plays from the same seed.
Sealed answers show nobody anything before the decision is complete, so an answer that waits for
the seats before it tells nobody it came. Pure bookkeeping: the driver applies what `due` gives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pie_table.core.engine import Action


def is_pass(action: Action) -> bool:
    """True for a pass answer."""
    return action.get("type") == "pass"


@dataclass
class AnswerRound:
    """One decision's answers, in the order of `order` (the seats asked, in seat order)."""

    decision: Any  # the decision's id: a new decision starts a new round
    order: list[int]
    timed: bool  # a timed, sealed window: passes wait for a claim after them; all passes: timeout
    answers: dict[int, Action] = field(default_factory=dict)  # come, not yet taken in order
    held: list[tuple[int, Action]] = field(default_factory=list)  # passes taken, not yet played
    taken: int = 0  # how many seats of `order` were taken (played or held)

    def answered(self, seat: int) -> bool:
        """True once `seat` has answered (its answer played, held or waiting its turn)."""
        return seat in self.answers or seat in self.order[:self.taken]

    def plays_at_once(self, seat: int, action: Action) -> bool:
        """True if `action` from `seat` would be played at once, with nothing played before it."""
        return self.order[self.taken] == seat and not self.held and not (self.timed and is_pass(action))

    def ready(self) -> bool:
        """True if `due` has moves to play (the next seat in order has answered)."""
        return self.taken < len(self.order) and self.order[self.taken] in self.answers

    def due(self) -> list[tuple[int | None, Action]]:
        """The moves to play now, in order (taken from the round as if played): answers whose seats
        before them have all answered; once every seat has, the held passes, or the timeout (None's)
        if every seat passed."""
        moves: list[tuple[int | None, Action]] = []
        while self.taken < len(self.order) and self.order[self.taken] in self.answers:
            seat = self.order[self.taken]
            action = self.answers.pop(seat)
            self.taken += 1
            if self.timed and is_pass(action):
                self.held.append((seat, action))
                continue
            moves.extend(self.held)
            self.held = []
            moves.append((seat, action))
        if self.complete() and self.held:
            moves.extend([(None, {"type": "timeout"})] if len(self.held) == len(self.order) else self.held)
            self.held = []
        return moves

    def complete(self) -> bool:
        """True once every seat's answer was taken."""
        return self.taken == len(self.order)

    def at_timeout(self) -> list[tuple[int | None, Action]]:
        """Time ran out: what came is played in seat order (unless it is passes only, which the
        timeout makes for everyone anyway), then the timeout."""
        came = [*self.held, *((s, self.answers[s]) for s in self.order if s in self.answers)]
        self.held, self.answers, self.taken = [], {}, len(self.order)
        played = came if any(not is_pass(a) for _, a in came) else []
        return [*played, (None, {"type": "timeout"})]
