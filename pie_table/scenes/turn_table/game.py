"""What a game gives the shared turn-based table, declared: `GameTable` (its pacing, its words,
its panel and its look; what its cards do when dragged is `drops.DropRules`). The table's parts are
typed against these, not against the table, so each part sees only what it is declared to use;
a game's table names `GameTable` among its bases (through `TurnTable`) and mypy holds it to every
member. The defaults here are the ones a game may keep."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

import pygame

from pie_table.core.engine import Action, Event
from pie_table.scenes.turn_table.drops import ZoneKey


class GameTable(Protocol):
    """The game's part of a turn-based table: its pacing, its panel, its words and its look."""

    turn_beat: float = 0.5  # every bot move waits the same: how long it takes must not hint at a hand
    end_hold: float = 8.0  # the ceremony stays this long unless a player moves on first
    alone_moves: tuple[str, ...] = ("pass",)  # a lone human's only move that goes by itself
    own_turn_kinds: tuple[str, ...] = ("turn",)  # decisions in which the same human goes straight on
    pressable: tuple[str, ...] = ("hand",)  # zone kinds a press may pick or start dragging
    # Zone kinds Tab also stops at, after the usable hand, only to show them large (a count of
    # what does not fit): the keyboard reaches all the pointer may inspect.
    inspectable: tuple[str, ...] = ()
    landable: tuple[str, ...] | None = None  # zone kinds a drop may land on (None: every kind)
    handoff_beat: float = 0.6  # a hand-off opens this long after the last move, so a stray key cannot open it
    bots_first: bool = False  # in a pick several seats answer, bots answer before a person is asked
    spectator_seat: int | None = None  # whose view a table of bots only shows (None: the public one)

    def open_panel(self, seat: int, legal: Sequence[Action]) -> None:
        """Put `seat`'s choices on screen (its move list, or a game's own panel)."""

    def offered_seat(self) -> int | None:
        """The seat whose choices are on screen, or None."""

    def clear_panels(self) -> None:
        """Take every choice off the screen."""

    def private_turn(self, seat: int) -> bool:
        """True if `seat`'s decision shows its secrets (so a shared screen is handed off first); a
        game whose public decisions (a roll) need no hand-off says False for those."""
        return True

    def keeps_screen(self, seat: int) -> bool:
        """After `seat` (a human) moved on a shared screen: True if the same human goes straight on
        (their own turn goes on), so the screen is not folded away."""

    def bot_beat(self, seat: int) -> float:
        """How long a bot at `seat` waits before its move, before the settings' pace scales it: by
        default the same for every move, so how long it takes says nothing of a hand."""
        return self.turn_beat

    def holds_play(self) -> bool:
        """True while the game's own animation holds play (dice still rolling): no bot moves, no
        choice is offered and no beat runs."""
        return False

    def keep_layout(self) -> None:
        """Called each frame: redo the layout if it depends on something that moved."""
        return None

    def input_first(self, event: pygame.event.Event) -> bool:
        """A game's own input (dice to throw, its own panel), before the table's except Esc and
        Ctrl+Z; True if used."""
        return False

    def key_first(self, key: int) -> bool:
        """A game's own keys, before the table's; True if used."""
        return False

    def mouse_first(self, event: pygame.event.Event) -> bool:
        """A game's own panel's mouse, before the table's; True if used."""
        return False

    def show_hint(self) -> None:
        """H: ask a hint for the seat at the screen (`TurnTable.ask_hint`)."""
        return None

    def give_hint(self, seat: int, action: Action) -> None:
        """The hint asked for `seat` is ready: point at `action` among its choices and say why
        (`TurnTable.count_hint`)."""
        return None

    def round_of(self, view: Mapping[str, Any]) -> int:
        """The round (or turn) `skip_to(turn=...)` counts, from the public view."""
        return int(view["round"])

    def handoff_look(self, seat: int, name: str) -> tuple[str, Any, Any]:
        """The hand-off screen's note, portrait and accent colour for `seat`."""

    def window_answer(self, decision: Any) -> str:
        """What a reaction window (its view) may be answered with, for its countdown and a claim that
        ran out."""
        return ""

    def nothing_to_undo(self) -> str:
        """Why Ctrl+Z did nothing for a lone human (a card was drawn, or another player moved)."""

    def results_text(self, view: Mapping[str, Any]) -> tuple[str, list[str]]:
        """The results screen's title and lines."""

    def play_events(self, events: list[Event]) -> None:
        """Sounds, floating words and flying cards for the events the screen's seat may see."""
        return None

    def zones_of(self, action: Action) -> Iterable[tuple[ZoneKey, ZoneKey]]:
        """Every way `action` is made by dragging: (source zone, target zone) pairs."""
        return ()

    def draggable(self, zone: Any, seat: int) -> bool:
        """True if a press on `zone` may become a drag (else it is a click)."""
        return bool(zone.kind == "hand")

    def attempt(self, dragged: Any, under: list[Any], seat: int) -> Action | None:
        """A drop that makes no legal move: the move it meant, so the engine can say why not."""
        return None


class Flights(Protocol):
    """Cards in the air (a game whose cards fly gives its own): what the table runs each frame."""

    @property
    def busy(self) -> bool:
        """True while something is still flying."""

    def update(self, dt: float) -> None: ...

    def clear(self) -> None:
        """Land everything at once."""


class NoFlights:
    """The flights of a table whose cards do not fly (the default until a game sets its own)."""

    busy = False

    def update(self, dt: float) -> None:
        """Nothing is in the air."""

    def clear(self) -> None:
        """Nothing to land."""
