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
