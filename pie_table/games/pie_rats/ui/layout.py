"""Where everything sits on the Pie Rats table for a window size and a number of Captains."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from pie_table.games.pie_rats.deck import DECK
from pie_table.games.pie_rats.ui.names import captain_title
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import _
from pie_table.kit.text import design_scale, ui_scale

CARD_RATIO = 1.4  # height / width of every card

# The room, in pixels at scale 1, the table still lays out in: a larger interface size grows it
# until only this much is left (names shorten to the Captain's last name, phases to numbers).
_ROOM = (1120, 630)
# The moves and the log are read the most and reflow (their lines wrap, the log scrolls): they
# follow the interface size as far as this room is left, twice as large at 200% on 1280x720, in
# a column that widens to hold them, up to this share of the window.
_PANEL_ROOM = (640, 360)
_WIDEST_COLUMN = 0.36
# The Captains' names and totals follow the interface size as far as this room is left, and as
# far as their cards keep their size (see compute_layout).
_GRID_ROOM = (800, 450)


@dataclass
class TableLayout:
    """Rects of the table's regions, and card sizes, for one window size."""

    size: tuple[int, int]
    scale: float
    top: pygame.Rect
    sill: pygame.Rect
    piles: pygame.Rect
    seats: list[pygame.Rect] = field(default_factory=list)
    hand: pygame.Rect = field(default_factory=pygame.Rect)
    moves: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    hand_card: tuple[int, int] = (90, 126)
    table_card: tuple[int, int] = (50, 70)
    pie_card: tuple[int, int] = (70, 98)
    panel_scale: float = 1.0  # the moves' and the log's
    rest_scale: float = 1.0  # the top bar's and the hand's heights, the hand's cards, the spacing
    grid_scale: float = 1.0  # the words on the Captains' panels
    score_below: bool = False  # a Captain's score on a line of its own, under the totals (score_below)


def compute_layout(size: tuple[int, int], seats: int) -> TableLayout:
    """Top bar; the sill and piles on the left; Captains in a grid in the middle; the hand below;
    the moves and the log on the right.

    A 16:9 window is full at 100%, so a larger interface size cannot grow everything: the
    Captains' names and totals grow first, as far as their cards keep their size at 100%; the top
    bar's and the hand's heights (and so the hand's cards) and the spacing grow when that leaves
    them room, else keep their size at 100%. The top bar's and the hand's words grow with the
    table all the same: they have room to spare in their own height."""
    s, base = ui_scale(size, _ROOM), design_scale(size)
    design = _frame(size, seats, base, base, base, tight=False)
    if s == base:
        return design
    wanted = max(s, ui_scale(size, _GRID_ROOM))
    for grid in _steps(wanted, s, base):
        for rest in _steps(s, base, base):
            lay = _frame(size, seats, s, rest, grid)
            if lay.table_card[1] >= design.table_card[1] and lay.hand_card[1] >= design.hand_card[1]:
                return lay
    return _frame(size, seats, s, base, base)


def _steps(high: float, low: float, base: float) -> list[float]:
    """From `high` down to `low` in twentieths of the design scale, both ends included."""
    n = max(0, int((high - low) / (0.05 * base)))
    return [high - k * 0.05 * base for k in range(n)] + [low]


