"""A lobby's tables written to a `TableStore` as they play, and read back when the server restarts.

Writes go to the store's writer thread (`store.writer`), never waited for on the event loop. Writes
hook the table's driver, never its host: a turn-based table's every applied action is queued from
the session's first listener, inside the call that applied it, and every connection at the table
is told to hold what it is sent from then on (`Link.hold`) until that write is committed, so no
acknowledgement, view or event of a move leaves before the move is in the store. A real-time
table's log is written every `flush_ticks` ticks (half a second at 60 Hz) and holds nothing back:
a frame waits for no disk, and a killed process loses at most that much play.

While the store fails, the tables play on in memory; what their players are sent waits for the
writes, which are tried again until they succeed (`store.writer`), and the lobby is told
(`on_failing`) so it can tell its players. A restart replays each unfinished table through the
save's path (`core.resume.load_session`: the same checks and rules migrations as `replay
--verify`), keeping its id, join code and token hashes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from pie_table.core.pacing import Pace
from pie_table.core.registry import load_games
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
from pie_table.net.store.writer import StoreDown, StoreWriter

LOG = logging.getLogger("pie_table.net")
FLUSH_TICKS = 30  # a real-time table's log is written this often (ticks): half a second at 60 Hz
_READ_S = 120.0  # how long a restart waits for the store to read its tables back
_LOOK_S = 2.0  # the other processes' tables are read this often, for the lobby's list
_ADOPT_EVERY = 5  # and every this many reads, the tables of a process that died are looked for


@dataclass
class Restored:
    """A table read back from the store: its host, and who made it (for the lobby's limits)."""

    host: TableHost
    owner_hash: str
    made_by: str | None


class Keeper:
    """Keeps every table of one lobby in `store`, through a writer thread of its own."""

    def __init__(self, store: TableStore, flush_ticks: int = FLUSH_TICKS) -> None:
        self.store = store
        self.writer = StoreWriter(store, on_failing=self._failing)
        self.flush_ticks = flush_ticks
        # Told on the event loop when the store fails (True) and is written again (False).
        self.on_failing: Callable[[bool], None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._hosts: dict[str, TableHost] = {}
        self._logged: dict[str, int] = {}  # entries of each table's log already queued for the store
        self._ticks: dict[str, int] = {}  # ticks since a real-time table's last write
        self._status: dict[str, str] = {}
        self._kept: dict[str, Any] = {}  # the answers kept for their turn last queued, per table
        self.over: set[str] = set()  # the ids of the store's finished tables (a player back late is told)
        self._renewer: asyncio.Task[None] | None = None
        self._looker: asyncio.Task[None] | None = None
        self.url: str | None = None  # where players reach this process (announced in the store)
        # The lobby's lines for the tables other live processes sharing the store hold, read every
        # few seconds; `on_others()` is told when they changed, `on_adopted(tables)` when tables of
        # a process that died were taken in here.
        self.others: list[dict[str, Any]] = []
        self.on_others: Callable[[], None] | None = None
        self.on_adopted: Callable[[list[Restored]], object] | None = None
        # How long the last log writes took from queued to committed (milliseconds): what a move's
        # acknowledgement waits for.
        self.write_ms: deque[float] = deque(maxlen=100_000)

    def added(self, host: TableHost, owner_hash: str, made_by: str | None) -> str:
        """A new table: kept in the store, which gives its id (set on `host`), waited for here;
        StoreDown while the store cannot be written (no table is made)."""
        self._on_loop()
        host.id = self.writer.run(self._adding(host, owner_hash, made_by))
        self._kept_from_now(host)
        return host.id

    def adding(self, host: TableHost, owner_hash: str, made_by: str | None) -> asyncio.Future[str]:
        """A new table, as `added`, without waiting: done with its id once committed (then set on
        `host` and watched); StoreDown at once while the store is failing."""
        self._on_loop()
        if self.writer.failing:
            raise StoreDown
        written = asyncio.wrap_future(self.writer.write(self._adding(host, owner_hash, made_by)))

        def watched(done: asyncio.Future[str]) -> None:
            if not done.cancelled() and done.exception() is None:
                host.id = done.result()
                self._kept_from_now(host)
        written.add_done_callback(watched)
        return written

    @staticmethod
    def _adding(host: TableHost, owner_hash: str, made_by: str | None) -> Callable[[TableStore], str]:
        table = NewTable(host.info.id, host.info.rules.rules_version, host.setup.to_json(),
                         sorted(host.remote), host.code, owner_hash, made_by)
        return lambda store: store.add(table)

    def _kept_from_now(self, host: TableHost) -> None:
        self._watch(host, 0, OPEN)
        self._note_status(host)

    def seated(self, host: TableHost, seat: int) -> asyncio.Future[Any]:
        """A remote seat was taken: its name and its token's hash are kept; done once committed."""
        holder = host.holders[seat]
        record = SeatRecord(holder.name, holder.token_hash)
        done = self.writer.write(lambda store: store.seat(host.id, seat, record))
        self._note_status(host)
        return asyncio.wrap_future(done)

    def recoded(self, host: TableHost) -> asyncio.Future[Any]:
        """The table has a new join code; done once committed."""
        code = host.code
        return asyncio.wrap_future(self.writer.write(lambda store: store.set_code(host.id, code)))

    def closed(self, host: TableHost) -> None:
        """The lobby took the table away: written to its end, and never resumed if unfinished."""
        self.flush(host)
        if self._status.get(host.id) != FINISHED:
            self._set_status(host.id, CLOSED)
        for book in (self._hosts, self._logged, self._ticks, self._status, self._kept):
            book.pop(host.id, None)

    def _watch(self, host: TableHost, logged: int, status: str) -> None:
        self._hosts[host.id] = host
        self._logged[host.id] = logged
        self._status[host.id] = status
        if host.driver.dynamics.listen_steps(lambda _step: self._ticked(host)):
            self._ticks[host.id] = 0
        else:
            # The session's first listener: the write is queued, and the table's connections told
            # to hold, before the clock's listener queues the move's updates. An answer kept for
            # its turn is acknowledged, so it is written first too, though no log entry holds it yet.
            host.session.listeners.insert(0, lambda _entry, _events: self._moved(host))
            host.driver.on_kept.append(lambda: self._moved(host))

    def _ticked(self, host: TableHost) -> None:
        self._ticks[host.id] += 1
        if self._ticks[host.id] >= self.flush_ticks or host.driver.is_over():
            self.flush(host)

    def _moved(self, host: TableHost) -> None:
        """A turn-based table applied an action: written, and what its players are sent held till then."""
        logged = self.flush(host)
        done = self._keep(host) or logged  # written in order: the later write's commit covers both
        if done is None:
            return
        links = [h.link for h in host.holders.values() if h.link is not None]
        links += [watcher.link for watcher in host.spectators.watchers]
        if links:
            until = asyncio.wrap_future(done)
            for link in links:
                link.hold(until)

    def flush(self, host: TableHost) -> Future[Any] | None:
        """Queue what the table's log holds past what was queued; the write's future (None: nothing
        to write)."""
        if host.id not in self._logged:
            return None
        self._on_loop()
        log = host.session.log
        start = self._logged[host.id]
        self._ticks[host.id] = 0
        done = None
        if len(log) > start:
            rows, table_id, began = compact_log(log[start:]), host.id, time.perf_counter()
            done = self.writer.append(table_id, start, rows)
            done.add_done_callback(lambda written: self._written(table_id, written, began))
            self._logged[host.id] = len(log)
        self._note_status(host)
        return done

    def _keep(self, host: TableHost) -> Future[Any] | None:
        """Queue the answers the table keeps for their turn if they changed; the write's future."""
        kept = host.driver.kept()
        rows = None if kept is None else (kept[0], [[seat, action] for seat, action in kept[1]])
        if rows == self._kept.get(host.id) or host.id not in self._logged:
            return None
        self._kept[host.id] = rows
        table_id = host.id
        return self.writer.write(lambda store: store.keep(table_id, rows))

    def _written(self, table_id: str, done: Future[Any], began: float) -> None:
        """A log write ended (on the writer's thread)."""
        if isinstance(done.exception(), StoreLost) and self._loop is not None:
            self._loop.call_soon_threadsafe(self._lost, table_id)
        else:
            self.write_ms.append((time.perf_counter() - began) * 1000)

    def _lost(self, table_id: str) -> None:
        if self._logged.pop(table_id, None) is not None:
            LOG.error("table %s is owned by another process now: this one writes it no more", table_id)

    def settle(self) -> None:
        """Wait until every write queued so far is committed (a test's reading point)."""
        self.writer.run(lambda _store: None, _READ_S)

    def flush_all(self) -> None:
        """Queue every table's log to its end (a clean stop)."""
        for host in list(self._hosts.values()):
            self.flush(host)

    def _note_status(self, host: TableHost) -> None:
        status = FINISHED if host.driver.is_over() else OPEN if host.remote - set(host.holders) else PLAYING
        if self._status.get(host.id) != status and host.id in self._status:
            self._set_status(host.id, status)
            self._status[host.id] = status
            if status == FINISHED:
                self.over.add(host.id)

    def _set_status(self, table_id: str, status: str) -> None:
        self.writer.write(lambda store: store.set_status(table_id, status))

    # -- the store failing -----------------------------------------------------------------------------

    def _on_loop(self) -> None:
        """Note the event loop the tables run on (the writer's news is handed to it)."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()

    def _failing(self, failing: bool) -> None:
        """The writer's thread says the store failed, or is written again: told on the loop."""
        if self._loop is not None and self.on_failing is not None:
            self._loop.call_soon_threadsafe(self.on_failing, failing)

    # -- a restart -------------------------------------------------------------------------------------

    def restore(self, pace: Pace | None, adopt: bool = False) -> list[Restored]:
        """Every unfinished table this process owns (`adopt`: and those whose owner's lease ran out),
        replayed and watched again (a table that no longer replays is left in the store, named in
        the log, and not opened)."""
        self._on_loop()
        self.over |= self.writer.run(lambda store: store.over_ids(), _READ_S)
        return self._rebuilt(self.writer.run(lambda store: store.claim(adopt), _READ_S), pace)

    def _rebuilt(self, records: list[TableRecord], pace: Pace | None) -> list[Restored]:
        restored = []
        for record in records:
            try:
                host = _rebuild(record, pace)
            except SaveError as exc:
                LOG.error("table %s cannot be resumed: %s", record.id, exc.message)
                continue
            self._watch(host, len(host.session.log), record.status)
            if record.kept is not None:  # acknowledged before the stop: taken again, as they came
                decision, rows = self._kept[host.id] = record.kept
                host.driver.take_kept(decision, [(int(seat), action) for seat, action in rows])
            self._note_status(host)
            restored.append(Restored(host, record.table.owner_hash, record.table.made_by))
        return restored

    def finished_summaries(self, limit: int) -> list[dict[str, Any]]:
        """The lobby's lines for the last `limit` finished tables of the store."""
        return [{"table": r.id, "game": r.table.game, "seats": len(r.table.setup["seats"]), "open": [],
                 "away": [], "over": True} for r in self.writer.run(lambda store: store.finished(limit))]

    # -- the lease ---------------------------------------------------------------------------------------

    def keep_lease(self) -> None:
        """Renew this process's lease on its tables from now on, on the running loop."""
        if self._renewer is None:
            self._renewer = asyncio.get_running_loop().create_task(self._renew())

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(LEASE_S / 3)
            self.writer.write(lambda store: store.renew())

    # -- the other processes sharing the store -------------------------------------------------------------

    def look_around(self, url: str, pace: Pace | None, adopt: bool, every_s: float = _LOOK_S) -> None:
        """From now on, on the running loop: `url` announced as this process's address, the tables
        of the other processes read every few seconds for the lobby's list, and (`adopt`) the
        unfinished tables of a process whose lease ran out taken in."""
        self.url = url
        self.writer.write(lambda store: store.announce(url))
        if self._looker is None:
            self._looker = asyncio.get_running_loop().create_task(self._look(pace, adopt, every_s))

    async def _look(self, pace: Pace | None, adopt: bool, every_s: float) -> None:
        looked = 0
        while True:
            records = await asyncio.wrap_future(self.writer.write(lambda store: store.others()))
            lines = [self._line(record, url) for record, url in records]
            if lines != self.others:
                self.others = lines
                if self.on_others is not None:
                    self.on_others()
            if adopt and looked % _ADOPT_EVERY == 0:
                taken = await asyncio.wrap_future(self.writer.write(lambda store: store.adopt()))
                restored = self._rebuilt([r for r in taken if r.id not in self._hosts], pace)
                if restored and self.on_adopted is not None:
                    LOG.info("took in %d tables of a process that stopped", len(restored))
                    self.on_adopted(restored)
            looked += 1
            await asyncio.sleep(every_s)

    def _line(self, record: TableRecord, url: str | None) -> dict[str, Any]:
        """Another process's table as the lobby lists it (its away seats are that process's to know)."""
        table = record.table
        line: dict[str, Any] = {"table": record.id, "game": table.game, "seats": len(table.setup["seats"]),
                                "open": sorted(set(table.remote) - set(record.seats)), "away": [],
                                "over": False}
        info = load_games().get(table.game)
        if info is not None and info.realtime:
            line["realtime"] = True
        if url is not None and url != self.url:
            line["at"] = url  # joined there, not here
        return line

    def _stop_tasks(self) -> None:
        for task in (self._renewer, self._looker):
            if task is not None:
                task.cancel()

    def stop(self) -> None:
        """A clean stop: every log written, the lease ended, the store closed."""
        self._stop_tasks()
        self.flush_all()
        self.writer.write(lambda store: store.release())
        self.writer.close()

    def abandon(self) -> None:
        """Stop writing at once, as a killed process leaves the store (a bench's or a test's end)."""
        self._stop_tasks()
        self.writer.abandon()


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
