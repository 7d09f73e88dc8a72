"""A store's writes on a thread of their own, so the server's event loop never waits for a disk or a
database: each write is queued and answered through a future once it is committed.

Group commit: the thread takes everything queued while its last commit ran and writes it in one
transaction (one flush to disk, one round trip's wait, for many moves). Writes are done in the
order they were queued, so a table's log rows go in as its moves were made.

A store that fails (`TableStore.failures`: a full disk, a database restarted or out of reach) is
said once in the log, then the same batch is tried again, with backoff and a new connection, until
it is written; the futures of its writes wait meanwhile (what they hold back waits too), and
`on_failing` is told when the store fails and when it is written again.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from pie_table.net.store.base import Append, StoreLost, TableStore

LOG = logging.getLogger("pie_table.net")
_FIRST_WAIT_S = 0.05  # after a failure, the first wait before the batch is tried again
_LONGEST_WAIT_S = 5.0  # the wait doubles up to this
_STOP_S = 10.0  # how long a stopping writer may still try a failing store before it gives up


class StoreDown(Exception):
    """The store cannot be written now (a write that would wait for it is not asked)."""


Job = Callable[[TableStore], Any]


@dataclass
class _Write:
    job: Job | None  # None: a log write (`append`), all of a commit's done in one statement
    append: Append | None = None
    done: Future[Any] = field(default_factory=Future)


class StoreWriter:
    """The one thread that writes to `store`; `on_failing(True)` when it fails, `(False)` when it
    is written again (both called on the writer's thread)."""

    def __init__(self, store: TableStore, on_failing: Callable[[bool], None] | None = None) -> None:
        self.store = store
        self.on_failing = on_failing
        self.failing = False
        self.batches = 0  # transactions committed
        self.written = 0  # writes committed in them
        self._queue: queue.SimpleQueue[_Write | None] = queue.SimpleQueue()
        self._closing = threading.Event()  # a clean stop: what is queued is still written
        self._stopping = threading.Event()  # a stop at once: nothing more is written
        self._thread = threading.Thread(target=self._work, name="store-writer", daemon=True)
        self._thread.start()

    def write(self, job: Job) -> Future[Any]:
        """Queue `job(store)`; its future is done once it is committed (its value or its exception:
        StoreLost for a table another process owns now)."""
        write = _Write(job)
        self._queue.put(write)
        return write.done

    def append(self, table_id: str, start: int, rows: list[list[Any]]) -> Future[Any]:
        """Queue a table's log rows from entry `start` on; done once committed (StoreLost: another
        process owns the table now, and nothing was written)."""
        write = _Write(None, (table_id, start, rows))
        self._queue.put(write)
        return write.done

    def run(self, job: Job, timeout: float = 10.0) -> Any:
        """`job(store)` committed, waited for (a new table's id, what a restart reads): StoreDown
        when the store is failing now, or does not answer within `timeout` seconds."""
        if self.failing:
            raise StoreDown
        done = self.write(job)
        try:
            return done.result(timeout)
        except TimeoutError:
            raise StoreDown from None

    def close(self) -> None:
        """Write what is queued (a failing store is tried for a few seconds more), then stop and
        close the store."""
        self._closing.set()
        self._queue.put(None)
        self._thread.join(_STOP_S + 5)
        self.store.close()

    def abandon(self) -> None:
        """Stop at once, writing nothing more (as a killed process leaves the store)."""
        self._stopping.set()
        self._queue.put(None)
        self._thread.join(_STOP_S + 5)
        self.store.close()

    # -- the thread ------------------------------------------------------------------------------------

    def _work(self) -> None:
        while True:
            first = self._queue.get()
            if first is None or self._stopping.is_set():
                return
            batch, last = [first], False
            while True:  # everything queued while the last commit ran: one transaction
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    last = True
                    break
                batch.append(more)
            self._commit(batch)
            if last:
                return

    def _commit(self, batch: list[_Write]) -> None:
        """Write `batch` in one commit, tried until it is (or a stop gives it up); then its futures."""
        results = self._written(batch)
        if results is None:
            LOG.error("the store was not written: %d writes given up at the stop", len(batch))
            results = [(None, StoreDown())] * len(batch)
        self.batches += 1
        self.written += len(batch)
        for write, (value, error) in zip(batch, results, strict=True):
            if error is not None:
                write.done.set_exception(error)
            else:
                write.done.set_result(value)

    def _written(self, batch: list[_Write]) -> list[tuple[Any, BaseException | None]] | None:
        """Each write's value or exception once `batch` is committed (None: given up at a stop)."""
        wait, since = _FIRST_WAIT_S, time.monotonic()
        while True:
            try:
                results = self._apply(batch)
                break
            except self.store.failures as exc:
                if not self.failing:
                    LOG.error("the store cannot be written (%s): the tables play on in memory, their "
                              "moves wait, and the writes are tried again until they succeed",
                              " ".join(str(exc).split())[:200])
                    self._set_failing(True)
                    since = time.monotonic()
                given_up = self._closing.is_set() and time.monotonic() - since > _STOP_S
                if self._stopping.wait(wait) or given_up:
                    return None
                wait = min(wait * 2, _LONGEST_WAIT_S)
                self._reconnect()
            except Exception:  # noqa: BLE001 - a write the store refuses for good: each on its own
                results = [self._alone(write) for write in batch]
                break
        if self.failing:
            LOG.warning("the store is written again after %.1f s (%d writes waited)",
                        time.monotonic() - since, len(batch))
            self._set_failing(False)
        return results

    def _apply(self, batch: list[_Write]) -> list[tuple[Any, BaseException | None]]:
        appends = [write.append for write in batch if write.append is not None]
        if len(appends) == len(batch):  # log rows alone (most commits): one statement, its own commit
            lost = self.store.append_all(appends)
            results: list[tuple[Any, BaseException | None]] = [(None, None)] * len(batch)
        else:
            with self.store.batch():
                results = [self._do(write) if write.job is not None else (None, None) for write in batch]
                lost = self.store.append_all(appends) if appends else set()
        for i, write in enumerate(batch):
            if write.append is not None and write.append[:2] in lost:
                results[i] = (None, StoreLost(write.append[0]))
        return results

    def _do(self, write: _Write) -> tuple[Any, BaseException | None]:
        assert write.job is not None
        try:
            return write.job(self.store), None
        except StoreLost as lost:  # a table of another process: nothing written, the rest goes on
            return None, lost

    def _alone(self, write: _Write) -> tuple[Any, BaseException | None]:
        try:
            with self.store.batch():
                if write.append is not None:
                    table_id, start, rows = write.append
                    self.store.append(table_id, start, rows)
                    return None, None
                return self._do(write)
        except Exception as exc:  # noqa: BLE001 - told to whoever waits for it
            LOG.error("a write to the store was refused: %s", exc)
            return None, exc

    def _reconnect(self) -> None:
        try:
            self.store.reconnect()
        except self.store.failures:
            pass  # still out of reach: the next try reconnects again

    def _set_failing(self, failing: bool) -> None:
        self.failing = failing
        if self.on_failing is not None:
            self.on_failing(failing)
