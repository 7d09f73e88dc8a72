"""A world made from a seat's plain view (as a seat at another machine is sent it) keeps what the
game tracks beside the cards, so the search plays on from the very table: the decision stack (the
others' sealed answers forgotten), and what the public log tells of the past (who looted first in
Pie Rats, the order cards were played in Cheflebrity)."""

from __future__ import annotations

import random

import pytest

from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.net.protocol import decode_host, encode

# What the state keeps that no view shows and no world can know: the cards dealt, the rng, the
# seed and the number of moves; and a new decision's number (the world's go on from the last shown).
_UNKNOWN = {"rng", "seed", "actions", "hands", "draw", "pie_deck", "unused_pies", "deck", "trade", "stack"}


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity"])
def test_a_world_from_the_plain_view_is_the_table_but_for_the_hidden_cards(game: str) -> None:
    info = get_game(game)
    rules = info.rules
    session = Session(GameSetup(game, parse_seats(",".join(["bot:normal"] * 4)), seed=5), info)
    checked = 0
    for step in range(240):
        if session.is_over():
            break
        seat = session.to_act()[0]
        action = session.bot_action(seat)
        assert action is not None and session.submit(seat, action).ok
        if step % 4:
            continue
        for me in range(4):
            plain = decode_host(encode({"type": "view", "view": rules.view(session.state, me)}))["view"]
            world = rules.determinize(plain, session.history(me), random.Random(step))
            real, got = rules.to_json(session.state), rules.to_json(world)
            assert {k: v for k, v in real.items() if k not in _UNKNOWN} == \
                   {k: v for k, v in got.items() if k not in _UNKNOWN}
            forgotten = rules.clone(session.state)
            forgotten.stack.forget_sealed(me)
            assert world.stack.to_json()["items"] == forgotten.stack.to_json()["items"]
            checked += 1
    assert checked > 100
