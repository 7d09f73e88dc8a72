"""The store is written on a thread of its own: while a write waits for the database (here another
connection holds the lock the write needs), the server goes on answering everyone else, and the
move's sender hears it was taken only once its write is committed. Over SQLite and a real
PostgreSQL server, through real sockets. What was queued while a commit ran goes in one
transaction (group commit)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from typing import Any

from pie_table.core.saves import expand_log
from pie_table.net.client import RemoteSeat
from pie_table.net.keeping import Keeper
from pie_table.net.limits import Limits
from pie_table.net.server import Lobby
from pie_table.net.store import open_store
from pie_table.net.store.base import TableStore
from pie_table.net.store.writer import StoreWriter
from tests.net.netplay import ask, created, joined_seat, said_hello, serving


def _locked(store_url: str) -> Callable[[], None]:
    """Another connection takes the lock the store's log writes need; the call that lets it go."""
    if store_url.startswith("postgresql"):
        import psycopg

        pg = psycopg.connect(store_url, autocommit=True)
        pg.execute("BEGIN")
        pg.execute("LOCK TABLE pie_log IN EXCLUSIVE MODE")
        return lambda: (pg.execute("ROLLBACK"), pg.close()) and None
    db = sqlite3.connect(store_url, isolation_level=None)
    db.execute("BEGIN IMMEDIATE")  # the write lock: the server's writes wait for it (busy timeout)
    return lambda: (db.execute("ROLLBACK"), db.close()) and None


async def _asked(seat: RemoteSeat) -> None:
    while seat.legal is None:
        await asyncio.wait_for(seat.receive(), 30)


def test_a_write_waiting_for_the_store_holds_its_ack_and_nothing_else(store_url: str) -> None:
    async def run() -> None:
        keeper = Keeper(open_store(store_url, "test:1"))
        lobby = Lobby(Limits(open_tables_per_address=10, sweep_s=3600.0), keeper=keeper)
        async with serving(lobby) as url:
            ws = await said_hello(url)  # kept open: another connection the loop must answer meanwhile
            made = await created(url, "pie-rats", ["remote", "remote"])
            mover = await joined_seat(url, made, 0, "Ada")
            other = await joined_seat(url, made, 1, "Bob")
            first = mover
            await asyncio.wait_for(asyncio.wait([asyncio.ensure_future(_asked(s)) for s in (mover, other)],
                                                return_when=asyncio.FIRST_COMPLETED), 30)
            first = mover if mover.legal is not None else other
            table = lobby.tables[made["table"]]
            keeper.settle()  # everything of the join is in the store: only the move's write waits
            release = _locked(store_url)
            order: list[str] = []

            async def acked() -> None:
                while True:
                    message = await first.receive()
                    if message["type"] == "update" and "ack" in message:
                        order.append("ack")
                        return

            logged = len(table.session.log)
            await first.act(first.legal[0])  # type: ignore[index]
            reader = asyncio.ensure_future(acked())
            while len(table.session.log) == logged:  # applied in memory: its write is queued
                await asyncio.sleep(0.01)
            # The loop is free while the write waits: another connection is answered.
            listed = await asyncio.wait_for(ask(ws, {"type": "list"}), 30)
            assert listed["type"] == "tables"
            order.append("released")
            release()
            await asyncio.wait_for(reader, 30)
            assert order == ["released", "ack"]
            reading = open_store(store_url, "reader")
            record = reading.read(made["table"])
            reading.close()
            assert record is not None and len(expand_log(record.log)) >= logged + 1
            await ws.close()
            await mover.close()
            await other.close()
        keeper.stop()
    asyncio.run(run())


class _Counted(TableStore):
    """A store in memory that counts its transactions and log statements (what group commit saves)."""

    def __init__(self) -> None:
        self.owner = "counted"
        self.rows: list[int] = []
        self.transactions = 0
        self.statements = 0  # log writes made (each of any number of rows)
        self.gate = asyncio.Event()

    def batch(self) -> Any:
        from contextlib import contextmanager

        @contextmanager
        def one() -> Any:
            yield
            self.transactions += 1
        return one()

    def append_all(self, appends: list[Any]) -> set[tuple[str, int]]:
        self.rows.extend(start for _table, start, _rows in appends)
        self.statements += 1
        return set()

    def reconnect(self) -> None: ...
    def add(self, table: Any) -> str: return "1"
    def seat(self, table_id: str, seat: int, record: Any) -> None: ...
    def keep(self, table_id: str, kept: Any) -> None: ...
    def set_code(self, table_id: str, code: str) -> None: ...
    def set_status(self, table_id: str, status: str) -> None: ...
    def claim(self, adopt: bool = False) -> list[Any]: return []
    def read(self, table_id: str) -> Any: return None
    def finished(self, limit: int) -> list[Any]: return []
    def over_ids(self) -> set[str]: return set()
    def adopt(self) -> list[Any]: return []
    def announce(self, url: str) -> None: ...
    def others(self) -> list[Any]: return []
    def renew(self) -> None: ...
    def release(self) -> None: ...
    def close(self) -> None: ...


def test_what_queued_while_a_commit_ran_goes_in_one_transaction() -> None:
    import threading

    store = _Counted()
    writer = StoreWriter(store)
    busy, go = threading.Event(), threading.Event()

    def slow(_store: TableStore) -> None:
        busy.set()
        go.wait(30)
    first = writer.write(slow)
    assert busy.wait(30)  # the writer is inside its first commit
    later = [writer.append("1", i, []) for i in range(50)]
    go.set()
    first.result(30)
    for done in later:
        done.result(30)
    assert store.rows == list(range(50))  # in the order they were queued
    # The slow write's transaction, then the fifty log writes in one statement, its own commit.
    assert (store.transactions, store.statements, writer.batches, writer.written) == (1, 1, 2, 51)
    writer.close()
