"""A lobby's tables written to a `TableStore` as they play, and read back when the server restarts.

Writes hook the table's driver, never its host: a turn-based table's every applied action is
written from the driver's listener, inside the call that applied it, so before the connection's
writer task can send the acknowledgement; a real-time table's log is written every `flush_ticks`
ticks (half a second at 60 Hz), so a killed process loses at most that much play. A restart
replays each unfinished table through the save's path (`core.resume.load_session`: the same
checks and rules migrations as `replay --verify`), keeping its id, join code and token hashes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from pie_table.core.driver import RealtimeDriver
from pie_table.core.pacing import Pace
from pie_table.core.resume import load_session
from pie_table.core.saves import SAVE_FORMAT, SAVE_VERSION, SaveError, compact_log
from pie_table.net.host import TableHost, headless_host
from pie_table.net.store.base import (
    CLOSED,
    FINISHED,
    LEASE_S,
    OPEN,
    PLAYING,
    NewTable,
    SeatRecord,
    StoreLost,
    TableRecord,
    TableStore,
)

LOG = logging.getLogger("pie_table.net")
FLUSH_TICKS = 30  # a real-time table's log is written this often (ticks): half a second at 60 Hz


@dataclass
class Restored:
    """A table read back from the store: its host, and who made it (for the lobby's limits)."""

    host: TableHost
    owner_hash: str
    made_by: str | None


class Keeper:
    """Keeps every table of one lobby in `store`."""

    def __init__(self, store: TableStore, flush_ticks: int = FLUSH_TICKS) -> None:
        self.store = store
        self.flush_ticks = flush_ticks
        self._hosts: dict[str, TableHost] = {}
        self._logged: dict[str, int] = {}  # entries of each table's log already written
        self._ticks: dict[str, int] = {}  # ticks since a real-time table's last write
        self._status: dict[str, str] = {}
        self._renewer: asyncio.Task[None] | None = None
        # How long the last log writes took (milliseconds): what a move waits for the store.
        self.write_ms: deque[float] = deque(maxlen=100_000)

    def added(self, host: TableHost, owner_hash: str, made_by: str | None) -> str:
        """A new table: kept in the store, which gives its id (set on `host`)."""
        table = NewTable(host.info.id, host.info.rules.rules_version, host.setup.to_json(),
                         sorted(host.remote), host.code, owner_hash, made_by)
        host.id = self.store.add(table)
        self._watch(host, 0, OPEN)
        self._note_status(host)
        return host.id

    def seated(self, host: TableHost, seat: int) -> None:
        """A remote seat was taken: its name and its token's hash are kept."""
        holder = host.holders[seat]
        self.store.seat(host.id, seat, SeatRecord(holder.name, holder.token_hash))
        self._note_status(host)

    def recoded(self, host: TableHost) -> None:
        """The table has a new join code."""
        self.store.set_code(host.id, host.code)

    def closed(self, host: TableHost) -> None:
        """The lobby took the table away: written to its end, and never resumed if unfinished."""
        self.flush(host)
        if self._status.get(host.id) != FINISHED:
            self.store.set_status(host.id, CLOSED)
        for book in (self._hosts, self._logged, self._ticks, self._status):
            book.pop(host.id, None)

    def _watch(self, host: TableHost, logged: int, status: str) -> None:
        self._hosts[host.id] = host
        self._logged[host.id] = logged
        self._status[host.id] = status
        if isinstance(host.driver, RealtimeDriver):
            self._ticks[host.id] = 0
            host.driver.listen_steps(lambda _step: self._ticked(host))
        else:
            host.driver.listen(None, lambda _entry, _events: self.flush(host))

    def _ticked(self, host: TableHost) -> None:
        self._ticks[host.id] += 1
        if self._ticks[host.id] >= self.flush_ticks or host.driver.is_over():
            self.flush(host)

    def flush(self, host: TableHost) -> None:
        """Write what the table's log holds past what was written."""
        if host.id not in self._logged:
            return
        log = host.session.log
        start = self._logged[host.id]
        self._ticks[host.id] = 0
        if len(log) > start:
            began = time.perf_counter()
            try:
                self.store.append(host.id, start, compact_log(log[start:]))
            except StoreLost:
                LOG.error("table %s is owned by another process now: this one writes it no more", host.id)
                self._logged.pop(host.id)
                return
            self.write_ms.append((time.perf_counter() - began) * 1000)
            self._logged[host.id] = len(log)
        self._note_status(host)

    def flush_all(self) -> None:
        """Write every table's log to its end (a clean stop)."""
        for host in list(self._hosts.values()):
            self.flush(host)

    def _note_status(self, host: TableHost) -> None:
        status = FINISHED if host.driver.is_over() else OPEN if host.remote - set(host.holders) else PLAYING
        if self._status.get(host.id) != status and host.id in self._status:
            self.store.set_status(host.id, status)
            self._status[host.id] = status

    # -- a restart -------------------------------------------------------------------------------------

    def restore(self, pace: Pace | None, adopt: bool = False) -> list[Restored]:
        """Every unfinished table this process owns (`adopt`: and those whose owner's lease ran out),
        replayed and watched again (a table that no longer replays is left in the store, named in
        the log, and not opened)."""
        restored = []
        for record in self.store.claim(adopt):
            try:
                host = _rebuild(record, pace)
            except SaveError as exc:
                LOG.error("table %s cannot be resumed: %s", record.id, exc.message)
                continue
            self._watch(host, len(host.session.log), record.status)
            self._note_status(host)
            restored.append(Restored(host, record.table.owner_hash, record.table.made_by))
        return restored

    def finished_summaries(self, limit: int) -> list[dict[str, Any]]:
        """The lobby's lines for the last `limit` finished tables of the store."""
        return [{"table": r.id, "game": r.table.game, "seats": len(r.table.setup["seats"]), "open": [],
                 "away": [], "over": True} for r in self.store.finished(limit)]

    # -- the lease ---------------------------------------------------------------------------------------

    def keep_lease(self) -> None:
        """Renew this process's lease on its tables from now on, on the running loop."""
        if self._renewer is None:
            self._renewer = asyncio.get_running_loop().create_task(self._renew())

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(LEASE_S / 3)
            self.store.renew()

    def stop(self) -> None:
        """A clean stop: every log written, the lease ended, the store closed."""
        if self._renewer is not None:
            self._renewer.cancel()
        self.flush_all()
        self.store.release()
        self.store.close()


def _rebuild(record: TableRecord, pace: Pace | None) -> TableHost:
    """A table's host from its record: its log replayed as a save's is, its seats taken and away."""
    table = record.table
    save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": table.game,
            "rules_version": table.rules_version, "setup": table.setup, "seed": table.setup.get("seed", 0),
            "log": record.log}
    session = load_session(save)
    remote = set(table.remote)
    host = headless_host(session.setup, remote, table_id=record.id, code=table.code, info=session.info,
                         pace=pace, session=session)
    for seat, seated in sorted(record.seats.items()):
        host.restore_seat(seat, seated.name, seated.token_hash)
    return host
