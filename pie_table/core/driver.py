"""One game at one table, driven: the one place where decide → apply → advance runs.

A `TableDriver` holds a `Session` (state, log, undo snapshots, bots) and adds what every caller of
it used to write for itself: pacing (bots wait a human beat, a decision's countdown runs out
through a logged `timeout`), who is at the screen (the privacy gate), autosave, undo, one policy for
a human seat the computer plays for (autoplay), one `skip_to`, one headless play-out, one replay
with one failure rule, and listeners that hear only the events their seat may see.
How the game moves on in time is a part it is given (`core.dynamics`): `Turns`, whose
`core.bot_clock.BotClock` paces the bots, or Rumble Pie's `FixedStep` (queued human actions, then
the bots, then the clock, tick by tick), which has no clock for bots.

Pure Python: no pygame. Time only enters through `update(dt)` / `advance(dt)`; headless runs and
replays need none, since every timeout and tick is in the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from pie_table.core.bot_clock import BotPacing
from pie_table.core.dynamics import Driven, Dynamics, Turns
from pie_table.core.engine import Action, Event, IllegalAction, Outcome
from pie_table.core.fixed_step import FixedStep
from pie_table.core.history import EventLog, SeatHistory, events_for
from pie_table.core.messages import Msg
from pie_table.core.pacing import Pace
from pie_table.core.pondering import Pondering, SeatCopy, ponders
from pie_table.core.registry import GameInfo
from pie_table.core.saves import Autosaver
from pie_table.core.seat_order import AnswerRound
from pie_table.core.session import TIMEOUT, Applied, Entry, PrivacyGate, Session, bot_seed
from pie_table.core.setup import GameSetup
from pie_table.core.stats import record_finished

_TIMEOUT_ACTION: Action = {"type": TIMEOUT}
_HUMAN_PACE = Pace()
_SKIP_FRAME = 1 / 30  # `skip_to(at=...)`: table time one autoplayed move stands for
Listener = Callable[[Entry, list[Event]], None]
D = TypeVar("D", bound=Dynamics)

# Seconds between looks at a bot thinking in its worker (`core.pondering`): a frame at 60 fps.
_PONDER_POLL = 1 / 60


class ReplayError(Exception):
    """A logged entry that does not apply: `index` (0-based) names it, `reason` says why, `crashed`
    when the engine broke on it rather than refusing it. The one failure rule of every replay."""

    def __init__(self, index: int, reason: str, crashed: bool = False) -> None:
        super().__init__(f"action {index + 1} of the log cannot be applied: {reason}")
        self.index = index
        self.reason = reason
        self.crashed = crashed


class TableDriver(Generic[D]):
    """One game at one table: its session, pacing, who is at the screen, autosave, undo, autoplay,
    skip, replay; its `dynamics` (`Turns` unless given) says how it moves on in time."""

    def __init__(self, session: Session, *, dynamics: Callable[[Driven], D] | None = None,
                 pace: Pace | None = _HUMAN_PACE, pace_seed: int = 0,
                 autosave: Any = None, beat: Callable[[int], float] | None = None,
                 moment: Callable[[], Any] | None = None,
                 turn_of: Callable[[Any], int] | None = None, seat_order: bool = False) -> None:
        """`dynamics(driver)` makes the table's clock policy (None: `Turns`). `pace`, `beat` and
        `moment` pace its bots, as `BotClock.pace_by` (`pace` None: bots act at once in `update`),
        their reaction delays drawn from `pace_seed`. `autosave` (an `Autosaver`)
        is marked after every applied action. `turn_of(state)`: the game's turn number, for
        `skip_to(turn=...)`. `seat_order`: answers to a decision several seats share are played in
        seat order whatever order they come in, a forced one taken at once, so the game goes move
        for move as `play_out` plays it (`core.seat_order`; a host whose players each sit at their
        own machine: nobody shares a screen whose prompts would tell who holds an answer)."""
        self.session = session
        self.pace_seed = pace_seed
        self.turn_of = turn_of
        self.autosave = autosave
        # Played with people on other machines: nothing they have seen is taken back (undo is off).
        self.across_machines = False
        self.away: set[int] = set()  # seats whose players on other machines dropped (the host's to say)
        # Why the game stands still although nobody here is asked: at a table joined from another
        # machine, "start" (the host has not opened it yet) or "pause" (the host paused); never here.
        self.held_by_host = ""
        self._listeners: list[tuple[int | None, Listener]] = []
        self._stand_ins: dict[int, Any] = {}
        self.seat_order = seat_order
        self._round: AnswerRound | None = None
        # Told after an answer was kept for its turn (`seat_order`): taken, so its seat is
        # answered, but in no log entry yet (a server keeps such answers in its store).
        self.on_kept: list[Callable[[], None]] = []
        self.pondering = Pondering()  # decisions of bots that think in a worker (`core.pondering`)
        # Made last: a dynamics reads the driver it is given.
        self.dynamics: D = dynamics(self) if dynamics is not None else cast(D, Turns(self))
        self.clock: BotPacing = self.dynamics.bot_clock()
        self.clock.pace_by(pace, beat, moment)

    def pace_by(self, pace: Pace, beat: Callable[[int], float] | None = None,
                moment: Callable[[], Any] | None = None) -> None:
        """How long bots wait at this table from now on (a table of people sets its game's beats and
        the settings' bot pace), as `BotClock.pace_by`; nothing to pace where the dynamics moves
        the bots itself."""
        self.clock.pace_by(pace, beat, moment)

    # -- what the table reads ------------------------------------------------------------------------

    @property
    def rules(self) -> Any:
        """The game's rules."""
        return self.session.rules

    @property
    def setup(self) -> GameSetup:
        """The game's setup."""
        return self.session.setup

    @property
    def info(self) -> GameInfo:
        """The game's registration."""
        return self.session.info

    @property
    def state(self) -> Any:
        """The engine state (for painters that read it; actions go through `submit`)."""
        return self.session.state

    @property
    def gate(self) -> PrivacyGate:
        """Who sits at a shared screen: whose secrets the table may show."""
        return self.session.gate

    def view(self, seat: int | None) -> Mapping[str, Any]:
        """What `seat` may see (None: a spectator); read-only, the caller must not mutate it."""
        return self.session.view(seat)

    def history(self, seat: int | None) -> SeatHistory:
        """What `seat` (None: a spectator) has been told so far; read-only, it grows as play goes on."""
        return self.session.history(seat)

    def to_act(self) -> list[int]:
        """Seats the game waits for now (with `seat_order`, not those whose answer is in)."""
        waiting = self.session.to_act()
        round_ = self._answer_round()
        return waiting if round_ is None else [seat for seat in waiting if not round_.answered(seat)]

    def legal(self, seat: int) -> Sequence[Action]:
        """What `seat` may do now."""
        round_ = self._answer_round()
        return [] if round_ is not None and round_.answered(seat) else self.session.legal(seat)

    def is_over(self) -> bool:
        """True once the game is decided."""
        return self.session.is_over()

    # -- what the table keeps ------------------------------------------------------------------------

    def autosaver(self, folder: str | Path, *, path: str | Path | None = None,
                  enabled: bool = True) -> Autosaver:
        """The table's autosave (a `core.saves.Autosaver` on this session, written after every
        action): `path` a resumed game's file, `enabled=False` for a game only watched. A driver
        whose game is kept elsewhere (over the network) hands one that writes nothing."""
        return Autosaver(self.session, folder, every_action=True, path=path, enabled=enabled)

    def record_finished(self, key: str, extras: dict[int, dict[str, int]] | None = None) -> bool:
        """Count the finished game in the statistics (`core.stats.record_finished`), under `key`
        (its save's name); False when not counted (not over, no named person, counted already, or
        the game is kept elsewhere); OSError when the statistics cannot be written."""
        return record_finished(self.session, key, extras)

    # -- who hears what ------------------------------------------------------------------------------

    def listen(self, seat: int | None, fn: Listener) -> Callable[[], None]:
        """Call `fn(entry, events)` after every applied action with only the events `seat` (None: a
        spectator) may see; returns the call that stops it."""
        item = (seat, fn)
        if not self._listeners:
            self.session.listeners.append(self._tell)
        self._listeners.append(item)

        def stop() -> None:
            if item in self._listeners:
                self._listeners.remove(item)
                if not self._listeners and self._tell in self.session.listeners:
                    self.session.listeners.remove(self._tell)
        return stop

    def _tell(self, entry: Entry, events: list[Event]) -> None:
        for seat, fn in list(self._listeners):
            fn(entry, events_for(events, seat))

    # -- acting --------------------------------------------------------------------------------------

    def submit(self, seat: int | None, action: Action) -> Applied:
        """A person's move (the session checks the seat and the shape); None: the table's own.
        With `seat_order`, an answer may be kept to be played in its turn: then it is taken (ok)
        with no log entry yet."""
        round_ = self._answer_round()
        if round_ is not None:
            if seat is None and isinstance(action, dict) and action.get("type") == TIMEOUT:
                return self._play(round_.at_timeout())[-1]
            if seat in round_.order:
                return self._answer(round_, seat, action)
        return self._submit(seat, action)

    def _submit(self, seat: int | None, action: Action) -> Applied:
        applied = self.session.submit(seat, action)
        if applied.ok:
            self._saved()
        return applied

    # -- answers in seat order (`seat_order`) ---------------------------------------------------------

    def _answer_round(self) -> AnswerRound | None:
        """The round of answers to the decision waited on, when several seats share it."""
        if not self.seat_order:
            return None
        top = self.rules.current_decision(self.state)
        if top is None:
            self._round = None
        elif self._round is None or self._round.decision != top.id:
            waiting = self.session.to_act()
            self._round = None
            if len(waiting) > 1:
                self._round = AnswerRound(top.id, waiting, self.closes_by_timeout())
                for seat in waiting if self._round.timed else ():  # as `play_out`, nobody is asked
                    forced = self.rules.forced_action(self.state, seat)  # for a forced move
                    if forced is not None:
                        self._round.answers[seat] = forced
        return self._round

    def _answer(self, round_: AnswerRound, seat: int, action: Action) -> Applied:
        """`seat`'s answer: refused as the game would refuse it, else played now or kept for its turn."""
        reason = self.session.refusal(seat, action)
        if not reason and round_.answered(seat):
            reason = "You have already answered"
        if not reason and not round_.plays_at_once(seat, action):
            reason = self._refusal_on_copy(seat, action)
        if reason:
            return Applied(Outcome(False, [], str(reason), reason))
        round_.answers[seat] = {**action, "seat": seat}
        played = self._play(round_.due())
        mine = [applied for applied in played if applied.entry is not None and applied.entry.seat == seat]
        if mine:
            return mine[-1]
        for fn in list(self.on_kept):
            fn()
        return Applied(Outcome(True))

    def kept(self) -> tuple[int, list[tuple[int, Action]]] | None:
        """The answers taken for their turn and not yet played (passes held in a timed window,
        then answers waiting for the seats before them), with the id of the decision they answer;
        None when there are none. Given back in this order to `take_kept`, they are taken again
        as they were."""
        round_, top = self._round, self.rules.current_decision(self.state)
        if round_ is None or top is None or top.id != round_.decision or not (round_.held or round_.answers):
            return None  # (a round whose decision is over is left to `_answer_round` to drop)
        return round_.decision, [*round_.held, *round_.answers.items()]

    def take_kept(self, decision: int, answers: Sequence[tuple[int, Action]]) -> int:
        """Answers `kept` gave before a restart, taken again if `decision` is still the one waited
        on (an answer refused, e.g. forced and so taken already, is left out); how many were taken."""
        round_ = self._answer_round()
        if round_ is None or round_.decision != decision:
            return 0
        taken = 0
        for seat, action in answers:
            bare = {key: value for key, value in action.items() if key != "seat"}
            taken += self.submit(seat, bare).ok
        return taken

    def _refusal_on_copy(self, seat: int, action: Action) -> str | Msg:
        """Why the game would refuse `action` now ('' if it would take it), tried on a copy."""
        try:
            self.rules.apply(self.rules.clone(self.state), {**action, "seat": seat})
        except IllegalAction as exc:
            return exc.message  # type: ignore[no-any-return]
        return ""

    def _play(self, moves: list[tuple[int | None, Action]]) -> list[Applied]:
        """Apply moves a round gave, in order; the round is over once it is complete."""
        round_ = self._round
        played = []
        for seat, action in moves:
            played.append(self._submit(seat, action))
            if not played[-1].ok:  # checked as it came, so not expected: ask again from the game
                self._round = None
                break
        if round_ is not None and round_.complete() and self._round is round_:
            self._round = None
        return played

    def _saved(self) -> None:
        if self.autosave is not None and self.autosave.every_action:
            self.autosave.mark()

    def update(self, dt: float, hold: bool = False) -> list[Applied]:
        """Let `dt` seconds pass on the bots' clock: act for every bot whose beat is over, and time
        out a decision whose countdown ended (on a fixed step's `NoBotClock`, every bot asked acts
        at once). `hold` (an animation still playing) lets no time pass for the table."""
        clock, still = self.clock, hold or self.is_over()
        clock.run(0.0 if still else dt)
        if still:
            return []
        done: list[Applied] = []
        round_ = self._answer_round()
        if round_ is not None:
            done.extend(self._play(round_.due()))  # forced answers taken as the round opened
        for seat in self.to_act():
            if seat in self.session.bots and clock.due(seat):
                action = self._bot_move(seat)
                if action is not None:
                    done.append(self.submit(seat, action))
                    clock.check_moment()
        if clock.ran_out() and self.session.to_act():
            done.append(self.submit(None, _TIMEOUT_ACTION))
            clock.check_moment()
        return done

    def _bot_move(self, seat: int) -> Action | None:
        """The bot's move at `seat`; for a bot that ponders, worked out in a worker while the table
        goes on drawing (None until it is ready)."""
        if ponders(self.session.bots[seat]):
            return self.pondering.answer(self.session, seat)
        return self.session.bot_action(seat)

    def thinking(self) -> bool:
        """A bot of this table works a decision out in its worker now (`core.pondering`)."""
        return self.pondering.busy()

    def next_move_in(self) -> float | None:
        """Seconds until `update` may act: a bot's beat ending or a countdown running out (0 while a
        bot's beat is not drawn yet); None when it waits for people only."""
        if self.is_over() or not self.session.to_act():
            return None
        round_ = self._answer_round()
        if round_ is not None and round_.ready():
            return 0.0  # answers in (forced ones taken as the round opened) wait to be played
        clock = self.clock
        clock.check_moment()  # a person's move meanwhile starts the clock afresh, as update would
        waits = [self.remaining()]
        for seat in self.to_act():
            if self.pondering.thinking(seat):
                waits.append(_PONDER_POLL)  # look again shortly, rather than spin while it thinks
            elif seat in self.session.bots:
                waits.append(clock.beat_left(seat))
        running = [w for w in waits if w is not None]
        return max(0.0, min(running)) if running else None

    def remaining(self) -> float | None:
        """Seconds left on the current decision's countdown (None: it has none, or no clock runs one)."""
        return self.clock.remaining()

    def restart_countdown(self) -> None:
        """The current countdown starts again from full (a claimed reaction window: the claimer gets
        the whole time to choose). Time still runs out only through a logged timeout."""
        self.clock.restart_countdown()

    # -- the computer at a seat ----------------------------------------------------------------------

    def seat_copy(self, seat: int) -> SeatCopy | None:
        """The game as `seat` stands in it now, copied (`TurnDriver.seat_copy`)."""
        return SeatCopy.of(self.session, seat)

    def autoplay_action(self, seat: int) -> Action:
        """A move for `seat` made without its player (screenshots, fast-forward): its bot's, or for a
        human seat what a normal bot seeded by `bot_seed` would do there (the same at every table)."""
        if seat in self.session.bots:
            action = self.session.bot_action(seat)
            if action is not None:
                return action
        action = self.session.decide(self._stand_in(seat), seat)
        return action if action is not None else self.legal(seat)[0]

    def _stand_in(self, seat: int) -> Any:
        bot = self._stand_ins.get(seat)
        if bot is None:
            factory = self.info.bot_factory
            if factory is None:
                raise ValueError(f"{self.info.id} has no bots to play for a seat")
            bot = self._stand_ins[seat] = factory("normal", seat, bot_seed(self.setup.seed, seat))
        return bot

    def skip_to(self, *, turn: int | None = None, at: float | None = None,
                until: Callable[[], bool] | None = None) -> list[Applied]:
        """Play on at once, every seat autoplayed, until turn `turn` begins (needs `turn_of`), `at`
        seconds of table time passed (one move a 1/30 s) or `until()` holds; what was applied."""
        if turn is not None:
            turn_of = self.turn_of
            if turn_of is None:
                raise ValueError("skip_to(turn=...) needs the driver's turn_of")
            return self._skip(lambda: turn_of(self.state) >= turn)
        if at is not None:
            frames = [0]

            def passed() -> bool:
                frames[0] += 1
                return (frames[0] - 1) * _SKIP_FRAME >= at
            return self._skip(passed)
        return self._skip(until if until is not None else lambda: False)

    def _skip(self, done: Callable[[], bool]) -> list[Applied]:
        applied: list[Applied] = []
        while not self.is_over() and not done():
            actors = self.to_act()
            if not actors:
                break
            applied.append(self.submit(actors[0], self.autoplay_action(actors[0])))
            if not applied[-1].ok:
                break
        return applied

    def play_out(self, limit: int | None = None) -> int:
        """Play an all-bot game to its end without a screen, as its dynamics plays one (at most
        `limit` actions or ticks); returns how many were run."""
        return self.dynamics.play_out(limit)


    def closes_by_timeout(self) -> bool:
        """The decision waited on is a sealed reaction window with a time limit, which the table's
        timeout closes with a pass from everyone who has not answered."""
        top = self.rules.current_decision(self.state)
        return top is not None and top.sealed and top.allow_pass and top.deadline is not None

    # -- undo ----------------------------------------------------------------------------------------

    def can_undo(self, seat: int) -> bool:
        """True if `seat`'s last action may be taken back now (against bots, before any barrier)."""
        return self.session.can_undo(seat)

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last action; False (nothing changed) where undo is not allowed."""
        if not self.session.undo(seat):
            return False
        self._saved()
        return True

    # -- replay --------------------------------------------------------------------------------------

    @classmethod
    def from_log(cls, setup: GameSetup, entries: Iterable[Entry | Sequence[Any]], *, upto: int | None = None,
                 info: GameInfo | None = None, resume: tuple[int, dict[str, Any], EventLog] | None = None,
                 **kw: Any) -> TableDriver[Any]:
        """A new table replaying `entries` ([seat, action] or `Entry`) from the setup's seed, the
        first `upto` only if given. `resume=(n, state_json, events)` starts from a state kept after
        the first n entries, with the events that led to it. The one failure rule: an entry that
        is refused or breaks the engine raises `ReplayError` naming it."""
        rows = _rows(entries)
        if upto is not None:
            rows = rows[:upto]
        session = Session(setup, info)
        start = 0
        if resume is not None:
            start, data, events = resume
            session.state = session.rules.from_json(data)
            session.log = [Entry(seat, action) for seat, action in rows[:start]]
            session.events = events.upto(start)
        driver = cls(session, **kw)
        driver.replay(rows[start:], first=start)
        return driver

    def replay(self, entries: Iterable[Entry | Sequence[Any]], first: int = 0) -> None:
        """Apply logged entries ([seat, action] or `Entry`) in order; `ReplayError` names the first
        that does not apply (`first`: the index of the first entry given)."""
        for index, (seat, action) in enumerate(_rows(entries), first):
            try:
                applied = self.session.submit(seat, action)
            except Exception as exc:  # noqa: BLE001 - a damaged log may break an engine in any way
                raise ReplayError(index, type(exc).__name__, crashed=True) from None
            if not applied.ok:
                raise ReplayError(index, applied.reason)


def _rows(entries: Iterable[Entry | Sequence[Any]]) -> list[tuple[int | None, Action]]:
    return [(e.seat, e.action) if isinstance(e, Entry) else (e[0], e[1]) for e in entries]


def driver_for(session: Session, **kw: Any) -> TableDriver[Any]:
    """The driver of the session's game, with the dynamics its registration declares: Rumble Pie's
    fixed step for a real-time game, else turns."""
    dynamics: Callable[[Driven], Dynamics] = FixedStep if session.info.realtime else Turns
    return TableDriver(session, dynamics=dynamics, **kw)


def play_to_end(setup: GameSetup, info: GameInfo | None = None, **kw: Any) -> Session:
    """A whole game with the setup's bots, played headless; its session (state and log)."""
    session = Session(setup, info, **kw)
    driver_for(session).play_out()
    return session

