"""A remote Rumble player's own replay, on the game's table: the updates the host sent that seat,
played again through the remote driver every seat replay runs on, fed from the file
(`net.recording.Recording`).

The viewer (`scenes/seat_replay.py`) steps it update by update, each after the game time that
passed before it (`wait_before_next`); the table scene reads it as it reads the host's updates
live, so the same events make the same sounds, flashes and card moves, and the seat's refused key
actions are shown as they were. Nothing is sent: every seat is watched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pie_table.core.engine import Event
from pie_table.core.setup import GameSetup
from pie_table.games.rumble_pie.rules import TICK_HZ
from pie_table.games.rumble_pie.table.seat_sim import SeatTableSim, result_of, seat_setup
from pie_table.games.rumble_pie.table.sim import TickResult
from pie_table.net.frame_source import Frame, refusals
from pie_table.net.recording import Recording
from pie_table.net.remote_driver import RemoteDriver

# Between rounds the clock stands still while the players look at the round's summary: the
# replay holds it this long (game seconds) before the next round.
ROUND_BEAT_S = 2.5
_WAITING = ("ready", "round_over")


class RecordedTableSim(SeatTableSim):
    """One seat's recording, from the update its driver has reached on."""

    watch = True

    def __init__(self, driver: RemoteDriver[Recording]) -> None:
        super().__init__(driver.source.game, driver.seat)
        self.driver = driver
        self.recording = driver.source
        self.payload = self.recording.payload
        self._due: list[TickResult] = []

    @property
    def position(self) -> int:
        """The update reached (0: the first view the seat was sent)."""
        return self.recording.position

    @property
    def view(self) -> Mapping[str, Any]:
        """The view the seat had at the update reached."""
        return self.driver.view(self.seat)

    @property
    def setup(self) -> GameSetup:
        """The table as the seat knew it (the bots at the host labelled as bots)."""
        payload = self.payload
        return seat_setup(self.game, self.seat, payload["seats"], payload["options"], payload.get("teams"),
                          payload.get("players") or [], payload["names"])

    def name_of(self, seat: int) -> str:
        """The names as the host said them when the recording was last written."""
        names = self.payload["names"]
        return str(names[seat]) if 0 <= seat < len(names) else ""

    def at_end(self) -> bool:
        return self.recording.at_end()

    def said_before(self) -> Sequence[Event]:
        """What the whole table heard up to the update reached: a replay jumped into or stepped
        back tells its talk as it stood there."""
        return self.driver.history(self.seat).said

    def wait_before_next(self) -> float:
        """Game seconds between the update reached and the next: the ticks between them, or a
        beat over a round's summary while the clock stood still."""
        if self.at_end():
            return 0.0
        frames, at = self.recording.frames, self.recording.position
        here, after = frames[at], frames[at + 1]
        if after.tick == here.tick and here.view.get("phase") in _WAITING:
            return ROUND_BEAT_S
        return ((after.tick or 0) - (here.tick or 0)) / TICK_HZ

    def step(self) -> bool:
        """Move on to the next update (its events played at the table's next update); False at the end."""
        if not self.recording.step():
            return False
        self.driver.update(0.0)  # the driver's listeners hear the step, as at a live update
        frame = self.recording.frame
        refused = refusals(frame.refused)  # no tags: the keys that pressed them were never recorded
        self._due.append(result_of(Frame(frame.tick or 0, list(frame.events), refused=refused)))
        return True

    def advance(self, _dt: float) -> list[TickResult]:
        """The updates stepped to since the table last looked."""
        due, self._due = self._due, []
        return due
