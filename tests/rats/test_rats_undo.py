"""Undo against bots in RATS: an answer that shows what a rat holds can never be taken back."""

from __future__ import annotations

import json

from rats_helpers import table

from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rats.state import RatsState, questions


def _session(state: RatsState) -> Session:
    """Seat 0 is the only human; the others are bots, so undo is on."""
    seats = ",".join(["human:hotseat"] + ["bot:normal"] * (state.seats - 1))
    return Session(GameSetup("rats", parse_seats(seats), seed=1), state=state)


def test_asking_a_bot_for_a_bauble_it_lacks_cannot_be_undone_to_ask_again() -> None:
    # Seat 0 has the most swords and asks first; Rat 2 (a bot) has no baubles at all.
    state = table([[4, 0, 0, 0, 0, 0], [1, 0, 3, 0, 0, 0], [0, 0, 0, 0, 0, 0]], host=1)
    session = _session(state)
    assert session.rules.to_act(session.state) == [0]
    applied = session.submit(0, {"type": "request", "target": 1, "supply": "baubles", "amount": 1})
    answers = [str(e["text"]) for e in applied.events if e["type"] == "refused"]
    assert applied.ok and answers == ["Rat 2: RATS!"]
    assert applied.entry is not None and applied.entry.barrier
    assert not session.can_undo(0)
    assert not session.undo(0)
    assert questions(session.state, 0) == [] and len(session.log) == 1  # the question stands as asked
    # The mark is for the session: the table's history holds the event as it came, and the game's
    # state (and so a save's state hash) holds no event at all.
    refused = next(e for e in applied.events if e["type"] == "refused")
    assert refused["barrier"] and refused in session.history(None).said
    assert "barrier" not in json.dumps(session.rules.to_json(session.state))


def test_a_handed_over_supply_is_a_barrier_too() -> None:
    state = table([[4, 0, 0, 0, 0, 0], [1, 2, 3, 0, 0, 0], [0, 0, 0, 0, 0, 0]], host=1)
    session = _session(state)
    applied = session.submit(0, {"type": "request", "target": 1, "supply": "straw", "amount": 2})
    assert [e["type"] for e in applied.events][:2] == ["request", "handover"]
    assert not session.can_undo(0)


def test_a_choice_that_brings_on_the_out_do_comparison_cannot_be_undone() -> None:
    # The last scavenge of the turn: once every rat has chosen, each says how many swords it holds.
    state = table([[0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0]], host=1,
                  stage="scavenge_rolled", dice=[3, 5])
    state.scavenge_index = 2
    session = _session(state)
    for seat in (1, 2):
        assert session.submit(seat, session.rules.legal_actions(session.state, seat)[0]).ok
    applied = session.submit(0, {"type": "scavenge", "supply": "straw", "count": 5})
    assert applied.ok and "afraid" in [e["type"] for e in applied.events]
    assert not session.can_undo(0)


def test_a_secret_choice_that_reveals_nothing_can_still_be_undone() -> None:
    state = table([[0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]], host=1,
                  stage="scavenge_rolled", dice=[3, 5])
    session = _session(state)
    assert session.submit(0, {"type": "scavenge", "supply": "straw", "count": 5}).ok
    assert session.can_undo(0) and session.undo(0)
