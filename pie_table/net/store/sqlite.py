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

    def __init__(self, path: str | Path, owner: str) -> None:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        # Autocommit (isolation_level None): each statement is its own committed transaction.
        db = sqlite3.connect(target, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA busy_timeout=5000")  # another process's write: wait for it, do not fail
        for statement in _SCHEMA:
            db.execute(statement)
        super().__init__(db, owner, "?")
