"""The flow of a turn-based table: the driver runs the game and moves the bots, the
human at the screen is offered their decision (behind a hand-off when others share the screen),
reaction windows count down and any human may claim them, undo, hints, skip_to and the results.

Privacy by construction: drawing only ever gets `driver.view(seat)` for the seat the privacy gate
says is at the screen (None: public only), and the events the scene sees are those that seat may
see (`TurnDriver.listen`). Every call into the driver sits in the few small methods of seat.py."""

from __future__ import annotations

from typing import Any, Protocol

from pie_table.core.setup import GameSetup
from pie_table.core.table_driver import TurnDriver
from pie_table.kit.effects import EffectLayer
from pie_table.kit.handoff import HandoffScene
from pie_table.kit.log_panel import LogScroll
from pie_table.kit.reaction import ReactionWindow
from pie_table.kit.seat_names import SeatNames
from pie_table.paths import saves_dir
from pie_table.scenes.playback import WatchedTable
from pie_table.scenes.turn_table.hooks import NoFlights
from pie_table.scenes.turn_table.input import TableInput

_FORCED_BEAT = 0.35  # a lone human's only move (Done, Pass) goes by itself after this beat


class TableLink(Protocol):
    """What a table played through another machine does beside its game (`scenes.net_join`): its
    table holds it as `link`, never patches a method of the table."""

    def before_frame(self, table: TurnTable) -> bool:
        """Each frame, before play: False when the table has ended by itself (the link is gone)."""

    def left(self) -> None:
        """The table was left (the seat is away for the others from now on)."""


