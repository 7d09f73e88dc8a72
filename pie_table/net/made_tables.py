"""The tables this window made on a `serve` lobby, with the owner key each was made with: the key
that lets its maker give the table a new join code, kept so it still can after the window was
closed and opened again (the lobby keeps only the key's hash). Kept by lobby address and table in
a per-user file (`table_secrets`). Pure Python: no pygame.
"""

from __future__ import annotations

from pie_table.net.table_secrets import TableSecrets

_KEYS = TableSecrets("made_tables.json", "made-tables", "tables", keep=50)  # the last tables made


def owner_key(address: str, table: str) -> str | None:
    """The owner key of `table`, made from this window on the lobby at `address` (None: not made here)."""
    return _KEYS.get(address, table)


def keep_owner_key(address: str, table: str, key: str) -> bool:
    """Remember the key `table` was made with on the lobby at `address`; False if it could not be
    written (the table plays as well; only its code cannot be changed from here)."""
    return _KEYS.keep(address, table, key)
