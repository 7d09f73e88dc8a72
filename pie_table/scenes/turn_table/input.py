"""Keys and mouse at a turn-based table: Esc pauses, Ctrl+Z undoes, H hints, Tab walks the usable
hand and what the game only shows large, the move list takes its keys; a press on a zone picks it,
a drag drops it (`Drops`). Raw events become the table's intents here, in one place, in one order."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from pie_table.core.session import PrivacyGate
from pie_table.kit.log_panel import LogScroll
from pie_table.scenes.turn_table.claim import ReactionClaim
from pie_table.scenes.turn_table.drops import Drops
from pie_table.scenes.turn_table.ending import TableEnding
from pie_table.scenes.turn_table.game import GameTable

_GOING_ON = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)


class InputTable(GameTable, Protocol):
    """What the input reads and calls of its table: the game's part, the choices on screen and
    the zones painted last."""

    watch: bool
    panel: Any  # the move list of the seat asked (kit.move_panel)
    zones: list[Any]  # the zones painted last, in drawing order
    log_scroll: LogScroll  # how far back the table's log is read

    def pause_game(self) -> None: ...

    def undo(self) -> bool: ...

    def is_over(self) -> bool: ...


class TableInput:
    """One table's events, in order: the table's own keys, the log's scrolling, the game's, the
    end, a reaction window's claim buttons, then the move list and the cards."""

    def __init__(self, table: InputTable, gate: PrivacyGate, claim: ReactionClaim, drops: Drops,
                 ending: TableEnding) -> None:
        self.table = table
        self.gate = gate
        self.claim = claim
        self.drops = drops
        self.ending = ending
        # The zone (kind, value) Tab rests on that is only looked at, with the panel it was
        # reached under: a new decision's panel starts from the hand again.
        self._looking: tuple[Any, tuple[str, int]] | None = None

    @property
    def looking(self) -> tuple[str, int] | None:
        """The zone Tab rests on that is only shown large (nothing to play), or None."""
        if self._looking is None or self._looking[0] is not self.table.panel:
            return None
        return self._looking[1]

    def handle(self, event: pygame.event.Event) -> None:
        table = self.table
        if event.type == pygame.MOUSEMOTION:
            self.drops.hover = event.pos  # before any game's panel takes the motion: the log's wheel needs it
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            table.pause_game()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            table.undo()
            return
        if event.type == pygame.MOUSEWHEEL and table.log_scroll.handle_event(event, self.drops.hover):
            return  # the wheel over the log reads back through it, whatever panel is open
        if table.input_first(event):
            return
        if table.is_over() and not table.watch:
            going_on = event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key in _GOING_ON)
            if going_on and self.ending.armed():
                self.ending.show_results()
            return
        window = self.claim.window
        if window.swallows(event):
            return  # meant for a window that just closed
        if self.gate.shared and window.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if not table.key_first(event.key) and not table.log_scroll.handle_event(event, self.drops.hover):
                self._key(event.key)
        elif event.type in _MOUSE and not table.mouse_first(event):
            self._mouse(event)

    def _key(self, key: int) -> None:
        panel = self.table.panel
        if key == pygame.K_TAB:
            self._next_stop()  # what is only looked at is reached while others play too
            return
        if panel is None:
            return
        if key == pygame.K_h:
            self.table.show_hint()
        else:
            if key == pygame.K_BACKSPACE:
                self._looking = None
            panel.handle_key(key)

    def _next_stop(self) -> None:
        """Tab: pick the next hand card some listed move uses (the list narrows to its moves),
        then rest on each zone the game only shows large (the list widens again)."""
        table, panel = self.table, self.table.panel
        usable = [] if panel is None else [
            ("hand", z.value) for z in table.zones
            if z.kind == "hand" and any(a.get("card") == z.value for a, _t in panel.items)]
        stops = usable + [(z.kind, z.value) for z in table.zones if z.kind in table.inspectable]
        if not stops:
            return
        picked = panel.picked if panel is not None else None
        current = picked if picked and picked[0] == "hand" else self.looking
        nxt = stops[(stops.index(current) + 1) % len(stops)] if current in stops else stops[0]
        if nxt[0] == "hand":
            self._looking = None
            panel.pick(*nxt)
            return
        self._looking = (panel, nxt)
        if picked is not None and picked[0] == "hand":
            panel.pick(*picked)  # picked again: unpicked

    def _mouse(self, event: pygame.event.Event) -> None:
        panel = self.table.panel
        if panel is not None and panel.handle_mouse(event):
            return
        self.drops.mouse(event)
