"""The tables this window made on a `serve` lobby, with the owner key each was made with: the key
that lets its maker give the table a new join code, kept so it still can after the window was
closed and opened again (the lobby keeps only the key's hash).

Kept by lobby address and table id in a per-user file: a versioned JSON file written atomically
(`core.userfiles`); a damaged one is set aside and nothing is remembered (the table is then
played as any other), never a crash. Pure Python: no pygame.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pie_table.core.userfiles import read_json, write_json

_FILE = "made_tables.json"
_KIND, _VERSION = "made-tables", 1
_KEEP = 50  # the last tables made; older ones are forgotten


def _path() -> Path:
    from pie_table.paths import config_dir

    return config_dir() / _FILE


def _key(address: str, table: str) -> str:
    return f"{address.rstrip('/')} {table}"


def _validate(payload: Any) -> None:
    tables = payload["tables"]
    if not isinstance(tables, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                               for k, v in tables.items()):
        raise ValueError("tables must map a lobby's table to its owner key")


def _load() -> dict[str, str]:
    result = read_json(_path(), _KIND, _VERSION, validate=_validate)
    return dict(result.payload["tables"]) if result.ok and result.payload is not None else {}


def owner_key(address: str, table: str) -> str | None:
    """The owner key of `table`, made from this window on the lobby at `address` (None: not made here)."""
    return _load().get(_key(address, table))


def keep_owner_key(address: str, table: str, key: str) -> bool:
    """Remember the key `table` was made with on the lobby at `address`; False if it could not be
    written (the table plays as well; only its code cannot be changed from here)."""
    tables = _load()
    tables.pop(_key(address, table), None)
    tables[_key(address, table)] = key
    try:
        write_json(_path(), _KIND, _VERSION, {"tables": dict(list(tables.items())[-_KEEP:])})
    except OSError:
        return False
    return True
