"""A headless seat that keeps its seat: its token remembered per address in the player's home, the
seat taken back with it after any drop (a server restarting, a broken link), with backoff, for a
few minutes of trying; a token the host no longer knows is forgotten at once, never retried.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from pie_table.net import protocol as p
from pie_table.net import seat_tokens
from pie_table.net.client import HostRefused, RemoteSeat

_BACKOFF_S = (0.25, 0.5, 1.0, 2.0, 4.0)  # then the last again: a restart is back in a second or two
RECONNECT_S = 180.0  # how long a lost host is tried again: a restart by hand may take a minute or two
# Close codes after which the host may well be back: going away, an internal error, restarting,
# try again later. Any other close (a bye, the host quitting, the table closed, a client dropped
# for what it sent) is the end, told as it is.
_COME_BACK = frozenset({1001, 1011, 1012, 1013})
RESTARTING = "The server is restarting; reconnecting…"
LOST = "The connection was lost; reconnecting…"


def seat_key(table: str, seat: int) -> str:
    """What a headless seat's token is remembered under at its address: the table and the seat
    (two seats of one table may be played from one home)."""
    return f"{table} seat {seat + 1}"


class StayingSeat:
    """Takes `seat` at `table` (or takes it back) and plays it to the end through drops."""

    def __init__(self, client: RemoteSeat, address: str, table: str, seat: int, *,
                 say: Callable[[str], None], reconnect_s: float = RECONNECT_S) -> None:
        self.client = client
        self.address = address
        self.table = table
        self.seat = seat
        self.say = say
        self.reconnect_s = reconnect_s
        self.resumed = 0  # times the seat was taken back with its token
        self._key = seat_key(table, seat)

    async def play(self, code: str, name: str, play: Callable[[], Awaitable[None]]) -> None:
        """Sit, then `play()` until the game is over, sitting again after each drop; raises the
        last failure once reconnecting has been tried for `reconnect_s` seconds."""
        await keep_seat(lambda _again: self._sit(code, name), play,
                        dropped=lambda exc: self.say(RESTARTING if restarting(exc) else LOST),
                        give_up_s=self.reconnect_s)
        seat_tokens.forget(self.address, self._key)  # the game is over: nothing to take back

    async def _sit(self, code: str, name: str) -> None:
        self.client.legal = None  # moves asked before the drop: the host asks again as the seat is back
        await self.client.open()
        token = self.client.token or seat_tokens.remembered(self.address, self._key)
        if token:
            try:
                await self.client.rejoin(self.table, token)
                self.resumed += 1
                return
            except HostRefused:
                if self.client.over:  # the game ended while the seat was away: nothing to take back
                    return
                # The host does not know the token (another game at the address now): forgotten, and
                # the seat is taken anew with the code while this run has not sat yet, else given up.
                seat_tokens.forget(self.address, self._key)
                if self.client.token:
                    raise
        await self.client.join(self.table, code, self.seat, name)
        seat_tokens.remember(self.address, self._key, self.client.token)


# What a lost link raises: a close, a socket error, a refused handshake, a host that did not answer.
DROPS = (ConnectionClosed, OSError, InvalidHandshake, TimeoutError)


async def keep_seat(sit: Callable[[bool], Awaitable[None]], play: Callable[[], Awaitable[None]], *,
                    dropped: Callable[[BaseException], None], give_up_s: float = RECONNECT_S,
                    leaving: Callable[[], bool] = lambda: False) -> None:
    """The one way a seat is kept through drops (a headless join, a window's seat, a watcher):
    `sit(again)`, then `play()` until it returns; after a drop that may come back (`may_come_back`)
    `dropped(exc)` is told and the seat is sat again, with backoff, for `give_up_s` seconds from
    the first failure. A host never reached is a wrong address and a host refusing to seat us
    (HostRefused) says no for good: both are raised at once, as is the last failure when given up
    or when the player is `leaving()`."""
    loop = asyncio.get_running_loop()
    since: float | None = None
    tries = 0
    sat = False
    while True:
        try:
            await sit(sat)
            sat, since, tries = True, None, 0
            await play()
            return
        except DROPS as exc:
            if not sat or not may_come_back(exc) or leaving():
                raise
            now = loop.time()
            since = now if since is None else since
            if now - since >= give_up_s:
                raise
            dropped(exc)
            await asyncio.sleep(backoff_s(tries))
            tries += 1


def backoff_s(tries: int) -> float:
    """How long to wait before the next try to reach a lost host, after `tries` failed ones."""
    return _BACKOFF_S[min(tries, len(_BACKOFF_S) - 1)]


def may_come_back(exc: BaseException) -> bool:
    """Whether a link that ended with `exc` is worth trying again: any failure but the host closing
    it for good (it said why, with a code not to come back)."""
    said = exc.rcvd if isinstance(exc, ConnectionClosed) else None
    return said is None or said.code in _COME_BACK


def restarting(exc: BaseException) -> bool:
    """Whether the host closed the link because it is restarting."""
    return isinstance(exc, ConnectionClosed) and exc.rcvd is not None and exc.rcvd.code == p.RESTART_CODE
