"""A remote Rumble player's own replay, on the game's table: the frames the host sent that seat,
played again (issue 23 item 2; the recording is `net/seat_replay.py`'s).

The viewer (`scenes/seat_replay.py`) steps it frame by frame, each after the game time that
passed before it (`wait_before_next`); the table scene reads it as it reads the host's frames
live, so the same events make the same sounds, flashes and card moves, and the seat's refused key
actions are shown as they were. Nothing is sent: every seat is watched.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.core.setup import GameSetup
from pie_table.games.rumble_pie.rules import TICK_HZ
from pie_table.games.rumble_pie.ui.seat_sim import SeatTableSim, result_of, seat_setup
from pie_table.games.rumble_pie.ui.sim import TickResult
from pie_table.net.seat_replay import TickFrame

# Between rounds the clock stands still while the players look at the round's summary: the
# replay holds it this long (game seconds) before the next round.
ROUND_BEAT_S = 2.5
_WAITING = ("ready", "round_over")


class RecordedTableSim(SeatTableSim):
    """The frames of one seat's recording, from `position` on."""

    watch = True

    def __init__(self, payload: Mapping[str, Any], frames: list[TickFrame], at: int = 0) -> None:
        """`payload`: the recording's contents; `frames`: its frames worked out (`ticks_of`);
        `at`: the frame shown first."""
        super().__init__(str(payload["game"]), int(payload["seat"]))
        self.payload = payload
        self.frames = frames
        self.position = max(0, min(at, len(frames) - 1))
        self._due: list[TickResult] = []

    @property
    def view(self) -> dict[str, Any]:
        """The view the seat had at the frame reached."""
        return self.frames[self.position].view

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
        return self.position >= len(self.frames) - 1

    def wait_before_next(self) -> float:
        """Game seconds between the frame reached and the next: the ticks between them, or a
        beat over a round's summary while the clock stood still."""
        if self.at_end():
            return 0.0
        here, after = self.frames[self.position], self.frames[self.position + 1]
        if after.tick == here.tick and here.view.get("phase") in _WAITING:
            return ROUND_BEAT_S
        return (after.tick - here.tick) / TICK_HZ

    def step(self) -> bool:
        """Move on to the next frame (its events played at the table's next update); False at the end."""
        if self.at_end():
            return False
        self.position += 1
        frame = self.frames[self.position]
        self._due.append(result_of({"tick": frame.tick, "events": frame.events, "refused": frame.refused}))
        return True

    def advance(self, _dt: float) -> list[TickResult]:
        """The frames stepped to since the table last looked."""
        due, self._due = self._due, []
        return due
