"""A chef's serving line: a chip for each dessert served (its kind and points, and every card's
quality), every one of them whenever the line can hold them at the felt's smallest text."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from pie_table.games.cheflebrity.ui.faces import band_color, card_face
from pie_table.games.cheflebrity.ui.layout import Layout, felt_size
from pie_table.games.cheflebrity.ui.names import kind_label
from pie_table.kit import palette as pal
from pie_table.kit.art_draw import darker
from pie_table.kit.fonts import fits, font, min_readable
from pie_table.kit.i18n import _, current_language
from pie_table.kit.text import fit_text, wrap_text

# How much of the felt's scale the chips' text gives up at a time, when the line cannot hold them all.
_STEP = 0.05
_FORMS = ("whole", "brief", "wrapped")  # a chip's, the one saying most first (see _Plan)


def _size(lay: Layout, base: float) -> int:
    return felt_size(base, lay.scale, lay.text)


@dataclass(frozen=True)
class _Plan:
    """How a serving line's chips are laid out: at `lay`'s text size, `cols` x `rows` of them."""

    lay: Layout
    cols: int
    rows: int
    chip_w: int
    chip_h: int
    form: str  # "whole": the cards' qualities under the kind; "brief": without; "wrapped": the kind wrapped
    kept: tuple[int, int]  # the height the kept cards take at the line's foot, and how far right they reach
    beside: bool  # the "+n more" line beside the line's name (else in its lower right corner)
    by_kept: bool  # ... beside the kept cards (else above them)
    more_h: int

    @property
    def holds(self) -> int:
        return self.rows * self.cols


def draw_served(
    surface: pygame.Surface, lay: Layout, served: list[Any], kept_cards: list[list[Any]], serve: pygame.Rect,
    top: int,
) -> None:
    """Served desserts in the serving line, below its name (`top`) and above the cards kept for
    their bonuses: one chip each, every one of them if the line can hold them (see _plan); only a
    line too small even then shows the latest, and how many more."""
    plan = _plan(lay, served, kept_cards, serve, top)
    chips = plan.lay
    _draw_kept(surface, chips, kept_cards, serve, serve.h - top)
    pad = int(8 * lay.scale)
    shown = served[len(served) - plan.holds :] if len(served) > plan.holds else served
    for i, pie in enumerate(shown):
        col, row = divmod(i, max(1, plan.rows))
        x, y = serve.x + pad // 2 + col * (plan.chip_w + 4), serve.y + top + row * (plan.chip_h + 3)
        rect = pygame.Rect(x, y, plan.chip_w, plan.chip_h)
        served_chip(surface, chips, rect, pie, values=plan.form == "whole")
    if len(shown) < len(served):
        words = _("+{n} more").format(n=len(served) - len(shown))
        more = fit_text(words, _size(chips, 12), int(80 * chips.text), pal.soft_ink())
        kept_h = plan.kept[0]
        corner = {"topright": (serve.right - 4, serve.y)} if plan.beside else {
            "bottomright": (serve.right - 4, max(serve.y + top + plan.more_h,  # never over the line's name
                                                 serve.bottom - 3 - (0 if plan.by_kept else kept_h)))}
        surface.blit(more, more.get_rect(**corner))


def chips_shown(lay: Layout, served: list[Any], kept_cards: list[list[Any]], serve: pygame.Rect,
                top: int) -> int:
    """How many of `served` draw_served shows in `serve` (the rest are counted in "+n more")."""
    return min(len(served), _plan(lay, served, kept_cards, serve, top).holds)


# Plans already worked out: a table draws each serving line every frame (and asks how many it shows
# for two working-line widths), a plan costs a few hundred text measurements, and a line changes
# only when a dessert is served or kept. A plan reads the layout's scale and text size only.
_PLANS: dict[tuple[Any, ...], _Plan] = {}
_PLANS_KEPT = 256


def _plan(lay: Layout, served: list[Any], kept_cards: list[list[Any]], serve: pygame.Rect, top: int) -> _Plan:
    """`_work_out_plan`, once for each line as it stands, at each size and in each language."""
    key = (lay.scale, lay.text, min_readable(), current_language(), repr(served), repr(kept_cards),
           tuple(serve), top)
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= _PLANS_KEPT:
            _PLANS.clear()
        plan = _PLANS[key] = _work_out_plan(lay, served, kept_cards, serve, top)
    return plan


def _work_out_plan(lay: Layout, served: list[Any], kept_cards: list[list[Any]], serve: pygame.Rect,
                   top: int) -> _Plan:
    """Every chip whole with its cards' qualities if they all fit; else without them (the score
    and the results tell those), in as many columns as their kinds allow; else narrower chips,
    their kinds wrapped beside their points; else all that with the chips' text and the kept
    cards smaller, step by step down to their size at 100% (never below): a dessert's name is
    hidden behind "+n more" only when even that does not hold them all (then whichever shows most)."""
    tried: list[_Plan] = []
    text = lay.text
    while True:
        sized = replace(lay, text=text)
        kept = _draw_kept(None, sized, kept_cards, serve, serve.h - top)
        for form in _FORMS:
            tried.append(_arrange(sized, served, serve, top, kept, form))
            if tried[-1].holds >= len(served) and kept[0] <= serve.h - top:
                return tried[-1]
        if text <= lay.scale:
            # (the first, the largest, of those equal; the kept cards clear of the line's name first)
            return max(tried, key=lambda plan: (plan.kept[0] <= serve.h - top, plan.holds))
        text = max(lay.scale, text - _STEP * lay.scale)


def _arrange(lay: Layout, served: list[Any], serve: pygame.Rect, top: int, kept: tuple[int, int],
             form: str) -> _Plan:
    """The chips at `lay`'s text size, in `form` (see _Plan)."""
    pad = int(8 * lay.scale)
    # As many chips to a row as hold the widest whole: fewer, wider ones rather than cut kinds;
    # in one column still too narrow, the kind and the cards' qualities wrap in a taller chip.
    least = int((56 if form == "wrapped" else 104) * lay.scale)
    needed = max([least, *(_chip_needs(lay, pie, form) + 4 for pie in served)])
    cols = max(1, (serve.w - pad) // needed)
    chip_w = (serve.w - pad - (cols - 1) * 4) // cols
    more_h = font(_size(lay, 12)).get_height()
    # "+n more" beside the line's name if it leaves room, else in the lower right corner: beside
    # the kept cards if they leave room, else above them.
    kept_h, kept_w = kept
    more_w = font(_size(lay, 12)).size(_("+{n} more").format(n=len(served)))[0] + 8
    beside = top <= more_h + 1 and fits(_("Serving line"), _size(lay, 12), serve.w - more_w - 4)
    by_kept = bool(kept_h and kept_w + more_w <= serve.w)
    where = (cols, serve.h - top - kept_h, more_h, beside or by_kept)
    chip_h, rows = _chip_rows(lay, served, chip_w, where, form == "whole")
    return _Plan(lay, cols, rows, chip_w, chip_h, form, kept, beside, by_kept, more_h)


def _chip_rows(
    lay: Layout, served: list[Any], chip_w: int, room: tuple[int, int, int, bool], values: bool = False
) -> tuple[int, int]:
    """(chip height, rows) for `served` as chips `chip_w` wide with (or without) their cards'
    qualities, in `room`: (columns, height, the "+n more" line's height, whether that line sits
    beside the line's name rather than below the chips)."""
    cols, height, more_h, beside = room
    shapes = [_chip_lines(lay, pie, chip_w) for pie in served]
    heads = max([1, *(len(shape[0]) for shape in shapes)])
    lines = max([1, *(len(shape[1]) for shape in shapes)]) if values else 0
    chip_h = heads * font(_size(lay, 13), "bold").get_height() + lines * font(_size(lay, 12)).get_height() + 8
    rows = height // (chip_h + 3)
    if rows * cols < len(served) and not beside:  # the "+n more" line below the chips
        rows = max(0, (height - more_h) // (chip_h + 3))
    return chip_h, rows


def _chip_words(pie: dict[str, Any]) -> tuple[str, str]:
    """A served chip's two lines: its kind and points, and each card's quality."""
    from pie_table.games.cheflebrity.pies import card_quality

    words = _("{kind} · {points}").format(kind=kind_label(pie["kind"]), points=pie["quality"])
    return words, " ".join(str(card_quality(c)) for c, _p in pie["cards"])


def _chip_needs(lay: Layout, pie: dict[str, Any], form: str) -> int:
    """How wide a served chip must be for its lines whole (its colour band a 14th of it): its kind
    and points, with its cards' qualities ("whole"), or its kind's longest word beside its points
    ("wrapped")."""
    words, qualities = _chip_words(pie)
    bold = font(_size(lay, 13), "bold")
    head = bold.size(words)[0]
    if form == "wrapped":
        longest = max(bold.size(word)[0] for word in kind_label(pie["kind"]).split())
        head = longest + bold.size(str(pie["quality"]))[0] + 6
    line = font(_size(lay, 12)).size(qualities)[0] if form == "whole" else 0
    return (max(head, line) + 8) * 14 // 13 + 2


def served_chip(
    surface: pygame.Surface, lay: Layout, rect: pygame.Rect, pie: dict[str, Any], values: bool = True
) -> None:
    """A served pie or tart, small: its filling's colour, kind and points, then (with `values`)
    each card's quality."""
    filling = next((c for c, part in pie["cards"] if part == "filling"), pie["cards"][0][0])
    color = band_color(filling, "filling")
    pygame.draw.rect(surface, pal.CREAM, rect, border_radius=6)
    pygame.draw.rect(
        surface, color, pygame.Rect(rect.x, rect.y, max(5, rect.w // 14), rect.h), border_radius=6
    )
    pygame.draw.rect(surface, darker(color, 0.2), rect, 2, border_radius=6)
    x, y = rect.x + rect.w // 14 + 5, rect.y + 3
    heads, qualities, beside = _chip_lines(lay, pie, rect.w)
    if beside:  # the kind on its own lines, its points whole at their right
        points = fit_text(str(pie["quality"]), _size(lay, 13), rect.w, pal.INK, "bold")
        surface.blit(points, points.get_rect(topright=(rect.right - 3, y)))
    for part in heads:
        head = fit_text(part, _size(lay, 13), _chip_inner(rect.w), pal.INK, "bold")
        surface.blit(head, (x, y))
        y += head.get_height()
    for part in qualities if values else []:
        line = fit_text(part, _size(lay, 12), _chip_inner(rect.w), pal.soft_ink())
        surface.blit(line, (x, y))
        y += line.get_height()


def _chip_inner(chip_w: int) -> int:
    """The width a served chip's lines have, right of its colour band."""
    return chip_w - chip_w // 14 - 8


def _chip_lines(lay: Layout, pie: dict[str, Any], chip_w: int) -> tuple[list[str], list[str], bool]:
    """A served chip's lines for a chip `chip_w` wide: its kind and points (on a narrow chip the
    kind on up to two lines with its points beside them, or else under them), then the cards'
    qualities (up to three lines); and whether the points go beside the kind."""
    words, values = _chip_words(pie)
    inner, bold = _chip_inner(chip_w), font(_size(lay, 13), "bold")
    heads, kind, beside = [words], kind_label(pie["kind"]), False
    room = inner - bold.size(str(pie["quality"]))[0] - 6
    if bold.size(words)[0] > inner:
        beside = max(bold.size(word)[0] for word in kind.split()) <= room
        heads = wrap_text(kind, bold, room if beside else inner)
        heads = heads[:1] + [" ".join(heads[1:])] if len(heads) > 2 else heads
        heads += [] if beside else [_("{n} pts").format(n=pie["quality"])]
    lines = wrap_text(values, font(_size(lay, 12)), inner)
    return heads, lines[:2] + [" ".join(lines[2:])] if len(lines) > 3 else lines, beside


def _draw_kept(
    surface: pygame.Surface | None, lay: Layout, kept: list[list[Any]], box: pygame.Rect, room: int
) -> tuple[int, int]:
    """Successful Sabotage! and Saved it! cards kept face up for their bonuses: a small card of each
    kind with how many, in the serving line's lower corner, under its name (`room`: the height
    the name leaves; the cards' pictures shrink to it, their counts no smaller than their
    size). Returns the height they take and how far right their lowest row reaches (0, 0 with
    none); only measured with no `surface`."""
    if not kept:
        return 0, 0
    kinds, counts = _kept_kinds(lay, kept)
    h = _size(lay, 30)
    rows = _kept_rows(box.w, h, counts)
    if rows * (h + 3) + 3 > room:  # a short line (a rival's, its name on three lines at 200%)
        h = max(counts[0].get_height(), (room - 3 - 3 * rows) // rows)
        rows = _kept_rows(box.w, h, counts)
    x, bottom = box.x + 4, box.bottom - 3
    for cards, count in zip(kinds, counts, strict=True):
        w = int(h * 0.7)
        if x > box.x + 4 and x + w + 2 + count.get_width() > box.right - 2:
            x, bottom = box.x + 4, bottom - h - 3  # a narrow line: the next kind above, not past its edge
        if surface is not None:
            surface.blit(card_face(cards[0], w, h), (x, bottom - h))
            surface.blit(count, count.get_rect(bottomleft=(x + w + 2, bottom)))
        x += w + 2 + count.get_width() + 8
    return box.bottom - bottom + h + 3, x - box.x


def kept_least(lay: Layout, kept: list[list[Any]], width: int) -> int:
    """The least height the kept cards take in a serving line `width` wide (their pictures as
    small as their counts' text): what its name must leave them."""
    counts = _kept_kinds(lay, kept)[1]
    if not counts:
        return 0
    h = counts[0].get_height()
    return _kept_rows(width, h, counts) * (h + 3) + 3


def _kept_kinds(lay: Layout, kept: list[list[Any]]) -> tuple[list[list[Any]], list[pygame.Surface]]:
    """The kept cards by kind (Sabotage! first, then Saved it!, a kind with none left out), and
    each kind's "×n" as written beside its card."""
    kinds = [cards for cards in ([k[0] for k in kept if k[1] == w] for w in ("sabotage", "saved")) if cards]
    counts = [fit_text(f"×{len(c)}", _size(lay, 13), int(40 * lay.text), pal.INK, "bold") for c in kinds]
    return kinds, counts


def _kept_rows(width: int, h: int, counts: list[pygame.Surface]) -> int:
    """How many rows _draw_kept puts the kept kinds on, cards `h` high, in a line `width` wide."""
    w = int(h * 0.7)
    both = 4 + w + 2 + counts[0].get_width() + 8 + w + 2 + counts[-1].get_width()
    return 2 if len(counts) > 1 and both > width - 2 else 1
