"""Save files: the setup, the seed and the action log of a session, as versioned JSON.

The log is the truth: loading a save replays it from the seed, and refuses (never skips) an action
that does not apply. A state hash stored beside the log catches a damaged save that happens to
replay into a different game. Long runs of the session's own clock actions (Rumble Pie ticks) are
stored as one entry with a count.

Pure Python. Reading untrusted files never raises anything but `SaveError`, whose message is one
line for a player; `SaveError.replays` tells a file that could be read but not replayed.
"""

from __future__ import annotations

import errno
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pie_table.core.messages import Msg
from pie_table.core.registry import GameInfo, get_game
from pie_table.core.session import Entry, Session
from pie_table.core.setup import GameSetup, SetupError
from pie_table.userfiles import write_text_atomic

SAVE_FORMAT = "pie_table-save"
SAVE_VERSION = 1


class SaveError(Exception):
    """A save that cannot be used; `readable` is False when the file is not a save at all."""

    def __init__(self, message: str, readable: bool = True) -> None:
        super().__init__(message)
        self.message = message
        self.readable = readable


@dataclass
class SaveInfo:
    """What the title screen's Continue and the Load list show about a save, without replaying it."""

    path: str
    game: str
    title: str
    seats: list[str]
    saved_at: float
    finished: bool
    actions: int


def to_save(session: Session, *, saved_at: float | None = None, with_hash: bool = True) -> dict[str, Any]:
    """The save document for `session` (JSON-compatible). `with_hash=False` leaves out the state
    hash, which costs a full serialisation of the state: the autosave after every action skips it
    (a damaged log is still refused by the replay); saves on leaving and at the end carry it."""
    doc = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": session.info.id,
        "rules_version": int(getattr(session.rules, "rules_version", 1)),
        "setup": session.setup.to_json(),
        "seed": session.setup.seed,
        "log": compact_log(session.log),
        "actions": len(session.log),
        "finished": session.is_over(),
        "saved_at": time.time() if saved_at is None else saved_at,
    }
    if with_hash:
        doc["state_hash"] = session.hash()
    return doc


def write_save(path: str | Path, session: Session, with_hash: bool = True) -> Path:
    """Write `session`'s save to `path` atomically (a temporary file beside it, then a rename),
    so a crash mid-write leaves the old save whole."""
    text = json.dumps(to_save(session, with_hash=with_hash), separators=(",", ":"))
    return write_text_atomic(path, text)


def read_save(path: str | Path) -> dict[str, Any]:
    """The parsed save at `path`; SaveError(readable=False) for a missing, unreadable or foreign file."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        why = exc.strerror or "unreadable"
        raise SaveError(f"cannot read {Path(path).name}: {why}", readable=False) from None
    return parse_save(raw)


def save_name(session: Session, started: float) -> str:
    """A file name for a session's save: game, start time (to the millisecond) and seed, so two
    games never share a file."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(started))
    return f"{session.info.id}-{stamp}{int(started * 1000) % 1000:03d}-{session.setup.seed}.json"


def compact_log(log: list[Entry]) -> list[list[Any]]:
    """[seat, action] per entry; a run of identical seatless actions becomes [None, action, count]."""
    out: list[list[Any]] = []
    for entry in log:
        last = out[-1] if out else None
        if entry.seat is None and last is not None and last[0] is None and last[1] == entry.action:
            if len(last) == 2:
                last.append(1)
            last[2] += 1
        else:
            out.append([entry.seat, entry.action])
    return out


def expand_log(rows: list[Any]) -> list[tuple[int | None, dict[str, Any]]]:
    """Inverse of `compact_log`; SaveError if a row is malformed."""
    entries: list[tuple[int | None, dict[str, Any]]] = []
    for index, row in enumerate(rows):
        if not isinstance(row, list) or len(row) not in (2, 3):
            raise SaveError(f"entry {index + 1} of the log is malformed")
        seat, action = row[0], row[1]
        count = row[2] if len(row) == 3 else 1
        if not (seat is None or (isinstance(seat, int) and not isinstance(seat, bool))):
            raise SaveError(f"entry {index + 1} of the log names no seat")
        if not isinstance(action, dict) or not isinstance(count, int) or not 1 <= count <= 10_000_000:
            raise SaveError(f"entry {index + 1} of the log is malformed")
        if count > 1 and seat is not None:
            raise SaveError(f"entry {index + 1} of the log repeats a seat's action")
        entries.extend([(seat, action)] * count)
    return entries


