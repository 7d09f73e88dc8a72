"""Save files: the setup, the seed and the action log of a session, as versioned JSON.

The log is the truth: loading a save replays it from the seed, and refuses (never skips) an action
that does not apply. A state hash stored beside the log catches a damaged save that happens to
replay into a different game. Long runs of the session's own clock actions (Rumble Pie ticks) are
stored as one entry with a count.

Pure Python. Reading untrusted files never raises anything but `SaveError`, whose message is one
line for a player; `SaveError.readable` tells a file that could be read but not replayed. The
whole document is checked against its shape (`core.save_schema`) before a game is built from it.
A damaged save is set aside beside itself (`name.json.bad-...`) and listed with its reason until
the player removes it.
"""

from __future__ import annotations

import json
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pie_table.core import userfiles
from pie_table.core.messages import Msg
from pie_table.core.save_schema import MAX_LOG_ENTRIES, SaveShapeError, check_save, is_number
from pie_table.core.userfiles import (
    cached_read,
    forget_read,
    move_aside,
    original_name,
    set_aside_in,
    write_text_atomic,
)

if TYPE_CHECKING:  # the title lists saves (often none) without the registry, setups or sessions
    from pie_table.core.registry import GameInfo, OptionInfo
    from pie_table.core.session import Entry, Session
    from pie_table.core.setup import GameSetup

SAVE_FORMAT = "pie_table-save"
# 2: a game's history is kept beside its state, no longer in it, so the state hash of a version-1
# save (taken of a state that held its history) is not comparable: it is left out when read.
# 3: a game's state may change shape (Cheflebrity's no longer holds its scoring breakdown): the
# state hash of a save older than the game's `state_hash_since` is left out when read.
SAVE_VERSION = 3
_MAX_BYTES = 32 * 1024 * 1024  # far above any real save (a long Rumble Pie game is ~100 KB)
# Lists and objects a save may hold, counted in its bytes before it is parsed: a long Rumble Pie
# game holds a few tens of thousands, while 32 MiB of tiny ones would take over a gigabyte to parse.
_MAX_CONTAINERS = 500_000
_TEXT_MAX = 40  # what the seat screen's text field takes


class SaveError(Exception):
    """A save that cannot be used; `readable` is False when the file is not a save at all, `newer`
    when a newer pie_table wrote it (left in place, not damaged). `message` is the English line,
    `reason` the same as a message to translate."""

    def __init__(self, message: Msg | str, readable: bool = True, newer: bool = False) -> None:
        super().__init__(str(message))
        self.message = str(message)
        self.reason = message
        self.readable = readable
        self.newer = newer


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
    remote: list[int] = field(default_factory=list)  # seats left to players on other machines
    names: list[str] = field(default_factory=list)  # each seat's player name ("" when none)
    scores: list[float] = field(default_factory=list)  # each seat's, once the game is finished
    teams: list[int] | None = None  # a team game's team per seat (its seats share a score)


def to_save(session: Session, *, saved_at: float | None = None, with_hash: bool = True) -> dict[str, Any]:
    """The save document for `session` (JSON-compatible). `with_hash=False` leaves out the state
    hash, which costs a full serialisation of the state: the autosave after every action skips it
    (a damaged log is still refused by the replay); saves on leaving and at the end carry it."""
    doc = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": session.info.id,
        "rules_version": session.rules.rules_version,
        "setup": session.setup.to_json(),
        "seed": session.setup.seed,
        "log": compact_log(session.log),
        "actions": len(session.log),
        "finished": session.is_over(),
        "saved_at": time.time() if saved_at is None else saved_at,
    }
    if with_hash:
        doc["state_hash"] = session.hash()
    if session.is_over():
        doc["scores"] = final_scores(session)  # for the saves list: it never replays a game
    return doc


