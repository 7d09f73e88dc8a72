"""The table's side of its driver: every call into the driver sits here, in a few small methods,
and only what `core.table_driver.TurnDriver` declares, so the remote driver
(`net.remote_driver.RemoteDriver`: a seat played from another machine, or that seat's own replay)
stands in for the local driver; and who sees what: the privacy gate's seat at the screen and the views
it may draw, where the scene hears only the events that seat may see (`TurnDriver.listen`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.engine import Action, Event
from pie_table.core.history import SeatHistory
from pie_table.core.pacing import Pace
from pie_table.core.session import Applied, Entry, PrivacyGate
from pie_table.core.table_driver import Listener, TurnDriver


class TableSession:
    """A turn-based table's calls into its driver, and who sees what."""

    def __init__(self, driver: TurnDriver, humans: list[int], watch: bool,
                 spectator: int | None) -> None:
        """`humans`: the seats played at this screen; `watch`: a replay, whose viewer picks the
        seat shown (`watch_seat`); `spectator`: the seat a table of bots only shows."""
        self.driver = driver
        self.gate: PrivacyGate = driver.gate
        self.humans = humans
        self.watch = watch
        self.spectator = spectator
        self.watch_seat: int | None = None

    def drive(self, settings: Any, turn_beat: float, bot_beat: Callable[[int], float],
              moment: Callable[[], Any] | None) -> None:
        """Pace the driver's bots for people (`moment`: every move of a turn gets its beat)."""
        # The settings' bot pace scales every wait alike, so timing still says nothing about a hand.
        pace = settings.pace_factor() if settings is not None else 1.0
        beat = turn_beat * pace
        waits = Pace(public=beat, secret=0.15 * pace, reaction=(0.8 * pace, 2.0 * pace))
        self.driver.pace_by(waits, beat=lambda seat: bot_beat(seat) * pace, moment=moment)

    def listen(self, seats: int, applied: Listener, shown: Callable[[list[Event]], None]) -> None:
        """`applied` hears every move (as nobody); `shown` the events of each move the seat at the
        screen may see, from one listener per seat, each heard only while its seat is shown."""
        self.driver.listen(None, applied)
        for seat in range(seats):
            self.driver.listen(seat, self._heard_by(seat, shown))

    def _heard_by(self, seat: int, shown: Callable[[list[Event]], None]) -> Listener:
        def heard(entry: Entry, events: list[Event]) -> None:
            if seat == self.display_seat:
                shown(events)
        return heard

    @property
    def display_seat(self) -> int | None:
        """The seat whose hand may show: the human at the screen; with bots only the spectator's
        seat (None: the public table); in a replay, the seat the viewer chose."""
        if self.watch:
            return self.watch_seat
        if not self.humans:
            return self.spectator
        return self.gate.viewer

    @property
    def state(self) -> Any:
        """The game's state where it is played here; a seat played from another machine knows its
        view only."""
        if not isinstance(self.driver, TableDriver):
            raise AttributeError("a table played through another machine holds no state")
        return self.driver.state

    def legal(self, seat: int) -> Sequence[Action]:
        return self.driver.legal(seat)

    def to_act(self) -> list[int]:
        """The seats the game waits for (a sealed window's answers are not in the views)."""
        return self.driver.to_act()

    def is_over(self) -> bool:
        return self.driver.is_over()

    def view(self) -> Mapping[str, Any]:
        """What the screen may show now."""
        return self.driver.view(self.display_seat)

    def public(self) -> Mapping[str, Any]:
        return self.driver.view(None)

    def history(self) -> SeatHistory:
        """What the screen's seat has been told (the log and the notes the table shows)."""
        return self.driver.history(self.display_seat)

    def top(self) -> dict[str, Any] | None:
        """The decision on top, as everyone sees it (kind, seats asked, deadline, window or not)."""
        decisions = self.public().get("decisions") or [None]
        top: dict[str, Any] | None = decisions[-1]
        return top

    def is_window(self, top: dict[str, Any] | None = None) -> bool:
        """True while a reaction window (a sealed decision one may pass) is on top."""
        top = self.top() if top is None else top
        return top is not None and bool(top["sealed"] and top["allow_pass"])

    def pace(self, dt: float, hold: bool) -> None:
        """The driver moves bots after their beat and runs out a window's countdown (the table
        hears what they did through its listeners); `hold`: a hand-off is on screen."""
        self.driver.update(dt, hold=hold)

    def send(self, seat: int | None, action: Action) -> Applied:
        return self.driver.submit(seat, action)

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last moves, where the driver can."""
        return self.driver.can_undo(seat) and self.driver.undo(seat)
