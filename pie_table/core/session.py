"""One session runs a game for every caller: the table scenes, the CLI and the tests.

The session holds the setup and the state, decides *who* acts (the engine only says whom it waits
for; the seat of an action is the caller's, never trusted from the action dict), seeds the bots
the same way everywhere, records every applied action, and offers undo against bots. Saves,
resume and replay are built on its log (`pie_table.core.saves`).

Pure Python: no pygame, no clock. Pacing (how long a bot waits, when a reaction window runs out)
is the caller's business; the session turns it into logged actions (`timeout`), never a timer
the engine reads.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pie_table.core.engine import Action, Event, IllegalAction, Outcome
from pie_table.core.messages import Msg
from pie_table.core.registry import GameInfo, get_game
from pie_table.core.setup import GameSetup
from pie_table.core.shapes import action_problem

# Actions only the session itself submits, with no seat: the engine's clock and round starts for a
# real-time game, and the end of a reaction window's time.
TIMEOUT = "timeout"


def bot_seed(seed: int, seat: int) -> int:
    """The one rule that seeds a seat's bot from the game's seed (table, CLI and tests alike)."""
    return seed * 1009 + seat


def engine_options(setup: GameSetup) -> dict[str, Any]:
    """The options the engine starts from: the setup's options plus its teams, when it has them."""
    options = dict(setup.options)
    if setup.teams is not None:
        options["teams"] = list(setup.teams)
    return options


def make_bots(setup: GameSetup, info: GameInfo) -> dict[int, Any]:
    """A bot for every bot seat, each seeded by `bot_seed`."""
    if info.bot_factory is None:
        return {}
    return {seat: info.bot_factory(spec.level or "normal", seat, bot_seed(setup.seed, seat))
            for seat, spec in enumerate(setup.seats) if spec.is_bot}


