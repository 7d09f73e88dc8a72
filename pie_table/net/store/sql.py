"""The one SQL behind both stores: SQLite and PostgreSQL speak the same statements here, apart from
their placeholders and a few column types (each store names its own, and makes its connection).

Every statement runs in autocommit, so a call returns once its write is committed, unless it runs
inside `batch`: one transaction for all that a writer thread found queued (group commit: one
flush to disk for many moves). A log write names
the owner it expects, so a process that lost a table (another took it after its lease ran out)
writes nothing and is told (`StoreLost`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from pie_table.net.store.base import (
    CLOSED,
    FINISHED,
    LEASE_S,
    OPEN,
    Append,
    NewTable,
    SeatRecord,
    TableRecord,
    TableStore,
)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS pie_tables (
    id {id}, game TEXT NOT NULL, rules_version INTEGER NOT NULL,
    setup TEXT NOT NULL, remote TEXT NOT NULL, code TEXT NOT NULL, owner_hash TEXT NOT NULL, made_by TEXT,
    status TEXT NOT NULL, owner TEXT, lease_until {real} NOT NULL, created {real} NOT NULL);
CREATE INDEX IF NOT EXISTS pie_tables_status ON pie_tables (status, owner);
CREATE TABLE IF NOT EXISTS pie_seats (
    table_id {ref} NOT NULL REFERENCES pie_tables (id), seat INTEGER NOT NULL,
    name TEXT NOT NULL, token_hash TEXT NOT NULL, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS pie_hosts (owner TEXT NOT NULL PRIMARY KEY, url TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pie_log (
    table_id {ref} NOT NULL REFERENCES pie_tables (id), start {ref} NOT NULL,
    rows TEXT NOT NULL, PRIMARY KEY (table_id, start));
CREATE TABLE IF NOT EXISTS pie_kept (
    table_id {ref} NOT NULL PRIMARY KEY REFERENCES pie_tables (id), decision {ref} NOT NULL,
    rows TEXT NOT NULL);
"""


def schema(id_column: str, real: str, ref: str) -> list[str]:
    """The statements that make the store's tables, in a database's own words for a table id that
    is never given twice (`id_column`), a float (`real`) and a 64-bit whole number (`ref`)."""
    text = _SCHEMA.format(id=id_column, real=real, ref=ref)
    return [statement.strip() for statement in text.split(";") if statement.strip()]


# Log writes in one statement at most (SQLite takes 32,766 parameters); a commit of more is
# written in one transaction.
_APPENDS_AT_ONCE = 2000
_TABLE_COLUMNS = "id, game, rules_version, setup, remote, code, owner_hash, made_by, status"


