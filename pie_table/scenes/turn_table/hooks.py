"""What each game gives the shared turn-based table, with the defaults a game may keep."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pygame

from pie_table.core.engine import Action, Event
from pie_table.core.saves import GameSaver
from pie_table.core.setup import GameSetup
from pie_table.core.table_driver import TurnDriver
from pie_table.kit.effects import EffectLayer
from pie_table.kit.i18n import _
from pie_table.kit.reaction import ReactionWindow
from pie_table.kit.seat_names import SeatNames
from pie_table.scenes.table_base import TurnTableScene
from pie_table.scenes.turn_table.drops import ZoneKey


class TableHooks(TurnTableScene):
    """The game's part: its panels, words, look and `zones_of`; the table calls nothing else of it."""

    # What the table holds (set in `TurnTable.__init__`), declared once for every part of it.
    setup: GameSetup
    names: SeatNames
    driver: TurnDriver  # what plays the game, here or elsewhere (core.table_driver)
    rules: Any
    watch: bool
    watch_seat: int | None
    autosave: GameSaver
    humans: list[int]
    gate: Any
    moves: int  # moves heard since the table opened (a panel opened before the last one is stale)
    reaction: ReactionWindow
    effects: EffectLayer
    flights: Any
    panel: Any  # the move list of the seat asked (kit.move_panel)
    panel_key: tuple[int, int] | None  # (moment, seat) the panel was opened for
    handoff_for: int | None
    zones: list[Any]
    hint_text: str
    hints_used: dict[int, int]  # per seat, for the statistics
    autoplay: bool
    results_shown: bool
    since_move: float
    end_timer: float
    drag: dict[str, Any] | None = None

    turn_beat = 0.5  # every bot move waits the same: how long it takes must not hint at a hand
    end_hold = 8.0  # the ceremony stays this long unless a player moves on first
    alone_moves: tuple[str, ...] = ("pass",)  # a lone human's only move that goes by itself
    own_turn_kinds: tuple[str, ...] = ("turn",)  # decisions in which the same human goes straight on
    pressable: tuple[str, ...] = ("hand",)  # zone kinds a press may pick or start dragging
    landable: tuple[str, ...] | None = None  # zone kinds a drop may land on (None: every kind)
    handoff_beat = 0.6  # a hand-off opens this long after the last move, so a stray key cannot open it
    bots_first = False  # in a pick several seats answer, bots answer before a person is asked

    def open_panel(self, seat: int, legal: Sequence[Action]) -> None:
        """Put `seat`'s choices on screen (its move list, or a game's own panel)."""
        raise NotImplementedError

    def offered_seat(self) -> int | None:
        """The seat whose choices are on screen, or None."""
        return self.panel.seat if self.panel is not None else None

    def clear_panels(self) -> None:
        """Take every choice off the screen."""
        self.panel = None
        self.panel_key = None

    def bot_beat(self, seat: int) -> float:
        """How long a bot at `seat` waits before its move, before the settings' pace scales it: by
        default the same for every move, so how long it takes says nothing of a hand."""
        return self.turn_beat

    def private_turn(self, seat: int) -> bool:
        """True if `seat`'s decision shows its secrets (so a shared screen is handed off first); a
        game whose public decisions (a roll) need no hand-off says False for those."""
        return True

    # Answered by the table's session side (seat.py), below in the line of inheritance.
    def top(self) -> dict[str, Any] | None:
        """The decision on top, as the public view shows it."""
        raise NotImplementedError

    def to_act(self) -> list[int]:
        """The seats the game waits for now."""
        raise NotImplementedError

    def keeps_screen(self, seat: int) -> bool:
        """After `seat` (a human) moved on a shared screen: True if the same human goes straight on
        (their own turn goes on), so the screen is not folded away."""
        top = self.top()
        return top is not None and top["kind"] in self.own_turn_kinds and self.to_act() == [seat]

    def holds_play(self) -> bool:
        """True while the game's own animation holds play (dice still rolling): no bot moves, no
        choice is offered and no beat runs."""
        return False

    def input_first(self, event: pygame.event.Event) -> bool:
        """A game's own input (dice to throw, its own panel), before the table's except Esc and
        Ctrl+Z; True if used."""
        return False

    def keep_layout(self) -> None:
        """Called each frame: redo the layout if it depends on something that moved."""

    def round_of(self, view: Mapping[str, Any]) -> int:
        """The round (or turn) `skip_to(turn=...)` counts, from the public view."""
        return int(view["round"])

    def handoff_look(self, seat: int, name: str) -> tuple[str, Any, Any]:
        """The hand-off screen's note, portrait and accent colour for `seat`."""
        raise NotImplementedError

    def window_answer(self, decision: Any) -> str:
        """What a reaction window (its view) may be answered with, for its countdown and a claim that
        ran out."""
        return ""

    def nothing_to_undo(self) -> str:
        """Why Ctrl+Z did nothing for a lone human (a card was drawn, or another player moved)."""
        raise NotImplementedError

    def results_text(self, view: Mapping[str, Any]) -> tuple[str, list[str]]:
        """The results screen's title and lines."""
        raise NotImplementedError

    def play_events(self, events: list[Event]) -> None:
        """Sounds, floating words and flying cards for the events the screen's seat may see."""

    def zones_of(self, action: Action) -> Iterable[tuple[ZoneKey, ZoneKey]]:
        """Every way `action` is made by dragging: (source zone, target zone) pairs."""
        return ()

    def acting_seat(self) -> int | None:
        """The seat whose choices are on screen (who drags)."""
        return self.panel.seat if self.panel is not None else None

    def draggable(self, zone: Any, seat: int) -> bool:
        """True if a press on `zone` may become a drag (else it is a click)."""
        return zone.kind == "hand"

    def zones_at(self, pos: tuple[int, int]) -> list[Any]:
        """Every zone under the pointer, topmost (last drawn) first."""
        return [zone for zone in reversed(self.zones) if zone.rect.collidepoint(pos)]

    def drop_zones(self, pos: tuple[int, int]) -> list[Any]:
        """The zones a drop at `pos` may land on, topmost first."""
        return [z for z in self.zones_at(pos) if self.landable is None or z.kind in self.landable]

    def attempt(self, dragged: Any, under: list[Any], seat: int) -> Action | None:
        """A drop that makes no legal move: the move it meant, so the engine can say why not."""
        return None

    def click(self, zone: Any) -> None:
        """A press released without dragging: pick the zone in the move list."""
        if self.panel is not None and not self.panel.pick(zone.kind, zone.value):
            self.message = _("Nothing you can do with that now")

    def key_first(self, key: int) -> bool:
        """A game's own keys, before the table's; True if used."""
        return False

    def mouse_first(self, event: pygame.event.Event) -> bool:
        """A game's own panel's mouse, before the table's; True if used."""
        return False

    def show_hint(self) -> None:
        """H: a hint for the seat at the screen."""


class NoFlights:
    """The flights of a table whose cards do not fly (the default until a game sets its own)."""

    busy = False

    def update(self, dt: float) -> None:
        """Nothing is in the air."""

    def clear(self) -> None:
        """Nothing to land."""
