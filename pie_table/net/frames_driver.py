"""The driver a seat replay's table runs on: the updates the host sent the seat, one at a time.

One recording, one driver, for both kinds of table: `view` is the recorded view of the update
reached, nothing is ever asked (`to_act`, `legal` empty), `advance` tells the listeners the next
update's events so the table's animations and log follow, and the rest answers as a table no one
plays at. Only the recorded seat's view exists: any other seat's view is empty. A real-time
table's replay (Rumble Pie's `RecordedTableSim`) reads the same frames, with their ticks, through
this driver. Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pie_table.core.engine import Action, Event, Outcome
from pie_table.core.history import SeatHistory, events_for
from pie_table.core.pondering import Position
from pie_table.core.registry import GameInfo, get_game
from pie_table.core.session import Applied, Entry, PrivacyGate
from pie_table.core.setup import GameSetup
from pie_table.net.remote_driver import NoSave, seen_from
from pie_table.net.seat_replay import Recorded, recorded_frames

Listener = Callable[[Entry, list[Event]], None]


class FramesDriver:
    """A seat replay's frames, shown from `at` on; `advance` plays the next one."""

    across_machines = True  # nothing is undone, nothing is played again here
    realtime = False
    held_by_host = ""  # a replay is never waiting on a host

    def __init__(self, payload: Mapping[str, Any], at: int = 0, frames: list[Recorded] | None = None) -> None:
        """`payload`: a seat replay file's contents; `at`: the frame shown first (0: the first
        view the seat was sent); `frames`: the payload's frames already worked out."""
        self.payload = payload
        self.frames = frames if frames is not None else recorded_frames(payload)
        self.seat: int = payload["seat"]
        self.position = max(0, min(at, len(self.frames) - 1))
        self.gate = PrivacyGate([self.seat])
        self.away: set[int] = set()
        self._listeners: list[tuple[int | None, Listener]] = []
        # Each seat's history as far as the frame it was last built to (the frames' events, in order).
        self._histories: dict[int | None, tuple[int, SeatHistory]] = {}

    @property
    def info(self) -> GameInfo:
        """The game's registration."""
        return get_game(self.payload["game"])

    @property
    def rules(self) -> Any:
        return self.info.rules

    @property
    def names(self) -> list[str]:
        """Each seat's player as the host named them when the file was last written."""
        return list(self.payload["names"])

    @property
    def setup(self) -> GameSetup:
        """The table as the seat knew it: the recorded seat a person, the others played elsewhere."""
        return seen_from(self.payload["game"], self.seat, self.payload["seats"], self.payload["options"],
                         None, self.names)

    def view(self, seat: int | None) -> Mapping[str, Any]:
        """The recorded view of the frame reached, for the recorded seat and for nobody."""
        return self.frames[self.position].view if seat in (self.seat, None) else {}

    def history(self, seat: int | None) -> SeatHistory:
        """What the recorded seat had been told by the frame reached (for nobody: its public part)."""
        seat = self.seat if seat == self.seat else None
        kept = self._histories.get(seat)
        if kept is None or kept[0] > self.position:  # built afresh only after a step back
            kept = (0, SeatHistory(seat, self.frames[0].events if self.frames else ()))
        reached, history = kept
        for frame in self.frames[reached + 1:self.position + 1]:
            history.add(frame.events)
        self._histories[seat] = (self.position, history)
        return history

    @property
    def frame(self) -> Recorded:
        """The update reached."""
        return self.frames[self.position]

    def at_end(self) -> bool:
        return self.position >= len(self.frames) - 1

    def advance(self) -> bool:
        """Show the next frame, telling the listeners its events; False at the last one."""
        if self.at_end():
            return False
        self.position += 1
        events = self.frames[self.position].events
        for seat, fn in list(self._listeners):
            fn(Entry(None, {}), events_for(events, seat))
        return True

    def listen(self, seat: int | None, fn: Listener) -> Callable[[], None]:
        """Call `fn(entry, events)` on each `advance` with the events `seat` may see."""
        item = (seat, fn)
        self._listeners.append(item)
        return lambda: self._listeners.remove(item) if item in self._listeners else None

    def to_act(self) -> list[int]:
        return []

    def legal(self, seat: int) -> Sequence[Action]:
        return []

    def is_over(self) -> bool:
        return bool(self.view(self.seat).get("over"))

    def submit(self, seat: int | None, action: Action) -> Applied:
        """Nothing is played in a replay."""
        return Applied(Outcome(False, reason="a replay is only watched"), Entry(seat, action))

    def update(self, dt: float, hold: bool = False) -> list[Applied]:
        return []

    def autosaver(self, folder: Any, *, path: Any = None, enabled: bool = True) -> NoSave:
        return NoSave()

    def record_finished(self, key: str, extras: Any = None) -> bool:
        return False

    def remaining(self) -> float | None:
        return None

    def thinking(self) -> bool:
        return False  # a replay thinks nothing

    def next_move_in(self) -> float | None:
        return None

    def pace_by(self, *_args: Any, **_kw: Any) -> None:
        """Nobody to pace: the viewer steps the frames."""

    def restart_countdown(self) -> None:
        """No countdown runs in a replay."""

    def skip_to(self, **_kw: Any) -> list[Applied]:
        return []

    def can_undo(self, seat: int) -> bool:
        return False

    def undo(self, seat: int) -> bool:
        return False

    def seat_copy(self, seat: int) -> Position | None:
        """None: a replay holds the seat's views only, and nothing is asked in it."""
        return None

    def autoplay_action(self, seat: int) -> Action:
        raise ValueError("nothing is asked in a replay")
