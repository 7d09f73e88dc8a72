"""What a turn-based table needs from the driver it plays through: `TurnDriver`.

Two drivers stand behind it: the local one (`core.driver.TableDriver`: the game is played here)
and the remote one (`net.remote_driver.RemoteDriver`) for a seat played elsewhere, which shows
what its source says: the host live (it plays the game and sends this seat its view and its
events), or a seat's own replay (the same, read from a file). Whoever hands a driver to a table
hands it as a `TurnDriver`, so the type checker holds each driver to every member; the table
(`scenes.turn_table`) knows only this.

Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pie_table.core.engine import Action, Event
from pie_table.core.history import SeatHistory
from pie_table.core.pacing import Pace
from pie_table.core.pondering import Position
from pie_table.core.session import Applied, Entry, PrivacyGate
from pie_table.core.setup import GameSetup

if TYPE_CHECKING:
    from pie_table.core.registry import GameInfo
    from pie_table.core.saves import GameSaver

Listener = Callable[[Entry, list[Event]], None]


class TurnDriver(Protocol):
    """The calls a turn-based table makes into whatever plays its game."""

    @property
    def across_machines(self) -> bool:
        """Other machines have seen every move: nothing is undone."""

    @property
    def away(self) -> set[int]:
        """Remote seats whose players have dropped."""

    @property
    def held_by_host(self) -> str:
        """Why a host elsewhere holds the game still ("start", "pause"; '' while it runs)."""

    @property
    def rules(self) -> Any:
        """The game's rules (its `GameRules`)."""

    @property
    def info(self) -> GameInfo:
        """The game's registration."""

    @property
    def setup(self) -> GameSetup:
        """Who sits where, as this table knows it."""

    @property
    def gate(self) -> PrivacyGate:
        """Who sits at a shared screen: whose secrets the table may show."""

    def view(self, seat: int | None) -> Mapping[str, Any]:
        """What `seat` may see now (None: a spectator); read, never changed."""

    def history(self, seat: int | None) -> SeatHistory:
        """What `seat` has been told so far (the table's log and its notes)."""

    def to_act(self) -> list[int]:
        """The seats the table waits for."""

    def legal(self, seat: int) -> Sequence[Action]:
        """What `seat` may do now."""

    def is_over(self) -> bool: ...

    def submit(self, seat: int | None, action: Action) -> Applied:
        """Play one action for `seat`: applied, or refused with its reason (nothing changed)."""

    def update(self, dt: float, hold: bool = False) -> list[Applied]:
        """Let `dt` seconds pass: bots move after their beat, a countdown runs out (`hold`: a
        hand-off is on screen, the bots wait)."""

    def remaining(self) -> float | None:
        """Seconds left on the countdown of a reaction window (None: none runs)."""

    def thinking(self) -> bool:
        """A bot of this table works a decision out in a worker now (a driver whose bots play
        elsewhere: never)."""

    def next_move_in(self) -> float | None:
        """Seconds until something moves by itself (None: not before input)."""

    def restart_countdown(self) -> None: ...

    def listen(self, seat: int | None, fn: Listener) -> Callable[[], None]:
        """Call `fn(entry, events)` after each move with the events `seat` may see; the call
        returned stops it."""

    def pace_by(self, pace: Pace, beat: Callable[[int], float] | None = None,
                moment: Callable[[], Any] | None = None) -> None:
        """How long bots wait before they move (a driver with no bots of its own ignores it)."""

    def can_undo(self, seat: int) -> bool: ...

    def undo(self, seat: int) -> bool: ...

    def autoplay_action(self, seat: int) -> Action:
        """A move for `seat` chosen by the game's normal bot from that seat's view."""

    def seat_copy(self, seat: int) -> Position | None:
        """A copy of the game as `seat` stands in it now, for a bot to decide from in a worker (a
        hint); None where the game is not played on this machine (only the seat's view is here)."""

    def skip_to(self, *, turn: int | None = None, at: float | None = None,
                until: Callable[[], bool] | None = None) -> list[Applied]:
        """Play on with bots for every seat until the moment named (screenshots, fast-forward)."""

    def autosaver(self, folder: str | Path, *, path: str | Path | None = None,
                  enabled: bool = True) -> GameSaver:
        """What keeps this game on disk (at a seat played from elsewhere, that seat's own replay)."""

    def record_finished(self, key: str, extras: dict[int, dict[str, int]] | None = None) -> bool:
        """Count the finished game in the statistics once; False if they could not be written."""
