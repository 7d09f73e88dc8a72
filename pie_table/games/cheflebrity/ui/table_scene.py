"""The Cheflebrity table: the session runs the game; bots move through the pacer; the human at the
screen drags cards (onto a pie, a new pie, the Leftovers, a rival's pie, a rival's place to trade)
or picks moves from the list; trades are composed in the trade panel; Sabotage! and Saved it!
windows count down.

Privacy by construction: drawing only ever gets `session.view(seat)` for the seat the privacy gate
says is at the screen (None: public only). With several humans at one screen every decision is
behind a hand-off, a reaction window is a countdown any human may claim (kit.reaction), and a trade
offered to a human is answered behind a hand-off too, so no hand and no hidden trade card is ever
shown to the wrong player.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from pie_table.core.engine import Action, Event
from pie_table.core.pacing import Pace, Pacer
from pie_table.core.saves import Autosaver
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup
from pie_table.core.stats import record_finished
from pie_table.games.cheflebrity.deck import GENIUS, KIND, SABOTAGE
from pie_table.games.cheflebrity.scoring import BONUS_NAMES
from pie_table.games.cheflebrity.ui.faces import card_face
from pie_table.games.cheflebrity.ui.flights import Flights
from pie_table.games.cheflebrity.ui.layout import compute_layout
from pie_table.games.cheflebrity.ui.moves import TRADE_OPEN, WORDS, panel_moves, prompt
from pie_table.games.cheflebrity.ui.names import card_label, chef_label, claim_label, kind_label
from pie_table.games.cheflebrity.ui.table_paint import (
    Zone,
    backdrop,
    draw_hand,
    draw_piles,
    draw_seat,
    draw_top_bar,
    leftover_card,
    seat_color,
    warm_faces,
)
from pie_table.games.cheflebrity.ui.trade_panel import TradePanel
from pie_table.kit import palette as pal
from pie_table.kit.art import chef_portrait
from pie_table.kit.art_chefs import CHEF_NAMES
from pie_table.kit.effects import EffectLayer
from pie_table.kit.fonts import MIN_READABLE
from pie_table.kit.handoff import HandoffScene
from pie_table.kit.i18n import N_, _, ngettext
from pie_table.kit.log_panel import draw_log, paper
from pie_table.kit.move_panel import MovePanel
from pie_table.kit.reaction import ReactionWindow
from pie_table.kit.seat_names import SeatNames
from pie_table.kit.text import fit_lines, fit_text
from pie_table.paths import saves_dir
from pie_table.scenes.save_trouble import draw_marker
from pie_table.scenes.table_base import TurnTableScene

GAME_ID = "cheflebrity"
_TURN_BEAT = 0.5  # every bot move waits the same: how long it takes must not hint at a hand
_FORCED_BEAT = 0.35
_HANDOFF_BEAT = 0.6
_END_HOLD = 12.0  # the judging stays this long unless a player moves on first
_END_ARM = 1.2  # keys pressed in the first moments of the judging (mashing) do not skip it
_DRAG_START = 6


class CheflebrityTableScene(TurnTableScene):
    """One game of Cheflebrity at the table."""

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
        self.names = SeatNames.of_setup(setup, chef_label)  # every seat by its player's name
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
        settings = getattr(app, "settings", None)
        pace = settings.pace_factor() if settings is not None else 1.0
        beat = _TURN_BEAT * pace
        waits = Pace(public=beat, secret=0.15 * pace, reaction=(0.8 * pace, 2.0 * pace))
        # Every move of a turn gets its beat (one turn decision takes several moves).
        self.pacer = Pacer(
            self.session,
            waits,
            seed=setup.seed,
            beat=lambda seat: beat,
            moment=lambda: (self.state.actions, len(self.session.log)),
        )
        self.reaction = ReactionWindow(
            self.session, self.pacer, self.humans, self._claimed, self.name, _window_answer,
            self.reaction_lost,
        )
        self.effects = EffectLayer(seed=setup.seed)
        self.layout = compute_layout(app.screen.get_size(), len(setup.seats), self._bottom_seat())
        self.panel: MovePanel | None = None
        self.trade: TradePanel | None = None
        self.panel_key: tuple[int, int] | None = None
        self.handoff_for: int | None = None
        self.claimed: int | None = None  # the human who claimed the open reaction window
        self.news = ""  # told on the next hand-off (a claimed reaction that ran out of time)
        self.zones: list[Zone] = []
        self.flights = Flights()
        self.drag: dict[str, Any] | None = None
        self.message = ""
        self.hint_text = ""
        self.hints_used: dict[int, int] = {}
        self.hinted_offer: Action | None = None  # a trade the hint suggested, filled in when opened
        self.show_trades = False
        self.autoplay = False
        self.since_move = 0.0
        self.end_timer = 0.0
        self.results_shown = False

    @property
    def state(self) -> Any:
        return self.session.state

    def name(self, seat: int) -> str:
        return self.names(seat)

    # -- who sees what ----------------------------------------------------------------------------------

    @property
    def display_seat(self) -> int | None:
        """The seat whose hand may show: the human at the screen; nobody's with bots only; in a
        replay, the seat the viewer chose."""
        if self.watch:
            return self.watch_seat
        if not self.humans:
            return None
        return self.gate.viewer

    def _bottom_seat(self) -> int:
        seat = self.display_seat
        if seat is not None:
            return seat
        return self.humans[0] if self.humans else 0

    def view(self) -> dict[str, Any]:
        """What the screen may show now (the view `draw` uses)."""
        return self.session.view(self.display_seat)

    def public(self) -> dict[str, Any]:
        return self.session.view(None)

    def _named(self, view: dict[str, Any]) -> dict[str, Any]:
        return {**view, "player_names": [self.setup.player_name(s) for s in range(len(self.setup.seats))]}

    def _top(self) -> Any:
        return self.rules.current_decision(self.state)

    def _is_window(self, decision: Any) -> bool:
        return decision is not None and decision.sealed and decision.allow_pass

    # -- scene hooks ------------------------------------------------------------------------------------

    def enter(self) -> None:
        self.on_resize(self.app.screen.get_size())
        warm_faces(self.layout)
        self.warm_up()

    def resume(self) -> None:
        self.on_resize(self.app.screen.get_size())

    def exit(self) -> None:
        self.autosave.save()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size, len(self.setup.seats), self._bottom_seat())
        self.effects.scale = self.layout.scale
        lay = self.layout
        self.flights.sizes = {lay.hand_card, lay.pile_card, leftover_card(lay)}
        self.flights.standard = lay.pile_card

    # -- the flow of play -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.autosave.flush()
        self.effects.update(dt)
        self.flights.update(dt)
        self.since_move += dt
        if self.layout.me != self._bottom_seat():
            self.on_resize(self.layout.size)  # the size it has (a replay keeps a bar below the table)
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
        for applied in self.pacer.update(dt, hold=self.handoff_for is not None):
            if applied.ok and applied.entry is not None:
                self._applied(applied.entry.seat, applied.events)
        self.reaction.update(dt)
        humans = [seat for seat in self.rules.to_act(self.state) if seat in self.humans]
        if humans:
            self._offer(humans)
        elif self.panel is not None or self.trade is not None:
            self.panel = self.trade = None

    def next_frame(self) -> float | None:
        """Frames while cards fly or bots play; at rest while a human's choices wait on screen."""
        shown = self.panel is not None or self.trade is not None
        offered = shown and self.panel_key is not None and self.panel_key[0] == len(self.session.log)
        beats = [self.pacer.next_move_in(), self.reaction.quiet,
                 _HANDOFF_BEAT - self.since_move, _FORCED_BEAT - self.since_move]
        return self.rest_until(self.table_moving() or self.flights.busy, offered, beats)

    def _auto_action(self, seat: int) -> Action:
        """A move made without a player (screenshots, fast-forward): a bot's, or for a human seat
        what a normal bot would do in that seat's place."""
        if seat in self.bots:
            action = self.session.bot_action(seat)
            if action is not None:
                return action
        from pie_table.games.cheflebrity.bots import CheflebrityBot

        legal = self.session.legal(seat)
        return CheflebrityBot("normal", seat, self.setup.seed + seat).act(self.session.view(seat), legal)

    def _offer(self, humans: list[int]) -> None:
        """Put the next human decision on screen, behind a hand-off when others share the screen."""
        if self.handoff_for is not None:
            return
        top = self._top()
        if self._is_window(top) and self.gate.shared:
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
        key = (len(self.session.log), seat)
        if (self.panel is not None or self.trade is not None) and self.panel_key == key:
            self._maybe_finish_alone(seat)
            return
        legal = self.session.legal(seat)
        if not legal:
            return
        view = self._named(self.session.view(seat))
        self.panel_key = key
        self.panel = self.trade = None
        top = self._top()
        if top.kind == "reply":
            self.trade = TradePanel(
                "reply", seat, view, lambda a: self.submit(a, seat), self._close_trade, self._names()
            )
            return
        if top.kind == "confirm" and (view.get("trade") or {}).get("counter"):
            self.trade = TradePanel(
                "counter", seat, view, lambda a: self.submit(a, seat), self._close_trade, self._names()
            )
            return
        self.panel = MovePanel(
            seat, panel_moves(legal), view, lambda a: self.submit(a, seat), self.show_hint, WORDS
        )
        self._maybe_finish_alone(seat)

    def _names(self) -> list[str]:
        return [self.setup.player_name(s) for s in range(len(self.setup.seats))]

    def _close_trade(self) -> None:
        self.trade = None
        self.panel_key = None  # the move list comes back

    def _maybe_finish_alone(self, seat: int) -> None:
        """A lone human with nothing but Pass: it goes by itself after a beat. Not on a shared
        screen, where how fast a window closes would say what a hand holds."""
        if self.gate.shared or self.panel is None or len(self.panel.items) != 1:
            return
        if self.since_move >= _FORCED_BEAT and self.panel.items[0][0]["type"] == "pass":
            self.submit(self.panel.items[0][0], seat)

    def _claimed(self, seat: int) -> None:
        self.claimed = seat
        self._hand_off(seat)

    def _hand_off(self, seat: int) -> None:
        self.panel = self.trade = None
        self.gate.hide()
        self.handoff_for = seat

        def confirmed() -> None:
            self.gate.confirm(seat)
            self.handoff_for = None
            self.since_move = 0.0

        name = self.name(seat)
        note = _("Only {chef} should look at the screen now.").format(chef=name)
        portrait = chef_portrait(CHEF_NAMES[seat % len(CHEF_NAMES)], int(96 * self.layout.scale))
        self.app.scenes.push(
            HandoffScene(
                self.app, name, confirmed, note, self.pause_game, accent=seat_color(seat), icon=portrait,
                control=self.setup.seats[seat].control, news=self.news,
            )
        )
        self.news = ""

    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Send one action for `seat`; a refusal changes nothing and its reason shows."""
        if action.get("type") == TRADE_OPEN["type"]:
            if seat is None or self.panel is None:
                return False
            self.message = ""
            self.trade = TradePanel(
                "offer",
                seat,
                self.panel.view,
                lambda a: self.submit(a, seat),
                self._close_trade,
                self._names(),
            )
            if self.hinted_offer is not None:
                self.trade.prefill(self.hinted_offer)  # the hint's trade, ready to send or change
            self.panel = None
            return True
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
        self.panel = self.trade = None
        self.panel_key = None
        self.drag = None
        self.hint_text = ""
        self.hinted_offer = None
        top = self._top()
        if self.claimed is not None and not self._is_window(top):
            self.claimed = None
        if seat in self.humans and self.gate.shared:
            nxt = self.rules.to_act(self.state)
            # The same human straight on (their own turn goes on): keep the screen; else fold away.
            if not (top is not None and top.kind in ("turn", "oops") and nxt == [seat]):
                self.gate.hide()
        self._play(events)

    # -- what the events look like ------------------------------------------------------------------------

    def _zone(self, kind: str, value: int, owner: int | None = None) -> pygame.Rect | None:
        for zone in reversed(self.zones):
            if zone.kind == kind and zone.value == value and (owner is None or zone.owner == owner):
                return zone.rect
        return None

    def _seat_rect(self, seat: Any) -> pygame.Rect | None:
        return self.layout.seats.get(seat) if isinstance(seat, int) else None

    def _from_hand(self, seat: int, card: int) -> pygame.Rect | None:
        """A card leaves a hand: from the card itself when that hand shows, else its chef's place."""
        place = self._zone("hand", card)
        if place is not None:
            return place
        area = self._seat_rect(seat)
        if area is None:
            return None
        w, h = self.layout.hand_card
        return pygame.Rect(area.midtop, (w // 2, h // 2))

    def _play(self, events: list[Event]) -> None:
        """Sounds, floating words and sliding cards follow the engine's events."""
        lay = self.layout
        for event in events:
            kind, seat = event.get("type"), event.get("seat")
            area = self._seat_rect(seat)
            where = area.center if area is not None else lay.piles.center
            card = event.get("card")
            if kind == "play":
                start = self._from_hand(seat, card)
                end = self._zone("pie", event["pie"], seat) or self._zone("new_pie", 0, seat) or area
                self.flights.launch(card, start, end)
                self._sound("card_place")
            elif kind == "discard":
                self.flights.launch(card, self._from_hand(seat, card), lay.leftovers)
                self._sound("card_slide")
            elif kind == "take":
                self.flights.launch(
                    card, self._zone("leftover", card), area if seat != self.display_seat else lay.hand
                )
                self._sound("draw")
            elif kind == "draw":
                self.flights.launch(None, lay.deck, area if seat != self.display_seat else lay.hand)
                self._sound("draw")
            elif kind == "serve":
                self.effects.float_text(_("Served!"), where, pal.GOLD)
                self._sound("coin")
            elif kind == "oops":
                self.effects.float_text(_("Oops!"), where, pal.DANGER)
                self._sound("out")
            elif kind == "sabotage":
                self.effects.float_text(_("Sabotage!"), where, pal.DANGER)
                self._sound("kapow")
            elif kind == "saved":
                self.effects.float_text(_("Saved it!"), where, (150, 220, 190))
                self._sound("block")
            elif kind == "spoiled":
                owner = self._seat_rect(event.get("seat"))
                self.flights.launch(
                    card, self._zone("pie", event["pie"], event.get("seat")) or owner, lay.out
                )
                self._sound("refuse")
            elif kind == "offer":
                self._sound("click")
            elif kind == "traded":
                self.effects.float_text(_("Traded!"), where, pal.HIGHLIGHT)
                self._sound("card_slide")
            elif kind == "game_over":
                self.effects.sparkle(lay.piles.center, pal.GOLD)
                self._sound("win")

    # -- hints and undo -----------------------------------------------------------------------------------

    def show_hint(self) -> None:
        """H: the hard bot's suggestion for the seat at the screen, from that seat's view only; while
        answering a trade, the hinted answer is filled into the trade panel."""
        answering = self.trade is not None and self.trade.mode != "offer"
        if self.panel is None and not answering:
            return
        from pie_table.games.cheflebrity.hints import hint

        if answering:
            assert self.trade is not None
            seat = self.trade.seat
            action, why = hint(self.session.view(seat), self.session.legal(seat), seat)
            self.hints_used[seat] = self.hints_used.get(seat, 0) + 1
            self.hint_text = self.names.tr(why)
            self.trade.prefill_answer(action)
            return
        assert self.panel is not None
        seat = self.panel.seat
        legal = self.session.legal(seat)
        action, why = hint(self.session.view(seat), legal, seat)
        self.hints_used[seat] = self.hints_used.get(seat, 0) + 1
        self.hint_text = self.names.tr(why)
        self.hinted_offer = action if action["type"] == "offer" else None
        self.panel.picked = None
        shown = self.panel.shown()
        target = TRADE_OPEN if action["type"] == "offer" else action
        for index, item in enumerate(shown):
            if self.panel.items[item][0] == target:
                self.panel.focus = index

    def undo(self) -> bool:
        seat = self.humans[0] if len(self.humans) == 1 else None
        if seat is None or not self.session.can_undo(seat):
            self.message = (
                _("Undo is off when several people share the table")
                if len(self.humans) > 1
                else _("Nothing to undo: a card was drawn, or another chef moved")
            )
            self._sound("refuse")
            return False
        self.session.undo(seat)
        self.autosave.save()
        self.message = ""
        self.panel = self.trade = None
        self.panel_key = None
        return True

    # -- input ------------------------------------------------------------------------------------------

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
        if key == pygame.K_t:
            self.show_trades = not self.show_trades
            return
        if self.trade is not None:
            if key == pygame.K_h and self.trade.mode != "offer":
                self.show_hint()  # an offer's hint is given before the panel opens
                return
            self.trade.handle_key(key)
            return
        if self.panel is None:
            return
        if key == pygame.K_h:
            self.show_hint()
            return
        if key == pygame.K_TAB:
            usable = [
                z.value
                for z in self.zones
                if z.kind == "hand" and any(a.get("card") == z.value for a, _t in self.panel.items)
            ]
            if usable:
                current = (
                    self.panel.picked[1] if self.panel.picked and self.panel.picked[0] == "hand" else None
                )
                nxt = usable[(usable.index(current) + 1) % len(usable)] if current in usable else usable[0]
                self.panel.pick("hand", nxt)
            return
        self.panel.handle_key(key)

    def _zone_at(self, pos: tuple[int, int], kinds: tuple[str, ...]) -> Zone | None:
        for zone in reversed(self.zones):
            if zone.kind in kinds and zone.rect.collidepoint(pos):
                return zone
        return None

    def _mouse(self, event: pygame.event.Event) -> None:
        if self.trade is not None and self.trade.handle_mouse(event):
            return
        if self.panel is not None and self.panel.handle_mouse(event):
            return
        seat = self._acting_seat()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            zone = self._zone_at(event.pos, ("hand", "leftover", "deck", "pie"))
            if zone is not None and seat is not None:
                draggable = zone.kind in ("hand", "leftover", "deck") or (
                    zone.kind == "pie" and zone.owner == seat
                )
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
            else:
                self._click(zone)

    def _acting_seat(self) -> int | None:
        if self.trade is not None:
            return self.trade.seat
        return self.panel.seat if self.panel is not None else None

    def _click(self, zone: Zone) -> None:
        if self.trade is not None:
            if zone.kind == "hand" and not self.trade.toggle(zone.value):
                self.message = _("That card is not yours to hand over")
            return
        if self.panel is None:
            return
        if zone.kind == "deck":
            self._submit_first(lambda a: a["type"] == "draw" and a["from"] == "deck")
            return
        if not self.panel.pick(zone.kind, zone.value):
            self.message = _("Nothing you can do with that now")

    def _submit_first(self, test: Any) -> bool:
        if self.panel is None:
            return False
        for action, _t in self.panel.items:
            if test(action):
                return self.submit(action, self.panel.seat)
        self.message = _("That card does not go there")
        self._sound("refuse")
        return False

    def drop_targets(self, zone: Zone) -> set[tuple[str, int, int]]:
        """Where the dragged thing may land (lit while dragging): (zone kind, value, owner)."""
        found: set[tuple[str, int, int]] = set()
        if self.panel is None:
            return found
        seat = self.panel.seat
        for action, _t in self.panel.items:
            kind = action["type"]
            if zone.kind == "hand" and action.get("card") == zone.value:
                if kind == "play":
                    found.add(
                        ("pie", action["pie"], seat) if action["pie"] is not None else ("new_pie", 0, seat)
                    )
                elif kind == "discard":
                    found.add(("leftovers", 0, -1))
                elif kind == "sabotage":
                    found.add(("pie", action["pie"], action["owner"]))
                elif kind == "save" and self.panel.view.get("pending"):
                    pending = self.panel.view["pending"]
                    found.add(("pie", pending["pie"], pending["owner"]))
            elif zone.kind == "hand" and kind == "trade_open":
                for other in range(len(self.setup.seats)):
                    if other != seat and other not in self.panel.view["traded_with"]:
                        found.add(("seat", other, other))
            elif zone.kind == "leftover" and kind == "draw" and action.get("card") == zone.value:
                found.add(("hand", 0, -1))
            elif zone.kind == "deck" and kind == "draw" and action["from"] == "deck":
                found.add(("hand", 0, -1))
            elif zone.kind == "pie" and kind == "serve" and action["pie"] == zone.value:
                found.add(("serving", seat, seat))
        return found

    def _drop(self, dragged: Zone, pos: tuple[int, int]) -> None:
        """A drop makes the move it means, checked by the engine; one that makes no legal move springs
        back with the reason."""
        if self.panel is None:
            return
        seat = self.panel.seat
        target = self._zone_at(pos, ("pie", "new_pie", "leftovers", "leftover", "serving", "seat", "hand"))
        if target is None and self.layout.hand.collidepoint(pos):
            target = Zone("hand", -1, self.layout.hand)
        action = self._drop_action(dragged, target, seat)
        if action is None:
            self.message = _("That card does not go there")
            self._sound("refuse")
            return
        if action["type"] == "ask_part":
            # A Stroke of Genius! could be more than one part here: the list asks which.
            assert self.panel is not None
            self.panel.pick("pie", action["pie"])
            self.message = _("Choose what your Stroke of Genius! becomes")
            return
        if action["type"] == "trade_open":
            self.submit(action, seat)
            if self.trade is not None:
                self.trade.toggle(dragged.value)
                if target is not None and target.owner in self.trade.partners:
                    self.trade.partner = self.trade.partners.index(target.owner)
            return
        self.submit(action, seat)

    def _drop_action(self, dragged: Zone, target: Zone | None, seat: int) -> Action | None:
        if target is None or self.panel is None:
            return None
        items = [a for a, _t in self.panel.items]
        if dragged.kind in ("leftover", "deck"):
            if target.kind != "hand":
                return None
            for action in items:
                if action["type"] == "draw" and (
                    (dragged.kind == "deck" and action["from"] == "deck")
                    or action.get("card") == dragged.value
                ):
                    return action
            return {
                "type": "draw",
                "from": "leftovers" if dragged.kind == "leftover" else "deck",
                **({"card": dragged.value} if dragged.kind == "leftover" else {}),
            }
        if dragged.kind == "pie":
            if target.kind != "serving" or target.owner != seat:
                return None
            return {"type": "serve", "pie": dragged.value}
        card = dragged.value
        pending = self.panel.view.get("pending")
        if target.kind == "pie" and pending is not None and any(a["type"] == "save" for a in items):
            if (target.owner, target.value) == (pending["owner"], pending["pie"]):
                return {"type": "save", "card": card}  # whichever card can save: the player's choice
        if target.kind in ("leftovers", "leftover"):
            return {"type": "discard", "card": card}
        if target.kind == "new_pie":
            plays = [a for a in items if a["type"] == "play" and a["card"] == card and a["pie"] is None]
            return plays[0] if plays else {"type": "play", "card": card, "pie": None}
        if target.kind == "pie" and target.owner == seat:
            plays = [
                a for a in items if a["type"] == "play" and a["card"] == card and a["pie"] == target.value
            ]
            if len(plays) > 1:
                return {"type": "ask_part", "card": card, "pie": target.value}
            return plays[0] if plays else {"type": "play", "card": card, "pie": target.value}
        if target.kind == "pie" and KIND[card] in (SABOTAGE, GENIUS):
            return {"type": "sabotage", "card": card, "owner": target.owner, "pie": target.value}
        rival = target.kind in ("seat", "pie", "serving") and target.owner not in (seat, -1)
        if rival and any(a["type"] == "trade_open" for a in items):
            return dict(TRADE_OPEN)
        return None

    # -- the end ----------------------------------------------------------------------------------------

    def _show_results(self) -> None:
        if self.results_shown or self.watch:
            return
        self.results_shown = True
        from pie_table.scenes.results import ResultsScene

        self.autosave.save()
        record_finished(
            self.session,
            Path(str(self.autosave.path)).name,
            {seat: {"hints": n} for seat, n in self.hints_used.items()},
        )
        title, lines = results_text(self.public(), self._names())
        self.app.scenes.push(ResultsScene(self.app, self.setup, title, lines, str(self.autosave.path)))

    # -- replay and headless ----------------------------------------------------------------------------

    def replay_apply(self, seat: int | None, action: Action) -> bool:
        return self.submit(action, seat)

    @property
    def busy(self) -> bool:
        return self.flights.busy

    def skip_to(self, at: float | None = None, turn: int | None = None) -> None:
        """Play on without drawing until turn `turn` begins (`at`: seconds of table time)."""
        self.autoplay = True
        if turn is not None:
            while not self.rules.is_over(self.state) and self.state.turn_no < turn:
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
        self.panel = self.trade = None
        self.panel_key = None

    # -- drawing ----------------------------------------------------------------------------------------

    def banner(self, view: dict[str, Any]) -> str:
        if view["over"]:
            return _("The judging is done!")
        top = (view.get("decisions") or [None])[-1]
        if top is None:
            return ""
        if top["kind"] == "turn":
            return _("{chef}'s turn").format(chef=self.name(top["seats"][0]))
        if top["kind"] in ("sabotage", "saved"):
            return prompt(self._named(view), self.display_seat) or _("Anyone may react")
        if top["kind"] == "reply":
            return _("{chef} considers a trade").format(chef=self.name(top["seats"][0]))
        if top["kind"] == "confirm":
            return _("{chef} weighs the answer").format(chef=self.name(top["seats"][0]))
        return _("{chef} picks a pie for the Oops!").format(chef=self.name(top["seats"][0]))

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view()
        lay, s = self.layout, self.layout.scale
        # The backdrop holds the felt and every area's fill, so only what changes is drawn on it.
        painted = surface.get_size() == lay.size
        if painted:
            surface.blit(backdrop(lay), (0, 0))
        else:
            surface.fill(pal.FELT_DARK)
        lit_cards, lit_pies = self.panel.lit() if self.panel is not None else (set(), set())
        targets: set[tuple[str, int, int]] = set()
        if self.drag is not None and self.drag["moving"]:
            targets = self.drop_targets(self.drag["zone"])
            lit_pies = {v for k, v, _o in targets if k == "pie"}
        pending = view.get("pending")
        if pending and pending.get("pie") is not None:
            lit_pies = lit_pies | {pending["pie"]}
        top = (view.get("decisions") or [None])[-1]
        turn_seat = view["turn"] if not view["over"] else None
        asked = set(view["to_act"]) if top is not None and top["kind"] != "turn" else set()
        draw_top_bar(surface, lay, view, self.banner(view), painted)
        lit_piles = {k for k, _v, _o in targets if k in ("leftovers", "hand")}
        if (
            self.panel is not None
            and self.panel.picked is None
            and view["step"] in ("draw", "redraw")
            and self.panel.view.get("seat") == view["turn"]
        ):
            lit_piles.add("deck")
        zones = draw_piles(
            surface,
            lay,
            view,
            lit_cards,
            {"deck"} & lit_piles | {k for k in lit_piles if k == "leftovers"},
            painted,
        )
        for seat in range(view["seats"]):
            zones += draw_seat(
                surface,
                lay,
                view,
                seat,
                self.name(seat),
                turn=seat == turn_seat,
                asked=seat in asked,
                lit_pies=lit_pies,
                new_pie_lit=("new_pie", 0, seat) in targets,
                serving_lit=("serving", seat, seat) in targets,
                painted=painted,
            )
        if any(k == "seat" for k, _v, _o in targets):
            for kind, value, _o in targets:
                if kind == "seat" and value in lay.seats:
                    pygame.draw.rect(surface, pal.HIGHLIGHT, lay.seats[value], 4, border_radius=int(12 * s))
        picked: set[int] = set(self.trade.picked) if self.trade is not None else set()
        if self.panel is not None and self.panel.picked and self.panel.picked[0] == "hand":
            picked.add(self.panel.picked[1])
        dragging = (
            self.drag["zone"].value
            if self.drag and self.drag["moving"] and self.drag["zone"].kind == "hand"
            else None
        )
        zones += draw_hand(surface, lay, view, picked, dragging, lit_cards, painted)
        if "hand" in lit_piles:
            pygame.draw.rect(surface, pal.HIGHLIGHT, lay.hand, 3, border_radius=int(12 * s))
        self.zones = zones
        remaining = self.pacer.remaining()
        deadline = top["deadline"] if top is not None else None
        if self.trade is not None:
            self.trade.draw(surface, lay.moves, s, painted)
        elif self.panel is not None:
            self.panel.draw(surface, lay.moves, s, remaining, deadline, painted=painted)
        else:
            self._draw_waiting(surface, view, painted)
        if self.show_trades:
            self._draw_trades(surface, view, painted)
        else:
            draw_log(surface, lay.log, view["log"], s, _("At the table (T: your trades)"), painted=painted,
                     names=self.names)
        if self.drag is not None and self.drag["moving"]:
            self._draw_dragged(surface)
        self.flights.draw(surface)
        if view["over"]:
            self._draw_judging(surface, view)
        self.effects.draw(surface)
        self._draw_notes(surface)
        draw_marker(surface, self.autosave)

    def _draw_notes(self, surface: pygame.Surface) -> None:
        lay, s = self.layout, self.layout.scale
        if self.hint_text and (self.panel is not None or self.trade is not None):
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

    def _draw_waiting(self, surface: pygame.Surface, view: dict[str, Any], painted: bool = False) -> None:
        """The moves box when the screen's seat is not asked: who the table waits for, and on a shared
        screen the reaction countdown with a React! button per human."""
        rect, s = self.layout.moves, self.layout.scale
        if not painted:
            paper(surface, rect, s)
        pad = int(10 * s)
        text = fit_lines(self.banner(view), int(17 * s), rect.w - 2 * pad, pal.INK, "bold", most=3)  # wraps
        surface.blit(text, (rect.x + pad, rect.y + pad))
        y = rect.y + pad + text.get_height()
        top = self._top()
        y += pad
        if self._is_window(top) and self.gate.shared and not self.watch:  # nobody claims in a replay
            area = pygame.Rect(rect.x, y, rect.w, rect.h // 2)
            self.reaction.draw(surface, area, s, ink=pal.INK)
        elif view.get("trade"):
            trade = view["trade"]
            line = _("{chef} offers {other} {claim} for {want}.").format(
                chef=self.name(trade["from"]),
                other=self.name(trade["to"]),
                claim=claim_label(trade["claim"]),
                want=claim_label(trade["want"]),
            )
            for part in _wrap(line, int(15 * s), rect.w - 2 * pad):
                image = fit_text(part, int(15 * s), rect.w - 2 * pad, pal.INK)
                surface.blit(image, (rect.x + pad, y))
                y += image.get_height()
        elif not view["over"]:
            for part in _wrap(" ".join(_(sentence) for sentence in _HOW_TO), int(14 * s), rect.w - 2 * pad):
                image = fit_text(part, int(14 * s), rect.w - 2 * pad, pal.INK_SOFT)
                surface.blit(image, (rect.x + pad, y))
                y += image.get_height()
        if view["over"]:
            # Each chef's total, wrapped (a long one in Spanish would be cut), later lines indented.
            indent = int(12 * s)
            for line in results_text(view, self._names())[1][: view["seats"]]:
                for i, part in enumerate(_wrap(line, int(15 * s), rect.w - 2 * pad - indent)):
                    image = fit_text(part, int(15 * s), rect.w - 2 * pad - indent, pal.INK)
                    surface.blit(image, (rect.x + pad + (indent if i else 0), y))
                    y += image.get_height()
                y += 2

    def _draw_trades(self, surface: pygame.Surface, view: dict[str, Any], painted: bool = False) -> None:
        """T: the trades this seat took part in: what was said, what actually arrived."""
        rect, s = self.layout.log, self.layout.scale
        if not painted:
            paper(surface, rect, s)
        pad = int(8 * s)
        head = fit_text(_("Your trades (T: the table)"), int(15 * s), rect.w - 2 * pad, pal.INK, "bold")
        surface.blit(head, (rect.x + pad, rect.y + pad))
        y = rect.y + pad + head.get_height() + 4
        notes = [n for n in view.get("notes", []) if n.get("type") == "trade_in"]
        if not notes:
            none = fit_text(_("No trades yet."), int(14 * s), rect.w - 2 * pad, pal.INK_SOFT)
            surface.blit(none, (rect.x + pad, y))
            return
        for note in reversed(notes):
            mark = "✓" if note.get("honest") else "✗"
            line = _("{mark} {chef} said {claim}; you got {got}").format(
                mark=mark,
                chef=self.name(note["other"]),
                claim=claim_label(note["claimed"]),
                got=", ".join(card_label(c) for c in note["got"]),
            )
            for part in _wrap(line, int(14 * s), rect.w - 2 * pad):
                if y > rect.bottom - pad - int(16 * s):
                    return
                image = fit_text(
                    part, int(14 * s), rect.w - 2 * pad, pal.INK if note.get("honest") else pal.DANGER
                )
                surface.blit(image, (rect.x + pad, y))
                y += image.get_height()

    def _draw_judging(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The end: every chef's served desserts with their points, then each bonus with who took it
        and why, the totals and the winner."""
        result = view.get("result")
        if not result:
            return
        lay, s = self.layout, self.layout.scale
        area = pygame.Rect(
            lay.top_bar.x, lay.top_bar.bottom + 6, lay.top_bar.w, lay.hand.bottom - lay.top_bar.bottom - 6
        )
        paper(surface, area, s, edge=pal.GOLD)
        pad = int(12 * s)
        title, _lines = results_text(view, self._names())
        head = fit_text(title, int(28 * s), area.w - 2 * pad, pal.CHERRY, "title")
        surface.blit(head, head.get_rect(midtop=(area.centerx, area.y + pad)))
        top = area.y + pad * 2 + head.get_height()
        left_w = int(area.w * 0.52)
        order = sorted(range(view["seats"]), key=lambda seat: -result["totals"][seat])
        row_h = max(int(40 * s), (area.bottom - pad - top) // max(1, len(order)))
        for rank, seat in enumerate(order):
            y = top + rank * row_h
            crowned = seat in view["winners"]
            name = fit_text(
                ("★ " if crowned else "") + self.name(seat),
                int(18 * s),
                int(left_w * 0.5),
                pal.CHERRY if crowned else darker_ink(seat),
                "bold",
            )
            surface.blit(name, (area.x + pad, y))
            total = fit_text(
                _("{total} points").format(total=result["totals"][seat]),
                int(18 * s),
                int(left_w * 0.45),
                pal.INK,
                "bold",
            )
            surface.blit(total, total.get_rect(topright=(area.x + left_w, y)))
            desserts = ", ".join(f"{kind_label(d['kind'])} {d['quality']}" for d in result["desserts"][seat])
            detail = _("Served: {list} = {q}; bonuses +{b}").format(
                list=desserts or _("nothing"), q=result["quality"][seat], b=result["bonus_points"][seat]
            )
            for part in _wrap(detail, int(14 * s), left_w - pad)[:2]:
                image = fit_text(part, int(14 * s), left_w - pad, pal.INK_SOFT)
                y += image.get_height() if part is not None else 0
                surface.blit(image, (area.x + pad, y + int(6 * s)))
        x = area.x + left_w + pad * 2
        y = top
        bonus_h = max(int(17 * s), (area.bottom - pad - top) // len(result["bonuses"]))
        for bonus in result["bonuses"]:
            line = bonus_line(bonus, self.name, result.get("quality_rule", "count"))
            image = fit_text(
                line, int(14 * s), area.right - pad - x, pal.INK if bonus["seats"] else pal.INK_SOFT
            )
            surface.blit(image, (x, y))
            y += bonus_h
        if self.end_timer >= _END_ARM:
            hint = fit_text(_("Enter or click: the results"), int(15 * s), area.w - 2 * pad, pal.INK_SOFT)
            surface.blit(hint, hint.get_rect(bottomright=(area.right - pad, area.bottom - int(4 * s))))

    def _draw_dragged(self, surface: pygame.Surface) -> None:
        zone: Zone = self.drag["zone"]  # type: ignore[index]
        x, y = self.drag["pos"]  # type: ignore[index]
        if zone.kind in ("hand", "leftover"):
            w, h = self.layout.hand_card
            image = card_face(zone.value, w, h)
            surface.blit(image, image.get_rect(center=(x, y)))
        else:
            rect = zone.rect.copy()
            rect.center = (x, y)
            pygame.draw.rect(surface, pal.HIGHLIGHT, rect, 3, border_radius=8)


# How to play, a sentence each (shown in the moves box while the table waits for someone else).
_HOW_TO = (
    N_("On your turn, drag a card onto one of your pies or the new-pie slot to play it."),
    N_("Drag it onto the Leftovers to discard, onto a rival's pie to sabotage, onto a rival to trade."),
    N_("Drag a finished pie to your serving line to serve it."),
    N_("Or pick every move from this list: arrow keys and Enter. H: a hint. T: your trades."),
)


def _window_answer(decision: Any) -> str:
    """What a reaction window may be answered with, for its countdown and a claim that ran out."""
    return {"sabotage": _("Sabotage!"), "saved": _("Saved it!")}.get(decision.kind, "")


def darker_ink(seat: int) -> tuple[int, int, int]:
    from pie_table.kit.art_draw import darker

    return darker(seat_color(seat), 0.3)


def _wrap(text: str, size: int, width: int) -> list[str]:
    from pie_table.kit.fonts import font
    from pie_table.kit.text import wrap_text

    return wrap_text(text, font(max(MIN_READABLE, size)), width)  # the size fit_text draws it at


def bonus_line(bonus: dict[str, Any], name: Any, quality_rule: str = "count") -> str:
    """One bonus on the scoring sheet: who took it, with what (in words: "2 pies", "1 card of
    25"), and for how many points."""
    title = _(BONUS_NAMES[bonus["id"]])
    if not bonus["seats"]:
        return _("{bonus}: nobody").format(bonus=title)
    measure = bonus_measure(bonus["id"], bonus["values"][bonus["seats"][0]], quality_rule)
    who = ", ".join(name(s) for s in bonus["seats"])
    if bonus["points"] == 0:
        return _("{bonus}: {who} tie with {measure} each: no points").format(
            bonus=title, who=who, measure=measure)
    return _("{bonus}: {who} ({measure}) +{points}").format(
        bonus=title, who=who, measure=measure, points=bonus["points"]
    )


def bonus_measure(bonus_id: str, n: int, quality_rule: str = "count") -> str:
    """What a bonus counted, in words: "2 pies", "3 flavours", "1 card of 25", "quality 65"."""
    if bonus_id in ("highest", "worst") and quality_rule == "total":
        return _("quality {n}").format(n=n)
    words = {
        "most_pies": ("{n} pie", "{n} pies"),
        "most_tarts": ("{n} tart", "{n} tarts"),
        "pie_variety": ("{n} flavour", "{n} flavours"),
        "tart_variety": ("{n} flavour", "{n} flavours"),
        "consistent": ("{n} of a kind", "{n} of a kind"),
        "fanciest": ("{n} extra", "{n} extras"),
        "highest": ("{n} card of 25", "{n} cards of 25"),
        "worst": ("{n} card of 5", "{n} cards of 5"),
        "sabotage": ("{n} played", "{n} played"),
        "saved": ("{n} played", "{n} played"),
    }.get(bonus_id)
    if words is None:
        return str(n)
    return ngettext(*words, n).format(n=n)


def results_text(view: dict[str, Any], names: list[str]) -> tuple[str, list[str]]:
    """The results screen: the winner, every chef's total with its quality points and bonuses, then
    every bonus with who took it."""
    result = view.get("result") or {}
    winners = view["winners"]

    def name(seat: int) -> str:
        return chef_label(seat, names[seat] if seat < len(names) else "")

    if len(winners) == 1:
        title = _("{chef} wins!").format(chef=name(winners[0]))
    else:
        title = _("A shared win: {chefs}").format(chefs=", ".join(name(s) for s in winners))
    totals = result.get("totals", [0] * view["seats"])
    order = sorted(range(view["seats"]), key=lambda s: -totals[s])
    lines = [
        _("{chef}: {total} points ({q} quality + {b} bonuses)").format(
            chef=name(s), total=totals[s], q=result["quality"][s], b=result["bonus_points"][s]
        )
        for s in order
    ]
    rule = result.get("quality_rule", "count")
    lines += [bonus_line(b, name, rule) for b in result.get("bonuses", []) if b["seats"]]
    return title, lines
