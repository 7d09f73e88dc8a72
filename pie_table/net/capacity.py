"""`bench serve`: how many tables one `serve` process holds, and at what CPU.

One lobby in this process, as `serve` runs it (bots at turn-based tables at the table's own pace),
opens N tables of bots alone and lets them play for a while on the real event loop. What it costs is
the process's CPU seconds per wall second; whether it keeps up is read from the tables themselves
(ticks a second at a real-time table, against the 60 it should run) and from how late the event loop
wakes a task that asked to sleep 10 ms (the delay every client's message would also wait). With
`--flood N`, one address floods the listing, creates tables and guesses codes meanwhile (`flood.py`):
the tables are its bystanders.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

from pie_table.core.pacing import Pace
from pie_table.net.flood import (
    Flood,
    flood_creates,
    flood_guesses,
    flood_lists,
    per_connection_rate,
    waiting_table,
)
from pie_table.net.flood import probe as ping_probe
from pie_table.net.keeping import Keeper
from pie_table.net.latency import percentile
from pie_table.net.limits import Limits
from pie_table.net.server import Lobby, bound_port, start
from pie_table.net.store import open_store

_PROBE_S = 0.010  # the lag probe's sleep


async def measure(game: str, tables: int, seconds: float, seats: int = 4, level: str = "normal",
                  warmup: float = 2.0, flood: int = 0, listed: int = 0,
                  options: dict[str, Any] | None = None, keeper: Keeper | None = None) -> dict[str, Any]:
    """Run `tables` tables of `seats` bots for `warmup` + `seconds`; figures for the last `seconds`
    (`options`: the game's, such as a real-time game's that make it last the run).
    `flood`: that many connections from 127.0.0.1 ask for the listing as fast as they are allowed
    while they play (and `listed` tables waiting for players make the listing long). `keeper`:
    every table kept in its store as `serve` keeps them (the figures then say what a write took)."""
    lobby = Lobby(Limits(max_tables=tables + listed + 1), pace=Pace(), keeper=keeper)
    options = dict(options or {})
    hosts = [lobby.create(game, [f"bot:{level}"] * seats, seed=7 + i, options=options) for i in range(tables)]
    waiting = waiting_table()
    for i in range(listed):  # tables that wait for their players cost nothing but their line
        lobby.create(waiting["game"], waiting["seats"], seed=i, options={})
    lags: list[float] = []
    loop = asyncio.get_running_loop()

    async def probe() -> None:
        while True:
            asked = loop.time()
            await asyncio.sleep(_PROBE_S)
            lags.append((loop.time() - asked - _PROBE_S) * 1000)

    prober = asyncio.create_task(probe())
    flooded, flooders, server = Flood(), [], None
    if flood:
        server = await start(lobby, "127.0.0.1", 0)
        url = f"ws://127.0.0.1:{bound_port(server)}"
        rate = per_connection_rate(lobby.limits, flood)
        attacks = [flood_lists(url, rate, flooded) for _ in range(flood)]
        attacks += [flood_creates(url, waiting, flooded), flood_guesses(url, hosts[0].id, flooded),
                    ping_probe(url, flooded)]
        flooders = [asyncio.create_task(attack) for attack in attacks]
    await asyncio.sleep(warmup)
    lags.clear()
    flooded.answered, flooded.created, flooded.guessed, builds = 0, 0, 0, lobby.list_builds
    wrong = lobby.wrong_codes
    flooded.trips.clear()
    realtime = [h for h in hosts if h.info.realtime]
    ticks0 = [h.ticks for h in realtime]
    actions0 = [len(h.driver.session.log) for h in hosts]
    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    ticks = [h.ticks - t for h, t in zip(realtime, ticks0, strict=True)]
    actions = [len(h.driver.session.log) - a for h, a in zip(hosts, actions0, strict=True)]
    prober.cancel()
    for task in flooders:
        task.cancel()
    if server is not None:
        server.close()  # its connections' handlers end with the loop
    finished = sum(1 for h in hosts if h.driver.is_over())
    figures: dict[str, Any] = {
        "game": game, "tables": tables, "seats": seats, "seconds": round(wall, 1),
        "cpu_per_wall_s": round(cpu / wall, 3),
        "loop_lag_ms_p50": percentile(lags, 0.5), "loop_lag_ms_p99": percentile(lags, 0.99),
        "actions_per_table_per_s": round(sum(actions) / len(hosts) / wall, 2) if hosts else 0.0,
        "finished_tables": finished,
    }
    if flood:
        figures.update(flooded.figures(wall, flood), listed=listed, list_builds=lobby.list_builds - builds,
                       codes_checked=lobby.wrong_codes - wrong)
    if keeper is not None:
        keeper.settle()  # what the run queued, committed: each write's time is counted
        writes = [ms * 1000 for ms in keeper.write_ms]  # in microseconds: a write is well under 1 ms
        figures.update(store_writes=len(writes), write_us_p50=percentile(writes, 0.5),
                       write_us_p99=percentile(writes, 0.99))
    if ticks:
        figures["ticks_per_s_min"] = round(min(ticks) / wall, 1)
        figures["ticks_per_s_mean"] = round(sum(ticks) / len(ticks) / wall, 1)
    return figures  # the tables' loops are cancelled with the rest when `asyncio.run` ends


def bench(game: str, counts: list[int], seconds: float, warmup: float = 2.0, flood: int = 0,
          listed: int = 0, options: dict[str, Any] | None = None,
          store: str | None = None) -> list[dict[str, Any]]:
    """One figure line per number of tables, each run on a fresh event loop (`store`: with every
    table kept there, then the time a restarted process takes to resume them all)."""
    lines = []
    for n in counts:
        owner = f"bench:{uuid.uuid4().hex[:12]}"  # this count's tables only, whatever the store holds
        keeper = Keeper(open_store(store, owner)) if store is not None else None
        figures = asyncio.run(measure(game, n, seconds, warmup=warmup, flood=flood, listed=listed,
                                      options=options, keeper=keeper))
        if keeper is not None and store is not None:
            keeper.abandon()  # as a killed process leaves it: nothing more written, no lease ended
            figures.update(asyncio.run(_resume(store, owner)))
        lines.append(figures)
    return lines


async def _resume(store: str, owner: str) -> dict[str, Any]:
    """How long a process started on `store` as `owner` takes to resume every table it holds."""
    keeper = Keeper(open_store(store, owner))
    began = time.perf_counter()
    resumed = Lobby(Limits(max_tables=100_000), pace=Pace(), keeper=keeper).resume()
    took = time.perf_counter() - began
    keeper.stop()
    return {"resumed_tables": len(resumed), "resume_s": round(took, 3),
            "resumed_actions": sum(len(h.session.log) for h in resumed)}
