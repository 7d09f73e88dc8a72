"""The Rumble Pie table: a fixed-timestep game everyone plays at once, on keys, pads, mouse and bots."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from pie_table.core.driver import TableDriver
from pie_table.core.fixed_step import FixedStep
from pie_table.core.saves import Autosaver, GameSaver
from pie_table.core.setup import GameSetup
from pie_table.core.stats import record_finished
from pie_table.games.rumble_pie.rules import TICK_HZ
from pie_table.games.rumble_pie.table.seat_sim import SeatTableSim
from pie_table.games.rumble_pie.table.sim import TableSim, TickResult
from pie_table.games.rumble_pie.ui.card_layer import CardLayer, relayout
from pie_table.games.rumble_pie.ui.controls import Cursor
from pie_table.games.rumble_pie.ui.feedback import Feedback
from pie_table.games.rumble_pie.ui.geometry import TableGeometry, seat_slots
from pie_table.games.rumble_pie.ui.inspect_card import draw_card_inspect
from pie_table.games.rumble_pie.ui.kapow import KAPOW
from pie_table.games.rumble_pie.ui.mouse import MouseControl
from pie_table.games.rumble_pie.ui.remote_badge import (
    AwayPrompt,
    clear_of_summary,
    draw_away,
    draw_delay,
    draw_host_paused,
    draw_remote_delays,
)
from pie_table.games.rumble_pie.ui.summary import SummaryOverlay, result_lines
from pie_table.games.rumble_pie.ui.table_draw import draw_table, legends, seat_infos
from pie_table.games.rumble_pie.ui.table_view import TableView
from pie_table.kit import art, motion
from pie_table.kit import palette as pal
from pie_table.kit.effects import EffectLayer
from pie_table.kit.i18n import N_, _, current_language
from pie_table.kit.layout import load_layout
from pie_table.kit.scene import NOW, ON_INPUT, Scene
from pie_table.kit.seat_names import SeatNames
from pie_table.paths import saves_dir
from pie_table.scenes.playback import WatchedTable
from pie_table.scenes.save_trouble import ask_before_closing, draw_marker
from pie_table.scenes.table_hosting import HostedSeats, TableHosting, hosted_frame

if TYPE_CHECKING:  # the remote table's module brings the network client: imported only to join
    from pie_table.games.rumble_pie.table.recorded_sim import RecordedTableSim
    from pie_table.games.rumble_pie.table.remote_sim import RemoteTableSim
    from pie_table.net.link_source import LinkSource
    from pie_table.net.recording import Recording
    from pie_table.net.remote_driver import RemoteDriver
from pie_table.scenes.seats import REMOTE

RESULTS_BEAT_S = 2.5
MOUSE_HINT = N_("The mouse plays only for a Human · Mouse seat (pick one on the seat screen)")
# Between rounds, a start asked for sooner than this after the round ended is ignored: players still
# hammering their keys at the end of a round must see the summary, not skip it.
START_LOCKOUT_S = 1.2
_START_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
_WAITING = ("ready", "round_over")


class RumbleTableScene(Scene, WatchedTable):
    """The table a Rumble Pie game is played on (and watched in its replays: `WatchedTable`)."""

    autosave: GameSaver  # every table keeps its game (a seat played from afar: its own replay)

    def __init__(self, app: Any, setup: GameSetup, driver: TableDriver[FixedStep] | None = None,
                 save_path: str | None = None, watch: bool = False,
                 remote: SeatTableSim | None = None) -> None:
        """A new game from `setup`, or `session` continued (a resumed save, kept in `save_path`).
        `watch`: a replay feeds the ticks (`replay_apply`); the clock and the bots stay still.
        `remote`: the table drawn from one seat's frames (saved at the host): a `RemoteTableSim`,
        what a host sends, or with `watch` a `RecordedTableSim`, a remote seat's own replay.
        Seats marked Remote are played on other machines: no keys, no mouse, no legend here."""
        super().__init__(app)
        self.setup = setup
        self.watch = watch
        self.watch_seat: int | None = None
        self.remote = remote is not None
        self.link = remote  # the host's frames and this seat's link (None: the game runs here)
        self.sim: TableSim | SeatTableSim
        self.local: TableSim | None = None  # the game run here (None at a remote seat)
        if remote is not None:
            self.sim = remote
        elif driver is not None:
            self.sim = self.local = TableSim(setup, driver, watch)
        else:
            raise ValueError("a Rumble Pie table runs on a driver, or on a remote table")
        self.driver = driver  # the game's (None at a remote seat: the host's driver is the game)
        # Saved at each round's end and on pause: a tick log rewritten every tick would be waste.
        # At a remote seat the host saves the game; the seat's own replay is written instead.
        self.autosave = remote.autosaver() if remote is not None else Autosaver(
            self.here().session, saves_dir(), every_action=False, path=save_path, enabled=not watch)
        self.resumed = driver is not None and bool(driver.session.log) and not watch
        # This window hosts the table for players elsewhere (set by whoever hosts it; None: not).
        self.hosting: TableHosting | None = None
        self.away_prompt = AwayPrompt()
        state = self.sim.table()
        n = len(setup.seats)
        seat_names = SeatNames.of_setup(setup, lambda seat: _("Player {n}").format(n=seat + 1))
        self.names = [seat_names(i) for i in range(n)]
        self.layout = load_layout("rumble-pie", n)
        self.slots = seat_slots(list(state.teams))
        self.geom = TableGeometry(self.layout, self.slots, app.screen.get_size())
        # Who plays from this window: nobody in a replay, where a cursor would only show where
        # nobody aimed (the keys and the mouse were never recorded).
        humans = [] if watch else [s for s, spec in enumerate(setup.seats)
                                   if not spec.is_bot and spec.level != REMOTE]
        self.cursors: dict[str, Cursor] = {
            setup.seats[seat].control: Cursor(setup.seats[seat].control, seat)
            for seat in humans if setup.seats[seat].control != "mouse"
        }
        mouse_seats = [s for s in humans if setup.seats[s].control == "mouse"]
        # The mouse plays for the Human · Mouse seat; with a single human at the table it plays for
        # them whatever their keys, since there is nobody else it could belong to.
        mouse_seat = mouse_seats[0] if mouse_seats else (humans[0] if len(humans) == 1 else None)
        self.mouse = MouseControl(mouse_seat) if mouse_seat is not None else None
        self.view = self._new_view()
        self.cards = CardLayer(self.geom, [i.color for i in self.view.seats])
        self.hover: tuple[int, int] | None = None  # where the pointer is: the card under it is inspected
        self.effects = EffectLayer(self.geom.scale, seed=setup.seed, burst=KAPOW)
        short = [f"P{i + 1}" for i in range(n)]  # the log and cursor flags say P1..P6 to stay on one line
        self.feedback = Feedback(app.sound, short, list(state.teams))
        # A game continued, or a replay (a seat's own too) shown from later on: what was said.
        said = remote.said_before() if remote is not None else self.here().driver.history(None).said
        self.feedback.retell(said, self.geom)
        self.summary = SummaryOverlay()
        self.over_timer: float | None = None
        self.waiting_s = 0.0  # how long the table has been between rounds
        self._refresh_all()
        if (driver is not None and driver.session.log) or watch:
            # A continued game opens paused before any frame animates: its cards are dealt in place,
            # not left on the decks behind the pause panel.
            self.cards.sync(self.sim.table(), animate=False)
            self.cards.settle()

    @staticmethod
    def remote_table(driver: RemoteDriver[LinkSource]) -> RemoteTableSim:
        """A seat taken (or watched) at a Rumble table hosted elsewhere, on the remote driver its
        link feeds (the join screen opens this table with it as `remote`)."""
        from pie_table.games.rumble_pie.table.remote_sim import RemoteTableSim

        return RemoteTableSim(driver)

    @staticmethod
    def replay_seat(recording: RemoteDriver[Recording]) -> RecordedTableSim:
        """A remote seat's own recording, shown from the update it has reached (the seat-replay
        viewer opens this table with it as `remote`, watching)."""
        from pie_table.games.rumble_pie.table.recorded_sim import RecordedTableSim

        return RecordedTableSim(recording)

    # --- scene hooks ---------------------------------------------------------------------------

    def enter(self) -> None:
        """Art drawn before the display existed is converted for fast blits, and drawn now, not mid-game.
        (A replay rebuilds its table at every step back: by then the art is already converted.)"""
        if not self.watch:
            art.clear_cache()
        self.view.set_geometry(self.geom)
        self.view.warm_up(self.sim.table().columns_allowed)
        self.effects.warm_up()
        self.draw(self.app.screen)  # fonts and panels are rendered now; the first real frame just blits

    def exit(self) -> None:
        """Leaving the table (to the menu, or the app closing): the game is saved as it stands."""
        self.autosave.save()
        if self.link is not None:
            self.link.close()  # the host shows the seat as away
        if self.hosting is not None:
            self.hosting.left()

    @property
    def network(self) -> HostedSeats | None:
        """The remote seats of a table hosted here (None: not hosted from this window)."""
        return self.hosting.seats if self.hosting is not None else None

    def pause(self) -> None:
        """An overlay came up: a card in the mouse's hand goes back where it came from (and a
        hosted game waits for everyone)."""
        if self.hosting is not None:
            self.hosting.held()
        if self.mouse is not None and self.mouse.drag is not None:
            for card in self.mouse.drag.cards:
                self.cards.spring_back(card)
            self.mouse.drag = None

    def resume(self) -> None:
        """Back from the pause overlay: time spent paused is not owed to the game, and a language
        chosen in its settings is the table's from now on (labels and key legend drawn anew)."""
        if self.hosting is not None:
            self.hosting.released()
        self.sim.accumulator = 0.0
        if self.language != current_language():
            self.view = self._new_view()
            self.view.warm_up(self.sim.table().columns_allowed)

    def _new_view(self) -> TableView:
        """The painted parts of the table (seat labels, key legend) in the language shown now."""
        self.language = current_language()
        infos = seat_infos(self.setup, self.sim.table().teams, self.names)
        return TableView(self.geom, infos, legends(self.app, self.setup, self.names, self.watch,
                                                         self.sim.live))

    def on_focus_lost(self) -> None:
        """A table pauses itself when the window loses focus (a remote seat's does not: the host's
        clock runs the game whatever this window does; nor a hosted one: it runs on for the remote
        players whatever this window does, and Esc still pauses it for everyone)."""
        if not self.remote and self.hosting is None:
            self.pause_game()

    def on_close_request(self) -> bool:
        return ask_before_closing(self.app, self)

    def on_resize(self, size: tuple[int, int]) -> None:
        """Recompute the layout for the new window; cards (a dragged one too) snap to their new places."""
        if self.mouse is not None:
            self.mouse.drag = None
        self.geom = TableGeometry(self.layout, self.slots, size)
        self.view.set_geometry(self.geom)
        self.view.warm_up(self.sim.table().columns_allowed)
        relayout(self.cards, self.geom, self.sim.table())
        self.effects = EffectLayer(self.geom.scale, seed=self.setup.seed, burst=KAPOW)
        self.effects.warm_up()

    def pause_game(self) -> None:
        """Push the pause overlay (the scene manager stops updating this scene under it)."""
        if self.app.scenes.current is self and self.over_timer is None:
            from pie_table.scenes.pause import PauseScene

            self.autosave.save()
            note = self.hosting.note if self.hosting is not None else None
            self.app.scenes.push(PauseScene(self.app, self.setup.game_id, note))

    # --- input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys and pads become intents, mouse drops become actions; all queue for the next tick."""
        self.sim.invalidate()  # input reads the table as it is now
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause_game()
            return
        if event.type == pygame.KEYDOWN and event.key in _START_KEYS:
            self.request_start()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self._mouse_event(event)
            return
        for intent in self.app.input.translate(event):
            if intent.pressed:
                self._intent(intent.device, intent.name)

    def _intent(self, device: str, name: str) -> None:
        if name == "pause":
            if self.sim.phase in _WAITING and device.startswith("pad"):
                self.request_start()  # a pad has no Enter: its Start button says Go! between rounds
            else:
                self.pause_game()
            return
        state = self.sim.table()
        cursor = self.cursors.get(device)
        if cursor is None:
            return
        actions = cursor.handle(state, name)
        if self.sim.phase != "play":
            return  # between rounds the cursor may move, but nothing is sent to the engine
        if name == "play" and not actions:
            self.feedback.refused(cursor.seat, N_("No pile takes that card right now"))
        for action in actions:
            self.sim.push(action, (device, self._card_of(action)))

    def _card_of(self, action: dict[str, Any]) -> int | None:
        """The card an action would move (for refusal feedback), if there is one."""
        player = self.sim.table().players[action["seat"]]
        source = action.get("source", action.get("from"))
        if action["type"] == "place" or source == "hand":
            return player.hand
        if isinstance(source, int) and source < len(player.columns) and player.columns[source]:
            return player.columns[source][-1]
        return None

    def request_start(self, clicked: bool = False) -> bool:
        """Go! for the first or the next round (Enter, a pad's Start, or a click on Go!; the play
        keys never start a round). After a round, a key only counts once the summary has been up
        for a moment; a click on the Go! button is deliberate and counts at once."""
        if self.sim.phase not in _WAITING:
            return False
        if self.sim.phase == "round_over" and not clicked and self.waiting_s < START_LOCKOUT_S:
            return False
        self.sim.start("human")
        return True

    def _mouse_event(self, event: pygame.event.Event) -> None:
        pos = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            answer = self.away_prompt.click(pos)
            if answer is not None:
                if answer[0] == "bot" and self.network is not None:
                    self.network.hand_to_bot(answer[1])
            elif self._clicked_go(pos):
                self.request_start(clicked=True)
            elif self.mouse is not None and self.sim.phase == "play":
                action = self.mouse.press(self.sim.table(), self.geom, pos)
                if action is not None:
                    self.sim.push(action, ("mouse", None))
            elif self.mouse is None and self.sim.phase == "play":
                # Several people share the keyboard and none took the mouse: say so, not nothing.
                self.feedback.hint(_(MOUSE_HINT))
        elif event.type == pygame.MOUSEMOTION:
            self.hover = pos
            if self.mouse is not None:
                self.mouse.motion(pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.mouse is not None:
            self._drop(pos)

    def _clicked_go(self, pos: tuple[int, int]) -> bool:
        buttons = (self.view.go_button, self.summary.go_button)
        return any(b is not None and b.collidepoint(pos) for b in buttons)

    def _drop(self, pos: tuple[int, int]) -> None:
        assert self.mouse is not None
        drag = self.mouse.drag
        action = self.mouse.release(self.sim.table(), self.geom, pos)
        card = None
        if drag is not None and drag.cards:
            card = drag.cards[0]
            self.cards.hold_at(card, drag.topleft)  # animate from where it was let go
        if action is None:
            if card is not None:
                self.cards.spring_back(card)
            return
        self.sim.push(action, ("mouse", card))

    # --- simulation ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Run the fixed-timestep simulation, then the animations (a hosted table's network heard
        before, told after)."""
        hosted_frame(self.hosting, self._frame, dt)

    def _frame(self, dt: float) -> None:
        self._name_remote_players()  # before a continued game's pause, which shows the table as named
        if self.resumed:
            # A game continued mid-round opens paused, so everyone can take their places first.
            self.resumed = False
            if self.sim.phase not in _WAITING:
                self.pause_game()
                return
        self.waiting_s = self.waiting_s + dt if self.sim.phase in _WAITING else 0.0
        self.feedback.new_frame(dt)
        changed = False
        for result in self.sim.advance(dt):
            self.feedback.quiet = result.catch_up  # what was missed: told, not replayed loudly
            changed |= self._absorb(result)
            self.feedback.quiet = False
        if changed:
            self._refresh_all()
        self.cards.update(motion.travel(dt))
        self.effects.update(dt)
        self._check_game_over(dt)
        if self.link is not None and self.link.ended:
            self._host_gone(self.link.ended)

    def _host_gone(self, line: str) -> None:
        """The host quit (or could not be reached again): one line on the title, and back there."""
        from pie_table.scenes.net_join import return_to_title

        return_to_title(self.app, line)

    def _name_remote_players(self) -> None:
        """A remote seat is labelled with the name its player joined with: at the host as its
        network has them, at a joined window as the host last said (later joiners included)."""
        told = self.network if self.network is not None else self.link
        if told is None:
            return  # nobody plays from elsewhere
        names = [told.name_of(seat) or name for seat, name in enumerate(self.names)]
        if names != self.names:
            self.names = names
            self.view = self._new_view()
            self.view.set_geometry(self.geom)
            self.view.warm_up(self.sim.table().columns_allowed)

    def away_seats(self) -> list[int]:
        """Seats whose remote players have dropped, as this window knows them."""
        if self.link is not None:
            return sorted(self.link.away)
        return sorted(self.network.away()) if self.network is not None else []

    def next_frame(self) -> float | None:
        """Frames while a round runs or anything on the table moves; between rounds, at rest until a
        human starts the next (after the lockout that keeps a late key from starting it)."""
        feedback = self.feedback
        talking = feedback.flash is not None or feedback.banner is not None or bool(feedback.notices)
        dragging = self.mouse is not None and self.mouse.drag is not None
        if (self.watch or self.resumed or not self.sim.has_humans or self.sim.phase not in _WAITING
                or self.sim.queue or self.cards.busy() or self.effects.busy or talking or dragging):
            return NOW
        lockout = START_LOCKOUT_S - self.waiting_s
        return lockout if lockout > 0 else ON_INPUT

    def _absorb(self, result: TickResult) -> bool:
        """Events to sounds/log/effects, refusals to feedback; True if anything changed on the table."""
        for ev in result.events:
            self.feedback.on_event(ev, self.geom, self.effects)
            if ev.get("type") == "round_over":
                self.autosave.save()
            if ev.get("type") == "played" and ev.get("seat") in self._cursor_seats():
                self._cursor_for(ev["seat"]).on_played()
        for refusal in result.refusals:
            self._refused(refusal.action, refusal.reason, refusal.origin)
        return bool(result.events or result.applied)

    def _cursor_seats(self) -> set[int]:
        return {c.seat for c in self.cursors.values()}

    def _cursor_for(self, seat: int) -> Cursor:
        return next(c for c in self.cursors.values() if c.seat == seat)

    def _refused(self, action: dict[str, Any], reason: str, origin: Any) -> None:
        seat = action.get("seat")
        if seat is None:
            return
        self.feedback.refused(seat, reason)
        # A key or the mouse tags its action (device, card); a remote seat's is tagged by the host.
        card = origin[1] if isinstance(origin, tuple) and len(origin) == 2 else None
        if card is not None:
            self.cards.spring_back(card)

    def _refresh_all(self) -> None:
        """After the state changed: sprites to their places, cursors and drag targets recomputed."""
        self.sim.invalidate()
        state = self.sim.table()
        self.cards.sync(state)
        for cursor in self.cursors.values():
            cursor.refresh(state)
        if self.mouse is not None:
            self.mouse.refresh(state)

    def here(self) -> TableSim:
        """The game run at this table (replays, fast-forward and lessons run only here)."""
        if self.local is None:
            raise RuntimeError("a remote seat's table runs no game of its own")
        return self.local

    def replay_apply(self, seat: int | None, action: dict[str, Any]) -> bool:
        """A replay's next logged entry, applied and animated like a live tick."""
        result = self.here().replay_apply(seat, action)
        if self._absorb(result):
            self._refresh_all()
        return bool(result.applied)

    @property
    def busy(self) -> bool:
        """Rumble Pie's replay never waits for an animation: time itself is the log."""
        return False

    def snap(self) -> None:
        """Cards where the game has them and no burst still flying, for a replay shown from a later
        moment (its first frame would otherwise animate every card from its deck)."""
        self.cards.sync(self.sim.table(), animate=False)
        self.cards.settle()
        self.effects.clear()

    def seat_name(self, seat: int) -> str:
        """The seat as this table names it (the player's name, else "Player n")."""
        return self.names[seat]

    def _check_game_over(self, dt: float) -> None:
        """After the last round, a short beat, then the results screen."""
        if self.sim.phase != "game_over" or self.watch:
            return
        self.over_timer = (self.over_timer or 0.0) + dt
        if self.over_timer >= RESULTS_BEAT_S and self.app.scenes.current is self:
            from pie_table.scenes.results import ResultsScene
            from pie_table.scenes.save_trouble import FinishedWrites

            state = self.sim.table()
            title = _("{team} wins!").format(team=pal.team_name(state.winner))
            lines = result_lines(state, self.names)
            self.autosave.save()
            session = self.sim.session  # None at a remote seat: its game is recorded at the host
            key, extras = Path(str(self.autosave.path)).name, rumble_extras(state)
            writes = FinishedWrites(self.autosave,
                                    lambda: session is not None and record_finished(session, key, extras))
            replay = str(self.autosave.path) or None  # a remote seat has no save to replay here
            # No Play again at a remote seat (as at a joined turn-based table): the host sets it up.
            self.app.scenes.replace(ResultsScene(self.app, self.setup, title, lines, replay,
                                                 again=not self.remote, writes=writes))

    # --- headless hooks --------------------------------------------------------------------------

    @property
    def game_seconds(self) -> float:
        """Seconds of game time since the first Go! (start)."""
        return self.sim.game_ticks / TICK_HZ

    def skip_to(self, at: float | None = None, turn: int | None = None) -> None:
        """Fast-forward to `at` seconds after the first start (or round `turn`), then snap every card."""
        until_tick = round(at * TICK_HZ) if at is not None else None
        if until_tick is not None or turn is not None:
            self.feedback.quiet = True
            try:
                self.here().fast_forward(until_tick, turn, on_result=self._absorb)
            finally:
                self.feedback.quiet = False
            self.feedback.notices.clear()
            self.feedback.flash = self.feedback.banner = None
        self.effects.clear()
        self.cards.sync(self.sim.table(), animate=False)
        self.cards.settle()
        for cursor in self.cursors.values():
            cursor.refresh(self.sim.table())

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table, then the shake, effects and overlays."""
        draw_table(self, surface)
        if self.mouse is None or self.mouse.drag is None:
            draw_card_inspect(surface, self.cards, self.hover, self.geom.scale)
        draw_marker(surface, self.autosave)
        away = self.away_seats()
        for seat in away:
            draw_away(surface, self.geom.zone(seat, "label"), self.names[seat])
        # The banner's strip, moved clear of the round summary while it is up.
        band = clear_of_summary(self.geom.area("banner"), self.summary.panel, self.geom.area("play"))
        if self.link is not None and not self.watch:  # (a replay of a seat is not linked to anyone)
            if self.link.held_by_host:  # reconnecting too: said whole in the strip, not cut in the badge
                draw_host_paused(surface, band, self.link.held_by_host)
            if not self.link.reconnecting:
                draw_delay(surface, self.geom.area("log"), self.link.delay_ms)
        elif self.network is not None:
            self.away_prompt.draw(surface, band, away, self.names)
            draw_remote_delays(surface, self.geom.area("log"),
                               {self.names[seat]: ms for seat, ms in sorted(self.network.delays().items())})


def rumble_extras(state: Any) -> dict[int, dict[str, int]]:
    """Per seat: the KaPow!s its team landed and the Out! calls it made, over the whole game."""
    teams = list(state.teams)
    extras: dict[int, dict[str, int]] = {}
    for seat, team in enumerate(teams):
        kapows = sum(entry["kapows"][team] for entry in state.history)
        outs = sum(1 for entry in state.history if entry.get("out_by") == seat)
        extras[seat] = {"kapows": kapows, "outs": outs}
    return extras
