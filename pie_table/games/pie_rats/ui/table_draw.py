"""Drawing the Pie Rats table from a view (never from the state): the top bar with the phase strip,
the window sill, the piles, every Captain with charisma and crew, and the hand of the seat at
the screen. Every function returns the places a click or a drop can land on (`Zone`s)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from pie_table.games.pie_rats.deck import CAPTAIN_CHARISMA, CAPTAIN_STRENGTH, CARDS
from pie_table.games.pie_rats.ui import badges, card_art
from pie_table.games.pie_rats.ui.crew_art import captain_look, crew_portrait
from pie_table.games.pie_rats.ui.layout import TableLayout
from pie_table.games.pie_rats.ui.move_labels import PHASE_TITLES
from pie_table.games.pie_rats.ui.names import captain_label
from pie_table.kit import palette as pal
from pie_table.kit import theme
from pie_table.kit.backdrop import backdrop as kept_backdrop
from pie_table.kit.fonts import fits, font, min_readable
from pie_table.kit.i18n import _, current_language
from pie_table.kit.log_panel import paper
from pie_table.kit.marks import draw_picked, draw_seat_mark, draw_target
from pie_table.kit.seat_names import SeatNames
from pie_table.kit.text import fit_lines, fit_text, share_widths, wrap_text


@dataclass(frozen=True)
class Zone:
    """A place on the table: `kind` is hand | crew | charisma | captain | pie; `value` the card,
    pie or seat; `owner` the seat it belongs to."""

    rect: pygame.Rect
    kind: str
    value: int
    owner: int = -1


def seat_color(seat: int) -> tuple[int, int, int]:
    colors = pal.SEAT_COLORS
    return tuple(colors[seat % len(colors)][:3])  # type: ignore[return-value]


def draw_top_bar(
    surface: pygame.Surface, lay: TableLayout, view: dict[str, Any], banner: str, painted: bool = False,
    names: SeatNames | None = None,
) -> None:
    """Round and Lead Player on the left, the phase strip in the middle, whose move on the right;
    `names`: the table's names for its seats (the Captain's alone without)."""
    rect, s = lay.top, lay.scale  # its words as large as the table's; its height may be less (see layout)
    if not painted:
        _top_bar_wood(surface, rect)
    pad = int(10 * s)
    size = max(min_readable(), int(15 * s))
    phases = [f"{phase} {_(PHASE_TITLES[phase])}" for phase in range(1, 7)]
    current = view["phase"] if not view["over"] else 0
    strip_w = int(rect.w * 0.42)
    needs = [font(size, "bold").size(name)[0] + int(14 * s) for name in phases]
    if sum(needs) > strip_w:
        # Too narrow for every name: the phase in play keeps its name, the others their number.
        phases = [name if phase == current else str(phase) for phase, name in enumerate(phases, 1)]
        needs = [font(size, "bold").size(name)[0] + int(20 * s) for name in phases]
        strip_w = min(strip_w, sum(needs) + int(40 * s))
    side = rect.centerx - strip_w // 2 - 2 * pad  # for the round on the left, the banner on the right
    # The Lead's name as it fits: the table's name for the seat, the player's alone, the Captain's,
    # the Captain's without the title, or the last name alone.
    seat = view["lead"]
    captain = captain_label(view, seat)
    tries = (names(seat) if names else "", names.player(seat) if names else "", captain,
             captain.split(" ", 1)[-1], captain.split()[-1])
    for lead in [t for t in tries if t]:
        words = _("Round {n} · Lead: {captain}").format(n=view["round"], captain=lead)
        if font(max(min_readable(), int(17 * s)), "bold").size(words)[0] <= side:
            break
    left = fit_text(words, int(17 * s), side, pal.CREAM, "bold")
    surface.blit(left, left.get_rect(midleft=(rect.x + pad, rect.centery)))
    x = rect.centerx - strip_w // 2
    for phase, (name, chip_w) in enumerate(zip(phases, share_widths(needs, strip_w), strict=True), 1):
        chip = pygame.Rect(x, rect.y + int(8 * s), chip_w - int(4 * s), rect.h - int(16 * s))
        x += chip_w
        color = pal.GOLD if phase == current else pal.WOOD_DARK
        pygame.draw.rect(surface, color, chip, border_radius=chip.h // 2)
        text = fit_text(name, size, chip.w - 6, pal.INK if phase == current else pal.CREAM, "bold")
        surface.blit(text, text.get_rect(center=chip.center))
    if banner:
        right = _banner_image(banner, int(16 * s), side, rect.h - int(4 * s))
        surface.blit(right, right.get_rect(midright=(rect.right - pad, rect.centery)))


def _banner_image(banner: str, size: int, room: int, tall: int) -> pygame.Surface:
    """Whose move, or what a window offers, on one line `room` wide or else on two, as large as
    `tall` pixels hold them: a reaction window's words ("Charisma Theft: anyone may steal a tabled
    charisma card") are what the table is waiting for, never cut."""
    if fits(banner, size, room, "bold"):
        return fit_text(banner, size, room, pal.HIGHLIGHT, "bold")
    while size > min_readable() and 2 * font(size, "bold").get_linesize() > tall:
        size -= 1
    return fit_lines(banner, size, room, pal.HIGHLIGHT, "bold", most=2)


