"""What the remote driver reads a seat from: `SeatSource`.

A seat played elsewhere is shown from what its host sent it: the seat, its view, the events of
each update, what it is asked, who is away. That can come live (`net.link_source.LinkSource`: a
link to the host) or from a file of what the seat was sent (`net.recording.Recording`, stepped
or jumped to any update); `net.remote_driver.RemoteDriver` reads either through this alone.

Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from pie_table.core.engine import Action, Event
from pie_table.core.history import SeatHistory
from pie_table.core.messages import Msg
from pie_table.core.saves import GameSaver
from pie_table.core.session import Applied
from pie_table.core.setup import GameSetup, SeatSpec


class SeatSource(Protocol):
    """One seat's updates, as its host sent them."""

    @property
    def seat(self) -> int:
        """The seat shown (-1: a watcher in no seat)."""

    @property
    def game(self) -> str:
        """The game's id."""

    @property
    def setup(self) -> GameSetup:
        """The table as the seat knows it."""

    @property
    def watching(self) -> bool:
        """True for a watcher: in no seat, sent the public table only."""

    @property
    def names(self) -> list[str]:
        """Each seat's player as the host names them."""

    @property
    def away(self) -> set[int]:
        """Seats whose players have dropped."""

    @property
    def held(self) -> str:
        """Why the host holds the game still ("start", "pause", "reconnecting"; '' otherwise)."""

    @property
    def lost(self) -> str:
        """Why the updates ended for good ('' while they may still come)."""

    @property
    def poll(self) -> float | None:
        """Seconds until the table should look again (None: not before input)."""

    def view(self) -> Mapping[str, Any]:
        """The seat's view at the update reached."""

    def history(self, public: bool) -> SeatHistory:
        """What the seat had been told by the update reached (`public`: its public part)."""

    def asked(self) -> bool:
        """True while the host waits for this seat."""

    def legal(self) -> Sequence[Action]:
        """What the seat may do now (empty while nothing is asked)."""

    def is_over(self) -> bool: ...

    def remaining(self) -> float | None:
        """Seconds left on the host's countdown (None: none runs)."""

    def news(self) -> list[Event] | None:
        """The events of the updates reached since the last call (None: no update came)."""

    def send(self, seat: int | None, action: Action) -> Applied:
        """Play `action` for `seat` at the host: applied, or refused with its reason."""

    def saver(self, enabled: bool) -> GameSaver:
        """What keeps this seat on disk (its own replay, or nothing)."""

    def close(self) -> None:
        """Stop reading (leave the table)."""


def seen_from(game: str, seat: int, seats: int, options: Any, teams: Any, names: Any) -> GameSetup:
    """A turn-based table as one seat on another machine knows it: that seat a person here, every
    other seat played elsewhere, no seed (nothing is dealt here). A joined table and a replay of
    what it was sent are set up alike."""
    here, elsewhere = SeatSpec("human", control="hotseat"), SeatSpec("bot", level="normal")
    specs = [here if other == seat else elsewhere for other in range(seats)]
    return GameSetup(game, specs, dict(options or {}), teams, seed=0, names=list(names or []))


class NoSave:
    """A seat's autosave where the host keeps the game: the table's `Autosaver` calls, writing nothing."""

    path: Path | None = None
    copied: Path | None = None
    enabled = True
    dirty = failing = False
    failure: Msg | None = None
    notice: Msg | str = ""
    every_action = False

    def mark(self) -> None:
        """Nothing to write later."""

    def flush(self) -> bool:
        return True

    def save(self, with_hash: bool = True) -> bool:
        return True