def parse_save(text: str | bytes) -> dict[str, Any]:
    """The save document in `text`, checked for shape; SaveError(readable=False) if it is not one."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise SaveError("not a pie_table save (the file is damaged or is not JSON)", readable=False) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not a pie_table save", readable=False)
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("the save has no format version", readable=False)
    if version > SAVE_VERSION:
        raise SaveError("the save comes from a newer pie_table; update to open it", readable=False)
    for key, kind in (("game", str), ("setup", dict), ("log", list), ("rules_version", int)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"the save's {key} is missing or damaged", readable=False)
    return data


def save_info(path: str, data: dict[str, Any]) -> SaveInfo:
    """The summary of a parsed save, for menus."""
    setup = data["setup"]
    seats = setup.get("seats") if isinstance(setup.get("seats"), list) else []
    try:
        title = get_game(data["game"]).title
    except KeyError:
        title = data["game"]
    saved_at = data.get("saved_at")
    actions = data.get("actions")
    return SaveInfo(path, data["game"], title, [str(s) for s in seats],
                    float(saved_at) if isinstance(saved_at, int | float) else 0.0,
                    bool(data.get("finished")), actions if isinstance(actions, int) else 0)


def load_session(data: dict[str, Any], upto: int | None = None) -> Session:
    """Replay a parsed save into a session (the first `upto` actions only, if given).

    Raises SaveError: readable=False for a save of an unknown game or a damaged setup, readable=True
    for one that does not replay (an action refused, or a different final state).
    """
    info = _game(data["game"])
    setup = _setup(data, info)
    data = _migrate(data, info)
    entries = expand_log(data["log"])
    try:
        session = Session(setup, info)
    except Exception:  # noqa: BLE001 - damaged options may upset an engine's set-up in any way
        raise SaveError("the save's seats and options are damaged", readable=False) from None
    for index, (seat, action) in enumerate(entries[:upto] if upto is not None else entries):
        try:
            applied = session.submit(seat, action)
        except Exception as exc:  # noqa: BLE001 - a damaged log may break an engine in any way
            why = type(exc).__name__
            raise SaveError(f"the save does not replay: action {index + 1} fails ({why})") from None
        if not applied.ok:
            raise SaveError(f"the save does not replay: action {index + 1} is refused ({applied.reason})")
    expected = data.get("state_hash")
    if upto is None and expected is not None and expected != session.hash():
        raise SaveError("the save does not replay: the replayed game differs from the saved one")
    return session


def _game(game_id: str) -> GameInfo:
    try:
        return get_game(game_id)
    except KeyError:
        message = f"the save is of a game this table does not have ({game_id[:40]})"
        raise SaveError(message, readable=False) from None


def _setup(data: dict[str, Any], info: GameInfo) -> GameSetup:
    """The save's setup, checked well enough that a damaged one cannot start a broken game."""
    raw = data["setup"]
    try:
        setup = GameSetup.from_json(raw)
    except (SetupError, KeyError, TypeError, ValueError, AttributeError):
        raise SaveError("the save's seats and options are damaged", readable=False) from None
    if setup.game_id != info.id or not info.min_seats <= len(setup.seats) <= info.max_seats:
        raise SaveError("the save's seats do not fit its game", readable=False)
    if setup.seed != data.get("seed", setup.seed) or not 0 <= setup.seed < 2**63:
        raise SaveError("the save's seed is damaged", readable=False)
    if setup.teams is not None and (len(setup.teams) != len(setup.seats)
                                    or not all(type(t) is int for t in setup.teams)):
        raise SaveError("the save's teams are damaged", readable=False)
    return setup


