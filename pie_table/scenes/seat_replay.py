"""The viewer of a seat replay: a game played at a table hosted elsewhere, shown again on its own
table from what this player's seat was sent.

The table is the game's own scene in *watch* mode, on the remote driver a joined seat plays on,
fed from the file (`net.recording.Recording`): a turn-based table steps to the next update the
host sent, whose events play as they did; a real-time one (Rumble Pie, through its
`replay_seat`) plays the updates at the pace they came, a step being the next one where
something happened. Only that seat's view exists, so there is no choice of view. Going back
builds the table again at the wanted frame. The bar and keys are `scenes/playback.py`'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pie_table.core.messages import Msg
from pie_table.core.registry import GameLoadError, get_game
from pie_table.core.userfiles import move_aside
from pie_table.kit.i18n import N_, _, tr
from pie_table.net.recording import Recording
from pie_table.net.remote_driver import RemoteDriver
from pie_table.net.seat_replay import read_seat_replay, recorded_frames
from pie_table.scenes.base import load_factory
from pie_table.scenes.playback import PlaybackScene, WatchedTable

_UNFINISHED = N_("This replay ends where you left the table.")
_CUT = N_("The replay stops here: the rest of this game was too long to keep.")

if TYPE_CHECKING:
    from pie_table.core.table_driver import TurnDriver


class _SeatPlayback(PlaybackScene):
    """What both viewers share: the recording, its game's table, whose seat it was."""

    def __init__(self, app: Any, payload: dict[str, Any]) -> None:
        super().__init__(app)
        self.payload = payload
        self.info = get_game(payload["game"])
        self.seat: int = payload["seat"]
        factory = load_factory(self.info.scene_factory)
        if factory is None:  # `open_seat_replay` opens one only for a game whose table loads
            raise GameLoadError(f"{self.info.id}: its table could not be loaded")
        self.factory = factory

    def _show(self, table: WatchedTable) -> None:
        """`table` in place of the one shown, sized to the space above the bar."""
        self.table = table
        table.enter()
        table.on_resize(self._table_size())
        table.snap()

    def _past_the_end(self) -> None:
        """A step asked for after the last frame: say why there is no more."""
        if self.payload.get("cut"):
            self.notice, self.notice_age = _CUT, 0.0
        elif not self.payload["finished"]:
            self.notice, self.notice_age = _UNFINISHED, 0.0

    def who(self) -> str:
        return _("Seen by {name}").format(name=self.seat_name(self.seat))


class SeatReplayScene(_SeatPlayback):
    """Watch what one seat saw of a turn-based game hosted elsewhere."""

    def __init__(self, app: Any, payload: dict[str, Any]) -> None:
        super().__init__(app, payload)
        self.frames = recorded_frames(payload)
        self.driver: RemoteDriver[Recording] | None = None
        self._rebuild(0)

    @property
    def position(self) -> int:
        """The frame shown (0: the first view the seat was sent)."""
        return self.driver.source.position if self.driver is not None else 0

    def _rebuild(self, at: int) -> None:
        """A fresh table showing frame `at`."""
        self.driver = RemoteDriver(Recording(self.payload, at, self.frames))
        driver: TurnDriver = self.driver  # the table's driver, as every turn-based table's is
        table = self.factory(self.app, driver.setup, driver=driver, watch=True)
        table.watch_seat = self.seat
        self._show(table)

    def step_forward(self) -> bool:
        assert self.driver is not None
        moved = self.driver.source.step()
        self.driver.update(0.0)  # the table hears the step's events now, as a live update's
        if not moved:
            self._past_the_end()
        return moved

    def step_back(self) -> None:
        self._rebuild(max(0, self.position - 1))

    def jump(self, fraction: float) -> None:
        last = len(self.frames) - 1
        self._rebuild(min(last, max(0, round(fraction * last))))

    def at_end(self) -> bool:
        return self.position >= len(self.frames) - 1

    def progress(self) -> tuple[int, int]:
        return self.position, len(self.frames) - 1


class RemoteSeatReplayScene(_SeatPlayback):
    """Watch what one seat saw of a real-time game hosted elsewhere, at the pace it was played.
    A move is a frame where something happened (the frames between only ran the clock down)."""

    def __init__(self, app: Any, payload: dict[str, Any]) -> None:
        super().__init__(app, payload)
        self.frames = recorded_frames(payload)
        self.moves = [index for index, frame in enumerate(self.frames) if index and frame.events]
        self.sim: Any = None
        self._rebuild(0)

    @property
    def position(self) -> int:
        """The frame shown (0: the first view the seat was sent)."""
        return int(self.sim.position) if self.sim is not None else 0

    def _rebuild(self, at: int) -> None:
        """A fresh table showing frame `at`."""
        self.sim = self.factory.replay_seat(RemoteDriver(Recording(self.payload, at, self.frames)))
        self._show(self.factory(self.app, self.sim.setup, remote=self.sim, watch=True))

    def step_forward(self) -> bool:
        """On to the next frame where something happened (or the last)."""
        moved = False
        while self.sim.step():
            moved = True
            if self.frames[self.position].events:
                break
        if not moved:
            self._past_the_end()
        return moved

    def step_back(self) -> None:
        earlier = [index for index in self.moves if index < self.position]
        self._rebuild(earlier[-1] if earlier else 0)

    def jump(self, fraction: float) -> None:
        if fraction <= 0 or fraction >= 1 or not self.moves:
            self._rebuild(0 if fraction <= 0 else len(self.frames) - 1)
            return
        self._rebuild(self.moves[min(len(self.moves) - 1, max(0, round(fraction * (len(self.moves) - 1))))])

    def at_end(self) -> bool:
        return bool(self.sim.at_end())

    def progress(self) -> tuple[int, int]:
        return sum(1 for index in self.moves if index <= self.position), len(self.moves)

    def _play(self, dt: float) -> None:
        """Frames as the game's time passed between them, at `speed`."""
        self.clock += dt * self.speed
        while not self.sim.at_end():
            wait = self.sim.wait_before_next()
            if self.clock < wait:
                break
            self.clock -= wait
            self.sim.step()
        if self.at_end():
            self.playing = False


def open_seat_replay(app: Any, path: str) -> str:
    """Open the seat replay at `path` in the viewer; '' on success, else one line why not. A file
    that cannot be read, or whose frames do not play, is set aside and listed as damaged."""
    found = read_seat_replay(path)
    if not found.ok or found.payload is None:
        return tr(found.notice) if found.notice is not None else ""
    payload = found.payload
    try:
        info = get_game(payload["game"])
    except KeyError:
        return _("This game's table could not be loaded.")
    if payload["rules_version"] != info.rules.rules_version:
        return _("This replay was recorded with another version of the game's rules.")
    if load_factory(info.scene_factory) is None:
        return _("This game's table could not be loaded.")
    try:
        scene = (RemoteSeatReplayScene if info.realtime else SeatReplayScene)(app, payload)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        moved = move_aside(path)
        why = Msg("does not hold what it should")
        if moved is None:
            return tr(why)
        return _("{name} cannot be opened ({why}); it was set aside and stays listed in Saved games.").format(
            name=Path(path).name, why=tr(why))
    app.scenes.push(scene)
    return ""
