"""`bench idle` runs the app's loop at rest and prints CPU per wall second as its last JSON line."""

import json

from pie_table.cli.main import main


def test_bench_idle_at_the_title_prints_its_json(capsys):
    assert main(["bench", "idle", "--seconds", "0.3"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["where"] == "title"
    assert figures["rested"] is True
    assert figures["cpu_per_wall"] >= 0
    assert set(figures) >= {"seconds", "cpu_s", "frames", "settle_s"}


def test_bench_idle_at_a_table_waits_for_its_human(capsys):
    assert main(["bench", "idle", "rats", "--seconds", "0.3"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (figures["where"], figures["rested"]) == ("rats", True)


def test_bench_idle_needs_a_human_at_a_table(capsys):
    assert main(["bench", "idle", "rats", "--seats", "bot:normal,bot:normal", "--seconds", "0.3"]) == 2
    assert "needs a human seat" in capsys.readouterr().err
