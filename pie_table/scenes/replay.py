"""The replay viewer: a saved game replayed on its own table, stepped, played at speed or jumped.

The table is the game's own scene in *watch* mode: nothing is asked of anyone, the moves come from
the save's log. The viewer sees the table as a spectator or, once the game is over, from one seat's
point of view (that seat's hidden cards and nobody else's); the table draws only the view of the
seat it is given. A game still in progress is watched as a spectator only: its hands are live, and
whoever opens the save may be a player who has not been handed them.
Going back rebuilds the game from the seed up to the wanted move: the log is the truth.

The bar, the keys and the speed are `scenes/playback.py`'s (Tab here changes whose view).
"""

from __future__ import annotations

from typing import Any

from pie_table.core.driver import ReplayError, TableDriver
from pie_table.core.history import EventLog
from pie_table.core.registry import GameLoadError, get_game
from pie_table.core.resume import load_session
from pie_table.core.saves import expand_log
from pie_table.kit.i18n import N_, _
from pie_table.scenes.base import load_factory, open_table
from pie_table.scenes.playback import PlaybackScene

_MARK_EVERY = 500
_NOT_OVER = N_("This game is still in progress: its replay shows no hands.")


class ReplayScene(PlaybackScene):
    """Watch one saved game."""

    choose_view = True

    def __init__(self, app: Any, data: dict[str, Any]) -> None:
        super().__init__(app)
        self.data = data
        self.info = get_game(data["game"])
        self.entries = expand_log(data["log"])
        # Moves are the seats' actions; the session's own (ticks) ride along between them.
        self.moves = [i + 1 for i, (seat, _a) in enumerate(self.entries) if seat is not None]
        self.seats = len(data["setup"]["seats"])
        self.viewer: int | None = None
        self._over: bool | None = None  # whether the whole log ends the game (worked out when asked)
        self.position = 0  # entries applied so far
        self._marks: dict[int, tuple[dict[str, Any], EventLog]] = {}  # entries -> (state, events)
        self._rebuild(0)

    # --- the game beneath ------------------------------------------------------------------------

    def _rebuild(self, upto: int) -> None:
        """A fresh table showing the game after its first `upto` entries (replayed from the seed,
        or from the nearest state kept on the way)."""
        session = self._session_at(upto)
        factory = load_factory(self.info.scene_factory)
        if factory is None:  # `open_save` opens a replay only for a game whose table loads
            raise GameLoadError(f"{self.info.id}: its table could not be loaded")
        self.table = open_table(factory, self.app, session.setup, session, watch=True)
        self.table.watch_seat = self.viewer
        self.position = upto
        self.table.enter()
        self.table.on_resize(self._table_size())
        self.table.snap()

    def _session_at(self, upto: int) -> Any:
        """The game after `upto` entries. States are kept every `_MARK_EVERY` entries as they are
        passed, so going back in a long real-time game replays a few hundred entries, not all."""
        start = max((mark for mark in self._marks if mark <= upto), default=0)
        resume = (start, *self._marks[start]) if start else None
        base = load_session(self.data, upto=0)  # the save's own checks, before any entry replays
        driver = TableDriver.from_log(base.setup, self.entries, upto=start, info=base.info, resume=resume)
        position = start
        while position < upto:
            end = min(upto, (position // _MARK_EVERY + 1) * _MARK_EVERY)
            try:
                driver.replay(self.entries[position:end], first=position)
            except ReplayError:
                break  # a save that stops replaying there shows the game as far as it goes
            position = end
            if position % _MARK_EVERY == 0:
                session = driver.session
                self._marks.setdefault(position, (session.rules.to_json(session.state),
                                                  session.events.upto(position)))
        return driver.session

    def step_forward(self) -> bool:
        """Apply entries up to and including the next seat's move; False at the end."""
        if self.position >= len(self.entries):
            return False
        target = next((m for m in self.moves if m > self.position), len(self.entries))
        while self.position < target:
            seat, action = self.entries[self.position]
            self.table.replay_apply(seat, action)
            self.position += 1
        return True

    def step_back(self) -> None:
        """Back to the move before this one."""
        earlier = [m for m in self.moves if m < self.position]
        self._rebuild(earlier[-1] if earlier else 0)

    def jump(self, fraction: float) -> None:
        """To the move nearest `fraction` of the way through the game."""
        if not self.moves:
            return
        index = min(len(self.moves) - 1, max(0, round(fraction * (len(self.moves) - 1))))
        self._rebuild(0 if fraction <= 0 else self.moves[index])

    @property
    def seat_views(self) -> bool:
        """True if the viewer may see the game from a seat: only a game that is over. The save's own
        "finished" flag is not trusted alone: the log is replayed to its end, once."""
        if self._over is None:
            self._over = bool(self.data.get("finished")) and self._session_at(len(self.entries)).is_over()
        return self._over

    def set_viewer(self, seat: int | None) -> None:
        """Whose point of view the table shows (None: a spectator). A seat's view of a game still in
        progress is refused: the replay stays a spectator's."""
        if seat is not None and not self.seat_views:
            seat, self.notice, self.notice_age = None, _NOT_OVER, 0.0
        self.viewer = seat
        self.table.watch_seat = seat

    def next_viewer(self) -> None:
        """Tab: spectator → seat 1 → … → last seat → spectator."""
        order = [None, *range(self.seats)]
        self.set_viewer(order[(order.index(self.viewer) + 1) % len(order)])

    def at_end(self) -> bool:
        return self.position >= len(self.entries)

    def restart(self) -> None:
        self._rebuild(0)

    def progress(self) -> tuple[int, int]:
        return len([m for m in self.moves if m <= self.position]), len(self.moves)

    def who(self) -> str:
        if self.viewer is None:
            return _("Spectator")
        return _("Seen by {name}").format(name=self.seat_name(self.viewer))

    def who_choices(self) -> list[str]:
        seen = [_("Seen by {name}").format(name=self.seat_name(seat)) for seat in range(self.seats)]
        return [_("Spectator"), *seen]

    def _play(self, dt: float) -> None:
        """Real-time games replay their ticks at `speed`; turn-based ones a move every beat."""
        if not self.info.realtime:
            super()._play(dt)
            return
        if self.table.busy:
            return
        self.clock += dt * self.speed
        ticks = int(self.clock * 60)
        self.clock -= ticks / 60
        for _tick in range(ticks):
            if not self._one_entry():
                break
        if self.at_end():
            self.playing = False

    def _one_entry(self) -> bool:
        if self.position >= len(self.entries):
            return False
        seat, action = self.entries[self.position]
        self.table.replay_apply(seat, action)
        self.position += 1
        return True
