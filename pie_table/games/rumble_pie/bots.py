"""Rumble Pie bots: `make_bot(level, seat, seed)` for easy, normal, hard and random.

A bot sees only `RULES.view(state, seat)` (decks are counts) and acts through the same seat actions
as a human, one card at a time. It is called every tick (1/60 s) but thinks only when its reaction
timer runs out, so it costs almost nothing per tick.

Reaction time, drawn afresh for every decision (uniform, in seconds; a fast human expert is ~0.3 s
per card):

- easy   1.00–1.80 s; after a refusal (beaten to a pile) it re-plans after 0.40–0.70 s.
- normal 0.55–1.00 s; re-plans after 0.25–0.45 s.
- hard   0.30–0.55 s; re-plans after 0.15–0.25 s.
- random: each tick, with probability 1/30, one uniformly random legal action (about two actions
  a second, with no judgement at all).

When a decision finds nothing worth doing the bot looks again after another reaction delay.
Policies (scores in `bots_policy`):

- easy: greedy offence with large random noise, restocks to a (nearly) full arsenal, draws to the
  hand half the time, only defends by accident (sheds cards downward where harmless), Out! at once.
- normal: offence plus defence of own-team piles at Three/Four, restocks to 7, calls Out! at once.
- hard: KaPow! first, pushes the piles closest to a pie (a Four is worth more with a KaPow! ready),
  defends own-team piles from Two up and weighs each threat by what opponents hold face-up, spends
  spare cards rather than ones an attack pile needs, restocks eagerly to 5 cards and tops up to 8
  only when nothing better is on (in hard-vs-hard games a target of 5 won 65/100 against 6; 7 and 4
  were no better), draws to the hand when nearly full (so a playable card goes straight out), and
  digs a buried card out with a move when it is badly needed (a KaPow!, a defence at Four).
  Out!: called the moment the deck is empty, except that a KaPow! ready to land is played first when
  every opponent still has at least one card to draw (they need a draw and an Out! of their own, so
  one action of ours cannot lose the bonus); a pie is 1 point, the bonus 2.

No level fills its ninth arsenal slot while it can wait. After three idle looks in a row a bot
accepts a mild cost (the ninth slot, a One on its own Chef), after eight a real one (the least
harmful shed), so a full arsenal never stalls a round.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pie_table.core.engine import RealtimeBot
from pie_table.games.rumble_pie.bots_policy import Profile, choose
from pie_table.games.rumble_pie.headless import RandomLegalController
from pie_table.games.rumble_pie.state import TICK_HZ

LEVELS = ("easy", "normal", "hard", "random")
_RANDOM_RATE = 1 / 30


@dataclass(frozen=True)
class Timing:
    """Reaction and re-plan delays in seconds (uniform ranges)."""

    react: tuple[float, float]
    replan: tuple[float, float]


TIMINGS = {
    "easy": Timing((1.0, 1.8), (0.4, 0.7)),
    "normal": Timing((0.55, 1.0), (0.25, 0.45)),
    "hard": Timing((0.3, 0.55), (0.15, 0.25)),
}

PROFILES = {
    "easy": Profile(noise=150.0, defend_from=99, arsenal_target=9, read_opponents=False, dig=False,
                    smart_out=False, hand_draw=0.5),
    "normal": Profile(noise=40.0, defend_from=3, arsenal_target=7, read_opponents=False, dig=False,
                      smart_out=False, hand_draw=0.0),
    "hard": Profile(noise=5.0, defend_from=2, arsenal_target=5, read_opponents=True, dig=True,
                    smart_out=True, hand_draw=0.0),
}


class RumbleBot(RealtimeBot):
    """A reaction-timed, view-only Rumble Pie player for one seat."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.level = level
        self.seat = seat
        self.rng = random.Random(seed)
        self.timing = TIMINGS[level]
        self.profile = PROFILES[level]
        self.wait: int | None = None  # ticks until the next decision; None until play starts
        self.idle = 0  # decisions in a row that found nothing worth doing
        self.last_delay = 0

    def act(self, view: dict[str, Any], tick: int) -> dict[str, Any] | None:
        """At most one seat action for this tick."""
        if view["phase"] != "play":
            self.wait = None  # react to Go! (or the end of a pause) afresh
            return None
        if self.wait is None:
            self.wait = self._delay(self.timing.react)
        self.wait -= 1
        if self.wait > 0:
            return None
        action = self.decide(view)
        self.wait = self._delay(self.timing.react)
        return action

    def decide(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """Think once, now: the action to take (None: wait and look again after the next delay)."""
        action = choose(view, self.seat, self.profile, self.rng, self.idle)
        self.idle = 0 if action is not None else self.idle + 1
        return action

    def refused(self, action: dict[str, Any], reason: str) -> None:
        """The table changed under us (usually beaten to a pile): look again shortly."""
        self.wait = self._delay(self.timing.replan)

    def _delay(self, bounds: tuple[float, float]) -> int:
        """A reaction delay in whole ticks."""
        self.last_delay = max(1, round(self.rng.uniform(*bounds) * TICK_HZ))
        return self.last_delay


class RandomBot(RandomLegalController):
    """Uniformly random legal actions at a human-ish average pace."""

    level = "random"

    def refused(self, action: dict[str, Any], reason: str) -> None:
        """Random play does not care."""


def make_bot(level: str, seat: int, seed: int) -> RumbleBot | RandomBot:
    """A controller for `seat` at `level` ("easy", "normal", "hard" or "random"), seeded by `seed`."""
    if level == "random":
        return RandomBot(seat, seed, rate=_RANDOM_RATE)
    if level not in TIMINGS:
        raise ValueError(f"unknown bot level {level!r} (use {', '.join(LEVELS)})")
    return RumbleBot(level, seat, seed)
