"""The Rumble table at a remote player's window: `TableSim`'s face, drawn from what the host sends.

The host's driver (its `FixedStep`) is the game (pie_table/net/tick_clock.py). Here the seat is
the one remote driver every seat played elsewhere runs on, fed live by its link
(`net.link_source.LinkSource`, a `net.frame_source.FrameSource`): the table's frame loop presses
key actions (sent at once; pending in `queue` until the host answers, so the table shows the key
press at once) and `advance` takes the frames that came meanwhile, as `TickResult`s in the shape
the table scene already reads: the seat's events, its inputs applied (with the origin the scene
tagged them with) and refused (the host's reason, shown as a refusal at the couch is).

A lost connection is taken back with the seat's token by the link (the host sends the whole view
and the events missed, told quietly); a host that quits, or cannot be reached again, ends the table
with one line (`ended`). What the seat was sent is the player's own replay (`net/seat_replay.py`),
written by the table's autosave: at each round's end, at the game's end and when the table is left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.core.setup import GameSetup
from pie_table.games.rumble_pie.table.seat_sim import NoSave, SeatTableSim, result_of, seat_setup
from pie_table.games.rumble_pie.table.sim import TickResult
from pie_table.kit.i18n import N_
from pie_table.net import seat_link as link
from pie_table.net.frame_source import FrameSource
from pie_table.net.remote_driver import RemoteDriver

HOST_QUIT = N_("The host left the table: the game is saved on the host's machine.")
HOST_LOST = N_("The host could not be reached again.")
SEAT_GONE = N_("The host no longer holds this seat: join the table again with its code.")
# What the table says when its link ended by itself, by the link's word for why.
_ENDED = {link.HOST_QUIT: HOST_QUIT, link.GONE: HOST_LOST, link.REFUSED: SEAT_GONE}


class RemoteTableSim(SeatTableSim):
    """A remote seat's table: what its driver's source hears, in the interface the table scene drives."""

    live = True

    def __init__(self, driver: RemoteDriver[FrameSource]) -> None:
        """The seat (or a watcher's public table: `watch`) the driver's source has taken."""
        super().__init__(driver.source.game, driver.seat)
        self.driver = driver
        self.source = driver.source
        self.watch = driver.watching  # a watcher: the public table, nothing sent

    @property
    def ended(self) -> str:  # type: ignore[override]
        """Why the table ended by itself, the line to show ('' while on, or once the game is over)."""
        return _ENDED.get(self.source.ended, "")

    @property
    def reconnecting(self) -> bool:  # type: ignore[override]
        """True while the link is being made again."""
        return bool(self.source.reconnecting)

    @property
    def setup(self) -> GameSetup:
        """The table as this machine knows it: this seat on the left keys (and the mouse), every
        other seat played elsewhere or a bot at the host (no seed: nothing is dealt here)."""
        joined = self.source.joined
        said = list(joined.get("names") or [])  # the others are named as the host says later (`name_of`)
        names = [str(said[seat]) if seat == self.seat and seat < len(said) else ""
                 for seat in range(joined["seats"])]
        return seat_setup(joined["game"], self.seat, joined["seats"], joined.get("options"),
                          joined.get("teams"), list(joined.get("players") or []), names)

    def name_of(self, seat: int) -> str:
        """The name `seat`'s player goes by, as the host last said ('' if none): a player who took
        a seat after this one is named too (the host tells every seated client)."""
        names = self.driver.names
        return names[seat] if 0 <= seat < len(names) else ""

    @property
    def held_by_host(self) -> str:
        """Why the game stands still here: "start" (the host has not opened it yet), "pause", or
        "restarting" / "reconnecting" (the link is being made again); '' while it runs."""
        return self.driver.held_by_host

    @property
    def away(self) -> set[int]:
        """Other seats whose players have dropped (the host said so)."""
        return self.driver.away

    @property
    def view(self) -> Mapping[str, Any]:
        """The seat's view as last received (the same object until the next update: the table
        reads it again only when it changes)."""
        return self.driver.view(self.seat)

    @property
    def queue(self) -> list[tuple[int | None, dict[str, Any], Any]]:
        """This seat's key actions the host has not answered yet (drawn as pending)."""
        return [(self.seat, pressed.action, pressed.tag) for pressed in self.source.pending()]

    @property
    def delay_ms(self) -> float | None:
        """Round trip to the host, in milliseconds (shown on the table)."""
        return self.source.delay_ms

    def push(self, action: dict[str, Any], origin: Any = None) -> None:
        """Send a key action now; it is pending until the host's frame answers it."""
        if not self.watch:  # a watcher plays nothing
            self.source.press(action, origin)

    def start(self, origin: Any = None) -> None:
        """Ask the host to start the next round."""
        self.push({"type": "start"}, origin)

    def advance(self, _dt: float) -> list[TickResult]:
        """The frames that came since the last call, as the table's tick results."""
        frames = self.source.frames()
        self.driver.update(0.0)  # the driver's listeners and the seat's history hear them too
        return [result_of(frame) for frame in frames]

    def autosaver(self) -> Any:
        """The table's autosave: here it keeps this seat's own replay of what it was sent."""
        return SeatReplaySaver(self)

    def close(self) -> None:
        """Leave the table (the host shows the seat away; the token would take it back)."""
        self.driver.close()


class SeatReplaySaver(NoSave):
    """A remote seat's autosave: `save` keeps the seat's own replay (`path` once written), never
    the host's save trouble (the game itself is kept at the host)."""

    def __init__(self, sim: RemoteTableSim) -> None:
        self.sim = sim
        self.path = ""

    def save(self) -> None:
        path = self.sim.source.keep_replay(over=self.sim.phase == "game_over")
        self.path = str(path) if path is not None else self.path
