"""A lobby kept in a store, in one process: each "restart" is a new lobby on the same store. Ids are
never given twice, a finished table stays listed as finished and is not reopened, a seat taken
back after a restart is recognised by its token's hash alone (the store holds no token), a table's
maker may still change its code, the store says whether a table is open, playing or finished,
and an action is in the store before its sender hears it was taken."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from pie_table.core.saves import expand_log
from pie_table.net import protocol as p
from pie_table.net.client import HostRefused, RemoteSeat
from pie_table.net.host import TableHost
from pie_table.net.keeping import Keeper
from pie_table.net.limits import Limits
from pie_table.net.server import Lobby
from pie_table.net.store import open_store
from pie_table.net.store.base import FINISHED, OPEN, PLAYING
from tests.net.netplay import ask, created, joined_seat, said_hello, serving

_RATS = ["remote", "bot:normal"]


def _lobby(store_url: str) -> Lobby:
    keeper = Keeper(open_store(store_url, "test:1"))
    return Lobby(Limits(open_tables_per_address=10, sweep_s=3600.0), keeper=keeper)


def _stopped(lobby: Lobby) -> None:
    """The process ends as a kill would leave it: tables not closed, lease not released."""
    for task in lobby._tasks.values():  # noqa: SLF001 - a test's stand-in for the process dying
        task.cancel()
    assert lobby.keeper is not None
    lobby.keeper.abandon()


def _status(store_url: str, table: str) -> str:
    store = open_store(store_url, "reader")
    try:
        record = store.read(table)
        assert record is not None
        return record.status
    finally:
        store.close()


async def _create(url: str, seats: list[str] = _RATS) -> dict[str, Any]:
    return await created(url, "rats", seats)


async def _sat_and_left(url: str, made: dict[str, Any]) -> str:
    """Ada takes seat 0 of the table `made`, then drops; her seat's token."""
    seat = await joined_seat(url, made, 0, "Ada")
    await seat.close()
    return seat.token


async def _asked_now(table: TableHost, *seats: RemoteSeat) -> RemoteSeat:
    """Read what the seats are sent until one of them holds the moves of the ask `table` has open
    for it now: moves read earlier may answer an ask the host has moved on from (its new ask still
    on the way, held till the store commits), and the host refuses those as stale, with no `ack`."""
    while True:
        for seat in seats:
            holder = table.holders.get(seat.seat)
            if seat.legal is not None and holder is not None and seat.ask == holder.asks \
                    and seat.seat in table.driver.to_act():
                return seat
            try:
                await asyncio.wait_for(seat.receive(), 0.05)
            except TimeoutError:
                pass


def test_a_new_table_never_takes_the_id_of_an_old_one(store_url: str) -> None:
    async def run() -> None:
        first = _lobby(store_url)
        async with serving(first) as url:
            ids = [(await _create(url))["table"] for _ in range(2)]
        _stopped(first)
        second = _lobby(store_url)
        assert sorted(t.id for t in second.resume()) == sorted(ids)
        async with serving(second) as url:
            new = (await _create(url))["table"]
        assert int(new) > max(int(i) for i in ids)
        _stopped(second)
    asyncio.run(run())


def test_a_finished_table_stays_listed_as_finished_and_is_not_reopened(store_url: str) -> None:
    async def run() -> None:
        first = _lobby(store_url)
        async with serving(first) as url:
            made = await _create(url, ["bot:normal", "bot:normal"])
            await asyncio.wait_for(first.tables[made["table"]].finished.wait(), 60)
        assert first.keeper is not None
        first.keeper.settle()  # the end is told to nobody: nothing waited for its write
        assert _status(store_url, made["table"]) == FINISHED
        _stopped(first)
        second = _lobby(store_url)
        assert second.resume() == []
        async with serving(second) as url:
            ws = await said_hello(url)
            listed = await ask(ws, {"type": "list"})
            await ws.close()
        assert listed["tables"] == [{"table": made["table"], "game": "rats", "seats": 2, "open": [],
                                     "away": [], "over": True}]
        _stopped(second)
    asyncio.run(run())