def final_scores(session: Session) -> list[float]:
    """Each seat's score in a finished game, as the statistics read it."""
    from pie_table.core.stats import seat_scores

    report = session.info.report(session) if session.info.report is not None else {}
    return [float(score) for score in seat_scores(report, len(session.setup.seats), session.info.id)]


def write_save(path: str | Path, session: Session, with_hash: bool = True) -> Path:
    """Write `session`'s save to `path` atomically (a temporary file beside it, then a rename),
    so a crash mid-write leaves the old save whole."""
    text = json.dumps(to_save(session, with_hash=with_hash), separators=(",", ":"))
    return write_text_atomic(path, text)


def read_save(path: str | Path) -> dict[str, Any]:
    """The parsed save at `path`; SaveError(readable=False) for a missing, unreadable or foreign file."""
    target = Path(path)
    try:
        found = target.stat()
        if not stat.S_ISREG(found.st_mode):  # a FIFO or a device would block the read
            raise SaveError(Msg("not a regular file"), readable=False)
        if found.st_size > _MAX_BYTES:
            raise SaveError(Msg("too large to be a save"), readable=False)
        raw = target.read_bytes()
    except OSError as exc:
        why = exc.strerror or "unreadable"
        raise SaveError(Msg("cannot be read ({why})", why=why), readable=False) from None
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
            raise SaveError(Msg("entry {n} of the log is malformed", n=index + 1))
        seat, action = row[0], row[1]
        count = row[2] if len(row) == 3 else 1
        if not (seat is None or type(seat) is int):
            raise SaveError(Msg("entry {n} of the log names no seat", n=index + 1))
        if not isinstance(action, dict) or type(count) is not int or not 1 <= count <= MAX_LOG_ENTRIES:
            raise SaveError(Msg("entry {n} of the log is malformed", n=index + 1))
        if count > 1 and seat is not None:
            raise SaveError(Msg("entry {n} of the log repeats a seat's action", n=index + 1))
        if len(entries) + count > MAX_LOG_ENTRIES:
            raise SaveError(Msg("the save's log is too long"))
        entries.extend([(seat, action)] * count)
    return entries


def parse_save(text: str | bytes) -> dict[str, Any]:
    """The save document in `text`, checked as a whole against its shape (`core.save_schema`);
    SaveError(readable=False) if it is not one."""
    raw = text.encode() if isinstance(text, str) else text
    if raw.count(b"[") + raw.count(b"{") > _MAX_CONTAINERS:  # a bracket in a string counts too: harmless
        raise SaveError(Msg("too large to be a save"), readable=False)
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        damaged = Msg("not a pie_table save (the file is damaged or is not JSON)")
        raise SaveError(damaged, readable=False) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(Msg("not a pie_table save"), readable=False)
    try:
        check_save(data, SAVE_VERSION)
    except SaveShapeError as exc:
        newer = type(data.get("version")) is int and data["version"] > SAVE_VERSION
        raise SaveError(exc.reason, readable=False, newer=newer) from None
    return data


def save_info(path: str, data: dict[str, Any]) -> SaveInfo:
    """The summary of a parsed save, for menus; SaveError(newer=True) for one that needs newer
    rules than this table plays (listed with those that cannot be opened, so it can be removed,
    and never offered as Continue)."""
    setup = data["setup"]
    seats = setup.get("seats") if isinstance(setup.get("seats"), list) else []
    from pie_table.core.registry import listed_rules_version, listed_title

    known = listed_rules_version(data["game"])
    if known is not None and data["rules_version"] > known:
        needs = Msg("the save needs a newer version of {game}'s rules", game=listed_title(data["game"]))
        raise SaveError(needs, readable=False, newer=True)

    title = listed_title(data["game"])  # not the game's module: listing saves imports no game
    saved_at = data.get("saved_at")
    actions = data.get("actions")
    remote = setup.get("remote") if isinstance(setup.get("remote"), list) else []
    teams = setup.get("teams")
    return SaveInfo(path, data["game"], title, [str(s) for s in seats],
                    float(saved_at) if isinstance(saved_at, int | float) else 0.0,
                    bool(data.get("finished")), actions if isinstance(actions, int) else 0,
                    [seat for seat in remote if type(seat) is int], [str(n) for n in setup.get("names", [])],
                    [float(v) for v in data.get("scores", [])],
                    [int(t) for t in teams] if isinstance(teams, list) else None)


