"""Checks of what the command line names, made before any work starts: each raises CliError with
one line (exit code 2). Options are read from the game's own declarations (`OptionInfo`), the same
the seat screen builds its rows from, so the command line accepts exactly what that screen offers.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pie_table.cli.errors import CliError
from pie_table.core.registry import GameInfo, OptionInfo
from pie_table.core.setup import SeatSpec

_TRUE = ("true", "yes", "on")
_FALSE = ("false", "no", "off")
_TEXT_MAX = 40  # what the seat screen's text field takes
SEED_LIMIT = 2**63  # seeds from 0 to 2**63 - 1: what a save may hold (`core.saves`)
AT_MAX = 3600.0  # seconds of table time a screenshot may skip to
TURN_MAX = 1000
_NAME_MAX = 255  # bytes in one file name on the usual file systems (ext4, APFS, NTFS)
PORT_MAX = 65535


def option_value(option: OptionInfo, raw: str) -> Any:
    """The value `raw` names for `option`, as the seat screen offers it: a toggle takes true or
    false, a choice one of its choices, a number field a whole number, a text field 1-40 characters."""
    name = f"option {option.key}"
    if isinstance(option.default, bool):
        low = raw.strip().lower()
        if low in _TRUE or low in _FALSE:
            return low in _TRUE
        raise CliError(f"{name} takes true or false, not {raw!r}")
    if option.choices:
        for choice in option.choices:
            if str(choice).lower() == raw.strip().lower():
                return choice
        choices = ", ".join(str(c) for c in option.choices)
        raise CliError(f"{name} takes one of {choices}, not {raw!r}")
    if isinstance(option.default, int):
        try:
            return int(raw)
        except ValueError:
            raise CliError(f"{name} takes a whole number, not {raw!r}") from None
    text = raw.strip()
    if not 1 <= len(text) <= _TEXT_MAX:
        raise CliError(f"{name} takes a text of 1 to {_TEXT_MAX} characters")
    return text


def options(info: GameInfo, items: list[str], flags: Sequence[str] = ()) -> dict[str, Any]:
    """The game's options: its defaults, changed by each `KEY=VALUE`, and each on/off option named
    as a flag (`--vocations` switches RATS's `vocations` on)."""
    known = {o.key: o for o in info.options}
    chosen = {o.key: o.default for o in info.options}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep:
            raise CliError(f"bad --option {item!r}: expected KEY=VALUE")
        if key not in known:
            raise CliError(f"unknown option {key!r} for {info.id}; known: {', '.join(known) or 'none'}")
        chosen[key] = option_value(known[key], raw)
    for flag in flags:
        chosen[_flag_option(info, known, flag)] = True
    return chosen


def _flag_option(info: GameInfo, known: dict[str, OptionInfo], flag: str) -> str:
    """The on/off option `--KEY` (or `--KEY-WITH-DASHES`) names; CliError if it names none."""
    key = flag.removeprefix("--").replace("-", "_")
    if not flag.startswith("--") or key not in known:
        raise CliError(f"{flag} is not an option of {info.id}")
    if not isinstance(known[key].default, bool):
        raise CliError(f"{flag} takes a value: use --option {key}=VALUE")
    return key


def seat_list(text: str) -> str:
    """A `--seats` list with no empty entry ("bot:hard,,bot:easy" and "" are mistakes)."""
    if not text.strip() or any(not part.strip() for part in text.split(",")):
        raise CliError(f"--seats {text!r} has an empty seat: name one per seat, e.g. bot:hard,bot:easy")
    return text


def seats_offered(info: GameInfo, seats: list[SeatSpec]) -> None:
    """Seats as the seat screen offers them: the game's own bot levels, one human per control."""
    held: dict[str, int] = {}
    for number, spec in enumerate(seats, 1):
        if spec.is_bot and spec.level not in info.bot_levels:
            raise CliError(f"{info.id} has no {spec.level} bots; its levels: {', '.join(info.bot_levels)}")
        if not spec.is_bot and spec.control != "hotseat":
            if spec.control in held:
                raise CliError(f"seats {held[spec.control]} and {number} both use {spec.control}: "
                               "one control per player")
            held[spec.control] = number


def teams(info: GameInfo, text: str | None, seats: int) -> list[int] | None:
    """The team of each seat from `--teams` (A, B, C or 0, 1, 2), or None when not given."""
    if text is None:
        return None
    if not info.team_game:
        raise CliError(f"--teams is only for team games; {info.id} has none")
    parts = [p.strip().upper() for p in text.split(",")]
    if len(parts) != seats:
        raise CliError(f"--teams names {len(parts)} teams for {seats} seats")
    found = []
    for part in parts:
        if part in ("A", "B", "C"):
            found.append(ord(part) - ord("A"))
        elif part in ("0", "1", "2"):
            found.append(int(part))
        else:
            raise CliError(f"bad team {part!r}: use A, B, C or 0, 1, 2")
    return found


def seed(value: int, games: int = 1) -> int:
    """A seed a save can hold, for each of `games` games from it."""
    if not 0 <= value or value + games > SEED_LIMIT:
        raise CliError(f"--seed must be from 0 to {SEED_LIMIT - games}, not {value}")
    return value


def count(flag: str, value: int, low: int = 1, high: int = 1_000_000) -> int:
    """A whole number of games or frames within reason."""
    if not low <= value <= high:
        raise CliError(f"{flag} must be from {low} to {high}, not {value}")
    return value


def interface_size(percent: int) -> int:
    """One of the interface sizes the Settings offer."""
    from pie_table.kit.settings import UI_SCALES

    if percent not in UI_SCALES:
        raise CliError(f"--interface-size must be one of {', '.join(map(str, UI_SCALES))}, not {percent}")
    return percent


def seconds(flag: str, value: float, high: float, low: float = 0.0, above: bool = True) -> float:
    """A finite number of seconds (or milliseconds) from `low` (excluded when `above`) to `high`:
    inf or nan would run a benchmark forever or print nonsense."""
    fits = math.isfinite(value) and (value > low if above else value >= low) and value <= high
    if not fits:
        bound = f"above {low:g}" if above else f"from {low:g}"
        raise CliError(f"{flag} must be {bound} and at most {high:g}, not {value}")
    return value


def port(value: int) -> int:
    """A TCP port to listen on (0: any free one)."""
    if not 0 <= value <= PORT_MAX:
        raise CliError(f"--port must be from 0 to {PORT_MAX}, not {value}")
    return value


def serve_table(spec: str) -> tuple[str, list[str]]:
    """A `serve --table GAME:SEATS` spec, as a lobby table takes it: the game's id and its seats,
    each `remote` or one of the game's own bot levels (a serve has no screen for a human seat)."""
    from pie_table.core.registry import get_game

    game, _sep, listed = spec.partition(":")
    try:
        info = get_game(game)
    except KeyError:
        raise CliError(f"--table {spec!r}: unknown game {game!r}") from None
    seats = [seat.strip() for seat in listed.split(",")]
    if not listed.strip() or any(not seat for seat in seats):
        raise CliError(f"--table {spec!r}: name every seat, e.g. {info.id}:remote,bot:normal")
    for number, seat in enumerate(seats, 1):
        kind, _sep, level = seat.partition(":")
        if seat == "remote":
            continue
        if kind != "bot":
            raise CliError(f"--table {spec!r}: seat {number} is {seat!r}; a serve seat is remote or a bot")
        if (level or "normal") not in info.bot_levels:
            raise CliError(f"--table {spec!r}: {info.id} has no {level} bots; its levels: "
                           f"{', '.join(info.bot_levels)}")
    if not info.min_seats <= len(seats) <= info.max_seats:
        takes = f"{info.min_seats}-{info.max_seats}"
        raise CliError(f"--table {spec!r}: {info.id} takes {takes} seats, not {len(seats)}")
    return info.id, seats


def moment(at: float | None, turn: int | None) -> None:
    """`--at` (seconds of table time) and `--turn` (turn or round) a screenshot may skip to."""
    if at is not None and turn is not None:
        raise CliError("give --at or --turn, not both")
    if at is not None and not (math.isfinite(at) and 0 <= at <= AT_MAX):
        raise CliError(f"--at must be from 0 to {AT_MAX:g} seconds, not {at}")
    if turn is not None and not 1 <= turn <= TURN_MAX:
        raise CliError(f"--turn must be from 1 to {TURN_MAX}, not {turn}")


def writable_folder(flag: str, text: str) -> Path:
    """A folder that exists (it is made if missing) and can be written to."""
    if not text.strip():
        raise CliError(f"{flag} needs a folder")
    path = Path(text)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"{flag} {text}: cannot make that folder ({exc.strerror or 'refused'})") from None
    if not path.is_dir() or not os.access(path, os.W_OK | os.X_OK):
        raise CliError(f"{flag} {text}: not a folder this program can write to")
    return path


def png_file(flag: str, text: str) -> Path:
    """A `.png` file path whose folder can be written to (not a folder itself)."""
    path = Path(text)
    if not text.strip() or path.suffix.lower() != ".png":
        raise CliError(f"{flag} needs a file name ending in .png, not {text!r}")
    if len(path.name.encode()) > _NAME_MAX:
        # Said before the file system is asked, which would raise for it (ENAMETOOLONG).
        raise CliError(f"{flag}: a file name may be at most {_NAME_MAX} bytes, not {len(path.name.encode())}")
    try:
        if path.is_dir():
            raise CliError(f"{flag} {text}: that is a folder")
    except OSError as exc:
        raise CliError(f"{flag}: cannot use that path ({exc.strerror or 'refused'})") from None
    writable_folder(flag, str(path.parent))
    return path


def save_file(text: str) -> Path:
    """A save file to read: an existing regular file (a folder or a pipe would hang or fail)."""
    path = Path(text)
    if not path.is_file():
        why = "no such file" if not path.exists() else "not a regular file"
        raise CliError(f"{text}: {why}")
    return path
