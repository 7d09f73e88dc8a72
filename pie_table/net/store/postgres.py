"""The store for several hosts: PostgreSQL through psycopg 3 (the optional `postgres` extra).

The schema is made once by whichever process connects first (an advisory lock keeps two from
making it at once); an identity column gives table ids no two processes share, never reused.
"""

from __future__ import annotations

from typing import Any

from pie_table.net.store.sql import SqlStore, schema

_SCHEMA = schema("BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY", "DOUBLE PRECISION", "BIGINT")
_SCHEMA_LOCK = 0x70696574  # any number of our own: the advisory lock held while the schema is made


class StoreUnavailable(Exception):
    """The PostgreSQL store cannot be used (no driver installed, or no server at the address)."""


class PostgresStore(SqlStore):
    """Tables kept in the PostgreSQL database at `url` (postgresql://user@host:port/db)."""

    def __init__(self, url: str, owner: str) -> None:
        psycopg = _driver()
        # The server restarted, out of reach, a connection cut: tried again later.
        self.failures = (psycopg.OperationalError, psycopg.InterfaceError)
        try:
            db = _connect(psycopg, url)
        except psycopg.Error as exc:
            raise StoreUnavailable(f"cannot reach the store: {str(exc).strip()[:200]}") from None
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for statement in _SCHEMA:
                db.execute(statement)
        first = [db]  # the connection just made is the store's first; `reconnect` makes the next
        super().__init__(lambda: first.pop() if first else _connect(psycopg, url), owner, "%s")


def _driver() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreUnavailable("a postgresql:// store needs psycopg: pip install 'pie-table[postgres]'") \
            from None
    return psycopg


def _connect(psycopg: Any, url: str) -> Any:
    return psycopg.connect(url, autocommit=True, connect_timeout=5)
