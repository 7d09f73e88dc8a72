"""Drag and drop from one rule, in the spirit of PySolFC's stacks: a game says, for each action,
which zone a card is dragged from and which zone it lands on (`zones_of`). Both the targets lit
while dragging and the action a drop makes are derived here from that one answer, so what lights
up and what a drop does cannot disagree."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from pie_table.core.engine import Action

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
