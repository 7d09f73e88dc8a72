"""The one warm palette every screen draws from (RGB tuples). Change a colour here, not in a scene."""

from __future__ import annotations

# Table and chrome
FELT = (46, 84, 62)  # green baize of the table
FELT_DARK = (32, 60, 44)
FELT_LIGHT = (66, 110, 82)
WOOD = (120, 72, 40)  # table rim, panels
WOOD_DARK = (84, 48, 26)
WOOD_LIGHT = (164, 108, 62)
CREAM = (250, 240, 214)  # card faces, paper sheets
PAPER = (244, 230, 196)
INK = (52, 34, 24)  # text on cream
INK_SOFT = (110, 84, 64)
WHITE = (255, 250, 240)
SHADOW = (0, 0, 0, 90)

# Accents (pie colours)
CRUST = (214, 160, 86)
CRUST_DARK = (168, 112, 50)
CHERRY = (190, 40, 52)
BLUEBERRY = (62, 78, 160)
LEMON = (240, 206, 72)
APPLE = (120, 168, 60)
CREAM_PUFF = (255, 236, 230)
GOLD = (236, 184, 64)
HIGHLIGHT = (255, 220, 120)  # legal drop targets, focus rings
DANGER = (220, 70, 60)  # refusals, KaPow!

# Team colours: orange, blue and a light plum stay apart under the common colour blindnesses
# (checked by tests/kit/test_team_colours.py: simulated protan, deutan and tritan vision, ΔE ≥ 30).
TEAM_COLORS = [(226, 120, 50), (60, 120, 220), (230, 150, 210)]
TEAM_NAMES = ["Team Cherry", "Team Blueberry", "Team Plum"]


def team_name(team: int | None) -> str:
    """A team's name in the player's language ("Team Cherry")."""
    from pie_table.kit.i18n import _

    return _(TEAM_NAMES[(team or 0) % len(TEAM_NAMES)])


def short_team_name(team: int | None) -> str:
    """A team's name without the word "Team" ("Cherry"), where the whole one has no room."""
    from pie_table.kit.i18n import _

    return _(TEAM_NAMES[(team or 0) % len(TEAM_NAMES)].removeprefix("Team "))

# Per-seat card-back tints (a seat's cards are traceable to their owner by their back).
SEAT_COLORS = [
    (196, 72, 60),
    (64, 110, 176),
    (214, 150, 48),
    (96, 150, 80),
    (150, 84, 160),
    (60, 150, 150),
]
