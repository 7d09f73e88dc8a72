"""How long bots wait at a table of people.

The engine never reads a clock. At a table, though, time matters: a bot that answers in a
microsecond is unreadable, and a reaction window must close when its countdown ends. A turn-based
table's bots' clock (`pie_table.core.bot_clock.BotClock`, run by `TableDriver.update`) times these
waits, and the driver turns them into logged actions; headless runs play at full speed, and
replays need nothing of it, since every timeout is in the log.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pace:
    """How long bots wait before they act (seconds)."""

    public: float = 0.6  # a move everyone watches: a roll, a card played, a choice said aloud
    secret: float = 0.12  # a sealed pick nobody sees being made
    reaction: tuple[float, float] = (0.8, 2.0)  # answering a reaction window: drawn afresh each time

