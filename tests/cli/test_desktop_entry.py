"""`pie-table --install-desktop-entry` puts a menu entry and its icon in the user's own data folder
(`$XDG_DATA_HOME`), starting the same program by its absolute path; `--version` prints the version."""

import configparser
import shutil
import subprocess
import sys

import pygame
import pytest

from pie_table import __version__
from pie_table.cli import desktop_entry
from pie_table.cli.main import main


def _entry(path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment, method-assign]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_install_writes_the_entry_and_icons_under_xdg_data_home(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["--install-desktop-entry"]) == 0
    entry = tmp_path / "applications" / "pie-table.desktop"
    assert f"wrote {entry}" in capsys.readouterr().out
    fields = _entry(entry)
    assert fields["Type"] == "Application" and fields["Icon"] == "pie-table"
    assert fields["Name"] == "pie_table" and "Game;" in fields["Categories"]
    assert fields["Comment[es]"] and fields["Comment[es]"] != fields["Comment"]
    assert desktop_entry.icon_paths(tmp_path)[256] == tmp_path / "icons/hicolor/256x256/apps/pie-table.png"
    for size in (48, 256):
        icon = pygame.image.load(str(desktop_entry.icon_paths(tmp_path)[size]))
        assert icon.get_size() == (size, size)


def test_the_entry_passes_the_freedesktop_validator_when_it_is_there(tmp_path):
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        pytest.skip("desktop-file-validate (Debian: desktop-file-utils) is not installed")
    desktop_entry.install(tmp_path, ["/opt/pie table/bin/pie-table"])
    entry = desktop_entry.entry_path(tmp_path)
    result = subprocess.run([validator, str(entry)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout == "", result.stdout


def test_remove_takes_away_what_install_wrote(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    written = desktop_entry.install()
    assert main(["--remove-desktop-entry"]) == 0
    assert not any(path.exists() for path in written)
    assert main(["--remove-desktop-entry"]) == 0
    assert "no menu entry to remove" in capsys.readouterr().out


def test_a_relative_xdg_data_home_is_ignored_as_the_spec_says(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    assert desktop_entry.data_home() == tmp_path / ".local" / "share"


def test_the_entry_starts_the_program_that_installed_it(tmp_path):
    script = tmp_path / "bin" / "pie-table"
    assert desktop_entry.launch_command(str(script), "/usr/bin/python3") == [str(script)]
    assert desktop_entry.launch_command("main.py", "/v/python")[0] == "/v/python"
    assert desktop_entry.launch_command("main.py", "/v/python")[1].endswith("/main.py")
    as_module = desktop_entry.launch_command("/x/pie_table/__main__.py", "/v/python")
    assert as_module == ["/v/python", "-m", "pie_table"]


def test_exec_quotes_spaces_and_doubles_percent_signs():
    text = desktop_entry.entry_text(["/opt/pie table/pie-table", "100%"])
    assert 'Exec="/opt/pie table/pie-table" "100%%"\n' in text


def test_version_prints_the_package_version():
    result = subprocess.run([sys.executable, "-m", "pie_table", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == f"pie-table {__version__}"


def test_a_folder_that_cannot_be_written_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    (tmp_path / "applications").write_text("a file where the folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["--install-desktop-entry"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot write the menu entry:") and err.count("\n") == 1
