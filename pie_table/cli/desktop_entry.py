"""`pie-table --install-desktop-entry`: a freedesktop menu entry and icon in the user's own folders.

The entry starts the very program that installed it (the pipx or venv script, the frozen app, or
`python main.py` in a clone) by its absolute path, since a desktop's menu does not see the PATH a
shell has. Files go under `$XDG_DATA_HOME` (default `~/.local/share`): `applications/pie-table.desktop`
and the pie drawn by the table's own art code as `icons/hicolor/<size>/apps/pie-table.png`.
"""

from __future__ import annotations

import gettext
import os
import shutil
import sys
from pathlib import Path

from pie_table.kit.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, N_

ENTRY_NAME = "pie-table"
_ICON_SIZES = (48, 64, 128, 256)
_GENERIC_NAME = N_("Card table")
_COMMENT = N_("Pie-themed card and dice games: on one couch, against bots or across machines")


def data_home() -> Path:
    """`$XDG_DATA_HOME`, or `~/.local/share` when it is unset or not absolute (as the spec says)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def entry_path(home: Path) -> Path:
    """Where the menu entry goes."""
    return home / "applications" / f"{ENTRY_NAME}.desktop"


def icon_paths(home: Path) -> dict[int, Path]:
    """Where each size of the icon goes (the hicolor theme every desktop falls back to)."""
    return {size: home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{ENTRY_NAME}.png"
            for size in _ICON_SIZES}


def launch_command(argv0: str | None = None, python: str | None = None) -> list[str]:
    """The command that starts this same program again (`argv0` and `python` default to this
    process's), with absolute paths."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    python = sys.executable if python is None else python
    path = Path(argv0)
    if path.name == "__main__.py":  # python -m pie_table
        return [python, "-m", "pie_table"]
    if path.suffix == ".py":  # python main.py, in a clone
        return [python, str(path.resolve())]
    # A console script (pip, pipx) or the frozen app's own executable.
    # abspath, not resolve: pipx's ~/.local/bin link stays the link it keeps up to date.
    found = shutil.which(argv0) if os.sep not in argv0 else argv0
    return [os.path.abspath(found or argv0)]


def _exec_quoted(word: str) -> str:
    """One argument of a desktop entry's Exec key, quoted when it must be (the spec's rules)."""
    if word and not any(c in word for c in ' \t\n"\'\\><~|&;$*?#()`%'):
        return word
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in word).replace("%", "%%")
    return f'"{escaped}"'


def _escape_value(text: str) -> str:
    """A desktop entry string value (backslashes, newlines and tabs escaped)."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def _translated(key: str, text: str) -> list[str]:
    """`key=text` and a `key[lang]=...` line for each language whose catalogue translates it."""
    lines = [f"{key}={_escape_value(text)}"]
    for code in (code for code in LANGUAGES if code != "en"):  # English is the source text
        own = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True).gettext(text)
        if own != text:
            lines.append(f"{key}[{code}]={_escape_value(own)}")
    return lines


def entry_text(command: list[str]) -> str:
    """The `.desktop` file that starts `command`."""
    from pie_table.kit.app import TITLE, WINDOW_CLASS

    # Quoting first, then the string escapes on top of it, in the order the spec reads them.
    exec_line = _escape_value(" ".join(_exec_quoted(word) for word in command))
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",  # the newest the Debian validator knows
        f"Name={TITLE}",
        *_translated("GenericName", _GENERIC_NAME),
        *_translated("Comment", _COMMENT),
        f"Exec={exec_line}",
        f"Icon={ENTRY_NAME}",
        "Terminal=false",
        "Categories=Game;CardGame;BoardGame;",
        "Keywords=cards;dice;pie;board game;hot-seat;",
        # The window's class (kit.app sets it), so docks group the window under this entry.
        f"StartupWMClass={WINDOW_CLASS}",
    ]
    return "\n".join(lines) + "\n"


def write_icon(path: Path, size: int) -> None:
    """The table's pie, `size` pixels square, as a PNG file."""
    import pygame

    from pie_table.kit import art

    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(art.pie_icon(size), str(path))


def install(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the menu entry and its icons; returns the files written."""
    home = data_home() if home is None else home
    written = []
    for size, path in icon_paths(home).items():
        write_icon(path, size)
        written.append(path)
    entry = entry_path(home)
    entry.parent.mkdir(parents=True, exist_ok=True)
    temporary = entry.with_suffix(".tmp")
    temporary.write_text(entry_text(launch_command() if command is None else command), encoding="utf-8")
    temporary.replace(entry)  # a menu watching the folder never reads half a file
    written.append(entry)
    return written


def remove(home: Path | None = None) -> list[Path]:
    """Delete the menu entry and its icons; returns the files that were there."""
    home = data_home() if home is None else home
    removed = []
    for path in [entry_path(home), *icon_paths(home).values()]:
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed
