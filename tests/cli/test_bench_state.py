"""`bench state GAME` plays a bot game per seed and prints a clone's time and the state's size at
move 10 and at the end, for every game (Rumble Pie, real time, included)."""

import json

import pytest

from pie_table.cli.main import main


@pytest.mark.parametrize("game", ["rumble-pie", "rats", "pie-rats", "cheflebrity"])
def test_bench_state_prints_the_figures_of_each_game(capsys, game):
    assert main(["bench", "state", game, "--games", "1"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["game"] == game and figures["games"] == 1
    (row,) = figures["rows"]
    assert row["actions"] > 10  # played past move 10 to the end
    assert all(us > 0 for us in row["clone_us"]) and all(size > 0 for size in row["json_bytes"])
