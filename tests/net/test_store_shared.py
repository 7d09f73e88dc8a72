"""Several lobbies sharing one store (as `serve` processes on several machines share one PostgreSQL
database): each lists every unfinished table of the store, a table held by another live process
marked with the address where it is joined; a table whose process died (its lease ran out) is
taken in by a process that adopts, and its player takes the seat back there with the token."""

from __future__ import annotations

import asyncio
from typing import Any

from pie_table.net.keeping import Keeper
from pie_table.net.limits import Limits
from pie_table.net.server import Lobby
from pie_table.net.store import open_store
from tests.net.netplay import ask, created, joined_seat, said_hello, serving

_LOOK_S = 0.05  # how often each lobby reads the others' tables here (seconds)


def _lobby(store_url: str, owner: str) -> Lobby:
    keeper = Keeper(open_store(store_url, owner))
    return Lobby(Limits(open_tables_per_address=10, sweep_s=3600.0), keeper=keeper)


async def _listed(url: str, table: str, seated: int | None = None) -> dict[str, Any]:
    """The line the lobby at `url` lists for `table`, once it lists it (with `seated` taken: a
    seat taken at another process reaches this one's list at its next look at the store)."""
    for _ in range(int(10 / _LOOK_S)):
        ws = await said_hello(url)
        listed = await ask(ws, {"type": "list"})
        await ws.close()
        line = next((t for t in listed["tables"] if t["table"] == table), None)
        if line is not None and (seated is None or seated not in line["open"]):
            return line
        await asyncio.sleep(_LOOK_S)
    raise AssertionError(f"table {table} was not listed at {url} as it should be")


def _died(store_url: str, owner: str) -> None:
    """`owner`'s lease on its tables ran out (what 30 s without its renewals leaves)."""
    store = open_store(store_url, owner)
    store.release()
    store.close()


def test_a_lobby_lists_the_tables_of_every_process_and_takes_in_those_of_one_that_died(
        postgres_url: str) -> None:
    from tests.net.postgres_server import fresh_database

    store_url = fresh_database(postgres_url)

    async def run() -> None:
        a, b = _lobby(store_url, "a"), _lobby(store_url, "b")
        async with serving(a) as url_a, serving(b) as url_b:
            a.resume()
            b.resume()
            assert a.keeper is not None and b.keeper is not None
            a.keeper.look_around(url_a, None, adopt=False, every_s=_LOOK_S)
            b.keeper.look_around(url_b, None, adopt=True, every_s=_LOOK_S)
            made = await created(url_a, "rats", ["remote", "remote", "bot:normal"])
            seat = await joined_seat(url_a, made, 0, "Ada")
            # Listed at B, where it does not live: with the address it is joined at, seat 1 open.
            line = await _listed(url_b, made["table"], seated=0)
            assert line == {"table": made["table"], "game": "rats", "seats": 3, "open": [1], "away": [],
                            "over": False, "at": url_a}
            here = await _listed(url_a, made["table"])
            assert "at" not in here and here["open"] == [1]
            # A dies: nothing more of it is written, its lease runs out. B takes the table in.
            a.keeper.abandon()
            for task in a._tasks.values():  # noqa: SLF001 - a test's stand-in for the process dying
                task.cancel()
            await seat.close()
            _died(store_url, "a")
            while made["table"] not in b.tables:
                await asyncio.sleep(_LOOK_S)
            assert "at" not in await _listed(url_b, made["table"])
            seat.url = url_b
            await seat.open()
            back = await seat.rejoin(made["table"], seat.token)
            assert (back["type"], back["seat"], back["names"][0]) == ("joined", 0, "Ada")
            await seat.close()
        b.keeper.stop()
    asyncio.run(run())
