"""What was said at the tables a test set up by hand: a bare state keeps no history (a session
keeps it beside the state), so the games' test helpers file each action's events here, in an
`EventLog` as a session would, for the tests (and the bots) that read what a seat was told."""

from __future__ import annotations

from typing import Any

from pie_table.core.history import EventLog, SeatHistory

# Each state is held with its log, so its id is not given to another state while tests run.
_TOLD: dict[int, tuple[Any, EventLog]] = {}


def log_of(state: Any) -> EventLog:
    """The events filed for `state`'s table so far."""
    return _TOLD.setdefault(id(state), (state, EventLog()))[1]


def seat(state: Any, seat: int | None) -> SeatHistory:
    """What `seat` (None: a spectator) was told at `state`'s table, as the helpers filed it."""
    return log_of(state).seat(seat)


def said(state: Any) -> list[dict[str, Any]]:
    """What the whole table heard at `state`'s table so far."""
    return seat(state, None).said


def file(state: Any, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """File an action's (or a deal's) events for `state`; returns them."""
    log_of(state).append(events)
    return events


def forget(state: Any) -> None:
    """Start `state`'s history afresh (a table laid out by hand from a dealt game)."""
    _TOLD.pop(id(state), None)


def decide(bot: Any, state: Any, rules: Any, seat_: int) -> Any:
    """`bot`'s choice for `seat_` at a bare state, told what that seat heard, as a session asks it."""
    bot.hear(seat(state, seat_))
    return bot.act(rules.view(state, seat_), rules.legal_actions(state, seat_))
