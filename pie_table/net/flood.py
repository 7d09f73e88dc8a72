"""`bench serve --flood N`: one address asking a lobby for its listing as fast as it is allowed,
over N connections on 127.0.0.1, while a probe pings the lobby; what the flood got and the probe's
round trips are the figures (the bench's own tables say what the flood cost them)."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from pie_table.net import protocol as p
from pie_table.net.client import local_games
from pie_table.net.latency import percentile
from pie_table.net.limits import Limits

_PING_EVERY_S = 0.02
_SHARE = 0.8  # of the address's allowance the flood takes: the probe, from the same address, gets the rest


@dataclass
class Flood:
    """What the flooding connections got."""

    answered: int = 0
    refused: int = 0
    dropped: int = 0  # connections the lobby closed (the flood opens another)
    trips: list[float] = field(default_factory=list)  # the probe's round trips, seconds

    def figures(self, seconds: float, connections: int) -> dict[str, Any]:
        trips = [t * 1000 for t in self.trips]
        return {"flood_connections": connections, "flood_lists_per_s": round(self.answered / seconds, 1),
                "flood_refused": self.refused, "flood_dropped": self.dropped,
                "ping_ms_p50": percentile(trips, 0.5), "ping_ms_p99": percentile(trips, 0.99)}


def per_connection_rate(limits: Limits, connections: int) -> float:
    """Lists a second each flooding connection sends: as many as the limits let it keep up."""
    return _SHARE * min(limits.rate, limits.address_rate / max(1, connections))


async def flood_lists(url: str, rate: float, flood: Flood) -> None:
    """Ask for the listing `rate` times a second, reading each answer, forever (a new connection
    whenever the lobby closes one)."""
    while True:
        try:
            async with connect(url, max_size=p.MAX_HOST_BYTES, compression=None) as ws:
                await ws.send(p.encode(p.hello(local_games())))
                await ws.recv()
                page, pages = 0, 1
                while True:
                    began = time.perf_counter()
                    await ws.send(p.encode({"type": "list", "page": page}))
                    answer = json.loads(await ws.recv())
                    if answer["type"] == "tables":  # every page in turn: the whole list, over and over
                        flood.answered += 1
                        pages = answer["pages"]
                        page = (page + 1) % pages
                    else:
                        flood.refused += 1
                    await asyncio.sleep(max(0.0, 1 / rate - (time.perf_counter() - began)))
        except ConnectionClosed:
            flood.dropped += 1


async def probe(url: str, flood: Flood) -> None:
    """Ping the lobby every few milliseconds and keep each round trip."""
    async with connect(url, max_size=p.MAX_HOST_BYTES, compression=None) as ws:
        await ws.send(p.encode(p.hello(local_games())))
        await ws.recv()
        n = 0
        while True:
            sent = time.perf_counter()
            await ws.send(p.encode({"type": "ping", "n": n}))
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            flood.trips.append(time.perf_counter() - sent)
            n += 1
            await asyncio.sleep(_PING_EVERY_S)
