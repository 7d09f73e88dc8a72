"""The Cheflebrity table on the shared turn-based table (scenes.turn_table): its layout, its
painting (table_look), the flights and effects its events make, its trade panel, hints and words,
and `zones_of`: where each move's card is dragged from (the hand, the Leftovers, the Ingredients, a
finished pie) and dropped onto (a pie, a new pie, the Leftovers, a serving line, a rival).

Privacy by construction: drawing only ever gets `driver.view(seat)` for the seat the privacy gate
says is at the screen (None: public only). With several humans at one screen every decision is
behind a hand-off, a reaction window is a countdown any human may claim (kit.reaction), and a trade
offered to a human is answered behind a hand-off too, so no hand and no hidden trade card is ever
shown to the wrong player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pygame

from pie_table.core.engine import Action, Event
from pie_table.core.session import Entry
from pie_table.core.setup import GameSetup
from pie_table.core.table_driver import TurnDriver
from pie_table.games.cheflebrity.deck import GENIUS, KIND, SABOTAGE
from pie_table.games.cheflebrity.ui.flights import Flights
from pie_table.games.cheflebrity.ui.layout import compute_layout
from pie_table.games.cheflebrity.ui.moves import TRADE_OPEN, WORDS, panel_moves
from pie_table.games.cheflebrity.ui.names import chef_label
from pie_table.games.cheflebrity.ui.results_words import bonus_line, bonus_measure, results_text
from pie_table.games.cheflebrity.ui.table_look import banner, paint
from pie_table.games.cheflebrity.ui.table_paint import Zone, leftover_card, seat_color, warm_faces
from pie_table.games.cheflebrity.ui.trade_panel import TradePanel
from pie_table.kit import palette as pal
from pie_table.kit.art import chef_portrait
from pie_table.kit.art_chefs import CHEF_NAMES
from pie_table.kit.i18n import _
from pie_table.kit.move_panel import MovePanel
from pie_table.kit.seat_names import SeatNames
from pie_table.scenes.turn_table import TurnTable, ZoneKey

__all__ = ["TRADE_OPEN", "CheflebrityTableScene", "bonus_line", "bonus_measure", "results_text"]

GAME_ID = "cheflebrity"
_LANDABLE = ("pie", "new_pie", "leftovers", "leftover", "serving", "seat", "hand")


class CheflebrityTableScene(TurnTable):
    """One game of Cheflebrity at the table."""

    game_id = GAME_ID
    turn_beat = 0.5
    end_hold = 12.0  # the judging stays this long unless a player moves on first
    own_turn_kinds = ("turn", "oops")
    pressable = ("hand", "leftover", "deck", "pie")
    inspectable = ("more_pies",)  # a working line's "+n": Tab shows its pies as pointing does
    landable = _LANDABLE
    flights: Flights

    def __init__(self, app: Any, setup: GameSetup, driver: TurnDriver,
                 save_path: str | None = None, watch: bool = False) -> None:
        names = SeatNames.of_setup(setup, chef_label)  # every seat by its player's name
        super().__init__(app, setup, driver, save_path, watch, names, paced_by_moment=True)
        self.trade: TradePanel | None = None
        self.hinted_offer: Action | None = None  # a trade the hint suggested, filled in when opened
        self.show_trades = False
        self.flights = Flights()
        self.layout = compute_layout(app.screen.get_size(), len(setup.seats), self._bottom_seat(),
                                     self._hand_shown())

    def _bottom_seat(self) -> int:
        seat = self.display_seat
        if seat is not None:
            return seat
        return self.humans[0] if self.humans else 0

    def _hand_shown(self) -> bool:
        """Whether a hand shows at the bottom: not at a spectator's table (a replay) that shows no
        seat's, whose felt takes the hand's room (a shared screen between hand-offs keeps it)."""
        return not (self.watch and self.display_seat is None)

    def named(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """`view` with the players' names, for the move words."""
        return {**view, "player_names": self.player_names()}

    def player_names(self) -> list[str]:
        return [self.names.player(s) for s in range(len(self.setup.seats))]  # a remote player's as they join

    def enter(self) -> None:
        self.on_resize(self.app.screen.get_size())
        warm_faces(self.layout)
        self.warm_up()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size, len(self.setup.seats), self._bottom_seat(), self._hand_shown())
        self.effects.scale = self.layout.scale
        lay = self.layout
        self.flights.sizes = {lay.hand_card, lay.pile_card, leftover_card(lay)}
        self.flights.standard = lay.pile_card

    def keep_layout(self) -> None:
        if (self.layout.me, self.layout.hand_shown) != (self._bottom_seat(), self._hand_shown()):
            self.on_resize(self.layout.size)  # the size it has (a replay keeps a bar below the table)

    def draw(self, surface: pygame.Surface) -> None:
        paint(self, surface)

    def banner(self, view: dict[str, Any]) -> str:
        return banner(self, view)

    # -- the game's part of the flow ----------------------------------------------------------------------

    def open_panel(self, seat: int, legal: Sequence[Action]) -> None:
        view = self.named(self.driver.view(seat))
        kind = (self.top() or {}).get("kind")
        if kind == "reply" or (kind == "confirm" and (view.get("trade") or {}).get("counter")):
            mode = "reply" if kind == "reply" else "counter"
            self.trade = TradePanel(mode, seat, view, lambda a: self.submit(a, seat), self._close_trade,
                                    self.player_names())
            return
        self.panel = MovePanel(seat, panel_moves(legal), view, lambda a: self.submit(a, seat),
                               self.show_hint, WORDS)

    def _close_trade(self) -> None:
        self.trade = None
        self.panel_key = None  # the move list comes back

    def offered_seat(self) -> int | None:
        return self.trade.seat if self.trade is not None else super().offered_seat()

    def acting_seat(self) -> int | None:
        return self.offered_seat()

    def clear_panels(self) -> None:
        super().clear_panels()
        self.trade = None

    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Send one action for `seat`; "Trade…" opens the trade panel instead."""
        if action.get("type") != TRADE_OPEN["type"]:
            return super().submit(action, seat)
        if seat is None or self.panel is None:
            return False
        self.message = ""
        self.trade = TradePanel("offer", seat, self.panel.view, lambda a: self.submit(a, seat),
                                self._close_trade, self.player_names())
        if self.hinted_offer is not None:
            self.trade.prefill(self.hinted_offer)  # the hint's trade, ready to send or change
        self.panel = None
        return True

    def _applied(self, entry: Entry, events: list[Event]) -> None:
        self.hinted_offer = None
        super()._applied(entry, events)

    def round_of(self, view: Mapping[str, Any]) -> int:
        return int(view["turn_no"])

    def handoff_look(self, seat: int, name: str) -> tuple[str, Any, Any]:
        note = _("Only {chef} should look at the screen now.").format(chef=name)
        portrait = chef_portrait(CHEF_NAMES[seat % len(CHEF_NAMES)], int(96 * self.layout.scale))
        return note, portrait, seat_color(seat)

    def window_answer(self, decision: Any) -> str:
        return {"sabotage": _("Sabotage!"), "saved": _("Saved it!")}.get(decision["kind"], "")

    def nothing_to_undo(self) -> str:
        return _("Nothing to undo: a card was drawn, or another chef moved")

    def results_text(self, view: Mapping[str, Any]) -> tuple[str, list[str]]:
        return results_text(view, self.player_names())

    # -- hints and keys ---------------------------------------------------------------------------------

    def show_hint(self) -> None:
        """H: the expert's suggestion for the seat at the screen, from that seat's view only."""
        seat = self._hint_seat()
        if seat is not None:
            self.ask_hint(seat, self.legal(seat))

    def _hint_seat(self) -> int | None:
        """Whose choices a hint is for: the trade being answered's, else the move list's."""
        if self.trade is not None and self.trade.mode != "offer":
            return self.trade.seat
        return self.panel.seat if self.panel is not None else None

    def give_hint(self, seat: int, action: Action) -> None:
        """While answering a trade, the hinted answer is filled into the trade panel; a hinted offer
        fills the trade panel once it is opened; any other move is focused in the list."""
        from pie_table.games.cheflebrity.hints import reason

        if self._hint_seat() != seat:
            return  # the move list gave way to an offer being written meanwhile
        self.count_hint(seat, reason(self.driver.view(seat), action))
        if self.trade is not None:
            self.trade.prefill_answer(action)
            return
        self.hinted_offer = action if action["type"] == "offer" else None
        self.focus_move(TRADE_OPEN if action["type"] == "offer" else action)

    def key_first(self, key: int) -> bool:
        if key == pygame.K_t:
            self.show_trades = not self.show_trades
            return True
        if self.trade is None:
            return False
        if key == pygame.K_h and self.trade.mode != "offer":
            self.show_hint()  # an offer's hint is given before the panel opens
        else:
            self.trade.handle_key(key)
        return True

    def mouse_first(self, event: pygame.event.Event) -> bool:
        return self.trade is not None and self.trade.handle_mouse(event)

    def click(self, zone: Zone) -> None:
        if self.trade is not None:
            if zone.kind == "hand" and not self.trade.toggle(zone.value):
                self.message = _("That card is not yours to hand over")
            return
        if self.panel is None:
            return
        if zone.kind == "deck":
            draws = (a for a, _t in self.panel.items if a["type"] == "draw" and a["from"] == "deck")
            draw = next(draws, None)
            if draw is not None:
                self.submit(draw, self.panel.seat)
                return
            self.message = _("That card does not go there")
            self._sound("refuse")
            return
        super().click(zone)

    # -- drag and drop -------------------------------------------------------------------------------------

    def draggable(self, zone: Zone, seat: int) -> bool:
        return zone.kind in ("hand", "leftover", "deck") or (zone.kind == "pie" and zone.owner == seat)

    def drop_zones(self, pos: tuple[int, int]) -> list[Any]:
        zones = super().drop_zones(pos)
        if self.layout.hand.collidepoint(pos):
            zones.append(Zone("hand", -1, self.layout.hand))  # anywhere on the hand's strip
        return zones

    def zones_of(self, action: Action) -> Iterable[tuple[ZoneKey, ZoneKey]]:
        """Cards from the hand onto pies, the new-pie slot, the Leftovers or a rival (a trade); from
        the Ingredients or the Leftovers into the hand; a finished pie onto the serving line."""
        kind, seat = action["type"], self.acting_seat()
        card: ZoneKey = ("hand", action.get("card"), None)
        if kind == "play":
            pie = action["pie"]
            return [(card, ("pie", pie, seat) if pie is not None else ("new_pie", 0, seat))]
        if kind == "discard":
            return [(card, ("leftovers", 0, -1)), (card, ("leftover", None, None))]
        if kind == "sabotage":
            return [(card, ("pie", action["pie"], action["owner"]))]
        pending = self.panel.view.get("pending") if self.panel is not None else None
        if kind == "save" and pending:
            return [(card, ("pie", pending["pie"], pending["owner"]))]
        if kind == "offer":  # any card, onto the rival or anything of theirs: the trade panel opens
            rival = action["to"]
            return [(("hand", None, None), (place, None if place == "pie" else rival, rival))
                    for place in ("seat", "pie", "serving")]
        if kind == "draw":
            deck = action["from"] == "deck"
            source: ZoneKey = ("deck", 0, None) if deck else ("leftover", action["card"], None)
            return [(source, ("hand", None, None))]
        if kind == "serve":
            return [(("pie", action["pie"], seat), ("serving", seat, seat))]
        return []

    def dropped(self, found: list[Action], dragged: Zone, target: Zone, seat: int) -> None:
        first = found[0]
        if first["type"] == "play" and target.kind == "pie" and len(found) > 1:
            # A Stroke of Genius! could be more than one part here: the list asks which.
            self.panel.pick("pie", first["pie"])
            self.message = _("Choose what your Stroke of Genius! becomes")
            return
        if first["type"] != "offer":
            self.submit(first, seat)
        elif target.kind == "pie" and KIND[dragged.value] in (SABOTAGE, GENIUS):
            self.submit(_sabotage(dragged.value, target), seat)  # refused with the reason
        else:
            self.submit(dict(TRADE_OPEN), seat)
            if self.trade is not None:
                self.trade.toggle(dragged.value)
                if target.owner in self.trade.partners:
                    self.trade.partner = self.trade.partners.index(target.owner)

    def attempt(self, dragged: Zone, under: list[Zone], seat: int) -> Action | None:
        """The move a drop meant when none is listed, for the engine to say why not."""
        target = under[0] if under else None
        if target is None:
            return None
        if dragged.kind in ("leftover", "deck"):
            if target.kind != "hand":
                return None
            if dragged.kind == "deck":
                return {"type": "draw", "from": "deck"}
            return {"type": "draw", "from": "leftovers", "card": dragged.value}
        if dragged.kind == "pie":
            serving = target.kind == "serving" and target.owner == seat
            return {"type": "serve", "pie": dragged.value} if serving else None
        card = dragged.value
        pending = self.panel.view.get("pending")
        saving = pending is not None and any(a["type"] == "save" for a, _t in self.panel.items)
        where = (target.kind, target.owner, target.value)
        on_pending = saving and where == ("pie", pending["owner"], pending["pie"])
        if on_pending:
            return {"type": "save", "card": card}  # whichever card can save: the player's choice
        if target.kind in ("leftovers", "leftover"):
            return {"type": "discard", "card": card}
        if target.kind == "new_pie":
            return {"type": "play", "card": card, "pie": None}
        if target.kind == "pie" and target.owner == seat:
            return {"type": "play", "card": card, "pie": target.value}
        if target.kind == "pie" and KIND[card] in (SABOTAGE, GENIUS):
            return _sabotage(card, target)
        return None

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

    def play_events(self, events: list[Event]) -> None:
        """Sounds, floating words and sliding cards follow the engine's events."""
        lay = self.layout
        for event in events:
            kind, seat = event.get("type"), event.get("seat")
            area = self._seat_rect(seat)
            where = area.center if area is not None else lay.piles.center
            card = event.get("card")
            if kind == "play":
                start = self._from_hand(event["seat"], event["card"])  # a play names both
                end = self._zone("pie", event["pie"], seat) or self._zone("new_pie", 0, seat) or area
                self.flights.launch(card, start, end)
                self._sound("card_place")
            elif kind == "discard":
                self.flights.launch(card, self._from_hand(event["seat"], event["card"]), lay.leftovers)
                self._sound("card_slide")
            elif kind == "take":
                leftover = self._zone("leftover", event["card"])
                self.flights.launch(card, leftover, area if seat != self.display_seat else lay.hand)
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


def _sabotage(card: int, pie: Zone) -> Action:
    return {"type": "sabotage", "card": card, "owner": pie.owner, "pie": pie.value}
