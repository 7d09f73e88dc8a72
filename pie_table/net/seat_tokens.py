"""The secret tokens of the seats this player took at tables on other machines, remembered per
address and table in a per-user file (`table_secrets`), so a player who closed the window (or
lost the link) takes the same seat back by joining again. Pure Python: no pygame.
"""

from __future__ import annotations

from pathlib import Path

from pie_table.net.table_secrets import TableSecrets

_TOKENS = TableSecrets("seat_tokens.json", "seat-tokens", "seats", keep=20)  # the last tables joined


def _path() -> Path:
    return _TOKENS.path()


def remembered(address: str, table: str) -> str:
    """The token of the seat last taken at `table` on `address` ('' when none)."""
    return _TOKENS.get(address, table) or ""


def remember(address: str, table: str, token: str) -> None:
    """Keep `token` for `table` on `address` (a failed write is not fatal: only rejoining needs it)."""
    _TOKENS.keep(address, table, token)


def forget(address: str, table: str) -> None:
    """The seat at `table` on `address` is gone (a refused token, a game over)."""
    _TOKENS.forget(address, table)
