"""pie_table: a desktop card table for pie-themed tabletop games."""

import os

# pygame prints a banner on import; a game should start quietly.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
