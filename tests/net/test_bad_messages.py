"""Whatever a client sends that it may not is refused with one reason and one log line, and
changes nothing; a client refused again and again is dropped while the others play on."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest
from websockets.asyncio.client import connect

from pie_table.core.registry import get_game
from pie_table.core.session import bot_seed
from pie_table.net import protocol as p
from pie_table.net.client import bot_decider, local_games, play
from pie_table.net.server import MAX_STRIKES
from tests.net.netplay import drain, four_bots, seated, served, settle

GAME = "pie-rats"


async def _raw_refusal(url: str, frames: list[Any]) -> list[dict[str, Any]]:
    """Say hello, send `frames` as they are, and return every error the host answered."""
    errors = []
    async with connect(url, max_size=p.MAX_HOST_BYTES) as ws:
        await ws.send(p.encode(p.hello(local_games())))
        json.loads(await ws.recv())
        for frame in frames:
            await ws.send(frame if isinstance(frame, str) else p.encode(frame))
            errors.append(json.loads(await ws.recv()))
    return errors


_SHAPE_CASES = [
    ("{not json", p.NOT_JSON),
    ("x" * (p.MAX_CLIENT_BYTES + 1), p.TOO_BIG),
    ("[1, 2]", p.NOT_OBJECT),
    ({"type": "teleport"}, p.UNKNOWN_TYPE),
    ({"type": "join", "table": "1", "code": "ABCDEF", "seat": 1}, p.MISSING_FIELD),
    ({"type": "ping", "n": 1, "extra": True}, p.EXTRA_FIELD),
    ({"type": "join", "table": "1", "code": "ABCDEF", "seat": True, "name": ""}, p.BAD_FIELD),
    ({"type": "join", "table": "1", "code": "ZZZZZZ", "seat": 1, "name": "x"}, p.WRONG_CODE),
    ({"type": "join", "table": "9", "code": "ZZZZZZ", "seat": 1, "name": "x"}, p.NO_SUCH_TABLE),
    ({"type": "action", "token": "forged", "seq": 1, "action": {"type": "pass"}}, p.BAD_TOKEN),
    ({"type": "rejoin", "table": "1", "token": "forged", "seen": 0}, p.BAD_TOKEN),
]


@pytest.mark.parametrize(("frame", "reason"), _SHAPE_CASES, ids=[c[1][:24] for c in _SHAPE_CASES])
def test_each_bad_message_is_refused_with_its_reason_and_changes_nothing(
        frame: Any, reason: str, caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> None:
        async with served(four_bots(GAME), {0, 1, 2, 3}) as (host, url):
            await settle()
            before, log_before = host.session.hash(), len(host.session.log)
            with caplog.at_level(logging.INFO, logger="pie_table.net"):
                errors = await _raw_refusal(url, [frame])
            assert [e["msg"] for e in errors] == [reason]
            assert (host.session.hash(), len(host.session.log)) == (before, log_before)
            assert sum("refused from" in r.getMessage() for r in caplog.records) == 1
    asyncio.run(run())


def test_a_version_mismatch_is_one_clear_line() -> None:
    async def run() -> None:
        async with served(four_bots(GAME), {1}) as (_host, url):
            hello = {**p.hello(local_games()), "protocol": p.PROTOCOL_VERSION + 1}
            async with connect(url) as ws:
                await ws.send(p.encode(hello))
                error = json.loads(await ws.recv())
            assert error["msg"] == p.VERSION_MISMATCH
            text = str(p.revive({"msg": error["msg"], "params": error["params"]}))
            assert "\n" not in text and "both need the same version" in text
    asyncio.run(run())


def test_an_old_rules_version_cannot_take_a_seat() -> None:
    async def run() -> None:
        async with served(four_bots(GAME), {1}) as (host, url):
            async with connect(url) as ws:
                await ws.send(p.encode(p.hello({GAME: 0})))
                await ws.recv()
                await ws.send(p.encode({"type": "join", "table": host.id, "code": host.code, "seat": 1,
                                        "name": ""}))
                error = json.loads(await ws.recv())
            assert error["msg"] == p.GAME_VERSION_MISMATCH
            assert host.holders == {}
    asyncio.run(run())


def test_seat_refusals_for_token_seat_sequence_and_turn(caplog: pytest.LogCaptureFixture) -> None:
    """Another seat's token, an action naming another seat, an old sequence number, an action when
    not asked, a taken seat, a bot's seat: each refused by reason, the game unchanged."""
    async def run() -> None:
        async with served(four_bots(GAME), {0, 1, 2, 3}) as (host, url):
            clients = [await seated(url, host, seat) for seat in range(4)]
            await drain(*clients)
            asked = next(c for c in clients if c.legal is not None)
            idle = next(c for c in clients if c.legal is None)
            before = host.session.hash()

            async def refused(client: Any, message: dict[str, Any]) -> str:
                await client.send(message)
                reply = await client.expect_any()
                return str(reply.get("msg"))

            assert await refused(idle, {"type": "action", "token": asked.token, "seq": 1,
                                        "action": {"type": "pass"}}) == p.BAD_TOKEN
            assert await refused(asked, {"type": "action", "token": asked.token, "seq": 1,
                                         "action": {**asked.legal[0], "seat": idle.seat}}) == p.NOT_YOUR_SEAT
            assert await refused(idle, {"type": "action", "token": idle.token, "seq": 1,
                                        "action": {"type": "pass"}}) == p.NOT_ASKED
            assert await refused(idle, {"type": "join", "table": host.id, "code": host.code,
                                        "seat": asked.seat, "name": ""}) == p.SEAT_TAKEN
            assert host.session.hash() == before
            # A real action, then the same sequence number again: the replay is refused.
            await asked.act(asked.legal[0])
            await drain(*clients)
            moved = host.session.hash()
            assert moved != before
            assert await refused(asked, {"type": "action", "token": asked.token, "seq": 1,
                                         "action": {"type": "pass"}}) in (p.OLD_SEQUENCE,)
            assert host.session.hash() == moved
            for client in clients:
                await client.close()
    asyncio.run(run())


def test_a_flooding_client_is_dropped_and_the_others_play_on(caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> None:
        setup = four_bots(GAME)
        info = get_game(GAME)
        async with served(setup, {1, 2}) as (host, url):
            bad = await seated(url, host, 1)
            good = await seated(url, host, 2)
            assert info.bot_factory is not None
            decide = bot_decider(info.bot_factory("normal", 2, bot_seed(setup.seed, 2)), good.history)
            with caplog.at_level(logging.INFO, logger="pie_table.net"):
                assert bad.ws is not None
                for n in range(1000):  # far faster than a person or a bot
                    await bad.ws.send(p.encode({"type": "ping", "n": n}))
                for _ in range(200):
                    await asyncio.sleep(0.01)
                    if host.holders[1].link is None:
                        break
            assert any(f"{MAX_STRIKES} refused messages" in r.getMessage() for r in caplog.records)
            assert host.holders[1].link is None  # away
            host.hand_to_bot(1)
            await asyncio.wait_for(play(good, decide), 60)
            assert host.driver.is_over() and good.over
    asyncio.run(run())
