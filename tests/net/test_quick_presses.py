"""A remote turn-based seat pressing Enter (or clicking Done) faster than the host answers: over
real sockets on 127.0.0.1 the repeats send nothing or are refused as stale, the seat is never
dropped, no wrong move is applied; strikes are for malformed or forged messages, and they decay."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from websockets.asyncio.client import connect

from pie_table.core.registry import get_game
from pie_table.core.session import bot_seed
from pie_table.net import protocol as p
from pie_table.net import server
from pie_table.net.client import bot_decider, local_games
from pie_table.net.hosting import HostedTable
from pie_table.net.link_source import join_seat
from pie_table.net.over_network import local_hash
from tests.net.netplay import drain, four_bots, seated, served


def _until(done: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.005)


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity", "rats"])
def test_enter_four_times_before_the_table_hears_sends_one_move_and_the_game_is_the_local_one(
        game: str) -> None:
    setup = four_bots(game)
    hosted = HostedTable(setup, {1})
    try:
        driver = join_seat(hosted.address, "1", code=hosted.code, seat=1, name="Ann")
        info = get_game(game)
        assert info.bot_factory is not None
        decide = bot_decider(info.bot_factory("normal", 1, bot_seed(setup.seed, 1)), driver.history(1))
        end = time.monotonic() + 60
        presses = 0
        while not driver.is_over():
            assert time.monotonic() < end
            driver.update(0.01)
            legal = driver.legal(1)
            if not legal:
                time.sleep(0.002)
                continue
            move = decide(dict(driver.view(1)), list(legal))
            first = driver.submit(1, move)
            assert first.ok, first.reason
            for _ in range(3):  # the same key again, before a frame told the table what came
                again = driver.submit(1, move)
                assert not again.ok and again.reason == p.STALE_MOVE
                presses += 1
        assert presses > 0
        _until(hosted.host.finished.is_set)
        assert not driver.lost
        assert hosted.host.session.hash() == local_hash(setup, info)
        driver.close()
    finally:
        hosted.quit()


def test_moves_resent_by_a_client_that_did_not_wait_are_stale_never_strikes(
        caplog: pytest.LogCaptureFixture) -> None:
    """A client of its own (not our window) sending its move six times at once: one is played, the
    others are refused as stale, and it stays seated with no strike."""
    async def run() -> None:
        async with served(four_bots("pie-rats"), {0, 1, 2, 3}) as (host, url):
            clients = [await seated(url, host, seat) for seat in range(4)]
            await drain(*clients)
            asked = next(c for c in clients if c.legal is not None)
            move, ask = asked.legal[0], asked.ask
            before = len(host.session.log)
            for _ in range(6):
                await asked.act(move, ask)
            replies = []
            while len(replies) < 5:
                message = await asked.expect_any()
                replies.append(message["msg"])
            assert set(replies) <= {p.NOT_ASKED, p.STALE_MOVE}, replies
            await drain(*clients)
            assert host.session.log[before].seat == asked.seat
            assert host.session.log[before].action == {**move, "seat": asked.seat}
            assert all(holder.link is not None for holder in host.holders.values())  # nobody dropped
            for client in clients:
                await client.close()
    with caplog.at_level("WARNING", logger="pie_table.net"):
        asyncio.run(run())
    assert not [r for r in caplog.records if "strike" in r.getMessage() or "dropped" in r.getMessage()]


def test_strikes_for_malformed_messages_decay_with_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "STRIKE_DECAY_S", 0.05)

    async def run() -> None:
        async with served(four_bots("pie-rats"), {1}) as (_host, url):
            async with connect(url, max_size=p.MAX_HOST_BYTES) as ws:
                await ws.send(p.encode(p.hello(local_games())))
                json.loads(await ws.recv())
                answers = []
                for round_ in range(3):  # 4 strikes a round, 12 in all: never 5 unforgiven
                    for _ in range(server.MAX_STRIKES - 1):
                        await ws.send("{not json")
                        answers.append(json.loads(await ws.recv())["msg"])
                    if round_ < 2:
                        await asyncio.sleep(0.25)
                assert answers == [p.NOT_JSON] * 12
                await ws.send(p.encode({"type": "ping", "n": 1}))
                assert json.loads(await ws.recv())["type"] == "pong"
    asyncio.run(run())
