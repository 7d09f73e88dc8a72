"""A remote player's own replay: what their seat was sent, kept move by move.

While a joined table plays, `SeatRecorder` keeps each update the host sent this seat as it came:
the view (whole, or as the change the host sent) and the seat's events with it. Nothing else
goes in (no legal moves, no token, nothing the seat was not sent), so the file can hold nothing
the seat did not see. It is written as a versioned per-user file (`core.userfiles`, atomic) in
`paths.seat_replays_dir()` when the game ends and whenever the table is left (a half game is kept
too); taking the seat back after a drop carries on in the same file. A file that cannot be read
is set aside and listed as damaged, as a save is.

A real-time table (Rumble Pie) is sent a `frame` on every tick that changed what the seat sees,
and nearly every tick moves the clock: a whole game is some 17,000-35,000 frames. A frame that
only moved the clock is not kept (the next kept frame carries the tick it came at), so a game
takes about 0.6-1.2 MB. Each kept frame holds its tick, the view (whole, or as the frame's patch),
the seat's events and its own refused key actions. Past `BUDGET` bytes the recording stops and
says so (`cut`): a file stays readable under the per-user file limit, however long the game.
Pure Python: no pygame.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pie_table.core.engine import Event, copy_json
from pie_table.core.messages import Msg
from pie_table.core.saves import DamagedSave
from pie_table.core.userfiles import (
    Problem,
    ReadResult,
    cached_read,
    original_name,
    read_json,
    set_aside_in,
    write_text_atomic,
)
from pie_table.net.patch import apply_patch, from_top_level_delta
from pie_table.net.protocol import revive_tree

KIND = "pie_table-seat-replay"
VERSION = 2  # 2: real-time games' frames too (a version-1 file reads as it is)
BUDGET = 3_500_000  # bytes of frames kept at most: under `userfiles`' 4 MiB limit with room to spare

@dataclass(frozen=True)
class Recorded:
    """One kept update: the seat's view after it and its events; at a real-time table also the
    host's tick and the seat's own key actions the host refused (action, msg, params)."""

    view: dict[str, Any]
    events: list[Event]
    tick: int | None = None
    refused: list[dict[str, Any]] = field(default_factory=list)


def link_id(token: str) -> str:
    """Which seat at which table a file records, without the token itself (a secret that takes
    the seat back): the same seat taken back carries on in the same file."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


