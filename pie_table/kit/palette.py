"""The one warm palette every screen draws from (RGB tuples). Change a colour here, not in a scene."""

from __future__ import annotations

from functools import lru_cache

from pie_table.kit import theme

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


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# The contrast a name or a number in its seat's colour reaches: WCAG's AA, or with the high
# contrast theme its AAA.
_LEGIBLE = {"normal": 4.5, "high_contrast": 7.0}
# See plate; wider with high contrast, where a chef's 12 px name on a small Rumble Pie card,
# smoothed with its ribbon's edges, read 6.9:1 on a plate made for 7.5.
_PLATE_MARGIN = {"normal": 0.5, "high_contrast": 1.5}


def soft_ink() -> tuple[int, int, int]:
    """The ink of secondary text (hints, captions, a zero): INK_SOFT, or with the high contrast
    theme INK itself."""
    return INK if theme.high_contrast() else INK_SOFT


def bar_wood() -> tuple[int, int, int]:
    """The wood of a table's top bar, under its turn and its names: WOOD, or with the high
    contrast theme WOOD_DARK (cream on it 10.6:1, the highlight 9.1:1, against 6.7 and 5.7)."""
    return WOOD_DARK if theme.high_contrast() else WOOD


def legible(ink: tuple[int, ...], behind: tuple[int, ...],
            least: float | None = None) -> tuple[int, int, int]:
    """`ink` lightened toward WHITE (on a dark ground) or darkened toward INK (on a light one) just
    enough to read at `least`:1 against `behind` (4.5, or 7 with the high contrast theme): a seat
    or team keeps its hue, and its name stays readable on the felt or a card."""
    need = least if least is not None else _LEGIBLE[theme.current()]
    return _legible(tuple(ink[:3]), tuple(behind[:3]), need)


@lru_cache(maxsize=256)  # tables ask every frame for the same few inks
def _legible(ink: tuple[int, ...], behind: tuple[int, ...], least: float) -> tuple[int, int, int]:
    toward = WHITE if luminance(behind) < 0.18 else INK
    colour = (int(ink[0]), int(ink[1]), int(ink[2]))
    for step in range(21):
        t = step / 20
        colour = (
            round(ink[0] + (toward[0] - ink[0]) * t),
            round(ink[1] + (toward[1] - ink[1]) * t),
            round(ink[2] + (toward[2] - ink[2]) * t),
        )
        if contrast(colour, behind) >= least:
            break
    return colour


@lru_cache(maxsize=256)
def ink_on(fill: tuple[int, ...]) -> tuple[int, int, int]:
    """WHITE or INK, whichever reads better on `fill` (numbers in badges, names on chips)."""
    return WHITE if contrast(WHITE, fill) >= contrast(INK, fill) else INK


def plate(fill: tuple[int, ...]) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(fill, ink) for a name or number written on a coloured plate (a badge, a tag, a ribbon):
    the ink ink_on chooses, and the fill lightened under a dark ink or darkened under a light one
    just enough that they read at 4.5:1, or 7:1 with the high contrast theme, with a margin: a
    plate's lighter inner line and its smoothed edges lie under the glyphs' edges too. A fill
    already enough keeps its colour."""
    ink = ink_on(tuple(fill[:3]))
    return legible(fill, ink, _LEGIBLE[theme.current()] + _PLATE_MARGIN[theme.current()]), ink
