"""The Rumble table drawn from one seat's frames instead of a game run here: what the table scene
reads of it, shared by the host's frames as they come (`remote_sim.RemoteTableSim`) and a
recording of them played again (`recorded_sim.RecordedTableSim`).

Only the seat's view exists: the public table comes from it, the other seats are played
elsewhere, and nothing is saved here (the host keeps the game). A subclass gives `view`,
`advance` and whatever it adds (sending key actions, the delay to the host).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pie_table.core.engine import Event
from pie_table.core.registry import GameInfo, get_game
from pie_table.core.setup import GameSetup, SeatSpec, SetupError, parse_seat
from pie_table.games.rumble_pie.table.sim import Refusal, TickResult
from pie_table.games.rumble_pie.table.table_state import TableState
from pie_table.net.frame_source import Frame

_REMOTE = "remote"  # the seat word the seat screens use for a seat played on another machine



class NoSave:
    """The autosave of a remote seat's table: nothing to save here, nothing failing."""

    enabled = False
    failing = False
    path = ""

    def save(self) -> None:
        """The host saves the game."""

    def mark(self) -> None:
        """The host saves the game."""

class SeatTableSim:
    """A seat's frames, in the interface the Rumble table scene drives."""

    watch = False  # True: a replay, stepped by its viewer, or a table watched; nothing is sent anywhere
    live = False  # True: the game goes on at a host as this window shows it (not a recording)
    has_humans = True
    session = None  # the game lives at the host: no save of the game, no statistics here
    realtime = True  # the join screen opens this game's table with it as `remote`
    ended = ""  # why the table ended by itself (the host quit or is gone), '' while on
    reconnecting = False

    def __init__(self, game: str, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.accumulator = 0.0
        self._table: tuple[Mapping[str, Any], TableState] | None = None

    @property
    def view(self) -> Mapping[str, Any]:
        """The seat's view as last received (or reached in a replay)."""
        raise NotImplementedError

    def advance(self, dt: float) -> list[TickResult]:
        """The frames that came since the last call, as the table's tick results."""
        raise NotImplementedError

    @property
    def info(self) -> GameInfo:
        """The game played."""
        return get_game(self.game)

    def table(self) -> TableState:
        """The public table from the view reached (read again only when the view changes)."""
        view = self.view
        if self._table is None or self._table[0] is not view:
            self._table = (view, TableState(view))
        return self._table[1]

    def invalidate(self) -> None:
        """Read the table afresh next time."""
        self._table = None

    @property
    def phase(self) -> str:
        """The host's phase."""
        return str(self.view.get("phase", "ready"))

    @property
    def game_ticks(self) -> int:
        """The host's clock as last seen."""
        return int(self.view.get("tick", 0))

    @property
    def queue(self) -> list[tuple[int | None, dict[str, Any], Any]]:
        """This seat's key actions the host has not answered yet (drawn as pending): none."""
        return []

    @property
    def held_by_host(self) -> str:
        """Why the host holds the game still ("start" | "pause"; '' while it runs): it never does."""
        return ""

    @property
    def delay_ms(self) -> float | None:
        """The round trip to the host in milliseconds (None: not known, or no host)."""
        return None

    @property
    def away(self) -> set[int]:
        """Other seats whose players have dropped: none known."""
        return set()

    def view_for(self, _seat: int) -> Mapping[str, Any]:
        """The only view this window has: its own seat's."""
        return self.view

    def name_of(self, seat: int) -> str:
        """The name `seat`'s player goes by ('' if none known)."""
        return ""

    def said_before(self) -> Sequence[Event]:
        """What the table had said before the first update this table shows (its talk is told
        again from it): nothing at a live seat, whose frames tell everything as they come."""
        return ()

    def push(self, action: dict[str, Any], origin: Any = None) -> None:
        """A key action from this window: nothing to send it to here."""

    def start(self, origin: Any = None) -> None:
        """Go! from this window: nothing to send it to here."""

    def autosaver(self) -> Any:
        """What the table's autosave does here: nothing (the host saves the game)."""
        return NoSave()

    def close(self) -> None:
        """Leave the table: nothing to close here."""


def result_of(frame: Frame) -> TickResult:
    """A frame of the host's as the table's tick result: its tick, the seat's events, its inputs
    applied and its refused key actions with the host's reason (shown as a refusal at the couch
    is), each with the table's tag (origin); a fresh one tells what was missed, quietly."""
    refusals = [Refusal(refused.action, refused.reason, refused.tag) for refused in frame.refused]
    applied = [(pressed.action, pressed.tag) for pressed in frame.applied]
    return TickResult(frame.tick, list(frame.events), refusals, applied, catch_up=frame.fresh)


def seat_setup(game: str, seat: int, seats: int, options: Any, teams: Any, players: Sequence[Any],
               names: Sequence[str]) -> GameSetup:
    """The table as one seat on another machine knows it: that seat on the left keys (and the
    mouse), a bot at the host as the bot it is, every other seat played elsewhere (no seed:
    nothing is dealt here). `names`: each seat's name ('' unknown)."""
    here = SeatSpec("human", control="keys1")
    elsewhere = SeatSpec("human", control="hotseat", level=_REMOTE)
    specs = [here if other == seat else _played_elsewhere(list(players), other, elsewhere)
             for other in range(seats)]
    named = [str(name) for name in names][:seats]
    return GameSetup(game, specs, dict(options or {}), teams, seed=0,
                     names=named + [""] * (seats - len(named)) if any(named) else [])


def _played_elsewhere(players: list[Any], seat: int, elsewhere: SeatSpec) -> SeatSpec:
    """How a seat not played here is labelled: a bot at the host as the bot it is, anyone else as
    played on another machine (so is every seat of a host that does not say who plays)."""
    said = players[seat] if seat < len(players) else None
    if isinstance(said, str) and said.startswith("bot"):
        try:
            return parse_seat(said)
        except SetupError:
            pass  # a word this version does not know: shown as played elsewhere
    return elsewhere