class SeatRecorder:
    """What one seat was sent, in order, and the file it is written to."""

    def __init__(self, folder: Path, joined: Mapping[str, Any], token: str) -> None:
        """A recording of the seat the host's `joined` answer gave, carrying on the unfinished one
        of the same seat (`token`) if the folder holds it."""
        self.folder = Path(folder)
        self.link = link_id(token)
        self.game, self.seat = str(joined["game"]), int(joined["seat"])
        self.seats, self.options = int(joined["seats"]), copy_json(joined.get("options") or {})
        self.started = time.time()
        # Who plays each seat and the teams, as the host said (a real-time table labels bots so).
        self.players = copy_json(joined.get("players") or [])
        self.teams = copy_json(joined.get("teams"))
        self.frames: list[dict[str, Any]] = []
        self.path: Path | None = None
        self.size = 0  # bytes of the frames kept, as written
        self.cut = False  # the budget was reached: nothing more is kept
        self._skip = 0  # events the host sends again to a seat taken back (already kept)
        self._carry_on()

    def _carry_on(self) -> None:
        for path in sorted(self.folder.glob(f"*-{self.link[:6]}.json")):  # named after its link
            found = read_json(path, KIND, VERSION, _migrate, validate=_validate, set_aside=False)
            payload = found.payload
            if found.ok and payload and payload["link"] == self.link and not payload["finished"]:
                self.path, self.started, self.frames = path, float(payload["started"]), payload["frames"]
                self._skip = sum(len(frame["events"]) for frame in self.frames)
                self.size, self.cut = sum(_size(frame) for frame in self.frames), bool(payload.get("cut"))
                return

    def _new_events(self, events: list[Event]) -> list[Event]:
        """`events` less those the host sent again to a seat taken back (kept already)."""
        skipped, self._skip = min(self._skip, len(events)), max(0, self._skip - len(events))
        return copy_json(events[skipped:])

    def _keep(self, frame: dict[str, Any]) -> None:
        if self.cut:
            return
        size = _size(frame)
        if self.size + size > BUDGET:
            self.cut = True  # the file says where it stops; the rest of the game is at the host
            return
        self.size += size
        self.frames.append(frame)

    def took(self, message: Mapping[str, Any]) -> None:
        """Keep one `update` from the host as it came (the view or its patch, and the events; a
        real-time table's also its tick and refused key actions)."""
        if "tick" in message:
            self._took_tick(message)
            return
        frame: dict[str, Any] = {"events": self._new_events(list(message.get("events", ())))}
        if "view" in message:
            frame["view"] = copy_json(message["view"])
        else:
            frame["patch"] = copy_json(message.get("patch", {}))
        self._keep(frame)

    def _took_tick(self, message: Mapping[str, Any]) -> None:
        """Keep one real-time update: its tick, the view or its patch, the seat's events and its
        refused key actions; an update that only moved the clock is not kept."""
        events = self._new_events(list(message.get("events", ())))
        refused = [{"action": copy_json(r["action"]), "msg": r["msg"], "params": copy_json(r["params"])}
                   for r in message.get("refused", ())]
        tick = int(message["tick"])
        if "view" not in message and not events and not refused \
                and message.get("patch", {}) in ({}, {"s": {"tick": tick}}):
            return  # the tick alone: the next kept frame says where the clock is
        frame: dict[str, Any] = {"tick": tick, "events": events}
        if "view" in message:
            frame["view"] = copy_json(message["view"])
        else:
            frame["patch"] = copy_json(message.get("patch", {}))
        if refused:
            frame["refused"] = refused
        self._keep(frame)

    def payload(self, names: list[str], finished: bool) -> dict[str, Any]:
        """The file's contents: the game, the seat, the table as the seat knew it, the frames."""
        from pie_table.core.registry import get_game

        return {"game": self.game, "rules_version": get_game(self.game).rules.rules_version,
                "seat": self.seat, "seats": self.seats, "names": list(names), "options": self.options,
                "started": self.started, "saved_at": time.time(), "finished": finished,
                "link": self.link, "cut": self.cut, "players": self.players, "teams": self.teams,
                "frames": list(self.frames)}

    def write(self, names: list[str], finished: bool) -> Path:
        """Write the recording (atomically); OSError if it cannot be."""
        if self.path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.started))
            self.path = self.folder / f"{self.game}-{stamp}-seat{self.seat + 1}-{self.link[:6]}.json"
        # Compact, not `write_json`'s indented text: a long game's frames are half the size so.
        document = {"format": KIND, "version": VERSION, **self.payload(names, finished)}
        return write_text_atomic(self.path, json.dumps(document, separators=(",", ":")))


def _size(frame: Mapping[str, Any]) -> int:
    return len(json.dumps(frame, separators=(",", ":")))


def _migrate(payload: dict[str, Any], _version: int) -> dict[str, Any]:
    """Version 1 held turn-based frames only, which version 2 reads as they are."""
    return payload


def _validate(payload: dict[str, Any]) -> None:
    """Raise for a file whose contents are not a seat replay's."""
    for key, kind in (("game", str), ("seat", int), ("seats", int), ("names", list), ("frames", list),
                      ("finished", bool), ("link", str), ("started", int | float), ("saved_at", int | float),
                      ("rules_version", int), ("options", dict)):
        if not isinstance(payload[key], kind):
            raise TypeError(key)
    if not 0 <= payload["seat"] < payload["seats"] or not payload["frames"]:
        raise ValueError("no such seat, or nothing recorded")
    if not isinstance(payload.get("cut", False), bool) or not isinstance(payload.get("players", []), list):
        raise TypeError("cut or players")
    for frame in payload["frames"]:
        if not isinstance(frame, dict):
            raise TypeError("frame")  # checked before `.get`: a number or a list has none
        shown = frame.get("view", frame.get("patch", frame.get("delta")))  # a delta: written before patches
        if not isinstance(frame["events"], list) or not isinstance(shown, dict):
            raise TypeError("frame")
        real_time = "tick" in frame
        if real_time and not (isinstance(frame["tick"], int) and isinstance(frame.get("refused", []), list)):
            raise TypeError("real-time frame")
    if "view" not in payload["frames"][0]:
        raise ValueError("the first frame holds the whole view")


