"""A player's install works: the sdist and the wheel built from it carry every asset, and the
`pie-table` command installed from that wheel into a fresh venv outside the repository opens the
window, plays each game headless and verifies a save, run from a folder that is not the repository.

Marked `packaging` (pyproject.toml): it runs in the normal suite, and `-m "not packaging"` leaves it
out when iterating on something else. It takes some 15 s: the dependencies come from pip's cache and
the same indexes `scripts/setup-env.sh` installs from (pip's own configuration).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# What a build reads; copied to a temporary folder so the build never sees (or leaves) the clone's
# build/ folder, whose leftovers setuptools would put into the wheel.
_SOURCES = ("pie_table", "assets", "setup.py", "pyproject.toml", "MANIFEST.in", "README.md", "LICENSE")
_GAMES = [game["id"] for game in json.loads((ROOT / "assets" / "games.json").read_text())["games"]]

pytestmark = pytest.mark.packaging


def _run(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None,
         timeout: float = 300) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(word) for word in command], cwd=cwd, env=env, capture_output=True,
                            text=True, timeout=timeout)
    assert result.returncode == 0, f"{command} exit {result.returncode}:\n{result.stdout}\n{result.stderr}"
    return result


def _pip(venv_python: Path, *args: str | Path) -> list[str | Path]:
    # The test's own pip installs into the fresh venv (`--python`), so the venv needs no pip of its own.
    return [sys.executable, "-m", "pip", "--python", venv_python, "--disable-pip-version-check", *args]


def _assets() -> set[str]:
    skip = {"assets/locale/pie_table.pot"}  # the translators' template, never shipped
    return {path.relative_to(ROOT).as_posix() for path in (ROOT / "assets").rglob("*")
            if path.is_file() and "__pycache__" not in path.parts} - skip


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A fresh venv with pie-table installed from a wheel built from an sdist of this tree."""
    work = tmp_path_factory.mktemp("install")
    source = work / "source"
    source.mkdir()
    for name in _SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    venv = work / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=work)
    python = venv / "bin" / "python"
    # The build backend pyproject.toml asks for, in the venv: the wheel is then built without a
    # second throw-away environment (--no-build-isolation).
    _run(_pip(python, "install", "--quiet", "setuptools>=77"), cwd=work)
    dist = work / "dist"
    _run([python, "-c", f"from setuptools import build_meta; build_meta.build_sdist({str(dist)!r})"],
         cwd=source)
    (sdist,) = dist.glob("*.tar.gz")
    _run(_pip(python, "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", dist, sdist), cwd=work)
    (wheel,) = dist.glob("*.whl")
    _run(_pip(python, "install", "--quiet", wheel), cwd=work)
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    return {"venv": venv, "sdist": sdist, "wheel": wheel, "cwd": elsewhere, "home": work / "home"}


def _env(installed: dict[str, Path]) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PIE_TABLE_HOME=str(installed["home"]),
               XDG_DATA_HOME=str(installed["home"] / "share"))
    return env


def _pie_table(installed: dict[str, Path], *args: str | Path) -> subprocess.CompletedProcess[str]:
    return _run([installed["venv"] / "bin" / "pie-table", *args], cwd=installed["cwd"], env=_env(installed))


def test_the_sdist_and_the_wheel_carry_every_asset(installed):
    with tarfile.open(installed["sdist"]) as sdist:
        in_sdist = {member.name.split("/", 1)[1] for member in sdist.getmembers() if member.isfile()}
    with zipfile.ZipFile(installed["wheel"]) as wheel:
        in_wheel = {name.removeprefix("pie_table/") for name in wheel.namelist()}
    assert _assets() <= in_sdist
    assert _assets() <= in_wheel


def test_the_installed_package_reads_its_own_assets_not_the_clones(installed):
    code = "import pie_table.paths as p; print(p.__file__); print(p.assets_dir())"
    python = installed["venv"] / "bin" / "python"
    result = _run([python, "-c", code], cwd=installed["cwd"], env=_env(installed))
    module, assets = result.stdout.split()
    site = str(installed["venv"])
    assert module.startswith(site) and assets.startswith(site) and assets.endswith("pie_table/assets")


def test_the_installed_command_opens_the_window_and_knows_its_version(installed):
    from pie_table import __version__

    assert _pie_table(installed, "--version").stdout.strip() == f"pie-table {__version__}"
    _pie_table(installed, "--quit-after-first-frame")
    module = _run([installed["venv"] / "bin" / "python", "-m", "pie_table", "--version"],
                  cwd=installed["cwd"], env=_env(installed))
    assert module.stdout.strip() == f"pie-table {__version__}"


@pytest.mark.parametrize("game", _GAMES)
def test_the_installed_command_plays_each_game_and_verifies_its_save(installed, game):
    saves = installed["cwd"] / f"saves-{game}"
    result = _pie_table(installed, "simulate", game, "--seats", "bot:normal,bot:easy", "--seed", "3",
                        "--save-dir", saves)
    assert json.loads(result.stdout.splitlines()[0])["game"] == game
    (save,) = saves.glob("*.json")
    check = json.loads(_pie_table(installed, "replay", save, "--verify").stdout)
    assert check["ok"] is True and check["game"] == game and check["finished"] is True


def test_the_installed_command_adds_itself_to_the_menu(installed):
    _pie_table(installed, "--install-desktop-entry")
    entry = installed["home"] / "share" / "applications" / "pie-table.desktop"
    assert f"Exec={installed['venv'] / 'bin' / 'pie-table'}\n" in entry.read_text()
