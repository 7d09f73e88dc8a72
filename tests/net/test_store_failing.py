"""A store that fails while its tables play does not stop them: the table plays on in memory, the
failure is one clear line in the log, the writes are tried again until they succeed, and a move
made meanwhile is not acknowledged until it is kept, its players told the server cannot save
right now ("paused": "saving", past what waits). Then the game goes on to its end and the store
holds every move. With a real PostgreSQL server stopped mid-game and started again, and with a
`serve` whose SQLite file cannot be written for a while (its file-size limit, as a full disk)."""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pie_table.core.registry import get_game
from pie_table.core.saves import expand_log
from pie_table.net import protocol as p
from pie_table.net.client import RemoteSeat, bot_decider, play
from pie_table.net.keeping import Keeper
from pie_table.net.limits import Limits
from pie_table.net.server import Lobby
from pie_table.net.store import open_store
from tests.net.netplay import created, heard_until, joined_seat, serving
from tests.net.postgres_server import PostgresServer, fresh_database

_ROOT = Path(__file__).resolve().parents[2]
_FAILED = "the store cannot be written"
_AGAIN = "the store is written again"


async def _create(url: str) -> dict[str, Any]:
    return await created(url, "rats", ["remote", "bot:normal"])


async def _seat(url: str, made: dict[str, Any]) -> tuple[RemoteSeat, Any]:
    seat = await joined_seat(url, made, 0, "Ada")
    info = get_game("rats")
    assert info.bot_factory is not None
    return seat, bot_decider(info.bot_factory("normal", 0, 11), seat.history)


async def _asked(seat: RemoteSeat) -> None:
    while seat.legal is None:
        await asyncio.wait_for(seat.receive(), 60)


async def _move_while_down(seat: RemoteSeat, decide: Any, fail: Any, mend: Any) -> list[str]:
    """One move made while the store fails: what the seat heard, in order, with "mended" where the
    store was mended (after the seat was told it cannot save)."""
    await _asked(seat)
    await fail()
    await seat.act(decide(seat.view, seat.legal))
    heard: list[str] = []
    while True:
        message = await asyncio.wait_for(seat.receive(), 60)
        if message["type"] == "paused":
            heard.append(f"paused:{message['paused']}")
            if message["paused"] == p.SAVING:
                await mend()
                heard.append("mended")
        elif message["type"] == "update" and "ack" in message:
            heard.append("ack")
        if "ack" in heard and "paused:" in heard:
            return heard


def test_a_postgresql_store_stopped_mid_game_holds_the_move_until_it_is_back(
        caplog: pytest.LogCaptureFixture) -> None:
    server = PostgresServer(durable=True)  # a crash of a durable server loses nothing committed
    caplog.set_level(logging.INFO, logger="pie_table.net")
    try:
        url = fresh_database(server.url)

        async def run() -> None:
            keeper = Keeper(open_store(url, "test:1"))
            lobby = Lobby(Limits(open_tables_per_address=10, sweep_s=3600.0), keeper=keeper)
            async with serving(lobby) as address:
                made = await _create(address)
                seat, decide = await _seat(address, made)
                table = lobby.tables[made["table"]]
                heard = await _move_while_down(seat, decide, lambda: asyncio.to_thread(server.stop),
                                               lambda: asyncio.to_thread(server.start))
                # Told it cannot save before its move was acknowledged, which came once it was kept.
                assert heard == [f"paused:{p.SAVING}", "mended", "paused:", "ack"]
                await play(seat, decide)
                assert seat.over and table.driver.is_over()
                keeper.settle()
                reader = open_store(url, "reader")
                record = reader.read(made["table"])
                reader.close()
                assert record is not None and len(expand_log(record.log)) == len(table.session.log)
                await seat.close()
            keeper.stop()
        asyncio.run(run())
    finally:
        server.remove()
    said = [r.getMessage() for r in caplog.records if r.name == "pie_table.net"]
    assert len([line for line in said if line.startswith(_FAILED)]) == 1, said
    assert len([line for line in said if line.startswith(_AGAIN)]) == 1, said


def test_a_serve_whose_sqlite_file_cannot_be_written_plays_on_and_catches_up(tmp_path: Path) -> None:
    store = tmp_path / "serve.sqlite3"
    process = subprocess.Popen(
        [sys.executable, str(_ROOT / "main.py"), "serve", "--port", "0", "--bot-pace", "instant",
         "--store", str(store), "--store-owner", "test"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=_ROOT)
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    try:
        assert process.stdout is not None
        url = json.loads(process.stdout.readline())["serving"]

        def full() -> None:  # every write to a file past its first byte fails (EFBIG), as on a full disk
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (1, limit[1]))

        def mended() -> None:
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, limit)

        async def run() -> tuple[int, int]:
            made = await _create(url)
            seat, decide = await _seat(url, made)
            heard = await _move_while_down(seat, decide, lambda: asyncio.to_thread(full),
                                           lambda: asyncio.to_thread(mended))
            assert heard == [f"paused:{p.SAVING}", "mended", "paused:", "ack"]
            await play(seat, decide)
            assert seat.over
            await seat.close()
            return int(made["table"]), len(seat.events)
        table_id, _events = asyncio.run(run())
    finally:
        resource.prlimit(process.pid, resource.RLIMIT_FSIZE, limit)
        process.terminate()
        _out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    lines = err.splitlines()
    assert len([line for line in lines if _FAILED in line]) == 1, err
    assert len([line for line in lines if _AGAIN in line]) == 1, err
    reader = open_store(str(store), "reader")
    record = reader.read(str(table_id))
    reader.close()
    assert record is not None and record.status == "finished"


def test_a_rumble_table_stands_still_while_its_store_fails_and_its_player_is_told_why(
        tmp_path: Path) -> None:
    """Real time cannot wait move by move, so the whole table waits: while the store cannot be
    written no tick runs (a killed process would lose all play since the failure otherwise), the
    seat is told the server cannot save, and once the store is written again play goes on."""
    import sqlite3

    async def run() -> None:
        keeper = Keeper(open_store(str(tmp_path / "serve.sqlite3"), "test:1"))
        lobby = Lobby(Limits(open_tables_per_address=10, sweep_s=3600.0), keeper=keeper)
        store = keeper.store
        writes = store.append_all
        broken = asyncio.Event()

        def append_all(appends: Any) -> Any:
            if broken.is_set():
                raise sqlite3.OperationalError("disk I/O error")
            return writes(appends)
        store.append_all = append_all  # type: ignore[method-assign]
        async with serving(lobby) as url:
            made = await created(url, "rumble-pie", ["remote", "bot:normal"])
            table = lobby.tables[made["table"]]
            seat = await joined_seat(url, made, 0, "Ada")
            await seat.press({"type": "start"})
            await heard_until(seat, lambda: table.driver.dynamics.game_ticks >= 40, 10)
            broken.set()
            await heard_until(seat, lambda: seat.host_paused == p.SAVING, 10)
            still = table.session.state.tick
            await asyncio.sleep(0.3)  # eighteen ticks' time: none runs
            assert table.session.state.tick == still
            broken.clear()
            await heard_until(seat, lambda: not seat.host_paused, 30)
            await heard_until(seat, lambda: table.session.state.tick > still, 10)
            await seat.close()
        for task in lobby._tasks.values():  # noqa: SLF001 - the process ends
            task.cancel()
        keeper.abandon()
    asyncio.run(run())
