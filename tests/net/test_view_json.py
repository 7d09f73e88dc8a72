"""A host turns each view into JSON with every engine message converted once by the message itself
(`Msg.json`, kept like its English text), not through a memo keyed on object identity."""

from __future__ import annotations

from pie_table.core.driver import TableDriver
from pie_table.core.engine import copy_json
from pie_table.core.messages import Msg, seat_msg
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.net import patch
from tests.net.netplay import four_bots


def test_a_message_keeps_its_json_and_two_equal_texts_keep_their_own() -> None:
    named = seat_msg("Rat {n}", 1, n=2)
    same_text = Msg("Rat {n}", n=2)
    assert named == same_text  # equal English text ...
    assert named.json() == named.to_json() and named.json() is named.json()
    assert named.json() != same_text.json()  # ... but each its own parameters
    assert not hasattr(patch, "MessageJson")


def test_a_views_json_is_the_engines_json_of_it_for_every_seat_all_game() -> None:
    setup = four_bots("pie-rats")
    session = Session(setup, get_game("pie-rats"))
    driver = TableDriver(session, pace=None)
    for _ in range(60):
        driver.update(0.0)
        for seat in range(4):
            view = driver.view(seat)
            assert patch.plain(view) == copy_json(view)
