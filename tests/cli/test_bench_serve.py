"""`bench serve` holds N tables of bots in one lobby, as `serve` does, and prints one JSON line of
figures per count: CPU per wall second, the event loop's lag, and (real time) ticks a second."""

import json

from pie_table.cli.main import main


def _lines(capsys) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.strip().splitlines()]


def test_bench_serve_runs_real_time_tables_at_their_tick_rate(capsys):
    assert main(["bench", "serve", "rumble-pie", "--tables", "1", "--tables", "2",
                 "--seconds", "0.5", "--warmup", "0.1"]) == 0
    first, second = _lines(capsys)
    assert (first["tables"], second["tables"]) == (1, 2)
    # Tables that ran: a 60 Hz table logs a tick every 1/60 s (the bound leaves room for a busy machine).
    assert second["ticks_per_s_min"] > 10
    assert second["actions_per_table_per_s"] > 0
    assert second["cpu_per_wall_s"] >= 0 and second["loop_lag_ms_p99"] is not None


def test_bench_serve_plays_turn_based_tables_at_the_tables_pace(capsys):
    assert main(["bench", "serve", "rats", "--tables", "2", "--seconds", "1.5", "--warmup", "0.1"]) == 0
    (figures,) = _lines(capsys)
    assert figures["game"] == "rats" and "ticks_per_s_min" not in figures
    assert figures["actions_per_table_per_s"] > 0  # the bots moved at the serve's human beat


def test_bench_serve_refuses_an_unknown_game_and_no_tables(capsys):
    assert main(["bench", "serve", "chess", "--tables", "1"]) == 2
    assert "unknown game: chess" in capsys.readouterr().err
    assert main(["bench", "serve", "rats", "--tables", "0"]) == 2
    assert capsys.readouterr().err == "error: --tables must be from 1 to 1000, not 0\n"


def test_bench_serve_floods_the_list_from_one_address_and_prints_what_the_tables_kept(capsys):
    assert main(["bench", "serve", "rumble-pie", "--tables", "1", "--seconds", "1", "--warmup", "0.2",
                 "--flood", "2", "--listed", "120"]) == 0
    (figures,) = _lines(capsys)
    assert figures["flood_connections"] == 2 and figures["listed"] == 120
    assert figures["flood_lists_per_s"] > 0 and figures["ping_ms_p50"] is not None
    # However many lists are asked, the listing is built at most once a build interval.
    assert figures["list_builds"] <= figures["seconds"] / 0.1 + 2
    assert figures["ticks_per_s_min"] > 10  # the table ran (its figure is printed, not held to 60)
    assert main(["bench", "serve", "rats", "--flood", "-1"]) == 2


def test_bench_serve_with_a_store_times_its_writes_and_resumes_every_unfinished_table(capsys, tmp_path):
    store = str(tmp_path / "bench.sqlite3")
    assert main(["bench", "serve", "rumble-pie", "--tables", "2", "--seconds", "0.5", "--warmup", "0.1",
                 "--store", store]) == 0
    (figures,) = _lines(capsys)
    assert figures["store_writes"] >= 2 and figures["write_us_p50"] is not None
    # Every table was written as it played (ticks by the half second), and all come back.
    assert figures["resumed_tables"] == 2 and figures["resumed_actions"] > 0
    assert figures["resume_s"] >= 0
