"""A real PostgreSQL server for the store's tests: initdb in a temporary folder, started on a free
port of 127.0.0.1 and stopped at the end. Installed from Debian's packages where missing (as root);
run as an unprivileged user when the tests run as root (PostgreSQL refuses to run as root). Under
CI a server that cannot start fails the tests: they are never skipped there."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.net.processes import free_port

_USER = "nobody"  # who runs the server when the tests run as root


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _install() -> None:
    """Debian's server packages, when the tests may install them (root, apt-get at hand)."""
    if os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], check=False, env=env, capture_output=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "postgresql"], check=False, env=env,
                       capture_output=True)


def _unavailable(why: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL for the store's tests: {why}")
    pytest.skip(f"PostgreSQL: {why}")


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", _USER, "--", *command] if os.geteuid() == 0 else command


class PostgresServer:
    """A server of its own in a temporary folder, on a free port of 127.0.0.1; `stop` and `start`
    it again (a store's database restarted under it). `durable`: fsync on, as an operator runs it
    (else off: the tests' data is thrown away anyway)."""

    def __init__(self, durable: bool = False) -> None:
        try:
            import psycopg  # noqa: F401 - the driver the store uses must be installed too
        except ImportError:
            _unavailable("psycopg is not installed (pip install -e '.[test]')")
        bins = _bin_dir()
        if bins is None:
            _install()
            bins = _bin_dir()
        if bins is None:
            _unavailable("no initdb under /usr/lib/postgresql/*/bin, and it could not be installed")
        assert bins is not None
        self.root = Path(tempfile.mkdtemp(prefix="pie_pg_"))
        self.data = self.root / "data"
        if os.geteuid() == 0:
            shutil.chown(self.root, _USER)
            self.root.chmod(0o755)
        self.port = free_port()
        done = subprocess.run(_as_server_user([str(bins / "initdb"), "-D", str(self.data), "-U", "pie",
                                               "--auth=trust", "-E", "UTF8", "--no-sync"]),
                              capture_output=True, text=True)
        if done.returncode != 0:
            _unavailable(f"initdb failed: {done.stderr.strip()[-300:]}")
        durability = "" if durable else " -c fsync=off -c synchronous_commit=off"
        self._options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1{durability}"
        self._pg_ctl = str(bins / "pg_ctl")
        self.url = f"postgresql://pie@127.0.0.1:{self.port}/postgres"
        self.start()

    def start(self) -> None:
        """Start the server (again), waiting until it takes connections."""
        done = subprocess.run(_as_server_user([self._pg_ctl, "-D", str(self.data), "-o", self._options,
                                               "-l", str(self.root / "log"), "-w", "-t", "60", "start"]),
                              capture_output=True, text=True)
        if done.returncode != 0:
            log = (self.root / "log").read_text() if (self.root / "log").exists() else ""
            _unavailable(f"the server did not start: {done.stderr.strip()[-200:]} {log[-300:]}")

    def stop(self) -> None:
        """Stop the server at once (its clients' connections are cut)."""
        subprocess.run(_as_server_user([self._pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop"]),
                       capture_output=True)

    def remove(self) -> None:
        """Stop it and throw its folder away."""
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def postgres_server(durable: bool = False) -> Iterator[str]:
    """A running server; yields the URL of its `postgres` database (user `pie`, no password)."""
    server = PostgresServer(durable)
    try:
        yield server.url
    finally:
        server.remove()


def fresh_database(server_url: str) -> str:
    """A new empty database on the server; its URL."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_url, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return server_url.rsplit("/", 1)[0] + f"/{name}"
