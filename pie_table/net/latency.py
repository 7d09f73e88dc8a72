"""`bench net-latency`: Rumble Pie's input-to-screen time for a remote seat, on this machine and
through a proxy that delays every byte a fixed time each way.

One live table (the host's 60 Hz clock): seat 0 is a client played by a normal bot through the
proxy, the other seats are bots at the host. For every key action the client sends, it times the
press to the frame that answers it (applied or refused), then to the next 60 Hz screen frame that
draws it. The client's own press is drawn at once as a pending highlight (the next screen frame),
which is what a player feels first; the host's answer follows one round trip later.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any

from pie_table.core.registry import get_game
from pie_table.core.session import bot_seed
from pie_table.core.setup import GameSetup, SeatSpec, parse_seat
from pie_table.net.client import RemoteSeat
from pie_table.net.host import headless_host
from pie_table.net.realtime_play import play_live
from pie_table.net.server import Lobby, bound_port, start

SCREEN_HZ = 60


async def delaying_proxy(target_port: int, delay_s: float) -> asyncio.Server:
    """A TCP proxy on 127.0.0.1 (any free port) that holds every chunk `delay_s` each way, in order."""
    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def later() -> None:
            while True:
                due, chunk = await queue.get()
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                if not chunk:
                    writer.close()
                    return
                writer.write(chunk)
                await writer.drain()
        sender = asyncio.create_task(later())
        try:
            while chunk := await reader.read(65536):
                queue.put_nowait((time.perf_counter() + delay_s, chunk))
        except ConnectionError:
            pass
        queue.put_nowait((time.perf_counter() + delay_s, b""))
        await sender

    async def handle(client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        host_r, host_w = await asyncio.open_connection("127.0.0.1", target_port)
        try:
            await asyncio.gather(pipe(client_r, host_w), pipe(host_r, client_w), return_exceptions=True)
        except asyncio.CancelledError:  # the bench is over: the loop closes what is left
            host_w.close()
            client_w.close()

    return await asyncio.start_server(handle, "127.0.0.1", 0)


def percentile(values: list[float], q: float) -> float | None:
    """The `q` quantile of `values`, rounded to a tenth (None for no values): what the benches print."""
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))], 1)


def _drawn(arrived_ms: float, sent_at: float) -> float:
    """When the frame arriving `arrived_ms` after the press is on screen: the next 60 Hz frame."""
    period = 1000 / SCREEN_HZ
    at = sent_at * 1000 + arrived_ms
    return math.ceil(at / period) * period - sent_at * 1000


async def measure(game: str, options: dict[str, Any], delay_ms: float, seconds: float,
                  seed: int = 7) -> dict[str, Any]:
    """Play `seconds` of a live game of the real-time `game` (with `options` that keep it going
    that long) with seat 0 remote behind a `delay_ms` (each way) proxy."""
    info = get_game(game)
    seats = [SeatSpec("human", control="mouse")] + [parse_seat("bot:normal")] * 3
    setup = GameSetup(game, seats, options, seed=seed)
    lobby = Lobby()
    server = await start(lobby, "127.0.0.1", 0)
    proxy = await delaying_proxy(bound_port(server), delay_ms / 1000)
    host = headless_host(setup, {0}, table_id="1", info=info)
    lobby.add(host)
    url = f"ws://127.0.0.1:{proxy.sockets[0].getsockname()[1]}"
    client = _TimedSeat(url)
    await client.open()
    await client.join(host.id, host.code, 0, "Bench")
    assert info.bot_factory is not None
    bot = info.bot_factory("normal", 0, bot_seed(seed, 0))
    pings: list[float] = []

    async def ping_every_second() -> None:
        while True:
            await client.ping()
            await asyncio.sleep(1.0)
            if client.delay_ms is not None:
                pings.append(client.delay_ms)
    pinger = asyncio.create_task(ping_every_second())
    started, ticks_before = time.perf_counter(), host.ticks
    received_before = client.traffic.received_bytes
    await play_live(client, bot, start_after=0.2, seconds=seconds)
    elapsed = time.perf_counter() - started
    pinger.cancel()
    await client.close()
    await asyncio.sleep(2 * delay_ms / 1000 + 0.1)  # the close goes through the proxy too
    proxy.close()
    server.close()  # the table's loop is cancelled with the rest when the bench's loop ends
    return {"delay_ms_each_way": delay_ms, "inputs": len(client.input_ms),
            "state_back_ms_p50": percentile(client.input_ms, 0.5),
            "state_back_ms_p99": percentile(client.input_ms, 0.99),
            "input_to_screen_ms_p50": percentile(client.drawn_ms, 0.5),
            "input_to_screen_ms_p99": percentile(client.drawn_ms, 0.99),
            "own_press_shown_ms_max": round(1000 / SCREEN_HZ, 1),
            "round_trip_ms_p50": percentile(pings, 0.5),
            "down_bytes_per_s": round((client.traffic.received_bytes - received_before) / elapsed),
            "up_bytes_per_s": round(client.traffic.sent_bytes / elapsed),
            "host_ticks_per_s": round((host.ticks - ticks_before) / elapsed, 1)}


class _TimedSeat(RemoteSeat):
    """A seat that also times each answered input to the screen frame that draws it."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.drawn_ms: list[float] = []

    def _keys_answered(self, message: dict[str, Any]) -> None:
        sent = {seq: self.in_flight[seq].sent for seq in self.in_flight}
        before = len(self.input_ms)
        super()._keys_answered(message)
        answered = [*message.get("acks", ()), *(r["seq"] for r in message.get("refused", ()))]
        for seq, ms in zip([s for s in answered if s in sent], self.input_ms[before:], strict=False):
            self.drawn_ms.append(_drawn(ms, sent[seq]))


def bench(game: str, options: dict[str, Any], delays: list[float], seconds: float) -> list[dict[str, Any]]:
    """One figure line per delay."""
    return [asyncio.run(measure(game, options, delay, seconds)) for delay in delays]

