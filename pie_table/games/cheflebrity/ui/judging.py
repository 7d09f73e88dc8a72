"""The end of a Cheflebrity game on the felt: every chef's served desserts with their points, then
each bonus with who took it and why, the totals and the winner. Every line wraps rather than
being cut: the awards are why a chef won."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.games.cheflebrity.ui.names import kind_label
from pie_table.games.cheflebrity.ui.results_words import bonus_line, results_text
from pie_table.games.cheflebrity.ui.table_paint import seat_color
from pie_table.kit import palette as pal
from pie_table.kit.art_draw import darker
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import _
from pie_table.kit.log_panel import paper
from pie_table.kit.text import fit_text, wrap_text
from pie_table.scenes.turn_table.look import results_prompt


def draw_judging(table: Any, surface: pygame.Surface, view: dict[str, Any]) -> None:
    """The judging over the table, once the game is over (nothing before)."""
    result = view.get("result")
    if not result:
        return
    lay = table.layout
    area = pygame.Rect(
        lay.top_bar.x, lay.top_bar.bottom + 6, lay.top_bar.w, lay.hand.bottom - lay.top_bar.bottom - 6
    )
    paper(surface, area, lay.scale, edge=pal.GOLD)
    left_w = int(area.w * 0.52)
    order = sorted(range(view["seats"]), key=lambda seat: -result["totals"][seat])
    details = [_detail(result, seat) for seat in order]
    bonuses = [bonus_line(b, table.names, result.get("quality_rule", "count")) for b in result["bonuses"]]
    s = _judging_scale(lay, area, left_w, details, bonuses)
    pad = int(12 * s)
    title, _lines = results_text(view, table.player_names())
    head = fit_text(title, int(28 * s), area.w - 2 * pad, pal.CHERRY, "title")
    surface.blit(head, head.get_rect(midtop=(area.centerx, area.y + pad)))
    top = area.y + pad * 2 + head.get_height()
    room, size = area.bottom - pad - top, int(14 * s)
    rows = [_row_h(detail, s, left_w - pad) for detail in details]
    # Spread over the paper when everything fits, one under the other when it does not.
    spread = max(int(40 * s), room // max(1, len(order))) if sum(rows) <= room else 0
    y = top
    for seat, detail, row_h in zip(order, details, rows, strict=True):
        crowned = seat in view["winners"]
        name = fit_text(("★ " if crowned else "") + table.names(seat), int(18 * s), int(left_w * 0.5),
                        pal.CHERRY if crowned else darker_ink(seat), "bold")
        surface.blit(name, (area.x + pad, y))
        total = fit_text(_("{total} points").format(total=result["totals"][seat]), int(18 * s),
                         int(left_w * 0.45), pal.INK, "bold")
        surface.blit(total, total.get_rect(topright=(area.x + left_w, y)))
        line_y = y + int(6 * s)
        for part in _wrap(detail, size, left_w - pad):
            image = fit_text(part, size, left_w - pad, pal.soft_ink())
            line_y += image.get_height()
            surface.blit(image, (area.x + pad, line_y))
        y += max(row_h, spread)
    x = area.x + left_w + pad * 2
    width = area.right - pad - x
    heights = [len(_wrap(line, size, width)) * _line_h(size) for line in bonuses]
    share = room // max(1, len(bonuses)) if sum(heights) <= room else 0
    y = top
    for bonus, line, height in zip(result["bonuses"], bonuses, heights, strict=True):
        ink = pal.INK if bonus["seats"] else pal.soft_ink()
        for i, part in enumerate(_wrap(line, size, width)):
            surface.blit(fit_text(part, size, width, ink), (x, y + i * _line_h(size)))
        y += max(height, share)
    results_prompt(table, surface, area, int(4 * s))


def darker_ink(seat: int) -> tuple[int, int, int]:
    """A seat's colour dark enough to write with on the paper."""
    return darker(seat_color(seat), 0.3)


def _detail(result: dict[str, Any], seat: int) -> str:
    desserts = ", ".join(f"{kind_label(d['kind'])} {d['quality']}" for d in result["desserts"][seat])
    return _("Served: {list} = {q}; bonuses +{b}").format(
        list=desserts or _("nothing"), q=result["quality"][seat], b=result["bonus_points"][seat]
    )


def _row_h(detail: str, s: float, width: int) -> int:
    """A chef's row: the name, the desserts on the lines they wrap to (two kept for at least)."""
    lines = max(2, len(_wrap(detail, int(14 * s), width)))
    return _line_h(int(18 * s), "bold") + lines * _line_h(int(14 * s)) + int(6 * s)


def _judging_scale(lay: Any, area: pygame.Rect, left_w: int, details: list[str], bonuses: list[str]) -> float:
    """The felt's text size for the judging, as far as its bonus lines and its chefs' rows, wrapped,
    all fit in `area` under the title; never below the table's."""
    scale = lay.text
    while scale > lay.scale:
        pad = int(12 * scale)
        room = area.h - int(36 * scale) - _line_h(int(28 * scale), "title")
        size, width = int(14 * scale), area.w - left_w - 3 * pad
        rows = sum(_row_h(detail, scale, left_w - pad) for detail in details)
        lines = sum(len(_wrap(line, size, width)) for line in bonuses)
        if lines * _line_h(size) <= room and rows <= room:
            break
        scale = max(lay.scale, scale - 0.05)
    return scale


def _line_h(size: int, face: str = "sans") -> int:
    return font(max(min_readable(), size), face).get_height()


def _wrap(text: str, size: int, width: int) -> list[str]:
    return wrap_text(text, font(max(min_readable(), size)), width)  # the size fit_text draws it at
