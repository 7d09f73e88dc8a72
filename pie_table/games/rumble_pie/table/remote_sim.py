"""The Rumble table at a remote player's window: `TableSim`'s face, drawn from what the host sends.

The host's driver (its `FixedStep`) is the game (pie_table/net/tick_clock.py). Here a `RemoteSeat` runs
on the loop of a thread of its own (`net.seat_link`, as a turn-based seat's does); the table's
frame loop pushes key actions (sent at once, stamped with a sequence number and the tick last
seen) and `advance` folds in the frames that came meanwhile, as `TickResult`s in the shape the
table scene already reads: the seat's events, its inputs applied (with the origin the scene
tagged them with) and refused (the host's reason, shown as a refusal at the couch is). Until the
host answers, a pushed action stays in `queue`, so the table can show the key press at once as
pending. `delay_ms` is the last ping's round trip.

A lost connection is taken back with the seat's token (the host sends the whole view and the
events missed, told quietly); a host that quits, or cannot be reached again, ends the table with
one line (`ended`). Every frame is also kept for the player's own replay of what the seat saw
(`net/seat_replay.py`), written by the table's autosave: at each round's end, at the game's end
and when the table is left.
"""

from __future__ import annotations

import asyncio
import queue
from pathlib import Path
from typing import Any

from pie_table.core.setup import GameSetup
from pie_table.games.rumble_pie.table.seat_sim import NoSave, SeatTableSim, result_of, seat_setup
from pie_table.games.rumble_pie.table.sim import TickResult
from pie_table.kit.i18n import N_
from pie_table.net import seat_link as link
from pie_table.net.client import RemoteSeat
from pie_table.net.seat_link import SeatLink
from pie_table.net.seat_replay import SeatRecorder
from pie_table.paths import seat_replays_dir

_PING_S = 1.0
HOST_QUIT = N_("The host left the table: the game is saved on the host's machine.")
HOST_LOST = N_("The host could not be reached again.")
SEAT_GONE = N_("The host no longer holds this seat: join the table again with its code.")
# What the table says when its link ended by itself, by the link's word for why.
_ENDED = {link.HOST_QUIT: HOST_QUIT, link.GONE: HOST_LOST, link.REFUSED: SEAT_GONE}


