"""Helpers for the network tests: a lobby on 127.0.0.1 at a free port, seated clients, a local
replay of a hosted game's log."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from pie_table.core.engine import copy_json
from pie_table.core.history import events_for
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.net.client import RemoteSeat, local_games
from pie_table.net.host import TableHost, headless_host
from pie_table.net.protocol import MAX_HOST_BYTES, encode, hello
from pie_table.net.repeats import Expander
from pie_table.net.server import Lobby, bound_port, start

TURN_BASED = ("rats", "pie-rats", "cheflebrity")


def read_stream(frames: list[str]) -> list[dict[str, Any]]:
    """The messages one connection received, each as plain JSON as the host meant it (the parts
    it sent before put back where it sent their numbers), as its client reads them."""
    client = Expander()
    return [client.expand(json.loads(frame)) for frame in frames]


def four_bots(game: str, seed: int = 7) -> GameSetup:
    """Four normal bots, as `simulate` seats them in the brief's comparisons."""
    return GameSetup(game, parse_seats("bot:normal,bot:normal,bot:normal,bot:normal"), seed=seed)


@asynccontextmanager
async def served(setup: GameSetup, remote: set[int], make: Any = None) -> AsyncIterator[Any]:
    """A running server holding one table (`make`: what builds its host, `headless_host` unless
    given); yields the table and the URL."""
    lobby = Lobby()
    server = await start(lobby, "127.0.0.1", 0)
    host = lobby.add((make or headless_host)(setup, remote, table_id="1"))
    try:
        yield host, f"ws://127.0.0.1:{bound_port(server)}"
    finally:
        server.close()
        await server.wait_closed()


@asynccontextmanager
async def serving(lobby: Lobby) -> AsyncIterator[str]:
    """`lobby` served on 127.0.0.1 at a free port; yields its URL."""
    server = await start(lobby, "127.0.0.1", 0)
    try:
        yield f"ws://127.0.0.1:{bound_port(server)}"
    finally:
        server.close()
        await server.wait_closed()


async def said_hello(url: str, **kwargs: Any) -> ClientConnection:
    """A bare websocket to the lobby at `url` that said hello and read the welcome."""
    ws = await connect(url, max_size=MAX_HOST_BYTES, compression=None, **kwargs)
    await ws.send(encode(hello(local_games())))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def ask(ws: ClientConnection, message: dict[str, Any]) -> dict[str, Any]:
    """Send `message` and return the host's next answer that is not a table's news (an update,
    its names, or a notice that its store is failing or written again)."""
    await ws.send(encode(message))
    while True:
        answer = json.loads(await ws.recv())
        if answer["type"] not in ("update", "names", "paused"):
            return answer  # type: ignore[no-any-return]


async def seated(url: str, host: TableHost, seat: int, **kwargs: Any) -> RemoteSeat:
    """A client that said hello and took `seat`."""
    client = RemoteSeat(url, **kwargs)
    await client.open()
    await client.join(host.id, host.code, seat, f"Player {seat}")
    await client.expect("update")
    return client


async def drain(*clients: RemoteSeat) -> None:
    """Read whatever the host has sent the clients so far."""
    for client in clients:
        while True:
            try:
                await asyncio.wait_for(client.receive(), 0.05)
            except TimeoutError:
                break


async def heard_until(client: RemoteSeat, done: Any, limit: float = 5.0) -> None:
    """What `client` is sent, read until `done()` (TimeoutError after `limit` seconds)."""
    async def read() -> None:
        while not done():
            await client.receive()
    await asyncio.wait_for(read(), limit)


async def settle() -> None:
    """Let queued messages go out and come in."""
    for _ in range(20):
        await asyncio.sleep(0.005)


def replayed(setup: GameSetup, host: TableHost, seat: int) -> tuple[list[Any], list[Any]]:
    """The hosted game's log played again locally: every view `seat` had (as JSON, before any
    action and after each one) and every event it may see, from the deal on."""
    session = Session(setup, get_game(setup.game_id))
    views = [copy_json(session.view(seat))]
    events: list[Any] = events_for(session.events.opening, seat)
    for entry in host.session.log:
        applied = session.submit(entry.seat, entry.action)
        assert applied.ok, applied.reason
        events.extend(events_for(applied.events, seat))
        views.append(copy_json(session.view(seat)))
    return views, copy_json(events)


def until_serving(process: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The JSON lines a `serve` process printed before it listened (a table resumed each), and
    its `serving` line; fails if it ended first."""
    assert process.stdout is not None
    before: list[dict[str, Any]] = []
    while True:
        text = process.stdout.readline()
        assert text, "serve ended before it listened"
        line = json.loads(text)
        if "serving" in line:
            return before, line
        before.append(line)


async def created(url: str, game: str, seats: list[str],
                  options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A table made on the lobby at `url` (its `created` answer: id, code, owner key)."""
    ws = await said_hello(url)
    message: dict[str, Any] = {"type": "create", "game": game, "seats": seats}
    if options is not None:
        message["options"] = options
    made = await ask(ws, message)
    await ws.close()
    assert made["type"] == "created", made
    return made


async def joined_seat(url: str, made: dict[str, Any], seat: int, name: str) -> RemoteSeat:
    """A client at the lobby `url` that took `seat` of the table `made` (a `created` answer)."""
    client = RemoteSeat(url)
    await client.open()
    await client.join(made["table"], made["code"], seat, name)
    return client
