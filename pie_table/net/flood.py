"""`bench serve --flood N`: one address attacking a lobby as fast as it is allowed, over
connections on 127.0.0.1: N ask for every page of the listing in turn, one creates tables, one
guesses a table's join code; a probe pings the lobby meanwhile. What the attack got and the probe's
round trips are the figures (the bench's own tables say what the attack cost them)."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from pie_table.core.registry import load_games
from pie_table.net import protocol as p
from pie_table.net.client import local_games
from pie_table.net.latency import percentile
from pie_table.net.limits import Limits

_PING_EVERY_S = 0.02
# Of the address's allowance the list flood takes: the creator, the guesser and the probe, from
# the same address, share the rest (a bystander elsewhere would have an allowance of its own).
_SHARE = 0.6
_OTHERS_PER_S = 10.0  # creates, and guesses, a second


@dataclass
class Flood:
    """What the attacking connections got."""

    answered: int = 0  # lists
    created: int = 0
    guessed: int = 0  # joins tried (none can be right but by a 1 in 148 million chance)
    refused: int = 0
    dropped: int = 0  # connections the lobby closed (the attack opens another)
    trips: list[float] = field(default_factory=list)  # the probe's round trips, seconds

    def figures(self, seconds: float, connections: int) -> dict[str, Any]:
        trips = [t * 1000 for t in self.trips]
        return {"flood_connections": connections, "flood_lists_per_s": round(self.answered / seconds, 1),
                "flood_created": self.created, "flood_guesses_per_s": round(self.guessed / seconds, 1),
                "flood_refused": self.refused, "flood_dropped": self.dropped,
                "ping_ms_p50": percentile(trips, 0.5), "ping_ms_p99": percentile(trips, 0.99)}


def per_connection_rate(limits: Limits, connections: int) -> float:
    """Lists a second each flooding connection sends: as many as the limits let it keep up."""
    return _SHARE * min(limits.rate, limits.address_rate / max(1, connections))


Ask = Callable[[], dict[str, Any]]
Heard = Callable[[dict[str, Any]], None]


async def _hammer(url: str, rate: float, ask: Ask, heard: Heard, flood: Flood) -> None:
    """Send `ask()` `rate` times a second, telling `heard` each answer, forever (a new connection
    whenever the lobby closes one)."""
    while True:
        try:
            async with connect(url, max_size=p.MAX_HOST_BYTES, compression=None) as ws:
                await ws.send(p.encode(p.hello(local_games())))
                await ws.recv()
                while True:
                    began = time.perf_counter()
                    await ws.send(p.encode(ask()))
                    answer = json.loads(await ws.recv())
                    if answer["type"] == "error":
                        flood.refused += 1
                    else:
                        heard(answer)
                    await asyncio.sleep(max(0.0, 1 / rate - (time.perf_counter() - began)))
        except ConnectionClosed:
            flood.dropped += 1


def flood_lists(url: str, rate: float, flood: Flood) -> Any:
    """Every page of the listing in turn, over and over."""
    where = {"page": 0}

    def heard(answer: dict[str, Any]) -> None:
        flood.answered += 1
        where["page"] = (where["page"] + 1) % max(1, answer["pages"])
    return _hammer(url, rate, lambda: {"type": "list", "page": where["page"]}, heard, flood)


def waiting_table() -> dict[str, Any]:
    """A table that waits for its players and costs nothing meanwhile: the first turn-based game
    registered, every seat left to remote players (its `game` and `seats`, as `create` names them)."""
    info = next(info for info in load_games().values() if not info.realtime)
    return {"game": info.id, "seats": ["remote"] * info.min_seats}


def flood_creates(url: str, table: dict[str, Any], flood: Flood) -> Any:
    """Tables like `table` (`waiting_table`), one after another (the lobby lets an address hold a few)."""
    def heard(_answer: dict[str, Any]) -> None:
        flood.created += 1
    return _hammer(url, _OTHERS_PER_S, lambda: {"type": "create", **table}, heard, flood)


def flood_guesses(url: str, table: str, flood: Flood) -> Any:
    """Random join codes for `table`."""
    def guess() -> dict[str, Any]:
        flood.guessed += 1
        code = "".join(secrets.choice("ABCDEFGHJKMNPQRSTUVWXYZ") for _ in range(6))
        return {"type": "join", "table": table, "code": code, "seat": 0, "name": "guess"}
    return _hammer(url, _OTHERS_PER_S, guess, lambda _answer: None, flood)


async def probe(url: str, flood: Flood) -> None:
    """Ping the lobby every few milliseconds and keep each round trip (a refusal answers too)."""
    async with connect(url, max_size=p.MAX_HOST_BYTES, compression=None) as ws:
        await ws.send(p.encode(p.hello(local_games())))
        await ws.recv()
        n = 0
        while True:
            sent = time.perf_counter()
            await ws.send(p.encode({"type": "ping", "n": n}))
            while json.loads(await ws.recv())["type"] not in ("pong", "error"):
                pass
            flood.trips.append(time.perf_counter() - sent)
            n += 1
            await asyncio.sleep(_PING_EVERY_S)
