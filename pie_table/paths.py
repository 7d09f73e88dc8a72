"""Where things live: the project's assets, and the per-user folders for settings, saves and statistics.

Per-user folders follow the platform's conventions (platformdirs); the environment variable
`PIE_TABLE_HOME`, when set, puts every per-user file under that one folder instead (tests and
portable installs). Folders are created when a file is first written, never at import.
Pure Python: the CLI and the engines' tools may use it without pygame.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "pie_table"
HOME_VARIABLE = "PIE_TABLE_HOME"


def _find_assets() -> Path:
    # An installed wheel and the frozen app carry the repository's top-level assets/ inside the
    # package (setup.py and scripts/build-app.sh put it there); a clone or an editable install
    # keeps them beside the package. A real folder, not an importlib.resources Traversable: fonts,
    # sounds, layouts and catalogues are opened by file name (pygame, pytmx, gettext).
    package = Path(__file__).resolve().parent
    inside = package / "assets"
    return inside if inside.is_dir() else package.parent / "assets"


_ASSETS = _find_assets()


def assets_dir(*parts: str) -> Path:
    """The shipped assets folder (or a path inside it)."""
    return _ASSETS.joinpath(*parts)


def _home() -> Path | None:
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    """Settings and key bindings."""
    home = _home()
    if home is not None:
        return home / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """Saves, statistics and players."""
    home = _home()
    if home is not None:
        return home / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """Saved games, one file each."""
    return data_dir() / "saves"


def seat_replays_dir() -> Path:
    """Replays of games played at a seat of a table hosted elsewhere (what that seat saw)."""
    return data_dir() / "seat-replays"
