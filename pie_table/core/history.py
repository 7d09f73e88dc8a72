"""What a game has said, kept beside its state: the events of every applied action, and each
seat's share of them.

A game's state holds the game only; the events `apply` returns are filed here by the session, in
the order they happened, so a clone, an undo snapshot or a view costs the same late in a game as
early. A seat (or a spectator) reads its `SeatHistory`: the events told to the whole table and
those told to it alone, each list only ever growing while the game goes on.

Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

# The engine's event, named here too: the engine's bots are handed a seat's history, so this
# module sits below the engine and imports nothing of it.
Event = dict[str, Any]


def visible_to(event: Event, seat: int | None) -> bool:
    """True if `seat` (None: a spectator) may see `event`.

    An event names its audience with `audience` (a list of seats); without it the event is public.
    Games address secret events this way and the session filters them for every seat.
    """
    audience = event.get("audience")
    if audience is None:
        return True
    return seat is not None and seat in audience


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see, in order."""
    return [e for e in events if visible_to(e, seat)]


_NOTHING: tuple[Event, ...] = ()


class SeatHistory:
    """Everything one seat has been told (None: a spectator, who is told the public part only):
    `events`, all of it in order; `said`, what the whole table heard; `notes`, what was told to
    this seat alone (an event addressed `to` it). `count`, how many events the seat has had, is the
    cursor a seat that comes back hands in. The lists are read, never changed, by their readers."""

    __slots__ = ("seat", "events", "said", "notes")

    def __init__(self, seat: int | None, events: Iterable[Event] = ()) -> None:
        self.seat = seat
        self.events: list[Event] = []
        self.said: list[Event] = []
        self.notes: list[Event] = []
        self.add(events)

    @property
    def count(self) -> int:
        """How many events this seat has been told."""
        return len(self.events)

    def reset(self, events: Iterable[Event]) -> None:
        """Told again from the start (after an undo), in place: whoever holds this history keeps it."""
        self.events.clear()
        self.said.clear()
        self.notes.clear()
        self.add(events)

    def add(self, events: Iterable[Event]) -> None:
        """File the events this seat may see (the others pass it by)."""
        # `visible_to` written in: a search files every event of every playout for every seat.
        seat, told, said, notes = self.seat, self.events.append, self.said.append, self.notes.append
        for event in events:
            audience = event.get("audience")
            if audience is not None and (seat is None or seat not in audience):
                continue
            told(event)
            if "to" in event:
                notes(event)
            else:
                said(event)


class EventLog:
    """The events of a game: those of its deal (`opening`), then one row per applied action,
    parallel to the session's action log (undo cuts both at the same place)."""

    def __init__(self, opening: Iterable[Event] = ()) -> None:
        self.opening: list[Event] = list(opening)
        self.rows: list[Sequence[Event]] = []
        # Each seat's share, built when first asked for and kept up to date from then on.
        self._seats: dict[int | None, SeatHistory] = {}

    def append(self, events: list[Event]) -> None:
        """The events of the next applied action (perhaps none)."""
        if not events:  # most ticks of a real-time game say nothing: one shared empty row for them
            self.rows.append(_NOTHING)
            return
        self.rows.append(events)
        for history in self._seats.values():
            history.add(events)

    def cut(self, length: int) -> None:
        """Keep the events of the first `length` actions only (an undo)."""
        del self.rows[length:]
        for history in self._seats.values():  # in place: a bot or a table may hold one
            history.reset(self)

    def seat(self, seat: int | None) -> SeatHistory:
        """What `seat` (None: a spectator) has been told so far; kept growing as the game goes on."""
        found = self._seats.get(seat)
        if found is None:
            found = self._seats[seat] = SeatHistory(seat, self)
        return found

    def upto(self, length: int) -> EventLog:
        """A log of the deal and the first `length` actions only (the events themselves, shared:
        they are never changed), for a game taken up again from a state kept at that point."""
        kept = EventLog(self.opening)
        kept.rows = self.rows[:length]
        return kept

    def __iter__(self) -> Iterator[Event]:
        """Every event, in order."""
        yield from self.opening
        for row in self.rows:
            yield from row
