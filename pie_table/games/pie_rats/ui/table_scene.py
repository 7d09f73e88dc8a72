"""The Pie Rats table on the shared turn-based table (scenes.turn_table): its layout, its painting
(table_look), the flights and effects its events make, its hints and words, and `zones_of`: where
each move's card is dragged from and dropped onto.

Privacy by construction: drawing only ever gets `driver.view(seat)` for the seat the privacy
gate says is at the screen (None: public only). With several humans at one screen every turn is
behind a hand-off (a hand decides what a turn may do); a reaction window is a countdown any
human may claim (kit.reaction), and only the claimer is handed the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pygame

from pie_table.core.engine import Action, Event
from pie_table.core.setup import GameSetup
from pie_table.core.table_driver import TurnDriver
from pie_table.games.pie_rats.deck import CARDS, PIES
from pie_table.games.pie_rats.ui.crew_art import captain_look, crew_portrait
from pie_table.games.pie_rats.ui.flights import Flights
from pie_table.games.pie_rats.ui.layout import compute_layout
from pie_table.games.pie_rats.ui.move_panel import MovePanel
from pie_table.games.pie_rats.ui.names import captain_label
from pie_table.games.pie_rats.ui.table_draw import Zone, seat_color
from pie_table.games.pie_rats.ui.table_look import banner, paint, ranked, results_text
from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.seat_names import SeatNames
from pie_table.scenes.turn_table import TurnTable, ZoneKey

__all__ = ["PieRatsTableScene", "ranked", "results_text"]

GAME_ID = "pie-rats"
# A card from the hand onto a crew member: the move it makes.
_ON_CREW = {"spinach": "spinach", "kidnapping": "kidnap", "carob_bean": "bean"}


class PieRatsTableScene(TurnTable):
    """One game of Pie Rats at the table."""

    game_id = GAME_ID
    turn_beat = 0.45  # every bot turn waits the same: how long it takes must not hint at a hand
    end_hold = 8.0
    alone_moves = ("done", "pass")
    pressable = ("hand", "crew", "charisma", "pie")
    flights: Flights

    def __init__(self, app: Any, setup: GameSetup, driver: TurnDriver,
                 save_path: str | None = None, watch: bool = False) -> None:
        # Every seat by its player's name, the Captain's title beside it (the title alone unnamed).
        names = SeatNames.of_setup(setup, title=lambda seat: captain_label(self.public(), seat))
        super().__init__(app, setup, driver, save_path, watch, names)
        self.layout = compute_layout(app.screen.get_size(), len(setup.seats))
        self.flights = Flights()
        self.pile_places: dict[str, pygame.Rect] = {}

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size, len(self.setup.seats))
        self.effects.scale = self.layout.scale

    def draw(self, surface: pygame.Surface) -> None:
        paint(self, surface)

    def banner(self, view: dict[str, Any]) -> str:
        return banner(self, view)

    # -- the game's part of the flow --------------------------------------------------------------------

    def open_panel(self, seat: int, legal: Sequence[Action]) -> None:
        # The move list names rival seats as the rest of the table does.
        names = [self.names(s) for s in range(len(self.setup.seats))]
        view = {**self.driver.view(seat), "seat_names": names}
        self.panel = MovePanel(seat, legal, view, lambda a: self.submit(a, seat), self.show_hint)

    def handoff_look(self, seat: int, name: str) -> tuple[str, Any, Any]:
        note = _("Only {captain} should look at the screen now.").format(captain=name)
        portrait = crew_portrait(captain_look(self.public(), seat), int(96 * self.layout.scale))
        return note, portrait, seat_color(seat)

    def window_answer(self, decision: Any) -> str:
        answers = {"theft": _("Charisma Theft"), "mirror": _("Mirror"),
                   "ambush": _("Kidnapping or Carob Bean")}
        return answers.get(decision["kind"], "")

    def nothing_to_undo(self) -> str:
        return _("Nothing to undo: a card was drawn, or another Captain moved")

    def results_text(self, view: Mapping[str, Any]) -> tuple[str, list[str]]:
        return results_text(view, self.driver.history(None).said, self.names)

    def show_hint(self) -> None:
        """H: the expert's suggestion for the seat at the screen, from that seat's view only."""
        if self.panel is not None:
            self.ask_hint(self.panel.seat, [a for a, _t in self.panel.items])

    def give_hint(self, seat: int, action: Action) -> None:
        """The move is focused in the list and the reason shown."""
        from pie_table.games.pie_rats.hints import reason

        self.focus_move(action)
        self.count_hint(seat, reason(self.driver.view(seat), action))

    # -- drag and drop -------------------------------------------------------------------------------------

    def draggable(self, zone: Zone, seat: int) -> bool:
        # A rival's crew member goes to your Captain (a lure), your own to a pie (a loot).
        return zone.kind in ("hand", "crew")

    def zones_of(self, action: Action) -> Iterable[tuple[ZoneKey, ZoneKey]]:
        """A card from the hand onto one's Captain, a crew member or a Charisma card; a rival's crew
        member onto one's Captain (a lure); one's own crew onto a pie (a loot)."""
        kind, seat = action["type"], self.acting_seat()
        captain: ZoneKey = ("captain", seat, None)
        card: ZoneKey = ("hand", action.get("card"), None)
        if kind == "mirror":
            return [(card, captain)]
        if kind in ("table", "crew"):  # onto the Captain or anything already before it
            return [(card, captain), (card, ("crew", None, seat)), (card, ("charisma", None, seat))]
        if kind == "theft":
            return [(card, ("charisma", action["target"], None))]
        if kind in _ON_CREW.values():
            return [(card, ("crew", action["crew"], None))]
        if kind == "lure":
            return [(("crew", rat, None), captain) for rat in action["targets"]]
        if kind == "loot":
            return [(("crew", rat, None), ("pie", action["pie"], None)) for rat in action["crew"]]
        return []

    def dropped(self, found: list[Action], dragged: Zone, target: Zone, seat: int) -> None:
        # One rat dropped on the Captain lures that rat alone, not a listed lure of several.
        exact = [a for a in found if a["type"] != "lure" or a["targets"] == [dragged.value]]
        self.submit(exact[0] if exact else _lure(dragged.value), seat)

    def attempt(self, dragged: Zone, under: list[Zone], seat: int) -> Action | None:
        """The move a drop meant when none is listed, for the engine to say why not: that rat alone
        at the pie (not the phase, too light...), that lure, that card played."""
        target = under[0] if under else None
        if target is None:
            return None
        if dragged.kind == "crew" and dragged.owner == seat:
            at_pie = target.kind == "pie"
            return {"type": "loot", "pie": target.value, "crew": [dragged.value]} if at_pie else None
        if dragged.kind == "crew":
            return _lure(dragged.value) if target.kind == "captain" and target.value == seat else None
        card = CARDS[dragged.value]
        own = target.kind in ("crew", "charisma") and target.owner == seat
        own = own and card.kind in ("charisma", "crew")
        if target.kind == "captain" or own:
            if target.owner != seat and target.value != seat:
                return None
            mirror = "mirror" if card.key == "mirror" else ""
            move = {"charisma": "table", "crew": "crew"}.get(card.kind, mirror)
            return {"type": move, "card": dragged.value} if move else None
        if target.kind == "crew" and card.key in _ON_CREW:
            return {"type": _ON_CREW[card.key], "card": dragged.value, "crew": target.value}
        if target.kind == "charisma" and card.key == "charisma_theft":
            return {"type": "theft", "card": dragged.value, "target": target.value}
        return None

    # -- what the events look like ------------------------------------------------------------------------

    def play_events(self, events: list[Event]) -> None:
        self._fly(events)
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
                self._sound("win" if self.public()["over"] else "coin")
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


def _lure(rat: int) -> Action:
    return {"type": "lure", "targets": [rat], "cards": []}
