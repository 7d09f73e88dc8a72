"""What a server's lobby holds: its tables as it lists them (game, seats open, away, finished),
asked on a short connection of its own before a seat is taken (the join screen shows them, and a
real-time table is joined differently). Blocking: call it off the window's thread."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pie_table.net.client import RemoteSeat

# A busy host (a loaded machine, a slow link) may take seconds to answer: each try waits this
# long, and a try that times out is made again, so a host that is up is not called absent.
TIMEOUT_S = 5.0
ATTEMPTS = 3
MAX_PAGES = 20  # the lobby answers in pages (50 tables each): a screen shows no more than these


def lobby_tables(url: str, timeout: float | None = None, attempts: int | None = None,
                 on_retry: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """The tables the lobby at `url` lists, page after page; a try that gets no answer within
    `timeout` is made again, `attempts` in all (`on_retry(n)` before try n, from 2). HostRefused
    carries the host's one line (a version mismatch); TimeoutError: it never answered in time;
    anything else raised means nothing at `url` answers as a pie_table host does."""
    timeout = TIMEOUT_S if timeout is None else timeout
    attempts = ATTEMPTS if attempts is None else attempts
    for attempt in range(1, attempts + 1):
        if attempt > 1 and on_retry is not None:
            on_retry(attempt)
        try:
            return asyncio.run(asyncio.wait_for(_ask(url), timeout))
        except TimeoutError:
            if attempt == attempts:
                raise
    raise TimeoutError  # attempts < 1: nothing was asked


async def _ask(url: str) -> list[dict[str, Any]]:
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
