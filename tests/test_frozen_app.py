"""The frozen one-folder app works where the repository is not: `scripts/build-app.sh` builds it
(PyInstaller), the folder is moved to another place, and the program in it opens the window, plays
each game headless, verifies a save and adds itself to the menu, run from a third folder with no
Python variables set; where the test may (root, `unshare`), once more with the clone and every
Python on the machine hidden under empty folders. The folder carries every asset and the licences
of what it bundles.

Marked `packaging` like tests/test_installed_wheel.py: part of the normal suite (the build takes
some 15-25 s; the first run also installs PyInstaller into the venv, a few seconds more).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_GAMES = [game["id"] for game in json.loads((ROOT / "assets" / "games.json").read_text())["games"]]

pytestmark = pytest.mark.packaging


def _run(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None,
         timeout: float = 600) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(word) for word in command], cwd=cwd, env=env, capture_output=True,
                            text=True, timeout=timeout)
    assert result.returncode == 0, f"{command} exit {result.returncode}:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The built folder, moved away from where it was built; a folder to run it from; a home."""
    work = tmp_path_factory.mktemp("frozen")
    _run(["bash", ROOT / "scripts" / "build-app.sh", "--out", work / "built"], cwd=ROOT)
    moved = work / "elsewhere" / "pie-table"
    shutil.move(work / "built" / "pie-table", moved)
    shutil.rmtree(work / "built")  # PyInstaller's work folder goes too: nothing is left to fall back on
    cwd = work / "cwd"
    cwd.mkdir()
    return {"folder": moved, "cwd": cwd, "home": work / "home"}


def _env(app: dict[str, Path]) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "VIRTUAL_ENV", "PIE_TABLE"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PIE_TABLE_HOME=str(app["home"]),
               XDG_DATA_HOME=str(app["home"] / "share"), PATH="/usr/bin:/bin")
    return env


def _pie_table(app: dict[str, Path], *args: str | Path) -> subprocess.CompletedProcess[str]:
    return _run([app["folder"] / "pie-table", *args], cwd=app["cwd"], env=_env(app))


def test_the_folder_carries_every_asset_and_the_licences(app):
    assets = ROOT / "assets"
    shipped = {p.relative_to(assets).as_posix() for p in assets.rglob("*") if p.is_file()}
    shipped.discard("locale/pie_table.pot")  # the translators' template, never shipped
    inside = app["folder"] / "_internal" / "pie_table" / "assets"
    assert shipped == {p.relative_to(inside).as_posix() for p in inside.rglob("*") if p.is_file()}
    notice = (app["folder"] / "LICENSES" / "NOTICE.md").read_text()
    assert "zeroconf" in notice and "pygame-ce" in notice and "unknown" not in notice
    assert (app["folder"] / "LICENSES" / "zeroconf" / "licenses" / "COPYING").is_file()
    assert (app["folder"] / "pie-table.png").is_file()


def test_the_frozen_program_opens_the_window_and_knows_its_version(app):
    from pie_table import __version__

    assert _pie_table(app, "--version").stdout.strip() == f"pie-table {__version__}"
    _pie_table(app, "--quit-after-first-frame")


@pytest.mark.parametrize("game", _GAMES)
def test_the_frozen_program_plays_each_game_and_verifies_its_save(app, game):
    saves = app["cwd"] / f"saves-{game}"
    result = _pie_table(app, "simulate", game, "--seats", "bot:normal,bot:easy", "--seed", "3",
                        "--save-dir", saves)
    assert json.loads(result.stdout.splitlines()[0])["game"] == game
    (save,) = saves.glob("*.json")
    check = json.loads(_pie_table(app, "replay", save, "--verify").stdout)
    assert check["ok"] is True and check["game"] == game and check["finished"] is True


def test_the_frozen_program_adds_itself_to_the_menu(app):
    _pie_table(app, "--install-desktop-entry")
    entry = app["home"] / "share" / "applications" / "pie-table.desktop"
    assert f"Exec={app['folder'] / 'pie-table'}\n" in entry.read_text()
    assert (app["home"] / "share" / "icons" / "hicolor" / "256x256" / "apps" / "pie-table.png").is_file()


def _can_hide_folders() -> bool:
    """Whether this machine lets the test lay empty folders over others in a private mount namespace
    (root, with `unshare`: CI's container, or a developer's sudo)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _can_hide_folders(), reason="needs root and unshare to hide folders")
def test_the_frozen_program_runs_with_the_repository_and_every_python_hidden(app):
    hidden = {ROOT, Path(sys.prefix), Path(sys.base_prefix), *Path("/usr/lib").glob("python3*"),
              *Path("/usr/local/lib").glob("python3*")}
    # A folder inside another hidden one is gone already (the venv inside the clone).
    outermost = [f for f in sorted(hidden) if f.is_dir() and not any(o in f.parents for o in hidden)]
    mounts = " && ".join(f"mount -t tmpfs none '{folder}'" for folder in outermost)
    save_dir = app["cwd"] / "hidden-saves"
    program = app["folder"] / "pie-table"
    script = (f"{mounts} && test ! -e '{ROOT / 'assets'}' && '{program}' --quit-after-first-frame && "
              f"'{program}' simulate rats --seats bot:normal,bot:easy --save-dir '{save_dir}' && "
              f"'{program}' replay \"$(ls '{save_dir}'/*.json)\" --verify")
    result = _run(["unshare", "-m", "bash", "-c", script], cwd=app["cwd"], env=_env(app))
    assert json.loads(result.stdout.splitlines()[-1])["ok"] is True
