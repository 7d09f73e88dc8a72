"""Command lines that used to raise a traceback or run forever: each is one exact line on stderr
and exit code 2, before anything listens, plays or is written."""

from __future__ import annotations

import pytest

from pie_table.cli.main import main

_LONG = "x" * 300

_REFUSED = [
    ("serve --port 65536", "--port must be from 0 to 65535, not 65536"),
    ("serve --port -1", "--port must be from 0 to 65535, not -1"),
    (f"screenshot rats --out {{tmp}}/{_LONG}.png", "--out: a file name may be at most 255 bytes, not 304"),
    ("bench net-latency --delay inf", "--delay must be from 0 and at most 1000, not inf"),
    ("bench net-latency --delay -5", "--delay must be from 0 and at most 1000, not -5.0"),
    ("bench net-latency --seconds 0", "--seconds must be above 0 and at most 3600, not 0.0"),
    ("bench net-latency --seconds -1", "--seconds must be above 0 and at most 3600, not -1.0"),
    ("bench net-latency --seconds nan", "--seconds must be above 0 and at most 3600, not nan"),
    ("bench serve rats --seconds inf", "--seconds must be above 0 and at most 3600, not inf"),
    ("bench serve rats --seconds nan", "--seconds must be above 0 and at most 3600, not nan"),
    ("bench serve rats --warmup inf", "--warmup must be from 0 and at most 3600, not inf"),
    ("bench serve rats --tables 100000000000000000000000",
     "--tables must be from 1 to 1000, not 100000000000000000000000"),
    ("bench serve rats --tables 0", "--tables must be from 1 to 1000, not 0"),
    ("simulate rats --seats bot:easy,bot:easy --over-network --save-dir {tmp}/saves",
     "--save-dir is not taken with --over-network: the game is played for its figures only"),
    ("serve --table rumble-pie:remote,bot:random",
     "--table 'rumble-pie:remote,bot:random': rumble-pie has no random bots; its levels: easy, normal, hard"),
    ("serve --table rats:remote,human",
     "--table 'rats:remote,human': seat 2 is 'human'; a serve seat is remote or a bot"),
    ("serve --table rumble-pie:remote,human:keys1",
     "--table 'rumble-pie:remote,human:keys1': seat 2 is 'human:keys1'; a serve seat is remote or a bot"),
    ("serve --table chess:remote,remote", "--table 'chess:remote,remote': unknown game 'chess'"),
    ("serve --table rats", "--table 'rats': name every seat, e.g. rats:remote,bot:normal"),
    ("serve --table rats:remote", "--table 'rats:remote': rats takes 2-6 seats, not 1"),
]


@pytest.mark.parametrize(("line", "said"), _REFUSED)
def test_a_command_line_out_of_range_is_one_exact_line_and_exit_2(line, said, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path / "home"))
    assert main(line.format(tmp=tmp_path).split(" ")) == 2
    captured = capsys.readouterr()
    assert captured.err == f"error: {said}\n" and captured.out == ""
    assert not (tmp_path / "saves").exists() and not list(tmp_path.glob("*.png"))