def prepare_save(data: dict[str, Any]) -> tuple[GameInfo, GameSetup, dict[str, Any]]:
    """The game, the setup and the save brought up to the game's rules version: every check a save
    passes before its log is replayed."""
    info = _game(data["game"])
    setup = _setup(data, info)
    return info, setup, _migrate(_from_older_format(data, info), info)


def _from_older_format(data: dict[str, Any], info: GameInfo) -> dict[str, Any]:
    """A save of an older save version in today's shape: its actions replay as they are (each is
    checked again as it replays), but a state hash taken of an older shape of the game's state
    cannot be compared and is dropped (`GameRules.state_hash_since`: a version-1 save's held the
    game's history inside the state; a game's state may have changed shape since)."""
    version = data["version"]
    if version >= SAVE_VERSION:
        return data
    if version >= info.rules.state_hash_since:
        return data | {"version": SAVE_VERSION}
    return {key: value for key, value in data.items() if key != "state_hash"} | {"version": SAVE_VERSION}


def _game(game_id: str) -> GameInfo:
    from pie_table.core.registry import get_game

    try:
        return get_game(game_id)
    except KeyError:
        # Control characters shown as "?": a newline in the id would split a one-line refusal.
        shown = "".join(c if c.isprintable() else "?" for c in game_id[:40])
        message = Msg("the save is of a game this table does not have ({game})", game=shown)
        raise SaveError(message, readable=False) from None


def _setup(data: dict[str, Any], info: GameInfo) -> GameSetup:
    """The save's setup, checked well enough that a damaged one cannot start a broken game."""
    from pie_table.core.setup import GameSetup, SetupError

    raw = data["setup"]
    try:
        setup = GameSetup.from_json(raw)
    except (SetupError, KeyError, TypeError, ValueError, AttributeError, OverflowError):
        raise SaveError(Msg("the save's seats and options are damaged"), readable=False) from None
    if setup.game_id != info.id or not info.min_seats <= len(setup.seats) <= info.max_seats:
        raise SaveError(Msg("the save's seats do not fit its game"), readable=False)
    if setup.seed != data.get("seed", setup.seed) or not 0 <= setup.seed < 2**63:
        raise SaveError(Msg("the save's seed is damaged"), readable=False)
    if setup.teams is not None and (len(setup.teams) != len(setup.seats)
                                    or not all(type(t) is int for t in setup.teams)):
        raise SaveError(Msg("the save's teams are damaged"), readable=False)
    for option in info.options:
        if option.key in setup.options and not _offered(option, setup.options[option.key]):
            raise SaveError(Msg("the save's option {key} is not one this table offers", key=option.key),
                            readable=False)
    return setup


def _offered(option: OptionInfo, value: Any) -> bool:
    """`value` is one the seat screen could have set for `option`. A number may also be a smaller
    one (a short game for a test or a demonstration), never past the largest offered: a target of
    ten million would never end."""
    if isinstance(option.default, bool):
        return type(value) is bool
    if option.choices and all(is_number(c) for c in option.choices):
        return is_number(value) and 1 <= value <= max(option.choices)
    if option.choices:
        return value in option.choices
    if isinstance(option.default, str):
        return isinstance(value, str) and len(value) <= _TEXT_MAX
    return True


def _migrate(data: dict[str, Any], info: GameInfo) -> dict[str, Any]:
    """Bring a save from an older rules version up to date, or refuse it clearly."""
    current = info.rules.rules_version
    version = data["rules_version"]
    if version == current:
        return data
    if version > current:
        raise SaveError(Msg("the save needs a newer version of {game}'s rules", game=info.title),
                        readable=False, newer=True)
    migrated = info.rules.migrate_save(data)
    if migrated is None:
        raise SaveError(Msg("the save was made with older {game} rules that this table no longer plays",
                            game=info.title))
    return migrated


