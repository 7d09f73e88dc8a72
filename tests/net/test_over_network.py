"""Whole games over real sockets on 127.0.0.1 end exactly as the same seeds played in one process."""

from __future__ import annotations

import asyncio

import pytest

from pie_table.core.registry import get_game
from pie_table.net.over_network import play_networked, report
from tests.net.netplay import TURN_BASED, four_bots


@pytest.mark.parametrize("game", TURN_BASED)
def test_a_whole_game_over_the_network_is_the_local_game(game: str) -> None:
    info = get_game(game)
    setup = four_bots(game)
    played = asyncio.run(play_networked(setup, info))
    result = report(played, info, setup)
    assert result["same_as_local"] is True
    local = info.simulate(four_bots(game)) if info.simulate else None
    assert {k: v for k, v in result.items() if k not in ("same_as_local", "net")} == local
    assert result["net"]["clients"] == 3
    assert result["net"]["messages"] > 0 and result["net"]["rtt_ms_p50"] is not None
    assert all(client.over for client in played.clients)
