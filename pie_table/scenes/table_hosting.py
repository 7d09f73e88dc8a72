"""What a table hosted from this window is handed beside its game (`scenes.net_host` makes it):
the table holds it as `hosting` and calls it at the points below, so the shared table code stays
the same for every game and every table without a network, and nothing replaces a table's own
methods from outside.

No pygame here: the hosting part draws nothing itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class HostedSeats(Protocol):
    """The hosted table's seats played on other machines, as the table shows and asks about them."""

    def away(self) -> set[int]:
        """Remote seats whose players have dropped."""

    def delays(self) -> dict[int, int]:
        """Round trip to each joined remote seat, in milliseconds."""

    def name_of(self, seat: int) -> str:
        """The name `seat`'s remote player joined with ('' if none)."""

    def hand_to_bot(self, seat: int, level: str = "normal") -> None:
        """Let a bot play a dropped player's seat until they take it back."""


class TableHosting(Protocol):
    """A table's part in hosting it: what the network asked is taken in before each frame, what
    the frame did goes out after it, an overlay over the table holds the game for everyone, and
    leaving the table stops hosting it."""

    @property
    def seats(self) -> HostedSeats:
        """The remote seats (a real-time table names them and asks about them itself)."""

    def before_frame(self) -> None:
        """Before the table's frame: remote players' names as they join, the prompt when one drops."""

    def after_frame(self) -> None:
        """After it: what this frame did goes out now, not a frame later."""

    def held(self) -> None:
        """A screen came over the table (pause, rules, a prompt): the game waits for everyone."""

    def released(self) -> None:
        """The table is on top again: the game goes on for everyone."""

    def left(self) -> None:
        """The table was left (after saving): stop serving it."""

    def note(self) -> str:
        """The line for the pause overlay: the join code while a remote seat waits ('' after)."""


def hosted_frame(hosting: TableHosting | None, frame: Callable[[float], None], dt: float) -> None:
    """A table's `frame(dt)`; at a hosted table, with what the network asked taken in before it and
    what it did sent after it."""
    if hosting is not None:
        hosting.before_frame()
    frame(dt)
    if hosting is not None:
        hosting.after_frame()
