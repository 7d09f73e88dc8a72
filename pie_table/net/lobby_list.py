"""What a server's lobby holds: its tables as it lists them (game, seats open, away, finished),
asked on a short connection of its own before a seat is taken (the join screen shows them, and a
real-time table is joined differently); and a new table made there (the join screen's New table).
Blocking: call it off the window's thread."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

from pie_table.net.client import RemoteSeat

# A busy host (a loaded machine, a slow link) may take seconds to answer: each try waits this
# long, and a try that times out is made again, so a host that is up is not called absent.
TIMEOUT_S = 5.0
ATTEMPTS = 3
MAX_PAGES = 20  # the lobby answers in pages (50 tables each): a screen shows no more than these
_T = TypeVar("_T")


@dataclass(frozen=True)
class LobbyAnswer:
    """What a lobby holds, and whether a client may make a table there (a `serve` lobby)."""

    tables: list[dict[str, Any]]
    creates: bool


def lobby_tables(url: str, timeout: float | None = None, attempts: int | None = None,
                 on_retry: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """The tables the lobby at `url` lists (see `ask_lobby`)."""
    return ask_lobby(url, timeout, attempts, on_retry).tables


def ask_lobby(url: str, timeout: float | None = None, attempts: int | None = None,
              on_retry: Callable[[int], None] | None = None) -> LobbyAnswer:
    """The tables the lobby at `url` lists, page after page; a try that gets no answer within
    `timeout` is made again, `attempts` in all (`on_retry(n)` before try n, from 2). HostRefused
    carries the host's one line (a version mismatch); TimeoutError: it never answered in time;
    anything else raised means nothing at `url` answers as a pie_table host does."""
    return _retried(lambda: _ask(url), timeout, attempts, on_retry)


def create_table(url: str, game: str, seats: list[str], options: dict[str, Any],
                 timeout: float | None = None) -> dict[str, Any]:
    """Make a table on the lobby at `url` (seats `remote` or a bot spec): its `created` answer,
    with the table's id and join code. HostRefused with the lobby's one line when it may not be
    made (a variant it does not take, too many tables open); asked once (a table made twice is
    worse than a try to make again)."""
    return _retried(lambda: _create(url, game, seats, options), timeout, 1, None)


def recode_table(url: str, table: str, owner: str, timeout: float | None = None) -> str:
    """Give `table` of the lobby at `url` a new join code with the owner key it was made with:
    the new code. HostRefused with the lobby's one line (a key that is not the table's)."""
    return _retried(lambda: _recode(url, table, owner), timeout, 1, None)


def _retried(ask: Callable[[], Coroutine[Any, Any, _T]], timeout: float | None, attempts: int | None,
             on_retry: Callable[[int], None] | None) -> _T:
    timeout = TIMEOUT_S if timeout is None else timeout
    attempts = ATTEMPTS if attempts is None else attempts
    for attempt in range(1, attempts + 1):
        if attempt > 1 and on_retry is not None:
            on_retry(attempt)
        try:
            return asyncio.run(asyncio.wait_for(ask(), timeout))
        except TimeoutError:
            if attempt == attempts:
                raise
    raise TimeoutError  # attempts < 1: nothing was asked


async def _ask(url: str) -> LobbyAnswer:
    seat = RemoteSeat(url)
    tables: list[dict[str, Any]] = []
    try:
        welcome = await seat.open()
        page, pages = 0, 1
        while page < min(pages, MAX_PAGES):
            await seat.send({"type": "list", "page": page})
            answer = await seat.expect("tables")
            tables += answer["tables"]
            page, pages = page + 1, int(answer.get("pages", 1))
        return LobbyAnswer(tables, welcome.get("create") is True)
    finally:
        await seat.close()


async def _create(url: str, game: str, seats: list[str], options: dict[str, Any]) -> dict[str, Any]:
    seat = RemoteSeat(url)
    try:
        await seat.open()
        await seat.send({"type": "create", "game": game, "seats": seats, "options": options})
        return await seat.expect("created")
    finally:
        await seat.close()


async def _recode(url: str, table: str, owner: str) -> str:
    seat = RemoteSeat(url)
    try:
        await seat.open()
        await seat.send({"type": "recode", "table": table, "owner": owner})
        return str((await seat.expect("code"))["code"])
    finally:
        await seat.close()
