"""Where everything sits on the Cheflebrity table, for any window size and 2-5 seats.

The seat at the screen (or seat 1 for a spectator) sits at the bottom, above its hand; the other
chefs sit in a row along the top; the three piles lie between. The move list and the table's log
take the right-hand column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import _
from pie_table.kit.text import ui_scale


@dataclass
class Layout:
    size: tuple[int, int]
    scale: float
    top_bar: pygame.Rect
    seats: dict[int, pygame.Rect]  # each chef's area (working line, serving line, kept cards)
    me: int  # the seat drawn at the bottom
    piles: pygame.Rect
    deck: pygame.Rect
    leftovers: pygame.Rect
    out: pygame.Rect
    hand: pygame.Rect
    moves: pygame.Rect
    log: pygame.Rect
    hand_card: tuple[int, int]
    pile_card: tuple[int, int]
    strip: tuple[int, int]  # one card of a pie in the making, edge-on
    served_strip: tuple[int, int]
    extra: dict[str, pygame.Rect] = field(default_factory=dict)
    caption_h: int = 0  # a pile's caption under its cards ("Ingredients: 38", "Leftovers")
    panel_scale: float = 1.0  # the right-hand column's: the moves (or a trade) and the log


# The felt keeps the whole 1280x720 design (at a smaller room its hand overlaps the seats), so the
# interface size grows it only on a window wider or taller than 16:9. The right-hand column is
# read the most and reflows (its lines wrap, the log scrolls): it follows the interface size as
# far as this room is left, twice as large at 200% on 1280x720, and widens to hold it.
_PANEL_ROOM = (640, 360)
_WIDEST_COLUMN = 0.42  # of the window, when the interface size has grown the column


def compute_layout(size: tuple[int, int], seats: int, me: int) -> Layout:
    """The table for `seats` chefs with `me` at the bottom."""
    w, h = size
    s = ui_scale(size)
    panel = max(s, ui_scale(size, _PANEL_ROOM))
    gap = max(4, int(6 * s))
    widest = 0.34 + (_WIDEST_COLUMN - 0.34) * min(1.0, (panel / s - 1.0))  # 0.42 once it doubles
    right_w = int(min(max(300 * panel, w * 0.25), w * widest))
    table_w = w - right_w - 3 * gap
    # Tall enough for a long banner on two lines of the smallest text (table_paint.draw_top_bar).
    two_lines = 2 * font(max(min_readable(), int(13 * s)), "bold").get_linesize() + 2
    top_bar = pygame.Rect(gap, gap, table_w, max(int(38 * s), two_lines))
    hand_h = int(150 * s)
    hand = pygame.Rect(gap, h - gap - hand_h, table_w, hand_h)
    rival_h = int(212 * s)
    rivals = [seat for seat in range(seats) if seat != me]
    rivals.sort(key=lambda seat: (seat - me) % seats)  # clockwise from me, left to right
    y = top_bar.bottom + gap
    rival_w = (table_w - gap * (len(rivals) - 1)) // max(1, len(rivals))
    areas: dict[int, pygame.Rect] = {}
    for i, seat in enumerate(rivals):
        areas[seat] = pygame.Rect(gap + i * (rival_w + gap), y, rival_w, rival_h)
    piles_h = int(128 * s)
    piles = pygame.Rect(gap, y + rival_h + gap, table_w, piles_h)
    mine_top = piles.bottom + gap
    areas[me] = pygame.Rect(gap, mine_top, table_w, hand.y - gap - mine_top)
    # The piles' captions sit under their cards in readable type, so the cards leave them room;
    # a caption wider than its card reaches sideways, and the Leftovers start clear of it.
    caption = font(max(min_readable(), int(13 * s)), "bold")
    caption_h = caption.get_height() + 4
    pile_h = min(int(piles_h * 0.78), piles_h - gap - caption_h - 3)
    pile_card = (int(pile_h * 0.72), pile_h)
    deck = pygame.Rect(piles.x + gap * 2, piles.y + gap, *pile_card)
    out = pygame.Rect(piles.right - gap * 2 - pile_card[0], deck.y, *pile_card)
    deck_w = caption.size(_("Ingredients: {n}").format(n=88))[0] + 8 + gap * 2
    out_w = caption.size(_("Out: {n}").format(n=88))[0] + 8 + gap * 2
    left = max(deck.right + gap * 6, deck.centerx + deck_w // 2, piles.x + deck_w)
    right = min(out.x - gap * 6, out.centerx - out_w // 2, piles.right - out_w)
    leftovers = pygame.Rect(left, piles.y + gap, right - left, piles_h - 2 * gap)
    card_h = int(hand_h - 16 * s)
    hand_card = (int(card_h * 0.7), card_h)
    right_x = top_bar.right + 2 * gap
    moves = pygame.Rect(right_x, gap, right_w, int((h - 3 * gap) * 0.6))
    log = pygame.Rect(right_x, moves.bottom + gap, right_w, h - moves.bottom - 2 * gap)
    strip_h = max(17, int(19 * s))
    return Layout(
        size=size,
        scale=s,
        top_bar=top_bar,
        seats=areas,
        me=me,
        piles=piles,
        deck=deck,
        leftovers=leftovers,
        out=out,
        hand=hand,
        moves=moves,
        log=log,
        hand_card=hand_card,
        pile_card=pile_card,
        strip=(int(112 * s), strip_h),
        served_strip=(int(96 * s), max(16, int(17 * s))),
        caption_h=caption_h,
        panel_scale=panel,
    )
