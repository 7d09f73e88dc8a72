"""The Rumble table as a remote seat's window (`remote=`): it opens without a driver of its own."""

from __future__ import annotations

from typing import Any

from pie_table.core.driver import driver_for
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.table.seat_sim import SeatTableSim
from pie_table.games.rumble_pie.table.sim import TableSim, TickResult
from pie_table.games.rumble_pie.ui import RumbleTableScene
from pie_table.kit.app import App


class _Remote(SeatTableSim):
    """A seat's frames as a `RemoteTableSim` gives them the table, from a game run here instead of
    at a host (no session: the host keeps the game), with a link to close."""

    def __init__(self, local: TableSim) -> None:
        super().__init__("rumble-pie", 0)
        self.local = local
        self.closed = False

    @property
    def view(self) -> dict[str, Any]:
        return self.local.view_for(0)

    def advance(self, dt: float) -> list[TickResult]:
        return self.local.advance(dt)

    def close(self) -> None:
        self.closed = True


def test_a_remote_table_opens_without_a_driver_and_closes_its_link_on_leaving():
    setup = GameSetup("rumble-pie", parse_seats("human:keys1,bot:normal"), seed=3)
    remote = _Remote(TableSim(setup, driver_for(Session(setup))))
    app = App(size=(1280, 720), headless=True)
    scene = RumbleTableScene(app, setup, None, remote=remote)  # a None driver was read here
    assert scene.remote and scene.sim is remote and not remote.closed
    scene.exit()
    assert remote.closed
