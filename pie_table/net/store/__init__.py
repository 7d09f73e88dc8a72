"""Where `serve` keeps its tables: a SQLite file by default, PostgreSQL for several hosts."""

from __future__ import annotations

from pathlib import Path

from pie_table.net.store.base import TableStore


def default_path() -> Path:
    """The SQLite store in the per-user data folder."""
    from pie_table.paths import data_dir

    return data_dir() / "serve.sqlite3"


def open_store(where: str | None, owner: str) -> TableStore:
    """The store `where` names: a postgresql:// URL, a SQLite file's path, or None (the default file)."""
    if where is not None and where.startswith(("postgresql://", "postgres://")):
        from pie_table.net.store.postgres import PostgresStore

        return PostgresStore(where, owner)
    from pie_table.net.store.sqlite import SqliteStore

    return SqliteStore(default_path() if where is None else where, owner)
