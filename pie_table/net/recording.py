"""A seat replay's file as a `SeatSource`: the updates the host sent the seat, one at a time.

`Recording` shows the update reached (`at`), steps to the next (`step`) or jumps to any one
(`jump`), and tells the driver each step's events as the link tells it an update's, so a table
on the remote driver plays a recording as it played the game live. Nothing is ever asked, and
only the recorded seat's view exists. A real-time table's replay (Rumble Pie's
`RecordedTableSim`) reads the same frames, with their ticks. Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pie_table.core.engine import Action, Event, Outcome
from pie_table.core.history import SeatHistory
from pie_table.core.session import Applied, Entry
from pie_table.core.setup import GameSetup
from pie_table.net.seat_replay import Recorded, recorded_frames
from pie_table.net.seat_source import NoSave, seen_from


class Recording:
    """A seat replay's frames, from `at` on."""

    watching = False
    held = ""  # a replay is never waiting on a host
    lost = ""
    poll = None  # nothing moves by itself: the viewer steps the frames

    def __init__(self, payload: Mapping[str, Any], at: int = 0, frames: list[Recorded] | None = None) -> None:
        """`payload`: a seat replay file's contents; `at`: the frame shown first (0: the first
        view the seat was sent); `frames`: the payload's frames already worked out."""
        self.payload = payload
        self.frames = frames if frames is not None else recorded_frames(payload)
        self.seat: int = payload["seat"]
        self.position = 0
        self.away: set[int] = set()
        self._news: list[Event] | None = None  # the events stepped over since the driver last heard
        # The seat's history and its public part as far as the frame each was last built to.
        self._histories: dict[bool, tuple[int, SeatHistory]] = {}
        self.jump(at)

    @property
    def game(self) -> str:
        return str(self.payload["game"])

    @property
    def names(self) -> list[str]:
        """Each seat's player as the host named them when the file was last written."""
        return list(self.payload["names"])

    @property
    def setup(self) -> GameSetup:
        """The table as the seat knew it: the recorded seat a person, the others played elsewhere."""
        payload = self.payload
        return seen_from(self.game, self.seat, payload["seats"], payload["options"], None, self.names)

    @property
    def frame(self) -> Recorded:
        """The update reached."""
        return self.frames[self.position]

    def at_end(self) -> bool:
        return self.position >= len(self.frames) - 1

    def step(self) -> bool:
        """On to the next frame, its events told at the driver's next update; False at the last one."""
        if self.at_end():
            return False
        self.position += 1
        self._news = (self._news or []) + list(self.frame.events)
        return True

    def jump(self, at: int) -> None:
        """Show frame `at` (clamped to the recording) as if stepped to, its past told as history only."""
        self.position = max(0, min(at, len(self.frames) - 1))
        self._news = None

    def view(self) -> Mapping[str, Any]:
        return self.frame.view

    def history(self, public: bool) -> SeatHistory:
        """What the recorded seat had been told by the frame reached (`public`: its public part)."""
        kept = self._histories.get(public)
        if kept is None or kept[0] > self.position:  # built afresh only after a step back
            seat = None if public else self.seat
            kept = (0, SeatHistory(seat, self.frames[0].events if self.frames else ()))
        reached, history = kept
        for frame in self.frames[reached + 1:self.position + 1]:
            history.add(frame.events)
        self._histories[public] = (self.position, history)
        return history

    def asked(self) -> bool:
        return False

    def legal(self) -> Sequence[Action]:
        return []

    def is_over(self) -> bool:
        return bool(self.view().get("over"))

    def remaining(self) -> float | None:
        return None

    def news(self) -> list[Event] | None:
        news, self._news = self._news, None
        return news

    def send(self, seat: int | None, action: Action) -> Applied:
        """Nothing is played in a replay."""
        return Applied(Outcome(False, reason="a replay is only watched"), Entry(seat, action))

    def saver(self, enabled: bool) -> NoSave:
        return NoSave()

    def close(self) -> None:
        """Nothing to let go of: the frames are in memory."""
