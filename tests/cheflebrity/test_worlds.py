"""The worlds a chef's search samples: cards it handed over in a trade stay where it saw them go."""

from __future__ import annotations

import random

from pie_table.core.driver import TableDriver
from pie_table.core.history import SeatHistory
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.cheflebrity.rules import RULES


def _a_trade_seen(seed: int) -> tuple[Session, int, int, list[int]]:
    """A game played on until a chef handed cards to another that still holds them all (bots
    seldom trade: this seed's game has a trade)."""
    session = Session(GameSetup("cheflebrity", parse_seats("bot:normal,bot:easy,bot:normal"), {}, None, seed))
    driver = TableDriver(session, pace=None)
    for _ in range(3000):
        if session.is_over():
            break
        for seat in range(3):
            for note in session.history(seat).notes:
                other, gave = note.get("other"), note.get("gave") or []
                if note["type"] == "trade_in" and gave and all(c in session.state.hands[other] for c in gave):
                    return session, seat, other, gave
        driver.update(0.0)
    raise AssertionError("no trade in this game")


def test_cards_handed_over_in_a_trade_are_in_the_receivers_hand_in_every_world() -> None:
    session, seat, other, gave = _a_trade_seen(8)
    view, history = RULES.bot_view(session.state, seat), session.history(seat)
    for seed in range(10):
        world = RULES.determinize(view, history, random.Random(seed))
        assert all(card in world.hands[other] for card in gave)
        assert world.hands[seat] == session.state.hands[seat]


def test_without_its_notes_the_seat_would_deal_them_anywhere() -> None:
    session, seat, other, gave = _a_trade_seen(8)
    found = [all(card in RULES.determinize(RULES.bot_view(session.state, seat), SeatHistory(seat),
                                           random.Random(seed)).hands[other] for card in gave)
             for seed in range(10)]
    assert not all(found)
