"""Hints: what the game's strongest bot would do at one seat, from that seat's own view and what it
has been told (never anything else).

Where the game has an `expert` level, the hint is the expert's search from a copy of the position
(`Position`): of the game as the seat stands in it where it is played on this machine (`SeatCopy`:
the bot sees only its seat's bot view), of the view, moves and history the host sent a seat
played from another machine (`ViewCopy`); either way it determinizes the rest from the view. It is
worked out in a worker (`core.pondering`) so the window keeps drawing while it thinks. In a game
without an expert (or a replay) it is the hard bot's choice from the view, at once. Either
bot is seeded from the seat alone and decides from the position, so the same position always gets
the same hint. Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pie_table.core.engine import Action, TurnBot
from pie_table.core.history import SeatHistory
from pie_table.core.pondering import Pondering, Position

_SEED = 7919  # the hint bots' seed, beside the seat's number: any fixed one keeps hints replayable

BotFactory = Callable[[str, int, int], Any]


def hint_bot(make_bot: BotFactory, level: str, seat: int) -> TurnBot:
    """The bot of `level` that gives `seat` its hints."""
    bot: TurnBot = make_bot(level, seat, _SEED + seat)
    return bot


def expert_hint(make_bot: BotFactory, copy: Position) -> Action:
    """The expert's move at the seat of `copy` (worked out at once: tests, and the worker)."""
    return copy.decision(hint_bot(make_bot, "expert", copy.seat))


def hard_hint(make_bot: BotFactory, view: Mapping[str, Any], history: SeatHistory,
              legal: Sequence[Action], seat: int) -> Action:
    """The hard bot's move among `legal` at `seat`, from its view and what it has been told."""
    bot = hint_bot(make_bot, "hard", seat)
    bot.hear(history)
    return bot.act(view, legal)


class Hints:
    """A table's hints for the seats at its screen, one being worked out per seat at most."""

    def __init__(self, make_bot: BotFactory, levels: Sequence[str]) -> None:
        self._make_bot = make_bot
        self.has_expert = "expert" in levels
        self._pondering = Pondering()

    def expert(self, seat: int, position: Any, copy: Position) -> Action | None:
        """The expert's hint at the seat of `copy`, asked at `position` (anything the table
        compares: how often its choices changed), once it is ready; None while it still thinks
        (ask again on a later frame)."""
        return self._pondering.consult(seat, position, lambda: lambda: expert_hint(self._make_bot, copy))

    def hard(self, view: Mapping[str, Any], history: SeatHistory, legal: Sequence[Action],
             seat: int) -> Action:
        """The hard bot's hint, at once."""
        return hard_hint(self._make_bot, view, history, legal, seat)

    def thinking(self, seat: int) -> bool:
        """True while the hint for `seat` is still being worked out."""
        return self._pondering.thinking(seat)
