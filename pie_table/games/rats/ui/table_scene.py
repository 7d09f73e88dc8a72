"""The RATS table: runs the engine turn by turn, lets bots and hot-seat humans decide, draws one seat's view.

Privacy by construction: `draw` only ever receives `RULES.view(state, seat)` for the seat the privacy
gate says is at the screen (None = public only); bots decide from their own view. Dice results come
from the engine's events; the tray animates them afterwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from pie_table.core.driver import TableDriver
from pie_table.core.engine import Action, Event
from pie_table.core.pacing import Pace, Pacer
from pie_table.core.saves import Autosaver
from pie_table.core.setup import GameSetup
from pie_table.core.stats import record_finished
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.ui.ceremony import Ceremony
from pie_table.games.rats.ui.choices import ChoicePanel
from pie_table.games.rats.ui.dice_tray import DiceTray
from pie_table.games.rats.ui.labels import PUBLIC_KINDS, dice_caption, note_text, rat_name, results_text
from pie_table.games.rats.ui.table_draw import (
    compute_layout,
    until_the_dice_land,
)
from pie_table.games.rats.ui.table_paint import TablePainter
from pie_table.kit import art, motion
from pie_table.kit import palette as pal
from pie_table.kit.effects import EffectLayer
from pie_table.kit.handoff import HandoffScene
from pie_table.kit.i18n import _
from pie_table.kit.seat_names import SeatNames
from pie_table.kit.text import fit_text
from pie_table.paths import saves_dir
from pie_table.scenes.save_trouble import draw_marker
from pie_table.scenes.table_base import TurnTableScene

GAME_ID = "rats"
_PUBLIC_BEAT = 0.6  # a bot waits this long before a move everyone watches (rolls, picks said aloud)
_SECRET_BEAT = 0.12  # secret bot picks are quick: nobody sees them being made
_HANDOFF_BEAT = 0.8  # let everyone read where the dice landed before the screen is covered
_END_HOLD = 3.0  # seconds the fate of the ship stays up before the results appear by themselves
_ROLL_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
_ADVANCE_KEYS = (*_ROLL_KEYS, pygame.K_RIGHT)


class RatsTableScene(TurnTableScene):
    """One game of RATS at the table."""

    game_id = GAME_ID

    def __init__(self, app: Any, setup: GameSetup, driver: TableDriver,
                 save_path: str | None = None, watch: bool = False) -> None:
        """A new game from `setup`, or `session` continued (a resumed save, kept in `save_path`).
        `watch`: a replay drives the game (`replay_apply`); nobody is asked anything here."""
        super().__init__(app)
        self.setup = setup
        self.names = SeatNames.of_setup(setup, rat_name)  # every seat by its player's name
        self.rules = RULES
        self.session = driver.session  # (rats-table moves this table onto its driver)
        self.watch = watch
        self.watch_seat: int | None = None
        self.autosave = Autosaver(self.session, saves_dir(), every_action=True, path=save_path,
                                  enabled=not watch)
        self.bots = self.session.bots
        self.humans = self.session.humans
        self.gate = self.session.gate
        self.tray = DiceTray(on_throw=self.throw)
        self.effects = EffectLayer(seed=setup.seed)
        self.panel: ChoicePanel | None = None
        self.panel_key: tuple[int, int] | None = None
        # Moves (and undos) this scene has seen: what the painter and the panel key on (the view
        # is read afresh; nothing is keyed on the engine's own counters).
        self.changes = 0
        self.ceremony: Ceremony | None = None
        self.handoff_for: int | None = None
        self.autoplay = False  # headless playthrough: humans take their first legal action
        self.since_move = 0.0
        self.end_timer = 0.0
        self.results_shown = False
        self.shown_seat: int | None = None
        self.message = ""
        self.hint_text = ""
        self.hints_used: dict[int, int] = {}  # per seat, for the statistics
        self.painter = TablePainter()
        settings = getattr(app, "settings", None)
        self.pace = settings.pace_factor() if settings is not None else 1.0  # the settings' bot pace
        waits = Pace(public=_PUBLIC_BEAT * self.pace, secret=_SECRET_BEAT * self.pace)
        # Each move starts the bots' beat afresh (a rat answering its second question of a pick
        # waits its beat again), as before RATS kept its decisions on the stack.
        self.pacer = Pacer(self.session, waits, seed=setup.seed, beat=self._beat,
                           moment=lambda: (len(self.session.log), tuple(self.session.to_act())))
        self.driver = self.pacer  # the countdown table_base reads (rats-table runs this table on `driver`)
        self.layout = compute_layout(app.screen.get_size(), self.state.seats)
        self.tray.layout(self.layout.tray)
        self._sync_tray()

    @property
    def state(self) -> Any:
        """The engine state (the session's; undo may replace it)."""
        return self.session.state

    # --- who sees what ---------------------------------------------------------------------------

    @property
    def display_seat(self) -> int | None:
        """The seat whose view the screen shows: the human at the screen; with no humans, Rat 1;
        in a replay, the seat the viewer chose (None: a spectator, who sees public things only)."""
        if self.watch:
            return self.watch_seat
        if not self.humans:
            return 0  # bots only: nobody's secret to keep, so the spectator follows the first rat
        return self.gate.viewer

    def view(self) -> dict[str, Any]:
        """What the screen may show now (read only)."""
        return self.session.view(self.display_seat)

    def _question(self, seat: int) -> dict[str, Any] | None:
        """The question the open pick asks `seat` now, from its own view (None: none)."""
        question: dict[str, Any] | None = self.session.view(seat).get("question")
        return question

    # --- scene hooks -----------------------------------------------------------------------------

    def enter(self) -> None:
        self.on_resize(self.app.screen.get_size())
        self.warm_up()

    def resume(self) -> None:
        self.on_resize(self.app.screen.get_size())

    def exit(self) -> None:
        """Leaving the table (to the menu, or the app closing): the game is saved as it stands."""
        self.autosave.save()

    def on_resize(self, size: tuple[int, int]) -> None:
        """Recompute every region from the window size."""
        self.layout = compute_layout(size, self.state.seats)
        self.tray.layout(self.layout.tray)
        self.effects.scale = self.layout.scale
        if self.panel is not None:
            self.panel.layout(self._panel_rect(), self.layout.scale)

    # --- input -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc pauses; dice, ceremony and the choice panel take the rest."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause_game()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and self.panel is not None:
            self.show_hint()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if self.tray.handle_event(event):
            return
        if self._ceremony_input(event):
            return
        if self.panel is None:
            return
        if event.type == pygame.KEYDOWN and event.key in _ROLL_KEYS and self.panel.kind == "roll":
            self.submit(self.panel.legal[0], self.panel.seat)
            return
        router = getattr(self.app, "input", None)
        self.panel.handle_event(event, router.menu_action(event) if router is not None else None)

    def _ceremony_input(self, event: pygame.event.Event) -> bool:
        stepping = event.type == pygame.MOUSEBUTTONDOWN or (
            event.type == pygame.KEYDOWN and event.key in _ADVANCE_KEYS)
        if self.ceremony is None or not stepping:
            return False
        if not self.ceremony.ready:
            return self.ceremony.advance()
        if self.rules.is_over(self.state) and not self.ceremony.flipping:
            self._show_results()
            return True
        return False

    def throw(self, velocity: tuple[float, float]) -> None:
        """A die was dragged and released: send the roll, then animate with this velocity."""
        if self.panel is not None and self.panel.kind == "roll":
            self.submit(self.panel.legal[0], self.panel.seat, velocity)

    # --- the flow of play ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Animate; once the dice rest, let the next bot or human decide."""
        self.autosave.flush()  # the last action's save, a frame after its redraw
        was_busy = self.tray.busy
        self.tray.update(motion.scaled(dt))
        self.effects.update(dt)
        if was_busy and not self.tray.busy:
            self._sound("dice_land")
        if self.ceremony is not None:
            self.ceremony.update(motion.scaled(dt))
        if self.tray.busy or (self.ceremony is not None and self.ceremony.flipping):
            return
        self.since_move += dt
        self._pump(dt)

    def next_frame(self) -> float | None:
        """Frames while dice roll, goals flip or bots play; at rest while a human's choice waits."""
        ceremony = self.ceremony is not None and (self.ceremony.flipping or not self.ceremony.ready)
        moving = self.table_moving() or self.tray.busy or ceremony
        offered = self.panel is not None and self.panel_key == (self.changes, self.panel_key[1])
        return self.rest_until(moving, offered, [self.pacer.next_move_in(), _HANDOFF_BEAT - self.since_move])

    def _pump(self, dt: float) -> None:
        self._check_ceremony()
        if self.watch:
            return  # a replay feeds the moves; nobody decides here
        if self.rules.is_over(self.state):
            self.end_timer += dt
            if self.end_timer >= _END_HOLD:
                self._show_results()
            return
        if self.ceremony is not None and not self.ceremony.ready:
            return
        actors = self.rules.to_act(self.state)
        if self.autoplay and actors:
            self.submit(self._auto_action(actors[0]), actors[0])
        elif any(seat in self.bots for seat in actors):
            # The session's pacer moves the bots once their beat has passed, as people would.
            for applied in self.pacer.update(dt):
                if applied.ok and applied.entry is not None:
                    self._applied(applied.entry.seat, applied.events, None)
        elif actors:
            self._offer(actors)

    def _beat(self, seat: int) -> float:
        """How long a bot waits: a move everyone watches takes longer than a secret pick."""
        item = self._question(seat) or {}
        return (_PUBLIC_BEAT if item.get("kind") in PUBLIC_KINDS else _SECRET_BEAT) * self.pace

    def _auto_action(self, seat: int) -> Action:
        """A bot's choice from its own view, or a human's first legal action when autoplaying."""
        if seat in self.bots:
            action = self.session.bot_action(seat)
            if action is not None:
                return action
        return self.rules.legal_actions(self.state, seat)[0]

    def _offer(self, humans: list[int]) -> None:
        """Put the next human decision on screen, behind a hand-off when it is secret."""
        seat = self.gate.viewer if self.gate.viewer in humans else humans[0]
        key = (self.changes, seat)
        if self.handoff_for is not None or (self.panel is not None and self.panel_key == key):
            return
        item = self._question(seat)
        if item is None:
            return
        if item["kind"] in PUBLIC_KINDS:
            if self.gate.viewer not in (None, seat):
                self.gate.hide()  # a public move by someone else: fold the last sheet away first
        elif self.gate.needs_handoff(seat):
            if self.since_move >= _HANDOFF_BEAT:
                self._hand_off(seat)
            return
        self._open_panel(seat, item, key)

    def _hand_off(self, seat: int) -> None:
        self.panel = None
        self.gate.hide()
        self.handoff_for = seat

        def confirmed() -> None:
            self.gate.confirm(seat)
            self.handoff_for = None

        note = _("Only {rat} should look at the screen now.").format(rat=self.names(seat))
        portrait = art.rat_portrait(int(96 * self.layout.scale))
        self.app.scenes.push(HandoffScene(self.app, self.names(seat), confirmed, note, self.pause_game,
                                          icon=portrait, control=self.setup.seats[seat].control))

    def _open_panel(self, seat: int, item: dict[str, Any], key: tuple[int, int]) -> None:
        legal = self.rules.legal_actions(self.state, seat)
        if not legal:
            return
        view = self.session.view(seat)

        def choose(action: Action) -> None:
            self.submit(action, seat)

        self.panel = ChoicePanel(seat, item, legal, view, choose, self._sound, self.names)
        self.panel_key = key
        self.panel.layout(self._panel_rect(), self.layout.scale)
        self.tray.enabled = item["kind"] == "roll"

    def _panel_rect(self) -> pygame.Rect:
        if self.ceremony is None:
            return self.layout.panel
        area = self.layout.ceremony
        height = int(min(area.h * 0.3, 160 * self.layout.scale))
        return pygame.Rect(area.x + 10, area.bottom - height - 10, area.w - 20, height)

    def submit(self, action: Action, seat: int | None, velocity: tuple[float, float] | None = None) -> bool:
        """Send one action through the session for `seat`, the seat it was offered to (the panel's or
        the bot's; never read from inside the action); on refusal nothing changes and the reason is shown."""
        applied = self.session.submit(seat, action)
        outcome = applied.outcome
        if not outcome.ok:
            self.message = self.names.tr(applied.message)
            self._sound("refuse")
            return False
        self._applied(seat, outcome.events, velocity)
        return True

    def _applied(self, seat: int | None, events: list[Event], velocity: tuple[float, float] | None) -> None:
        """After any move was applied (a human's, or a bot's through the pacer): animate it."""
        if self.autosave.notice:
            self.message, self.autosave.notice = self.names.tr(self.autosave.notice), ""
        else:
            self.message = ""
        self.changes += 1
        self.since_move = 0.0
        self.panel = None
        self.hint_text = ""
        self.tray.enabled = False
        self._play(events, velocity)
        if seat in self.humans:
            self._after_human(seat)

    def show_hint(self) -> None:
        """H: the hard bot's choice for the rat at the screen, from that rat's view only; its button
        is focused (or the request form set to it) and the reason shown."""
        from pie_table.games.rats.ui.hint import hint

        panel = self.panel
        if panel is None:
            return
        view = self.session.view(panel.seat)
        action, why = hint(view, panel.item, panel.legal, panel.seat, self.names)
        if panel.request is not None and action.get("type") == "request":
            panel.request.select(action["target"], action["supply"], action["amount"])
            # Enter then asks what the hint says: on a row of the form it would turn the row on.
            panel.menu.set_focus(panel.request.ask)
        else:
            for button, legal in zip(panel.buttons, panel.legal, strict=False):
                if legal == action:
                    panel.menu.set_focus(button)
        self.hint_text = why
        self.hints_used[panel.seat] = self.hints_used.get(panel.seat, 0) + 1

    def undo(self) -> bool:
        """Take back the human's last decision, where the session allows it (against bots, before
        anything new was revealed or anyone else moved); the reason shows when it does not."""
        seat = self.humans[0] if len(self.humans) == 1 else None
        if seat is None or not self.session.can_undo(seat):
            self.message = (_("Undo is off when several people share the table") if len(self.humans) > 1
                            else _("Nothing to undo: something new was revealed, or another rat moved"))
            self._sound("refuse")
            return False
        self.session.undo(seat)
        self.changes += 1
        self.autosave.save()
        self.message = ""
        self.panel = None
        self.since_move = 0.0
        self._sync_tray()
        return True

    def _after_human(self, seat: int) -> None:
        """Fold the sheet away unless the same rat has another secret decision straight away."""
        item = self._question(seat)
        if item is None or item["kind"] in PUBLIC_KINDS:
            self.gate.hide()

    def _play(self, events: list[Event], velocity: tuple[float, float] | None) -> None:
        """Animations follow the engine: dice land on the values in the events, the coin on its face."""
        self._check_ceremony()
        for event in events:
            if event.get("type") == "dice":
                caption = dice_caption(event, self.names)
                self.tray.animate(event["dice"], velocity, seed=len(self.session.log), caption=caption)
                self._sound("dice_roll")
            elif event.get("type") == "coin" and self.ceremony is not None:
                self.ceremony.flip(event["coin"])
                self._sound("coin")
            elif event.get("type") == "winner":
                self._sound("win")
            elif event.get("type") == "new_host" and event.get("seat", -1) < len(self.layout.cards):
                self.effects.sparkle(self.layout.cards[event["seat"]].midtop, pal.GOLD)
            elif "to" in event and event["to"] == self.display_seat and self.ceremony is None:
                self._float_note(event)

    def _float_note(self, event: Event) -> None:
        """A private gain rises from the sheet, seen only by the rat whose sheet is on screen."""
        text = note_text(event)
        if text:
            sheet = self.layout.sheet
            self.effects.float_text(text, (sheet.centerx, sheet.y + sheet.h * 0.4))

    def _check_ceremony(self) -> None:
        view = self.session.view(None)
        if view["goal_awards"] and self.ceremony is None:
            self.ceremony = Ceremony(names=self.names)
        if self.ceremony is not None:
            self.ceremony.sync(view)

    def replay_apply(self, seat: int | None, action: Action) -> bool:
        """A replay's next logged move, applied and animated like a live one (the ceremony, which
        waits for a click at a live table, shows what it has at once)."""
        if self.ceremony is not None:
            self.ceremony.snap()
        return self.submit(action, seat)

    @property
    def busy(self) -> bool:
        """True while dice or the coin are still moving (a replay waits for them)."""
        return self.tray.busy or (self.ceremony is not None and self.ceremony.flipping)

    def _show_results(self) -> None:
        if self.results_shown or self.watch:
            return
        self.results_shown = True
        from pie_table.scenes.results import ResultsScene

        title, lines = results_text(self.session.view(None), self.names)
        self.autosave.save()
        record_finished(self.session, Path(str(self.autosave.path)).name,
                        {seat: {"hints": n} for seat, n in self.hints_used.items()})
        self.app.scenes.push(ResultsScene(self.app, self.setup, title, lines, str(self.autosave.path)))

    # --- headless --------------------------------------------------------------------------------

    def skip_to(self, at: float | None = None, turn: int | None = None) -> None:
        """Play on without drawing (bots as bots, humans by first legal action), then snap animations."""
        self.autoplay = True
        if turn is not None:
            while not self.rules.is_over(self.state) and self.state.turn < turn:
                actors = self.rules.to_act(self.state)
                if not actors:
                    break
                self.submit(self._auto_action(actors[0]), actors[0])
        elif at is not None:
            elapsed = 0.0
            while elapsed < at and not self.rules.is_over(self.state):
                self.tray.snap()
                self.update(1 / 30)
                elapsed += 1 / 30
        self.autoplay = False
        self.snap()

    def snap(self) -> None:
        """End every animation on the engine's values so the next frame is clean."""
        self._sync_tray()
        self._check_ceremony()
        if self.ceremony is not None:
            self.ceremony.snap()
        self.effects.clear()
        self.panel = None

    def _sync_tray(self) -> None:
        public = self.session.view(None)
        dice = public["dice"]
        last = next((e for e in reversed(public["log"]) if e.get("type") == "dice"), None)
        if len(dice) == 2:
            self.tray.show(dice, dice_caption(last, self.names) if last else "")

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table as seen by `display_seat` only."""
        seat = self.display_seat
        # A copy of the view's top level: the log shown is cut below without touching the view.
        view = dict(self.session.view(seat))
        self.shown_seat = seat
        lay, s = self.layout, self.layout.scale
        if self.ceremony is not None:
            view["log"] = self.ceremony.filter_log(view["log"])
        if self.tray.busy:
            view["log"] = until_the_dice_land(view["log"])
        surface.blit(self.painter.base_layer(self, surface.get_size(), view, seat), (0, 0))
        if self.ceremony is None:
            self.tray.draw(surface, s)
        else:
            footer = self._panel_rect().h + 10 if self.panel is not None else 0
            self.ceremony.draw(surface, lay.ceremony, view, s, footer)
        if self.panel is not None:
            self.panel.draw(surface)
        self.effects.draw(surface)
        if self.hint_text and self.panel is not None:
            words = _("Hint: {text}").format(text=self.hint_text)
            tip = fit_text(words, int(16 * s), lay.panel.w - 16, pal.INK, "bold")
            lift = int(30 * s) if self.message else 0  # a refusal keeps the bottom line
            box = tip.get_rect(midbottom=(lay.panel.centerx, lay.panel.bottom - 8 - lift)).inflate(14, 6)
            pygame.draw.rect(surface, pal.GOLD, box, border_radius=box.h // 2)
            surface.blit(tip, tip.get_rect(center=box.center))
        if self.message:
            text = fit_text(self.message, int(18 * s), lay.panel.w, pal.DANGER, "bold")
            surface.blit(text, text.get_rect(midbottom=(lay.panel.centerx, lay.panel.bottom - 4)))
        draw_marker(surface, self.autosave)

    def banner(self, view: dict[str, Any]) -> str:
        """The words in the middle of the top bar."""
        if self.tray.busy:
            return _("The dice are rolling...")
        if self.ceremony is not None and not self.ceremony.ready:
            return _("Click or press Space for the next goal")
        waiting = view.get("to_act", [])
        if not waiting:
            return ""
        return _("Waiting for {rats}").format(rats=", ".join(self.names(seat) for seat in waiting))