class GameSaver(Protocol):
    """What a table keeps its game on disk with, and what leaving it, its marker and the results
    read: an `Autosaver`, or at a seat played from another machine one that writes the seat's own
    replay or nothing (`net.seat_source`)."""

    enabled: bool
    dirty: bool
    every_action: bool
    notice: Msg | str  # one line for the table when saving starts failing

    @property
    def path(self) -> Path | None:
        """The file the game is kept in (None: none yet, or none at all)."""

    @property
    def failure(self) -> Msg | None:
        """Why the last write failed (None while saving works)."""

    @property
    def failing(self) -> bool:
        """The game as it stands is not on disk."""

    @property
    def copied(self) -> Path | None:
        """A copy written elsewhere that still holds the game as it stands."""

    def mark(self) -> None:
        """An action was applied: the save is due."""

    def flush(self) -> bool:
        """Write the save if one is due; False if writing failed."""

    def save(self, with_hash: bool = True) -> bool:
        """Write the save now; False if writing failed."""


class Autosaver:
    """Keeps one save file per game up to date while it is played.

    Turn-based games are saved after every action (`every_action`); a real-time game calls `save`
    at round ends and on pause, since a tick log rewritten 60 times a second would be waste. A
    table calls `flush` once a frame: the save for an action is written on the frame after it,
    so a frame never pays for both the redraw an action causes and the write. A failed write
    (full disk, read-only folder) is never raised: losing an autosave must not stop the game.
    Instead `failure` says why for as long as saving fails (the table keeps a marker, and asks
    before the game is left), `notice` says so once when it starts failing (the table's message
    line), and the next move tries again.
    """

    def __init__(self, session: Session, folder: str | Path, *, every_action: bool,
                 path: str | Path | None = None, enabled: bool = True) -> None:
        """`path`: the file a resumed game came from (it is kept up to date instead of a new one);
        `enabled=False` for a game only watched (a replay), which must not write anything."""
        self.session = session
        self.path = Path(path) if path is not None else Path(folder) / save_name(session, time.time())
        self.enabled = enabled
        self.dirty = False
        self.failure: Msg | None = None  # why the last write failed; None while saving works
        self.notice: Msg | str = ""  # one line for the table when saving starts failing
        # A copy saved elsewhere (`save_copy`) while it still holds the game as it stands: any
        # move or later save attempt makes it an older position.
        self.copied: Path | None = None
        self._kept = False  # once the game is worth a save, it stays so (`worth_keeping`)
        self.every_action = every_action
        if every_action:
            session.listeners.append(lambda entry, events: self.mark())

    @property
    def failing(self) -> bool:
        """The game as it stands is not on disk: the last write failed."""
        return self.enabled and self.failure is not None

    def mark(self) -> None:
        """An action was applied (or undone): the save is due on the next `flush`."""
        self.dirty = True
        self.copied = None

    def flush(self) -> bool:
        """Write the save if an action is waiting for it (without the state hash, the costly part;
        the game's end and leaving the table write a full save)."""
        return self.save(with_hash=self.session.is_over()) if self.dirty else True

    def save(self, with_hash: bool = True) -> bool:
        """Write the save now; False (with `failure` set) if it could not be written."""
        self.dirty = False
        if not self.enabled:
            return True
        self.copied = None
        if not self.worth_keeping():
            return True  # a start left before anyone moved: nothing to lose, no save to list
        try:
            write_save(self.path, self.session, with_hash)
        except OSError as exc:
            if self.failure is None:
                self.notice = Msg("Autosave failed: {why}.", why=write_failure(exc))
            self.failure = write_failure(exc)
            return False
        self.failure = None
        return True

    def worth_keeping(self) -> bool:
        """Whether the game holds something to keep: a person's move (a table of bots only: any
        move), or a file already written (a resumed game, or one whose moves were taken back)."""
        if self._kept:
            return True
        humans = {seat for seat, spec in enumerate(self.session.setup.seats) if not spec.is_bot}
        log = self.session.log
        moved = any(entry.seat in humans for entry in log) if humans else bool(log)
        self._kept = moved or self.session.is_over() or self.path.exists()
        return self._kept

    def save_copy(self, folder: str | Path) -> Path:
        """Write the game, whole, to a file of the same name in `folder` (somewhere other than the
        saves folder that cannot be written); OSError if that fails too."""
        self.copied = write_save(Path(folder) / self.path.name, self.session)
        return self.copied


