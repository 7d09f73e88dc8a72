"""The host's calls into the game, in one small adapter.

The host never touches the session directly: it listens for a seat's events, submits a seat's
action and reads a seat's view here, all through the one `core.driver.TableDriver` that runs the
game (its `listen(seat, fn)` and `submit(seat, action)`), as the table scenes do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.engine import Action, Event
from pie_table.core.session import Applied, Session

TIMEOUT_ACTION: Action = {"type": "timeout"}


class SeatTable:
    """One session seen seat by seat: each listener hears only the events its seat may see."""

    def __init__(self, session: Session, driver: TableDriver | None = None) -> None:
        """`driver`: the table's driver when one runs it already (a window hosting its own table);
        else one at full speed (bots need no beat when nobody watches them at the host)."""
        self.session = session
        self.driver = driver if driver is not None else TableDriver(session, pace=None)

    def listen(self, seat: int, fn: Callable[[list[Event]], None]) -> None:
        """Call `fn` with the events `seat` may see after every applied action."""
        def heard(_entry: Any, mine: list[Event]) -> None:
            if mine:
                fn(mine)
        self.driver.listen(seat, heard)

    def submit(self, seat: int | None, action: Action) -> Applied:
        """Apply `seat`'s action (None: the table's own timeout); a refusal changes nothing."""
        return self.driver.submit(seat, action)

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see now."""
        return self.driver.view(seat)  # type: ignore[return-value]

    def bot_view(self, seat: int) -> Any:
        """The view a bot at the host decides from (equal to `view`)."""
        return self.session.bot_view(seat)

    def legal(self, seat: int) -> Sequence[Action]:
        """What `seat` may do now."""
        return self.driver.legal(seat)

    def to_act(self) -> list[int]:
        """The seats the game waits for."""
        return self.driver.to_act()

    def is_over(self) -> bool:
        """True once the game is decided."""
        return self.driver.is_over()

    def forced_in_window(self, waiting: list[int], seat: int) -> Action | None:
        """`seat`'s only move in a sealed, timed reaction window several seats hold (the pass of a
        seat with no answering card), which nobody needs to be asked for; None otherwise."""
        if len(waiting) < 2 or not self.closes_by_timeout():
            return None
        return self.session.rules.forced_action(self.session.state, seat)

    def closes_by_timeout(self) -> bool:
        """The decision waited on is a sealed window that the table's timeout closes."""
        top = self.session.rules.current_decision(self.session.state)
        return top is not None and top.sealed and top.allow_pass and top.deadline is not None

    def hash(self) -> str:
        """The final-state fingerprint `same_as_local` compares."""
        return self.session.hash()
