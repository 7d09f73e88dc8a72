"""One game at one table, driven: the one place where decide → apply → advance runs.

A `TableDriver` holds a `Session` (state, log, undo snapshots, bots) and adds what every caller of
it used to write for itself: pacing (bots wait a human beat, a decision's countdown runs out
through a logged `timeout`), who is at the screen (the privacy gate), autosave, undo, one policy for
a human seat the computer plays for (autoplay), one `skip_to`, one headless play-out, one replay
with one failure rule, and listeners that hear only the events their seat may see.
`RealtimeDriver` is Rumble Pie's fixed-step loop on the same session: queued human actions, then
the bots, then the clock, tick by tick.

Pure Python: no pygame. Time only enters through `update(dt)` / `advance(dt)`; headless runs and
replays need none, since every timeout and tick is in the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pie_table.core.engine import Action, Event, IllegalAction, Outcome, TurnBot
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

_TICK: Action = {"type": "tick"}
_TIMEOUT_ACTION: Action = {"type": TIMEOUT}
_HUMAN_PACE = Pace()
_SKIP_FRAME = 1 / 30  # `skip_to(at=...)`: table time one autoplayed move stands for
Listener = Callable[[Entry, list[Event]], None]

# Seconds between looks at a bot thinking in its worker (`core.pondering`): a frame at 60 fps.
_PONDER_POLL = 1 / 60


@dataclass
class TickStep:
    """What one real-time tick produced: events in order, applied and refused actions (with origins)."""

    tick: int
    events: list[Event] = field(default_factory=list)
    applied: list[tuple[Action, Any]] = field(default_factory=list)
    refusals: list[tuple[Action, Any, Any]] = field(default_factory=list)


class ReplayError(Exception):
    """A logged entry that does not apply: `index` (0-based) names it, `reason` says why, `crashed`
    when the engine broke on it rather than refusing it. The one failure rule of every replay."""

    def __init__(self, index: int, reason: str, crashed: bool = False) -> None:
        super().__init__(f"action {index + 1} of the log cannot be applied: {reason}")
        self.index = index
        self.reason = reason
        self.crashed = crashed


class TableDriver:
    """One game at one table: its session, pacing, who is at the screen, autosave, undo, autoplay,
    skip, replay."""

    def __init__(self, session: Session, *, pace: Pace | None = _HUMAN_PACE, pace_seed: int = 0,
                 autosave: Any = None, beat: Callable[[int], float] | None = None,
                 moment: Callable[[], Any] | None = None,
                 turn_of: Callable[[Any], int] | None = None, seat_order: bool = False) -> None:
        """`pace` None: bots act at once in `update`. `beat(seat)` may give a game's own wait for a
        bot's next move (else public/secret from whether the decision on top is sealed); `moment()`
        may say when the clock starts afresh, for a game whose one decision takes several moves that
        each deserve their beat (else: when the top decision changes). `autosave` (an `Autosaver`)
        is marked after every applied action. `turn_of(state)`: the game's turn number, for
        `skip_to(turn=...)`. `seat_order`: answers to a decision several seats share are played in
        seat order whatever order they come in, a forced one taken at once, so the game goes move
        for move as `play_out` plays it (`core.seat_order`; a host whose players each sit at their
        own machine: nobody shares a screen whose prompts would tell who holds an answer)."""
        self.session = session
        self.pace = pace if pace is not None else Pace(0.0, 0.0, (0.0, 0.0))
        self.beat = beat
        self.moment = moment
        self.turn_of = turn_of
        self.autosave = autosave
        # Played with people on other machines: nothing they have seen is taken back (undo is off).
        self.across_machines = False
        self.away: set[int] = set()  # seats whose players on other machines dropped (the host's to say)
        # Why the game stands still although nobody here is asked: at a table joined from another
        # machine, "start" (the host has not opened it yet) or "pause" (the host paused); never here.
        self.held_by_host = ""
        self.rng = random.Random(pace_seed)  # reaction delays: when a bot answers tells nothing
        self.waited = 0.0
        self._moment: tuple[Any, ...] | None = None
        self._delays: dict[int, float] = {}
        self._listeners: list[tuple[int | None, Listener]] = []
        self._stand_ins: dict[int, Any] = {}
        self.seat_order = seat_order
        self._round: AnswerRound | None = None
        # Told after an answer was kept for its turn (`seat_order`): taken, so its seat is
        # answered, but in no log entry yet (a server keeps such answers in its store).
        self.on_kept: list[Callable[[], None]] = []
        self.pondering = Pondering()  # decisions of bots that think in a worker (`core.pondering`)

    def pace_by(self, pace: Pace, beat: Callable[[int], float] | None = None,
                moment: Callable[[], Any] | None = None) -> None:
        """How long bots wait at this table from now on (a table of people sets its game's beats and
        the settings' bot pace); `beat` and `moment` as in the constructor. A driver whose bots play
        elsewhere (over the network) may ignore it."""
        self.pace, self.beat, self.moment = pace, beat, moment
        self._moment, self._delays = None, {}

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
                self._round = AnswerRound(top.id, waiting, self._closes_by_timeout())
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
        """Let `dt` seconds pass: act for every bot whose beat is over, and time out a decision whose
        countdown ended. `hold` (an animation still playing) lets no time pass for the table."""
        self._check_moment()
        if hold or self.is_over():
            return []
        self.waited += dt
        done: list[Applied] = []
        round_ = self._answer_round()
        if round_ is not None:
            done.extend(self._play(round_.due()))  # forced answers taken as the round opened
        for seat in self.to_act():
            if seat in self.session.bots and self.waited >= self._delay(seat):
                action = self._bot_move(seat)
                if action is not None:
                    done.append(self.submit(seat, action))
                    self._check_moment()
        left = self.remaining()
        if left is not None and left <= 0 and self.session.to_act():
            done.append(self.submit(None, _TIMEOUT_ACTION))
            self._check_moment()
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
        self._check_moment()  # a person's move meanwhile starts the clock afresh, as update would
        waits = [self.remaining()]
        for seat in self.to_act():
            if self.pondering.thinking(seat):
                waits.append(_PONDER_POLL)  # look again shortly, rather than spin while it thinks
            elif seat in self.session.bots:
                delay = self._delays.get(seat)
                waits.append(0.0 if delay is None else delay - self.waited)
        running = [w for w in waits if w is not None]
        return max(0.0, min(running)) if running else None

    def remaining(self) -> float | None:
        """Seconds left on the current decision's countdown (None: it has none)."""
        decision = self.rules.current_decision(self.state)
        if decision is None or decision.deadline is None:
            return None
        return max(0.0, decision.deadline - self.waited)

    def restart_countdown(self) -> None:
        """The current countdown starts again from full (a claimed reaction window: the claimer gets
        the whole time to choose). Time still runs out only through a logged timeout."""
        self.waited = 0.0

    def _check_moment(self) -> None:
        """A new decision starts the clock afresh: the top decision of a stack (its countdown runs
        from when it opened, whoever answers meanwhile); without one, any move or change of who is asked."""
        decision = self.rules.current_decision(self.state)
        moment: tuple[Any, ...] = (
            ("game", self.moment()) if self.moment is not None
            else ("decision", decision.id) if decision is not None
            else (len(self.session.log), tuple(self.to_act())))
        if moment != self._moment:
            self._moment = moment
            self.waited = 0.0
            self._delays = {}

    def _delay(self, seat: int) -> float:
        delay = self._delays.get(seat)
        if delay is None:
            decision = self.rules.current_decision(self.state)
            if decision is not None and decision.sealed and decision.allow_pass:
                delay = self.rng.uniform(*self.pace.reaction)
            elif self.beat is not None:
                delay = self.beat(seat)
            else:
                delay = self.pace.secret if decision is not None and decision.sealed else self.pace.public
            self._delays[seat] = delay
        return delay

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

    def play_out(self, limit: int = 1_000_000) -> int:
        """Run a turn-based game to its end while only bots are asked (or `limit` actions); returns
        the actions applied. A reaction window every bot lets pass closes at once through the
        table's logged timeout, as it does when time runs out at a table of people; its answers are
        sealed, so no bot's view shows whether another has answered yet.

        With nobody listening and no undo to keep (arenas, `simulate`, benchmarks), each move is
        applied and logged directly, with what every decision needs looked up once a game, and
        skips the session's shape check (a tenth of a benchmark): the engine still checks each,
        and tests replay bot games through `submit`. Otherwise every move goes through `submit`."""
        session = self.session
        rules, state, bots, log = session.rules, session.state, session.bots, session.log
        apply, to_act, is_over, legal_actions = rules.apply, rules.to_act, rules.is_over, rules.legal_actions
        bot_view, forced = rules.bot_view, rules.forced_action
        # Bots that may answer from the view alone; the others are asked only when the list of
        # moves holds a choice, and their view is built only then (a forced move needs none).
        deciders = {seat: bot.decide_from_view for seat, bot in bots.items()
                    if type(bot).decide_from_view is not TurnBot.decide_from_view}
        every_seat_a_bot = len(bots) == len(self.setup.seats)
        for seat, bot in bots.items():
            bot.hear(session.history(seat))
        events_log = session.events
        plain = not session.undo_allowed and not session.listeners and self.autosave is None
        count = 0

        def checked(seat: int | None, action: Any) -> None:
            applied = self.submit(seat, action)  # a malformed one is refused, with the reason why
            if not applied.ok:
                raise IllegalAction(f"a bot's action was refused: {applied.reason}")

        def direct(seat: int | None, action: Any) -> None:
            if not isinstance(action, dict):
                checked(seat, action)
            # Bots return a move from the list just built for them (or a fresh one): it is logged
            # as it is when it already names its seat, as the moves listed do.
            stamped = action if seat is None or action.get("seat") == seat else {**action, "seat": seat}
            try:
                events = apply(state, stamped)
            except IllegalAction as exc:
                raise IllegalAction(f"a bot's action was refused: {exc.reason}") from None
            log.append(Entry(seat, stamped))
            events_log.append(events)

        play = direct if plain else checked
        while not is_over(state) and count < limit:
            waiting = to_act(state)
            if not waiting or not every_seat_a_bot and any(seat not in bots for seat in waiting):
                break
            window = len(waiting) > 1 and self._closes_by_timeout()
            held: list[tuple[int, Action]] = []
            for seat in waiting:
                # `Session.decide`, written out: a move the engine knows is forced, else the view's
                # answer, else a forced move from the list, else the bot's pick from the list.
                if window:
                    action = forced(state, seat)
                    if action is not None:  # a pass: held like any other (most seats of most windows)
                        held.append((seat, action))
                        continue
                else:
                    action = None
                if action is None:
                    decider, view = deciders.get(seat), None
                    if decider is not None:
                        view = bot_view(state, seat)
                        action = decider(view)
                    if action is None:
                        legal = legal_actions(state, seat)
                        if len(legal) == 1:
                            action = legal[0]
                        else:
                            action = bots[seat].act(bot_view(state, seat) if view is None else view, legal)
                if window and isinstance(action, dict) and action.get("type") == "pass":
                    held.append((seat, action))
                    continue
                if held:  # the passes before a seat's answer are played before it
                    for passed in held:
                        play(*passed)
                    count += len(held)
                    held = []
                play(seat, action)
                count += 1
            if held:
                if len(held) == len(waiting):
                    play(None, _TIMEOUT_ACTION)
                    count += 1
                else:
                    for passed in held:
                        play(*passed)
                    count += len(held)
        return count

    def _closes_by_timeout(self) -> bool:
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
                 **kw: Any) -> TableDriver:
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


