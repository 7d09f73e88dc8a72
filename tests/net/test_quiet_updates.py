"""A seat hears only what changed for it: another seat's answer to a reaction window (Pie Rats,
Cheflebrity) or its sealed pick (RATS) sends it nothing, not even an empty update, so the moment
of an answer (or that one came) shows to no other seat until the window closes and changes what
everyone sees. Whole games of bots, every seat a client over a real socket."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from pie_table.core.engine import copy_json
from pie_table.core.history import events_for
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.net.over_network import play_networked
from tests.net.netplay import read_stream

_OWN = ("view", "legal", "ack")


def _tells_nothing(update: dict[str, Any], was_asked: bool) -> bool:
    """An update that changes nothing the seat knows: no event, no change of view, no moves, no
    answer to its own action, and asked as it was."""
    still_asked = "legal" in update or bool(update.get("asked"))
    return (not update.get("events") and not update.get("patch") and not any(k in update for k in _OWN)
            and still_asked == was_asked)


@pytest.mark.parametrize(("game", "seed"), [("pie-rats", 7), ("cheflebrity", 7), ("rats", 3)])
def test_no_seat_is_sent_an_update_that_tells_it_nothing(game: str, seed: int) -> None:
    info = get_game(game)
    setup = GameSetup(game, parse_seats(",".join(["bot:normal"] * 4)), seed=seed)
    played = asyncio.run(play_networked(setup, info, capture=True))
    assert played.host.driver.is_over()
    empty = 0
    for client in played.clients:
        assert client.capture is not None
        was_asked = False
        for message in read_stream(client.capture):
            if message["type"] != "update":
                continue
            empty += _tells_nothing(message, was_asked)
            was_asked = "legal" in message or bool(message.get("asked"))
    assert empty == 0


@pytest.mark.parametrize(("game", "seed"), [("pie-rats", 7), ("cheflebrity", 7), ("rats", 3)])
def test_an_answer_in_an_open_window_changes_no_other_seats_view_nor_events(game: str, seed: int) -> None:
    """What the host sends is the seat's view and events: while a window that asks several seats
    stays open after one seat's answer, nothing of another seat's changed (so nothing is sent)."""
    info = get_game(game)
    setup = GameSetup(game, parse_seats(",".join(["bot:normal"] * 4)), seed=seed)
    played = asyncio.run(play_networked(setup, info))
    session = Session(setup, info)
    rules, seats = session.rules, range(len(setup.seats))
    answers = 0
    for entry in played.host.session.log:
        top = rules.current_decision(session.state)
        asked = session.to_act()
        before = {s: copy_json(session.view(s)) for s in seats if s != entry.seat}
        applied = session.submit(entry.seat, entry.action)
        assert applied.ok
        after = rules.current_decision(session.state)
        if top is None or len(asked) < 2 or after is None or after.id != top.id:
            continue  # not a window, or the answer closed it: then everyone may see what came of it
        answers += 1
        for seat, view in before.items():
            assert copy_json(session.view(seat)) == view, (entry, seat)
            assert not events_for(applied.events, seat), (entry, seat)
            assert (seat in session.to_act()) == (seat in asked)
    assert answers > 0  # the games had windows answered by one seat while others were still asked