def _migrate(data: dict[str, Any], info: GameInfo) -> dict[str, Any]:
    """Bring a save from an older rules version up to date, or refuse it clearly."""
    current = int(getattr(info.rules, "rules_version", 1))
    version = data["rules_version"]
    if version == current:
        return data
    if version > current:
        raise SaveError(f"the save needs a newer version of {info.title}'s rules", readable=False)
    migrate = getattr(info.rules, "migrate_save", None)
    if migrate is None:
        raise SaveError(f"the save was made with older {info.title} rules that this table no longer plays")
    return migrate(data)


class Autosaver:
    """Keeps one save file per game up to date while it is played.

    Turn-based games are saved after every action (`every_action`); a real-time game calls `save`
    at round ends and on pause, since a tick log rewritten 60 times a second would be waste. A
    table calls `flush` once a frame: the save for an action is written on the frame after it,
    so a frame never pays for both the redraw an action causes and the write. A failed write
    (full disk, read-only folder) is reported once through `notice`, never raised: losing an
    autosave must not stop the game.
    """

    def __init__(self, session: Session, folder: str | Path, *, every_action: bool,
                 path: str | Path | None = None, enabled: bool = True) -> None:
        """`path`: the file a resumed game came from (it is kept up to date instead of a new one);
        `enabled=False` for a game only watched (a replay), which must not write anything."""
        self.session = session
        self.path = Path(path) if path is not None else Path(folder) / save_name(session, time.time())
        self.enabled = enabled
        self.notice: Msg | str = ""  # a message for the player (the UI translates it)
        self.dirty = False
        self._failed = False
        if every_action:
            session.listeners.append(lambda entry, events: self._mark())

    def _mark(self) -> None:
        self.dirty = True

    def flush(self) -> bool:
        """Write the save if an action is waiting for it (without the state hash, the costly part;
        the game's end and leaving the table write a full save)."""
        return self.save(with_hash=self.session.is_over()) if self.dirty else True

    def save(self, with_hash: bool = True) -> bool:
        """Write the save now; False (with `notice` set once) if it could not be written."""
        self.dirty = False
        if not self.enabled:
            return True
        try:
            write_save(self.path, self.session, with_hash)
        except OSError as exc:
            if not self._failed:
                self.notice = autosave_failure(exc)
            self._failed = True
            return False
        self._failed = False
        return True


def autosave_failure(exc: OSError) -> Msg:
    """What to tell the player when the game could not be saved: why in their words, not the
    system's English error text."""
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return Msg("Autosave failed: the saves folder cannot be written to.")
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return Msg("Autosave failed: the disk is full.")
    return Msg("Autosave failed: the game could not be written ({code}).",
               code=errno.errorcode.get(exc.errno or 0, "?"))


def list_saves(folder: str | Path) -> tuple[list[SaveInfo], list[str]]:
    """Every readable save in `folder`, newest first, and one line per file that is not a save.

    Damaged files are reported, never deleted or moved: they may be the only copy of a game. A
    file unchanged since it was last read (same size and time) is not parsed again: the title
    lists the saves each time it is shown, and a long Rumble Pie log is tens of kilobytes.
    """
    saves: list[SaveInfo] = []
    problems: list[str] = []
    root = Path(folder)
    if not root.is_dir():
        return saves, problems
    for path in sorted(root.glob("*.json")):
        try:
            saves.append(_summary(path))
        except SaveError as exc:
            problems.append(f"{path.name}: {exc.message}")
        except OSError:
            continue  # gone between the listing and the read (another copy of the app saved)
    saves.sort(key=lambda info: info.saved_at, reverse=True)
    return saves, problems


_SUMMARIES: dict[str, tuple[tuple[int, int], SaveInfo]] = {}


def _summary(path: Path) -> SaveInfo:
    stat = path.stat()
    stamp = (stat.st_mtime_ns, stat.st_size)
    known = _SUMMARIES.get(str(path))
    if known is not None and known[0] == stamp:
        return known[1]
    info = save_info(str(path), read_save(path))
    if len(_SUMMARIES) > 512:
        _SUMMARIES.clear()
    _SUMMARIES[str(path)] = (stamp, info)
    return info
