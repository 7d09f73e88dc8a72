"""A rat's sheet drawn like the paper one: supply rows with nests, dishes as circles, decorations as diamonds.

Everything here draws from plain view data (a sheet dict from `RULES.view`), never from the state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import pygame

from pie_table.games.rats.ui import art as rats_art
from pie_table.games.rats.ui.labels import rat_name, supply_title, supply_use, vocation_title
from pie_table.kit import palette as pal
from pie_table.kit.fonts import SMALL, fit, fits, font, min_readable
from pie_table.kit.i18n import _, ngettext
from pie_table.kit.log_panel import paper
from pie_table.kit.marks import draw_seat_mark
from pie_table.kit.text import fit_lines, fit_text, wrap_text

_RULE = (200, 180, 146)  # the printed lines of the paper sheet
_GLYPH_COLORS = ((150, 150, 170), pal.GOLD, (214, 186, 96), pal.CRUST_DARK, pal.BLUEBERRY, pal.CHERRY)


@dataclass(frozen=True)
class RowSizing:
    """How a supply row's words are sized: the six rows' own height, and the least sizes of a
    supply's name and use (their sizes at 100% once the interface is grown; 0: the floor only)."""

    row_h: int
    least_name: int = 0
    least_use: int = 0


@dataclass
class RatCard:
    """The public facts about one rat, for its small card at the table."""

    seat: int
    name: str = ""  # what the table calls this rat ("Rat N" when empty)
    vocation: str | None = None
    is_host: bool = False
    said: str = ""
    acting: bool = False
    is_viewer: bool = False
    awards: int | None = None
    revealed: dict[str, Any] | None = None


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, sheet: dict[str, Any], card: RatCard,
               scale: float = 1.0, shapes_scale: float | None = None) -> None:
    """The full secret sheet of the rat at the screen. `shapes_scale`: the scale its dishes' and
    decorations' shapes keep room for at least (the window's at interface size 100%), so the values
    in them never get smaller as the interface grows (`scale`, by default)."""
    paper(surface, rect, scale)
    pad = int(12 * scale)
    y = _header(surface, rect, card, scale, pad)
    # A supply row holds its name and two lines of its use in readable type, when the sheet has room.
    use_line = font(max(min_readable(), int(13 * scale))).get_linesize()
    three = font(max(min_readable(), int(18 * scale)), "bold").get_linesize() + 2 * use_line
    rows_h = min(max(int(rect.h * 0.52), 6 * (three + 4) + int(24 * scale)), int(rect.h * 0.62))
    bottom = rect.bottom - pad - (int(30 * scale) if card.awards is not None else 0)
    # The dishes and decorations keep room for a row of their shapes at their size at 100%, the
    # supply rows giving it up (down to their least share, their words whole): the values in the
    # shapes never shrink as the words grown with the interface take the sheet's height.
    shapes = int(48 * (scale if shapes_scale is None else shapes_scale))
    items = 2 * (font(int(18 * scale), "bold").get_height() + 2 + shapes)
    short = max(0, items - (bottom - y - 6 * _row_h(rows_h, scale) - int(8 * scale)))
    most = rows_h
    rows_h = max(min(rows_h, int(rect.h * 0.52)), rows_h - short)
    def rows(height: int) -> pygame.Rect:
        return pygame.Rect(rect.x + pad, y, rect.w - 2 * pad, height)

    while rows_h < most and not _rows_whole(rows(rows_h), scale, shapes_scale):
        rows_h += 2  # every supply's name and use still whole, at no smaller a size than at 100%
    # Then taller still, while the dishes and decorations keep their room, until every use is
    # written at its row's size (a long one on two lines rather than shrunk onto one).
    while (bottom - y - 6 * _row_h(rows_h + 2, scale) - int(8 * scale) >= items
           and not _rows_whole(rows(rows_h), scale, shapes_scale, full=True)):
        rows_h += 2
    row_h = _row_h(rows_h, scale)
    y = _supply_rows(surface, rows(row_h * 6), sheet, _sizing(row_h, scale, shapes_scale), scale)
    y += int(8 * scale)
    half = max(20, (bottom - y) // 2)
    _items(surface, pygame.Rect(rect.x + pad, y, rect.w - 2 * pad, half), _("Dishes"),
           sheet.get("dishes", []), "circle", scale)
    _items(surface, pygame.Rect(rect.x + pad, y + half, rect.w - 2 * pad, half), _("Decorations"),
           sheet.get("decorations", []), "diamond", scale)
    if card.awards is not None:
        row = pygame.Rect(rect.x + pad, bottom, rect.w - 2 * pad, int(28 * scale))
        awards_row(surface, row, card.awards, scale)


def _sizing(row_h: int, scale: float, design: float | None) -> RowSizing:
    """Rows `row_h` tall, their words no smaller, when the interface is grown past 100%, than
    at 100% (`design`, the scale then), so that a larger setting never writes them smaller; at
    100% (or with no design given) no least beyond the floor."""
    if design is None or scale <= design:
        return RowSizing(row_h)
    return RowSizing(row_h, int(18 * design), int(13 * design))


def _row_h(rows_h: int, scale: float) -> int:
    """A supply row's height when the six share `rows_h`."""
    return max(18, (rows_h - int(24 * scale)) // 6)


def _rows_whole(rect: pygame.Rect, scale: float, design: float | None, full: bool = False) -> bool:
    """Whether the six supply rows, sharing `rect`'s height, write every name and use whole, no
    smaller than at 100% (`design`, the scale then); `full`: every use at its row's own size."""
    sizing = _sizing(_row_h(rect.h, scale), scale, design)
    if full:
        sizing = replace(sizing, least_use=max(sizing.least_use, _use_size(sizing.row_h, scale)))
    x = _text_x(rect, sizing.row_h, scale)
    y = rect.y
    rows = pygame.Rect(rect.x, y, rect.w, 6 * sizing.row_h)
    for supply, height in enumerate(_row_heights(rows, sizing, scale)):
        if _text_sizes(supply, pygame.Rect(rect.x, y, rect.w, height), x, scale, sizing) is None:
            return False
        y += height
    return True


def _header(surface: pygame.Surface, rect: pygame.Rect, card: RatCard, scale: float, pad: int) -> int:
    size = int(52 * scale)
    top = rect.y + pad
    surface.blit(rats_art.seat_rat(card.seat, size), (rect.x + pad, top))
    if card.is_host:
        hat = rats_art.host_hat(int(34 * scale))
        surface.blit(hat, hat.get_rect(midbottom=(rect.x + pad + size // 2, top + int(10 * scale))))
    text_x = rect.x + pad + size + int(10 * scale)
    width = rect.right - pad - text_x
    title = _("{rat}'s sheet").format(rat=card.name or rat_name(card.seat))
    surface.blit(fit_text(title, int(24 * scale), width, pal.INK, "title"), (text_x, top))
    subtitle = _vocation_line(card)
    surface.blit(fit_text(subtitle, int(16 * scale), width, pal.soft_ink()), (text_x, top + int(30 * scale)))
    line_y = top + size + int(6 * scale)
    pygame.draw.line(surface, _RULE, (rect.x + pad, line_y), (rect.right - pad, line_y), 2)
    return line_y + int(6 * scale)


def _vocation_line(card: RatCard) -> str:
    parts = []
    if card.is_host:
        parts.append(_("the Host"))
    if card.vocation:
        parts.append(_("the {vocation}").format(vocation=vocation_title(card.vocation)))
    return ", ".join(parts) if parts else _("a guest")


def _supply_rows(surface: pygame.Surface, rect: pygame.Rect, sheet: dict[str, Any],
                 sizing: RowSizing, scale: float) -> int:
    """The six supply rows, each `sizing.row_h` tall (more for a use on two lines), their words
    no smaller than its least sizes where they fit so."""
    row_h = sizing.row_h
    supplies = sheet.get("supplies", [0] * 6)
    nests = sheet.get("nests", [False] * 6)
    y = rect.y
    for i, height in enumerate(_row_heights(rect, sizing, scale)):
        row = pygame.Rect(rect.x, y, rect.w, height)
        y += height
        if i % 2 == 0:
            pygame.draw.rect(surface, pal.CREAM, row, border_radius=4)
        box = max(10, int(row_h * 0.6))
        nest_rect = pygame.Rect(0, 0, box, box)
        nest_rect.midleft = (row.x + 4, row.centery)
        nest_box(surface, nest_rect, bool(nests[i]), scale)
        glyph = pygame.Rect(nest_rect.right + int(8 * scale), 0, box, box)
        glyph.centery = row.centery
        supply_glyph(surface, glyph, i)
        _supply_text(surface, row, glyph.right + int(8 * scale), (i, int(supplies[i])), scale, sizing)
    return rect.bottom


def _text_x(rect: pygame.Rect, row_h: int, scale: float) -> int:
    """Where a supply row's name and use start: right of its nest box and its glyph."""
    box = max(10, int(row_h * 0.6))
    return rect.x + 4 + box + int(8 * scale) + box + int(8 * scale)


def _row_heights(rect: pygame.Rect, sizing: RowSizing, scale: float) -> list[int]:
    """The six supply rows' heights: `sizing.row_h` each, unless a use that wraps would make its
    supply's name smaller than the others'; then each row as tall as its name and its use's lines
    need (a two-line use's row taller), the rows' height shared out alike, if that fits the rows'
    room. The uses are no smaller than its least here where they can be; a two-line use's name
    gives way (to no smaller than its least) before the uses shrink."""
    row_h, least_use = sizing.row_h, sizing.least_use
    width = rect.right - int(46 * scale) - _text_x(rect, row_h, scale) - 4
    biggest = int(min(18 * scale, row_h * 0.45))
    name_h = font(max(min_readable(), biggest), "bold").get_height()
    smallest = max(min_readable(), min(biggest, max(_least_name(), _giving_name(sizing))))
    use_size = max(_use_size(row_h, scale), least_use)
    uses = [supply_use(supply) for supply in range(6)]
    # Alike only if every use fits its row at the uses' size: one shrunk to a line of its own
    # would be written smaller than the others (and, grown, no larger than at 100%).
    if all(_use_lines(use, use_size, width, row_h - name_h, use_size) is not None for use in uses):
        return [row_h] * 6
    least = max(min_readable(), least_use)
    for size in range(max(least, use_size), least - 1, -1):  # the uses smaller if need be
        for wrapped_name_h in (name_h, font(smallest, "bold").get_height()):
            needs = []
            for use in uses:
                tried, lines = _use_lines(use, size, width, 10**4, least) or (size, [use, ""])
                head = name_h if len(lines) == 1 else wrapped_name_h
                needs.append(head + len(lines) * font(tried).get_linesize() + 2)
            spare = 6 * row_h - sum(needs)
            if spare >= 0:
                heights = [need + spare // 6 for need in needs]
                heights[-1] += 6 * row_h - sum(heights)
                return heights
    return [row_h] * 6


def _supply_text(surface: pygame.Surface, row: pygame.Rect, x: int, supply_count: tuple[int, int],
                 scale: float, sizing: RowSizing) -> None:
    """A supply's name and its use's lines, sized for a row `sizing.row_h` tall, in `row`, no
    smaller than its least sizes if they fit so; its count."""
    supply, count = supply_count
    row_h = sizing.row_h
    count_w = int(46 * scale)
    width = row.right - count_w - x - 4
    found = _text_sizes(supply, row, x, scale, sizing) or _text_sizes(supply, row, x, scale, RowSizing(row_h))
    if found is None:  # one line, cut: no room for two even at the floor
        name_size = min(int(min(18 * scale, row_h * 0.45)), _least_name())
        size, lines = max(min_readable(), _use_size(row_h, scale)), [supply_use(supply)]
    else:
        name_size, size, lines = found
    name = fit_text(supply_title(supply), name_size, width, pal.INK, "bold")
    uses = [fit_text(line, size, width, pal.soft_ink()) for line in lines]
    top = row.centery - (name.get_height() + sum(use.get_height() for use in uses)) // 2
    surface.blit(name, (x, top))
    top += name.get_height()
    for use in uses:
        surface.blit(use, (x, top))
        top += use.get_height()
    ink = pal.INK if count else pal.soft_ink()  # a zero is quieter, yet still readable
    number = fit_text(str(count), int(min(28 * scale, row_h * 0.8)), count_w, ink, "title")
    surface.blit(number, number.get_rect(midright=(row.right - 6, row.centery)))


def _giving_name(sizing: RowSizing) -> int:
    """The least a supply's name gives way to so that its use keeps its row's size: grown, one
    pixel larger than at 100%, so that the name too is larger than it was then."""
    return sizing.least_name + 1 if sizing.least_name else 0


def _use_size(row_h: int, scale: float) -> int:
    """The size a supply's use is written at in a row `row_h` tall, before it shrinks to fit."""
    return int(min(13 * scale, row_h * 0.32))


def _least_name() -> int:
    """The smallest a supply's name is written: the design's 18 px, or on a window smaller than the
    design (whose floor is lower) the floor."""
    return 18 if min_readable() >= SMALL else min_readable()


def _text_sizes(supply: int, row: pygame.Rect, x: int, scale: float,
                sizing: RowSizing) -> tuple[int, int, list[str]] | None:
    """A supply's name size, its use's size and lines, for a row sized `sizing.row_h` drawn in
    `row` from `x`: the name as large as the row allows, down to no smaller than at 100% if the
    use's lines need it, the use no smaller than its least (None: the use does not fit whole so)."""
    row_h, least_name, least_use = sizing.row_h, sizing.least_name, sizing.least_use
    width = row.right - int(46 * scale) - x - 4
    biggest = int(min(18 * scale, row_h * 0.45))
    use_size = max(_use_size(row_h, scale), least_use)
    # The name gives way before the use does: a use shrunk to one line would be written
    # smaller than the others (and, grown, no larger than at 100%).
    for use_least, name_least in ((use_size, _giving_name(sizing)), (least_use, least_name)):
        for name_size in range(biggest, min(biggest, max(_least_name(), name_least)) - 1, -1):
            name_h = fit_text(supply_title(supply), name_size, width, pal.INK, "bold").get_height()
            found = _use_lines(supply_use(supply), use_size, width, row.h - name_h, use_least)
            if found is not None:
                return name_size, found[0], found[1]
    return None


def _use_lines(use: str, size: int, width: int, room: int, least: int = 0) -> tuple[int, list[str]] | None:
    """A supply's use on one line or two within `width` and `room` pixels' height, smaller down to
    the text floor (or `least`) rather than cut: (size, lines), or None if even that's two do not fit."""
    floor = max(min_readable(), least)
    for tried in range(max(floor, size), floor - 1, -1):
        if fits(use, tried, width, floor=tried):
            return tried, [use]
        lines = wrap_text(use, font(tried), width)
        if len(lines) == 2 and 2 * font(tried).get_linesize() <= room:
            return tried, lines
    return None


def nest_box(surface: pygame.Surface, rect: pygame.Rect, built: bool, scale: float = 1.0) -> None:
    """The little square beside a supply: outlined when empty, filled with straw once a nest is built."""
    if built:
        pygame.draw.rect(surface, (222, 192, 110), rect)
        for k in range(4):
            y = rect.y + (k + 1) * rect.h // 5
            pygame.draw.line(surface, pal.CRUST_DARK, (rect.x + 2, y), (rect.right - 3, y - rect.h // 6), 2)
    pygame.draw.rect(surface, pal.INK if built else _RULE, rect, max(1, int(2 * scale)))


def supply_glyph(surface: pygame.Surface, rect: pygame.Rect, supply: int) -> None:
    """A tiny drawn icon for each supply, so rows are told apart at a glance."""
    color = _GLYPH_COLORS[supply]
    cx, cy, r = rect.centerx, rect.centery, rect.w // 2
    if supply == 0:  # a cocktail sword
        pygame.draw.line(surface, color, (rect.x + 2, rect.bottom - 2), (rect.right - 2, rect.y + 2), 3)
        hilt = (rect.x + r // 2 + 2, rect.bottom - r // 2 - 2)
        pygame.draw.circle(surface, pal.CHERRY, hilt, max(2, r // 3))
    elif supply == 1:  # a bauble
        pygame.draw.circle(surface, color, (cx, cy + 1), max(3, r - 2))
        pygame.draw.circle(surface, pal.WHITE, (cx - r // 3, cy - r // 3), max(1, r // 4))
    elif supply == 2:  # a bundle of straw
        for dx in (-r // 2, 0, r // 2):
            pygame.draw.line(surface, color, (cx + dx, rect.y + 1), (cx + dx // 2, rect.bottom - 1), 2)
    elif supply == 3:  # crumbs
        for dx, dy in ((-r // 2, r // 3), (r // 3, r // 2), (0, -r // 3), (r // 2, -r // 2)):
            pygame.draw.circle(surface, color, (cx + dx, cy + dy), max(2, r // 4))
    elif supply == 4:  # a rag
        pts = [(rect.x + 1, rect.y + 3), (rect.right - 1, rect.y + 1), (rect.right - 3, rect.bottom - 1),
               (rect.x + 3, rect.bottom - 3)]
        pygame.draw.polygon(surface, color, pts)
    else:  # a flower
        for k in range(5):
            ang = k * 2 * math.pi / 5
            pygame.draw.circle(surface, color, (cx + math.cos(ang) * r * 0.5, cy + math.sin(ang) * r * 0.5),
                               max(2, r // 3))
        pygame.draw.circle(surface, pal.LEMON, (cx, cy), max(2, r // 4))


def _items(surface: pygame.Surface, rect: pygame.Rect, title: str, values: Sequence[int], shape: str,
           scale: float) -> None:
    head = fit_text(title, int(18 * scale), rect.w, pal.INK, "bold")
    surface.blit(head, (rect.x, rect.y))
    area = pygame.Rect(rect.x, rect.y + head.get_height() + 2, rect.w, rect.h - head.get_height() - 2)
    item_shapes(surface, area, values, shape, scale)


def item_shapes(surface: pygame.Surface, area: pygame.Rect, values: Sequence[int], shape: str,
                scale: float, max_size: int = 44) -> None:
    """Values drawn in circles (dishes) or diamonds (decorations), wrapping to fit `area`."""
    if not values:
        hint = fit_text(_("none yet"), int(14 * scale), area.w, pal.soft_ink())
        surface.blit(hint, (area.x + 4, area.y + 2))
        return
    # A value is the point of the shape: the shape grows (past `max_size` if need be) rather than
    # show "12" as "…" (the replay's and the ceremony's small cards).
    size = max(_shape_size(area, len(values), int(max_size * scale)), _fits_number(values))
    per_row = max(1, area.w // (size + 4))
    for i, value in enumerate(values):
        row, col = divmod(i, per_row)
        cell = pygame.Rect(area.x + col * (size + 4), area.y + row * (size + 4), size, size)
        _shape(surface, cell, shape)
        # A value may reach the shape's edge rather than be cut ("13" in a small circle).
        number = fit_text(str(value), int(size * 0.45), size, pal.INK, "bold")
        surface.blit(number, number.get_rect(center=cell.center))


def _fits_number(values: Sequence[int]) -> int:
    """The smallest shape whose widest value fits whole at the smallest readable size."""
    widest = max(font(min_readable(), "bold").size(str(v))[0] for v in values)
    return widest + 8  # and clear of the outline


def _shape_size(area: pygame.Rect, count: int, biggest: int) -> int:
    size = max(12, min(biggest, area.h))
    while size > 12:
        per_row = max(1, area.w // (size + 4))
        if math.ceil(count / per_row) * (size + 4) <= area.h + 4:
            break
        size -= 2
    return size


def _shape(surface: pygame.Surface, cell: pygame.Rect, shape: str) -> None:
    width = max(2, cell.w // 16)
    if shape == "circle":
        pygame.draw.circle(surface, pal.CREAM, cell.center, cell.w // 2 - 1)
        pygame.draw.circle(surface, pal.INK, cell.center, cell.w // 2 - 1, width)
        return
    cx, cy, r = cell.centerx, cell.centery, cell.w // 2 - 1
    points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    pygame.draw.polygon(surface, pal.CREAM, points)
    pygame.draw.polygon(surface, pal.INK, points, width)


def awards_row(surface: pygame.Surface, rect: pygame.Rect, count: int, scale: float) -> None:
    """'Awards: 9' with that many little rosettes (as many as fit)."""
    label = fit_text(_("Awards: {n}").format(n=count), int(18 * scale), rect.w // 2, pal.INK, "bold")
    surface.blit(label, label.get_rect(midleft=(rect.x, rect.centery)))
    r = max(4, int(7 * scale))
    x = rect.x + label.get_width() + int(10 * scale)
    for _k in range(count):
        if x + 2 * r > rect.right:
            break
        pygame.draw.circle(surface, pal.GOLD, (x + r, rect.centery), r)
        pygame.draw.circle(surface, pal.CHERRY, (x + r, rect.centery), max(2, r // 2))
        x += 2 * r + 3


def draw_hidden_sheet(surface: pygame.Surface, rect: pygame.Rect, text: str, scale: float = 1.0) -> None:
    """A folded sheet: the secret side is turned away while the device changes hands."""
    paper(surface, rect, scale)
    for k in range(1, 12):
        y = rect.y + k * rect.h // 12
        pygame.draw.line(surface, _RULE, (rect.x + 16, y), (rect.right - 16, y), 1)
    # The words sit on a plain label laid over the ruled lines, so no line runs through them.
    fnt = font(max(min_readable(), int(20 * scale)), "bold")
    lines = wrap_text(text, fnt, rect.w - int(60 * scale))
    step = fnt.get_linesize()
    label = pygame.Rect(0, 0, max(fnt.size(line)[0] for line in lines) + int(28 * scale),
                        step * len(lines) + int(18 * scale))
    label.center = rect.center
    radius = max(4, int(8 * scale))
    pygame.draw.rect(surface, pal.CREAM, label, border_radius=radius)
    pygame.draw.rect(surface, pal.soft_ink(), label, max(1, int(2 * scale)), border_radius=radius)
    y = label.y + int(9 * scale)
    for line in lines:
        image = fnt.render(line, True, pal.soft_ink())
        surface.blit(image, image.get_rect(midtop=(label.centerx, y)))
        y += step


def draw_rat_card(surface: pygame.Surface, rect: pygame.Rect, card: RatCard, scale: float = 1.0,
                  hat: bool = True) -> None:
    """A small public card: portrait, name, hat, vocation, what the rat last said, and any revealed items.
    `hat=False` leaves the Host's hat (which reaches above the card) to `draw_host_hat`."""
    edge = pal.HIGHLIGHT if card.acting else (pal.CHERRY if card.is_viewer else pal.soft_ink())
    paper(surface, rect, scale, edge)
    if card.acting:
        radius = max(4, int(10 * scale))
        pygame.draw.rect(surface, pal.HIGHLIGHT, rect, max(2, int(4 * scale)), border_radius=radius)
    pad = int(6 * scale)
    size = min(int(40 * scale), rect.h - 2 * pad)
    surface.blit(rats_art.seat_rat(card.seat, size), (rect.x + pad, rect.y + pad))
    if card.is_host and hat:
        draw_host_hat(surface, rect, scale)
    # The seat's shape in its colour on the portrait's corner, as every table marks its seats:
    # the colour is not the only thing telling rats apart (and the name keeps its room).
    mark_r = max(5, int(8 * scale))
    corner = (rect.x + pad + size - mark_r + 2, rect.y + pad + size - mark_r + 2)
    draw_seat_mark(surface, card.seat, corner, mark_r, pal.SEAT_COLORS[card.seat % len(pal.SEAT_COLORS)])
    x = rect.x + pad * 2 + size
    width = rect.right - pad - x
    under = pygame.Rect(rect.x + pad, rect.y + pad + size + int(4 * scale), rect.w - 2 * pad, 0)
    under.h = rect.bottom - pad - under.y
    text_bottom = _card_words(surface, pygame.Rect(x, rect.y + pad, width, rect.h - 2 * pad), card, scale,
                              under)
    below = pygame.Rect(rect.x + pad, max(rect.y + pad + size + int(4 * scale), text_bottom + 2),
                        rect.w - 2 * pad, 0)
    below.h = rect.bottom - pad - below.y
    if card.revealed is not None and below.h > 10:
        _revealed(surface, below, card.revealed, scale)
    elif card.said and below.h > 10:
        size = max(min_readable(), int(13 * scale))
        said, lines = f"“{card.said}”", below.h // font(size).get_linesize()
        if lines >= 2:  # on the lines the card holds, whole where they do
            surface.blit(fit_lines(said, size, below.w, pal.INK, most=lines), below.topleft)
        else:
            surface.blit(font(size).render(ellipsize(said, size, below.w), True, pal.INK), below.topleft)


def card_name_and_who(card: RatCard, width: int, scale: float) -> tuple[str, str]:
    """A rat card's name line and who-line (Host, vocation, awards) on a card whose words have
    `width` beside the portrait: on a narrow card " (you)" leaves the name for the who-line."""
    name = card.name or rat_name(card.seat)
    awards = card.awards
    sub = _vocation_line(card) + (
        ngettext(" · {n} award", " · {n} awards", awards).format(n=awards) if awards is not None else "")
    if card.is_viewer:
        whole = name + _(" (you)")
        # Whole at the name's own size, else " (you)" moves down (the name is never smaller for it).
        if fits(whole, int(17 * scale), width, "bold", int(17 * scale)):
            name = whole
        else:
            sub = _(" (you)").strip() + " " + sub
    return name, sub


def who_lines(sub: str, size: int, width: int) -> list[str]:
    """A who-line on as many lines `width` wide as it takes, rather than smaller: grown, a line
    shrunk to fit would be no larger than at 100%. A word wider than `width` keeps a line of its
    own, too wide (who_fits says so)."""
    return [sub] if fits(sub, size, width, floor=size) else wrap_text(sub, font(size), width)


def who_fits(lines: Sequence[str], size: int, width: int) -> bool:
    """Every line of a who-line whole in `width` at `size`."""
    return all(fits(line, size, width, floor=size) for line in lines)


def _card_words(surface: pygame.Surface, box: pygame.Rect, card: RatCard, scale: float,
                under: pygame.Rect) -> int:
    """A rat card's name, then who it is on as many lines as `box` holds, whole; a who-line with a
    word too wide for the room beside the portrait ("Carpintero" on a 110 px card at 900x560 and
    150%) goes under the portrait, across the card (`under`). Returns their bottom."""
    name, sub = card_name_and_who(card, box.w, scale)
    surface.blit(fit_text(name, int(17 * scale), box.w, pal.INK, "bold"), box.topleft)
    size = max(min_readable(), int(13 * scale))
    top = box.y + int(20 * scale)
    lines = who_lines(sub, size, box.w)
    if not who_fits(lines, size, box.w):
        box, top = under, under.y
        lines = who_lines(sub, size, box.w)
    most = max(1, (box.bottom - top) // font(size).get_linesize())
    lines = lines[: most - 1] + [" ".join(lines[most - 1 :])] if len(lines) > most else lines
    for line in lines:
        image = fit_text(line, size, box.w, pal.soft_ink())
        surface.blit(image, (box.x, top))
        top += image.get_height()
    return top


def draw_host_hat(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0) -> None:
    """The Host's top hat on the portrait of the rat card at `rect` (it reaches above the card)."""
    pad = int(6 * scale)
    size = min(int(40 * scale), rect.h - 2 * pad)
    hat = rats_art.host_hat(int(28 * scale))
    surface.blit(hat, hat.get_rect(midbottom=(rect.x + pad + size // 2, rect.y + pad + int(8 * scale))))


def ellipsize(text: str, size: int, width: int) -> str:
    """`text` cut with an ellipsis so it fits `width` pixels at font `size` (readable, not shrunk)."""
    return fit(text, size, width, floor=size)[0]


def _revealed(surface: pygame.Surface, rect: pygame.Rect, revealed: dict[str, Any], scale: float) -> None:
    half = rect.w // 2
    item_shapes(surface, pygame.Rect(rect.x, rect.y, half - 2, rect.h), revealed.get("dishes", []), "circle",
                scale, 22)
    item_shapes(surface, pygame.Rect(rect.x + half, rect.y, half, rect.h), revealed.get("decorations", []),
                "diamond", scale, 22)
