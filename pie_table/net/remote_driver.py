"""A table's driver for a seat played elsewhere: `RemoteDriver`, fed by a `SeatSource`.

It is a `core.table_driver.TurnDriver` with no game of its own (no `state`: a remote seat knows
its view only). What it shows comes from its source: live from the host (`net.link_source`), or
from a file of what the seat was sent (`net.recording`), so a seat's replay plays on the very
driver the game was played on. Nothing is decided here. Listeners are called from `update`, on
the caller's thread, with this seat's events only, once for every update the source reached.

Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from pie_table.core.engine import Action, Event
from pie_table.core.history import SeatHistory, events_for
from pie_table.core.pondering import Position, ViewCopy
from pie_table.core.registry import GameInfo, get_game
from pie_table.core.saves import GameSaver
from pie_table.core.session import Applied, Entry, PrivacyGate
from pie_table.core.setup import GameSetup
from pie_table.net.client import bot_decider
from pie_table.net.seat_source import SeatSource

Listener = Callable[[Entry, list[Event]], None]
# Covariant (the source is only read): a driver on a LinkSource serves where one on a FrameSource is asked.
S = TypeVar("S", bound=SeatSource, covariant=True)


class RemoteDriver(Generic[S]):
    """One seat at a table played elsewhere, as its `source` tells it."""

    realtime = False  # a turn-based seat: the join screen opens the game's table on this driver
    across_machines = True  # undo is off: the other machines have seen every move

    def __init__(self, source: S) -> None:
        self.source = source
        self._listeners: list[tuple[int | None, Listener]] = []
        self._stand_in: Callable[[dict[str, Any], Sequence[Action]], Action] | None = None  # autoplay's bot
        self.gate = PrivacyGate([] if source.watching else [source.seat])

    # -- what the table reads ----------------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat shown."""
        return self.source.seat

    @property
    def watching(self) -> bool:
        """True for a watcher: in no seat, sent the public table only."""
        return self.source.watching

    @property
    def lost(self) -> str:
        """Why the updates ended before the game did ('' while they may still come)."""
        return self.source.lost

    @property
    def info(self) -> GameInfo:
        """The game's registration, from what the host said it plays."""
        return get_game(self.source.game)

    @property
    def rules(self) -> Any:
        """The game's rules (the same version as the host's: the hello checked it)."""
        return self.info.rules

    @property
    def setup(self) -> GameSetup:
        return self.source.setup

    @property
    def held_by_host(self) -> str:
        """Why the game stands still ("start", "pause", "restarting", "reconnecting"; '' while it runs)."""
        return self.source.held

    @property
    def names(self) -> list[str]:
        return self.source.names

    @property
    def away(self) -> set[int]:
        return self.source.away

    def view(self, seat: int | None) -> Mapping[str, Any]:
        """The seat's view, for the seat and for nobody (the public table: this machine's screen
        is this seat's, and another seat's view is not known here)."""
        return self.source.view() if seat in (self.source.seat, None) else {}

    def history(self, seat: int | None) -> SeatHistory:
        """What this seat has been told; for anyone else, its public part."""
        return self.source.history(seat != self.source.seat)

    def to_act(self) -> list[int]:
        """This seat while the host waits for it (who else is thinking is the view's to show: the
        table here waits for nobody else, so a pick asked of several seats at once never waits on
        a machine that waits on this one)."""
        return [self.source.seat] if self.source.asked() else []

    def legal(self, seat: int) -> Sequence[Action]:
        """What this seat may do now (nothing while the host is not waiting for it)."""
        return self.source.legal() if seat == self.source.seat else []

    def is_over(self) -> bool:
        return self.source.is_over()

    def remaining(self) -> float | None:
        return self.source.remaining()

    # -- acting ------------------------------------------------------------------------------------

    def submit(self, seat: int | None, action: Action) -> Applied:
        """Play this seat's action at the host: applied, or refused with its reason."""
        return self.source.send(seat, action)

    def update(self, dt: float, hold: bool = False) -> list[Applied]:
        """Tell the listeners what the source reached since the last call (once per call, even
        with no event for this seat). The host moves the bots and runs the clock: nothing is
        applied here."""
        news = self.source.news()
        if news is not None:
            for seat, fn in list(self._listeners):
                fn(Entry(None, {}), events_for(news, seat))
        return []

    def listen(self, seat: int | None, fn: Listener) -> Callable[[], None]:
        """Call `fn(entry, events)` from `update` with the events this seat was sent that `seat`
        may see (None: the public ones); `entry` is a stand-in, since who acted is the host's to know."""
        item = (seat, fn)
        self._listeners.append(item)
        return lambda: self._listeners.remove(item) if item in self._listeners else None

    def autoplay_action(self, seat: int) -> Action:
        """A move for this seat chosen by the game's normal bot from this seat's view alone."""
        if self._stand_in is None:
            factory = self.info.bot_factory
            if factory is None:
                raise ValueError(f"{self.info.id} has no bots to play for a seat")
            self._stand_in = bot_decider(factory("normal", self.seat, self.seat), self.source.history(False))
        return self._stand_in(dict(self.view(seat)), self.legal(seat))

    def autosaver(self, folder: Any, *, path: Any = None, enabled: bool = True) -> GameSaver:
        """The host keeps the game (its save, replay and statistics); here at most this seat's
        own replay of what it was sent."""
        return self.source.saver(enabled)

    def close(self) -> None:
        """Leave the table (live: the seat shows away; its token takes it back)."""
        self.source.close()

    # -- what a game played elsewhere does not do here ------------------------------------------------

    def seat_copy(self, seat: int) -> Position | None:
        """The seat as the host last asked it (`ViewCopy`: its view, its moves, what it was told),
        copied for a hint to be worked out from; None while the host does not wait for it (and
        always in a recording, where nothing is asked)."""
        legal = list(self.legal(seat))
        if not legal:
            return None
        return ViewCopy(seat, self.view(seat), SeatHistory(seat, list(self.history(seat).events)), legal)

    def record_finished(self, key: str, extras: Any = None) -> bool:
        """The host counts the game in its statistics; nothing is counted here."""
        return False

    def thinking(self) -> bool:
        return False  # the host's bots think at the host

    def next_move_in(self) -> float | None:
        """When to look at the source again."""
        return self.source.poll

    def pace_by(self, *_args: Any, **_kw: Any) -> None:
        """The host paces its bots: nothing to pace here."""

    def skip_to(self, **_kw: Any) -> list[Applied]:
        """Nobody skips ahead at a table shared across machines."""
        return []

    def restart_countdown(self) -> None:
        """The host's clock decides: nothing to restart here."""

    def can_undo(self, seat: int) -> bool:
        """Never across machines: others have seen the move."""
        return False

    def undo(self, seat: int) -> bool:
        """Nothing is taken back across machines."""
        return False