def test_a_seat_is_taken_back_by_its_token_whose_hash_alone_was_kept(store_url: str, tmp_path: Path) -> None:
    async def run() -> None:
        first = _lobby(store_url)
        async with serving(first) as url:
            made = await _create(url)
            token = await _sat_and_left(url, made)
        assert _status(store_url, made["table"]) == PLAYING
        _stopped(first)
        if not store_url.startswith("postgresql"):
            assert token.encode() not in Path(store_url).read_bytes()
            assert token.encode() not in (Path(store_url + "-wal").read_bytes()
                                          if Path(store_url + "-wal").exists() else b"")
        second = _lobby(store_url)
        [table] = second.resume()
        assert (table.id, table.code, sorted(table.away())) == (made["table"], made["code"], [0])
        async with serving(second) as url:
            ws = await said_hello(url)
            # One character changed (a token ending in "x" would stay itself with an "x" put there).
            other = token[:-1] + ("y" if token.endswith("x") else "x")
            wrong = await ask(ws, {"type": "rejoin", "table": made["table"], "token": other, "seen": 0})
            assert wrong.get("msg") == p.BAD_TOKEN, wrong
            back = await ask(ws, {"type": "rejoin", "table": made["table"], "token": token, "seen": 0})
            assert (back["type"], back["seat"], back["token"]) == ("joined", 0, token)
            assert back["names"][0] == "Ada"
            await ws.close()
        _stopped(second)
    asyncio.run(run())


def test_the_maker_changes_the_code_after_a_restart_and_the_new_code_is_kept(store_url: str) -> None:
    async def run() -> None:
        first = _lobby(store_url)
        async with serving(first) as url:
            made = await _create(url)
        _stopped(first)
        second = _lobby(store_url)
        second.resume()
        async with serving(second) as url:
            ws = await said_hello(url)
            refused = await ask(ws, {"type": "recode", "table": made["table"], "owner": "not-the-key"})
            assert refused["msg"] == p.NOT_OWNER
            code = await ask(ws, {"type": "recode", "table": made["table"], "owner": made["owner"]})
            await ws.close()
        _stopped(second)
        third = _lobby(store_url)
        [table] = third.resume()
        assert table.code == code["code"] != made["code"]
        _stopped(third)
    asyncio.run(run())


def test_an_action_is_in_the_store_before_its_sender_hears_it_was_taken(store_url: str) -> None:
    async def run() -> None:
        lobby = _lobby(store_url)
        async with serving(lobby) as url:
            made = await _create(url, ["remote", "remote"])
            assert _status(store_url, made["table"]) == OPEN
            other = await joined_seat(url, made, 1, "Bob")
            seat = await joined_seat(url, made, 0, "Ada")
            table = lobby.tables[made["table"]]
            mover = await _asked_now(table, seat, other)
            await mover.act(mover.legal[0])
            while True:
                message = await asyncio.wait_for(mover.receive(), 30)
                if message["type"] == "update" and message.get("ack") == 1:
                    break
            reader = open_store(store_url, "reader")
            record = reader.read(made["table"])
            reader.close()
            assert record is not None and len(expand_log(record.log)) == len(table.session.log) >= 1
            assert any(entry.seat == mover.seat for entry in table.session.log)
            await seat.close()
            await other.close()
        _stopped(lobby)
    asyncio.run(run())



def test_a_seat_back_after_its_game_ended_and_the_server_restarted_is_told_the_game_is_over(
        store_url: str) -> None:
    async def run() -> None:
        first = _lobby(store_url)
        async with serving(first) as url:
            made = await _create(url)
            token = await _sat_and_left(url, made)
            table = first.tables[made["table"]]
            table.hand_to_bot(0)  # the game goes on without its player, to its end
            await asyncio.wait_for(table.finished.wait(), 60)
        assert first.keeper is not None
        first.keeper.settle()
        _stopped(first)
        second = _lobby(store_url)
        assert second.resume() == []
        async with serving(second) as url:
            back = RemoteSeat(url)
            await back.open()
            try:
                await back.rejoin(made["table"], token)
            except HostRefused as refused:
                assert str(refused) == f"The game at table {made['table']} is over"
            assert back.over and back.errors[-1]["msg"] == p.TABLE_OVER
            await back.close()
        _stopped(second)
    asyncio.run(run())


