"""A seat played from another machine gets the expert's hint, worked out in the pondering worker
from the view, the moves and the history the host sent it: the hint the same seat gets at a table
played on this machine."""

from __future__ import annotations

import time

from pie_table.core.hints import Hints, expert_hint, hint_bot
from pie_table.core.pondering import SeatCopy, ViewCopy
from pie_table.core.registry import get_game
from pie_table.core.session import bot_seed, view_decision
from pie_table.net.client import bot_decider
from pie_table.net.hosting import HostedTable
from pie_table.net.link_source import join_seat
from tests.net.netplay import four_bots


def test_a_remote_captain_is_hinted_by_the_expert_from_its_view() -> None:
    game = "pie-rats"
    info = get_game(game)
    make = info.bot_factory
    assert make is not None
    setup = four_bots(game)
    hosted = HostedTable(setup, {1})
    hints = Hints(make, info.bot_levels)
    try:
        driver = join_seat(hosted.address, "1", code=hosted.code, seat=1, name="Ann")
        decide = bot_decider(make("normal", 1, bot_seed(setup.seed, 1)), driver.history(1))
        compared, end = 0, time.monotonic() + 120
        while compared < 3 and not driver.is_over():
            assert time.monotonic() < end, "timed out"
            driver.update(0.01)
            legal = list(driver.legal(1))
            view = dict(driver.view(1))
            if not legal or view["to_act"] != [1]:  # the host waits on this seat alone: its game stands still
                time.sleep(0.002)
                continue
            if len(legal) > 1:
                copy = driver.seat_copy(1)
                assert isinstance(copy, ViewCopy)
                hint = None
                while hint is None:
                    hint = hints.expert(1, compared, copy)
                    time.sleep(0.002)
                expert = hint_bot(make, "expert", 1)  # an independent expert, told what the seat was told
                expert.hear(driver.history(1))
                assert hint == view_decision(expert, view, legal)
                assert hint == expert_hint(make, SeatCopy.of(hosted.host.session, 1))  # the local hint
                compared += 1
            assert driver.submit(1, decide(view, legal)).ok
        assert compared == 3
        driver.close()
    finally:
        hosted.quit()
