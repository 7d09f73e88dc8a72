"""Fixtures of the network tests: a PostgreSQL server for the store, started once per worker."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.net.postgres_server import fresh_database, postgres_server


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server's URL (its `postgres` database)."""
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: object) -> str:
    """Each store once: a fresh SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path) + "/serve.sqlite3"
    return fresh_database(request.getfixturevalue("postgres_url"))
