"""The claim on a reaction window at a turn-based table: the countdown the whole table sees
(`kit.reaction.ReactionWindow`), who claimed it, and what a claim that ran out leaves to say."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pie_table.core.session import PrivacyGate
from pie_table.core.table_driver import TurnDriver
from pie_table.kit.reaction import ReactionWindow


class ReactionClaim:
    """Who claimed the open reaction window; a claim hands the screen to its claimer."""

    def __init__(self, driver: TurnDriver, humans: list[int], gate: PrivacyGate,
                 name: Callable[[int], str], answer: Callable[[Any], str],
                 hand_off: Callable[[int], None], tell: Callable[[str], None]) -> None:
        """`hand_off(seat)`: give the screen to a claimer; `tell(text)`: the note over the hand;
        `name` and `answer` word the countdown (`ReactionWindow`)."""
        self.gate = gate
        self.hand_off = hand_off
        self.tell = tell
        self.claimed: int | None = None  # the human who claimed the open reaction window
        self.news = ""  # told on the next hand-off (a claimed reaction that ran out of time)
        self.window = ReactionWindow(driver, humans, self._claim, name, answer, self._lost)

    def _claim(self, seat: int) -> None:
        self.claimed = seat
        self.hand_off(seat)

    def _lost(self, seat: int, text: str) -> None:
        """Time ran out while `seat` was answering: say so, and on a shared screen fold the hand
        away, so the next move waits behind a hand-off that tells what happened and opens late
        enough that a key meant for the window cannot open it."""
        self.tell(text)
        self.news = text
        self.claimed = None
        self.gate.hide()

    def settle(self, window_open: bool) -> None:
        """After a move: a claim ends with its window."""
        if self.claimed is not None and not window_open:
            self.claimed = None

    def take_news(self) -> str:
        """What the next hand-off tells, once."""
        news, self.news = self.news, ""
        return news