def read_seat_replay(path: str | Path) -> ReadResult:
    """The file at `path` (set aside when it is damaged, left in place when a newer pie_table wrote it)."""
    keep = set(Problem) - {Problem.NEWER, Problem.UNREADABLE}
    return read_json(path, KIND, VERSION, _migrate, validate=_validate, set_aside=keep)


def recorded_frames(payload: Mapping[str, Any]) -> list[Recorded]:
    """Each update the seat was sent, with the whole view after it (messages revived, as the
    host's messages are when they come live), for a table of either kind."""
    frames: list[Recorded] = []
    view: dict[str, Any] = {}
    for frame in payload["frames"]:
        if "view" in frame:
            view = dict(frame["view"])
        else:  # a frame written before turn-based tables sent nested patches holds a top-level delta
            change = frame["patch"] if "patch" in frame else from_top_level_delta(frame["delta"])
            view = apply_patch(view, change)
        tick = int(frame["tick"]) if "tick" in frame else None
        if tick is not None:
            view["tick"] = tick  # the clock-only updates left out moved it: a whole view says where it is
        frames.append(Recorded(revive_tree(view), revive_tree(frame["events"]), tick,
                               list(frame.get("refused", ()))))
    return frames


@dataclass(frozen=True)
class SeatReplayInfo:
    """What the saved-games list shows of one seat replay."""

    path: str
    game: str
    seat: int
    names: list[str]
    saved_at: float
    finished: bool
    # When it began and how many updates it holds: two recordings of one seat (a host that
    # restarted the table gives a new one) then read as two parts, not as look-alikes.
    started: float = 0.0
    frames: int = 0


class _NotListed(Exception):
    """A seat replay that cannot be read (kept nowhere: it is read again next time)."""

    def __init__(self, result: ReadResult) -> None:
        super().__init__(str(result.path))
        self.result = result


def _listed(path: Path) -> SeatReplayInfo:
    """What the list shows of the seat replay at `path`; _NotListed if it cannot be read."""
    result = read_seat_replay(path)
    payload = result.payload
    if not result.ok or payload is None:
        raise _NotListed(result)
    return SeatReplayInfo(str(path), payload["game"], payload["seat"], [str(n) for n in payload["names"]],
                          float(payload["saved_at"]), payload["finished"], float(payload["started"]),
                          len(payload["frames"]))


_DAMAGED = "seat-replay-damaged"  # what `cached_read` keeps of a set-aside file: why it was


def _why_damaged(path: Path) -> Msg:
    return read_json(path, KIND, VERSION, _migrate, validate=_validate, set_aside=False).reason \
        or Msg("could not be read")


def list_seat_replays(folder: str | Path) -> tuple[list[SeatReplayInfo], list[DamagedSave]]:
    """Every readable seat replay in `folder`, newest first, and every one that cannot be read
    (set aside beside itself and listed until removed). A file is parsed again only when it
    changed (`cached_read`): a Rumble Pie game's is up to megabytes, and the list is built each
    time Saved games is shown."""
    found: list[SeatReplayInfo] = []
    damaged: list[DamagedSave] = []
    root = Path(folder)
    if not root.is_dir():
        return found, damaged
    for path in sorted(root.glob("*.json")):
        try:
            found.append(cached_read(path, KIND, _listed))
        except _NotListed as refused:
            result = refused.result
            if result.status == "refused" and result.set_aside is None:
                damaged.append(DamagedSave(str(path), path.name, result.reason or Msg("could not be read")))
        except OSError:
            continue  # gone between the listing and the read
    for path in set_aside_in(root):
        try:
            reason = cached_read(path, _DAMAGED, _why_damaged)
            damaged.append(DamagedSave(str(path), original_name(path), reason))
        except OSError:
            continue
    found.sort(key=lambda info: info.saved_at, reverse=True)
    return found, damaged
