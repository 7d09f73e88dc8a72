"""Headless pygame for every test: the dummy drivers must be set before pygame is imported."""

import os
import tempfile
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Autosaves, settings and statistics written by tests go to a throw-away folder, never the user's own.
os.environ["PIE_TABLE_HOME"] = tempfile.mkdtemp(prefix="pie_table_tests_")

# Every view the rules keep is checked to stay as it was built (no caller changes it, no list of
# the state shows through it): see `GameRules.check_views`.
from pie_table.core.engine import GameRules  # noqa: E402

GameRules.check_views = True


@pytest.fixture(autouse=True)
def _views_checked_unless_marked(request: pytest.FixtureRequest) -> Iterator[None]:
    """Long random games (thousands of views each) skip the view check: it compares every kept view
    with its first picture at each move, which grows with the log; tests/core/test_view_cache.py
    checks every game's views on their own. (No `monkeypatch` here: an autouse fixture asking for it
    would undo every test's own patches only after that test's other fixtures were torn down.)"""
    if request.node.get_closest_marker("views_unchecked") is None:
        yield
        return
    GameRules.check_views = False
    try:
        yield
    finally:
        GameRules.check_views = True
