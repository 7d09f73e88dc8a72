"""Bad command lines get one line on stderr and exit code 2, never a traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "no-such-game"],
        ["simulate", "rumble-pie", "--seats", "bot:genius,bot:easy"],
        ["simulate", "rumble-pie", "--seed", "seven"],
        ["arena", "rumble-pie", "--seats", "bot:hard"],
        ["simulate", "rumble-pie", "--seats", "bot:hard,bot:easy", "--teams", "A,B,C"],
        ["simulate", "rumble-pie", "--option", "nonsense=1"],
        ["frobnicate"],
        ["bench"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(args):
    proc = _run(*args)
    assert proc.returncode == 2, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
