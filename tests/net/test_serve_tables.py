"""The lobby does not fill for good and its codes are not worth guessing: tables it made close once
empty or over for a while, an address holds only a few open tables, wrong join codes from one
address make it wait longer and longer, and a table's host can change its code. The lobby's sweep
is called with chosen times, so nothing here waits for a clock."""

from __future__ import annotations

import asyncio
import json

from websockets.exceptions import ConnectionClosed

from pie_table.net import protocol as p
from pie_table.net.limits import Limits
from pie_table.net.server import Lobby
from tests.net.netplay import ask, said_hello, serving

_OPEN = ["remote", "bot:normal", "bot:normal"]
_NO_SWEEPER = 3600.0  # the lobby's own sweep stays out of the way: the tests sweep with their times


def _create(seats: list[str] = _OPEN) -> dict[str, object]:
    return {"type": "create", "game": "pie-rats", "seats": seats}


def test_a_table_nobody_is_at_closes_after_a_while_and_one_in_use_does_not() -> None:
    async def run() -> None:
        lobby = Lobby(Limits(empty_s=60, sweep_s=_NO_SWEEPER, list_every_s=0))
        async with serving(lobby) as url:
            ws = await said_hello(url)
            empty = await ask(ws, _create())
            used = await ask(ws, _create())
            await ask(ws, {"type": "join", "table": used["table"], "code": used["code"], "seat": 0,
                           "name": "x"})
            lobby.sweep(1000.0)
            lobby.sweep(1059.0)
            assert set(lobby.tables) == {empty["table"], used["table"]}
            lobby.sweep(1060.0)
            assert set(lobby.tables) == {used["table"]}
            listed = await ask(ws, {"type": "list"})
            assert [t["table"] for t in listed["tables"]] == [used["table"]]
            gone = await ask(ws, {"type": "join", "table": empty["table"], "code": empty["code"], "seat": 0,
                                  "name": "x"})
            assert gone["msg"] == p.NO_SUCH_TABLE
            await ws.close()
    asyncio.run(run())


def test_a_finished_table_closes_a_while_after_its_end_and_tells_who_is_still_there() -> None:
    async def run() -> None:
        lobby = Lobby(Limits(over_s=30, empty_s=10**6, sweep_s=_NO_SWEEPER))
        async with serving(lobby) as url:
            ws = await said_hello(url)
            made = await ask(ws, {"type": "create", "game": "rats", "seats": ["remote", "bot:normal"]})
            table = lobby.tables[made["table"]]
            await ask(ws, {"type": "join", "table": made["table"], "code": made["code"], "seat": 0,
                           "name": "x"})
            table.hand_to_bot(0)  # the seat's player lets a bot finish the game
            await asyncio.wait_for(table.finished.wait(), 60)
            lobby.sweep(500.0)
            lobby.sweep(529.0)
            assert made["table"] in lobby.tables
            lobby.sweep(530.0)
            assert made["table"] not in lobby.tables
            said = []
            try:
                while True:
                    said.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            except ConnectionClosed:
                pass
            assert {"msg": p.TABLE_CLOSED, "params": {"table": made["table"]}}.items() <= said[-1].items()
    asyncio.run(run())


def test_an_address_holds_only_a_few_open_tables() -> None:
    async def run() -> None:
        lobby = Lobby(Limits(open_tables_per_address=2, sweep_s=_NO_SWEEPER))
        async with serving(lobby) as url:
            first, second = await said_hello(url), await said_hello(url)
            made = [await ask(first, _create()), await ask(second, _create())]
            refused = await ask(first, _create())
            assert (refused["msg"], refused["params"]) == (p.TOO_MANY_OPEN, {"n": 2})
            lobby.close_table(made[0]["table"])
            assert (await ask(second, _create()))["type"] == "created"
            for ws in (first, second):
                await ws.close()
    asyncio.run(run())


def test_the_table_cap_is_a_setting() -> None:
    async def run() -> None:
        lobby = Lobby(Limits(max_tables=2, open_tables_per_address=5))
        async with serving(lobby) as url:
            ws = await said_hello(url)
            assert [(await ask(ws, _create()))["type"] for _ in range(2)] == ["created"] * 2
            assert (await ask(ws, _create()))["msg"] == p.HOST_FULL
            await ws.close()
    asyncio.run(run())


def test_wrong_join_codes_from_one_address_make_it_wait_on_every_connection() -> None:
    async def run() -> None:
        lobby = Lobby(Limits(free_tries=3, backoff_s=30))
        async with serving(lobby) as url:
            owner = await said_hello(url)
            made = await ask(owner, _create())

            def join(code: object) -> dict[str, object]:
                return {"type": "join", "table": made["table"], "code": code, "seat": 0, "name": "x"}

            guesser = await said_hello(url)
            wrong = [(await ask(guesser, join("AAAAAA")))["msg"] for _ in range(3)]
            assert wrong == [p.WRONG_CODE] * 3
            fresh = await said_hello(url)  # a new connection does not start afresh
            waiting = await ask(fresh, join(made["code"]))
            assert (waiting["msg"], waiting["params"]) == (p.TOO_MANY_TRIES, {"seconds": 30})
            assert made["table"] in lobby.tables and not lobby.tables[made["table"]].holders
            for ws in (owner, guesser, fresh):
                await ws.close()
    asyncio.run(run())


def test_the_tables_host_changes_its_code_and_the_old_one_takes_no_seat() -> None:
    async def run() -> None:
        lobby = Lobby()
        async with serving(lobby) as url:
            owner = await said_hello(url)
            made = await ask(owner, _create(["remote", "remote", "bot:normal"]))
            forged = await ask(owner, {"type": "recode", "table": made["table"], "owner": "forged"})
            assert forged["msg"] == p.NOT_OWNER
            recoded = await ask(owner, {"type": "recode", "table": made["table"], "owner": made["owner"]})
            assert recoded["type"] == "code" and recoded["code"] != made["code"]
            player = await said_hello(url)
            old = await ask(player, {"type": "join", "table": made["table"], "code": made["code"], "seat": 0,
                                     "name": "x"})
            new = await ask(player, {"type": "join", "table": made["table"], "code": recoded["code"],
                                     "seat": 0, "name": "x"})
            assert (old["msg"], new["type"]) == (p.WRONG_CODE, "joined")
            for ws in (owner, player):
                await ws.close()
    asyncio.run(run())
