"""The shape of a save file, checked as a whole before anything in it is used.

A save is refused here, before a game is built from it, when any part is not what the writer
(`core.saves.to_save`) produces: the header, the setup (seats, options, teams, names, seed), the
log (its length, each entry's form `[seat, action]` or `[None, action, count]`, seats in range,
counts bounded), the counters and the save time. Numbers must be finite and in range, so a value
like `1e30`, `Infinity` or `NaN` never reaches `time.localtime` or `int()`. Whether each logged
action is legal is not judged here: the replay submits it, and the session refuses it with a
reason (`core.resume.load_session`).

Pure Python. `check_save` raises `SaveShapeError` carrying a message for the player.
"""

from __future__ import annotations

import math
from typing import Any, TypeGuard

from pie_table.core.messages import Msg

# The log is bounded so that a small hostile file cannot cost minutes and gigabytes to replay:
# 720,000 entries is 200 minutes of Rumble Pie's 60 ticks a second (a bot game to 10 takes about
# 8,000); a turn-based game logs a few hundred actions.
MAX_LOG_ROWS = 100_000
MAX_LOG_ENTRIES = 720_000
MAX_SEATS = 12
_MAX_TEXT = 200  # the longest name, seat spec or game id a save may hold
_MAX_TIME = 32_503_680_000.0  # the year 3000: any later save time is damage
_MAX_SEED = 2**63


class SaveShapeError(ValueError):
    """A save whose shape is wrong; `reason` is the message for the player."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(str(reason))
        self.reason = reason


def is_whole(value: Any) -> TypeGuard[int]:
    """An int that is not a bool (JSON's true and false are Python bools, and bools are ints)."""
    return type(value) is int


def is_number(value: Any) -> bool:
    """A finite int or float, not a bool."""
    return type(value) in (int, float) and math.isfinite(value)


def check_save(data: dict[str, Any], known_version: int) -> None:
    """Raise SaveShapeError unless `data` (a parsed save of this format) has the shape of a save
    written by a pie_table whose save version is `known_version`."""
    version = data.get("version")
    if not is_whole(version) or version < 1:
        raise SaveShapeError(Msg("the save's format version is damaged"))
    if version > known_version:
        raise SaveShapeError(Msg("the save comes from a newer pie_table; update to open it"))
    for key, kind in (("game", str), ("setup", dict), ("log", list)):
        if not isinstance(data.get(key), kind):
            raise SaveShapeError(Msg("the save's {part} is missing or damaged", part=key))
    if not is_whole(data.get("rules_version")) or data["rules_version"] < 1:
        raise SaveShapeError(Msg("the save's {part} is missing or damaged", part="rules_version"))
    _check_text(data["game"], "game")
    seats = _check_setup(data["setup"], data["game"])
    seed = data.get("seed", data["setup"].get("seed"))
    if not is_whole(seed) or not 0 <= seed < _MAX_SEED or seed != data["setup"].get("seed", seed):
        raise SaveShapeError(Msg("the save's seed is damaged"))
    _check_log(data["log"], seats)
    _check_counters(data)
    scores = data.get("scores", [])
    if not isinstance(scores, list) or len(scores) > seats or not all(is_number(v) for v in scores):
        raise SaveShapeError(Msg("the save's {part} is missing or damaged", part="scores"))


def _check_text(value: Any, part: str) -> None:
    if not isinstance(value, str) or not 0 < len(value) <= _MAX_TEXT:
        raise SaveShapeError(Msg("the save's {part} is missing or damaged", part=part))


def _check_setup(setup: dict[str, Any], game: str) -> int:
    """The setup's own shape; returns its number of seats."""
    damaged = SaveShapeError(Msg("the save's seats and options are damaged"))
    if setup.get("game_id") != game:
        raise damaged
    seats = setup.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise damaged
    for spec in seats:
        _check_text(spec, "seats")
    options = setup.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(k, str) and _plain(v) for k, v in options.items()):
        raise damaged
    teams = setup.get("teams")
    if teams is not None and (not isinstance(teams, list) or len(teams) != len(seats)
                              or not all(is_whole(t) and 0 <= t < MAX_SEATS for t in teams)):
        raise SaveShapeError(Msg("the save's teams are damaged"))
    names = setup.get("names", [])
    if not isinstance(names, list) or len(names) > len(seats):
        raise damaged
    for name in names:
        if not isinstance(name, str) or len(name) > _MAX_TEXT:
            raise damaged
    seed = setup.get("seed", 0)
    if not is_whole(seed) or not 0 <= seed < _MAX_SEED:
        raise SaveShapeError(Msg("the save's seed is damaged"))
    return len(seats)


def _plain(value: Any, depth: int = 0) -> bool:
    """An option value: text, a bool, a finite number, nothing, or a short list of those."""
    if value is None or isinstance(value, str | bool) or is_number(value):
        return True
    return isinstance(value, list) and depth == 0 and len(value) <= 64 and all(_plain(v, 1) for v in value)


def _check_log(rows: list[Any], seats: int) -> None:
    """Each entry is [seat, action] or [None, action, count], and the whole log is bounded."""
    if len(rows) > MAX_LOG_ROWS:
        raise SaveShapeError(Msg("the save's log is too long"))
    total = 0
    for index, row in enumerate(rows, start=1):
        if not isinstance(row, list) or len(row) not in (2, 3) or not isinstance(row[1], dict):
            raise SaveShapeError(Msg("entry {n} of the log is malformed", n=index))
        seat = row[0]
        if seat is not None and not (is_whole(seat) and 0 <= seat < seats):
            raise SaveShapeError(Msg("entry {n} of the log names no seat", n=index))
        count = row[2] if len(row) == 3 else 1
        if not is_whole(count) or count < 1:
            raise SaveShapeError(Msg("entry {n} of the log is malformed", n=index))
        if count > 1 and seat is not None:
            raise SaveShapeError(Msg("entry {n} of the log repeats a seat's action", n=index))
        if not all(isinstance(key, str) for key in row[1]):
            raise SaveShapeError(Msg("entry {n} of the log is malformed", n=index))
        total += count
        if total > MAX_LOG_ENTRIES:
            raise SaveShapeError(Msg("the save's log is too long"))


def _check_counters(data: dict[str, Any]) -> None:
    """The summary fields menus read: the action count, finished, the save time, the hash."""
    actions = data.get("actions", 0)
    if not is_whole(actions) or not 0 <= actions <= MAX_LOG_ENTRIES:
        raise SaveShapeError(Msg("the save's {part} is missing or damaged", part="actions"))
    if not isinstance(data.get("finished", False), bool):
        raise SaveShapeError(Msg("the save's {part} is missing or damaged", part="finished"))
    saved_at = data.get("saved_at", 0)
    if not is_number(saved_at) or not 0 <= saved_at < _MAX_TIME:
        raise SaveShapeError(Msg("the save's time is damaged"))
    digest = data.get("state_hash")
    if digest is not None and (not isinstance(digest, str) or len(digest) > 128):
        raise SaveShapeError(Msg("the save's {part} is missing or damaged", part="state_hash"))
