"""What this player last filled in on the join screen, prefilled next time: the
address, table, seat and name of the last table joined, and the seat taken at each of the last
tables joined (the join screen offers that seat back when the host shows it away).

A versioned JSON file written atomically (`core.userfiles`); a damaged one is set aside and the
form starts empty, never a crash. Pure Python: no pygame.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pie_table.core.messages import Msg
from pie_table.core.userfiles import read_json, write_json

_FILE = "last_join.json"
_KIND, _VERSION = "last-join", 1
_KEEP = 20  # the seats of the last tables joined; older ones are forgotten


@dataclass(frozen=True)
class LastJoin:
    """The join form as it was last sent (seat counted from 1, as the form shows it)."""

    address: str = "ws://127.0.0.1:"
    table: str = "1"
    seat: int = 2
    name: str = ""


def _path() -> Path:
    from pie_table.paths import config_dir

    return config_dir() / _FILE


def _key(address: str, table: str) -> str:
    return f"{address.strip().rstrip('/')} {table}"


def _validate(payload: Any) -> None:
    last, seats = payload["last"], payload["seats"]
    LastJoin(**last)  # TypeError on a missing or unknown field
    if not (isinstance(last["address"], str) and isinstance(last["table"], str)
            and isinstance(last["seat"], int) and isinstance(last["name"], str)):
        raise ValueError("the last join's fields have the wrong types")
    if not isinstance(seats, dict) or not all(isinstance(v, int) for v in seats.values()):
        raise ValueError("seats must map a table to the seat taken there")


def _read() -> tuple[dict[str, Any], Msg | None]:
    result = read_json(_path(), _KIND, _VERSION, validate=_validate)
    if result.ok and result.payload is not None:
        return result.payload, None
    return {"last": None, "seats": {}}, result.notice


def _load() -> dict[str, Any]:
    return _read()[0]


def last_join() -> LastJoin:
    """The form as last sent (the defaults when nothing is remembered or the file was damaged)."""
    return load_last_join()[0]


def load_last_join() -> tuple[LastJoin, Msg | None]:
    """The form as last sent, and one line saying so when a damaged file was set aside (the form
    then starts empty, and the player should know why)."""
    payload, notice = _read()
    last = payload["last"]
    return (LastJoin(**last) if last else LastJoin()), notice


def seat_taken(address: str, table: str) -> int | None:
    """The seat (from 1) this player last took at `table` on `address`, if remembered."""
    return _load()["seats"].get(_key(address, table))


def remember_join(address: str, table: str, seat: int, name: str) -> None:
    """Keep the form of a join the host accepted (a failed write is not fatal: only the prefill
    needs it)."""
    seats = dict(_load()["seats"])
    seats.pop(_key(address, table), None)
    seats[_key(address, table)] = seat
    payload = {"last": asdict(LastJoin(address, table, seat, name)),
               "seats": dict(list(seats.items())[-_KEEP:])}
    try:
        write_json(_path(), _KIND, _VERSION, payload)
    except OSError:
        pass
