"""`serve` as its operator runs it: over `wss://` with a certificate and its key, a seat played
with `join --cafile` through the encrypted link, and a table's code changed by a line typed in.
The server is a process of its own on 127.0.0.1, stopped at the end of each test."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from pie_table.cli.main import main
from pie_table.net.client import HostRefused, RemoteSeat
from pie_table.net.tls import client_context
from tests.net.processes import ROOT, Serving

_DATA = ROOT / "tests" / "net" / "data"  # a self-signed certificate for 127.0.0.1, for tests only
_CERT, _KEY = str(_DATA / "test-cert.pem"), str(_DATA / "test-key.pem")


@pytest.fixture
def served() -> Iterator[Serving]:
    serving = Serving("--table", "rats:remote,bot:normal", "--certfile", _CERT, "--keyfile", _KEY)
    yield serving
    serving.stop()


async def _join(url: str, table: str, code: str, **kwargs: Any) -> dict[str, Any]:
    seat = RemoteSeat(url, **kwargs)
    await seat.open()
    try:
        return await seat.join(table, code, 0, "Ann")
    finally:
        await seat.close()


def test_serve_over_wss_prints_wss_links_and_a_seat_is_played_through_them(served: Serving, capsys) -> None:
    (table,) = served.tables
    assert served.url.startswith("wss://127.0.0.1:") and table["url"].startswith("wss://127.0.0.1:")
    assert main(["join", table["url"], "--seat", "1", "--cafile", _CERT]) == 0
    played = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (played["game"], played["over"]) == ("rats", True)


def test_a_wss_host_is_not_reached_unchecked_nor_in_plain_text(served: Serving) -> None:
    (table,) = served.tables
    with pytest.raises(OSError):  # the system's authorities do not know a self-signed certificate
        asyncio.run(_join(served.url, table["table"], table["code"]))
    with pytest.raises(Exception):  # noqa: B017, PT011 - the handshake fails, however the library says it
        asyncio.run(_join(served.url.replace("wss://", "ws://"), table["table"], table["code"]))


def test_a_line_typed_in_gives_a_table_a_new_code(served: Serving) -> None:
    (table,) = served.tables
    recoded = served.command(f"code {table['table']}")
    assert recoded["table"] == table["table"] and recoded["code"] != table["code"]
    assert recoded["url"].endswith(f"?code={recoded['code']}")
    assert "error" in served.command("code 99")
    tls = client_context(_CERT)
    with pytest.raises(HostRefused, match="join code is wrong"):
        asyncio.run(_join(served.url, table["table"], table["code"], tls=tls))
    assert asyncio.run(_join(served.url, table["table"], recoded["code"], tls=tls))["seat"] == 0


def test_serve_refuses_a_certificate_without_its_key_and_a_table_cap_of_none(capsys) -> None:
    assert main(["serve", "--certfile", _CERT]) == 2
    assert "--certfile and --keyfile go together" in capsys.readouterr().err
    assert main(["serve", "--certfile", _CERT, "--keyfile", _CERT]) == 2
    assert "cannot use" in capsys.readouterr().err
    assert main(["serve", "--max-tables", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err
    assert main(["serve", "--watch-delay", "500"]) == 2
    assert "--watch-delay takes seconds from 0 to 120, not 500" in capsys.readouterr().err