def state_hash(rules: Any, state: Any) -> str:
    """A short fingerprint of the whole state (canonical JSON, rng included)."""
    text = json.dumps(rules.to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def visible_to(event: Event, seat: int | None) -> bool:
    """True if `seat` (None: a spectator) may see `event`.

    An event names its audience with `audience` (a list of seats); without it the event is public.
    Games address secret events this way and the session filters them for every seat.
    """
    audience = event.get("audience")
    if audience is None:
        return True
    return seat is not None and seat in audience


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see, in order."""
    return [e for e in events if visible_to(e, seat)]


def is_barrier(event: Event) -> bool:
    """True if the event revealed something (a draw, a roll, a card seen): undo stops there."""
    return bool(event.get("barrier"))


@dataclass(slots=True)
class Entry:
    """One applied action in the log: who acted (None for the session's own actions)."""

    seat: int | None
    action: Action
    barrier: bool = False  # the action revealed hidden information to somebody

    def to_json(self) -> list[Any]:
        """Compact JSON form: [seat, action]."""
        return [self.seat, self.action]


@dataclass
class Applied:
    """What `submit` did: the outcome plus, on success, the log entry."""

    outcome: Outcome
    entry: Entry | None = None
    events: list[Event] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True if the action was applied."""
        return self.outcome.ok

    @property
    def reason(self) -> str:
        """The refusal reason ('' when applied)."""
        return self.outcome.reason

    @property
    def message(self) -> Any:
        """The refusal as a message the UI translates (its id and parameters)."""
        return self.outcome.message if self.outcome.message is not None else self.outcome.reason


_TICK: Action = {"type": "tick"}
_TIMEOUT_ACTION: Action = {"type": TIMEOUT}


@dataclass
class TickStep:
    """What one real-time tick produced: events in order, applied and refused actions (with origins)."""

    tick: int
    events: list[Event] = field(default_factory=list)
    applied: list[tuple[Action, Any]] = field(default_factory=list)
    refusals: list[tuple[Action, str, Any]] = field(default_factory=list)


class PrivacyGate:
    """Tracks which hot-seat human is at the screen, so secrets are shown only to that seat."""

    def __init__(self, humans: Sequence[int]) -> None:
        self.humans = list(humans)
        # A single human never has to pass the device: their secrets are always theirs to see.
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None

    @property
    def shared(self) -> bool:
        """True when several humans share the screen and hand-offs are needed."""
        return len(self.humans) > 1

    def needs_handoff(self, seat: int) -> bool:
        """True if `seat`'s secrets may not be shown until the device is passed to it."""
        return self.shared and seat in self.humans and self.viewer != seat

    def confirm(self, seat: int) -> None:
        """`seat` confirmed it is at the screen."""
        if seat in self.humans:
            self.viewer = seat

    def hide(self) -> None:
        """Nobody is known to be at the screen any more (only public information may show)."""
        if self.shared:
            self.viewer = None


class Session:
    """A game in progress: setup, state, bots, the action log and undo."""

    def __init__(self, setup: GameSetup, info: GameInfo | None = None, *,
                 bots: dict[int, Any] | None = None, state: Any = None) -> None:
        """A new game from `setup`; `bots` replaces the setup's bots (tests, arenas with custom
        controllers) and `state` continues an existing state instead of dealing a new one."""
        self.setup = setup
        self.info = info or get_game(setup.game_id)
        self.rules = self.info.rules
        self.state = state if state is not None else self.rules.new_state(
            len(setup.seats), setup.seed, engine_options(setup))
        self.log: list[Entry] = []
        self.bots: dict[int, Any] = dict(bots) if bots is not None else make_bots(setup, self.info)
        self.humans = [seat for seat, spec in enumerate(setup.seats) if not spec.is_bot]
        self._undo_allowed = len(self.humans) == 1 and not self.info.realtime
        # Who sits at a shared screen: whose secrets the table may show (hand-offs between humans).
        self.gate = PrivacyGate(self.humans)
        self.system_actions: frozenset[str] = frozenset(self.rules.system_actions) | {TIMEOUT}
        # Snapshots for undo: (log length, state JSON) taken before each undoable human action.
        self._undo: list[tuple[int, dict[str, Any]]] = []
        self.listeners: list[Callable[[Entry, list[Event]], None]] = []

    # -- what the game waits for ----------------------------------------------------------------------

    def to_act(self) -> list[int]:
        """Seats the game waits for now."""
        return list(self.rules.to_act(self.state))

    def is_over(self) -> bool:
        """True once the game is decided."""
        return bool(self.rules.is_over(self.state))

    def legal(self, seat: int) -> Sequence[Action]:
        """What `seat` may do now (empty when the game does not wait for it)."""
        return self.rules.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator): the rules keep it while the state does not
        move, so it is read, never changed."""
        return self.rules.view(self.state, seat)

    def hash(self) -> str:
        """Fingerprint of the current state."""
        return state_hash(self.rules, self.state)

    # -- acting ----------------------------------------------------------------------------------------

    def submit(self, seat: int | None, action: Action) -> Applied:
        """Apply `action` for `seat` (None: the session's own clock/timeout); refusals change nothing."""
        reason = self._refuse(seat, action)
        if reason:
            return Applied(Outcome(False, [], str(reason), reason))
        return self._apply(seat, action)

    def _apply(self, seat: int | None, action: Action) -> Applied:
        """Apply an action the session has already checked (seat asked, shape right)."""
        # Logged actions are never mutated, so the session's own (seatless) ones need no copy.
        stamped = action if seat is None else {**action, "seat": seat}
        # Barriers and snapshots serve undo only; a real-time game (no undo) skips their cost.
        track = self._undo_allowed
        rng = self.rules.rng(self.state) if track else None
        before_rng = rng.getstate() if rng is not None else None
        snapshot = self.rules.to_json(self.state) if self._undoable(seat) else None
        try:
            events = self.rules.apply(self.state, stamped)
        except IllegalAction as exc:
            return Applied(Outcome(False, [], exc.reason, exc.message))
        barrier = track and any(is_barrier(e) for e in events)
        if rng is not None and self.rules.rng(self.state) is rng and rng.getstate() != before_rng:
            barrier = True  # randomness was drawn: something nobody knew is now known
        entry = Entry(seat, stamped, barrier)
        if snapshot is not None:
            self._undo.append((len(self.log), snapshot))
        self.log.append(entry)
        for listener in self.listeners:
            listener(entry, events)
        return Applied(Outcome(True, events), entry, events)

    def _refuse(self, seat: int | None, action: Any) -> str | Msg:
        """Why the session itself refuses an action before the engine sees it ('' if it does not):
        a seat that is not one (a bool is not a seat), or an action not of a shape the game declares."""
        if not isinstance(action, dict) or type(action.get("type")) is not str:
            return "Malformed action"
        system = action["type"] in self.system_actions
        if seat is None:
            if not system:
                return "Only the table may take that action"
            # A clock tick comes sixty times a second: a bare {"type"} needs no further look.
            return "" if len(action) == 1 else self._shape_problem(action, True) or ""
        if system:
            return "Only the table may take that action"
        if type(seat) is not int or not 0 <= seat < len(self.setup.seats):
            return "No such seat"
        if "seat" in action and (type(action["seat"]) is not int or action["seat"] != seat):
            return "Not your seat"
        problem = self._shape_problem(action, False)
        if problem is not None:
            return problem
        if self.is_over():
            return "The game is over"
        if seat not in self.rules.to_act(self.state):
            return self.rules.idle_reason(self.state, seat)
        return ""

    def _shape_problem(self, action: Action, system: bool) -> Msg | None:
        """Why `action` is not of a shape the game declares (None: it is, or the game declares none)."""
        shapes = self.info.action_shapes
        if shapes is None:
            return None
        return action_problem(shapes, action, len(self.setup.seats), system)

    def bot_action(self, seat: int) -> Action | None:
        """What the bot at `seat` chooses from its own view (None if it passes its chance)."""
        bot = self.bots[seat]
        if self.info.realtime:
            return bot.act(self.bot_view(seat), self.rules.tick(self.state))
        # A move the engine knows is a seat's only one without listing them all (a pass in a window
        # the seat holds no answering card for): taken without asking the bot, as any forced move.
        forced = self.rules.forced_action(self.state, seat)
        if forced is not None:
            return forced
        # Many decisions need no list of moves (the one card to table, the lure worth most): the
        # bot answers from its view, and the engine checks the move.
        view = self.bot_view(seat)
        action = bot.decide_from_view(view)
        if action is not None:
            return action
        legal = self.legal(seat)
        if len(legal) == 1:
            # A forced move (a roll, an acknowledgement) needs no thought. Bots learn what
            # happened from their view's history when next asked, not from being called.
            return legal[0]
        return bot.act(view, legal)

    def bot_view(self, seat: int) -> Any:
        """The view a bot at `seat` decides from: `view`, or the game's lazily built equal."""
        return self.rules.bot_view(self.state, seat)

    def realtime_step(self, queued: Iterable[tuple[int | None, Action, Any]] = ()) -> TickStep:
        """One tick of a real-time game: queued human actions in the order they were read, then the
        bots, then the clock. The bots all decide from the same view, as people at a table do, and
        their actions land in an order whose first seat rotates every tick, so no seat always wins
        a race for a pile (the loser is told why through its `refused`)."""
        step = TickStep(self.rules.tick(self.state))
        for seat, action, origin in queued:
            self._step_apply(step, seat, action, origin)
        seats = list(self.bots)
        if seats and self.rules.to_act(self.state):
            wanted = []
            for seat in seats:
                chosen = self.bot_action(seat)
                if chosen is not None:
                    wanted.append((seat, chosen))
            count = len(self.setup.seats)
            first = step.tick % count
            wanted.sort(key=lambda pair: (pair[0] - first) % count)
            for seat, action in wanted:
                applied = self._step_apply(step, seat, action, ("bot", seat))
                if not applied.ok:
                    step.refusals.pop()
                    self.bots[seat].refused(action, applied.reason)
        tick = self.submit(None, _TICK)
        step.events.extend(tick.events)
        return step

    def _step_apply(self, step: TickStep, seat: int | None, action: Action, origin: Any) -> Applied:
        applied = self.submit(seat, action)
        if applied.ok:
            step.events.extend(applied.events)
            step.applied.append((applied.entry.action if applied.entry else action, origin))
        else:
            step.refusals.append((action, applied.message, origin))
        return applied

    def run_to_end(self, limit: int = 60 * 60 * 60) -> int:
        """Play an all-bot game to its end without a screen (real-time: at most `limit` ticks).

        Between a real-time game's rounds the session takes the action the engine waits for
        (`waiting_action`: Rumble Pie's next round start) at once, as the table does with no human.
        """
        if not self.info.realtime:
            return self.play_out(limit)
        waiting = self.rules.waiting_action
        ticks = 0
        while not self.is_over() and ticks < limit:
            action = waiting(self.state)
            if action is not None:
                self.submit(None, action)
                continue
            self.realtime_step()
            ticks += 1
        return ticks

    def play_out(self, limit: int = 1_000_000) -> int:
        """Run a turn-based all-bot game to its end (or `limit` actions); returns actions applied.
        Every bot's action goes through `submit`, its shape checked as anyone's is."""
        if not self._undo_allowed and not self.listeners and not self.info.realtime:
            return self._play_out_plain(limit)
        count = 0
        rules, state, bots = self.rules, self.state, self.bots
        while not rules.is_over(state) and count < limit:
            waiting = rules.to_act(state)
            if not waiting or any(seat not in bots for seat in waiting):
                break
            for seat in waiting:
                action = self.bot_action(seat)
                applied = self.submit(seat, action if action is not None else {})  # {}: refused
                if not applied.ok:
                    raise IllegalAction(f"a bot's action was refused: {applied.reason}")
                count += 1
        return count

    def _play_out_plain(self, limit: int) -> int:
        """`play_out` for arenas, `simulate` and benchmarks, which play thousands of games: with
        nobody to tell and no undo to keep, each bot's move is chosen as `bot_action` chooses it
        and applied and logged directly, with what every decision needs looked up once a game.

        A reaction window every bot lets pass closes at once through the table's logged timeout,
        as it does when time runs out at a table of people: the passes are held back until a seat
        answers otherwise. Its answers are sealed, so no bot's view shows whether another has
        answered yet, and the bots choose as they would have.

        The bots' actions skip the session's shape check here (it would cost a tenth of a
        benchmark): the engine still checks each, and tests replay bot games through `submit`."""
        rules, state, bots, log = self.rules, self.state, self.bots, self.log
        apply, to_act, is_over, legal_actions = rules.apply, rules.to_act, rules.is_over, rules.legal_actions
        bot_view, forced = rules.bot_view, rules.forced_action
        deciders = {seat: bot.decide_from_view for seat, bot in bots.items()}
        every_seat_a_bot = len(bots) == len(self.setup.seats)
        count = 0

        def play(seat: int | None, action: Any) -> None:
            if not isinstance(action, dict):
                applied = self.submit(seat, action)  # refused, with the reason why
                raise IllegalAction(f"a bot's action was refused: {applied.reason}")
            # Bots return a move from the list just built for them (or a fresh one): it is logged
            # as it is when it already names its seat, as the moves listed do.
            stamped = action if seat is None or action.get("seat") == seat else {**action, "seat": seat}
            try:
                apply(state, stamped)
            except IllegalAction as exc:
                raise IllegalAction(f"a bot's action was refused: {exc.reason}") from None
            log.append(Entry(seat, stamped))

        while not is_over(state) and count < limit:
            waiting = to_act(state)
            if not waiting or not every_seat_a_bot and any(seat not in bots for seat in waiting):
                break
            window = len(waiting) > 1 and self._closes_by_timeout()
            held: list[tuple[int, Action]] = []
            for seat in waiting:
                # `bot_action`, written out: a move the engine knows is forced, else the view's
                # answer, else a forced move from the list, else the bot's pick from the list.
                action = forced(state, seat) if window else None
                if action is None:
                    view = bot_view(state, seat)
                    action = deciders[seat](view)
                    if action is None:
                        legal = legal_actions(state, seat)
                        if len(legal) == 1:
                            action = legal[0]
                        else:
                            action = bots[seat].act(view, legal)
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
        """The decision waited on is a sealed reaction window with a time limit, which the
        table's timeout closes with a pass from everyone who has not answered."""
        top = self.rules.current_decision(self.state)
        return top is not None and top.sealed and top.allow_pass and top.deadline is not None

    # -- undo --------------------------------------------------------------------------------------------

    @property
    def undo_allowed(self) -> bool:
        """Undo exists only against bots: one human, a turn-based game."""
        return self._undo_allowed

    def _undoable(self, seat: int | None) -> bool:
        return seat is not None and self._undo_allowed and seat in self.humans

    def can_undo(self, seat: int) -> bool:
        """True if `seat`'s last action may be taken back now.

        Only while nothing happened after it but that seat's own actions, and none of them revealed
        hidden information (a roll, a draw, a card seen): the engine marks those barriers.
        """
        if not self._undoable(seat) or not self._undo or not self.log:
            return False
        start, _ = self._undo[-1]
        tail = self.log[start:]
        return all(e.seat == seat and not e.barrier for e in tail)

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last action; False (nothing changed) where undo is not allowed."""
        if not self.can_undo(seat):
            return False
        start, snapshot = self._undo.pop()
        self.state = self.rules.from_json(snapshot)
        del self.log[start:]
        return True

    # -- replay ------------------------------------------------------------------------------------------

    def replay(self, entries: Iterable[Entry | list[Any]]) -> None:
        """Apply logged entries in order; IllegalAction naming the entry if one cannot apply."""
        for index, item in enumerate(entries):
            seat, action = (item.seat, item.action) if isinstance(item, Entry) else (item[0], item[1])
            applied = self.submit(seat, action)
            if not applied.ok:
                raise IllegalAction(f"action {index + 1} of the log cannot be applied: {applied.reason}")
