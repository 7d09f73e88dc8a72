"""`serve` gives people the table's beats: its turn-based tables' bots wait before a move, as at the
window; a lobby for bots alone (simulate --over-network, the tests) lets them move at once."""

from __future__ import annotations

import asyncio

from pie_table.core.pacing import Pace
from pie_table.net.server import Lobby


def _table_pace(lobby: Lobby) -> Pace:
    async def run() -> Pace:
        host = lobby.create("pie-rats", ["remote", "bot:normal", "bot:normal"], 5, {})
        host.finished.set()
        return host.driver.clock.pace
    return asyncio.run(run())


def test_a_paced_lobby_gives_its_tables_bots_the_beats_it_was_given() -> None:
    assert _table_pace(Lobby(pace=Pace())) == Pace()


def test_a_lobby_for_bots_alone_lets_them_move_at_once() -> None:
    pace = _table_pace(Lobby())
    assert pace.public == pace.secret == 0.0 and pace.reaction == (0.0, 0.0)


def test_serve_paces_bots_for_people_unless_told_instant() -> None:
    from pie_table.cli.main import build_parser

    parser = build_parser()
    assert parser.parse_args(["serve"]).bot_pace == "human"
    assert parser.parse_args(["serve", "--bot-pace", "instant"]).bot_pace == "instant"