def _frame(
    size: tuple[int, int], seats: int, s: float, rest: float, grid: float, tight: bool = True
) -> TableLayout:
    """The layout with the table at scale `s`, the top bar's and the hand's heights and the
    spacing at `rest` and the Captains' panels' words at `grid`; `tight`: the cards sized from
    the header drawn, not the design's allowance for it (which 100% keeps)."""
    w, h = size
    pad = max(4, int(8 * rest))
    top = pygame.Rect(0, 0, w, int(50 * rest))
    panel = max(s, ui_scale(size, _PANEL_ROOM))
    left_w = int(230 * s)
    right_w = max(int(330 * s), min(int(330 * panel), int(w * _WIDEST_COLUMN)))
    cols = 1 if seats == 1 else 2 if seats <= 4 else 3
    # A Captain's last name whole on its panel's line comes before a wider moves column.
    def panel_w() -> int:
        return (w - right_w - left_w - 2 * pad) // cols - pad

    while right_w > int(330 * s) and not names_whole(panel_w(), grid, rest):
        right_w -= max(1, int(4 * s))
    hand_h = int(150 * rest)
    body_top = top.bottom + pad
    sill = pygame.Rect(pad, body_top, left_w - pad, int((h - body_top - pad) * 0.58))
    piles = pygame.Rect(pad, sill.bottom + pad, left_w - pad, h - sill.bottom - 2 * pad)
    right = pygame.Rect(w - right_w, body_top, right_w - pad, h - body_top - pad)
    moves = pygame.Rect(right.x, right.y, right.w, int(right.h * 0.62))
    log = pygame.Rect(right.x, moves.bottom + pad, right.w, right.bottom - moves.bottom - pad)
    center = pygame.Rect(left_w + pad, body_top, right.x - left_w - 2 * pad, h - body_top - hand_h - 2 * pad)
    hand = pygame.Rect(center.x, center.bottom + pad, center.w, hand_h)
    rows = (seats + cols - 1) // cols
    cell_w, cell_h = center.w // cols, center.h // rows
    seat_rects = [
        pygame.Rect(
            center.x + (i % cols) * cell_w, center.y + (i // cols) * cell_h, cell_w - pad, cell_h - pad
        )
        for i in range(seats)
    ]
    card_h = int(min(hand_h - 2 * pad, 130 * rest))
    # A Captain's panel holds a header and two rows of cards (charisma, crew).
    below = score_below(cell_w - pad, grid, rest)
    allowance = 62 * s + (font(max(min_readable(), int(18 * grid)), "bold").get_height() + 2 if below else 0)
    table_h = int(max(40, min((cell_h - allowance) / 2 - pad, 110 * s)))
    if tight:  # the cards take what the header really leaves them, not the design's allowance
        table_h = int(min((cell_h - pad - header_height(grid, rest, below) - int(6 * rest)) // 2, 110 * s))
    pie_w = int(min(sill.w * 0.45, 84 * s))
    return TableLayout(
        size=size,
        scale=s,
        top=top,
        sill=sill,
        piles=piles,
        seats=seat_rects,
        hand=hand,
        moves=moves,
        log=log,
        hand_card=(int(card_h / CARD_RATIO), card_h),
        table_card=(int(table_h / CARD_RATIO), table_h),
        pie_card=(pie_w, int(pie_w * CARD_RATIO)),
        panel_scale=panel,
        rest_scale=rest,
        grid_scale=grid,
        score_below=below,
    )


def header_height(grid: float, rest: float, below: bool = False) -> int:
    """How tall a Captain's header is drawn with words at `grid` and spacing at `rest`, down to
    its first row of cards: the portrait beside the name over the totals line (`below`: over the
    score's line too), padded."""
    name = font(max(min_readable(), int(16 * grid)), "bold").get_height()
    score = font(max(min_readable(), int(18 * grid)), "bold").get_height() + 2 if below else 0
    return 2 * int(6 * rest) + max(int(30 * grid), name + int(20 * grid) + score)


def _longest_last_name() -> int:
    """How wide the longest Captain's last name is at the floor, in bold (as a panel may draw it)."""
    name = font(min_readable(), "bold")
    return max(name.size(captain_title(c).split()[-1])[0] for c in range(len(DECK.captains)))


def names_whole(panel_w: int, grid: float, rest: float) -> bool:
    """Whether a Captain's panel `panel_w` wide holds the longest last name on its line beside
    the portrait, with the score on a line of its own (score_below)."""
    pad = int(6 * rest)
    return _longest_last_name() <= panel_w - 3 * pad - int(30 * grid)


def score_below(panel_w: int, grid: float, rest: float) -> bool:
    """Whether a Captain's panel `panel_w` wide is too narrow for the longest Captain's last name
    beside a two-digit score, with words at `grid`: then every panel gives its name the whole of
    its line and its score a line of its own (a name cut to "R…" names nobody)."""
    pad = int(6 * rest)
    score = font(max(min_readable(), int(18 * grid)), "bold").size(_("{n} pts").format(n=10))[0]
    room = panel_w - 4 * pad - int(30 * grid) - min(score, int(80 * grid))  # as draw_seat fits it
    return _longest_last_name() > room  # the name may shrink to the floor beside the score
