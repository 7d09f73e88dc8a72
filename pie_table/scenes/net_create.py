"""A new table made on a `serve` lobby from the join screen: the game list, then the seat and
variant screen as at Host, every seat Remote or a bot (nobody sits at the lobby's own screen);
Start makes the table there, and the join screen comes back filled in with it (its first remote
seat is this player's) and says its code, for the others; Join takes the seat."""

from __future__ import annotations

import threading
from typing import Any, Protocol

from pie_table.core.options import TEAMS
from pie_table.core.registry import GameInfo
from pie_table.core.setup import REMOTE, SeatSpec
from pie_table.kit.i18n import _, tr
from pie_table.scenes.seats import SeatsScene, seat_choices

_RUNNING = 0.1  # seconds between frames while the lobby's answer is awaited
_REMOTE_SEAT = SeatSpec("human", control="hotseat", level=REMOTE)


class MadeFor(Protocol):
    """Who takes a seat at the table once it is made (the join screen)."""

    address: str

    def made(self, table: str, code: str, seat: int) -> None:
        """The lobby made `table` with `code`: `seat` (counted from 0) is this player's."""


class LobbySeatsScene(SeatsScene):
    """Seats and variants for a table made on the lobby at `form.address`; Start makes it."""

    def __init__(self, app: Any, info: GameInfo, form: MadeFor) -> None:
        super().__init__(app, info)
        self.form = form
        # The seats a person would play at Host (the ones remembered, or the defaults) are left to
        # players on other machines: this player's own is the first of them.
        self.seats = [spec if spec.is_bot else _REMOTE_SEAT for spec in self.seats]
        self._making: threading.Thread | None = None
        self._answer: tuple[dict[str, Any] | None, str] | None = None  # (the lobby's answer, its refusal)

    def seat_choices(self) -> list[SeatSpec]:
        return [_REMOTE_SEAT, *(spec for spec in seat_choices(self.info) if spec.is_bot)]

    def problem(self) -> str | None:
        if not any(spec.level == REMOTE for spec in self.seats):
            return _("Make at least one seat Remote: yours is the first.")
        if self._making is not None:
            return _("Making the table…")
        return super().problem()

    def start(self) -> None:
        """Ask the lobby for the table, on a background thread (the screen says when it answers)."""
        if self.problem():
            return
        setup = self.setup()
        seats = ["remote" if spec.level == REMOTE else spec.spec() for spec in setup.seats]
        options = {**setup.options, **({TEAMS: setup.teams} if setup.teams is not None else {})}
        address, game = self.form.address, self.info.id

        def run() -> None:
            from pie_table.net.client import HostRefused
            from pie_table.net.lobby_list import create_table
            from pie_table.net.made_tables import keep_owner_key
            from pie_table.scenes.net_host import wake_window

            try:
                made = create_table(address, game, seats, options)
                # Its key kept: a window opened again may still give it a new join code.
                keep_owner_key(address, str(made["table"]), str(made["owner"]))
                self._answer = (made, "")
            except HostRefused as refused:
                self._answer = (None, str(refused))
            except Exception:  # noqa: BLE001 - the lobby went, the link broke: one line
                self._answer = (None, _("No table answers at {address}.").format(address=address))
            wake_window()
        self._making = threading.Thread(target=run, name="make-table", daemon=True)
        self._making.start()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._answer is None:
            return
        (made, refusal), self._answer, self._making = self._answer, None, None
        if made is None:
            self.notice = tr(refusal)
            return
        seat = next(i for i, spec in enumerate(self.seats) if spec.level == REMOTE)
        self.app.scenes.pop_until(lambda scene: scene is self.form)
        self.form.made(str(made["table"]), str(made["code"]), seat)

    def next_frame(self) -> float | None:
        return _RUNNING if self._making is not None else super().next_frame()
