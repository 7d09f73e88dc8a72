"""The table's side of its driver: every call into the driver sits here, in a few small methods,
and only what `core.table_driver.TurnDriver` declares, so a seat played from another machine
(`net.remote_driver.RemoteDriver`) or a seat's own replay (`net.frames_driver.FramesDriver`) stands
in for the local driver; who sees what (the privacy gate's seat at the screen, the views it may
draw); sending a move and taking in what it did, where the scene hears only the events the seat at
the screen may see (`TurnDriver.listen`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.engine import Action, Event
from pie_table.core.history import SeatHistory
from pie_table.core.pacing import Pace
from pie_table.core.session import Entry
from pie_table.scenes.turn_table.hooks import TableHooks


class TableSession(TableHooks):
    """A turn-based table's calls into its driver, and who sees what."""

    def _drive(self, settings: Any, by_moment: bool) -> None:
        """Pace the driver's bots for people, and listen to it: one listener for every seat that
        may be at the screen (or watched in a replay) and one for nobody, each heard only while its
        seat is the one shown."""
        # The settings' bot pace scales every wait alike, so timing still says nothing about a hand.
        pace = settings.pace_factor() if settings is not None else 1.0
        beat = self.turn_beat * pace
        waits = Pace(public=beat, secret=0.15 * pace, reaction=(0.8 * pace, 2.0 * pace))
        # By moment: every move of a turn gets its beat (one turn decision takes several moves).
        moment = (lambda: self.moves) if by_moment else None
        self.driver.pace_by(waits, beat=lambda seat: self.bot_beat(seat) * pace, moment=moment)
        self.driver.listen(None, self._applied)
        for seat in range(len(self.setup.seats)):
            self.driver.listen(seat, self._heard_by(seat))

    def _heard_by(self, seat: int) -> Any:
        def heard(entry: Entry, events: list[Event]) -> None:
            if seat == self.display_seat:
                self.play_events(events)
        return heard

    @property
    def state(self) -> Any:
        """The game's state where it is played here (the tests read it); a seat played from
        another machine knows its view only."""
        if not isinstance(self.driver, TableDriver):
            raise AttributeError("a table played through another machine holds no state")
        return self.driver.state

    def legal(self, seat: int) -> Sequence[Action]:
        """What `seat` may do now."""
        return self.driver.legal(seat)

    def to_act(self) -> list[int]:
        """The seats the game waits for (a sealed window's answers are not in the views)."""
        return self.driver.to_act()

    def is_over(self) -> bool:
        return self.driver.is_over()

    def _moment(self) -> int:
        """How many moves the table has heard (a panel opened before the last one is stale)."""
        return self.moves

    def _pace(self, dt: float) -> None:
        """The driver moves bots after their beat and runs out a window's countdown (the table
        hears what they did through its listeners)."""
        self.driver.update(dt, hold=self.handoff_for is not None)

    def _send(self, seat: int | None, action: Action) -> bool:
        applied = self.driver.submit(seat, action)
        if not applied.ok:
            self.message = self.names.tr(applied.message)
            self._sound("refuse")
            return False
        return True

    def _undo(self, seat: int) -> bool:
        if not self.driver.can_undo(seat) or not self.driver.undo(seat):
            return False
        self.autosave.save()
        return True

    # -- who sees what --------------------------------------------------------------------------------

    @property
    def display_seat(self) -> int | None:
        """The seat whose hand may show: the human at the screen; nobody's with bots only (a
        spectator sees the public table); in a replay, the seat the viewer chose."""
        if self.watch:
            return self.watch_seat
        if not self.humans:
            return None
        return self.gate.viewer

    def view(self) -> Mapping[str, Any]:
        """What the screen may show now (the view `draw` uses)."""
        return self.driver.view(self.display_seat)

    def public(self) -> Mapping[str, Any]:
        return self.driver.view(None)

    def history(self) -> SeatHistory:
        """What the screen's seat has been told (the log and the notes the table shows)."""
        return self.driver.history(self.display_seat)

    def top(self) -> dict[str, Any] | None:
        """The decision on top, as everyone sees it (kind, seats asked, deadline, window or not)."""
        decisions = self.public().get("decisions") or [None]
        return decisions[-1]

    def is_window(self, top: dict[str, Any] | None = None) -> bool:
        """True while a reaction window (a sealed decision one may pass) is on top."""
        top = self.top() if top is None else top
        return top is not None and bool(top["sealed"] and top["allow_pass"])


    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Send one action for `seat` (the panel's or a drop's); a refusal changes nothing and
        its reason shows."""
        seat = action.get("seat", seat) if seat is None else seat
        return self._send(seat, action)

    def _applied(self, entry: Entry, events: list[Event]) -> None:
        """Every move the driver applied (heard as nobody): the table's bookkeeping; the events
        play for the seat at the screen (its own listener), or here when nobody is."""
        seat = entry.seat
        self.moves += 1
        self.last_mover = seat
        if self.autosave.notice:
            self.message, self.autosave.notice = self.names.tr(self.autosave.notice), ""
        elif seat in self.humans or seat is None:
            self.message = ""
        self.since_move = 0.0
        self.news = self.hint_text = ""
        self.clear_panels()
        self.drag = None
        top = self.top()
        if self.claimed is not None and not self.is_window(top):
            self.claimed = None
        if seat in self.humans and self.gate.shared:
            # The same human straight on (their own turn goes on): keep the screen; else fold away.
            if not self.keeps_screen(seat):
                self.gate.hide()
        if self.display_seat is None:
            self.play_events(events)