def test_an_answer_kept_for_its_turn_is_in_the_store_before_it_is_acknowledged_and_kept_on_restart(
        store_url: str) -> None:
    """At a sealed decision both seats share, seat 1's answer waits for seat 0's (answers are played
    in seat order): it is acknowledged with no log entry yet, so it is written apart, and a server
    killed then restarted still has it: only seat 0 is asked, and its answer plays both."""
    async def run() -> None:
        first = _lobby(store_url)
        async with serving(first) as url:
            made = await created(url, "pie-rats", ["remote", "remote"])
            table = first.tables[made["table"]]
            ada = await joined_seat(url, made, 0, "Ada")
            bob = await joined_seat(url, made, 1, "Bob")
            while True:
                mover = await _asked_now(table, ada, bob)
                top = table.driver.rules.current_decision(table.driver.state)
                # Both asked: a seat whose answer is in already (a forced one, taken as the round
                # opened) is not asked, though the decision is its too; its `legal` can only be stale.
                if top.sealed and len(top.seats) == 2 and not top.answers and len(table.driver.to_act()) == 2:
                    await _asked_now(table, bob if mover is ada else ada)  # both asked this ask now
                    break
                await mover.act(mover.legal[0])
            logged = len(table.session.log)
            await bob.act(bob.legal[0])
            sent = bob._seq  # noqa: SLF001 - the number its acknowledgement carries
            while True:
                message = await asyncio.wait_for(bob.receive(), 30)
                if message["type"] == "update" and message.get("ack") == sent:
                    break
            assert len(table.session.log) == logged and table.driver.to_act() == [0]
            answer = table.driver.kept()
            reader = open_store(store_url, "reader")
            record = reader.read(made["table"])
            reader.close()
            assert answer is not None and record is not None
            assert record.kept == (answer[0], [[seat, action] for seat, action in answer[1]])
            await ada.close()
            await bob.close()
        _stopped(first)  # killed: nothing flushed at the end, nothing released
        second = _lobby(store_url)
        (back,) = second.resume()
        assert back.driver.kept() == answer and back.driver.to_act() == [0]
        seat_0 = back.driver.legal(0)[0]
        assert back.driver.submit(0, seat_0).ok
        assert [entry.seat for entry in back.session.log[logged:logged + 2]] == [0, 1]
        assert second.keeper is not None
        second.keeper.abandon()
    asyncio.run(run())


def test_a_table_being_made_never_holds_up_the_loop_while_the_store_hangs(store_url: str) -> None:
    """A client's new table waits for its write away from the event loop: while the store hangs,
    the same lobby still answers another client's listing; the table is made once the store
    answers, with the id the store gave."""
    import threading

    async def run() -> None:
        lobby = _lobby(store_url)
        assert lobby.keeper is not None
        async with serving(lobby) as url:
            maker, lister = await said_hello(url), await said_hello(url)
            hang = threading.Event()
            lobby.keeper.writer.write(lambda _store: hang.wait(30))  # the writer thread stuck
            await maker.send(p.encode({"type": "create", "game": "rats", "seats": ["remote", "bot:normal"]}))
            listed = await ask(lister, {"type": "list"})
            assert listed["type"] == "tables" and lobby.tables == {}  # answered; the table still waits
            hang.set()
            made = json.loads(await asyncio.wait_for(maker.recv(), 30))
            assert made["type"] == "created" and made["table"] in lobby.tables
            await maker.close()
            await lister.close()
        _stopped(lobby)
    asyncio.run(run())
