"""A remote seat is sent its moves once per ask: while the same ask goes on, updates say it is still
asked ("asked"), so a client answers each ask once (a bot client answering one ask twice would
draw from its random generator twice and play another game than the same seed locally)."""

from __future__ import annotations

import asyncio
from typing import Any

from pie_table.core.registry import get_game
from pie_table.net.host import headless_host
from tests.net.netplay import four_bots


class _Link:
    """A connection that keeps what the host sends it."""

    def __init__(self, peer: str) -> None:
        self.peer = peer
        self.strikes = 0
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def drop(self, reason: str) -> None:
        raise AssertionError(f"dropped: {reason}")

    def hold(self, until: asyncio.Future[Any]) -> None:
        raise AssertionError("held: no table here is kept in a store")


def test_seats_asked_together_get_their_moves_once_while_another_seat_answers() -> None:
    game = "rats"
    host = headless_host(four_bots(game), {1, 2, 3})
    games = {game: get_game(game).rules.rules_version}
    links = {seat: _Link(f"p{seat}") for seat in (1, 2, 3)}
    for seat, link in links.items():
        host.join(link, {"code": host.code, "seat": seat, "name": f"P{seat}"}, games)
    assert host.driver.session.to_act() == [1, 2, 3]  # a sealed pick: three seats at once
    first = next(m for m in reversed(links[1].sent) if m["type"] == "update")  # not the later joiners' names
    host.on_action(links[1], {"token": host.holders[1].token, "seq": 1, "action": first["legal"][0]})
    assert host.session.log[-1].seat == 1  # played at once: the first in seat order
    for seat in (2, 3):
        updates = [m for m in links[seat].sent if m["type"] == "update"]
        # Seat 1's sealed pick sends the others nothing: not even that it came.
        assert [("legal" in m, m.get("asked", False)) for m in updates] == [(True, False)]
