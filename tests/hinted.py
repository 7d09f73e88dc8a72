"""Hints at the tables under test: the move the game's expert suggests at a seat (from its own view
and what it was told), and waiting for a table's hint to be worked out (frames drawn with no time
passing, so no countdown runs out and no bot moves meanwhile)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence
from typing import Any

from pie_table.core.engine import Action, TurnBot
from pie_table.core.hints import Hints, expert_hint
from pie_table.core.history import SeatHistory
from pie_table.core.pondering import SeatCopy
from pie_table.scenes.turn_table.hinting import TableHint


def experts_move(driver: Any, seat: int) -> dict[str, Any]:
    """The expert's hint for `seat` at `driver`'s table (played here) as it stands."""
    return expert_hint(driver.info.bot_factory, SeatCopy.of(driver.session, seat))


def await_hint(app: Any, scene: Any, frames: int = 1_000_000, draw: bool = True) -> int:
    """Draw frames until `scene`'s hint is shown: how many it took. `draw=False`: the frames are
    not drawn (but the one that shows the hint is)."""
    taken = frames_resting(app, lambda: not scene.hint.waiting, 0.0, frames, "the hint was never worked out",
                           draw)
    if not draw:
        app.step(0.0, [])
    return taken


def frames_resting(app: Any, done: Any, dt: float, frames: int, never: str, draw: bool = True) -> int:
    """Draw frames of `dt` until `done()`: how many it took (AssertionError `never` after `frames`).
    Between frames the test rests a moment, as a window does until its next frame is due: frames
    drawn back to back would take the interpreter from the expert's worker, which lets others in
    before each playout."""
    for drawn in range(frames):
        if done():
            return drawn
        app.step(dt, [], draw=draw)
        time.sleep(0.002)
    raise AssertionError(never)


HELD_AT_MOST_S = 30.0


class HeldExpert(TurnBot):
    """A game's expert held back until the test lets it answer (`release`): a hint that takes as
    long as the test wants, with no clock involved."""

    def __init__(self, bot: TurnBot, release: threading.Event) -> None:
        self.bot, self.release = bot, release

    def hear(self, history: SeatHistory) -> None:
        self.bot.hear(history)

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        # Bounded: a test that fails before releasing must not hold the process's one pondering
        # worker, and every later test's bots with it, for ever.
        if not self.release.wait(HELD_AT_MOST_S):
            raise AssertionError("the held expert was never released")
        return self.bot.act(view, legal)


def held_hints(scene: Any, release: threading.Event) -> TableHint:
    """`scene`'s hints worked out by its game's expert held back by `release`."""
    info = scene.driver.info

    def make(level: str, seat: int, seed: int) -> Any:
        bot = info.bot_factory(level, seat, seed)
        return HeldExpert(bot, release) if level == "expert" else bot

    return TableHint(scene.driver, scene.give_hint, Hints(make, info.bot_levels))


def blind_to_hidden(scene: Any, seat: int, shuffles: int = 3) -> dict[str, Any]:
    """The expert's hint for `seat` at `scene`'s table, checked to be the same whatever is dealt
    where the seat cannot see (the same told): it reads nothing hidden."""
    rules, state, driver = scene.rules, scene.state, scene.driver
    heard, make = driver.history(seat), driver.info.bot_factory
    wanted = experts_move(driver, seat)
    for shuffle in range(shuffles):
        other = rules.shuffle_hidden(state, seat, random.Random(shuffle))
        assert rules.to_json(other) != rules.to_json(state), "nothing hidden was dealt differently"
        assert expert_hint(make, SeatCopy(rules, other, seat, heard)) == wanted
    return wanted


# A whole game's hint tests work the expert out again independently for this many decisions (each
# one a whole second search); after that Enter is checked against the hint the table gave.
CHECKED_AGAINST_THE_EXPERT = 8


def given_hints(scene: Any) -> list[tuple[int, Action]]:
    """The hints `scene` hands its game from now on, in order, as (seat, action)."""
    given: list[tuple[int, Action]] = []
    give = scene.hint.give

    def record(seat: int, action: Action) -> None:
        given.append((seat, action))
        give(seat, action)
    scene.hint.give = record
    return given


def same_move(one: Action, other: Action) -> bool:
    """Whether two actions are the same move (whichever of them names its seat)."""
    return {k: v for k, v in one.items() if k != "seat"} == {k: v for k, v in other.items() if k != "seat"}
