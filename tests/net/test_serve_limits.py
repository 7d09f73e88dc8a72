"""What one stranger can cost `serve` is bounded, per connection and per address: the listing is
built once for every lister and paged, messages a second are counted per address, a client that
does not read is dropped before what waits for it grows past its bound, a socket that never says
hello is closed, and one address holds only so many connections. Counts are asserted, never times:
the figures a bystander table keeps are printed (and `bench serve --flood` prints them too)."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from pie_table.net import protocol as p
from pie_table.net.limits import Limits
from pie_table.net.lobby_list import lobby_tables
from pie_table.net.realtime_play import RemoteSeat
from pie_table.net.server import Lobby
from tests.net.netplay import ask, said_hello, serving

_OPEN = ["remote", "remote", "remote"]  # a table that waits for its players: it costs nothing idle


def _tables(lobby: Lobby, n: int) -> None:
    for i in range(n):
        lobby.create("pie-rats", _OPEN, i, {})


def test_the_listing_is_built_once_for_a_flood_of_lists_and_comes_in_pages() -> None:
    async def run() -> None:
        lobby = Lobby(Limits(list_every_s=3600, list_page=50))
        async with serving(lobby) as url:
            _tables(lobby, 120)
            ws = await said_hello(url)
            pages = [await ask(ws, {"type": "list", "page": page}) for page in range(3)]
            builds = lobby.list_builds
            for _ in range(150):
                await ws.send(p.encode({"type": "list"}))
            answers = [json.loads(await ws.recv()) for _ in range(150)]
            assert {a["type"] for a in answers} == {"tables"}
            assert lobby.list_builds == builds == 1  # one build served every one of them
            assert [len(page["tables"]) for page in pages] == [50, 50, 20]
            assert {page["pages"] for page in pages} == {3}
            listed = [t["table"] for page in pages for t in page["tables"]]
            assert listed == list(lobby.tables)
            beyond = await ask(ws, {"type": "list", "page": 9})
            assert (beyond["tables"], beyond["pages"]) == ([], 3)
            await ws.close()
            # The join screen's list reads every page.
            assert [t["table"] for t in await asyncio.to_thread(lobby_tables, url)] == listed
    asyncio.run(run())


def test_a_change_shows_in_the_next_listing_once_it_may_be_built_again() -> None:
    async def run() -> None:
        lobby = Lobby(Limits(list_every_s=0.0))
        async with serving(lobby) as url:
            ws = await said_hello(url)
            assert (await ask(ws, {"type": "list"}))["tables"] == []
            made = await ask(ws, {"type": "create", "game": "pie-rats", "seats": _OPEN})
            listed = await ask(ws, {"type": "list"})
            assert [t["table"] for t in listed["tables"]] == [made["table"]]
            await ask(ws, {"type": "join", "table": made["table"], "code": made["code"], "seat": 1,
                           "name": "x"})
            assert (await ask(ws, {"type": "list"}))["tables"][0]["open"] == [0, 2]
            await ws.close()
    asyncio.run(run())


async def _answers(url: str, n: int) -> list[str]:
    """Send `n` pings at once on a new connection; the kind of each answer until it is closed."""
    kinds: list[str] = []
    ws = await said_hello(url)
    for i in range(n):
        await ws.send(p.encode({"type": "ping", "n": i}))
    try:
        while len(kinds) < n:
            answer = json.loads(await ws.recv())
            kinds.append(answer["type"] if answer["type"] == "pong" else answer["msg"])
    except ConnectionClosed:
        pass
    await ws.close()
    return kinds


def test_messages_a_second_are_counted_per_address_not_only_per_connection() -> None:
    async def run() -> None:
        limits = Limits(rate=1000, burst=1000, address_rate=10, address_burst=40)
        async with serving(Lobby(limits)) as url:
            began = time.monotonic()
            answers = await asyncio.gather(*(_answers(url, 20) for _ in range(5)))
            elapsed = time.monotonic() - began
            pongs = sum(kinds.count("pong") for kinds in answers)
            # Each connection alone may send all 20; together they get what the address may.
            assert pongs <= limits.address_burst + limits.address_rate * elapsed + 5  # hellos
            assert pongs < 5 * 20 and any(p.TOO_FAST in kinds for kinds in answers)
    asyncio.run(run())


def test_a_client_that_does_not_read_is_dropped_before_its_queue_passes_its_bound() -> None:
    async def run() -> None:
        limits = Limits(queue_bytes=256 * 1024, list_page=500, list_every_s=3600)
        lobby = Lobby(limits)
        async with serving(lobby) as url:
            _tables(lobby, 300)  # one listing is some 25 kB
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a reader that takes little
            sock.connect(("127.0.0.1", int(url.rsplit(":", 1)[1])))
            ws = await connect(url, sock=sock, max_queue=1, max_size=p.MAX_HOST_BYTES, compression=None)
            await ws.send(p.encode(p.hello({})))
            for _ in range(190):  # under the burst: every one of them is answered, none refused
                await ws.send(p.encode({"type": "list"}))
            conn = next(iter(lobby.connections))
            for _ in range(200):  # the host sees it cannot send it all, and lets it go
                if conn._dropping:  # noqa: SLF001
                    break
                await asyncio.sleep(0.01)
            assert conn._dropping  # noqa: SLF001
            assert conn.peak_queued <= limits.queue_bytes
            last: dict[str, Any] = {}
            try:
                while True:
                    last = json.loads(await ws.recv())
            except ConnectionClosed as closed:
                assert closed.rcvd is None or closed.rcvd.reason == "not reading"
            assert last.get("msg", p.NOT_READING) == p.NOT_READING or last.get("type") == "tables"
            for _ in range(300):
                if not lobby.connections:
                    break
                await asyncio.sleep(0.01)
            assert not lobby.connections  # nothing is left of it at the host
    asyncio.run(run())


def test_a_socket_that_never_says_hello_is_closed_with_a_reason() -> None:
    async def run() -> None:
        async with serving(Lobby(Limits(hello_s=0.2))) as url:
            async with connect(url) as ws:
                said = json.loads(await asyncio.wait_for(ws.recv(), 5))
                assert said["msg"] == p.HELLO_LATE
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                    raise AssertionError("still open")
                except ConnectionClosed as closed:
                    assert closed.rcvd is not None
                    assert (closed.rcvd.code, closed.rcvd.reason) == (1008, "no hello")
    asyncio.run(run())


def test_an_address_holds_only_so_many_connections() -> None:
    async def run() -> None:
        lobby = Lobby(Limits(connections_per_address=3))
        async with serving(lobby) as url:
            held = [await said_hello(url) for _ in range(3)]
            async with connect(url) as extra:
                said = json.loads(await extra.recv())
                assert said["msg"] == p.TOO_MANY_CONNECTIONS
                try:
                    await asyncio.wait_for(extra.recv(), 5)
                    raise AssertionError("still open")
                except ConnectionClosed as closed:
                    assert closed.rcvd is not None and closed.rcvd.code == 1008
            await held.pop().close()
            for _ in range(200):  # the host counts the closed one out
                if len(lobby.connections) == 2:
                    break
                await asyncio.sleep(0.01)
            again = await said_hello(url)  # and lets the next one in
            for ws in [*held, again]:
                await ws.close()
    asyncio.run(run())


def test_a_bystander_table_plays_on_while_one_address_floods_the_listing() -> None:
    async def run() -> None:
        lobby = Lobby(Limits(list_every_s=0.5))
        async with serving(lobby) as url:
            _tables(lobby, 400)
            bystander = lobby.create("rumble-pie", ["remote", "bot:normal"], 3, {"target": 999})
            seat = RemoteSeat(url)
            await seat.open()
            await seat.join(bystander.id, bystander.code, 0, "Bystander")
            # The flood comes from another address of the loopback range: the bystander's own
            # messages (its pings) must not share the flooding address's allowance.
            flooders = [await said_hello(url, local_addr=("127.0.0.2", 0)) for _ in range(3)]
            answered = 0

            async def flood(ws: Any) -> None:
                nonlocal answered
                try:
                    while True:
                        await ws.send(p.encode({"type": "list"}))
                        if json.loads(await ws.recv())["type"] == "tables":
                            answered += 1
                except ConnectionClosed:
                    pass

            async def pings() -> list[float]:
                trips = []
                for n in range(40):
                    sent = time.perf_counter()
                    await seat.send({"type": "ping", "n": n})
                    while (await seat.receive())["type"] != "pong":
                        pass
                    trips.append(time.perf_counter() - sent)
                    await asyncio.sleep(0.025)
                return trips

            builds, ticks, began = lobby.list_builds, bystander.ticks, time.monotonic()
            tasks = [asyncio.create_task(flood(ws)) for ws in flooders]
            trips = await pings()
            elapsed = time.monotonic() - began
            for task in tasks:
                task.cancel()
            built = lobby.list_builds - builds
            print(f"\nbystander: {(bystander.ticks - ticks) / elapsed:.1f} ticks/s, ping p50 "
                  f"{sorted(trips)[len(trips) // 2] * 1000:.1f} ms, max {max(trips) * 1000:.1f} ms; "
                  f"{answered} lists answered, {built} builds in {elapsed:.2f} s")
            assert built <= elapsed / 0.5 + 1  # however many ask, at most one build a half second
            assert answered <= 2 * (Limits().address_burst + Limits().address_rate * elapsed)
            assert bystander.ticks > ticks and not bystander.driver.is_over()
            assert len(trips) == 40  # the bystander was never refused nor dropped
            await seat.close()
            for ws in flooders:
                await ws.close()
    asyncio.run(run())
