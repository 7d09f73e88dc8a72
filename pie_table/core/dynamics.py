"""How a table's game moves on in time: the part the one `TableDriver` is given.

Turn-based and real-time games differ in their clock, not in their table: `Turns` lets the game
move when a seat acts (bots on the pace of the `core.bot_clock.BotClock` it gives its driver,
countdowns through logged timeouts: the driver's `update`), `core.fixed_step.FixedStep` runs the
engine's clock at a fixed step (Rumble Pie), with no clock for bots.
Whoever needs to know which it is asks the dynamics (`Dynamics`), never a flag.

Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pie_table.core.bot_clock import BotClock, BotPacing
from pie_table.core.engine import Action, Event, IllegalAction, TurnBot
from pie_table.core.session import TIMEOUT, Applied, Entry, Session
from pie_table.core.setup import GameSetup

_TIMEOUT_ACTION: Action = {"type": TIMEOUT}
_TURN_LIMIT = 1_000_000  # actions: far past any game's end, so only a stuck game reaches it


@dataclass
class TickStep:
    """What one real-time tick produced: events in order, applied and refused actions (with origins)."""

    tick: int
    events: list[Event] = field(default_factory=list)
    applied: list[tuple[Action, Any]] = field(default_factory=list)
    refusals: list[tuple[Action, Any, Any]] = field(default_factory=list)


class Driven(Protocol):
    """What a dynamics moves its game through: the calls of the one table driver it is given to."""

    session: Session
    autosave: Any
    turn_of: Callable[[Any], int] | None
    pace_seed: int  # where a dynamics that paces bots draws their reaction delays from

    @property
    def rules(self) -> Any:
        """The game's rules."""

    @property
    def setup(self) -> GameSetup:
        """The game's setup."""

    @property
    def state(self) -> Any:
        """The engine state."""

    def submit(self, seat: int | None, action: Action) -> Applied:
        """A seat's move, or the table's own (None), through the driver's checks."""

    def to_act(self) -> list[int]:
        """Seats the game waits for now."""

    def is_over(self) -> bool:
        """True once the game is decided."""

    def closes_by_timeout(self) -> bool:
        """The decision waited on is a timed reaction window that a logged timeout closes."""


class Dynamics(Protocol):
    """What the table's driver and its host ask of the way its game moves on in time."""

    def play_out(self, limit: int | None = None) -> int:
        """Play an all-bot game to its end without a screen (at most `limit` steps, None: the
        dynamics' own bound); returns the steps run."""

    def hold(self, still: bool) -> bool:
        """Stop (True) or let run again (False) the table's own clock; False when it has none, its
        game moving only as its seats act."""

    def listen_steps(self, fn: Callable[[TickStep], None]) -> bool:
        """Call `fn(step)` after every step of the table's own clock; False when it has none (the
        session's listeners then hear every move)."""

    def bot_clock(self) -> BotPacing:
        """The clock the table's bots wait their beat on and its countdowns run on, which the
        driver runs in `update` (a fixed step's: `NoBotClock`, its bots acting every tick)."""


class Turns:
    """A turn-based game: it moves when a seat acts; bots wait their beat on its `BotClock`."""

    def __init__(self, driver: Driven) -> None:
        self.driver = driver
        self.clock = BotClock(driver, driver.pace_seed)

    def bot_clock(self) -> BotClock:
        """The bots' beats and the countdowns, in the time the driver's `update` lets pass."""
        return self.clock

    def hold(self, still: bool) -> bool:
        """No clock of its own to stop."""
        return False

    def listen_steps(self, fn: Callable[[TickStep], None]) -> bool:
        """No steps: every move is a session entry."""
        return False

    def play_out(self, limit: int | None = None) -> int:
        """Run a turn-based game to its end while only bots are asked (or `limit` actions); returns
        the actions applied. A reaction window every bot lets pass closes at once through the
        table's logged timeout, as it does when time runs out at a table of people; its answers are
        sealed, so no bot's view shows whether another has answered yet.

        With nobody listening and no undo to keep (arenas, `simulate`, benchmarks), each move is
        applied and logged directly, with what every decision needs looked up once a game, and
        skips the session's shape check (a tenth of a benchmark): the engine still checks each,
        and tests replay bot games through `submit`. Otherwise every move goes through `submit`."""
        driver = self.driver
        session = driver.session
        limit = _TURN_LIMIT if limit is None else limit
        rules, state, bots, log = session.rules, session.state, session.bots, session.log
        apply, to_act, is_over, legal_actions = rules.apply, rules.to_act, rules.is_over, rules.legal_actions
        bot_view, forced = rules.bot_view, rules.forced_action
        # Bots that may answer from the view alone; the others are asked only when the list of
        # moves holds a choice, and their view is built only then (a forced move needs none).
        deciders = {seat: bot.decide_from_view for seat, bot in bots.items()
                    if type(bot).decide_from_view is not TurnBot.decide_from_view}
        every_seat_a_bot = len(bots) == len(driver.setup.seats)
        for seat, bot in bots.items():
            bot.hear(session.history(seat))
        events_log = session.events
        plain = not session.undo_allowed and not session.listeners and driver.autosave is None
        count = 0

        def checked(seat: int | None, action: Any) -> None:
            applied = driver.submit(seat, action)  # a malformed one is refused, with the reason why
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
            window = len(waiting) > 1 and driver.closes_by_timeout()
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
