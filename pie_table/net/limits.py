"""What one lobby lets each client use, counted per connection and per client address.

A stranger can open as many connections as they like, so a cost bounded per connection alone is
not bounded: the messages a second, the connections, the tables made and the wrong join codes are
also counted per address (an IP address; players behind one router share it, hence the room the
defaults leave). Pure Python: the server asks, this says yes, no, or how long to wait.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limits:
    """Every bound a lobby keeps (`serve` flags change a few; tests shrink them)."""

    max_tables: int = 500
    rate: float = 100.0  # messages a second a connection may keep up (a bot answering at once needs ~60)
    burst: float = 200.0  # messages it may send at once
    # The same for all connections from one address together (a few players behind one router).
    address_rate: float = 300.0
    address_burst: float = 600.0
    connections_per_address: int = 32
    open_tables_per_address: int = 3  # tables an address made that are not over yet
    hello_s: float = 10.0  # a connection that has not said hello by then is closed
    # Proxies whose X-Forwarded-For names the client (`forwarded.py`); others are clients themselves.
    trusted_proxies: frozenset[str] = frozenset()
    # What may wait to be sent to one connection (a message bigger than this, a whole view of at
    # most MAX_HOST_BYTES, still goes when nothing else waits).
    queue_bytes: int = 1024 * 1024
    list_page: int = 50  # tables in one `tables` answer
    list_every_s: float = 0.1  # the listing is built again at most this often
    free_tries: int = 5  # wrong join codes an address may send before it must wait
    backoff_s: float = 1.0  # the first wait after those; each further wrong code doubles it
    max_backoff_s: float = 60.0
    empty_s: float = 600.0  # a table the lobby made, with nobody connected, closes after this
    over_s: float = 300.0  # a finished table the lobby made closes this long after its end
    sweep_s: float = 5.0  # how often the lobby looks for tables to close
    # Watchers: whether the lobby's tables may be watched, and how far behind the game they see it.
    watching: bool = True
    watch_delay_s: float = 0.0


@dataclass
class Bucket:
    """A token bucket: `rate` a second on average, `burst` at once."""

    rate: float
    burst: float
    allowance: float = -1.0  # below 0: full (set on first use)
    checked: float = 0.0

    def take(self, now: float) -> bool:
        """Use one token; False when none is left."""
        if self.allowance < 0:
            self.allowance, self.checked = self.burst, now
        self.allowance = min(self.burst, self.allowance + (now - self.checked) * self.rate)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def full(self, now: float) -> bool:
        """Whether it has refilled to `burst` (forgetting it then changes nothing)."""
        return self.allowance < 0 or self.allowance + (now - self.checked) * self.rate >= self.burst


@dataclass
class Address:
    """What one client address uses now and has done lately."""

    bucket: Bucket
    connections: int = 0
    tables: set[str] = field(default_factory=set)  # open tables it made
    wrong_codes: int = 0
    last_wrong: float = 0.0
    wait_until: float = 0.0

    def idle(self, now: float) -> bool:
        """Nothing to remember: no connection, no table, no wrong code still counted, and its
        allowance refilled (so coming back with a new connection buys nothing)."""
        return (not self.connections and not self.tables and now >= self.wait_until and not self.wrong_codes
                and self.bucket.full(now))


class AddressBook:
    """Each client address's counts, against one lobby's `Limits`."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._known: dict[str, Address] = {}

    def get(self, address: str) -> Address:
        """The counts of `address` (new ones start at nothing)."""
        known = self._known.get(address)
        if known is None:
            bucket = Bucket(self.limits.address_rate, self.limits.address_burst)
            known = self._known[address] = Address(bucket)
        return known

    def connect(self, address: str) -> bool:
        """Count a new connection from `address`; False (not counted) when it has as many as it may."""
        entry = self.get(address)
        if entry.connections >= self.limits.connections_per_address:
            return False
        entry.connections += 1
        return True

    def disconnect(self, address: str, now: float | None = None) -> None:
        """Count a connection from `address` out (and forget the address if nothing is left)."""
        entry = self.get(address)
        entry.connections -= 1
        if entry.idle(time.monotonic() if now is None else now):
            del self._known[address]

    def wait_s(self, address: str, now: float | None = None) -> float:
        """Seconds `address` must wait before it may try a join code again (0: it may now)."""
        now = time.monotonic() if now is None else now
        entry = self.get(address)
        self._forget_old_tries(entry, now)
        return max(0.0, entry.wait_until - now)

    def wrong_code(self, address: str, now: float | None = None) -> None:
        """`address` sent a wrong join code: past its free tries, each one doubles its wait."""
        now = time.monotonic() if now is None else now
        entry = self.get(address)
        self._forget_old_tries(entry, now)
        entry.wrong_codes += 1
        entry.last_wrong = now
        over = entry.wrong_codes - self.limits.free_tries
        if over >= 0:
            wait = min(self.limits.max_backoff_s, self.limits.backoff_s * 2 ** min(over, 30))
            entry.wait_until = now + wait

    def _forget_old_tries(self, entry: Address, now: float) -> None:
        # A quiet spell twice the longest wait starts the count afresh (a player who mistyped an
        # hour ago is not still paying for it), but no sooner: a guesser cannot reset it by waiting once.
        if entry.wrong_codes and now - entry.last_wrong > 2 * self.limits.max_backoff_s:
            entry.wrong_codes = 0

    def prune(self, now: float | None = None) -> None:
        """Forget the addresses with nothing to remember (the book stays as big as its users)."""
        now = time.monotonic() if now is None else now
        for address, entry in list(self._known.items()):
            self._forget_old_tries(entry, now)
            if entry.idle(now):
                del self._known[address]

    def __len__(self) -> int:
        return len(self._known)
