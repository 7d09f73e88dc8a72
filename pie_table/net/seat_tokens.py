"""The secret tokens of the seats this player took at tables on other machines, remembered per
address and table in a per-user file, so a player who closed the window (or lost the link) takes
the same seat back by joining again.

A versioned JSON file written atomically (`core.userfiles`); a damaged one is set aside and
nothing is remembered, never a crash. Pure Python: no pygame.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pie_table.core.userfiles import read_json, write_json

_FILE = "seat_tokens.json"
_KIND, _VERSION = "seat-tokens", 1
_KEEP = 20  # the last tables joined; older tokens are forgotten


def _path() -> Path:
    from pie_table.paths import config_dir

    return config_dir() / _FILE


def _key(address: str, table: str) -> str:
    return f"{address.strip().rstrip('/')} {table}"


def _validate(payload: Any) -> None:
    seats = payload["seats"]
    if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()):
        raise ValueError("seats must map a table to its token")


def _load() -> dict[str, str]:
    result = read_json(_path(), _KIND, _VERSION, validate=_validate)
    return dict(result.payload["seats"]) if result.ok and result.payload is not None else {}


def remembered(address: str, table: str) -> str:
    """The token of the seat last taken at `table` on `address` ('' when none)."""
    return _load().get(_key(address, table), "")


def remember(address: str, table: str, token: str) -> None:
    """Keep `token` for `table` on `address` (a failed write is not fatal: only rejoining needs it)."""
    seats = _load()
    seats.pop(_key(address, table), None)
    seats[_key(address, table)] = token
    try:
        write_json(_path(), _KIND, _VERSION, {"seats": dict(list(seats.items())[-_KEEP:])})
    except OSError:
        pass


def forget(address: str, table: str) -> None:
    """The seat at `table` on `address` is gone (a refused token, a game over)."""
    seats = _load()
    if seats.pop(_key(address, table), None) is not None:
        try:
            write_json(_path(), _KIND, _VERSION, {"seats": seats})
        except OSError:
            pass
