"""A seat's view whose parts are worked out only when somebody reads them. Pure Python.

Bots decide hundreds of times a game and most decisions read a few parts of the view (a Captain
tabling its only charisma card needs neither the crews nor the standings). A game describes its
view once, as named fields (`Fields`: each a function of the view being read, which knows its
state and seat). An engine that offers `bot_view(state, seat)` hands bots a `LazyView`: the same
keys and values as its `view`, each worked out on first read and then kept, so making a view
costs nothing and reading one costs only what is read. Like every view it is read, never changed.
A part is worked out from the state when first read, so a bot's view serves the decision at hand:
read after the state has moved on, it would show the new state (the table's whole views are
worked out at once).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from operator import attrgetter
from typing import Any

Field = Callable[["LazyView"], Any]
Fields = dict[str, Field]


class LazyView(Mapping[str, Any]):
    """The view of `state` for `seat` (None: a spectator), as described by `fields`."""

    __slots__ = ("state", "seat", "_fields", "_got")

    def __init__(
        self, fields: Fields, state: Any, seat: int | None, known: dict[str, Any] | None = None
    ) -> None:
        self.state = state
        self.seat = seat
        self._fields = fields
        # Parts the caller already has at hand, exactly as their fields would work them out (such
        # as those a bot reads at every decision).
        self._got: dict[str, Any] = known if known is not None else {}

    def __getitem__(self, key: str) -> Any:
        got = self._got
        if key in got:
            return got[key]
        value = got[key] = self._fields[key](self)  # KeyError for a key the view lacks
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._fields

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def whole(self) -> dict[str, Any]:
        """Every part, as a plain dict: what the table and the tests read."""
        got = self._got
        for key, field in self._fields.items():  # as `self[key]`, without its call per part
            if key not in got:
                got[key] = field(self)
        return {key: got[key] for key in self._fields}

    def __repr__(self) -> str:
        return f"LazyView({self.whole()!r})"


# What most games show a seat of its own: its hand.
HAND: Fields = {
    "hand": lambda v: list(v.state.hands[v.seat]),
}


# The same, uncopied, for a bot's view (`uncopied`).
SHARED_HAND: Fields = {
    "hand": lambda v: v.state.hands[v.seat],
}


def uncopied(*names: str) -> Fields:
    """Fields that hand out the state's attributes `names` themselves, not copies: for the view a
    bot decides from at once (`GameRules.bot_view`), read before the state moves on and never
    kept, where copying what it reads would only cost time."""
    return {name: _attribute_of_state(name) for name in names}


def _attribute_of_state(name: str) -> Field:
    """The field that reads the state's attribute `name` as it is."""
    get = attrgetter(name)

    def field(view: LazyView) -> Any:
        return get(view.state)

    return field


class ViewFields:
    """A game's fields for a spectator's view and for a seat's own (which adds `own`: its hand...),
    in the order a view lists them: `public`, then `own`, then `parts`."""

    def __init__(self, public: Fields, own: Fields, parts: Fields) -> None:
        self.spectator: Fields = {**public, **parts}
        self.seated: Fields = {**public, **own, **parts}

    def view(self, state: Any, seat: int | None) -> LazyView:
        """The view of `state` for `seat`; a seat the state does not have gets a spectator's."""
        if seat is not None and 0 <= seat < state.seats:
            return LazyView(self.seated, state, seat)
        return LazyView(self.spectator, state, None)
