"""The game's history beside its state: each seat's share of the events, undo, replay, and a state
that stays the same size however long the game has run."""

from __future__ import annotations

import json

import pytest

from pie_table.core.driver import TableDriver
from pie_table.core.history import EventLog, SeatHistory
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats

TURN_BASED = ("rats", "pie-rats", "cheflebrity")


def test_a_secret_goes_to_its_seat_notes_and_a_public_event_naming_a_seat_to_what_was_said() -> None:
    secret = {"type": "drew", "to": 1, "audience": [1]}
    offer = {"type": "offer", "seat": 1, "target": 0}  # a trade offered to seat 0, which everyone sees
    seats = [SeatHistory(seat, [secret, offer]) for seat in (0, 1, None)]
    assert [(h.said, h.notes, h.count) for h in seats] == [
        ([offer], [], 1), ([offer], [secret], 2), ([offer], [], 1)]


def test_an_undo_cuts_the_history_in_place_for_whoever_holds_it() -> None:
    log = EventLog([{"type": "deal"}])
    log.append([{"type": "a"}])
    held = log.seat(0)
    log.append([{"type": "b", "to": 0, "audience": [0]}, {"type": "c"}])
    assert [e["type"] for e in held.said] == ["deal", "a", "c"] and len(held.notes) == 1
    log.cut(1)
    assert log.seat(0) is held
    assert [e["type"] for e in held.said] == ["deal", "a"] and held.notes == [] and held.count == 2
    assert [e["type"] for e in log.upto(0)] == ["deal"]


def _played(game: str, seats: str, seed: int, limit: int = 1_000_000) -> Session:
    session = Session(GameSetup(game, parse_seats(seats), seed=seed))
    TableDriver(session, pace=None).play_out(limit)
    return session


@pytest.mark.parametrize("game", TURN_BASED)
def test_a_replayed_game_tells_every_seat_what_the_game_told_it(game: str) -> None:
    seats = "bot:normal,bot:hard,bot:easy"
    played = _played(game, seats, 4)
    replayed = TableDriver.from_log(played.setup, played.log).session
    for seat in (0, 1, 2, None):
        mine, theirs = played.history(seat), replayed.history(seat)
        assert (mine.said, mine.notes) == (theirs.said, theirs.notes)
    assert played.history(0).notes, "a seat is told its own cards"
    assert all(e.get("to") == 1 for e in played.history(1).notes)


@pytest.mark.parametrize("game", TURN_BASED)
def test_the_state_holds_the_game_only_and_stays_its_size(game: str) -> None:
    """A 4-bot game's state at its end is not much larger than at move 10: no history rides in it,
    nor in any view."""
    rules = get_game(game).rules
    seats = "bot:normal,bot:normal,bot:normal,bot:normal"
    early, done = _played(game, seats, 3, limit=10), _played(game, seats, 3)
    assert done.is_over()
    sizes = [len(json.dumps(rules.to_json(s.state))) for s in (early, done)]
    assert sizes[1] <= 2.5 * sizes[0], sizes
    for data in (rules.to_json(done.state), rules.view(done.state, 0), rules.view(done.state, None)):
        assert "log" not in data and "notes" not in data
    assert len(list(done.events)) > 100  # the history is the session's
