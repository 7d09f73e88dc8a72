"""The RATS table on the shared turn-based table (scenes.turn_table): its layout and painting
(table_paint), its choice panel (choices), and what is its own — dice dragged and thrown with a
velocity (dice_tray), sealed picks asked of every rat at once (bots answer first, a person behind a
hand-off only when the question is secret), the goal ceremony and the score sheet.

Privacy by construction: drawing only ever gets `driver.view(seat)` for the seat the privacy gate
says is at the screen (None: public only); bots decide from their own view. Dice results come from
the engine's events; the tray animates them afterwards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from pie_table.core.engine import Action, Event
from pie_table.core.setup import GameSetup
from pie_table.core.table_driver import TurnDriver
from pie_table.games.rats.ui.art import seat_rat
from pie_table.games.rats.ui.ceremony import Ceremony
from pie_table.games.rats.ui.choices import ChoicePanel
from pie_table.games.rats.ui.dice_tray import DiceTray
from pie_table.games.rats.ui.labels import PUBLIC_KINDS, dice_caption, note_text, rat_name, results_text
from pie_table.games.rats.ui.motion import TableMotion
from pie_table.games.rats.ui.table_draw import compute_layout
from pie_table.games.rats.ui.table_paint import TablePainter, banner, paint
from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.seat_names import SeatNames
from pie_table.scenes.turn_table import TurnTable

GAME_ID = "rats"
_PUBLIC_BEAT = 0.6  # a bot waits this long before a move everyone watches (rolls, picks said aloud)
_SECRET_BEAT = 0.12  # secret bot picks are quick: nobody sees them being made
# After a person here chooses, the bots' next move waits this long at least: what their choice
# brought about (an answer to their request, the next phase) is read before it moves on.
_AFTER_PERSON_BEAT = 1.5
_ROLL_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
_ADVANCE_KEYS = (*_ROLL_KEYS, pygame.K_RIGHT)


class RatsTableScene(TurnTable):
    """One game of RATS at the table."""

    game_id = GAME_ID
    end_hold = 3.0  # the fate of the ship stays up this long before the results appear by themselves
    handoff_beat = 0.8  # let everyone read where the dice landed before the screen is covered
    alone_moves = ()  # every RATS decision waits for its rat
    bots_first = True  # a person's panel never reopens under them while bots answer the same pick
    spectator_seat = 0  # with bots only the spectator follows Rat 1 (nobody's secret to keep)
    flights: TableMotion

    def __init__(self, app: Any, setup: GameSetup, driver: TurnDriver,
                 save_path: str | None = None, watch: bool = False) -> None:
        """A new game, or a resumed one, run by `driver` (a resumed save, kept in `save_path`).
        `watch`: a replay drives the game (`replay_apply`); nobody is asked anything here."""
        names = SeatNames.of_setup(setup, rat_name)  # every seat by its player's name
        # Paced by moment: a rat answering its second question of a pick waits its beat again.
        super().__init__(app, setup, driver, save_path, watch, names, paced_by_moment=True)
        self.tray = DiceTray(on_throw=self.throw)
        self.flights = TableMotion(self.tray, lambda: self._sound("dice_land"))
        self.ceremony: Ceremony | None = None
        # Moves (and undos) this scene has seen: what the painter keys on (the view is read afresh).
        self.changes = 0
        self.shown_seat: int | None = None  # the seat whose view was last drawn
        self.velocity: tuple[float, float] | None = None  # of the die just thrown, for its roll
        self.painter = TablePainter()
        self.layout = compute_layout(app.screen.get_size(), len(setup.seats))
        self.tray.layout(self.layout.tray)
        self._sync_tray()

    def _question(self, seat: int) -> dict[str, Any] | None:
        """The question the open pick asks `seat` now, from its own view (None: none)."""
        question: dict[str, Any] | None = self.driver.view(seat).get("question")
        return question

    def on_resize(self, size: tuple[int, int]) -> None:
        """Recompute every region from the window size."""
        self.layout = compute_layout(size, len(self.setup.seats))
        self.tray.layout(self.layout.tray)
        self.effects.scale = self.layout.scale
        if self.panel is not None:
            self.panel.layout(self.panel_rect(), self.layout.scale)

    def draw(self, surface: pygame.Surface) -> None:
        paint(self, surface)

    def banner(self, view: dict[str, Any]) -> str:
        return banner(self, view)

    # -- input: the dice, the ceremony, the choice panel ---------------------------------------------

    def input_first(self, event: pygame.event.Event) -> bool:
        """Dice are grabbed and thrown, the ceremony stepped, and the choice panel takes the rest
        (H stays the table's hint key)."""
        if self.tray.handle_event(event) or self._ceremony_input(event):
            return True
        if self.panel is None or (event.type == pygame.KEYDOWN and event.key == pygame.K_h):
            return False
        if event.type == pygame.KEYDOWN and event.key in _ROLL_KEYS and self.panel.kind == "roll":
            self.submit(self.panel.legal[0], self.panel.seat)
            return True
        # Keys the panel does not use may still read back through the log (Page Up / Down).
        if not self.panel.handle_event(event, self.app.input.menu_action(event)):
            self.log_scroll.handle_event(event, self.drops.hover)
        return True

    def _ceremony_input(self, event: pygame.event.Event) -> bool:
        stepping = event.type == pygame.MOUSEBUTTONDOWN or (
            event.type == pygame.KEYDOWN and event.key in _ADVANCE_KEYS)
        if self.ceremony is None or not stepping:
            return False
        if not self.ceremony.ready:
            return self.ceremony.advance()
        if self.is_over() and not self.ceremony.flipping:
            self.show_results()
            return True
        return False

    def throw(self, velocity: tuple[float, float]) -> None:
        """A die was dragged and released: send the roll; the dice fly off with this velocity."""
        if self.panel is not None and self.panel.kind == "roll":
            self.velocity = velocity
            self.submit(self.panel.legal[0], self.panel.seat)
            self.velocity = None

    # -- the game's part of the flow -----------------------------------------------------------------

    def holds_play(self) -> bool:
        """Nothing moves on while the dice roll (fast-forward does not wait for them), the coin
        spins, or goals are still being revealed before the end."""
        ceremony = self.ceremony is not None and (
            self.ceremony.flipping or (not self.ceremony.ready and not self.is_over()))
        return ceremony or (self.tray.busy and not self.autoplay)

    def keep_layout(self) -> None:
        """The ceremony opens once goals are scored (a resumed save or a replay included)."""
        self._check_ceremony()

    def bot_beat(self, seat: int) -> float:
        """A move everyone watches takes longer than a secret pick, and the first move after a
        person's own choice longer still."""
        item = self._question(seat) or {}
        beat = _PUBLIC_BEAT if item.get("kind") in PUBLIC_KINDS else _SECRET_BEAT
        # While a person here is still to answer the same pick, a bot's answer brings nothing
        # about that could be read: it would only keep them from choosing.
        person_waits = any(other in self.humans for other in self.to_act())
        return max(beat, _AFTER_PERSON_BEAT) if self.last_mover in self.humans and not person_waits else beat

    def private_turn(self, seat: int) -> bool:
        item = self._question(seat)
        return item is None or item["kind"] not in PUBLIC_KINDS

    def keeps_screen(self, seat: int) -> bool:
        """The same rat keeps the screen only for another secret question straight away."""
        item = self._question(seat)
        return item is not None and item["kind"] not in PUBLIC_KINDS

    def open_panel(self, seat: int, legal: Sequence[Action]) -> None:
        item = self._question(seat)
        if item is None:
            return
        self.panel = ChoicePanel(seat, item, legal, self.driver.view(seat), lambda a: self.submit(a, seat),
                                 self._sound, self.names)
        self.panel.layout(self.panel_rect(), self.layout.scale)
        self.tray.enabled = item["kind"] == "roll"

    def clear_panels(self) -> None:
        super().clear_panels()
        self.tray.enabled = False

    def panel_rect(self) -> pygame.Rect:
        """Where the choice panel sits: under the dice, or at the foot of the ceremony. A panel
        that needs more height than the layout gives it (a request form's rows) rises over the
        dice tray, whose dice have been read by then: over all of it (a strip of the tray left
        showing would hold no dice), up to the rats' cards."""
        if self.ceremony is None:
            panel = self.layout.panel
            need = self.panel.needed_height(panel.w, self.layout.scale) if self.panel is not None else 0
            if need <= panel.h:
                return panel
            return pygame.Rect(panel.x, self.layout.tray.y, panel.w, panel.bottom - self.layout.tray.y)
        area = self.layout.ceremony
        height = int(min(area.h * 0.3, 160 * self.layout.scale))
        return pygame.Rect(area.x + 10, area.bottom - height - 10, area.w - 20, height)

    def round_of(self, view: Mapping[str, Any]) -> int:
        return int(view["turn"])

    def handoff_look(self, seat: int, name: str) -> tuple[str, Any, Any]:
        note = _("Only {rat} should look at the screen now.").format(rat=name)
        return note, seat_rat(seat, int(96 * self.layout.scale)), pal.GOLD

    def nothing_to_undo(self) -> str:
        return _("Nothing to undo: something new was revealed, or another rat moved")

    def results_text(self, view: Mapping[str, Any]) -> tuple[str, list[str]]:
        return results_text(view, self.names)

    def show_hint(self) -> None:
        """H: the expert's choice for the rat at the screen, from that rat's view only."""
        if self.panel is not None:
            self.ask_hint(self.panel.seat, self.panel.legal)

    def give_hint(self, seat: int, action: Action) -> None:
        """The hinted button is focused (or the request form set to it) and the reason shown."""
        from pie_table.games.rats.ui.hint import words

        panel = self.panel
        if panel is None or panel.seat != seat:
            return
        if panel.request is not None and action.get("type") == "request":
            panel.request.select(action["target"], action["supply"], action["amount"])
            # Enter then asks what the hint says: on a row of the form it would turn the row on.
            panel.menu.set_focus(panel.request.ask)
            panel.request.reveal(panel.menu.focus)
        else:
            for button, legal in zip(panel.buttons, panel.legal, strict=False):
                if legal == action:
                    panel.menu.set_focus(button)
        self.hint_text = words(action, panel.item, self.driver.view(seat), self.names)  # translated already
        self.hints_used[seat] = self.hints_used.get(seat, 0) + 1

    def undo(self) -> bool:
        """The shared undo; the dice go back to what the table then showed."""
        if not super().undo():
            return False
        self.changes += 1
        self.since_move = 0.0
        self._sync_tray()
        return True

    # -- what the events look like -------------------------------------------------------------------

    def play_events(self, events: list[Event]) -> None:
        """Animations follow the engine: dice land on the values in the events, the coin on its face."""
        self.changes += 1
        self._check_ceremony()
        for event in events:
            if event.get("type") == "dice":
                caption = dice_caption(event, self.names)
                self.tray.animate(event["dice"], self.velocity, seed=self.moves, caption=caption)
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
        view = self.public()
        if view["goal_awards"] and self.ceremony is None:
            self.ceremony = self.flights.ceremony = Ceremony(names=self.names)
        if self.ceremony is not None:
            self.ceremony.sync(view)

    def replay_apply(self, seat: int | None, action: Action) -> bool:
        """A replay's next logged move, applied and animated like a live one (the ceremony, which
        waits for a click at a live table, shows what it has at once)."""
        if self.ceremony is not None:
            self.ceremony.snap()
        return self.submit(action, seat)

    def snap(self) -> None:
        """End every animation on the engine's values so the next frame is clean."""
        self._check_ceremony()
        super().snap()
        self._sync_tray()

    def _sync_tray(self) -> None:
        public = self.public()
        dice = public["dice"]
        last = next((e for e in reversed(self.driver.history(None).said) if e.get("type") == "dice"), None)
        if len(dice) == 2:
            self.tray.show(dice, dice_caption(last, self.names) if last else "")
