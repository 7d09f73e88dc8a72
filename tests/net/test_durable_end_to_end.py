"""Issue 34's "done when" as one run (`durable_scenario`, its short form: one table of each game):
two `serve` processes on one PostgreSQL store behind nginx, windows and headless players through
its one address, the first process killed with -9 mid-game and started again; every table is
resumed, every game finishes, nothing a window was told was taken is lost."""

from __future__ import annotations

import pytest

from tests.net.durable_scenario import run
from tests.net.postgres_server import fresh_database

pytestmark = pytest.mark.long  # tens of seconds in all: run first (tests/conftest.py)


def test_a_killed_serve_behind_nginx_loses_nothing_and_every_game_finishes(postgres_url: str) -> None:
    figures = run(fresh_database(postgres_url), short=True)
    assert figures["window_moves_lost"] == {"pie-rats#0": [], "cheflebrity#0": []}
