"""The flow of a turn-based table: the driver runs the game and moves the bots, the human at the
screen is offered their decision (behind a hand-off when others share the screen), reaction
windows count down and any human may claim them, undo, hints, skip_to and the results.

One scene made of parts, each a small object handed what it needs: `TableSession` (every call
into the driver, and who sees what), `SeatFlow` (offers and hand-offs), `ReactionClaim`, `Drops`
(the pointer and drag and drop), `TableEnding` (the end and the results) and `TableInput` (raw
events into intents). The game gives its part by declaration (`GameTable`, `DropRules`).

Privacy by construction: drawing only ever gets `driver.view(seat)` for the seat the privacy gate
says is at the screen (None: public only), and the events the scene sees are those that seat may
see (`TurnDriver.listen`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

import pygame

from pie_table.core.engine import Action, Event
from pie_table.core.history import SeatHistory
from pie_table.core.saves import GameSaver
from pie_table.core.session import Entry
from pie_table.core.setup import GameSetup
from pie_table.core.table_driver import TurnDriver
from pie_table.kit.effects import EffectLayer
from pie_table.kit.i18n import _
from pie_table.kit.log_panel import LogScroll
from pie_table.kit.reaction import ReactionWindow
from pie_table.kit.scene import NOW, ON_INPUT, Scene
from pie_table.kit.seat_names import SeatNames
from pie_table.paths import saves_dir
from pie_table.scenes.playback import WatchedTable
from pie_table.scenes.table_hosting import TableHosting, hosted_frame
from pie_table.scenes.turn_table.claim import ReactionClaim
from pie_table.scenes.turn_table.drops import Drops, ZoneKey
from pie_table.scenes.turn_table.ending import TableEnding
from pie_table.scenes.turn_table.flow import FORCED_BEAT, SeatFlow
from pie_table.scenes.turn_table.game import Flights, GameTable, NoFlights
from pie_table.scenes.turn_table.hinting import HINT_POLL, TableHint
from pie_table.scenes.turn_table.input import TableInput
from pie_table.scenes.turn_table.seat import TableSession


class TableLink(Protocol):
    """What a table played through another machine does beside its game (`scenes.net_join`): its
    table holds it as `link`, never patches a method of the table."""

    def before_frame(self, table: TurnTable) -> bool:
        """Each frame, before play: False when the table has ended by itself (the link is gone)."""

    def left(self) -> None:
        """The table was left (the seat is away for the others from now on)."""


class TurnTable(Scene, GameTable, WatchedTable):
    """The turn-based table scene. A game's table sets its `game_id` (the pause overlay's rules)
    and its `GameTable` settings, gives the members `GameTable` leaves open and paints in `draw`;
    a replay shows one (`WatchedTable`)."""

    game_id = ""
    autosave: GameSaver  # what keeps this game on disk: a table always has one (`TurnDriver.autosaver`)
    link: TableLink | None = None  # a seat played here of a table hosted elsewhere
    hosting: TableHosting | None = None  # this window hosts the table for players elsewhere

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
        self.autosave = driver.autosaver(saves_dir(), path=save_path, enabled=not watch)
        self.gate = driver.gate
        self.humans = list(self.gate.humans)
        self.moves = 0  # moves heard since the table opened (a panel opened before the last one is stale)
        self.last_mover: int | None = None  # the seat of the move applied last (None: the game's own)
        self.session = TableSession(driver, self.humans, watch, self.spectator_seat)
        self.claim = ReactionClaim(driver, self.humans, self.gate, self.names, self.window_answer,
                                   self._hand_off, self._tell)
        self.flow = SeatFlow(app, self, self.session, self.claim, self.names,
                             lambda seat: setup.seats[seat].control)
        self.drops = Drops(self)
        self.ending = TableEnding(app, setup, driver, self.autosave, watch,
                                  lambda: self.results_text(self.public()),
                                  lambda: {seat: {"hints": n} for seat, n in self.hints_used.items()})
        self.input = TableInput(self, self.gate, self.claim, self.drops, self.ending)
        self.effects = EffectLayer(seed=setup.seed)
        self.flights: Flights = NoFlights()  # a game whose cards fly sets its own
        self.panel: Any = None  # the move list of the seat asked (kit.move_panel)
        self.panel_key: tuple[int, int] | None = None  # (moment, seat) the panel was opened for
        self.zones: list[Any] = []  # the zones painted last, in drawing order
        self.log_scroll = LogScroll()  # how far back the table's log is read
        self.message = self.hint_text = ""
        self.hints_used: dict[int, int] = {}  # per seat, for the statistics
        self.hint = TableHint(driver, self.give_hint)
        self.autoplay = False
        self.since_move = 0.0
        # By moment: every move of a turn gets its beat (one turn decision takes several moves).
        moment = (lambda: self.moves) if paced_by_moment else None
        self.session.drive(app.settings, self.turn_beat, self.bot_beat, moment)
        self.session.listen(len(setup.seats), self._applied, lambda events: self.play_events(events))

    # -- scene hooks ----------------------------------------------------------------------------------

    def enter(self) -> None:
        self.on_resize(self.app.screen.get_size())
        self.warm_up()

    def pause(self) -> None:
        if self.hosting is not None:
            self.hosting.held()

    def resume(self) -> None:
        if self.hosting is not None:
            self.hosting.released()
        self.on_resize(self.app.screen.get_size())

    def exit(self) -> None:
        self.autosave.save()
        if self.link is not None:
            self.link.left()
        if self.hosting is not None:
            self.hosting.left()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def warm_up(self) -> None:
        """Draw the table once out of sight (call it from `enter`, after the layout), so the fonts,
        card faces and backgrounds it needs are built while the scene opens, not in its first
        frame, which would drop."""
        self.draw(pygame.Surface(self.app.screen.get_size()))

    def on_focus_lost(self) -> None:
        if self.app.scenes.current is self:
            self.pause_game()

    def on_close_request(self) -> bool:
        from pie_table.scenes.save_trouble import ask_before_closing

        return ask_before_closing(self.app, self)

    def pause_game(self) -> None:
        """Esc: the pause overlay (resume, rules, quit)."""
        from pie_table.scenes.pause import PauseScene

        self.app.scenes.push(PauseScene(self.app, self.game_id, self.hosting.note if self.hosting else None))

    def _sound(self, name: str) -> None:
        try:
            self.app.sound.play(name)
        except Exception:  # noqa: BLE001 - sound is decoration; a dead device must not stop the game
            pass

    # -- the flow of play -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        hosted_frame(self.hosting, self._frame, dt)

    def _frame(self, dt: float) -> None:
        if self.link is not None and not self.link.before_frame(self):
            return
        self.autosave.flush()
        self.effects.update(dt)
        self.flights.update(dt)
        self.hint.poll()
        if self.holds_play():
            return
        self.since_move += dt
        self.keep_layout()
        if self.watch:
            return
        if self.is_over():
            # A game that ended at a host elsewhere may still have its last news on the way to this
            # screen (the winning loot, the coin's flip): the driver tells it as the moves before.
            self.session.pace(dt, hold=False)
            if self.offered_seat() is not None:  # a last move made elsewhere (a remote seat's table)
                self.clear_panels()
            self.ending.tick(dt, self.end_hold)
            return
        actors = self.to_act()
        if self.autoplay and actors:
            self.submit(self.driver.autoplay_action(actors[0]), actors[0])
            return
        self.session.pace(dt, hold=self.flow.handoff_for is not None)
        self.claim.window.update(dt)
        actors = self.to_act()
        humans = [seat for seat in actors if seat in self.humans]
        if self.bots_first and any(seat not in self.humans for seat in actors):
            humans = []
        if humans:
            self.flow.offer(humans)
        elif self.offered_seat() not in (None, *actors):
            self.clear_panels()

    def next_frame(self) -> float | None:
        """NOW while anything moves by itself: cards in the air, effects, a countdown on screen, a
        save due a frame after its redraw, the end, autoplay and replays; else the soonest timer
        still running (a bot's beat, the beat before a hand-off or a lone move); at rest
        (ON_INPUT) once a human's choices wait on screen and no timer runs."""
        seat = self.offered_seat()
        offered = seat is not None and self.panel_key is not None and self.panel_key[0] == self.moves
        beats = [self.driver.next_move_in(), self.reaction.quiet,
                 self.handoff_beat - self.since_move, FORCED_BEAT - self.since_move,
                 HINT_POLL if self.hint.waiting else None]
        if (self.watch or self.autoplay or self.autosave.dirty or self.effects.busy or self.flights.busy
                or self.driver.is_over() or self.driver.remaining() is not None):
            return NOW
        running = [t for t in beats if t is not None and t > 0]
        if running:
            return min(running)
        return ON_INPUT if offered else NOW

    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Send one action for `seat` (the panel's or a drop's); a refusal changes nothing and
        its reason shows."""
        seat = action.get("seat", seat) if seat is None else seat
        applied = self.session.send(seat, action)
        if not applied.ok:
            self.refuse(self.names.tr(applied.message))
            return False
        return True

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
        self.claim.news = self.hint_text = ""
        self.clear_panels()
        self.drops.drag = None
        self.claim.settle(self.is_window(self.top()))
        if seat in self.humans and self.gate.shared:
            # The same human straight on (their own turn goes on): keep the screen; else fold away.
            if not self.keeps_screen(seat):
                self.gate.hide()
        if self.display_seat is None:
            self.play_events(events)

    def undo(self) -> bool:
        """Ctrl+Z: take back the lone human's last moves up to what revealed something."""
        seat = self.humans[0] if len(self.humans) == 1 else None
        if seat is None or not self.session.undo(seat):
            shared = len(self.humans) > 1
            off = _("Undo is off when several people share the table")
            if self.driver.across_machines:
                off, shared = _("No undo at a table played across machines: the others saw the move"), True
            self.refuse(off if shared else self.nothing_to_undo())
            return False
        self.autosave.save()
        self.message = ""
        self.clear_panels()
        return True

    def refuse(self, text: str) -> None:
        """Say `text` over the hand, with the refusal sound."""
        self.message = text
        self._sound("refuse")

    def _tell(self, text: str) -> None:
        self.message = text

    def _hand_off(self, seat: int) -> None:
        self.flow.hand_off(seat)

    # -- the defaults of the game's part that read the table ------------------------------------------

    def offered_seat(self) -> int | None:
        return self.panel.seat if self.panel is not None else None

    def clear_panels(self) -> None:
        self.panel = None
        self.panel_key = None
        self.hint.drop()

    def keeps_screen(self, seat: int) -> bool:
        top = self.top()
        return top is not None and top["kind"] in self.own_turn_kinds and self.to_act() == [seat]

    def acting_seat(self) -> int | None:
        """The seat whose choices are on screen (who drags)."""
        return self.panel.seat if self.panel is not None else None

    def zones_at(self, pos: tuple[int, int]) -> list[Any]:
        return [zone for zone in reversed(self.zones) if zone.rect.collidepoint(pos)]

    def drop_zones(self, pos: tuple[int, int]) -> list[Any]:
        return [z for z in self.zones_at(pos) if self.landable is None or z.kind in self.landable]

    def click(self, zone: Any) -> None:
        """A press released without dragging: pick the zone in the move list."""
        if self.panel is not None and not self.panel.pick(zone.kind, zone.value):
            self.message = _("Nothing you can do with that now")

    def dropped(self, found: list[Action], dragged: Any, target: Any, seat: int) -> None:
        """The legal moves a drop made (listed order): the first is sent."""
        self.submit(found[0], seat)

    # -- hints, replays and fast-forward --------------------------------------------------------------

    def ask_hint(self, seat: int, legal: Sequence[Action]) -> None:
        """A hint for `seat` among `legal` (H): the game's `give_hint` shows it once it is ready,
        and the table says the expert thinks meanwhile."""
        self.hint_text = ""
        self.hint.ask(seat, legal)

    def hint_line(self) -> str:
        """The hint's line over the choices ('' for none)."""
        return self.hint.line(self.hint_text)

    def count_hint(self, seat: int, why: Any) -> None:
        """A hint was given to `seat` for reason `why` (a message): shown, and counted."""
        self.hints_used[seat] = self.hints_used.get(seat, 0) + 1
        self.hint_text = self.names.tr(why)

    def focus_move(self, action: Action) -> None:
        """Focus `action` in the move list (a hint's suggestion)."""
        self.panel.picked = None
        self.panel.focus_on(action)

    def seat_name(self, seat: int) -> str:
        """The seat as this table names it everywhere (the player's name beside the game's)."""
        return self.names(seat)

    def replay_apply(self, seat: int | None, action: Action) -> bool:
        return self.submit(action, seat)

    @property
    def busy(self) -> bool:
        """True while cards are still flying (a replay waits for them)."""
        return self.flights.busy

    def skip_to(self, at: float | None = None, turn: int | None = None) -> None:
        """Play on at once, every seat autoplayed by the driver, until round or turn `turn` begins
        (`at`: seconds of table time, a move a 1/30 s), then stop every effect."""
        self.autoplay = True
        if turn is not None:
            self.driver.skip_to(until=lambda: self.round_of(self.public()) >= turn)
        elif at is not None:
            self.driver.skip_to(at=at)
        self.autoplay = False
        self.snap()

    def snap(self) -> None:
        self.effects.clear()
        self.flights.clear()
        self.clear_panels()

    # -- what painters and tests read: the parts' state, by the names the table always had ---------

    @property
    def display_seat(self) -> int | None:
        """The seat whose hand may show (`TableSession.display_seat`)."""
        return self.session.display_seat

    @property
    def watch_seat(self) -> int | None:
        return self.session.watch_seat

    @watch_seat.setter
    def watch_seat(self, seat: int | None) -> None:
        self.session.watch_seat = seat

    @property
    def state(self) -> Any:
        return self.session.state

    def legal(self, seat: int) -> Sequence[Action]:
        return self.session.legal(seat)

    def to_act(self) -> list[int]:
        return self.session.to_act()

    def is_over(self) -> bool:
        return self.session.is_over()

    def view(self) -> Mapping[str, Any]:
        """What the screen may show now (the view `draw` uses)."""
        return self.session.view()

    def public(self) -> Mapping[str, Any]:
        return self.session.public()

    def history(self) -> SeatHistory:
        return self.session.history()

    def top(self) -> dict[str, Any] | None:
        return self.session.top()

    def is_window(self, top: dict[str, Any] | None = None) -> bool:
        return self.session.is_window(top)

    @property
    def reaction(self) -> ReactionWindow:
        return self.claim.window

    @property
    def claimed(self) -> int | None:
        return self.claim.claimed

    @property
    def handoff_for(self) -> int | None:
        return self.flow.handoff_for

    @property
    def drag(self) -> dict[str, Any] | None:
        return self.drops.drag

    def dragging(self) -> Any:
        return self.drops.dragging()

    def drop_targets(self) -> set[ZoneKey]:
        return self.drops.targets()

    @property
    def end_timer(self) -> float:
        return self.ending.timer

    def ceremony_armed(self) -> bool:
        return self.ending.armed()

    def show_results(self) -> None:
        self.ending.show_results()

    def inspected_zone(self, kinds: tuple[str, ...], zones: Iterable[Any]) -> Any | None:
        """The card to show large: the zone of one of `kinds` under the pointer (of cards that
        overlap, the one drawn last: it is on top), else the hand card picked with Tab, else the
        zone of one of `kinds` Tab rests on to look at."""
        hover = self.drops.hover
        zones = list(zones)
        under = [z for z in zones if z.kind in kinds and hover is not None and z.rect.collidepoint(hover)]
        if under:
            return under[-1]
        picked = self.panel.picked if self.panel is not None else None
        if picked and picked[0] == "hand":
            return next((z for z in zones if z.kind == "hand" and z.value == picked[1]), None)
        looking = self.input.looking
        return next((z for z in zones if z.kind in kinds and (z.kind, z.value) == looking), None)
