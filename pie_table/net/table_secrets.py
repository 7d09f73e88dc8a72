"""Secrets kept per lobby address and table in one per-user file: a seat's token (to take the seat
back), a made table's owner key (to change its code). A versioned JSON file written atomically
(`core.userfiles`); a damaged one is set aside and nothing is remembered, never a crash; a failed
write is not fatal (only taking a seat back, or a new code, needs what it holds). Pure Python.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pie_table.core.userfiles import read_json, write_json


class TableSecrets:
    """The file `name` of kind `kind` (version 1): `field` maps "address table" to a secret, the
    last `keep` of them kept."""

    _VERSION = 1

    def __init__(self, name: str, kind: str, field: str, keep: int) -> None:
        self.name, self.kind, self.field, self.keep_last = name, kind, field, keep

    def path(self) -> Path:
        """Where the file is (in the per-user config folder)."""
        from pie_table.paths import config_dir

        return config_dir() / self.name

    def get(self, address: str, table: str) -> str | None:
        """The secret kept for `table` on `address` (None: none)."""
        return self._load().get(_key(address, table))

    def keep(self, address: str, table: str, secret: str) -> bool:
        """Keep `secret` for `table` on `address`, the newest; False if it could not be written."""
        held = self._load()
        held.pop(_key(address, table), None)
        held[_key(address, table)] = secret
        return self._write(dict(list(held.items())[-self.keep_last:]))

    def forget(self, address: str, table: str) -> None:
        """Nothing more is kept for `table` on `address`."""
        held = self._load()
        if held.pop(_key(address, table), None) is not None:
            self._write(held)

    def _validate(self, payload: Any) -> None:
        held = payload[self.field]
        if not isinstance(held, dict) or not all(isinstance(v, str) for v in held.values()):
            raise ValueError(f"{self.field} must map a table to its secret")

    def _load(self) -> dict[str, str]:
        result = read_json(self.path(), self.kind, self._VERSION, validate=self._validate)
        return dict(result.payload[self.field]) if result.ok and result.payload is not None else {}

    def _write(self, held: dict[str, str]) -> bool:
        try:
            write_json(self.path(), self.kind, self._VERSION, {self.field: held})
        except OSError:
            return False
        return True


def _key(address: str, table: str) -> str:
    return f"{address.strip().rstrip('/')} {table}"
