"""What a server's lobby holds: its tables as it lists them (game, seats open, away, finished),
asked on a short connection of its own before a seat is taken (the join screen shows them, and a
real-time table is joined differently). Blocking: call it off the window's thread."""

from __future__ import annotations

import asyncio
from typing import Any

from pie_table.net.client import RemoteSeat

TIMEOUT_S = 3.0  # a lobby on the local network or the internet answers well within this
MAX_PAGES = 20  # the lobby answers in pages (50 tables each): a screen shows no more than these


def lobby_tables(url: str, timeout: float = TIMEOUT_S) -> list[dict[str, Any]]:
    """The tables the lobby at `url` lists, page after page. HostRefused carries the host's one
    line (a version mismatch); anything else raised means nothing at `url` answers as a pie_table
    host does."""
    async def ask() -> list[dict[str, Any]]:
        seat = RemoteSeat(url)
        tables: list[dict[str, Any]] = []
        try:
            await seat.open()
            page, pages = 0, 1
            while page < min(pages, MAX_PAGES):
                await seat.send({"type": "list", "page": page})
                answer = await seat.expect("tables")
                tables += answer["tables"]
                page, pages = page + 1, int(answer.get("pages", 1))
            return tables
        finally:
            await seat.close()
    return asyncio.run(asyncio.wait_for(ask(), timeout))
