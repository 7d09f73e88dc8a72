"""An expert seat played from another machine searches from the plain view it is sent (and what
its seat was told), and plays the game the same seeds play in one process."""

from __future__ import annotations

import asyncio

import pytest

from pie_table.core.move_grid import moves_from_json, moves_to_json
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.net.over_network import local_hash, play_networked
from pie_table.net.protocol import decode_host, encode


def test_a_remote_expert_captain_plays_the_local_game() -> None:
    info = get_game("pie-rats")
    setup = GameSetup("pie-rats", parse_seats("bot:normal,bot:expert,bot:normal"), {"pies": 3}, seed=4)
    played = asyncio.run(play_networked(setup, info))
    assert played.host.session.is_over()
    assert played.host.session.hash() == local_hash(setup, info)


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity"])
def test_an_expert_decides_from_the_wire_view_as_from_its_bot_view(game: str) -> None:
    # A game of normal bots walked on; at every few of seat 1's decisions with a choice, an expert
    # handed the view as a remote seat receives it and one handed the local bot view choose alike.
    info = get_game(game)
    assert info.bot_factory is not None
    session = Session(GameSetup(game, parse_seats("bot:normal,bot:normal,bot:normal"), seed=6), info)
    rules, compared = info.rules, 0
    for step in range(400):
        if session.is_over() or compared == 6:
            break
        seat = session.to_act()[0]
        legal = session.legal(seat)
        if seat == 1 and len(legal) > 1 and step % 3 == 0:
            here, there = (info.bot_factory("expert", seat, 11) for _ in range(2))
            here.hear(session.history(seat))
            there.hear(session.history(seat))
            wire = decode_host(encode({"type": "view", "view": rules.view(session.state, seat)}))["view"]
            assert there.act(wire, moves_from_json(moves_to_json(legal))) == here.act(
                rules.bot_view(session.state, seat), legal)
            compared += 1
        action = session.bot_action(seat)
        assert action is not None and session.submit(seat, action).ok
    assert compared == 6