class RemoteTableSim(SeatTableSim):
    """A remote seat's table: what the host sends, in the interface the table scene drives."""

    live = True

    def __init__(self, url: str, table: str, code: str, seat: int, name: str = "",
                 wake: Any = None, token: str = "", watch: bool = False) -> None:
        """Take `seat` with the join `code`, or the seat a `token` holds, or `watch` the table in
        no seat (HostRefused or ConnectionError if not); `wake()` is called from the network thread
        when an update came (a window resting until input)."""
        super().__init__("", -1 if watch else seat)
        self.watch = watch  # a watcher: the public table, nothing sent
        self.name = name
        self.wake = wake
        self.joined: dict[str, Any] = {}  # the host's answer: game, seats, options, teams
        self.recorder: SeatRecorder | None = None  # what this seat was sent: the player's own replay
        self._kept_phase = ""  # the phase of the last frame kept (the replay is finished at game_over)
        # (frame, catch-up, kept already): frames are kept for the replay in the order they came,
        # as the table takes them, but for the very first, kept on arrival.
        self._frames: queue.Queue[tuple[dict[str, Any], bool, bool]] = queue.Queue()
        self._origins: dict[int, tuple[dict[str, Any], Any]] = {}
        self._sent: list[tuple[dict[str, Any], Any]] = []  # pushed, not yet numbered by the loop
        self.link = SeatLink(url, table, self._sat, self._heard, code=code, seat=seat, name=name, token=token,
                             watch=watch, wake=self._wake, dropped=self._origins.clear)
        self.seat = -1 if watch else self.client.seat
        self.link.soon(self._ping())

    @property
    def client(self) -> RemoteSeat:
        """The connection to the host (the link's)."""
        return self.link.remote

    @property
    def ended(self) -> str:  # type: ignore[override]
        """Why the table ended by itself, the line to show ('' while on, or once the game is over)."""
        return _ENDED.get(self.link.ended, "")

    @property
    def reconnecting(self) -> bool:  # type: ignore[override]
        """True while the link is being made again."""
        return bool(self.link.reconnecting)

    # -- the network thread ----------------------------------------------------------------------------

    def _sat(self, answer: dict[str, Any], again: bool) -> None:
        """The host's first answer sets the table up (taken back, the seat goes on as it was)."""
        if again:
            return
        self.joined, self.game = answer, str(answer["game"])
        if not self.watch:  # a watcher keeps no replay: it had no seat to see from
            self.recorder = SeatRecorder(seat_replays_dir(), answer, str(answer["token"]))

    def _heard(self, message: dict[str, Any], fresh: bool) -> None:
        """Every message from the host: updates go to the table (a fresh one, after the seat was
        taken or taken back, tells what was missed quietly), and into the seat's replay as the
        table takes them, so a frame taken back after a drop never comes before those queued."""
        if message["type"] == "update":
            first = fresh and self.recorder is not None and not self.recorder.frames
            if first:
                self._record(message)  # kept at once: a table left before its first frame has its replay
            self._frames.put((message, fresh, first))

    def _wake(self) -> None:
        if self.wake is not None:
            self.wake()

    async def _ping(self) -> None:
        while True:
            try:
                await self.client.ping()
            except Exception:  # noqa: BLE001, S110 - no link right now: the next ping will do
                pass
            await asyncio.sleep(_PING_S)

    async def _send(self, pushed: tuple[dict[str, Any], Any]) -> None:
        """Send a pushed key action; it stays pending in `_sent` until its number is known, then in
        `_origins` until the host answers (never in neither: the table would stop showing it)."""
        try:
            seq = await self.client.press(pushed[0])
        except Exception:  # noqa: BLE001 - the link is down: the key press is lost, as on a lag spike
            self._sent.remove(pushed)
            return
        self._origins[seq] = pushed
        self._sent.remove(pushed)

    # -- what the table scene reads ---------------------------------------------------------------------

    @property
    def setup(self) -> GameSetup:
        """The table as this machine knows it: this seat on the left keys (and the mouse), every
        other seat played elsewhere or a bot at the host (no seed: nothing is dealt here)."""
        joined = self.joined
        names = [self.name if seat == self.seat else "" for seat in range(joined["seats"])]
        return seat_setup(joined["game"], self.seat, joined["seats"], joined.get("options"),
                          joined.get("teams"), list(joined.get("players") or []), names)

    def name_of(self, seat: int) -> str:
        """The name `seat`'s player goes by, as the host last said ('' if none): a player who took
        a seat after this one is named too (the host tells every seated client)."""
        names = self.client.names  # replaced whole by the network thread, never changed in place
        return names[seat] if 0 <= seat < len(names) else ""

    @property
    def held_by_host(self) -> str:
        """Why the game stands still here: "start" (the host has not opened it yet), "pause", or
        "restarting" / "reconnecting" (the link is being made again); '' while it runs."""
        return self.link.reconnecting or self.client.host_paused

    @property
    def away(self) -> set[int]:
        """Other seats whose players have dropped (the host said so)."""
        return set(self.client.others_away)

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view as last received."""
        return self.client.view

    @property
    def queue(self) -> list[tuple[int | None, dict[str, Any], Any]]:
        """This seat's key actions the host has not answered yet (drawn as pending)."""
        waiting = [(self.seat, a, o) for a, o in self._origins.values()]
        return waiting + [(self.seat, a, o) for a, o in self._sent]

    @property
    def delay_ms(self) -> float | None:
        """Round trip to the host, in milliseconds (shown on the table)."""
        return self.client.delay_ms

    def push(self, action: dict[str, Any], origin: Any = None) -> None:
        """Send a key action now; it is pending until the host's frame answers it."""
        if self.watch:
            return  # a watcher plays nothing
        pushed = (action, origin)
        self._sent.append(pushed)
        self.link.soon(self._send(pushed))

    def start(self, origin: Any = None) -> None:
        """Ask the host to start the next round."""
        self.push({"type": "start"}, origin)

    def advance(self, _dt: float) -> list[TickResult]:
        """The frames that came since the last call, as the table's tick results."""
        results: list[TickResult] = []
        while True:
            try:
                frame, catch_up, kept = self._frames.get_nowait()
            except queue.Empty:
                return results
            result = self._result(frame, record=not kept)
            result.catch_up = catch_up
            results.append(result)

    def _record(self, frame: dict[str, Any]) -> None:
        """Keep `frame` for the seat's replay, and the phase it left the game in."""
        if self.recorder is not None:
            self.recorder.took(frame)
        said = frame["view"] if "view" in frame else frame.get("patch", {}).get("s", {})
        self._kept_phase = str(said.get("phase", self._kept_phase))

    def _result(self, frame: dict[str, Any], record: bool = True) -> TickResult:
        if record:
            self._record(frame)
        applied = [self._origins.pop(seq) for seq in frame.get("acks", ()) if seq in self._origins]
        return result_of(frame, applied, self._origins)

    def autosaver(self) -> Any:
        """The table's autosave: here it keeps this seat's own replay of what it was sent."""
        return SeatReplaySaver(self)

    def keep_replay(self) -> Path | None:
        """Write what this seat was sent so far; the file's path, or None if it could not be."""
        recorder = self.recorder
        if recorder is None or not recorder.frames:
            return None
        names = [self.name_of(seat) or (self.name if seat == self.seat else "")
                 for seat in range(int(self.joined["seats"]))]
        try:
            return recorder.write(names, self._kept_phase == "game_over")
        except (OSError, TypeError, ValueError):
            return None

    def close(self) -> None:
        """Leave the table (the host shows the seat away; the token would take it back)."""
        self.link.close()


class SeatReplaySaver(NoSave):
    """A remote seat's autosave: `save` keeps the seat's own replay (`path` once written), never
    the host's save trouble (the game itself is kept at the host)."""

    def __init__(self, sim: RemoteTableSim) -> None:
        self.sim = sim
        self.path = ""

    def save(self) -> None:
        path = self.sim.keep_replay()
        self.path = str(path) if path is not None else self.path
