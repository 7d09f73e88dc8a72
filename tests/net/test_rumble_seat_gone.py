"""A Rumble window whose host came back without its seat (a server restarted with no store: the
same table id, another game) is told so at the first try, instead of sending its dead token
again and again until it gives up."""

from __future__ import annotations

from typing import Any

from pie_table.games.rumble_pie.table.remote_sim import SEAT_GONE, RemoteTableSim
from pie_table.net.link_source import join_seat
from tests.net.threaded import ThreadedServers, until


def _rumble(lobby: Any) -> Any:
    return lobby.create("rumble-pie", ["remote", "bot:normal"], 1, {"target": 40})


def test_a_host_that_no_longer_holds_the_seat_ends_the_table_at_the_first_try() -> None:
    servers = ThreadedServers()
    made = servers.serve(_rumble)
    sim = RemoteTableSim(join_seat(servers.url, made.id, code=made.code, seat=0, name="Ada", realtime=True))
    servers.stop()
    servers.serve(_rumble)  # the same table id, another game: the old token takes no seat there
    until(lambda: bool(sim.ended))
    assert sim.ended == SEAT_GONE
    sim.close()
    servers.stop()
