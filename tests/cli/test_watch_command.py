"""`watch LINK` watches a hosted table headless, in no seat: the public events as lines of text,
then one JSON line; a table that cannot be watched is one clear line."""

from __future__ import annotations

import json

import pytest

from pie_table.cli.main import main
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.net.hosting import HostedTable
from pie_table.net.join_link import join_link


@pytest.fixture
def hosted() -> HostedTable:
    table = HostedTable(GameSetup("pie-rats", parse_seats("bot:normal,bot:normal,bot:normal"), seed=3), {1})
    yield table
    table.quit()


def test_watch_prints_the_tables_events_then_one_json_line(hosted: HostedTable,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    link = f"{hosted.address}/{hosted.host.id}"  # a watcher needs no code
    assert main(["watch", link, "--seconds", "1.5"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert summary["game"] == "pie-rats" and summary["over"] is False
    assert summary["updates"] >= 1 and summary["events"] >= len(lines) - 1 >= 1
    assert "Round 1:" in lines[0] and not any(line.startswith("{") for line in lines[:-1])  # text
    assert hosted.host.holders == {}  # watching took no seat


def test_a_table_not_watched_says_so_in_one_line(hosted: HostedTable,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    hosted.let_watch(False)
    link = join_link(hosted.address, hosted.host.id, hosted.code)  # a join link does as well
    assert main(["watch", link, "--quiet"]) == 2
    assert capsys.readouterr().err.strip() == "error: Table 1 cannot be watched"
