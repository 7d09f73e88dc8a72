"""Per-user JSON files (settings, statistics, players): versioned, written atomically, read safely.

A file holds `{"format": kind, "version": N, ...payload}`. Writing goes to a temporary file in the
same folder, flushed and fsynced, then `os.replace`d over the old one, so a crash or a full disk
mid-write leaves the old file whole.

Reading never raises for a bad file. `read_json` returns a `ReadResult` that says which of three
things happened: the payload was read (`ok`), there is no file (`missing`: use defaults, say
nothing), or the file was refused (`refused`, with a `Problem` and a one-line reason). A refused
file is set aside (renamed beside itself, e.g. `settings.json.bad-20261124-0012`) when the caller
asks for it, and the result's `notice` is the line for the UI to show. A save loader, say, refuses
a newer save but leaves it in place; settings set any bad file aside and start from defaults.
Pure Python.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal, TypeVar

from pie_table.core.messages import Msg

Payload = dict[str, Any]
Migrate = Callable[[Payload, int], Payload]
_RESERVED = ("format", "version")


class Problem(StrEnum):
    """Why a file was refused."""

    UNREADABLE = "unreadable"  # the file exists but could not be read (permissions, a folder)
    EMPTY = "empty"
    DAMAGED = "damaged"  # not JSON: truncated, random bytes, not UTF-8
    WRONG_TYPE = "wrong-type"  # JSON, but not an object with a whole-number version, or a bad payload
    FOREIGN = "foreign"  # some other kind of file
    NEWER = "newer"  # written by a newer pie_table
    OLD = "old"  # an older version that cannot be brought up to date
    NOT_A_FILE = "not-a-file"  # a FIFO or a device: reading it could block for ever
    TOO_LARGE = "too-large"  # far larger than any such file pie_table writes


_REASONS = {
    Problem.UNREADABLE: "could not be read",
    Problem.EMPTY: "is empty",
    Problem.DAMAGED: "is damaged (not readable JSON)",
    Problem.WRONG_TYPE: "does not hold what it should",
    Problem.FOREIGN: "is not a pie_table {kind} file",
    Problem.NEWER: "was written by a newer version of pie_table",
    Problem.OLD: "is from an older version that cannot be read any more",
    Problem.NOT_A_FILE: "is not a regular file",
    Problem.TOO_LARGE: "is too large to be a pie_table {kind} file",
}
_MAX_BYTES = 4 * 1024 * 1024  # settings, keys, players and statistics stay far below this
_LEFTOVER_AGE = 60.0  # seconds: a temporary file older than this is no write still under way


@dataclass(frozen=True)
class ReadResult:
    """What `read_json` found: `status` is "ok" (payload read), "missing" (no file: use defaults
    silently) or "refused" (`problem` and `reason` say why; `set_aside` is where the file went, if
    it was moved)."""

    status: Literal["ok", "missing", "refused"]
    path: Path
    payload: Payload | None = None
    problem: Problem | None = None
    reason: Msg | None = None
    set_aside: Path | None = None

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def notice(self) -> Msg | None:
        """One line for the player about a refused file, or None when there is nothing to say."""
        if self.status != "refused":
            return None
        if self.set_aside is not None:
            return Msg("{name} {reason}; it was set aside as {aside}.",
                       name=self.path.name, reason=self.reason, aside=self.set_aside.name)
        return Msg("{name} {reason}.", name=self.path.name, reason=self.reason)


class _Refusal(Exception):
    def __init__(self, problem: Problem, kind: str) -> None:
        super().__init__(problem.value)
        self.problem = problem
        self.reason = Msg(_REASONS[problem], kind=kind)


def write_json(path: str | Path, kind: str, version: int, payload: Payload) -> Path:
    """Write `payload` as a `kind` file of `version` to `path` atomically (folders made as needed).
    Raises OSError (or json's TypeError/ValueError) on failure, and the old file is left as it was."""
    if any(key in payload for key in _RESERVED):
        raise ValueError(f"a payload may not use the keys {_RESERVED}")
    text = json.dumps({"format": kind, "version": version, **payload}, indent=1, sort_keys=True)
    return write_text_atomic(path, text)


def write_text_atomic(path: str | Path, text: str) -> Path:
    """Write `text` to `path` through a temporary file beside it (flushed and fsynced, then renamed
    over the old one), so a crash or a full disk mid-write leaves the old file whole."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return target


def read_json(path: str | Path, kind: str, version: int, migrate: Migrate | None = None,
              validate: Callable[[Payload], None] | None = None,
              set_aside: bool | Collection[Problem] = True) -> ReadResult:
    """Read a `kind` file of `version`. An older file goes through `migrate(payload, its_version)`
    (refused as OLD without one, or if it raises ValueError/KeyError/TypeError); `validate(payload)`
    raises ValueError/KeyError/TypeError for a payload of the wrong shape. `set_aside` says which
    refused files to rename aside: all (True), none (False) or those with the listed problems."""
    target = Path(path)
    try:
        payload = _load(target, kind, version, migrate, validate)
    except FileNotFoundError:
        return ReadResult("missing", target)
    except _Refusal as refusal:
        wanted = set_aside if isinstance(set_aside, bool) else refusal.problem in set_aside
        moved = move_aside(target) if wanted and refusal.problem is not Problem.UNREADABLE else None
        return ReadResult("refused", target, problem=refusal.problem, reason=refusal.reason, set_aside=moved)
    return ReadResult("ok", target, payload=payload)


def remove_leftovers(folder: str | Path, now: float | None = None) -> list[Path]:
    """Delete the temporary files (`.name.XXXX.tmp`) that writes killed half-way left in `folder`;
    returns what was removed. Only files older than a minute go: another copy of pie_table may be
    writing one right now."""
    removed: list[Path] = []
    limit = (time.time() if now is None else now) - _LEFTOVER_AGE
    try:
        candidates = list(Path(folder).glob(".*.tmp"))
    except OSError:
        return removed
    for path in candidates:
        try:
            found = path.lstat()
            if stat.S_ISREG(found.st_mode) and found.st_mtime < limit:
                path.unlink()
                removed.append(path)
        except OSError:
            continue  # gone already, or a folder that may not be written: try again next start
    return removed


_T = TypeVar("_T")
_READ: dict[tuple[str, str], tuple[tuple[int, int, int], Any]] = {}


def cached_read(path: Path, kind: str, read: Callable[[Path], _T]) -> _T:
    """`read(path)`, kept while the file keeps its time, size and inode (a list of saved games is
    built each time it is shown, and a file can be megabytes: it is parsed again only when it
    changed). `kind` keeps apart what two readers make of one path; a `read` that raises keeps
    nothing. OSError if the file cannot be looked at."""
    found = path.stat()
    stamp = (found.st_mtime_ns, found.st_size, found.st_ino)
    key = (kind, str(path))
    known = _READ.get(key)
    if known is not None and known[0] == stamp:
        return known[1]  # type: ignore[no-any-return]
    value = read(path)
    if len(_READ) > 1024:
        _READ.clear()
    _READ[key] = (stamp, value)
    return value


def forget_read(path: Path, kind: str) -> None:
    """Drop what `cached_read` kept of `path` for `kind` (the file is going away)."""
    _READ.pop((kind, str(path)), None)


ASIDE = ".bad-"  # what `move_aside` puts between a set-aside file's name and its date


def set_aside_in(folder: Path, pattern: str = "*.json") -> list[Path]:
    """The files matching `pattern` in `folder` that `move_aside` set aside, in name order."""
    return sorted(folder.glob(f"{pattern}{ASIDE}*"))


def original_name(path: Path) -> str:
    """The name a set-aside file had before `move_aside` renamed it."""
    return path.name.split(ASIDE, 1)[0]


def move_aside(path: str | Path, now: float | None = None) -> Path | None:
    """Rename `path` to `<name>.bad-YYYYMMDD-HHMM` beside itself (with -2, -3... when that name is
    taken, so an earlier set-aside file is never overwritten). None if it could not be moved."""
    source = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M", time.localtime(now))
    for number in range(1, 1000):
        suffix = f"{ASIDE}{stamp}" if number == 1 else f"{ASIDE}{stamp}-{number}"
        candidate = source.with_name(source.name + suffix)
        try:
            os.link(source, candidate)  # fails if the name is taken: no check-then-rename race
        except FileExistsError:
            continue
        except OSError:
            return _rename_if_free(source, candidate)
        try:
            os.unlink(source)
        except OSError:
            candidate.unlink(missing_ok=True)
            return None
        return candidate
    return None


def _rename_if_free(source: Path, candidate: Path) -> Path | None:
    # For file systems without hard links; the check and the rename are not one step there.
    if candidate.exists():
        return None
    try:
        os.rename(source, candidate)
    except OSError:
        return None
    return candidate


def _load(path: Path, kind: str, version: int, migrate: Migrate | None,
          validate: Callable[[Payload], None] | None) -> Payload:
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise _Refusal(Problem.UNREADABLE, kind)  # a folder is left where it is
        if not stat.S_ISREG(info.st_mode):
            raise _Refusal(Problem.NOT_A_FILE, kind)
        if info.st_size > _MAX_BYTES:
            raise _Refusal(Problem.TOO_LARGE, kind)
        raw = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError:
        raise _Refusal(Problem.UNREADABLE, kind) from None
    if not raw.strip():
        raise _Refusal(Problem.EMPTY, kind)
    try:
        doc = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise _Refusal(Problem.DAMAGED, kind) from None
    if not isinstance(doc, dict):
        raise _Refusal(Problem.WRONG_TYPE, kind)
    if doc.get("format") != kind:
        raise _Refusal(Problem.FOREIGN, kind)
    found = doc.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise _Refusal(Problem.WRONG_TYPE, kind)
    if found > version:
        raise _Refusal(Problem.NEWER, kind)
    payload = {key: value for key, value in doc.items() if key not in _RESERVED}
    if found < version:
        payload = _migrate(migrate, payload, found, kind)
    if validate is not None:
        try:
            validate(payload)
        except (ValueError, KeyError, TypeError):
            raise _Refusal(Problem.WRONG_TYPE, kind) from None
    return payload


def _migrate(migrate: Migrate | None, payload: Payload, found: int, kind: str) -> Payload:
    """The caller's migration from version `found`; none, a refusal or a non-object result is OLD."""
    if migrate is None:
        raise _Refusal(Problem.OLD, kind)
    try:
        result = migrate(payload, found)
    except (ValueError, KeyError, TypeError):
        raise _Refusal(Problem.OLD, kind) from None
    if not isinstance(result, dict):
        raise _Refusal(Problem.OLD, kind)
    return result


def write_failure(exc: OSError, *, locked: Msg, read_only: Msg, failed: Callable[[str], Msg]) -> Msg:
    """Why a file could not be written, in words a player understands: `locked` when its folder may
    not be written to, `read_only` for a read-only disk, a full disk as such, else `failed(why)`
    with the system's reason."""
    full = Msg("the disk is full")
    reasons = {errno.EACCES: locked, errno.EPERM: locked, errno.EROFS: read_only,
               errno.ENOSPC: full, errno.EDQUOT: full}
    found = reasons.get(exc.errno or 0)
    return found if found is not None else failed(exc.strerror or type(exc).__name__)