class TurnTable(TableInput, WatchedTable):
    """Base of the turn-based tables. A game sets `game_id`, `turn_beat`, `end_hold`, gives the
    hooks of `TableHooks` (hooks.py) and paints in `draw`. A replay shows one (`WatchedTable`)."""

    link: TableLink | None = None  # a seat played here of a table hosted elsewhere

    def __init__(self, app: Any, setup: GameSetup, driver: TurnDriver,
                 save_path: str | None = None, watch: bool = False, names: SeatNames | None = None,
                 paced_by_moment: bool = False) -> None:
        """`driver` runs the game (built by whoever opens the table: `scenes.base.open_table`), a
        new one or a resumed save kept in `save_path`; `watch`: a replay feeds the moves."""
        super().__init__(app)
        self.setup = setup
        self.names = names if names is not None else SeatNames.of_setup(setup)
        self.names.away = lambda: driver.away
        self.driver = driver
        self.rules = driver.rules
        self.watch = watch
        self.watch_seat: int | None = None
        self.autosave = driver.autosaver(saves_dir(), path=save_path, enabled=not watch)
        self.gate = driver.gate
        self.humans = list(self.gate.humans)
        self.moves = 0
        self.last_mover: int | None = None  # the seat of the move applied last (None: the game's own)
        self.reaction = ReactionWindow(driver, self.humans, self._claimed, self.names,
                                       self.window_answer, self.reaction_lost)
        self.effects = EffectLayer(seed=setup.seed)
        self.flights: Any = NoFlights()  # a game whose cards fly sets its own
        self.panel: Any = None  # the move list of the seat asked (kit.move_panel)
        self.panel_key: tuple[int, int] | None = None  # (moment, seat) the panel was opened for
        self.handoff_for: int | None = None
        self.claimed: int | None = None  # the human who claimed the open reaction window
        self.news = ""  # told on the next hand-off (a claimed reaction that ran out of time)
        self.zones: list[Any] = []
        self.log_scroll = LogScroll()  # how far back the table's log is read
        self.message = self.hint_text = ""
        self.hints_used: dict[int, int] = {}  # per seat, for the statistics
        self.autoplay = self.results_shown = False
        self.since_move = self.end_timer = 0.0
        self._drive(app.settings, paced_by_moment)

    # -- scene hooks ----------------------------------------------------------------------------------

    def enter(self) -> None:
        self.on_resize(self.app.screen.get_size())
        self.warm_up()

    def resume(self) -> None:
        self.on_resize(self.app.screen.get_size())

    def exit(self) -> None:
        self.autosave.save()
        if self.link is not None:
            self.link.left()

    # -- the flow of play -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.link is not None and not self.link.before_frame(self):
            return
        self.autosave.flush()
        self.effects.update(dt)
        self.flights.update(dt)
        if self.holds_play():
            return
        self.since_move += dt
        self.keep_layout()
        if self.watch:
            return
        if self.is_over():
            if self.offered_seat() is not None:  # a last move made elsewhere (a remote seat's table)
                self.clear_panels()
            self.end_timer += dt
            if self.end_timer >= self.end_hold:
                self._show_results()
            return
        actors = self.to_act()
        if self.autoplay and actors:
            self.submit(self.driver.autoplay_action(actors[0]), actors[0])
            return
        self._pace(dt)
        self.reaction.update(dt)
        actors = self.to_act()
        humans = [seat for seat in actors if seat in self.humans]
        if self.bots_first and any(seat not in self.humans for seat in actors):
            humans = []
        if humans:
            self._offer(humans)
        elif self.offered_seat() not in (None, *actors):
            self.clear_panels()

    def seat_name(self, seat: int) -> str:
        """The seat as this table names it everywhere (the player's name beside the game's)."""
        return self.names(seat)

    def next_frame(self) -> float | None:
        """Frames while cards fly or bots play; at rest while a human's choices wait on screen."""
        seat = self.offered_seat()
        offered = seat is not None and self.panel_key is not None and self.panel_key[0] == self._moment()
        beats = [self.driver.next_move_in(), self.reaction.quiet,
                 self.handoff_beat - self.since_move, _FORCED_BEAT - self.since_move]
        return self.rest_until(self.table_moving() or self.flights.busy, offered, beats)

    def _offer(self, humans: list[int]) -> None:
        """Put the next human decision on screen, behind a hand-off when others share the screen."""
        if self.handoff_for is not None:
            return
        if self.is_window() and self.gate.shared:
            # A countdown the whole table sees; only a claimer gets the screen (kit.reaction).
            if self.claimed in humans:
                self._open_for(self.claimed)
            return
        seat = self.gate.viewer if self.gate.viewer in humans else humans[0]
        if not self.private_turn(seat):
            if self.gate.viewer not in (None, seat):
                self.gate.hide()  # a public move by someone else: fold the last hand away first
        elif self.gate.needs_handoff(seat):
            if self.since_move >= self.handoff_beat:
                self._hand_off(seat)
            return
        self._open_for(seat)

    def _open_for(self, seat: int) -> None:
        key = (self._moment(), seat)
        if self.offered_seat() is not None and self.panel_key == key:
            self._maybe_finish_alone(seat)
            return
        legal = self.legal(seat)
        if not legal:
            return
        self.clear_panels()
        self.panel_key = key
        self.open_panel(seat, legal)
        self._maybe_finish_alone(seat)

    def _maybe_finish_alone(self, seat: int) -> None:
        """A lone human with nothing but Done (or Pass) to press: it goes by itself after a beat.
        Not on a shared screen, where how fast a turn ends would say what a hand holds."""
        if self.gate.shared or self.panel is None or len(self.panel.items) != 1:
            return
        if self.since_move >= _FORCED_BEAT and self.panel.items[0][0]["type"] in self.alone_moves:
            self.submit(self.panel.items[0][0], seat)

    def _claimed(self, seat: int) -> None:
        self.claimed = seat
        self._hand_off(seat)

    def _hand_off(self, seat: int) -> None:
        self.clear_panels()
        self.gate.hide()
        self.handoff_for = seat

        def confirmed() -> None:
            self.gate.confirm(seat)
            self.handoff_for = None
            self.since_move = 0.0

        name = self.names(seat)
        note, icon, accent = self.handoff_look(seat, name)
        self.app.scenes.push(HandoffScene(self.app, name, confirmed, note, self.pause_game, accent=accent,
                                          icon=icon, control=self.setup.seats[seat].control, news=self.news))
        self.news = ""
