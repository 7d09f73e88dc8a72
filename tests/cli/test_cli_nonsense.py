"""Nonsense on the command line (issue 21 item 10): every option is checked against what the seat
screen offers and every path before any work starts; each mistake is one line on stderr and exit
code 2, with nothing played, printed or written. Run in-process to keep the suite fast."""

from __future__ import annotations

import os

import pytest

from pie_table.cli.main import main

# {tmp}: a fresh folder; {file}: a file in it that is not a save; {fifo}: a named pipe in it.
_NONSENSE = [
    # Options: only what the seat screen offers (its choices, its toggles, its text field).
    "simulate pie-rats --option phase6=z",
    "simulate pie-rats --option pies=0",
    "simulate pie-rats --option pies=abc",
    "simulate pie-rats --option pies=999",
    "simulate pie-rats --option reaction_seconds=-3",
    "simulate cheflebrity --option oops=maybe",
    "simulate cheflebrity --option quality_rule=",
    "simulate rats --option vocations=maybe",
    "simulate rats --option ship_name=",
    "simulate rats --option ship_name=" + "x" * 41,
    "simulate rumble-pie --option target=7",
    "simulate rumble-pie --option pause_after_kapow=2",
    "simulate rumble-pie --option target",
    "simulate rumble-pie --option oops=choose",
    "simulate pie-rats --vocations",
    # Counts of games and frames.
    "bench sim rats --games 0",
    "bench sim rats --games -1",
    "simulate rats --games 0",
    "arena rats --games -3",
    "bench frames rats --frames 0",
    # Seats and teams.
    "simulate rats --seats ",
    "simulate rats --seats bot:hard,,bot:easy",
    "simulate rats --seats ,",
    "simulate rumble-pie --seats bot:random,bot:easy",
    "screenshot rumble-pie --seats human:keys1,human:keys1 --out {tmp}/a.png",
    "simulate rumble-pie --seats bot:hard,bot:easy,bot:normal --teams A,,B",
    "simulate rumble-pie --seats bot:hard,bot:easy,bot:normal --teams A,B",
    "simulate rumble-pie --seats bot:hard,bot:easy --teams A,D",
    "simulate rumble-pie --seats bot:hard,bot:easy --teams 0,7",
    "simulate rumble-pie --seats bot:hard,bot:easy --teams ",
    "simulate rats --seats bot:hard,bot:easy --teams A,B",
    # Seeds a save cannot hold.
    "simulate rats --seed -5",
    "simulate rats --seed -5 --save-dir {tmp}/saves",
    "simulate rats --seed 9223372036854775807 --games 2",
    # Paths.
    "simulate rats --save-dir /proc/nope",
    "simulate rats --save-dir {file}",
    "simulate rats --save-dir ",
    "screenshot rats --out {tmp}",
    "screenshot rats --out ",
    "screenshot rats --out {tmp}/shot.txt",
    "screenshot rats --out /proc/nope/shot.png",
    "replay {tmp}/missing.json",
    "replay {tmp}",
    "replay {file}",
    "replay {fifo}",
    "replay {fifo} --verify",
    "replay {tmp} --verify",
    # Moments a screenshot cannot reach, languages and sizes it does not have.
    "screenshot rumble-pie --at inf --out {tmp}/a.png",
    "screenshot rumble-pie --at nan --out {tmp}/a.png",
    "screenshot rumble-pie --at -1 --out {tmp}/a.png",
    "screenshot rumble-pie --at 1e9 --out {tmp}/a.png",
    "screenshot rats --turn 0 --out {tmp}/a.png",
    "screenshot rats --turn -2 --out {tmp}/a.png",
    "screenshot rats --at 5 --turn 2 --out {tmp}/a.png",
    "screenshot rats --lang xx --out {tmp}/a.png",
    "screenshot rats --size 10x10 --out {tmp}/a.png",
    "--size abc",
]


def _argv(line: str, tmp: str) -> list[str]:
    filled = line.format(tmp=tmp, file=f"{tmp}/notes.txt", fifo=f"{tmp}/pipe.json")
    # Split on spaces, keeping an empty value after a flag that ends the line or precedes another flag.
    words = filled.split(" ")
    return [w for i, w in enumerate(words) if w or (i > 0 and words[i - 1].startswith("--"))]


@pytest.mark.parametrize("line", _NONSENSE)
def test_nonsense_exits_2_with_one_line_and_does_nothing(line, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path / "home"))
    (tmp_path / "notes.txt").write_text("not a save", encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.json")
    assert main(_argv(line, str(tmp_path))) == 2
    captured = capsys.readouterr()
    lines = [ln for ln in captured.err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), captured.err
    assert captured.out == ""
    assert not (tmp_path / "saves").exists() or not any((tmp_path / "saves").iterdir())
    assert not list(tmp_path.glob("*.png"))


def test_the_argv_helper_keeps_empty_values():
    assert _argv("simulate rats --seats ", "/t") == ["simulate", "rats", "--seats", ""]
    assert _argv("screenshot rats --out {tmp}", "/t") == ["screenshot", "rats", "--out", "/t"]