class SqlStore(TableStore):
    """A `TableStore` on a DB-API connection in autocommit, made by `connect`; `mark` is the
    driver's placeholder."""

    def __init__(self, connect: Callable[[], Any], owner: str, mark: str) -> None:
        self._connect = connect
        self._batched = False  # a transaction of `batch` is open
        self._db = connect()
        self.owner = owner
        self._mark = mark

    _begin = "BEGIN"  # how a batch's transaction starts, in the database's words

    @contextmanager
    def batch(self) -> Iterator[None]:
        if self._batched:  # inside a batch already: part of its transaction
            yield
            return
        self._run(self._begin)
        self._batched = True
        try:
            yield
        except BaseException:
            self._rollback()
            raise
        finally:
            self._batched = False
        self._run("COMMIT")

    def _rollback(self) -> None:
        try:
            self._run("ROLLBACK")
        except self.failures:
            pass  # the connection is gone: nothing was committed, and `reconnect` opens another

    def reconnect(self) -> None:
        try:
            self._db.close()
        except self.failures:
            pass
        self._db = self._connect()

    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        cursor = self._db.cursor()
        cursor.execute(sql.replace("?", self._mark), params)
        return cursor

    def add(self, table: NewTable) -> str:
        cursor = self._run(
            "INSERT INTO pie_tables (game, rules_version, setup, remote, code, owner_hash, made_by, status,"
            " owner, lease_until, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (table.game, table.rules_version, json.dumps(table.setup), json.dumps(table.remote), table.code,
             table.owner_hash, table.made_by, OPEN, self.owner, time.time() + LEASE_S, time.time()))
        return str(cursor.fetchone()[0])

    def seat(self, table_id: str, seat: int, record: SeatRecord) -> None:
        self._run("INSERT INTO pie_seats (table_id, seat, name, token_hash) VALUES (?, ?, ?, ?)"
                  " ON CONFLICT (table_id, seat) DO UPDATE SET name = excluded.name,"
                  " token_hash = excluded.token_hash", (int(table_id), seat, record.name, record.token_hash))

    def append_all(self, appends: list[Append]) -> set[tuple[str, int]]:
        if len(appends) > _APPENDS_AT_ONCE:
            with self.batch():
                return self._append_all(appends)
        return self._append_all(appends)

    def _append_all(self, appends: list[Append]) -> set[tuple[str, int]]:
        written: set[tuple[str, int]] = set()
        for at in range(0, len(appends), _APPENDS_AT_ONCE):
            chunk = appends[at:at + _APPENDS_AT_ONCE]
            values = ", ".join(["(CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT))"] * len(chunk))
            params = [value for table_id, start, rows in chunk
                      for value in (int(table_id), start, json.dumps(rows, separators=(",", ":")))]
            # One statement for every table's rows (one round trip, one wait of the writer thread
            # for the interpreter): each written only if this process still owns its table.
            cursor = self._run(
                f"WITH v (t, s, r) AS (VALUES {values}) INSERT INTO pie_log (table_id, start, rows)"
                " SELECT v.t, v.s, v.r FROM v"
                " WHERE EXISTS (SELECT 1 FROM pie_tables WHERE id = v.t AND owner = ?)"
                " RETURNING table_id, start", (*params, self.owner))
            written |= {(str(table_id), start) for table_id, start in cursor.fetchall()}
        return {(table_id, start) for table_id, start, _rows in appends} - written

    def keep(self, table_id: str, kept: tuple[int, list[list[Any]]] | None) -> None:
        if kept is None:
            self._run("DELETE FROM pie_kept WHERE table_id = ?", (int(table_id),))
            return
        decision, rows = kept
        self._run("INSERT INTO pie_kept (table_id, decision, rows)"
                  " SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT)"
                  " WHERE EXISTS (SELECT 1 FROM pie_tables WHERE id = ? AND owner = ?)"
                  " ON CONFLICT (table_id) DO UPDATE SET decision = excluded.decision, rows = excluded.rows",
                  (int(table_id), decision, json.dumps(rows, separators=(",", ":")), int(table_id),
                   self.owner))

    def set_code(self, table_id: str, code: str) -> None:
        self._run("UPDATE pie_tables SET code = ? WHERE id = ?", (code, int(table_id)))

    def set_status(self, table_id: str, status: str) -> None:
        self._run("UPDATE pie_tables SET status = ? WHERE id = ?", (status, int(table_id)))

    def claim(self, adopt: bool = False) -> list[TableRecord]:
        now = time.time()
        # Not adopting, an expired lease is never past: no table of another owner is taken.
        expired = now if adopt else float("-inf")
        self._run("UPDATE pie_tables SET owner = ?, lease_until = ? WHERE status NOT IN (?, ?)"
                  " AND (owner = ? OR owner IS NULL OR lease_until < ?)",
                  (self.owner, now + LEASE_S, FINISHED, CLOSED, self.owner, expired))
        return self._whole(self._records("WHERE owner = ? AND status NOT IN (?, ?) ORDER BY id",
                                         (self.owner, FINISHED, CLOSED)))

    def adopt(self) -> list[TableRecord]:
        now = time.time()
        # Marked first (one statement: two processes never take the same table), then read.
        token = f"{self.owner}\n{now}"
        self._run("UPDATE pie_tables SET owner = ?, lease_until = ? WHERE status NOT IN (?, ?)"
                  " AND owner <> ? AND lease_until < ?",
                  (token, now + LEASE_S, FINISHED, CLOSED, self.owner, now))
        taken = self._whole(self._records("WHERE owner = ? ORDER BY id", (token,)))
        self._run("UPDATE pie_tables SET owner = ? WHERE owner = ?", (self.owner, token))
        return taken

    def announce(self, url: str) -> None:
        self._run("INSERT INTO pie_hosts (owner, url) VALUES (?, ?)"
                  " ON CONFLICT (owner) DO UPDATE SET url = excluded.url", (self.owner, url))

    def others(self) -> list[tuple[TableRecord, str | None]]:
        rows = self._run(
            f"SELECT {', '.join('t.' + c for c in _TABLE_COLUMNS.split(', '))}, h.url FROM pie_tables t"
            " LEFT JOIN pie_hosts h ON h.owner = t.owner WHERE t.status NOT IN (?, ?) AND t.owner <> ?"
            " AND t.lease_until >= ? ORDER BY t.id", (FINISHED, CLOSED, self.owner, time.time())).fetchall()
        records = [_record(row[:-1]) for row in rows]
        self._seats(records)
        return list(zip(records, [row[-1] for row in rows], strict=True))

    def read(self, table_id: str) -> TableRecord | None:
        found = self._whole(self._records("WHERE id = ?", (int(table_id),)))
        return found[0] if found else None

    def _seats(self, records: list[TableRecord]) -> dict[int, TableRecord]:
        """`records` with their seats read in, by id."""
        by_id = {int(r.id): r for r in records}
        if by_id:
            ids = tuple(by_id)
            marks = ", ".join("?" * len(ids))
            for table_id, seat, name, hashed in self._run(
                    f"SELECT table_id, seat, name, token_hash FROM pie_seats WHERE table_id IN ({marks})",
                    ids).fetchall():
                by_id[table_id].seats[seat] = SeatRecord(name, hashed)
        return by_id

    def _whole(self, records: list[TableRecord]) -> list[TableRecord]:
        """`records` with their seats and logs read in."""
        by_id = self._seats(records)
        if by_id:
            ids = tuple(by_id)
            marks = ", ".join("?" * len(ids))
            for table_id, text in self._run(f"SELECT table_id, rows FROM pie_log WHERE table_id IN ({marks})"
                                            " ORDER BY table_id, start", ids).fetchall():
                by_id[table_id].log.extend(json.loads(text))
            kept = self._run(f"SELECT table_id, decision, rows FROM pie_kept WHERE table_id IN ({marks})",
                             ids)
            for table_id, decision, text in kept.fetchall():
                by_id[table_id].kept = (int(decision), json.loads(text))
        return records

    def finished(self, limit: int) -> list[TableRecord]:
        newest = self._records("WHERE status = ? ORDER BY id DESC LIMIT ?", (FINISHED, limit))
        return newest[::-1]

    def _records(self, where: str, params: tuple[Any, ...]) -> list[TableRecord]:
        rows = self._run(f"SELECT {_TABLE_COLUMNS} FROM pie_tables {where}", params).fetchall()
        return [_record(row) for row in rows]

    def over_ids(self) -> set[str]:
        return {str(row[0]) for row in self._run("SELECT id FROM pie_tables WHERE status = ?",
                                                 (FINISHED,)).fetchall()}

    def renew(self) -> None:
        self._run("UPDATE pie_tables SET lease_until = ? WHERE owner = ? AND status NOT IN (?, ?)",
                  (time.time() + LEASE_S, self.owner, FINISHED, CLOSED))

    def release(self) -> None:
        self._run("UPDATE pie_tables SET lease_until = 0 WHERE owner = ?", (self.owner,))

    def close(self) -> None:
        self._db.close()


def _record(row: tuple[Any, ...]) -> TableRecord:
    """A table's row (`_TABLE_COLUMNS`) as a record, without its seats and log."""
    table_id, game, version, setup, remote, code, owner_hash, made_by, status = row
    return TableRecord(str(table_id), NewTable(game, version, json.loads(setup), json.loads(remote), code,
                                               owner_hash, made_by), status)
