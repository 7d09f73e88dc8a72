"""Where everything sits on the Pie Rats table for a window size and a number of Captains."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from pie_table.kit.text import ui_scale

CARD_RATIO = 1.4  # height / width of every card

# The room, in pixels at scale 1, the table still lays out in: a larger interface size grows it
# until only this much is left (names shorten to the Captain's last name, phases to numbers).
_ROOM = (1120, 630)
# The moves and the log are read the most and reflow (their lines wrap, the log scrolls): they
# follow the interface size as far as this room is left, twice as large at 200% on 1280x720, in
# a column that widens to hold them, up to this share of the window.
_PANEL_ROOM = (640, 360)
_WIDEST_COLUMN = 0.36


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


def compute_layout(size: tuple[int, int], seats: int) -> TableLayout:
    """Top bar; the sill and piles on the left; Captains in a grid in the middle; the hand below;
    the moves and the log on the right."""
    w, h = size
    s = ui_scale(size, _ROOM)
    pad = max(4, int(8 * s))
    top = pygame.Rect(0, 0, w, int(50 * s))
    panel = max(s, ui_scale(size, _PANEL_ROOM))
    left_w = int(230 * s)
    right_w = max(int(330 * s), min(int(330 * panel), int(w * _WIDEST_COLUMN)))
    hand_h = int(150 * s)
    body_top = top.bottom + pad
    sill = pygame.Rect(pad, body_top, left_w - pad, int((h - body_top - pad) * 0.58))
    piles = pygame.Rect(pad, sill.bottom + pad, left_w - pad, h - sill.bottom - 2 * pad)
    right = pygame.Rect(w - right_w, body_top, right_w - pad, h - body_top - pad)
    moves = pygame.Rect(right.x, right.y, right.w, int(right.h * 0.62))
    log = pygame.Rect(right.x, moves.bottom + pad, right.w, right.bottom - moves.bottom - pad)
    center = pygame.Rect(left_w + pad, body_top, right.x - left_w - 2 * pad, h - body_top - hand_h - 2 * pad)
    hand = pygame.Rect(center.x, center.bottom + pad, center.w, hand_h)
    cols = 1 if seats == 1 else 2 if seats <= 4 else 3
    rows = (seats + cols - 1) // cols
    cell_w, cell_h = center.w // cols, center.h // rows
    seat_rects = [
        pygame.Rect(
            center.x + (i % cols) * cell_w, center.y + (i // cols) * cell_h, cell_w - pad, cell_h - pad
        )
        for i in range(seats)
    ]
    card_h = int(min(hand_h - 2 * pad, 130 * s))
    # A Captain's panel holds a header and two rows of cards (charisma, crew).
    table_h = int(max(40, min((cell_h - 62 * s) / 2 - pad, 110 * s)))
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
    )