def _panel(
    surface: pygame.Surface, rect: pygame.Rect, s: float, edge=pal.WOOD_DARK, fill=pal.FELT, painted=False
) -> None:
    """A felt panel with a wooden edge; `painted`: its fill is on the backdrop already."""
    radius = max(4, int(10 * s))
    if not painted:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, max(2, int(3 * s)), border_radius=radius)


_HAND_FILL = pal.FELT_DARK
_SILL_FILL = (70, 110, 140)


def backdrop(lay: TableLayout) -> pygame.Surface:
    """What never changes for a layout (the felt, the panels' fills, the top bar's wood, the sill's
    window, the papers of the move list and the log), painted once: filling those areas afresh
    every frame cost ~1 ms at 1920x1080 (see kit.backdrop)."""
    rects = (lay.top, lay.sill, lay.piles, lay.hand, lay.moves, lay.log, *lay.seats)

    def paint(surface: pygame.Surface) -> None:
        s = lay.scale
        _top_bar_wood(surface, lay.top)
        _panel(surface, lay.sill, s, fill=_SILL_FILL)
        _sill_window(surface, lay.sill, s)
        _panel(surface, lay.piles, s)
        for rect in lay.seats:
            _panel(surface, rect, s)
        _panel(surface, lay.hand, s, fill=_HAND_FILL)
        paper(surface, lay.moves, s)
        paper(surface, lay.log, s)

    return kept_backdrop("pie-rats", lay.size, rects, paint, lay.scale)


def _top_bar_wood(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, pal.bar_wood(), rect)
    pygame.draw.line(surface, pal.WOOD_DARK, rect.bottomleft, rect.bottomright, 3)


