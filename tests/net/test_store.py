"""The table store, the same tests over SQLite and a real PostgreSQL server: what is written comes
back whole, ids are never given twice, tokens are kept only as hashes, and a table is written by
the one process that owns it."""

from __future__ import annotations

import sqlite3

import pytest

from pie_table.net.store import open_store
from pie_table.net.store.base import FINISHED, PLAYING, NewTable, SeatRecord, StoreLost, token_hash


def _table(code: str = "KXAPRD") -> NewTable:
    setup = {"game_id": "rats", "seats": ["human", "bot:normal"], "options": {}, "seed": 5}
    return NewTable("rats", 1, setup, [0], code, token_hash("owner-key"), "10.0.0.7")


def test_a_table_its_seats_and_its_log_come_back_whole(store_url: str) -> None:
    store = open_store(store_url, "one:1")
    table_id = store.add(_table())
    store.seat(table_id, 0, SeatRecord("Ada", token_hash("secret")))
    store.append(table_id, 0, [[None, {"type": "start"}]])
    store.append(table_id, 1, [[0, {"type": "roll", "seat": 0}], [None, {"type": "tick"}, 3]])
    store.set_code(table_id, "NEWCDE")
    store.set_status(table_id, PLAYING)
    store.close()
    again = open_store(store_url, "one:1")
    [record] = again.claim()
    assert (record.id, record.status, record.table.code) == (table_id, PLAYING, "NEWCDE")
    assert record.table.remote == [0]
    assert record.table.setup["seed"] == 5 and record.table.made_by == "10.0.0.7"
    assert record.seats == {0: SeatRecord("Ada", token_hash("secret"))}
    assert record.log == [[None, {"type": "start"}], [0, {"type": "roll", "seat": 0}],
                          [None, {"type": "tick"}, 3]]
    again.close()


def test_ids_are_never_given_twice_and_finished_tables_are_not_resumed(store_url: str) -> None:
    store = open_store(store_url, "one:1")
    first, second = store.add(_table()), store.add(_table())
    store.set_status(first, FINISHED)
    assert int(second) > int(first)
    assert [r.id for r in store.claim()] == [second]
    assert [r.id for r in store.finished(10)] == [first]
    third = store.add(_table())
    assert int(third) > int(second)
    store.close()


def test_a_table_owned_by_a_live_process_is_not_taken_and_not_written(store_url: str) -> None:
    mine = open_store(store_url, "one:1")
    table_id = mine.add(_table())
    other = open_store(store_url, "two:2")
    assert other.claim(adopt=True) == []  # its owner's lease runs
    assert other.claim() == []
    with pytest.raises(StoreLost):
        other.append(table_id, 0, [[None, {"type": "start"}]])
    mine.release()  # a clean stop: the table may be adopted at once
    assert other.claim() == []  # not by a process that adopts nothing
    assert [r.id for r in other.claim(adopt=True)] == [table_id]
    with pytest.raises(StoreLost):
        mine.append(table_id, 0, [[None, {"type": "start"}]])
    other.append(table_id, 0, [[None, {"type": "start"}]])
    mine.close()
    other.close()


def test_the_store_keeps_no_token() -> None:
    assert token_hash("secret") != "secret" and len(token_hash("secret")) == 64
    assert token_hash("secret") == token_hash("secret") != token_hash("secreT")


def test_the_sqlite_store_is_in_wal_mode(tmp_path: object) -> None:
    path = f"{tmp_path}/s.sqlite3"
    open_store(path, "one:1").close()
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
