"""A seat played from another machine, live, as a `SeatSource`: a `RemoteSeat` connection that
runs on a background thread with its own event loop (`net.seat_link`, which keeps the seat
through drops).

Nothing is decided here: the view and the events come from the host, `send` sends the action
and answers with the host's acceptance or its refusal reason, and a countdown is the one the
host sent, counted down from when it arrived (the host's clock decides). What this seat was sent
is kept as the player's own replay (`SeatRecorder`). `join_seat` gives the remote driver on one.

A real-time seat's (`realtime`) is also a `net.frame_source.FrameSource`: its updates are kept
for the table to take in order, key presses go without waiting for the host, and a ping measures
the round trip once a second.

Pure Python: no pygame.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pie_table.core.engine import Action, Event, Outcome
from pie_table.core.history import SeatHistory
from pie_table.core.session import Applied, Entry
from pie_table.core.setup import GameSetup
from pie_table.net import protocol as p
from pie_table.net.frame_source import Frame, Pressed, Presses
from pie_table.net.remote_driver import RemoteDriver
from pie_table.net.seat_link import ANSWER_WAIT, HOST_QUIT, REFUSED, SeatLink
from pie_table.net.seat_replay import SeatRecorder
from pie_table.net.seat_source import NoSave, seen_from
from pie_table.net.staying import DROPS
from pie_table.paths import seat_replays_dir

_PING_S = 1.0  # between a real-time seat's pings


class LinkSource:
    """One seat at a table hosted elsewhere, as the host sends it."""

    poll = 0.05  # the host moves everything: look again soon

    def __init__(self, url: str, table: str, *, code: str = "", seat: int = -1, name: str = "",
                 token: str = "", wake: Callable[[], None] | None = None, watch: bool = False,
                 realtime: bool = False) -> None:
        """Join `seat` with the join `code`, or take a seat back with its `token`, or `watch` the
        table in no seat. Raises HostRefused (one line: wrong code, seat taken, version mismatch,
        not watched) when the host says no. `wake()` is called from the network thread whenever the
        host sent something (a window resting until input posts itself an event). `realtime`: a
        real-time table's seat, whose updates are kept as frames for the table to take."""
        self.wake = wake
        self.url, self.table = url, table
        self._lock = threading.Lock()
        self._answered = threading.Condition(self._lock)
        self._news: list[Event] = []  # events received, not yet told to the driver
        # An update came since the driver last heard: a move was applied at the host, maybe one
        # that sent this seat no event (its own Done opening a window), after which the table
        # offers afresh what it is asked, as a table hears every move of a game run here.
        self._moved = False
        self._public = SeatHistory(None)  # the public part of what this seat was told
        self._countdown: tuple[float, float] | None = None  # (seconds left when sent, when it came)
        # Which ask of the host the table last read its moves for, and whether it sent a move it
        # has not heard the answer to yet (`news` not read since): a move from a list older than
        # the view is never sent (keys pressed faster than the host answers, a double click).
        self._read_ask = 0
        self._unheard = False
        self.joined: dict[str, Any] = {}  # the host's answer to the join: game, seats, options, teams
        self.recorder: SeatRecorder | None = None  # what this seat was sent: the player's own replay
        # A real-time seat's presses in flight and frames not yet taken (None: a turn-based seat,
        # whose table reads the view and the news instead).
        self._presses = Presses() if realtime else None
        self.link = SeatLink(url, table, self._sat, self._heard, code=code, seat=seat, name=name, token=token,
                             watch=watch, wake=self._wake, dropped=self._dropped)
        self.remote = self.link.remote
        if realtime:
            self.link.soon(self._ping())

    # -- what the link hears, on its thread ---------------------------------------------------------

    def _sat(self, answer: dict[str, Any], _again: bool) -> None:
        """The host seated us (again after a drop), or lets us watch: a seat's replay is kept from
        here (a watcher had no seat to see from), and goes on in the same recorder after a drop."""
        with self._answered:
            self.joined = answer
            if answer.get("type") == "joined" and self.recorder is None:
                self.recorder = SeatRecorder(seat_replays_dir(), answer, answer["token"])

    def _heard(self, message: dict[str, Any], fresh: bool) -> None:
        with self._answered:
            self._took(message)
        if self._presses is not None and message["type"] == "update":
            self._presses.came(message, fresh)

    def _dropped(self) -> None:
        with self._answered:
            self.remote.legal = None  # nothing is asked of the seat until it is back
        if self._presses is not None:
            self._presses.dropped()

    def _wake(self) -> None:
        """After whatever the link heard or did (its `wake`): a move waiting for its answer hears it."""
        with self._answered:
            self._answered.notify_all()
        if self.wake is not None:
            self.wake()

    def _took(self, message: dict[str, Any]) -> None:
        """Fold one message from the host (already folded into `remote`) into what the table reads."""
        kind = message["type"]
        if kind == "update":
            if self.recorder is not None:
                self.recorder.took(message)
            self._news.extend(message.get("events", ()))
            self._moved = True
            if "remaining" in message:
                self._countdown = (float(message["remaining"]), time.monotonic())

    # -- the link's state --------------------------------------------------------------------------

    @property
    def watching(self) -> bool:
        """True for a watcher: in no seat, sent the public table only."""
        return self.remote.watching

    @property
    def reconnecting(self) -> str:
        """While the link is made again: "restarting" or "reconnecting"; '' otherwise."""
        return self.link.reconnecting

    @property
    def ended(self) -> str:
        """How the link ended by itself (`seat_link`'s word: the host quit, is gone, or refused
        the seat; '' while it is up, or once the game is over)."""
        return self.link.ended

    @property
    def host_quit(self) -> bool:
        """True once the host said it left the table."""
        return self.link.ended == HOST_QUIT

    @property
    def lost(self) -> str:
        """Why the connection ended for good ('' while it is up, or made again): the host quit,
        refused the seat's token (its words), or could not be reached again."""
        link = self.link
        return link.refusal if link.ended == REFUSED else link.ended

    @property
    def seat(self) -> int:
        """The seat this machine plays."""
        return self.remote.seat

    @property
    def token(self) -> str:
        """The secret that takes this seat back after a drop."""
        return self.remote.token

    @property
    def game(self) -> str:
        return str(self.joined["game"])

    @property
    def setup(self) -> GameSetup:
        """The table as this machine knows it: this seat a person here, every other seat played
        elsewhere (no seed: nothing is dealt here)."""
        return seen_from(self.joined["game"], self.seat, self.joined["seats"], self.joined.get("options"),
                         self.joined.get("teams"), self.joined.get("names"))

    @property
    def held(self) -> str:
        """Why the game stands still: "start" (the host has not opened it yet), "pause" (the host
        paused), "restarting" or "reconnecting" (the link is being made again); '' while it runs."""
        return self.reconnecting or self.remote.host_paused

    @property
    def names(self) -> list[str]:
        """Each seat's player as the host names them now (a player who joined later included)."""
        with self._lock:
            return list(self.remote.names)

    @property
    def away(self) -> set[int]:
        """Remote seats whose players have dropped (shown as away)."""
        with self._lock:
            return set(self.remote.others_away)

    # -- what the driver reads ---------------------------------------------------------------------

    def view(self) -> Mapping[str, Any]:
        with self._lock:
            return self.remote.view

    def history(self, public: bool) -> SeatHistory:
        """What this seat has been told, as the host sent it (`public`: its public part)."""
        return self._public if public else self.remote.history

    def asked(self) -> bool:
        with self._lock:
            return bool(self.remote.legal)

    def legal(self) -> Sequence[Action]:
        """What this seat may do now (nothing while the host is not waiting for it)."""
        with self._lock:
            legal = self.remote.legal
            if legal is None:
                return []
            self._read_ask = self.remote.ask
            return legal

    def is_over(self) -> bool:
        """True once the host says the game is over."""
        with self._lock:
            return self.remote.over or bool(self.remote.view.get("over"))

    def remaining(self) -> float | None:
        """Seconds left on the countdown the host sent (None: none running)."""
        with self._lock:
            if self._countdown is None or not self.remote.legal:
                return None
            left, since = self._countdown
        return max(0.0, left - (time.monotonic() - since))

    def news(self) -> list[Event] | None:
        """The events sent since the last call (None: no update came), on the table's thread."""
        with self._lock:
            news, self._news = self._news, []
            moved, self._moved = self._moved, False
            self._unheard = False
        self._public.add(news)  # here, on the table's thread, which reads it
        return news if moved else None

    def send(self, seat: int | None, action: Action) -> Applied:
        """Send this seat's action and wait for the host: applied, or refused with its reason."""
        if seat != self.remote.seat:
            return _refused(p.NOT_YOUR_SEAT)
        with self._lock:
            errors = len(self.remote.errors)
            ask = self._read_ask
            if self._unheard or self.remote.legal is None or ask != self.remote.ask:
                return _refused(p.STALE_MOVE)
            self._unheard = True
        try:
            # Not under the lock: the reader takes it on that thread.
            self.link.call(self.remote.act(action, ask))
        except DROPS:  # the connection went as it was sent: the seat is asked again once it is back
            with self._lock:
                self._unheard = False
            return _refused(self.lost or p.MOVE_NOT_SENT)
        seq = self.remote._seq  # noqa: SLF001 - the number the action was sent with
        deadline = time.monotonic() + ANSWER_WAIT
        with self._answered:
            while True:
                if len(self.remote.errors) > errors:
                    error = self.remote.errors[-1]
                    return _refused(p.revive({"msg": error["msg"], "params": error["params"]}))
                if seq not in self.remote._pending:  # noqa: SLF001 - acknowledged by the host
                    return Applied(Outcome(True), Entry(seat, action))
                if self.lost or not self._answered.wait(max(0.0, deadline - time.monotonic())):
                    return _refused(self.lost or "no answer from the host")

    # -- a real-time seat's (`FrameSource`) -----------------------------------------------------------

    @property
    def delay_ms(self) -> float | None:
        """The last ping's round trip to the host, in milliseconds."""
        return self.remote.delay_ms

    def press(self, action: dict[str, Any], tag: Any = None) -> None:
        """Send a key action now, stamped with the tick last seen; pending until a frame answers."""
        if self._presses is None or self.watching:
            return  # a turn-based seat sends its moves, and waits (`send`); a watcher plays nothing
        pressed = self._presses.press(action, tag)
        self.link.soon(self._send_press(pressed))

    def pending(self) -> list[Pressed]:
        return [] if self._presses is None else self._presses.pending()

    def frames(self) -> list[Frame]:
        """The updates that came since the last call, in the order they came (the table's thread)."""
        return [] if self._presses is None else self._presses.frames()

    async def _send_press(self, pressed: Pressed) -> None:
        assert self._presses is not None
        try:
            seq: int | None = await self.remote.press(pressed.action)
        except Exception:  # noqa: BLE001 - the link is down: the press is lost, as on a lag spike
            seq = None
        self._presses.numbered(pressed, seq)

    async def _ping(self) -> None:
        while True:
            try:
                await self.remote.ping()
            except Exception:  # noqa: BLE001, S110 - no link right now: the next ping will do
                pass
            await asyncio.sleep(_PING_S)

    # -- leaving and keeping -----------------------------------------------------------------------

    def saver(self, enabled: bool) -> NoSave:
        """The host keeps the game (its save, replay and statistics); saving here writes this
        seat's own replay of what it was sent (at the end, and whenever the table is left)."""
        return SeatReplaySaver(self) if enabled else NoSave()

    def keep_replay(self, over: bool = False) -> Path | None:
        """Write what this seat was sent so far (`over`: the table saw the game end, where its view
        does not say "over"); the file's path, or None if it could not be."""
        with self._lock:
            recorder = self.recorder
            if recorder is None or not recorder.frames:
                return None
            finished = over or self.remote.over or bool(self.remote.view.get("over"))
            names = list(self.remote.names)
        try:  # not under the lock: the network thread goes on meanwhile (the frames only grow)
            return recorder.write(names, finished)
        except (OSError, TypeError, ValueError):
            return None

    def close(self) -> None:
        """Leave the table (the seat shows away; the token takes it back) and stop the thread."""
        self.link.close()


class SeatReplaySaver(NoSave):
    """A remote seat's autosave: `save` keeps the seat's own replay (`path` once written)."""

    def __init__(self, source: LinkSource) -> None:
        self.source = source
        self.path: Path | None = None

    def save(self, with_hash: bool = True) -> bool:
        path = self.source.keep_replay()
        self.path = path if path is not None else self.path
        return True  # never the host's save trouble: the game itself is kept at the host


def join_seat(url: str, table: str, *, code: str = "", seat: int = -1, name: str = "", token: str = "",
              wake: Callable[[], None] | None = None, watch: bool = False,
              realtime: bool = False) -> RemoteDriver[LinkSource]:
    """The remote driver on a live link to `table` at `url` (`LinkSource`'s arguments)."""
    return RemoteDriver(LinkSource(url, table, code=code, seat=seat, name=name, token=token, wake=wake,
                                   watch=watch, realtime=realtime))


def _refused(message: Any) -> Applied:
    """A refusal as the session gives one: `message` the reason to translate (an id or a Msg)."""
    return Applied(Outcome(False, reason=str(message), message=message))
