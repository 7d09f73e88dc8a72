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
    hand_shown: bool = True  # False: a spectator's (a replay's) table, with a line for the hand
    text: float = 1.0  # the felt's texts' scale (names, scores, pies' kinds, chips), and the inspect's


# The felt keeps the whole 1280x720 design (at a smaller room its hand overlaps the seats), so the
# interface size grows it only on a window wider or taller than 16:9. The right-hand column is
# read the most and reflows (its lines wrap, the log scrolls): it follows the interface size as
# far as this room is left, twice as large at 200% on 1280x720, and widens to hold it.
_PANEL_ROOM = (640, 360)
# The felt's own texts follow the interface size too, within its boxes: names, scores, a pie's
# kind, served chips and captions wrap or reflow to fewer a row, and the boxes that hold a line
# of text grow with it. The felt's height is all used at 16:9, so the text stops at 1.4 times
# the design (this room left at scale 1); the hand's cards grow by what a taller window spares.
_FELT_TEXT_ROOM = (914, 514)
_HAND_GROWTH = 1.2  # at most, of the hand's height
_CARD_GROWTH = 1.1  # the hand's and the piles' height, at least, once the texts have grown
_RIVALS_GIVE = 0.35  # of their height, at most, to the grown lines of the seat at the screen
_WIDEST_COLUMN = 0.42  # of the window, when the interface size has grown the column


def felt_size(base: float, scale: float, text: float) -> int:
    """A felt text's size: `base` at the design (never below the floor), grown with the interface
    size as far as `text`: every text by the same factor, the floor's ones too."""
    return int(max(min_readable(), int(base * scale)) * text / scale)


def _text_h(base: float, scale: float, text: float) -> int:
    """How tall a line of the felt's bold text of `base` size is drawn."""
    return font(felt_size(base, scale, text), "bold").get_height()


def _rival_least(scale: float, text: float) -> int:
    """How wide a rival's place must be for its header's mark, "Chef 8" and "88 pts" at the floor
    (the name and the score shrink that far; the hand's count gives way), and for its two lines'
    names' longest words side by side at the design's size ("Working", "Serving": table_paint)."""
    bold, pad = font(min_readable(), "bold"), int(8 * scale)
    name, points = _("Chef {n}").format(n=8), _("{n} pts").format(n=88)
    header = 3 * pad + max(14, int(18 * text)) + bold.size(name)[0] + bold.size(points)[0]
    tag = font(felt_size(12, scale, scale))
    lines = (_("Working line"), _("Serving line"))
    words = sum(max(tag.size(word)[0] for word in line.split()) + 4 for line in lines)
    return max(header, 3 * pad + words)


def head_height(scale: float, text: float) -> int:
    """A chef's header: the name's line (and the hand's backs beside it)."""
    return max(int(26 * scale), _text_h(16, scale, text) + int(8 * scale) // 2 + 2)


def compute_layout(size: tuple[int, int], seats: int, me: int, hand_shown: bool = True) -> Layout:
    """The table for `seats` chefs with `me` at the bottom (and their hand, if `hand_shown`: else
    one line says hands stay hidden, and the chefs' areas have its height)."""
    w, h = size
    s = ui_scale(size)
    t = max(s, ui_scale(size, _FELT_TEXT_ROOM))
    panel = max(s, ui_scale(size, _PANEL_ROOM))
    gap = max(4, int(6 * s))
    widest = 0.34 + (_WIDEST_COLUMN - 0.34) * min(1.0, (panel / s - 1.0))  # 0.42 once it doubles
    right_w = int(min(max(300 * panel, w * 0.25), w * widest))
    # A rival's header holds its name beside its score, at the floor at least: the column, grown
    # with the interface size, gives up width (down to its 100% width) rather than cut the name.
    others = max(1, seats - 1)
    least_w = max(300 * s, w * 0.25)
    while right_w > least_w and (w - right_w - 3 * gap) // others - gap < _rival_least(s, t):
        right_w -= max(1, int(4 * s))
    table_w = w - right_w - 3 * gap
    # Tall enough for a long banner on two lines of the smallest text (table_paint.draw_top_bar).
    two_lines = 2 * font(felt_size(13, s, t), "bold").get_linesize() + 2
    top_bar = pygame.Rect(gap, gap, table_w, max(int(38 * s), two_lines))
    # The seat at the screen needs its lines' growth (header, line name, pie's kind), the piles
    # their captions', and the cards grow by a tenth (a replay's larger bar takes that much of
    # the felt's height: its cards are never smaller than at 100%). The felt has no height to
    # spare at 16:9, so the rivals give it (their pies and chips have room below them and reflow).
    grow = _CARD_GROWTH if t > s else 1.0
    caption_h = _text_h(13, s, t) + 4
    piles_h = int(128 * s * grow) + caption_h - (_text_h(13, s, s) + 4)
    lines_grown = head_height(s, t) - head_height(s, s) + 2 * (_text_h(13, s, t) - _text_h(13, s, s))
    hand_h = int(150 * s * grow) if hand_shown else _text_h(15, s, t) + 2 * gap
    mine_h = int(156 * s) + lines_grown
    rival_h = int(212 * s)
    short = top_bar.bottom + piles_h + mine_h + hand_h + 5 * gap + rival_h - h
    rival_h -= max(0, min(short, int(rival_h * _RIVALS_GIVE)))
    if not hand_shown:  # the hand's room shared by the rivals and the seat at the bottom
        rival_h += max(0, -short) // 2
    y = top_bar.bottom + gap
    mine_top = y + rival_h + gap + piles_h + gap
    room = h - gap - mine_top - gap - mine_h  # what the hand may have: more on a taller window
    if hand_shown:
        hand_h = max(hand_h, min(room, int(150 * s * min(_HAND_GROWTH, t / s))))
    hand = pygame.Rect(gap, h - gap - hand_h, table_w, hand_h)
    rivals = [seat for seat in range(seats) if seat != me]
    rivals.sort(key=lambda seat: (seat - me) % seats)  # clockwise from me, left to right
    rival_w = (table_w - gap * (len(rivals) - 1)) // max(1, len(rivals))
    areas: dict[int, pygame.Rect] = {}
    for i, seat in enumerate(rivals):
        areas[seat] = pygame.Rect(gap + i * (rival_w + gap), y, rival_w, rival_h)
    piles = pygame.Rect(gap, y + rival_h + gap, table_w, piles_h)
    areas[me] = pygame.Rect(gap, mine_top, table_w, hand.y - gap - mine_top)
    # The piles' captions sit under their cards in readable type, so the cards leave them room;
    # a caption wider than its card reaches sideways, and the Leftovers start clear of it.
    caption = font(felt_size(13, s, t), "bold")
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
    strip_h = max(17, int(19 * s * grow))  # a card edge-on: its part's name and quality on it
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
        strip=(int(112 * t), strip_h),  # wide enough for its kind's line at the felt's text size
        served_strip=(int(96 * s), max(16, int(17 * s))),
        caption_h=caption_h,
        panel_scale=panel,
        hand_shown=hand_shown,
        text=t,
    )
