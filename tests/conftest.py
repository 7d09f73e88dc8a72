"""Headless pygame for every test: the dummy drivers must be set before pygame is imported."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Autosaves, settings and statistics written by tests go to a throw-away folder, never the user's own.
os.environ["PIE_TABLE_HOME"] = tempfile.mkdtemp(prefix="pie_table_tests_")

# Every view the rules keep is checked to stay as it was built (no caller changes it, no list of
# the state shows through it): see `GameRules.check_views`.
from pie_table.core.engine import GameRules  # noqa: E402

GameRules.check_views = True

import pytest  # noqa: E402

from pie_table.kit.text import set_interface_size  # noqa: E402


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first (the builds marked `packaging`, then files marked `long`), the rest
    in their order: with a file's tests on one worker (`--dist loadfile`), a long file started
    last kept one worker busy while the others stood idle at the end of the run (the frozen
    app's, collected last, builds for a minute or more)."""

    def rank(item: pytest.Item) -> int:
        return 0 if item.get_closest_marker("packaging") else 1 if item.get_closest_marker("long") else 2

    items.sort(key=rank)  # a stable sort: each file's tests stay in their order


@pytest.fixture(autouse=True)
def _interface_size_at_100():  # type: ignore[no-untyped-def]
    """Every test starts at the default interface size, whatever a test before it on the same
    worker left (an App reads the size from its home's settings; a test that failed midway never
    set it back): a layout test at 100% failed one run in a few, by the order tests fell in."""
    set_interface_size(100)
