"""What a server keeps of its tables, so that a process killed at any moment loses nothing it
acknowledged: one declared interface (`TableStore`), and the records it reads and writes.

A table is its setup (game, options, seed, seats), its join code, a hash of each taken seat's
token (never the token: a copy of the store seats nobody), the names at its seats, its status,
and an append-only log of its actions in the save's compact rows (`core.saves.compact_log`), so
a table is resumed exactly as a save is replayed. Each table row is owned by one process at a
time (`owner`, kept alive by a lease): two processes sharing a store never write the same table.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

OPEN, PLAYING, FINISHED, CLOSED = "open", "playing", "finished", "closed"
LEASE_S = 30.0  # a table whose owner has not renewed for this long may be taken by another process


Append = tuple[str, int, list[list[Any]]]  # a table's log rows from an index on: (table id, start, rows)


class StoreLost(Exception):
    """This process no longer owns the table it wrote to (another one took it over)."""


def token_hash(token: str) -> str:
    """What the store keeps of a secret token. Tokens are 24 random bytes, so a plain SHA-256 is
    as good as a slow hash: nobody can guess their way back from it."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class NewTable:
    """A table as it is made: everything but its id (the store gives that) and its log."""

    game: str
    rules_version: int  # of the game's rules it was made with: a later server migrates its log
    setup: dict[str, Any]  # `GameSetup.to_json()`, seed included
    remote: list[int]
    code: str
    owner_hash: str  # the hash of the key that lets its maker change its code
    made_by: str | None  # the client address that asked for it (None: the server itself)


@dataclass
class SeatRecord:
    """A taken remote seat: who sits there and the hash of its token."""

    name: str
    token_hash: str


@dataclass
class TableRecord:
    """A table read back from the store, with its whole log."""

    id: str
    table: NewTable
    status: str
    seats: dict[int, SeatRecord] = field(default_factory=dict)
    log: list[list[Any]] = field(default_factory=list)  # compact rows, in order
    # Answers taken for their turn and not yet in the log (`TableDriver.kept`): the decision's id
    # and [seat, action] rows; None when there are none.
    kept: tuple[int, list[list[Any]]] | None = None


class TableStore(ABC):
    """Where a server's tables live; every write is durable when the call returns (or, inside
    `batch`, when the batch ends)."""

    owner: str  # this process's name in the owner column (stable across its restarts)
    # What the store raises when it cannot be written for now (a full disk, a database restarted or
    # out of reach): such a write is tried again later, never given up.
    failures: tuple[type[Exception], ...] = ()

    @abstractmethod
    def batch(self) -> AbstractContextManager[None]:
        """One transaction around several writes: all committed at its end, or none (an exception)."""

    @abstractmethod
    def reconnect(self) -> None:
        """Open the connection again (after a failure: the old one may be dead)."""

    @abstractmethod
    def add(self, table: NewTable) -> str:
        """Keep a new table, owned by this process; its id, never given to another table."""

    @abstractmethod
    def seat(self, table_id: str, seat: int, record: SeatRecord) -> None:
        """A remote seat was taken."""

    def append(self, table_id: str, start: int, rows: list[list[Any]]) -> None:
        """Log rows for the entries from index `start` on; StoreLost if another process owns the table."""
        if self.append_all([(table_id, start, rows)]):
            raise StoreLost(table_id)

    @abstractmethod
    def append_all(self, appends: list[Append]) -> set[tuple[str, int]]:
        """Several tables' log rows in one statement (what one commit of the writer holds): the
        (table, start) of those not written, their table owned by another process now."""

    @abstractmethod
    def keep(self, table_id: str, kept: tuple[int, list[list[Any]]] | None) -> None:
        """The answers the table holds for their turn now (None: none), in place of those kept
        before; nothing is written for a table another process owns now."""

    @abstractmethod
    def set_code(self, table_id: str, code: str) -> None:
        """The table has a new join code."""

    @abstractmethod
    def set_status(self, table_id: str, status: str) -> None:
        """The table is open, playing, finished or closed."""

    @abstractmethod
    def claim(self, adopt: bool = False) -> list[TableRecord]:
        """Take every unfinished table this process owns (`adopt`: and those of other processes
        whose lease ran out) and read each back with its seats and log, in id order."""

    @abstractmethod
    def adopt(self) -> list[TableRecord]:
        """Take the unfinished tables of other processes whose lease ran out (their process died),
        each read back with its seats and log."""

    @abstractmethod
    def announce(self, url: str) -> None:
        """The address players reach this process at (shown beside its tables in other lobbies)."""

    @abstractmethod
    def others(self) -> list[tuple[TableRecord, str | None]]:
        """The unfinished tables other live processes own (with their seats, without their logs),
        each with the address its process announced (None: none)."""

    @abstractmethod
    def read(self, table_id: str) -> TableRecord | None:
        """One table with its seats and log, whoever owns it, changing nothing (None: no such id)."""

    @abstractmethod
    def finished(self, limit: int) -> list[TableRecord]:
        """The last `limit` finished tables (without their logs), newest last."""

    @abstractmethod
    def over_ids(self) -> set[str]:
        """The ids of every finished table of the store."""

    @abstractmethod
    def renew(self) -> None:
        """Extend this process's lease on the tables it owns."""

    @abstractmethod
    def release(self) -> None:
        """End the lease now (a clean stop): another process may take the tables at once."""

    @abstractmethod
    def close(self) -> None:
        """Close the connection."""
