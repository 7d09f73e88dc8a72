"""One name per seat, for everything a table shows: the log, prompts, hand-offs, React! buttons,
score lines, the replay's viewer. Fed by the setup's player names; the game says what an unnamed
seat is called ("Rat 2", "Chef 2") and, where it has one, the title a seat plays under (a Captain).

    named, no title     "Alice"
    named, with title   "Alice (Captain Red Hook)"
    unnamed, title      "Captain Red Hook"
    unnamed             "Rat 2"
    dropped (`marked`)  "Alice · away"

Engine messages name seats with `core.messages.seat_msg`; `tr` renders those by these names.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from pie_table.kit.i18n import _, event_text
from pie_table.kit.i18n import tr as _tr


def seat_number(seat: int) -> str:
    """The plain fallback: "Seat 3" for seat 2."""
    return _("Seat {n}").format(n=seat + 1)


class SeatNames:
    """Call it with a seat for that seat's name in the player's language (worked out when asked,
    so a language switch shows at once)."""

    def __init__(self, players: Sequence[str], unnamed: Callable[[int], str] = seat_number,
                 title: Callable[[int], str] | None = None) -> None:
        self.players = [str(name).strip() for name in players]
        self.unnamed, self.title = unnamed, title
        # The seats whose players on other machines have dropped: marked away wherever named.
        self.away: Callable[[], Collection[int]] = lambda: ()

    @classmethod
    def of_setup(cls, setup: Any, unnamed: Callable[[int], str] = seat_number,
                 title: Callable[[int], str] | None = None) -> SeatNames:
        """The names a `GameSetup` gives its seats (bots and unnamed humans have none)."""
        return cls([setup.player_name(seat) for seat in range(len(setup.seats))], unnamed, title)

    def rename(self, names: Mapping[int, str]) -> None:
        """Seats named as their players gave them on joining a networked table (an empty name, or
        a seat this table does not have, is left as it was)."""
        for seat, name in names.items():
            if name and 0 <= seat < len(self.players):
                self.players[seat] = name

    def player(self, seat: int) -> str:
        """The name the player chose for `seat`, or ""."""
        return self.players[seat] if 0 <= seat < len(self.players) else ""

    def marked_player(self, seat: int) -> str:
        """The player's name, marked away while they have dropped ("" when the seat has none)."""
        player = self.player(seat)
        return _("{name} · away").format(name=player) if player and seat in self.away() else player

    def __call__(self, seat: int) -> str:
        player = self.player(seat)
        title = self.title(seat) if self.title is not None else ""
        if player and title:
            return _("{player} ({title})").format(player=player, title=title)
        return player or title or self.unnamed(seat)

    def marked(self, seat: int) -> str:
        """The seat's name as its label at the table shows it: marked away while its player on
        another machine has dropped (a line of the log keeps the plain name)."""
        name = self(seat)
        return _("{name} · away").format(name=name) if seat in self.away() else name

    def tr(self, message: Any) -> str:
        """An engine message in the player's language, each seat it names by its name here."""
        return _tr(message, self)

    def event_text(self, event: dict[str, Any]) -> str:
        """What an engine event says, each seat it names by its name here."""
        return event_text(event, self)
