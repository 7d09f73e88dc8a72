"""`simulate --save-dir` writes saves; `replay FILE --verify` checks them with the promised exit codes."""

import json
import subprocess
import sys
from pathlib import Path

from pie_table.cli.main import main
from pie_table.core.registry import get_game

ROOT = Path(__file__).resolve().parents[2]


def _lines(capsys) -> list[dict]:
    return [json.loads(ln) for ln in capsys.readouterr().out.splitlines() if ln.strip()]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)


def test_simulated_games_save_and_replay_to_the_same_hash(tmp_path, capsys):
    assert main(["simulate", "rats", "--seats", "bot:hard,bot:easy", "--games", "2", "--seed", "5",
                 "--save-dir", str(tmp_path)]) == 0
    games = _lines(capsys)
    assert len(games) == 2 and all(Path(g["save"]).exists() for g in games)
    assert main(["simulate", "rumble-pie", "--seats", "bot:hard,bot:easy", "--option", "target=10",
                 "--save-dir", str(tmp_path)]) == 0
    games += _lines(capsys)
    for game in games:
        assert main(["replay", game["save"], "--verify"]) == 0
        line = _lines(capsys)[-1]
        assert line["ok"] and line["game"] == game["game"] and line["actions"] > 10
        assert len(line["state_hash"]) == 16


def test_replay_without_verify_prints_the_games_summary(tmp_path, capsys):
    assert main(["simulate", "pie-rats", "--seats", "bot:hard,bot:easy,bot:normal", "--seed", "3",
                 "--option", "pies=8", "--option", "phase6=C", "--save-dir", str(tmp_path)]) == 0
    played = _lines(capsys)[0]
    assert main(["replay", played["save"]]) == 0
    summary = _lines(capsys)[-1]
    assert summary["game"] == "pie-rats" and summary["title"] == "Pie Rats"
    assert summary["seats"] == ["bot:hard", "bot:easy", "bot:normal"] and summary["seed"] == 3
    defaults = {option.key: option.default for option in get_game("pie-rats").options}
    assert summary["options"] == {**defaults, "phase6": "c", "pies": 8}
    assert summary["finished"] is True and summary["actions"] == played["actions"]
    assert summary["scores"] == played["scores"] and summary["winning_seats"] == played["winning_seats"]
    # An unfinished game says so, and names no winner.
    data = json.loads(Path(played["save"]).read_text())
    data["log"] = data["log"][:20]
    del data["state_hash"]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data))
    assert main(["replay", str(cut)]) == 0
    summary = _lines(capsys)[-1]
    assert summary["finished"] is False and summary["actions"] == 20 and "winner" not in summary


def test_a_save_that_does_not_replay_exits_1(tmp_path, capsys):
    main(["simulate", "rats", "--seats", "bot:normal,bot:easy", "--save-dir", str(tmp_path)])
    path = Path(_lines(capsys)[0]["save"])
    data = json.loads(path.read_text())
    data["log"][1][1]["type"] = "nonsense"
    path.write_text(json.dumps(data))
    out = _run("replay", str(path), "--verify")
    assert out.returncode == 1
    assert json.loads(out.stdout.strip().splitlines()[-1])["ok"] is False
    assert "action 2 is refused" in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_unreadable_and_foreign_files_exit_2_with_one_line(tmp_path):
    cut = tmp_path / "cut.json"
    cut.write_text('{"format": "pie_table-save", "version": 1, "ga')
    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"name": "a settings file"}')
    for path in (cut, foreign, tmp_path / "missing.json"):
        out = _run("replay", str(path), "--verify")
        assert out.returncode == 2, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_screenshots_and_frame_benchmarks_leave_no_saved_games(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    assert main(["screenshot", "rats", "--seats", "bot:hard,bot:easy", "--turn", "2",
                 "--out", str(tmp_path / "r.png")]) == 0
    assert main(["bench", "frames", "rats", "--seats", "bot:hard,bot:easy", "--frames", "120"]) == 0
    assert not (tmp_path / "data" / "saves").exists() or not any((tmp_path / "data" / "saves").iterdir())
