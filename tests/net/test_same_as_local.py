"""Seeded games of bots over real sockets are the games played in one process, at every seat
count of every game (a few seeds here; `python tools/same_as_local.py` runs 20 of each)."""

from __future__ import annotations

import asyncio

import pytest

from pie_table.core.move_grid import moves_from_json, moves_to_json
from pie_table.core.registry import get_game, load_games
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rats.bots import make_bot
from pie_table.net.over_network import local_hash, play_networked, sweep
from tests.net.netplay import TURN_BASED

pytestmark = pytest.mark.long  # tens of seconds in all: run first (tests/conftest.py)


def test_easy_rats_for_four_at_seed_91_over_the_network_is_the_local_game() -> None:
    info = get_game("rats")
    setup = GameSetup("rats", parse_seats("bot:easy,bot:easy,bot:easy,bot:easy"), seed=91)
    game = asyncio.run(play_networked(setup, info))
    assert game.host.session.hash() == local_hash(setup, info)


def test_an_easy_bot_requests_the_same_from_the_moves_the_wire_carries() -> None:
    # The host's grid of requests and the one read back from its JSON: the same draws, the same move.
    info = get_game("rats")
    setup = GameSetup("rats", parse_seats("bot:easy,bot:easy,bot:easy"), seed=91)
    session = Session(setup, info)
    while True:
        seat = session.to_act()[0]
        legal = session.legal(seat)
        if legal[0]["type"] == "request":
            break
        assert session.submit(seat, legal[0]).ok
    view = info.rules.bot_view(session.state, seat)
    here, there = make_bot("easy", seat, 5), make_bot("easy", seat, 5)
    here.hear(session.history(seat))
    there.hear(session.history(seat))
    assert here.act(view, legal) == there.act(view, moves_from_json(moves_to_json(legal)))
    assert here.rng.random() == there.rng.random()


@pytest.mark.parametrize("game", TURN_BASED)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_seat_count_over_the_network_is_the_local_game(game: str, level: str) -> None:
    rows = sweep([load_games()[game]], range(90, 92), level)
    assert [row for row in rows if not row[3]] == []
