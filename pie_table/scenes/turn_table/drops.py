"""Drag and drop from one rule, in the spirit of PySolFC's stacks: a game says, for each action,
which zone a card is dragged from and which zone it lands on (`zones_of`). Both the targets lit
while dragging and the action a drop makes are derived here from that one answer, so what lights
up and what a drop does cannot disagree."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

import pygame

from pie_table.core.engine import Action
from pie_table.kit.i18n import _

_DRAG_START = 6  # pixels a press must move before it becomes a drag

# (kind, value, owner): a place on the table; None in value or owner matches any.
ZoneKey = tuple[str, int | None, int | None]
# Every way an action can be made by dragging: (source, target) pairs, none if it cannot be.
ZonesOf = Callable[[Action], Iterable[tuple[ZoneKey, ZoneKey]]]


class Placed(Protocol):
    """A zone as painted: what it is and where."""

    kind: str
    value: int
    owner: int


def fits(key: ZoneKey, zone: Placed) -> bool:
    """True if the painted `zone` is the place `key` names."""
    kind, value, owner = key
    return kind == zone.kind and value in (None, zone.value) and owner in (None, zone.owner)


def targets_of(zones_of: ZonesOf, legal: Iterable[Action], dragged: Placed) -> set[ZoneKey]:
    """Where the dragged zone may land: the targets of the legal actions whose source it is."""
    return {target for action in legal for source, target in zones_of(action) if fits(source, dragged)}


def matching(
    zones_of: ZonesOf, legal: Sequence[Action], dragged: Placed, under: Sequence[Any]
) -> tuple[list[Action], Any]:
    """The legal actions a drop makes: those whose source is the dragged zone and whose target is
    the topmost zone under the pointer that any of them lands on (listed order kept), with that
    zone; ([], None) when no legal action lands there."""
    ways = [(action, list(zones_of(action))) for action in legal]
    for zone in under:
        found = [a for a, pairs in ways if any(fits(s, dragged) and fits(t, zone) for s, t in pairs)]
        if found:
            return found, zone
    return [], None


class DropRules(Protocol):
    """A game's drag and drop, as `Drops` uses it: which zones a press picks up, where each move's
    card goes (`zones_of`), and what a drop that makes no listed move meant."""

    pressable: tuple[str, ...]  # zone kinds a press may pick or start dragging
    panel: Any  # the move list on screen (a drop plays for its seat)

    def acting_seat(self) -> int | None:
        """The seat whose choices are on screen (who drags)."""

    def legal(self, seat: int) -> Sequence[Action]:
        """What `seat` may do now."""

    def zones_of(self, action: Action) -> Iterable[tuple[ZoneKey, ZoneKey]]:
        """Every way `action` is made by dragging: (source zone, target zone) pairs."""

    def zones_at(self, pos: tuple[int, int]) -> list[Any]:
        """Every zone under the pointer, topmost (last drawn) first."""

    def drop_zones(self, pos: tuple[int, int]) -> list[Any]:
        """The zones a drop at `pos` may land on, topmost first."""

    def draggable(self, zone: Any, seat: int) -> bool:
        """True if a press on `zone` may become a drag (else it is a click)."""

    def dropped(self, found: list[Action], dragged: Any, target: Any, seat: int) -> None:
        """The legal moves a drop made (listed order)."""

    def attempt(self, dragged: Any, under: list[Any], seat: int) -> Action | None:
        """A drop that makes no legal move: the move it meant, so the engine can say why not."""

    def click(self, zone: Any) -> None:
        """A press released without dragging."""

    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Send one action for `seat`; a refusal changes nothing and its reason shows."""

    def refuse(self, text: str) -> None:
        """Say `text` over the hand, with the refusal sound."""


class Drops:
    """The pointer at a turn-based table: where it is (the card under it is inspected), a press
    that picks a zone, and a drag that drops it; what a drop does comes from the game's `DropRules`."""

    def __init__(self, rules: DropRules) -> None:
        self.rules = rules
        self.drag: dict[str, Any] | None = None  # the zone pressed, where, and whether it moves
        self.hover: tuple[int, int] | None = None

    def dragging(self) -> Any:
        """The zone being dragged, or None."""
        return self.drag["zone"] if self.drag is not None and self.drag["moving"] else None

    def targets(self) -> set[ZoneKey]:
        """Where the dragged zone may land (lit while dragging)."""
        zone, seat = self.dragging(), self.rules.acting_seat()
        if zone is None or seat is None:
            return set()
        return targets_of(self.rules.zones_of, self.rules.legal(seat), zone)

    def mouse(self, event: pygame.event.Event) -> None:
        """A press on a zone the game lets one pick, its drag, and its release."""
        rules = self.rules
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            zone = next((z for z in rules.zones_at(event.pos) if z.kind in rules.pressable), None)
            seat = rules.acting_seat()
            if zone is not None and seat is not None:
                self.drag = {"zone": zone, "start": event.pos, "pos": event.pos, "moving": False,
                             "draggable": rules.draggable(zone, seat)}
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag["pos"] = event.pos
            sx, sy = self.drag["start"]
            if self.drag["draggable"] and abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > _DRAG_START:
                self.drag["moving"] = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["moving"]:
                self.drop(drag["zone"], event.pos)
            else:
                rules.click(drag["zone"])

    def drop(self, dragged: Any, pos: tuple[int, int]) -> None:
        """A drop makes the legal move it means for the seat of the move list on screen; one that
        makes none springs back, with the engine's reason when the game can name the move meant
        (`attempt`), else a plain one."""
        rules = self.rules
        if rules.panel is None:
            return
        seat: int = rules.panel.seat
        under = rules.drop_zones(pos)[:1]  # the zone under the mouse
        found, target = matching(rules.zones_of, rules.legal(seat), dragged, under)
        if found:
            rules.dropped(found, dragged, target, seat)
            return
        action = rules.attempt(dragged, under, seat)
        if action is None:
            rules.refuse(_("That card does not go there"))
            return
        rules.submit(action, seat)