def write_failure(exc: OSError) -> Msg:
    """Why a save could not be written, in words a player understands."""
    return userfiles.write_failure(
        exc, locked=Msg("the saves folder may not be written to"),
        read_only=Msg("the disk holding the saves is read-only"),
        failed=lambda why: Msg("the save could not be written ({why})", why=why))


@dataclass(frozen=True)
class DamagedSave:
    """A save that cannot be opened: where it is now, the name it had, and why. A damaged one has
    been set aside (`name.json.bad-...`); one from a newer pie_table stays where it is."""

    path: str
    name: str
    reason: Msg | str


def list_saves(folder: str | Path) -> tuple[list[SaveInfo], list[DamagedSave]]:
    """Every readable save in `folder`, newest first, and every save that cannot be opened.

    A damaged save is set aside beside itself (renamed, never deleted: it may be the only copy of
    a game) and listed from then on, with its reason, until the player removes it. A file
    unchanged since it was last read (same size and time) is not parsed again: the title lists
    the saves each time it is shown, and a long Rumble Pie log is tens of kilobytes.
    """
    saves: list[SaveInfo] = []
    damaged: list[DamagedSave] = []
    root = Path(folder)
    if not root.is_dir():
        return saves, damaged
    for path in sorted(root.glob("*.json")):
        try:
            saves.append(_summary(path))
        except SaveError as exc:
            entry = set_aside(path, exc)
            if entry.path == str(path):  # left in place (newer, or the folder is read-only)
                damaged.append(entry)
        except OSError:
            continue  # gone between the listing and the read (another copy of the app saved)
    for path in set_aside_in(root):
        try:
            reason = cached_read(path, _DIAGNOSIS, diagnose)
            damaged.append(DamagedSave(str(path), original_name(path), reason))
        except OSError:
            continue
    saves.sort(key=lambda info: info.saved_at, reverse=True)
    return saves, damaged


def set_aside(path: str | Path, error: SaveError) -> DamagedSave:
    """Rename a save that cannot be used out of the list (one from a newer pie_table stays)."""
    source = Path(path)
    moved = None if error.newer else move_aside(source)
    forget_read(source, _SUMMARY)
    return DamagedSave(str(moved or source), source.name, error.reason)


def diagnose(path: str | Path) -> Msg | str:
    """Why a set-aside save cannot be used, found again without replaying it."""
    try:
        prepare_save(read_save(path))
    except SaveError as exc:
        return exc.reason
    return Msg("the save does not replay")


def remove_save(path: str | Path) -> None:
    """Delete a save for good (the player chose to, and was asked); OSError if it cannot be."""
    source = Path(path)
    source.unlink()
    forget_read(source, _SUMMARY)


def remove_damaged(entry: DamagedSave) -> None:
    """Delete a set-aside save for good (the player chose to); OSError if it cannot be."""
    Path(entry.path).unlink()


_SUMMARY = "save-summary"  # what `cached_read` keeps of a save: its summary
_DIAGNOSIS = "save-diagnosis"  # and of a set-aside one: why it cannot be used


def _summary(path: Path) -> SaveInfo:
    return cached_read(path, _SUMMARY, lambda p: save_info(str(p), read_save(p)))
