"""The headless command contract: JSON lines with the promised keys, PNGs that exist."""

import json

import pygame
import pytest

from pie_table.cli.main import main


def _lines(capsys) -> list[str]:
    return [ln for ln in capsys.readouterr().out.splitlines() if ln.strip()]


def test_simulate_rumble_pie_prints_one_json_per_game(capsys):
    assert main(["simulate", "rumble-pie", "--seats", "bot:hard,bot:easy", "--seed", "7", "--games", "2",
                 "--option", "target=10"]) == 0
    games = [json.loads(ln) for ln in _lines(capsys)]
    assert [g["seed"] for g in games] == [7, 8]
    for g in games:
        assert g["game"] == "rumble-pie" and len(g["scores"]) == 2 and g["rounds"] >= 1
        assert g["winner"] in (0, 1) and max(g["scores"]) >= 5
        assert g["scores"][g["winner"]] == max(g["scores"])


def test_simulate_is_deterministic_for_a_seed(capsys):
    args = ["simulate", "rats", "--seats", "bot:hard,bot:easy,bot:normal", "--seed", "3"]
    main(args)
    first = _lines(capsys)
    main(args)
    assert _lines(capsys) == first
    game = json.loads(first[0])
    assert game["game"] == "rats" and len(game["awards"]) == 3 and len(game["goals"]) == 5
    assert game["winner"] in range(3)


def test_arena_last_line_has_win_rate_per_spec(capsys):
    assert main(["arena", "rats", "--seats", "bot:hard,bot:random", "--games", "6", "--seed", "1"]) == 0
    last = json.loads(_lines(capsys)[-1])
    assert set(last["win_rate"]) == {"bot:hard", "bot:random"}
    assert sum(last["win_rate"].values()) + last["undecided"] / 6 == pytest.approx(1.0)
    for spec, (low, high) in last["win_rate_95"].items():
        assert 0 <= low <= last["win_rate"][spec] <= high <= 1
    assert "thinking" not in last  # no bot searched


def test_arena_reports_what_an_experts_decisions_took(capsys):
    from pie_table.games.pie_rats import expert

    assert main(["arena", "pie-rats", "--seats", "bot:expert,bot:normal", "--games", "1", "--seed", "2"]) == 0
    lines = _lines(capsys)
    thinking = json.loads(lines[-1])["thinking"]
    assert list(thinking) == ["bot:expert"]
    figures = thinking["bot:expert"]
    # Each decision's playouts are the budget's over its phase's length: the mean lies between.
    lengths = [*expert._LENGTHS.values(), expert._REFILL]
    counts = [round(expert.BUDGET.playouts / length) for length in lengths]
    assert figures["decisions"] > 10 and min(counts) < figures["playouts_per_decision"] < max(counts)
    assert figures["playouts_per_decision"] != expert.BUDGET.playouts  # (not the budget's at every one)
    assert 0 < figures["cpu_ms_p50"] <= figures["cpu_ms_p99"] and 0 < figures["ms_p50"] <= figures["ms_p99"]
    assert any("searched decisions" in line and "bot:expert" in line for line in lines)


def test_bench_frames_paced_counts_the_frames_drawn_while_an_expert_thinks(capsys):
    assert main(["bench", "frames", "pie-rats", "--seats", "bot:expert,bot:normal", "--seed", "2",
                 "--frames", "120", "--paced"]) == 0
    figures = json.loads(_lines(capsys)[-1])
    assert figures["frames"] == 120 and figures["frames_while_thinking"] >= 0
    if figures["frames_while_thinking"]:  # a machine may be quick enough to answer within a frame
        assert figures["fps_while_thinking"] > 0 and figures["gap_ms_p99_while_thinking"] > 0


def test_bench_sim_reports_speed(capsys):
    args = ["--seats", "bot:hard,bot:easy", "--seed", "4", "--option", "target=10"]
    assert main(["bench", "sim", "rumble-pie", *args, "--games", "3"]) == 0
    figures = json.loads(_lines(capsys)[-1])
    # The game time benchmarked is exactly that of the same three games simulated one by one.
    assert main(["simulate", "rumble-pie", *args, "--games", "3"]) == 0
    games = [json.loads(line) for line in _lines(capsys)]
    assert figures["games"] == 3
    assert figures["game_seconds"] == pytest.approx(sum(g["game_seconds"] for g in games), abs=0.1)
    assert figures["speedup"] == pytest.approx(figures["game_seconds"] / figures["wall_seconds"], rel=0.01)


@pytest.mark.parametrize("game,when", [("rumble-pie", ["--at", "5"]), ("rats", ["--turn", "2"])])
def test_screenshot_writes_a_png_of_the_requested_size(tmp_path, capsys, game, when):
    out = tmp_path / f"{game}.png"
    seats = "bot:hard,bot:normal,bot:easy,bot:hard"
    assert main(["screenshot", game, "--seats", seats, "--seed", "3", *when, "--out", str(out),
                 "--size", "1024x576"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 576)
    # Not a blank frame: a table has many colours.
    colours = {image.get_at((x, y))[:3] for x in range(0, 1024, 37) for y in range(0, 576, 29)}
    assert len(colours) > 20


def test_a_rats_screenshot_shows_the_sheet_as_it_settles_not_a_frame_put_off(tmp_path, monkeypatch, capsys):
    """The RATS table may leave the sheet's repaint to the next frame; the shot waits for it (a
    shot at turn 3 showed Rat 1's sheet from turn 2: the wrong Host, 1 sword instead of 9)."""
    from pie_table.cli import headless_app

    seen = []
    real_make = headless_app.make_table

    def make_table(*args, **kwargs):
        app, scene = real_make(*args, **kwargs)
        seen.append(scene)
        return app, scene

    monkeypatch.setattr(headless_app, "make_table", make_table)
    out = tmp_path / "rats.png"
    assert main(["screenshot", "rats", "--seats", "human:mouse,bot:easy,bot:normal", "--turn", "3",
                 "--out", str(out)]) == 0
    assert seen and seen[0].painter._later is None
