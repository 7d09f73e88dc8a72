"""What a stranger may ask `serve` for: a table the host alone deals, with options the seat screen
offers; every malformed value is refused with a reason, the connection goes on, and a table that
could not be made uses up no table id."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from pie_table.net import protocol as p
from pie_table.net.server import Lobby
from tests.net.netplay import ask, said_hello, serving

_RATS = ["remote", "bot:normal", "bot:normal"]


def _create(game: str, seats: list[str], **fields: Any) -> dict[str, Any]:
    return {"type": "create", "game": game, "seats": seats, **fields}


def test_a_client_cannot_choose_the_seed_and_its_tables_are_dealt_by_the_host() -> None:
    async def run() -> None:
        lobby = Lobby()
        async with serving(lobby) as url:
            ws = await said_hello(url)
            refused = await ask(ws, _create("pie-rats", _RATS, seed=424242))
            assert (refused["msg"], refused["params"]) == (p.EXTRA_FIELD, {"field": "seed"})
            assert lobby.tables == {}
            made = [await ask(ws, _create("pie-rats", _RATS)) for _ in range(2)]
            assert [m["type"] for m in made] == ["created", "created"]
            seeds = {lobby.tables[m["table"]].setup.seed for m in made}
            assert len(seeds) == 2 and 424242 not in seeds  # each from the host's own randomness
            await ws.close()
    asyncio.run(run())


_BAD_OPTIONS = [
    ("rumble-pie", {"teams": 5}),
    ("rumble-pie", {"teams": [0, "a"]}),
    ("rumble-pie", {"teams": {"a": 1}}),
    ("rumble-pie", {"teams": [0, 0, 0, 0]}),
    ("rumble-pie", {"target": 0}),
    ("rumble-pie", {"target": 25.0}),
    ("rumble-pie", {"pause_after_kapow": 1}),
    ("pie-rats", {"pies": 7}),
    ("pie-rats", {"pies": True}),
    ("pie-rats", {"phase6": "z"}),
    ("pie-rats", {"teams": [0, 1, 0, 1]}),
    ("rats", {"vocations": "yes"}),
    ("rats", {"ship_name": ""}),
    ("rats", {"ship_name": "x" * 41}),
    ("cheflebrity", {"oops": "never"}),
    ("cheflebrity", {"nonsense": 1}),
]


@pytest.mark.parametrize(("game", "options"), _BAD_OPTIONS, ids=[f"{g}-{o}" for g, o in _BAD_OPTIONS])
def test_options_the_seat_screen_does_not_offer_are_refused_and_use_up_no_table_id(
        game: str, options: dict[str, Any]) -> None:
    async def run() -> None:
        lobby = Lobby()
        async with serving(lobby) as url:
            ws = await said_hello(url)
            seats = ["remote"] + ["bot:normal"] * 3
            refused = await ask(ws, _create(game, seats, options=options))
            assert refused["msg"] == p.BAD_SETUP and refused["params"]["reason"]
            assert lobby.tables == {}
            made = await ask(ws, _create(game, seats))
            assert (made["type"], made["table"]) == ("created", "1")
            await ws.close()
    asyncio.run(run())


def test_a_seat_is_remote_or_a_bot_and_a_bad_seat_uses_up_no_table_id() -> None:
    async def run() -> None:
        lobby = Lobby()
        async with serving(lobby) as url:
            ws = await said_hello(url)
            for seats in (["remote", "human:mouse"], ["remote", "bot:godlike"], ["remote"] * 7):
                refused = await ask(ws, _create("pie-rats", seats))
                assert refused["msg"] == p.BAD_SETUP
            assert (await ask(ws, _create("pie-rats", _RATS)))["table"] == "1"
            await ws.close()
    asyncio.run(run())


def test_options_the_seat_screen_offers_are_kept() -> None:
    async def run() -> None:
        lobby = Lobby()
        async with serving(lobby) as url:
            ws = await said_hello(url)
            rumble = await ask(ws, _create("rumble-pie", ["remote"] + ["bot:normal"] * 3,
                                           options={"teams": [0, 0, 1, 1], "target": 10}))
            pies = await ask(ws, _create("pie-rats", _RATS, options={"pies": 8, "phase6": "c"}))
            rumble_setup = lobby.tables[rumble["table"]].setup
            assert (rumble_setup.teams, rumble_setup.options) == ([0, 0, 1, 1], {"target": 10})
            assert lobby.tables[pies["table"]].setup.options == {"pies": 8, "phase6": "c"}
            await ws.close()
    asyncio.run(run())


@pytest.mark.parametrize("code", ["ÄÄÄÄÄÄ", "ß", "\u2603" * 6])
def test_a_join_code_of_any_characters_is_just_wrong(code: str) -> None:
    async def run() -> None:
        lobby = Lobby()
        async with serving(lobby) as url:
            ws = await said_hello(url)
            made = await ask(ws, _create("pie-rats", _RATS))
            join = {"type": "join", "table": made["table"], "code": code, "seat": 0, "name": "x"}
            wrong = await ask(ws, join)
            assert wrong["msg"] == p.WRONG_CODE
            assert (await ask(ws, {"type": "ping", "n": 1}))["type"] == "pong"  # the connection goes on
            await ws.close()
    asyncio.run(run())


@pytest.mark.parametrize("token", ["é" * 32, "\u2603"])
def test_a_token_of_any_characters_holds_no_seat(token: str) -> None:
    async def run() -> None:
        lobby = Lobby()
        async with serving(lobby) as url:
            ws = await said_hello(url)
            made = await ask(ws, _create("pie-rats", _RATS))
            joined = await ask(ws, {"type": "join", "table": made["table"], "code": made["code"], "seat": 0,
                                    "name": "x"})
            assert joined["type"] == "joined"
            rejoin = await ask(ws, {"type": "rejoin", "table": made["table"], "token": token, "seen": 0})
            action = await ask(ws, {"type": "action", "token": token, "seq": 9, "action": {"type": "pass"}})
            assert [rejoin["msg"], action["msg"]] == [p.BAD_TOKEN, p.BAD_TOKEN]
            assert (await ask(ws, {"type": "ping", "n": 1}))["type"] == "pong"
            await ws.close()
    asyncio.run(run())
