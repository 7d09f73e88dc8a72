"""`simulate --over-network`: the same seeded games as `simulate`, with seat 0 a bot at the host
and every other seat a separate client over a real socket on this machine, playing the bot the
setup names. Each game's report is the usual one plus `same_as_local` (its final state equals
that of the same game played locally) and the traffic figures."""

from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass
from typing import Any

from pie_table.core.driver import play_to_end
from pie_table.core.registry import GameInfo
from pie_table.core.session import bot_seed
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.net.client import RemoteSeat, bot_decider, play
from pie_table.net.host import TableHost, headless_host
from pie_table.net.limits import Limits
from pie_table.net.realtime_play import play_lockstep
from pie_table.net.server import Lobby, bound_port, start


@dataclass
class NetworkGame:
    """A game played over the network: the host's table and each remote seat's client."""

    host: TableHost
    clients: list[RemoteSeat]
    seconds: float


async def play_networked(setup: GameSetup, info: GameInfo, *, capture: bool = False,
                         lobby: Lobby | None = None) -> NetworkGame:
    """Play one whole game: a server on 127.0.0.1 (a free port), one client per seat but seat 0."""
    # A lockstep real-time game answers the host every tick, as fast as the sockets go.
    lobby = lobby or Lobby(Limits(rate=1e9, address_rate=1e9) if info.realtime else None)
    server = await start(lobby, "127.0.0.1", 0)
    start_time = time.perf_counter()
    try:
        remote = set(range(1, len(setup.seats)))
        table_id = str(len(lobby.tables) + 1)
        host = lobby.add(headless_host(setup, remote, lockstep=True, table_id=table_id, info=info))
        url = f"ws://127.0.0.1:{bound_port(server)}"
        players: list[tuple[RemoteSeat, Any]] = []
        for seat in sorted(remote):
            client = RemoteSeat(url, capture=capture)
            await client.open()
            await client.join(host.id, host.code, seat, f"Bot {seat}")
            assert info.bot_factory is not None
            bot = info.bot_factory(setup.seats[seat].level or "normal", seat, bot_seed(setup.seed, seat))
            players.append((client, bot))
        await asyncio.gather(*(_play(client, bot, info) for client, bot in players))
        await host.finished.wait()
        for client, _ in players:
            await client.close()
    finally:
        server.close()
        await server.wait_closed()
    return NetworkGame(host, [client for client, _ in players], time.perf_counter() - start_time)


def _play(client: RemoteSeat, bot: Any, info: GameInfo) -> Any:
    if info.realtime:
        return play_lockstep(client, bot)
    return play(client, bot_decider(bot, client.history))


def local_hash(setup: GameSetup, info: GameInfo) -> str:
    """The final state's hash of the same game played in one process."""
    return play_to_end(setup, info).hash()


def report(game: NetworkGame, info: GameInfo, setup: GameSetup) -> dict[str, Any]:
    """The usual `simulate` JSON for the game, plus `same_as_local` and traffic figures."""
    assert info.report is not None
    result = info.report(game.host.session)
    result["same_as_local"] = game.host.session.hash() == local_hash(setup, info)
    trips = sorted(t for c in game.clients for t in c.traffic.round_trips)
    trips += sorted(ms / 1000 for c in game.clients for ms in c.input_ms)
    trips.sort()
    result["net"] = {
        "clients": len(game.clients),
        "messages": sum(c.traffic.sent_messages + c.traffic.received_messages for c in game.clients),
        "bytes": sum(c.traffic.sent_bytes + c.traffic.received_bytes for c in game.clients),
        # What crossed the sockets to the clients, compressed, per remote seat: the largest one's.
        "wire_bytes_per_seat": max((c.traffic.wire_received for c in game.clients), default=0),
        "rtt_ms_p50": round(statistics.median(trips) * 1000, 3) if trips else None,
        "rtt_ms_p99": round(trips[min(len(trips) - 1, int(len(trips) * 0.99))] * 1000, 3) if trips else None,
        "seconds": round(game.seconds, 3),
    }
    return result


def simulate_over_network(setup: GameSetup, info: GameInfo) -> dict[str, Any]:
    """One game over real sockets, reported."""
    game = asyncio.run(play_networked(setup, info))
    return report(game, info, setup)


def sweep(games: list[GameInfo], seeds: range, level: str = "easy",
          options: dict[str, dict[str, Any]] | None = None) -> list[tuple[str, int, int, bool]]:
    """`same_as_local` for every game in `games` at every seat count it takes, each seat a bot of
    `level`, for each seed: one (game, seats, seed, same) row per game played. `options`: a game's
    options by its id (a short Rumble Pie target keeps a lockstep sweep to minutes)."""
    rows = []
    for info in games:
        for count in range(info.min_seats, info.max_seats + 1):
            for seed in seeds:
                setup = GameSetup(info.id, parse_seats(",".join([f"bot:{level}"] * count)),
                                  dict((options or {}).get(info.id, {})), seed=seed)
                game = asyncio.run(play_networked(setup, info))
                rows.append((info.id, count, seed, game.host.session.hash() == local_hash(setup, info)))
    return rows