class RealtimeDriver(TableDriver):
    """A real-time game (Rumble Pie) at its fixed step: queued human actions in the order they were
    read, then the bots, then the engine's clock, tick by tick, whatever the frame rate."""

    def __init__(self, session: Session, *, tick_hz: int = 60, watch: bool = False,
                 auto_start_s: float = 1.5, max_frame: float = 0.25, **kw: Any) -> None:
        """`watch`: a replay feeds the ticks, the clock does not run here. With nobody at the keys a
        round starts by itself after `auto_start_s`; a hitch (window drag, breakpoint) may not run
        the game on by more than `max_frame` seconds."""
        kw.setdefault("pace", None)
        super().__init__(session, **kw)
        self.tick_s = 1.0 / tick_hz
        self.watch = watch
        self.auto_start_s = auto_start_s
        self.max_frame = max_frame
        self.pending: list[tuple[int | None, Action, Any]] = []
        self.accumulator = 0.0
        self.waiting_s = 0.0
        self.game_ticks = 0  # ticks since the first round started: the CLI's "seconds of game time"
        self.started = bool(session.log)  # a resumed game has long since started
        self.has_humans = len(session.bots) < len(self.setup.seats)
        self._step_listeners: list[Callable[[TickStep], None]] = []

    def listen_steps(self, fn: Callable[[TickStep], None]) -> None:
        """Call `fn(step)` after every tick run here, with the origins of what it applied and
        refused (a host tells each remote seat what became of its inputs)."""
        self._step_listeners.append(fn)

    def waiting(self) -> Action | None:
        """The table's action the game waits for before its clock runs on (a round's start)."""
        return self.rules.waiting_action(self.state)

    def queue(self, seat: int | None, action: Action, origin: Any = None) -> None:
        """Queue an action for the start of the next tick (None: the table's own, e.g. a start)."""
        self.pending.append((seat, action, origin))

    def start(self, origin: Any = None) -> None:
        """Ask for the next round to begin (queued like any action, once)."""
        opener = self.waiting()
        if opener is not None and not any(a == opener for _, a, _ in self.pending):
            self.queue(None, opener, origin)

    def advance(self, dt: float) -> list[TickStep]:
        """Run as many whole ticks as `dt` (clamped) pays for; leftover time waits for the next frame."""
        if self.watch:
            return []
        dt = min(max(dt, 0.0), self.max_frame)
        self.accumulator += dt
        self._auto_start(dt)
        steps = []
        while self.accumulator >= self.tick_s - 1e-9:  # sixty frames of 1/60 s are sixty ticks, not 59
            self.accumulator = max(0.0, self.accumulator - self.tick_s)
            steps.append(self.step())
        return steps

    def _auto_start(self, dt: float) -> None:
        """With nobody at the keys, rounds start by themselves after a short beat."""
        if self.waiting() is None or self.is_over():
            self.waiting_s = 0.0
            return
        self.waiting_s += dt
        if not self.has_humans and self.waiting_s >= self.auto_start_s:
            self.start("auto")

    def step(self, queued: Iterable[tuple[int | None, Action, Any]] = ()) -> TickStep:
        """One tick: queued actions in read order (`queued`: more, after those of `queue`), then the
        bots, then the clock. The bots all decide
        from the same view, as people at a table do, and their actions land in an order whose first
        seat rotates every tick, so no seat always wins a race for a pile (the loser is told why)."""
        session = self.session
        opener = self.waiting()
        queued, self.pending = [*self.pending, *queued], []
        step = TickStep(self.rules.tick(self.state))
        for seat, action, origin in queued:
            self._step_apply(step, seat, action, origin)
        bots = session.bots
        if bots and self.to_act():
            wanted = [(seat, chosen) for seat in bots if (chosen := session.bot_action(seat)) is not None]
            count = len(self.setup.seats)
            first = step.tick % count
            wanted.sort(key=lambda pair: (pair[0] - first) % count)
            for seat, action in wanted:
                applied = self._step_apply(step, seat, action, ("bot", seat))
                if not applied.ok:
                    step.refusals.pop()
                    bots[seat].refused(action, applied.reason)
        step.events.extend(session.submit(None, _TICK).events)
        if opener is not None and any(a == opener for a, _ in step.applied):
            self.started = True
        if self.started:
            self.game_ticks += 1
        for fn in self._step_listeners:
            fn(step)
        return step

    def _step_apply(self, step: TickStep, seat: int | None, action: Action, origin: Any) -> Applied:
        applied = self.session.submit(seat, action)
        if applied.ok:
            step.events.extend(applied.events)
            step.applied.append((applied.entry.action if applied.entry else action, origin))
        else:
            step.refusals.append((action, applied.message, origin))
        return applied

    def apply_logged(self, seat: int | None, action: Action) -> TickStep:
        """One logged entry of a replay, applied through the session (the clock counts its ticks)."""
        opener = self.waiting()
        applied = self.session.submit(seat, action)
        step = TickStep(self.rules.tick(self.state), list(applied.events))
        if applied.ok:
            step.applied.append((action, ("replay", seat)))
            if opener is not None and action == opener:
                self.started = True
            if action == _TICK and self.started:
                self.game_ticks += 1
        return step

    def fast_forward(self, until_tick: int | None = None, until_round: int | None = None,
                     limit: int = 600 * 60, on_step: Callable[[TickStep], None] | None = None) -> int:
        """Run ticks without a screen, starting rounds at once, until game tick `until_tick` or
        round `until_round` (needs `turn_of`) is in play; `on_step` sees every tick. Ticks run."""
        ran = 0
        while ran < limit and not self.is_over():
            if until_tick is not None and self.game_ticks >= until_tick and (self.started or until_tick <= 0):
                break
            if (until_round is not None and self.turn_of is not None
                    and self.turn_of(self.state) >= until_round and self.waiting() is None):
                break
            self.start("auto")
            step = self.step()
            if on_step is not None:
                on_step(step)
            ran += 1
        self.accumulator = 0.0
        return ran

    def play_out(self, limit: int = 60 * 60 * 60) -> int:
        """Play an all-bot game to its end without a screen (at most `limit` ticks); between rounds
        the table's waiting action (the next round's start) is taken at once. Returns ticks run."""
        ticks = 0
        while not self.is_over() and ticks < limit:
            opener = self.waiting()
            if opener is not None:
                self.submit(None, opener)
                continue
            self.step()
            ticks += 1
        return ticks


def driver_for(session: Session, **kw: Any) -> TableDriver:
    """The driver that fits the session's game: real-time or turn-based."""
    return RealtimeDriver(session, **kw) if session.info.realtime else TableDriver(session, **kw)


def play_to_end(setup: GameSetup, info: GameInfo | None = None, **kw: Any) -> Session:
    """A whole game with the setup's bots, played headless; its session (state and log)."""
    session = Session(setup, info, **kw)
    driver_for(session).play_out()
    return session

