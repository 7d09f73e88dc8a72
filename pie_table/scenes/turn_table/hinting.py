"""The hint a turn-based table gives the seat at its screen (H, or the Hint button): where the game
has an expert and is played here, the expert works it out in a worker from a copy of the game as
the seat stands in it, while the table goes on drawing and says it is thinking (`core.hints`);
else the hard bot gives it at once from the seat's view. The game shows it once it is ready
(`GameTable.give_hint`). A hint belongs to the choices it was asked over: a move, an undo or a
panel put away drops it unseen."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pie_table.core.engine import Action
from pie_table.core.hints import Hints
from pie_table.core.pondering import Position
from pie_table.core.table_driver import TurnDriver
from pie_table.kit.i18n import _

# Seconds between looks at a hint being worked out: a frame at 60 fps.
HINT_POLL = 1 / 60


class TableHint:
    """The hint asked at a table and not shown yet: for which seat, from which copy of the game."""

    def __init__(self, driver: TurnDriver, give: Callable[[int, Action], None],
                 hints: Hints | None = None) -> None:
        """`hints`: who works hints out (by default the game's own bots; none for a game without)."""
        self.driver, self.give = driver, give
        info = driver.info
        if hints is None and info.bot_factory is not None:
            hints = Hints(info.bot_factory, info.bot_levels)
        self.hints = hints
        self.asked: tuple[int, Position] | None = None
        self.by_expert = False  # the hint shown (or asked) is the expert's
        self.choices = 0  # how many times choices were put away: a hint asked before is not theirs

    @property
    def waiting(self) -> bool:
        """True while a hint asked is still being worked out."""
        return self.asked is not None

    def ask(self, seat: int, legal: Sequence[Action]) -> None:
        """A hint for `seat` among `legal`: the expert's on the first frame it is ready (`poll`), or
        the hard bot's at once."""
        hints = self.hints
        if hints is None or (self.asked is not None and self.asked[0] == seat):
            return  # no bots to ask, or H again while the expert thinks it over
        copy = self.driver.seat_copy(seat) if hints.has_expert else None
        self.by_expert = copy is not None
        if copy is None:
            self.give(seat, hints.hard(self.driver.view(seat), self.driver.history(seat), legal, seat))
            return
        self.asked = (seat, copy)
        self.poll()

    def poll(self) -> None:
        """Called each frame: the expert's hint, handed to the game once it is ready."""
        if self.asked is None or self.hints is None:
            return
        seat, copy = self.asked
        action = self.hints.expert(seat, self.choices, copy)
        if action is not None:
            self.asked = None
            self.give(seat, action)

    def drop(self) -> None:
        """The choices were put away: the hint asked over them is not shown."""
        self.asked = None
        self.choices += 1

    def line(self, text: str) -> str:
        """What the table says of the hint: that the expert thinks, then its words (`text`)."""
        if self.asked is not None:
            return _("The expert is thinking about your move…")
        if not text:
            return ""
        return (_("Expert's hint: {text}") if self.by_expert else _("Hint: {text}")).format(text=text)