def _sill_window(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    """A farmhouse window: four sky panes in a cream frame, gingham curtains, a wooden sill."""
    sill_bar = pygame.Rect(rect.x, rect.bottom - int(18 * s), rect.w, int(18 * s))
    glass = pygame.Rect(
        rect.x + int(10 * s), rect.y + int(30 * s), rect.w - int(20 * s), sill_bar.y - rect.y - int(34 * s)
    )
    surface.blit(_window_picture(glass.w, glass.h, s), glass)
    pygame.draw.rect(surface, pal.WOOD_LIGHT, sill_bar, border_radius=int(4 * s))


@lru_cache(maxsize=8)
def _window_picture(w: int, h: int, s: float) -> pygame.Surface:
    """The sill's window (sky panes, cream frame, gingham curtains), painted once per size: its
    many stripes cost more than a frame can spare at 1920x1080."""
    picture = pygame.Surface((max(1, w), max(1, h)))
    glass = picture.get_rect()
    picture.fill((150, 196, 226))
    frame = pal.CREAM
    pygame.draw.rect(picture, frame, glass, max(3, int(5 * s)))
    pygame.draw.line(picture, frame, glass.midtop, glass.midbottom, max(2, int(4 * s)))
    pygame.draw.line(picture, frame, glass.midleft, glass.midright, max(2, int(4 * s)))
    for side in (glass.x, glass.right - int(14 * s)):
        curtain = pygame.Rect(side, glass.y, int(14 * s), glass.h)
        pygame.draw.rect(picture, pal.CHERRY, curtain)
        for k in range(0, curtain.h, max(4, int(8 * s))):
            pygame.draw.line(
                picture, pal.CREAM_PUFF, (curtain.x, curtain.y + k), (curtain.right, curtain.y + k), 1
            )
    return picture


def _sill_title(surface: pygame.Surface, rect: pygame.Rect, s: float) -> pygame.Surface:
    """The sill's name at its top left, in cream on its blue (4.78:1); with the high contrast
    theme on a plate of that blue darkened to read at 7:1 (white on the blue itself is 5.22:1)."""
    at = (rect.x + int(8 * s), rect.y + int(6 * s))
    if not theme.high_contrast():
        title = fit_text(_("Window sill"), int(17 * s), rect.w - 12, pal.CREAM, "title")
        surface.blit(title, at)
        return title
    fill, ink = pal.plate(_SILL_FILL)
    title = fit_text(_("Window sill"), int(17 * s), rect.w - 12, ink, "title")
    plate = pygame.Rect(at, title.get_size()).inflate(int(8 * s), int(2 * s))
    pygame.draw.rect(surface, fill, plate, border_radius=max(3, int(5 * s)))
    surface.blit(title, at)
    return title


def draw_sill(
    surface: pygame.Surface,
    lay: TableLayout,
    view: dict[str, Any],
    lit: set[int],
    hidden: frozenset[int] | set[int] = frozenset(),
    painted: bool = False,
) -> list[Zone]:
    """The window sill with the pies cooling on it (`painted`: the panel and window are on the
    backdrop already)."""
    rect, s = lay.sill, lay.scale
    if not painted:
        _panel(surface, rect, s, fill=_SILL_FILL)
        _sill_window(surface, rect, s)
    title = _sill_title(surface, rect, s)
    w, h = lay.pie_card
    zones = []
    top = rect.y + title.get_height() + int(10 * s)
    cols = max(1, (rect.w - 8) // (w + 6))
    for i, pie in enumerate(view["sill"]):
        x = rect.x + 6 + (i % cols) * (w + 6)
        y = top + (i // cols) * (h + 6)
        card = pygame.Rect(x, y, w, h)
        if pie not in hidden:
            surface.blit(card_art.pie_face(pie, w, h, current_language()), card)
        if pie in lit:
            draw_target(surface, card.inflate(6, 6), 3, 8)
        zones.append(Zone(card, "pie", pie))
    if not view["sill"]:
        # On two lines rather than cut where one does not hold it (a grown size, a narrow sill).
        words, size = _("No pie is cooling"), int(15 * s)
        if fits(words, size, rect.w - 16, floor=size):
            empty = fit_text(words, size, rect.w - 16, pal.CREAM)
        else:
            empty = fit_lines(words, size, rect.w - 16, pal.CREAM)
        box = empty.get_rect(midbottom=(rect.centerx, rect.bottom - int(24 * s))).inflate(12, 6)
        line_h = font(max(min_readable(), size)).get_height() + 6
        pygame.draw.rect(surface, pal.WOOD_DARK, box, border_radius=min(box.h, line_h) // 2)
        surface.blit(empty, empty.get_rect(center=box.center))
    return zones


def draw_piles(
    surface: pygame.Surface, lay: TableLayout, view: dict[str, Any], painted: bool = False
) -> dict[str, pygame.Rect]:
    """Pie deck, draw pile and the face-up discard, each with its count; returns where each lies."""
    rect, s = lay.piles, lay.scale
    _panel(surface, rect, s, painted=painted)
    w, h = lay.table_card
    w, h = int(w * 1.1), int(h * 1.1)
    label_size = max(min_readable(), int(14 * s))
    spots = [
        (_("Pies"), view["pie_deck"], "pie"),
        (_("Draw"), view["draw"], "back"),
        (_("Discard"), len(view["discard"]), "discard"),
    ]
    col_w = rect.w // 3
    widest = max(font(label_size, "bold").size(name)[0] for name, _count, _kind in spots)
    rows = widest > col_w - 4  # names too wide for three columns: one pile a row, its name beside it
    if rows:
        h = min(h, (rect.h - int(10 * s)) // 3 - int(6 * s))
        w = int(h * lay.table_card[0] / lay.table_card[1])
    places: dict[str, pygame.Rect] = {}
    for i, (name, count, kind) in enumerate(spots):
        card = pygame.Rect(0, 0, w, h)
        if rows:
            card.topleft = (rect.x + int(10 * s), rect.y + int(6 * s) + i * (h + int(6 * s)))
            room, words_at = rect.right - card.right - int(14 * s), (card.right + int(8 * s), card.y)
        else:
            card.midtop = (rect.x + col_w * i + col_w // 2, rect.y + int(10 * s))
            room, words_at = col_w - 4, (card.centerx, card.bottom + 4)
        places[kind] = card
        if kind == "discard" and view["discard"]:
            surface.blit(card_art.card_face(view["discard"][-1], w, h, current_language()), card)
        elif count:
            back = card_art.pie_back(w, h) if kind == "pie" else card_art.card_back(w, h)
            surface.blit(back, card)
        else:
            pygame.draw.rect(surface, pal.FELT_LIGHT, card, 2, border_radius=6)
        text = fit_text(name, label_size, room, pal.CREAM, "bold")
        number = fit_text(str(count), int(label_size * 1.2), room, pal.legible(pal.GOLD, pal.FELT), "bold")
        anchor = "topleft" if rows else "midtop"
        surface.blit(text, text.get_rect(**{anchor: words_at}))
        below = (words_at[0], words_at[1] + 2 + text.get_height())
        surface.blit(number, number.get_rect(**{anchor: below}))
    return places


def _sideways(image: pygame.Surface) -> pygame.Surface:
    return pygame.transform.rotate(image, 90)


def draw_seat(
    surface: pygame.Surface,
    lay: TableLayout,
    view: dict[str, Any],
    seat: int,
    *,
    turn: bool,
    lit: set[int],
    asked: bool,
    hidden: frozenset[int] | set[int] = frozenset(),
    player: str = "",
    painted: bool = False,
) -> list[Zone]:
    """One Captain: name and totals, charisma cards in a row, crew below (protected or freshly
    lured ones turned sideways, Spinach shown by a green dot)."""
    # The words at the grid's scale, the spacing at the rest's (see layout.compute_layout).
    rect, s = lay.seats[seat], lay.grid_scale
    color = seat_color(seat)
    _panel(surface, rect, lay.scale, edge=pal.GOLD if turn else darker(color), fill=pal.FELT, painted=painted)
    pad = int(6 * lay.rest_scale)
    zones = [Zone(rect, "captain", seat, seat)]
    portrait = crew_portrait(captain_look(view, seat), int(30 * s))
    surface.blit(portrait, (rect.x + pad, rect.y + pad))
    # The seat's shape on the portrait's corner: the colour is not the only thing telling seats apart.
    r = max(5, int(6 * s))
    draw_seat_mark(surface, seat, (rect.x + pad + portrait.get_width() - r // 2, rect.y + pad + r), r, color)
    x = rect.x + pad * 2 + portrait.get_width()
    points = view["standings"][seat][0]
    score = fit_text(_("{n} pts").format(n=points), int(18 * s), int(80 * s), pal.legible(pal.GOLD, pal.FELT),
                     "bold")
    # A named player's name leads ("Ana · Captain Red Hook"); when room is short the title goes
    # first, then all but the last name ("O'Toole"); when even that has no room beside the score
    # (a narrow panel, words grown), the name takes the whole line and the score the totals' line.
    name = captain_label(view, seat)
    lead = f"{player} · " if player else ""
    shorter = (lead + name, lead + name.split(" ", 1)[-1], lead + name.split()[-1])
    apart = lay.score_below
    room = rect.right - x - pad if apart else rect.right - x - score.get_width() - 2 * pad
    shown = next((text for text in shorter if _fits(text, int(16 * s), room)), shorter[-1])
    head = fit_text(shown, int(16 * s), room, pal.legible(color, pal.FELT), "bold")
    surface.blit(head, (x, rect.y + pad))
    charisma = CAPTAIN_CHARISMA + sum(CARDS[c].charisma for c in view["charisma"][seat])
    strength = CAPTAIN_STRENGTH + sum(r["strength"] for r in view["crews"][seat])
    # The badges of the cards, a gold rosette for charisma and a red shield for strength; then
    # the cards in hand.
    sx = x
    sy = rect.y + pad + head.get_height() + int(2 * s)
    line = pygame.Rect(x, sy, 1, int(20 * s))  # the totals'
    score_at = score.get_rect(topright=(rect.right - pad, line.bottom + 2 if apart else rect.y + pad))
    surface.blit(score, score_at)
    r = max(10, int(10 * s))
    for value, kind in ((charisma, "charisma"), (strength, "strength")):
        grown = badges.badge_radius(r, str(value), badges.KINDS[kind].shape)
        sx += badges.draw_badge(surface, (sx + grown, sy + r), r, kind, str(value)).w + int(6 * s)
    flags = []
    if view["lead"] == seat:
        flags.append((_("Lead"), pal.GOLD))
    if view["frozen"][seat]:
        flags.append((_("Frozen"), (140, 200, 240)))
    if view["declared"][seat] and view["phase"] in (4, 5):
        flags.append((_("Declared"), pal.CRUST))
    if view["looted"][seat]:
        flags.append((_("Looted"), pal.APPLE))
    if asked:
        flags.append((_("Deciding"), pal.HIGHLIGHT))
    # The hand count keeps the room its number needs; badges that would cover it take a line below.
    count = view["hand_counts"][seat]
    # (Beside a score under the totals' line, the badges are clear of the count.)
    least = rect.x + pad if apart else sx + _hand_count(None, (0, 0), count, 0, s) + 4
    bx = first_left = rect.right - pad
    by = top = score_at.bottom + 2
    if apart:
        bx, by = score_at.x - 4, score_at.y
    chips = []
    for text, tint in flags:
        image = fit_text(text, int(13 * s), rect.w - 2 * pad, pal.INK, "bold")  # a badge is one word
        chip = image.get_rect().inflate(int(10 * s), int(4 * s))
        if bx - chip.w < least:  # it would cover the count: the next line (a panel this narrow is rare)
            bx, by, least = rect.right - pad, by + chip.h + 2, rect.x + pad
        chip.topright = (bx, by)
        chips.append((image, chip, tint))  # drawn last, over the cards a lower line may reach
        bx = chip.x - 4
        first_left = bx if by == top else first_left
    room = (rect.right - pad if apart else first_left) - sx - 4
    _hand_count(surface, (sx, sy + int(10 * s)), count, room, s)
    w, h = lay.table_card
    under = score_at.bottom - line.bottom if apart else 0
    row1 = rect.y + pad + max(portrait.get_height(), head.get_height() + line.h + under) + pad
    zones += _card_row(
        surface,
        [(c, False) for c in view["charisma"][seat]],
        pygame.Rect(rect.x + pad, row1, rect.w - 2 * pad, h),
        (w, h),
        "charisma",
        seat,
        lit,
        hidden=hidden,
    )
    row2 = pygame.Rect(rect.x + pad, row1 + h + pad, rect.w - 2 * pad, max(w, h))
    crew = [(r["card"], r["protected"] or r["lured"]) for r in view["crews"][seat]]
    zones += _card_row(
        surface,
        crew,
        row2,
        (w, h),
        "crew",
        seat,
        lit,
        strengths={r["card"]: r["strength"] for r in view["crews"][seat] if r["spinach"] is not None},
        hidden=hidden,
    )
    if not view["charisma"][seat] and not crew:
        ink = pal.legible(pal.FELT_LIGHT, pal.FELT)  # soft, but readable on the felt
        empty = fit_lines(_("No charisma or crew yet"), int(14 * s), rect.w - 2 * pad, ink)
        # Below a line of badges that reaches this low, rather than under them.
        low = max((chip.bottom + 2 for _image, chip, _tint in chips), default=0)
        surface.blit(empty, (rect.x + pad, max(row1 + pad, low)))
    for image, chip, tint in chips:
        pygame.draw.rect(surface, tint, chip, border_radius=chip.h // 2)
        surface.blit(image, image.get_rect(center=chip.center))
    return zones


def _fits(text: str, size: int, room: int) -> bool:
    return font(max(min_readable(), size), "bold").size(text)[0] <= room  # the size fit_text draws at


def _hand_count(surface: pygame.Surface | None, midleft: tuple[int, int], n: int, room: int, s: float) -> int:
    """"3 in hand" when `room` allows, else a small card with the number beside it (the number is
    never cut); returns the width used (only measured when `surface` is None)."""
    size = max(min_readable(), int(14 * s))
    text = _("{n} in hand").format(n=n)
    if font(size).size(text)[0] <= room:
        image = font(size).render(text, True, pal.CREAM)
        glyph = pygame.Rect(0, 0, 0, 0)
    else:
        image = font(size, "bold").render(str(n), True, pal.CREAM)
        glyph = pygame.Rect(0, 0, max(7, int(9 * s)), max(10, int(13 * s)))
    width = glyph.w + (3 if glyph.w else 0) + image.get_width()
    if surface is not None:
        glyph.midleft = midleft
        if glyph.w:
            pygame.draw.rect(surface, pal.CREAM, glyph, 1, border_radius=2)
        surface.blit(image, image.get_rect(midleft=(midleft[0] + width - image.get_width(), midleft[1])))
    return width


def darker(color, amount: float = 0.35) -> tuple[int, int, int]:
    return tuple(int(c * (1 - amount)) for c in color[:3])  # type: ignore[return-value]


def _card_row(
    surface: pygame.Surface,
    cards: list[tuple[int, bool]],
    rect: pygame.Rect,
    size: tuple[int, int],
    kind: str,
    owner: int,
    lit: set[int],
    strengths: dict[int, int] | None = None,
    hidden: frozenset[int] | set[int] = frozenset(),
) -> list[Zone]:
    """Cards side by side, overlapping when they would not fit; sideways ones lie across.
    `strengths`: crew members fed Spinach, with the strength they have now (shown on the card)."""
    w, h = size
    widths = [h if side else w for _c, side in cards]
    total = sum(widths) + 4 * max(0, len(cards) - 1)
    squeeze = 1.0 if total <= rect.w or len(cards) < 2 else (rect.w - widths[-1]) / max(1, total - widths[-1])
    x: float = rect.x
    zones = []
    for (card, side), width in zip(cards, widths, strict=True):
        image = card_art.card_face(card, w, h, current_language(), (strengths or {}).get(card))
        if side:
            image = _sideways(image)
        place = image.get_rect(topleft=(int(x), rect.y + (rect.h - image.get_height()) // 2))
        zones.append(Zone(place, kind, card, owner))
        x += (width + 4) * squeeze
        if card in hidden:
            continue  # still flying here: its place stays empty until it lands
        surface.blit(image, place)
        if strengths and card in strengths:  # Spinach's leaf, the shape its strength's badge wears
            badges.draw_leaf(surface, (place.right - 9, place.y + 9), 8)
        if card in lit:
            draw_target(surface, place.inflate(4, 4), 3, 6)
    return zones


def hand_mark_rect(place: pygame.Rect) -> pygame.Rect:
    """Where a hand card's mark (picked, or named by the move in focus) rings it: just outside it."""
    return place.inflate(6, 6)


def draw_hand(
    surface: pygame.Surface,
    lay: TableLayout,
    view: dict[str, Any],
    seat: int | None,
    selected: int | None,
    dragging: int | None,
    lit: set[int],
    spectator: bool = False,
    painted: bool = False,
    owner: str = "",
) -> list[Zone]:
    """The hand of the seat at the screen, face up; nobody's hand when nobody is at the screen.
    `owner`: whose hand it is, as the table names that seat in this narrow place (the Captain's
    name when empty)."""
    # The words as large as the table's, the cards and spacing as the hand's height allows.
    rect, s, words = lay.hand, lay.rest_scale, lay.scale
    _panel(surface, rect, s, fill=_HAND_FILL, painted=painted)
    w, h = lay.hand_card
    pad = int(8 * s)
    if seat is None or "hand" not in view:
        text = fit_text(
            _("Spectator view: every hand stays hidden")
            if spectator
            else _("Hands stay hidden until the screen is handed over"),
            int(16 * words),
            rect.w - 2 * pad,
            pal.CREAM,
        )
        surface.blit(text, text.get_rect(center=rect.center))
        return []
    title = fit_text(_("Your hand"), int(16 * words), int(rect.w * 0.2), pal.CREAM, "bold")
    surface.blit(title, (rect.x + pad, rect.y + pad))
    owner = owner or captain_label(view, seat)
    # The name under it, on as many lines as it needs rather than cut.
    size, room = max(min_readable(), int(14 * words)), int(rect.w * 0.2)
    y, widest = rect.y + pad + title.get_height(), title.get_width()
    for line in wrap_text(owner, font(size, "bold"), room):
        who = fit_text(line, size, room, pal.legible(seat_color(seat), pal.FELT_DARK), "bold")
        surface.blit(who, (rect.x + pad, y))
        y, widest = y + who.get_height(), max(widest, who.get_width())
    zones = []
    x = rect.x + pad + widest + pad * 2
    for card in view["hand"]:
        place = pygame.Rect(x, rect.y + (rect.h - h) // 2, w, h)
        if card == selected:
            place.y -= int(10 * s)
        if card != dragging:
            surface.blit(card_art.card_face(card, w, h, current_language()), place)
        if card == selected:
            draw_picked(surface, hand_mark_rect(place), 3, 8)
        elif card in lit:  # named by the move in focus, as the table's cards it names
            draw_target(surface, hand_mark_rect(place), 3, 8)
        zones.append(Zone(place, "hand", card, seat))
        x += w + pad
    if not view["hand"]:
        text = fit_text(_("No cards in hand"), int(16 * words), rect.w // 2, pal.CREAM)
        surface.blit(text, text.get_rect(midleft=(x, rect.centery)))
    return zones
