"""`join --seat N` takes the seat the host's room calls "Seat N" (counted from 1, as the window
does; the protocol and the printed JSON count from 0), over a real socket on 127.0.0.1."""

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


def test_join_seat_2_is_the_rooms_seat_2(hosted: HostedTable, capsys: pytest.CaptureFixture[str]) -> None:
    link = join_link(hosted.address, hosted.host.id, hosted.code)
    assert main(["join", link, "--seat", "2", "--bot-seed", "1"]) == 0
    played = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (played["seat"], played["over"]) == (1, True)
    assert set(hosted.host.holders) == {1}


def test_a_seat_not_open_is_named_as_the_room_names_it(hosted: HostedTable,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    link = join_link(hosted.address, hosted.host.id, hosted.code)
    assert main(["join", link, "--seat", "1"]) == 2
    assert capsys.readouterr().err.strip() == "error: Seat 1 is not open to remote players"
    assert main(["join", link, "--seat", "0"]) == 2
    assert capsys.readouterr().err.strip() == (
        "error: --seat counts from 1, as the host's room does (Seat 1 is the first), not 0")
    assert hosted.host.holders == {}
