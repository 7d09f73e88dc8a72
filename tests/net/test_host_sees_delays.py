"""The host sees each remote player's delay: a remote table's ping carries the round trip it last
measured, over a real socket on 127.0.0.1, and the hosting window reads it per seat (the Rumble
table shows "Ann 40 ms" where a remote table shows its own delay)."""

from __future__ import annotations

import asyncio

import pygame

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.ui.remote_badge import draw_remote_delays
from pie_table.net.hosting import HostedTable
from pie_table.net.realtime_play import RemoteSeat


def test_a_remote_tables_measured_delay_reaches_the_host_while_it_is_connected() -> None:
    hosted = HostedTable(GameSetup("pie-rats", parse_seats("bot:normal,bot:normal,bot:normal"), seed=3), {1})
    try:
        async def run() -> None:
            seat = RemoteSeat(hosted.address)
            await seat.open()
            await seat.join(hosted.host.id, hosted.code, 1, "Ann")
            await seat.ping()
            await seat.expect("pong")
            assert seat.delay_ms is not None and hosted.delays() == {}  # measured, not said yet
            measured = round(seat.delay_ms)
            await seat.ping()  # says what it measured
            await seat.expect("pong")
            assert hosted.delays() == {1: measured}
            await seat.close()
        asyncio.run(run())
        for _ in range(100):  # the host hears the close a moment later
            if not hosted.delays():
                break
            asyncio.run(asyncio.sleep(0.01))
        assert hosted.delays() == {}  # a seat no longer connected shows none
    finally:
        hosted.quit()


def test_the_host_draws_each_remote_players_delay_in_the_table_talk_title_row() -> None:
    surface = pygame.Surface((1280, 720))
    panel = pygame.Rect(1000, 300, 260, 300)
    assert draw_remote_delays(surface, panel, {}) is None
    box = draw_remote_delays(surface, panel, {"Ann": 40, "Bob": 120})
    assert box is not None and panel.contains(box) and box.top <= panel.y + 12
