"""What a table hosted from this window needs to be found again when its game is continued: the
port it listened on, its join code, and the token and name of each remote seat taken. Remote
players remember the link and their seat's token; a host that came back on another port with
another code would strand them (the save itself holds the game, not these).

Kept per game (its id and seed) in a per-user file, not in the save: a save may be shared as a
replay, and a seat's token is a secret. A versioned JSON file written atomically
(`core.userfiles`); a damaged one is set aside and nothing is remembered (the game then comes back
on a new port with a new code, as before), never a crash. Pure Python: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pie_table.core.setup import GameSetup
from pie_table.core.userfiles import read_json, write_json

_FILE = "hosted_tables.json"
_KIND, _VERSION = "hosted-tables", 1
_KEEP = 20  # the last games hosted; older ones are forgotten


@dataclass(frozen=True)
class HostKeys:
    """A hosted table's address and secrets: `seats` maps a seat to its (token, player's name)."""

    port: int
    code: str
    seats: dict[int, tuple[str, str]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"port": self.port, "code": self.code,
                "seats": {str(seat): list(held) for seat, held in self.seats.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HostKeys:
        """Raises ValueError/TypeError/KeyError for a record of the wrong shape."""
        port, code = data["port"], data["code"]
        if type(port) is not int or not 0 < port < 65536 or not isinstance(code, str):
            raise ValueError("a hosted table's port and code have the wrong types")
        seats = {}
        for seat, (token, name) in data["seats"].items():
            if not (isinstance(token, str) and isinstance(name, str)):
                raise ValueError("a seat's token and name are text")
            seats[int(seat)] = (token, name)
        return cls(port, code, seats)


def _path() -> Path:
    from pie_table.paths import config_dir

    return config_dir() / _FILE


def _key(setup: GameSetup) -> str:
    return f"{setup.game_id} {setup.seed}"


def _validate(payload: Any) -> None:
    if not isinstance(payload["tables"], dict):
        raise ValueError("tables must map a game to its keys")
    for record in payload["tables"].values():
        HostKeys.from_json(record)


def _load() -> dict[str, Any]:
    result = read_json(_path(), _KIND, _VERSION, validate=_validate)
    return dict(result.payload["tables"]) if result.ok and result.payload is not None else {}


def kept_keys(setup: GameSetup) -> HostKeys | None:
    """What the game `setup` starts was hosted with last time (None: never hosted, or forgotten)."""
    record = _load().get(_key(setup))
    return HostKeys.from_json(record) if record is not None else None


def keep_keys(setup: GameSetup, keys: HostKeys) -> None:
    """Remember `keys` for the game `setup` starts (a failed write is not fatal: only Continue
    needs them, and it then hosts afresh)."""
    tables = _load()
    tables.pop(_key(setup), None)
    tables[_key(setup)] = keys.to_json()
    try:
        write_json(_path(), _KIND, _VERSION, {"tables": dict(list(tables.items())[-_KEEP:])})
    except OSError:
        pass
