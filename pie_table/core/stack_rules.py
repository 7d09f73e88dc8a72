"""The rules of a game built on the decision stack (`pie_table.core.decisions`): Pie Rats, Cheflebrity.

Such a game's state holds `stack` (a `DecisionStack`), `over`, `hands` and `actions` (a count).
Whom the game waits for, the decision on top, the forced pass, why a seat may not act and the
opening of `apply` are the same for every such game and live here; a game writes `play` (its
moves) and says which cards answer which reaction window. The events a move returns are filed by
the session, beside the state (`core.history`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pie_table.core.decisions import Decision
from pie_table.core.engine import Action, Event, GameRules, IllegalAction
from pie_table.core.messages import Msg

# The kind of the decision that is a seat's own turn (the stack's other decisions are windows,
# replies and picks that ask one or more seats).
TURN = "turn"


class DecisionStackRules(GameRules):
    """A `GameRules` whose decisions are a stack of sealed windows, turns and replies."""

    # Reaction window kind -> for each card, whether it answers that window (the forced pass).
    window_answers: Mapping[str, Sequence[bool]] = {}

    def play(self, state: Any, seat: int | None, action: Action, events: list[Event]) -> None:
        """Check and apply one move for `seat` (None: the table's timeout); raise before any change."""
        raise NotImplementedError

    def turn_reason(self, state: Any, seat: int) -> Msg:
        """Why another seat may not act while it is `seat`'s turn ("It is Nell's turn")."""
        raise NotImplementedError

    def passes_anyway(self, state: Any, seat: int) -> bool:
        """True if the decision on top asks `seat` and a pass is all it can do although it holds a
        card that answers the reaction window (a game may know such cases; by default none)."""
        return False

    def to_act(self, state: Any) -> list[int]:
        """The seats the decision on top still waits for (nobody once the game is over)."""
        return [] if state.over else state.stack.waiting_on()

    def current_decision(self, state: Any) -> Decision | None:
        """The decision on top of the stack."""
        return state.stack.top()

    def is_over(self, state: Any) -> bool:
        """True once the game is decided."""
        return bool(state.over)

    def forced_action(self, state: Any, seat: int) -> Action | None:
        """The pass, in the shape the log records every seat's action (its seat stamped), when the
        decision on top asks `seat` and a pass is all it can do: it holds no card that answers the
        reaction window, or `passes_anyway`; None otherwise. (Asked for every seat of every window
        a table plays out: the commonest case is settled by the stack alone.)"""
        if state.over:
            return None
        stack_says = state.stack.only_pass(seat, state.hands[seat], self.window_answers)
        if stack_says or self.passes_anyway(state, seat):
            return {"type": "pass", "seat": seat}
        return None

    def _apply(self, state: Any, action: Action) -> list[Event]:
        """Apply one action (its seat stamped by the session); refusals change nothing."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(Msg("Malformed action"))
        events: list[Event] = []
        self.play(state, action.get("seat"), action, events)
        state.actions += 1
        return events

    def idle_reason(self, state: Any, seat: int) -> Msg:
        """Why `seat` may not act now: the game is over, it is someone's turn, or it is not asked."""
        top = state.stack.top()
        if state.over or top is None:
            return Msg("The game is over")
        if top.kind == TURN:
            return self.turn_reason(state, top.seats[0])
        return Msg("You are not asked to decide now")

