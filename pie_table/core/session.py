"""One session runs a game for every caller: the table scenes, the CLI and the tests.

The session holds the setup and the state, decides *who* acts (the engine only says whom it waits
for; the seat of an action is the caller's, never trusted from the action dict), seeds the bots
the same way everywhere, records every applied action, and offers undo against bots. Saves,
resume and replay are built on its log (`pie_table.core.saves`).

Pure Python: no pygame, no clock. Running a game (pacing, bots taking their turns, autoplay,
headless play-outs, real-time ticks, replays) is the table driver's (`pie_table.core.driver`); the
session only applies what it is given.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pie_table.core.engine import Action, Event, GameRules, IllegalAction, Outcome, TurnBot
from pie_table.core.history import EventLog, SeatHistory
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
    bots = {seat: info.bot_factory(spec.level or "normal", seat, bot_seed(setup.seed, seat))
            for seat, spec in enumerate(setup.seats) if spec.is_bot}
    if info.seat_bots is not None:
        info.seat_bots(bots)
    return bots


def turn_decision(rules: GameRules, bot: TurnBot, state: Any, seat: int, history: SeatHistory) -> Action:
    """What the turn-based `bot` chooses for `seat` at `state`, told `history` (`Session.decide`;
    a table also asks it of a copy of the state, in a worker, for a bot that ponders)."""
    bot.hear(history)
    # A move the engine knows is a seat's only one without listing them all (a pass in a window
    # the seat holds no answering card for): taken without asking the bot, as any forced move.
    forced = rules.forced_action(state, seat)
    if forced is not None:
        return forced
    # Many decisions need no list of moves (the one card to table, the lure worth most): the
    # bot answers from its view, and the engine checks the move.
    return _chosen(bot, rules.bot_view(state, seat), lambda: rules.legal_actions(state, seat))


def view_decision(bot: TurnBot, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    """What the turn-based `bot` (told its seat's history) chooses from `view` and `legal` alone:
    a seat played from another machine holds no state, only what the host sent it."""
    return _chosen(bot, view, lambda: legal)


def _chosen(bot: TurnBot, view: Mapping[str, Any], moves: Callable[[], Sequence[Action]]) -> Action:
    """The bot's answer from its view, else from the moves (listed only then, by `moves()`)."""
    action = bot.decide_from_view(view)
    if action is not None:
        return action
    legal = moves()
    if len(legal) == 1:
        # A forced move (a roll, an acknowledgement) needs no thought. Bots learn what
        # happened from their view's history when next asked, not from being called.
        return legal[0]
    return bot.act(view, legal)


def state_hash(rules: Any, state: Any) -> str:
    """A short fingerprint of the whole state (canonical JSON, rng included)."""
    text = json.dumps(rules.to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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
                 bots: dict[int, Any] | None = None, state: Any = None,
                 opening: Sequence[Event] = ()) -> None:
        """A new game from `setup`; `bots` replaces the setup's bots (tests, arenas with custom
        controllers) and `state` continues an existing state instead of dealing a new one (what was
        said while it was dealt: `opening`)."""
        self.setup = setup
        self.info = info or get_game(setup.game_id)
        self.rules = self.info.rules
        if state is None:
            state, opening = self.rules.new_game(len(setup.seats), setup.seed, engine_options(setup))
        self.state = state
        self.log: list[Entry] = []
        # What the game said, beside the state (which holds the game only): the deal's events,
        # then each logged action's, cut with the log on undo.
        self.events = EventLog(opening)
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

    def history(self, seat: int | None) -> SeatHistory:
        """What `seat` (None: a spectator) has been told so far: the table's events and its own."""
        return self.events.seat(seat)

    def hash(self) -> str:
        """Fingerprint of the current state."""
        return state_hash(self.rules, self.state)

    # -- acting ----------------------------------------------------------------------------------------

    def submit(self, seat: int | None, action: Action) -> Applied:
        """Apply `action` for `seat` (None: the session's own clock/timeout); refusals change nothing."""
        reason = self.refusal(seat, action)
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
        self.events.append(events)
        for listener in self.listeners:
            listener(entry, events)
        return Applied(Outcome(True, events), entry, events)

    def refusal(self, seat: int | None, action: Any) -> str | Msg:
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
        return self.decide(self.bots[seat], seat)

    def decide(self, bot: Any, seat: int) -> Action | None:
        """What `bot` chooses for `seat` from that seat's view (None if it passes its chance)."""
        if self.info.realtime:
            return bot.act(self.bot_view(seat), self.rules.tick(self.state))
        return turn_decision(self.rules, bot, self.state, seat, self.history(seat))

    def bot_view(self, seat: int) -> Any:
        """The view a bot at `seat` decides from: `view`, or the game's lazily built equal."""
        return self.rules.bot_view(self.state, seat)

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
        self.events.cut(start)
        return True
