"""scripts/setup-env.sh on a fresh machine: one line per step, pip's own progress on the first
install (not --quiet), nothing on a run with nothing to do, and one clear line when Python's venv
module is missing. Run against a stand-in python that records what it is asked."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A stand-in for python3: `-c` checks pass unless told, `-m venv DIR` makes DIR/bin/python (this
# same script), `-m pip ...` records its arguments (and prints a line as pip would for the install).
_FAKE = """#!/usr/bin/env bash
if [ "$1" = "-c" ]; then
  case "$2" in *venv*) [ -z "$NO_VENV" ] ;; *) exit 0 ;; esac
  exit $?
fi
if [ "$1 $2" = "-m venv" ]; then mkdir -p "$3/bin"; cp "$0" "$3/bin/python"; exit 0; fi
if [ "$1 $2" = "-m pip" ]; then
  echo "pip $*" >> "$CALLS"
  case " $* " in *" -e "*) echo "Collecting pygame-ce" ;; esac
  exit 0
fi
exit 3
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "setup-env.sh", tmp_path / "scripts" / "setup-env.sh")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    fake = tmp_path / "python3"
    fake.write_text(_FAKE, encoding="utf-8")
    fake.chmod(0o755)
    return tmp_path


def _run(project: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHON": str(project / "python3"), "CALLS": str(project / "calls"), **env}
    return subprocess.run(["bash", str(project / "scripts" / "setup-env.sh")], capture_output=True,
                          text=True, env=full, timeout=60, check=False)


def test_the_first_run_says_each_step_and_shows_pips_progress(project: Path) -> None:
    first = _run(project)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines() == [
        f"pie_table: creating .venv with {project / 'python3'} (first run only)",
        "pie_table: updating pip in .venv",
        "pie_table: installing pie_table and its packages into .venv (first run: about 20 packages from the "
        "package index, a minute or two)",
        "Collecting pygame-ce",
        "pie_table: ready",
    ]
    install = (project / "calls").read_text(encoding="utf-8").splitlines()[-1]
    assert "-e" in install and "--quiet" not in install  # pip's own lines are shown
    again = _run(project)
    assert again.returncode == 0 and again.stdout == ""  # nothing to do: nothing said


def test_a_python_without_its_venv_module_is_one_line_saying_what_to_install(project: Path) -> None:
    result = _run(project, NO_VENV="1")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == ("pie_table: Python's venv module is missing: install it "
                             "(Debian, Ubuntu: sudo apt install python3-venv)\n")
