"""Keys and mouse at a turn-based table: Esc pauses, Ctrl+Z undoes, H hints, Tab walks the usable
hand, the move list takes its keys; a press on a zone picks it, a drag drops it. What a drop does
and what lights up while dragging both come from the game's `zones_of` (scenes.turn_table.drops)."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.core.engine import Action
from pie_table.kit.i18n import _
from pie_table.kit.log_panel import LogScroll
from pie_table.scenes.turn_table.drops import ZoneKey, matching, targets_of
from pie_table.scenes.turn_table.ending import TableEnd

_DRAG_START = 6  # pixels a press must move before it becomes a drag
_END_ARM = 1.2  # keys pressed in the first moments of the ceremony (mashing) do not skip it
_GOING_ON = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)


class TableInput(TableEnd):
    """The input half of `TurnTable` (which sets `panel`, `zones`, `message`, `end_timer`...)."""

    drag: dict[str, Any] | None = None
    log_scroll: LogScroll  # set by `TurnTable`
    hover: tuple[int, int] | None = None  # where the pointer is: the card under it is inspected

    def inspected_zone(self, kinds: tuple[str, ...], zones: list[Any]) -> Any | None:
        """The card to show large: the zone of one of `kinds` under the pointer (of cards that
        overlap, the one drawn last: it is on top), else the hand card picked with Tab."""
        hover = self.hover
        under = [z for z in zones if z.kind in kinds and hover is not None and z.rect.collidepoint(hover)]
        if under:
            return under[-1]
        picked = self.panel.picked if self.panel is not None else None
        if picked and picked[0] == "hand":
            return next((z for z in zones if z.kind == "hand" and z.value == picked[1]), None)
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos  # before any game's panel takes the motion: the log's wheel needs it
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause_game()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if event.type == pygame.MOUSEWHEEL and self.log_scroll.handle_event(event, self.hover):
            return  # the wheel over the log reads back through it, whatever panel is open
        if self.input_first(event):
            return
        if self.is_over() and not self.watch:
            going_on = event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key in _GOING_ON)
            if going_on and self.ceremony_armed():
                self._show_results()
            return
        if self.reaction.swallows(event):
            return  # meant for a window that just closed
        if self.gate.shared and self.reaction.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if not self.key_first(event.key) and not self.log_scroll.handle_event(event, self.hover):
                self._key(event.key)
        elif event.type in _MOUSE and not self.mouse_first(event):
            self._mouse(event)

    def ceremony_armed(self) -> bool:
        """True once the end has shown long enough that a key means "the results", not mashing."""
        return self.end_timer >= _END_ARM

    def _key(self, key: int) -> None:
        if self.panel is None:
            return
        if key == pygame.K_h:
            self.show_hint()
        elif key == pygame.K_TAB:
            self._next_usable_card()
        else:
            self.panel.handle_key(key)

    def _next_usable_card(self) -> None:
        """Tab: pick the next hand card some listed move uses."""
        usable = [z.value for z in self.zones
                  if z.kind == "hand" and any(a.get("card") == z.value for a, _t in self.panel.items)]
        if usable:
            picked = self.panel.picked
            current = picked[1] if picked and picked[0] == "hand" else None
            nxt = usable[(usable.index(current) + 1) % len(usable)] if current in usable else usable[0]
            self.panel.pick("hand", nxt)

    def _mouse(self, event: pygame.event.Event) -> None:
        if self.panel is not None and self.panel.handle_mouse(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            zone = next((z for z in self.zones_at(event.pos) if z.kind in self.pressable), None)
            seat = self.acting_seat()
            if zone is not None and seat is not None:
                self.drag = {"zone": zone, "start": event.pos, "pos": event.pos, "moving": False,
                             "draggable": self.draggable(zone, seat)}
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag["pos"] = event.pos
            sx, sy = self.drag["start"]
            if self.drag["draggable"] and abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > _DRAG_START:
                self.drag["moving"] = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["moving"]:
                self._drop(drag["zone"], event.pos)
            else:
                self.click(drag["zone"])

    def dragging(self) -> Any:
        """The zone being dragged, or None."""
        return self.drag["zone"] if self.drag is not None and self.drag["moving"] else None

    def drop_targets(self) -> set[ZoneKey]:
        """Where the dragged zone may land (lit while dragging)."""
        zone, seat = self.dragging(), self.acting_seat()
        if zone is None or seat is None:
            return set()
        return targets_of(self.zones_of, self.legal(seat), zone)

    def _drop(self, dragged: Any, pos: tuple[int, int]) -> None:
        """A drop makes the legal move it means; one that makes none springs back, with the engine's
        reason when the game can name the move meant (`attempt`), else a plain one."""
        if self.panel is None:
            return
        seat = self.panel.seat
        under = self.drop_zones(pos)[:1]  # the zone under the mouse
        found, target = matching(self.zones_of, self.legal(seat), dragged, under)
        if found:
            self.dropped(found, dragged, target, seat)
            return
        action = self.attempt(dragged, under, seat)
        if action is None:
            self.message = _("That card does not go there")
            self._sound("refuse")
            return
        self.submit(action, seat)

    def dropped(self, found: list[Action], dragged: Any, target: Any, seat: int) -> None:
        """The legal moves a drop made (listed order): the first is sent."""
        self.submit(found[0], seat)
