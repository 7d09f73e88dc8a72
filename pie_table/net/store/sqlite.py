"""The default store: one SQLite file (Python's own `sqlite3`) in write-ahead-log mode.

WAL with `synchronous=NORMAL`: a committed write survives the process being killed (it is in the
log file the moment the call returns); only a power cut may take the last few. Several processes
on one machine may share the file; each writes only the tables it owns.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pie_table.net.store.sql import SqlStore, schema

# AUTOINCREMENT: an id once given is never given again, even after its table row is gone.
_SCHEMA = schema("INTEGER PRIMARY KEY AUTOINCREMENT", "REAL", "INTEGER")


class SqliteStore(SqlStore):
    """Tables kept in the SQLite file at `path` (made, with its folder, if missing)."""

    # A full disk, a file that cannot be written, a lock held too long: tried again later.
    failures = (sqlite3.OperationalError,)
    # The write lock at once: a batch that began as a reader could not become a writer while
    # another process writes (busy at once, whatever the busy timeout).
    _begin = "BEGIN IMMEDIATE"

    def __init__(self, path: str | Path, owner: str) -> None:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        super().__init__(lambda: _connect(target), owner, "?")


def _connect(target: Path) -> sqlite3.Connection:
    # Autocommit (isolation_level None): each statement is its own committed transaction, unless
    # inside a batch. Not tied to this thread: a store's writer thread uses it from then on.
    db = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA busy_timeout=5000")  # another process's write: wait for it, do not fail
    for statement in _SCHEMA:
        db.execute(statement)
    return db
