"""Who is offered the screen at a turn-based table: the human the game waits for gets their
choices, behind a hand-off when others share the screen and the decision shows secrets; a
reaction window on a shared screen goes only to its claimer; a lone human's only move goes by
itself after a beat."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from pie_table.core.engine import Action
from pie_table.kit.handoff import HandoffScene
from pie_table.scenes.turn_table.claim import ReactionClaim
from pie_table.scenes.turn_table.game import GameTable
from pie_table.scenes.turn_table.seat import TableSession

FORCED_BEAT = 0.35  # a lone human's only move (Done, Pass) goes by itself after this beat


class FlowTable(GameTable, Protocol):
    """What the seat flow reads and sets of the table it offers: the game's part, the choices on
    screen and when the last move was."""

    since_move: float  # seconds since the last move (beats before a hand-off or a lone move)
    moves: int  # moves heard since the table opened (a panel opened before the last one is stale)
    panel: Any  # the move list of the seat asked (kit.move_panel)
    panel_key: tuple[int, int] | None  # (moment, seat) the panel was opened for

    def submit(self, action: Action, seat: int | None = None) -> bool: ...

    def pause_game(self) -> None: ...


class SeatFlow:
    """The privacy gate's side of play: offers, hand-offs and the lone human's forced move."""

    def __init__(self, app: Any, table: FlowTable, session: TableSession, claim: ReactionClaim,
                 name: Callable[[int], str], control: Callable[[int], Any]) -> None:
        """`name(seat)`, `control(seat)`: how the hand-off names the seat and which keys it has."""
        self.app = app
        self.table = table
        self.session = session
        self.claim = claim
        self.name = name
        self.control = control
        self.handoff_for: int | None = None  # the seat a hand-off on screen waits for

    def offer(self, humans: Sequence[int]) -> None:
        """Put the next human decision on screen, behind a hand-off when others share the screen."""
        gate, table = self.session.gate, self.table
        if self.handoff_for is not None:
            return
        if self.session.is_window() and gate.shared:
            # A countdown the whole table sees; only a claimer gets the screen (kit.reaction).
            claimer = self.claim.claimed
            if claimer is not None and claimer in humans:
                self.open_for(claimer)
            return
        viewer = gate.viewer
        seat = viewer if viewer is not None and viewer in humans else humans[0]
        if not table.private_turn(seat):
            if gate.viewer not in (None, seat):
                gate.hide()  # a public move by someone else: fold the last hand away first
        elif gate.needs_handoff(seat):
            if table.since_move >= table.handoff_beat:
                self.hand_off(seat)
            return
        self.open_for(seat)

    def open_for(self, seat: int) -> None:
        """`seat`'s choices on screen, once per move (a panel already open for it stays)."""
        table = self.table
        key = (table.moves, seat)
        if table.offered_seat() is not None and table.panel_key == key:
            self._maybe_finish_alone(seat)
            return
        legal = self.session.legal(seat)
        if not legal:
            return
        table.clear_panels()
        table.panel_key = key
        table.open_panel(seat, legal)
        self._maybe_finish_alone(seat)

    def _maybe_finish_alone(self, seat: int) -> None:
        """A lone human with nothing but Done (or Pass) to press: it goes by itself after a beat.
        Not on a shared screen, where how fast a turn ends would say what a hand holds."""
        panel = self.table.panel
        if self.session.gate.shared or panel is None or len(panel.items) != 1:
            return
        if self.table.since_move >= FORCED_BEAT and panel.items[0][0]["type"] in self.table.alone_moves:
            self.table.submit(panel.items[0][0], seat)

    def hand_off(self, seat: int) -> None:
        """Cover the screen until `seat`'s player confirms they alone are looking."""
        table, gate = self.table, self.session.gate
        table.clear_panels()
        gate.hide()
        self.handoff_for = seat

        def confirmed() -> None:
            gate.confirm(seat)
            self.handoff_for = None
            table.since_move = 0.0

        name = self.name(seat)
        note, icon, accent = table.handoff_look(seat, name)
        self.app.scenes.push(HandoffScene(self.app, name, confirmed, note, table.pause_game, accent=accent,
                                          icon=icon, control=self.control(seat), news=self.claim.take_news()))
