"""The Pie Rats table: the session runs the game; bots move through the pacer; the human at the
screen drags cards or picks moves from the list; reaction windows count down.

Privacy by construction: drawing only ever gets `session.view(seat)` for the seat the privacy
gate says is at the screen (None: public only). With several humans at one screen every turn is
behind a hand-off (a hand decides what a turn may do); a reaction window is a countdown any
human may claim (kit.reaction), and only the claimer is handed the screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from pie_table.core.engine import Action, Event
from pie_table.core.messages import SeatName
from pie_table.core.pacing import Pace, Pacer
from pie_table.core.saves import Autosaver
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup
from pie_table.core.stats import record_finished
from pie_table.games.pie_rats.deck import CARDS, PIES
from pie_table.games.pie_rats.ui import card_art
from pie_table.games.pie_rats.ui.crew_art import captain_look, crew_portrait
from pie_table.games.pie_rats.ui.flights import Flights
from pie_table.games.pie_rats.ui.layout import compute_layout
from pie_table.games.pie_rats.ui.move_labels import prompt
from pie_table.games.pie_rats.ui.move_panel import MovePanel
from pie_table.games.pie_rats.ui.names import captain_label, captain_title
from pie_table.games.pie_rats.ui.table_draw import (
    Zone,
    backdrop,
    draw_hand,
    draw_piles,
    draw_seat,
    draw_sill,
    draw_top_bar,
    seat_color,
)
from pie_table.kit import palette as pal
from pie_table.kit.effects import EffectLayer
from pie_table.kit.handoff import HandoffScene
from pie_table.kit.i18n import _, current_language
from pie_table.kit.log_panel import draw_log
from pie_table.kit.reaction import ReactionWindow
from pie_table.kit.seat_names import SeatNames
from pie_table.kit.text import fit_lines, fit_text
from pie_table.paths import saves_dir
from pie_table.scenes.save_trouble import draw_marker
from pie_table.scenes.table_base import TurnTableScene

GAME_ID = "pie-rats"
_TURN_BEAT = 0.45  # every bot turn waits the same: how long it takes must not hint at a hand
_FORCED_BEAT = 0.35  # a lone human's turn with only Done to press finishes by itself
_HANDOFF_BEAT = 0.6
_END_HOLD = 8.0  # the ceremony stays this long unless a player moves on first
_END_ARM = 1.2  # keys pressed in the first moments of the ceremony (mashing) do not skip it
_DRAG_START = 6  # pixels a press must move before it becomes a drag


class PieRatsTableScene(TurnTableScene):
    """One game of Pie Rats at the table."""

    game_id = GAME_ID

    def __init__(
        self,
        app: Any,
        setup: GameSetup,
        session: Session | None = None,
        save_path: str | None = None,
        watch: bool = False,
    ) -> None:
        super().__init__(app)
        self.setup = setup
        # Every seat by its player's name, the Captain's title beside it (the title alone unnamed).
        self.names = SeatNames.of_setup(setup, title=lambda seat: captain_title(self.state.captains[seat]))
        self.session = session if session is not None else Session(setup)
        self.rules = self.session.rules
        self.watch = watch
        self.watch_seat: int | None = None
        self.autosave = Autosaver(
            self.session, saves_dir(), every_action=True, path=save_path, enabled=not watch
        )
        self.bots = self.session.bots
        self.humans = self.session.humans
        self.gate = self.session.gate
        # The settings' bot pace scales every wait alike, so timing still says nothing about a hand.
        settings = getattr(app, "settings", None)
        pace = settings.pace_factor() if settings is not None else 1.0
        beat = _TURN_BEAT * pace
        waits = Pace(public=beat, secret=0.15 * pace, reaction=(0.8 * pace, 2.0 * pace))
        self.pacer = Pacer(self.session, waits, seed=setup.seed, beat=lambda seat: beat)
        self.reaction = ReactionWindow(
            self.session,
            self.pacer,
            self.humans,
            self._claimed,
            self.names,
            _window_answer,
            self.reaction_lost,
        )
        self.effects = EffectLayer(seed=setup.seed)
        self.layout = compute_layout(app.screen.get_size(), len(setup.seats))
        self.panel: MovePanel | None = None
        self.panel_key: tuple[int, int] | None = None
        self.handoff_for: int | None = None
        self.claimed: int | None = None  # the human who claimed the open reaction window
        self.news = ""  # told on the next hand-off (a claimed reaction that ran out of time)
        self.zones: list[Zone] = []
        self.flights = Flights()
        self.pile_places: dict[str, pygame.Rect] = {}
        self.drag: dict[str, Any] | None = None
        self.message = ""
        self.hint_text = ""
        self.hints_used: dict[int, int] = {}  # per seat, for the statistics
        self.autoplay = False
        self.since_move = 0.0
        self.end_timer = 0.0
        self.results_shown = False

    @property
    def state(self) -> Any:
        return self.session.state

    # -- who sees what ---------------------------------------------------------------------------------

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

    def _top(self) -> Any:
        return self.rules.current_decision(self.state)

    def _is_window(self, decision: Any) -> bool:
        return decision is not None and decision.sealed and decision.allow_pass

    # -- scene hooks --------------------------------------------------------------------------------------

    def enter(self) -> None:
        self.on_resize(self.app.screen.get_size())
        self.warm_up()

    def resume(self) -> None:
        self.on_resize(self.app.screen.get_size())

    def exit(self) -> None:
        self.autosave.save()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size, len(self.setup.seats))
        self.effects.scale = self.layout.scale

    # -- the flow of play -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.autosave.flush()
        self.effects.update(dt)
        self.flights.update(dt)
        self.since_move += dt
        if self.watch:
            return
        if self.rules.is_over(self.state):
            self.end_timer += dt
            if self.end_timer >= _END_HOLD:
                self._show_results()
            return
        actors = self.rules.to_act(self.state)
        if self.autoplay and actors:
            self.submit(self._auto_action(actors[0]), actors[0])
            return
        # The pacer moves bots after their beat and runs out a window's countdown.
        for applied in self.pacer.update(dt, hold=self.handoff_for is not None):
            if applied.ok and applied.entry is not None:
                self._applied(applied.entry.seat, applied.events)
        self.reaction.update(dt)
        humans = [seat for seat in self.rules.to_act(self.state) if seat in self.humans]
        if humans:
            self._offer(humans)
        elif self.panel is not None and self.panel.seat not in self.rules.to_act(self.state):
            self.panel = None

    def next_frame(self) -> float | None:
        """Frames while cards fly or bots play; at rest while a human's choices wait on screen."""
        offered = self.panel is not None and self.panel_key == (self.state.actions, self.panel.seat)
        beats = [self.pacer.next_move_in(), self.reaction.quiet,
                 _HANDOFF_BEAT - self.since_move, _FORCED_BEAT - self.since_move]
        return self.rest_until(self.table_moving() or self.flights.busy, offered, beats)

    def _auto_action(self, seat: int) -> Action:
        if seat in self.bots:
            action = self.session.bot_action(seat)
            if action is not None:
                return action
        legal = self.session.legal(seat)
        return next((a for a in legal if a["type"] in ("done", "pass", "refill")), legal[0])

    def _offer(self, humans: list[int]) -> None:
        """Put the next human decision on screen, behind a hand-off when others share the screen."""
        top = self._top()
        if self.handoff_for is not None:
            return
        if self._is_window(top) and self.gate.shared:
            # A countdown the whole table sees; only a claimer gets the screen (kit.reaction).
            if self.claimed in humans:
                self._open_for(self.claimed)
            return
        seat = self.gate.viewer if self.gate.viewer in humans else humans[0]
        if self.gate.needs_handoff(seat):
            if self.since_move >= _HANDOFF_BEAT:
                self._hand_off(seat)
            return
        self._open_for(seat)

    def _open_for(self, seat: int) -> None:
        key = (self.state.actions, seat)
        if self.panel is not None and self.panel_key == key:
            self._maybe_finish_alone(seat)
            return
        legal = self.session.legal(seat)
        if not legal:
            return
        # The move list names rival seats as the rest of the table does.
        names = [self.names(s) for s in range(len(self.setup.seats))]
        view = {**self.session.view(seat), "seat_names": names}
        self.panel = MovePanel(seat, legal, view, lambda a: self.submit(a, seat), self.show_hint)
        self.panel_key = key
        self._maybe_finish_alone(seat)

    def _maybe_finish_alone(self, seat: int) -> None:
        """A lone human with nothing but Done (or Pass) to press: it goes by itself after a beat.
        Not on a shared screen, where how fast a turn ends would say what a hand holds."""
        if self.gate.shared or self.panel is None or len(self.panel.items) != 1:
            return
        if self.since_move >= _FORCED_BEAT and self.panel.items[0][0]["type"] in ("done", "pass"):
            self.submit(self.panel.items[0][0], seat)

    def _claimed(self, seat: int) -> None:
        self.claimed = seat
        self._hand_off(seat)

    def _hand_off(self, seat: int) -> None:
        self.panel = None
        self.gate.hide()
        self.handoff_for = seat

        def confirmed() -> None:
            self.gate.confirm(seat)
            self.handoff_for = None
            self.since_move = 0.0

        name = self.names(seat)
        note = _("Only {captain} should look at the screen now.").format(captain=name)
        portrait = crew_portrait(captain_look(self.public(), seat), int(96 * self.layout.scale))
        self.app.scenes.push(
            HandoffScene(
                self.app, name, confirmed, note, self.pause_game, accent=seat_color(seat), icon=portrait,
                control=self.setup.seats[seat].control, news=self.news,
            )
        )
        self.news = ""

    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Send one action for `seat` (the panel's or a drop's); a refusal changes nothing and
        its reason shows."""
        seat = action.get("seat", seat) if seat is None else seat
        applied = self.session.submit(seat, action)
        if not applied.ok:
            self.message = self.names.tr(applied.message)
            self._sound("refuse")
            return False
        self._applied(seat, applied.events)
        return True

    def _applied(self, seat: int | None, events: list[Event]) -> None:
        if self.autosave.notice:
            self.message, self.autosave.notice = self.names.tr(self.autosave.notice), ""
        elif seat in self.humans or seat is None:
            self.message = ""
        self.since_move = 0.0
        self.news = ""
        self.panel = None
        self.drag = None
        self.hint_text = ""
        top = self._top()
        if self.claimed is not None and not self._is_window(top):
            self.claimed = None
        if seat in self.humans and self.gate.shared:
            nxt = self.rules.to_act(self.state)
            # The same human straight on (their own turn goes on): keep the screen; else fold away.
            if not (top is not None and top.kind == "turn" and nxt == [seat]):
                self.gate.hide()
        self._play(events)

    def _place(self, card: int, kinds: tuple[str, ...] = ("crew", "charisma", "hand")) -> pygame.Rect | None:
        """Where `card` was last drawn (None if it was not on the table)."""
        for zone in reversed(self.zones):
            if zone.kind in kinds and zone.value == card:
                return zone.rect
        return None

    def _from_hand(self, seat: int, card: int) -> pygame.Rect | None:
        """Where a card played from `seat`'s hand starts its flight: the card itself when that hand
        is on screen, else the Captain's corner (a hidden hand shows no card)."""
        place = self._place(card, ("hand",))
        if place is not None:
            return place
        if not 0 <= seat < len(self.layout.seats):
            return None
        w, h = self.layout.table_card
        return pygame.Rect(self.layout.seats[seat].topleft, (w, h))

    def _fly(self, events: list[Event]) -> None:
        """Cards move the way the engine's events say they moved."""
        for event in events:
            kind, seat = event.get("type"), event.get("seat", -1)
            if kind in ("table", "crew"):
                self.flights.launch(event["card"], self._from_hand(seat, event["card"]))
            elif kind == "lured":
                self.flights.launch(event["card"], self._place(event["card"]))
            elif kind == "kidnap":
                self.flights.launch(event["crew"], self._place(event["crew"]))
            elif kind == "theft":
                self.flights.launch(event["target"], self._place(event["target"]))
            elif kind in ("bean", "no_loot") and "crew" in event:
                # A Captain with no crew loots nothing and loses nobody: nothing flies.
                self.flights.launch(event["crew"], self._place(event["crew"]), to="discard")
            elif kind == "loot":
                for card in event["crew"]:
                    self.flights.launch(card, self._place(card), to="discard")
                self.flights.launch(
                    event["pie"], self._place(event["pie"], ("pie",)), pie=True, to="seat", seat=seat
                )
            elif kind == "reveal":
                self.flights.launch(event["pie"], self.pile_places.get("pie"), pie=True)

    def _play(self, events: list[Event]) -> None:
        """Effects follow the engine's events."""
        self._fly(events)
        for event in events:
            kind = event.get("type")
            seat = event.get("seat")
            where = (
                self.layout.seats[seat].center
                if isinstance(seat, int) and seat < len(self.layout.seats)
                else self.layout.sill.center
            )
            if kind == "loot":
                self.effects.sparkle(self.layout.sill.center, pal.GOLD)
                self.effects.float_text(_("+{n} points").format(n=PIES[event["pie"]].points), where)
                self._sound("win" if self.rules.is_over(self.state) else "coin")
            elif kind == "reveal":
                self.effects.sparkle(self.layout.sill.center, pal.HIGHLIGHT)
                self._sound("card_slide")
            elif kind == "lured":
                self.effects.float_text(_("Lured!"), where, pal.HIGHLIGHT)
                self._sound("card_place")
            elif kind == "kidnap":
                self.effects.float_text(_("Kidnapped!"), where, pal.DANGER)
                self._sound("card_slide")
            elif kind == "bean":
                self.effects.float_text(
                    _("Carob Bean!"), self.layout.seats[event["victim"]].center, pal.DANGER
                )
                self._sound("out")
            elif kind == "mirror":
                self.effects.float_text(_("Mirror!"), where, (190, 220, 240))
                self._sound("block")
            elif kind == "theft":
                self.effects.float_text(_("Stolen!"), where, pal.GOLD)
                self._sound("card_slide")
            elif kind in ("charm", "loot_try"):
                self._sound("countdown")
            elif kind in ("table", "crew", "spinach"):
                self._sound("card_place")
            elif kind == "reshuffle":
                self._sound("shuffle")
            elif kind == "drew" and event.get("to") == self.display_seat:
                self._sound("draw")

    def show_hint(self) -> None:
        """H: the hard bot's suggestion for the seat at the screen, from that seat's view only; the
        move is focused in the list and the reason shown."""
        if self.panel is None:
            return
        from pie_table.games.pie_rats.hints import hint

        seat = self.panel.seat
        action, why = hint(self.session.view(seat), [a for a, _t in self.panel.items], seat)
        self.panel.picked = None
        shown = self.panel.shown()
        for index, item in enumerate(shown):
            if self.panel.items[item][0] == action:
                self.panel.focus = index
        self.hints_used[seat] = self.hints_used.get(seat, 0) + 1
        self.hint_text = self.names.tr(why)

    def undo(self) -> bool:
        seat = self.humans[0] if len(self.humans) == 1 else None
        if seat is None or not self.session.can_undo(seat):
            self.message = (
                _("Undo is off when several people share the table")
                if len(self.humans) > 1
                else _("Nothing to undo: a card was drawn, or another Captain moved")
            )
            self._sound("refuse")
            return False
        self.session.undo(seat)
        self.autosave.save()
        self.message = ""
        self.panel = None
        return True

    # -- input ----------------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause_game()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if self.rules.is_over(self.state) and not self.watch:
            going_on = event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            )
            if going_on and self.end_timer >= _END_ARM:
                self._show_results()
            return
        if self.reaction.swallows(event):
            return  # meant for a window that just closed
        if self.gate.shared and self.reaction.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
        ):
            self._mouse(event)

    def _key(self, key: int) -> None:
        if self.panel is None:
            return
        if key == pygame.K_h:
            self.show_hint()
            return
        if key == pygame.K_TAB:
            hand = [z.value for z in self.zones if z.kind == "hand"]
            usable = [c for c in hand if any(a.get("card") == c for a, _t in self.panel.items)]
            if usable:
                current = (
                    self.panel.picked[1] if self.panel.picked and self.panel.picked[0] == "hand" else None
                )
                nxt = usable[(usable.index(current) + 1) % len(usable)] if current in usable else usable[0]
                self.panel.pick("hand", nxt)
            return
        self.panel.handle_key(key)

    def _zone_at(self, pos: tuple[int, int], kinds: tuple[str, ...]) -> Zone | None:
        # Cards are drawn after their Captain's panel: the last zone under the pointer is on top.
        for zone in reversed(self.zones):
            if zone.kind in kinds and zone.rect.collidepoint(pos):
                return zone
        return None

    def _mouse(self, event: pygame.event.Event) -> None:
        if self.panel is not None and self.panel.handle_mouse(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            zone = self._zone_at(event.pos, ("hand", "crew", "charisma", "pie"))
            if zone is not None and self.panel is not None:
                # A rival's crew member goes to your Captain (a lure), your own to a pie (a loot).
                draggable = zone.kind in ("hand", "crew")
                self.drag = {
                    "zone": zone,
                    "start": event.pos,
                    "pos": event.pos,
                    "moving": False,
                    "draggable": draggable,
                }
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag["pos"] = event.pos
            sx, sy = self.drag["start"]
            if self.drag["draggable"] and abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > _DRAG_START:
                self.drag["moving"] = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            zone: Zone = drag["zone"]
            if drag["moving"]:
                self._drop(zone, event.pos)
            elif self.panel is not None and not self.panel.pick(zone.kind, zone.value):
                self.message = _("Nothing you can do with that now")

    def _drop_targets(self, zone: Zone) -> set[tuple[str, int]]:
        """Where the dragged card may land (lit while dragging): (zone kind, value) pairs."""
        found: set[tuple[str, int]] = set()
        if self.panel is None:
            return found
        seat = self.panel.seat
        for action, _t in self.panel.items:
            kind = action["type"]
            if zone.kind == "hand" and action.get("card") == zone.value:
                if kind in ("table", "crew", "mirror"):
                    found.add(("captain", seat))
                elif kind == "theft":
                    found.add(("charisma", action["target"]))
                elif kind in ("spinach", "kidnap", "bean"):
                    found.add(("crew", action["crew"]))
            elif zone.kind == "crew" and kind == "lure" and zone.value in action["targets"]:
                found.add(("captain", seat))
            elif zone.kind == "crew" and kind == "loot" and zone.value in action["crew"]:
                found.add(("pie", action["pie"]))
        return found

    def _drop(self, dragged: Zone, pos: tuple[int, int]) -> None:
        """A card dropped on the table: the move it makes, checked by the engine (a drop that makes
        no legal move springs back with the reason)."""
        if self.panel is None:
            return
        seat = self.panel.seat
        target = self._zone_at(pos, ("crew", "charisma", "pie", "captain", "hand"))
        action = self._drop_action(dragged, target, seat)
        if action is None:
            self.message = _("That card does not go there")
            self._sound("refuse")
            return
        self.submit(action, seat)

    def _loot_action(self, rat: int, pie: int) -> Action:
        """Your crew member dropped on a pie: a listed loot of that pie with it, else that rat alone
        at the pie, which the engine refuses with the reason (not the phase, too light...)."""
        loots = (a for a, _t in self.panel.items if a["type"] == "loot" and a["pie"] == pie)
        return next((a for a in loots if rat in a["crew"]), {"type": "loot", "pie": pie, "crew": [rat]})

    def _drop_action(self, dragged: Zone, target: Zone | None, seat: int) -> Action | None:
        if target is None:
            return None
        if dragged.kind == "crew" and dragged.owner == seat:
            return self._loot_action(dragged.value, target.value) if target.kind == "pie" else None
        if dragged.kind == "crew":
            if target.kind != "captain" or target.value != seat:
                return None
            lures = [
                a for a, _t in self.panel.items if a["type"] == "lure" and a["targets"] == [dragged.value]
            ]
            return lures[0] if lures else {"type": "lure", "targets": [dragged.value], "cards": []}
        card = dragged.value
        key = CARDS[card].key
        kind = CARDS[card].kind
        if target.kind == "captain" or (
            target.kind in ("crew", "charisma") and target.owner == seat and kind in ("charisma", "crew")
        ):
            if target.owner != seat and target.value != seat:
                return None
            if kind == "charisma":
                return {"type": "table", "card": card}
            if kind == "crew":
                return {"type": "crew", "card": card}
            if key == "mirror":
                return {"type": "mirror", "card": card}
            return None
        if target.kind == "crew" and key in ("spinach", "kidnapping", "carob_bean"):
            move = {"spinach": "spinach", "kidnapping": "kidnap", "carob_bean": "bean"}[key]
            return {"type": move, "card": card, "crew": target.value}
        if target.kind == "charisma" and key == "charisma_theft":
            return {"type": "theft", "card": card, "target": target.value}
        return None

    # -- the end --------------------------------------------------------------------------------------------

    def _show_results(self) -> None:
        if self.results_shown or self.watch:
            return
        self.results_shown = True
        from pie_table.scenes.results import ResultsScene

        self.autosave.save()
        record_finished(self.session, Path(str(self.autosave.path)).name,
                        {seat: {"hints": n} for seat, n in self.hints_used.items()})
        title, lines = results_text(self.public(), self.names)
        self.app.scenes.push(ResultsScene(self.app, self.setup, title, lines, str(self.autosave.path)))

    # -- replay and headless ---------------------------------------------------------------------------------

    def replay_apply(self, seat: int | None, action: Action) -> bool:
        return self.submit(action, seat)

    @property
    def busy(self) -> bool:
        """True while cards are still flying (a replay waits for them)."""
        return self.flights.busy

    def skip_to(self, at: float | None = None, turn: int | None = None) -> None:
        """Play on without drawing (bots as bots, humans their first quiet move) until round
        `turn` begins (`at`: seconds of table time), then stop every effect."""
        self.autoplay = True
        if turn is not None:
            while not self.rules.is_over(self.state) and self.state.round < turn:
                actors = self.rules.to_act(self.state)
                if not actors:
                    break
                self.submit(self._auto_action(actors[0]), actors[0])
        elif at is not None:
            elapsed = 0.0
            while elapsed < at and not self.rules.is_over(self.state):
                self.update(1 / 30)
                elapsed += 1 / 30
        self.autoplay = False
        self.snap()

    def snap(self) -> None:
        self.effects.clear()
        self.flights.clear()
        self.panel = None

    # -- drawing --------------------------------------------------------------------------------------------

    def banner(self, view: dict[str, Any]) -> str:
        if view["over"]:
            if view["sill"] or view["pie_deck"]:  # the house rule: no crew could ever carry them
                return _("No crew can ever carry the pies left")
            return _("The last pie is gone!")
        top = (view.get("decisions") or [None])[-1]
        if top is None:
            return ""
        if top["kind"] == "turn":
            return _("{captain}'s turn").format(captain=self.names(top["seats"][0]))
        if top["kind"] == "refill":
            return _("Everyone refills their hand")
        return prompt(view, self.display_seat) or _("Anyone may react")  # what may be answered

    def draw(self, surface: pygame.Surface) -> None:
        seat = self.display_seat
        view = self.view()
        lay, s = self.layout, self.layout.scale
        # The backdrop holds the felt and every panel's fill, so only what changes is drawn on it.
        painted = surface.get_size() == lay.size
        if painted:
            surface.blit(backdrop(lay), (0, 0))
        else:
            surface.fill(pal.FELT_DARK)
        lit_cards, lit_pies = self.panel.lit() if self.panel is not None else (set(), set())
        if self.drag is not None and self.drag["moving"]:
            targets = self._drop_targets(self.drag["zone"])
            lit_cards = {v for k, v in targets if k in ("crew", "charisma")}
        top = (view.get("decisions") or [None])[-1]
        held = (top or {}).get("data", {}).get("held") if top is not None else None
        if held:
            # What a window is about (the Charm's targets, the looting crew) lights up for everyone.
            crew = held.get("crew")
            lit_cards = lit_cards | set(held.get("targets", [])) | set(crew if isinstance(crew, list) else [])
            if "pie" in held:
                lit_pies = lit_pies | {held["pie"]}
        turn_seat = top["seats"][0] if top is not None and top["kind"] == "turn" else None
        asked = set(view["to_act"]) if top is not None and top["kind"] != "turn" else set()
        draw_top_bar(surface, lay, view, self.banner(view), painted=painted, names=self.names)
        zones: list[Zone] = draw_sill(
            surface, lay, view, lit_pies, hidden=self.flights.hidden(pie=True), painted=painted
        )
        self.pile_places = draw_piles(surface, lay, view, painted=painted)
        flying = self.flights.hidden()
        for i in range(view["seats"]):
            zones += draw_seat(
                surface, lay, view, i, turn=i == turn_seat, lit=lit_cards, asked=i in asked, hidden=flying,
                player=self.setup.player_name(i), painted=painted,
            )
        if self.drag is not None and self.drag["moving"]:
            for kind, value in self._drop_targets(self.drag["zone"]):
                if kind == "captain":
                    pygame.draw.rect(surface, pal.HIGHLIGHT, lay.seats[value], 4, border_radius=10)
        hand_seat = seat if seat is not None and "hand" in view else None
        picked = (
            self.panel.picked[1]
            if self.panel is not None and self.panel.picked and self.panel.picked[0] == "hand"
            else None
        )
        dragging = (
            self.drag["zone"].value
            if self.drag and self.drag["moving"] and self.drag["zone"].kind == "hand"
            else None
        )
        zones += draw_hand(
            surface, lay, view, hand_seat, picked, dragging, lit_cards,
            spectator=not self.humans or self.watch, painted=painted,
            owner=self.names.player(hand_seat) if hand_seat is not None else "",
        )
        self.zones = zones
        remaining = self.pacer.remaining()
        deadline = top["deadline"] if top is not None else None
        if self.panel is not None:
            self.panel.draw(surface, lay.moves, s, remaining, deadline, painted=painted)
        else:
            self._draw_waiting(surface, view, remaining, painted)
        draw_log(surface, lay.log, view["log"], s, _("At the table"), painted=painted, names=self.names)
        if self.drag is not None and self.drag["moving"]:
            self._draw_dragged(surface)
        places = {(z.kind == "pie", z.value): z.rect for z in zones if z.kind in ("crew", "charisma", "pie")}
        self.flights.land(places, self.pile_places.get("discard", lay.piles), lay.seats)
        self.flights.draw(surface)
        if view["over"]:
            self._draw_ceremony(surface, view)
        self.effects.draw(surface)
        if self.hint_text and self.panel is not None:
            tip = fit_text(
                _("Hint: {text}").format(text=self.hint_text), int(16 * s), lay.hand.w - 20, pal.INK, "bold"
            )
            box = tip.get_rect(
                midbottom=(lay.hand.centerx, lay.hand.y - 6 - (int(34 * s) if self.message else 0))
            )
            box = box.inflate(16, 8)
            pygame.draw.rect(surface, pal.GOLD, box, border_radius=box.h // 2)
            surface.blit(tip, tip.get_rect(center=box.center))
        if self.message:
            text = fit_text(self.message, int(17 * s), lay.hand.w - 20, pal.CREAM, "bold")
            box = text.get_rect(midbottom=(lay.hand.centerx, lay.hand.y - 6)).inflate(16, 8)
            pygame.draw.rect(surface, pal.DANGER, box, border_radius=box.h // 2)
            surface.blit(text, text.get_rect(center=box.center))
        draw_marker(surface, self.autosave)

    def _draw_waiting(
        self, surface: pygame.Surface, view: dict[str, Any], remaining: float | None, painted: bool = False
    ) -> None:
        """The moves box when the screen's seat is not asked: who the table waits for, and the
        shared reaction countdown with a React! button per human."""
        from pie_table.kit.log_panel import paper

        rect, s = self.layout.moves, self.layout.scale
        if not painted:
            paper(surface, rect, s)
        pad = int(10 * s)
        text = fit_lines(self.banner(view), int(17 * s), rect.w - 2 * pad, pal.INK, "bold", most=3)  # wraps
        surface.blit(text, (rect.x + pad, rect.y + pad))
        y = rect.y + pad + text.get_height()
        top = self._top()
        if self._is_window(top) and self.gate.shared and not self.watch:  # nobody claims in a replay
            area = pygame.Rect(rect.x, y + pad, rect.w, rect.h // 2)
            self.reaction.draw(surface, area, s, ink=pal.INK)
        elif view["over"]:
            lines = results_text(view, self.names)[1]
            y += pad
            for line in lines:
                image = fit_text(line, int(15 * s), rect.w - 2 * pad, pal.INK)
                surface.blit(image, (rect.x + pad, y))
                y += image.get_height() + 2

    def _draw_ceremony(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The end: every Captain's pies laid out, best first, with points, weight and pie count
        (the tie-breakers in the rulebook's order), the winner crowned."""
        from pie_table.kit.log_panel import paper

        lay, s = self.layout, self.layout.scale
        area = pygame.Rect(
            lay.seats[0].x, lay.seats[0].y, lay.hand.right - lay.seats[0].x, lay.hand.bottom - lay.seats[0].y
        )
        paper(surface, area, s, edge=pal.GOLD)
        pad = int(12 * s)
        title, _lines = results_text(view, self.names)
        head = fit_text(title, int(30 * s), area.w - 2 * pad, pal.CHERRY, "title")
        surface.blit(head, head.get_rect(midtop=(area.centerx, area.y + pad)))
        standings = view["standings"]
        order = ranked(view)
        top = area.y + pad * 2 + head.get_height()
        row_h = max(int(40 * s), (area.bottom - pad - top) // max(1, len(order)))
        pie_h = min(row_h - int(6 * s), int(84 * s))
        pie_w = int(pie_h / 1.4)
        for rank, seat in enumerate(order):
            y = top + rank * row_h
            points, weight, pies = standings[seat]
            crowned = seat in view["winners"]
            name = fit_text(
                ("★ " if crowned else "") + self.names(seat),
                int(19 * s),
                int(area.w * 0.3),
                seat_color(seat) if not crowned else pal.CHERRY,
                "bold",
            )
            surface.blit(name, (area.x + pad, y + 2))
            facts = fit_text(
                _("{points} pts · weight {weight} · pies {pies}").format(
                    points=points, weight=weight, pies=pies
                ),
                int(15 * s),
                int(area.w * 0.3),
                pal.INK,
            )
            surface.blit(facts, (area.x + pad, y + 4 + name.get_height()))
            x = area.x + int(area.w * 0.34)
            for pie in view["won"][seat]:
                if x + pie_w > area.right - pad:
                    break
                surface.blit(card_art.pie_face(pie, pie_w, pie_h, current_language()), (x, y))
                x += pie_w + int(4 * s)
        if self.end_timer >= _END_ARM:
            hint = fit_text(_("Enter or click: the results"), int(15 * s), area.w - 2 * pad, pal.INK_SOFT)
            surface.blit(hint, hint.get_rect(bottomright=(area.right - pad, area.bottom - int(6 * s))))

    def _draw_dragged(self, surface: pygame.Surface) -> None:
        zone: Zone = self.drag["zone"]  # type: ignore[index]
        w, h = self.layout.hand_card if zone.kind == "hand" else self.layout.table_card
        image = card_art.card_face(zone.value, w, h, current_language())
        x, y = self.drag["pos"]  # type: ignore[index]
        surface.blit(image, image.get_rect(center=(x, y)))


def _window_answer(decision: Any) -> str:
    """What a reaction window may be answered with, for its countdown and a claim that ran out."""
    answers = {"theft": _("Charisma Theft"), "mirror": _("Mirror"), "ambush": _("Kidnapping or Carob Bean")}
    return answers.get(decision.kind, "")


def ranked(view: dict[str, Any]) -> list[int]:
    """The seats best first, winners first: a tie on all three numbers goes to the first looter
    (tie-breaker f), which the standings alone do not show."""
    winners, standings = view["winners"], view["standings"]
    return sorted(range(view["seats"]), key=lambda seat: (seat in winners, standings[seat]), reverse=True)


def results_text(view: dict[str, Any], names: SeatName | None = None) -> tuple[str, list[str]]:
    """The results screen: the winner, then every Captain's points, total weight and pie count
    (the tie-breakers in the rulebook's order); `names`: the table's names for its seats."""
    def name(seat: int) -> str:
        return names(seat) if names is not None else captain_label(view, seat)

    standings = view["standings"]
    winners = view["winners"]
    if len(winners) == 1:
        title = _("{captain} wins!").format(captain=name(winners[0]))
    else:
        title = _("A shared win: {captains}").format(captains=", ".join(name(s) for s in winners))
    order = ranked(view)
    lines = [
        _("{captain}: {points} pts, weight {weight}, pies {pies}").format(
            captain=name(s),
            points=standings[s][0],
            weight=standings[s][1],
            pies=standings[s][2],
        )
        for s in order
    ]
    kinds = {event["type"] for event in view["log"][-3:]}
    if "out_of_reach" in kinds:
        lines.append(_("No crew could ever carry the pies left, so the house rule ended the game."))
    if any(event.get("tie_break") == "first_pie" for event in view["log"][-1:]):
        lines.append(_("Tied on points, weight and pies: the first of them to loot a pie wins."))
    return title, lines
