"""The table's side of the session: every call into the session and the pacer sits here, in a
few small methods, so moving onto a table driver is a few lines; who sees what (the privacy gate's
seat at the screen, the views it may draw); sending a move and taking in what it did, where the
scene hears only the events the seat at the screen may see (`core.session.events_for`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pie_table.core.driver import TableDriver, pacer
from pie_table.core.engine import Action, Event
from pie_table.core.pacing import Pace
from pie_table.core.session import events_for
from pie_table.scenes.turn_table.hooks import TableHooks


class TableSession(TableHooks):
    """A turn-based table's calls into the session, and who sees what."""

    def _make_pacer(self, settings: Any, by_moment: bool) -> TableDriver:
        # The settings' bot pace scales every wait alike, so timing still says nothing about a hand.
        pace = settings.pace_factor() if settings is not None else 1.0
        beat = self.turn_beat * pace
        waits = Pace(public=beat, secret=0.15 * pace, reaction=(0.8 * pace, 2.0 * pace))
        # By moment: every move of a turn gets its beat (one turn decision takes several moves).
        moment = (lambda: (self.state.actions, len(self.session.log))) if by_moment else None
        return pacer(self.session, waits, seed=self.setup.seed, beat=lambda seat: self.bot_beat(seat) * pace,
                     moment=moment)

    @property
    def state(self) -> Any:
        return self.session.state

    def legal(self, seat: int) -> Sequence[Action]:
        """What `seat` may do now."""
        return self.session.legal(seat)

    def to_act(self) -> list[int]:
        """The seats the game waits for (a sealed window's answers are not in the views)."""
        return self.session.to_act()

    def is_over(self) -> bool:
        return self.session.is_over()

    def _moment(self) -> int:
        """How many moves the table has seen (undo takes them back)."""
        return len(self.session.log)

    def _pace(self, dt: float) -> None:
        """The pacer moves bots after their beat and runs out a window's countdown."""
        for applied in self.pacer.update(dt, hold=self.handoff_for is not None):
            if applied.ok and applied.entry is not None:
                self._applied(applied.entry.seat, applied.events)

    def _send(self, seat: int | None, action: Action) -> bool:
        applied = self.session.submit(seat, action)
        if not applied.ok:
            self.message = self.names.tr(applied.message)
            self._sound("refuse")
            return False
        self._applied(seat, applied.events)
        return True

    def _auto_action(self, seat: int) -> Action:
        """A move made without a player (screenshots, fast-forward): a bot's, else the game's pick."""
        if seat in self.bots:
            action = self.session.bot_action(seat)
            if action is not None:
                return action
        return self.auto_move(seat, self.legal(seat))

    def _undo(self, seat: int) -> bool:
        if not self.session.can_undo(seat):
            return False
        self.session.undo(seat)
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

    def view(self) -> dict[str, Any]:
        """What the screen may show now (the view `draw` uses)."""
        return self.session.view(self.display_seat)

    def public(self) -> dict[str, Any]:
        return self.session.view(None)

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

    def _applied(self, seat: int | None, events: list[Event]) -> None:
        if self.autosave.notice:
            self.message, self.autosave.notice = self.names.tr(self.autosave.notice), ""
        elif seat in self.humans or seat is None:
            self.message = ""
        self.since_move = 0.0
        self.news = self.hint_text = ""
        self.clear_panels()
        self.drag = None
        if self.claimed is not None and not self.is_window():
            self.claimed = None
        if seat in self.humans and self.gate.shared:
            # The same human straight on (their own turn goes on): keep the screen; else fold away.
            if not self.keeps_screen(seat):
                self.gate.hide()
        self.play_events(events_for(events, self.display_seat))
