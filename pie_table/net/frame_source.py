"""What a real-time seat's table reads beyond a turn-based seat's: `FrameSource`.

A real-time table does not wait for the host between moves: every key press is sent at once and
stays pending until a frame of the host's answers it (applied, or refused with the host's
reason), and the table takes the frames in the order they came, each once, on its own thread.
`Presses` keeps that bookkeeping (pure: the link's thread puts, the table's takes), and
`net.link_source.LinkSource` is the source that has it live. Pure Python: no pygame.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from pie_table.core.engine import Event
from pie_table.core.messages import revive
from pie_table.net.seat_source import SeatSource


@dataclass
class Pressed:
    """A key action sent to the host: what, the table's own tag for it (which key or pointer), and
    the sequence number it went with (None until the link's loop has sent it)."""

    action: dict[str, Any]
    tag: Any = None
    seq: int | None = None


class Refused(NamedTuple):
    """A key action the host turned down: what, why (a message to translate), the table's tag."""

    action: dict[str, Any]
    reason: Any
    tag: Any = None


@dataclass(frozen=True)
class Frame:
    """One update of the host's as the table takes it: the tick, the seat's events, the presses it
    applied and refused; `fresh`: the first after the seat was taken (or taken back), which
    carries what was missed."""

    tick: int
    events: list[Event] = field(default_factory=list)
    applied: list[Pressed] = field(default_factory=list)
    refused: list[Refused] = field(default_factory=list)
    fresh: bool = False


def refusals(said: Iterable[Mapping[str, Any]], sent: dict[int, Pressed] | None = None) -> list[Refused]:
    """The key actions an update (or a seat replay's frame) `said` were refused, each with the tag
    of its press in `sent` (by sequence number; taken out of it: the host has answered)."""
    found = []
    for refused in said:
        pressed = (sent or {}).pop(refused.get("seq", -1), None)
        reason = revive({"msg": refused["msg"], "params": refused["params"]})
        found.append(Refused(refused["action"], reason, pressed.tag if pressed is not None else None))
    return found


class Presses:
    """A seat's presses the host has not answered, and its frames not yet taken, in order."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sending: list[Pressed] = []  # pressed, not numbered by the link's loop yet
        self._sent: dict[int, Pressed] = {}  # numbered, waiting for a frame that answers them
        self._frames: list[tuple[Mapping[str, Any], bool]] = []  # (update, fresh), as they came

    def press(self, action: dict[str, Any], tag: Any = None) -> Pressed:
        """A press from the table: pending from now on."""
        pressed = Pressed(action, tag)
        with self._lock:
            self._sending.append(pressed)
        return pressed

    def numbered(self, pressed: Pressed, seq: int | None) -> None:
        """The link's loop sent `pressed` as `seq` (None: it could not, and the press is lost, as
        on a lag spike); never in neither list while pending, or the table would stop showing it."""
        with self._lock:
            if seq is not None:
                pressed.seq = seq
                self._sent[seq] = pressed
            if pressed in self._sending:
                self._sending.remove(pressed)

    def dropped(self) -> None:
        """The link went: what was sent before will not be answered on the next one."""
        with self._lock:
            self._sent.clear()

    def came(self, message: Mapping[str, Any], fresh: bool) -> None:
        """An update from the host, on the link's thread."""
        with self._lock:
            self._frames.append((message, fresh))

    def pending(self) -> list[Pressed]:
        """Presses the host has not answered yet: those sent first, then those still being sent."""
        with self._lock:
            return [*self._sent.values(), *self._sending]

    def frames(self) -> list[Frame]:
        """The updates that came since the last call, in order, each with the presses it answered
        (answered here, as the table takes them: a press stays pending until its frame is shown)."""
        with self._lock:
            came, self._frames = self._frames, []
            return [self._answered(message, fresh) for message, fresh in came]

    def _answered(self, message: Mapping[str, Any], fresh: bool) -> Frame:
        applied = [self._sent.pop(seq) for seq in message.get("acks", ()) if seq in self._sent]
        return Frame(int(message["tick"]), list(message.get("events", ())), applied,
                     refusals(message.get("refused", ()), self._sent), fresh)


class FrameSource(SeatSource, Protocol):
    """A real-time seat's updates, as its host sent them, and its key presses to the host."""

    @property
    def joined(self) -> Mapping[str, Any]:
        """The host's answer to the join: the game, the seats, the options, who plays each seat."""

    @property
    def reconnecting(self) -> str:
        """While the link is made again: "restarting" or "reconnecting"; '' otherwise."""

    @property
    def ended(self) -> str:
        """How the link ended by itself (`net.seat_link`'s word: HOST_QUIT, GONE, REFUSED; '' while on)."""

    @property
    def delay_ms(self) -> float | None:
        """The last round trip to the host, in milliseconds (None: none measured yet)."""

    def press(self, action: dict[str, Any], tag: Any = None) -> None:
        """Send a key action now, without waiting: pending until a frame answers it."""

    def pending(self) -> list[Pressed]:
        """The presses the host has not answered yet."""

    def frames(self) -> list[Frame]:
        """The updates that came since the last call, in order."""

    def keep_replay(self, over: bool = False) -> Path | None:
        """Write what this seat was sent so far (`over`: the game has ended); the file, or None."""
