"""Painting the Cheflebrity table from a view: the piles, every chef's working and serving lines,
the hand, the turn's steps. Each painter returns the zones it drew (what a click or a drop hits)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from pie_table.games.cheflebrity.deck import GENIUS, KIND, PARTS
from pie_table.games.cheflebrity.ui.faces import card_back, card_face, name_margin, part_strip
from pie_table.games.cheflebrity.ui.layout import Layout, felt_size, head_height
from pie_table.games.cheflebrity.ui.names import kind_label
from pie_table.games.cheflebrity.ui.served import chips_shown, draw_served, kept_least
from pie_table.kit import palette as pal
from pie_table.kit.art_draw import darker, lighter
from pie_table.kit.backdrop import backdrop as kept_backdrop
from pie_table.kit.fonts import fits, font, min_readable
from pie_table.kit.i18n import N_, _
from pie_table.kit.log_panel import paper
from pie_table.kit.marks import draw_picked, draw_seat_mark, draw_target
from pie_table.kit.text import fit_lines, fit_text, share_widths, wrap_text

STEPS = (
    ("draw", N_("Drawing")),
    ("discard", N_("Discarding")),
    ("play", N_("Playing")),
    ("serve", N_("Serving")),
    ("trade", N_("Trading")),
)
_STEP_OF = {"draw": 0, "discard": 1, "redraw": 1, "play": 2, "main": 3}


@dataclass
class Zone:
    """Something drawn that a click or a drop can hit."""

    kind: str  # hand | leftover | deck | leftovers | out | pie | more_pies | new_pie | serving | seat
    value: int
    rect: pygame.Rect
    owner: int = -1


def seat_color(seat: int) -> tuple[int, int, int]:
    return pal.SEAT_COLORS[seat % len(pal.SEAT_COLORS)]


def _size(lay: Layout, base: float) -> int:
    return felt_size(base, lay.scale, lay.text)


def backdrop(lay: Layout) -> pygame.Surface:
    """What never changes for a layout (the felt, the top bar, the piles' and chefs' areas, the
    hand's wood, the papers of the move list and the log), painted once: filling those areas
    afresh every frame cost about 1 ms at 1920x1080 (see kit.backdrop)."""
    seats = (lay.seats[k] for k in sorted(lay.seats))
    rects = (lay.top_bar, lay.piles, lay.leftovers, lay.hand, lay.moves, lay.log, *seats)

    def paint(surface: pygame.Surface) -> None:
        s = lay.scale
        _bar_fill(surface, lay.top_bar)
        _piles_fill(surface, lay.piles, s)
        _leftovers_fill(surface, lay.leftovers, s)
        for area in lay.seats.values():
            _seat_fill(surface, area, s)
        _hand_fill(surface, lay.hand, s)
        paper(surface, lay.moves, s)
        paper(surface, lay.log, s)

    return kept_backdrop("cheflebrity", lay.size, rects, paint, lay.scale)


def leftover_card(lay: Layout) -> tuple[int, int]:
    """The size of a card fanned on the Leftovers."""
    card_h = lay.leftovers.h - max(int(24 * lay.scale), lay.caption_h + 4)  # its caption below
    return int(card_h * 0.7), card_h


def warm_faces(lay: Layout) -> None:
    """Paint every card's face at the sizes this layout shows them (hand, piles, Leftovers) and its
    pie strip, so a card seen for the first time mid-game costs no frame (~0.3 ms each)."""
    sizes = (lay.hand_card, lay.pile_card, leftover_card(lay))
    for card, kind in enumerate(KIND):
        for w, h in sizes:
            card_face(card, w, h)
        for part in PARTS if kind == GENIUS else ((kind,) if kind in PARTS else ()):
            part_strip(card, part, *lay.strip)


def _bar_fill(surface: pygame.Surface, bar: pygame.Rect) -> None:
    pygame.draw.rect(surface, pal.WOOD_DARK, bar, border_radius=bar.h // 3)


def _piles_fill(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    pygame.draw.rect(surface, darker(pal.FELT, 0.15), rect, border_radius=int(12 * s))


def _leftovers_fill(surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
    pygame.draw.rect(surface, darker(pal.FELT, 0.05), area, border_radius=int(10 * s))


def _seat_fill(surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
    pygame.draw.rect(surface, darker(pal.FELT, 0.08), area, border_radius=int(12 * s))


def _hand_fill(surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
    pygame.draw.rect(surface, darker(pal.bar_wood(), 0.25), area, border_radius=int(12 * s))


def draw_top_bar(
    surface: pygame.Surface, lay: Layout, view: dict[str, Any], banner: str, painted: bool = False
) -> None:
    """The banner and the turn's steps (`painted`: the bar is on the backdrop already)."""
    bar = lay.top_bar
    if not painted:
        _bar_fill(surface, bar)
    pad = int(10 * lay.scale)
    size = _size(lay, 13)
    current = -1 if view["over"] else _STEP_OF.get(view["step"], -1)
    if view["step"] == "main" and view["served_now"]:
        current = 4
    # Each step's chip is as wide as its name needs ("Intercambio" more than "Robo"). A banner whose
    # first sentence two lines cannot hold takes room from the steps: first their spare width, then
    # every step but the one in play (the banner names who acts and on what; the steps repeat it).
    steps = list(enumerate(STEPS))
    needs = [font(size, "bold").size(_(name))[0] + 14 for _key, name in STEPS]
    steps_w = min(max(int(bar.w * 0.56), sum(needs)), int(bar.w * 0.7))
    first = banner.split(". ")[0]
    for narrower in (sum(needs), None):
        if _two_lines(first, _size(lay, 13), bar.w - steps_w - 2 * pad):
            break
        if narrower is None:
            steps = [(i, step) for i, step in steps if i == current or (i == 4 and current == 3)]
            needs = [needs[i] for i, _step in steps]
        steps_w = min(steps_w, sum(needs))
    room = bar.w - steps_w - 2 * pad
    if font(_size(lay, 18), "bold").size(banner)[0] <= room:
        text = fit_text(banner, _size(lay, 18), room, pal.CREAM, "bold")
    else:  # two lines of the small size (the bar is tall enough for them) rather than a cut
        text = fit_lines(_first_sentences(banner, _size(lay, 13), room), _size(lay, 13), room,
                         pal.CREAM, "bold", most=2)
    surface.blit(text, text.get_rect(midleft=(bar.x + pad, bar.centery)))
    x = bar.right - steps_w
    for (i, (_key, name)), cell in zip(steps, share_widths(needs, steps_w), strict=True):
        box = pygame.Rect(x + 2, bar.y + 4, cell - 4, bar.h - 8)
        x += cell
        on = i == current or (i == 4 and current == 3)
        done = i < current
        pygame.draw.rect(
            surface,
            pal.GOLD if on else (darker(pal.bar_wood(), 0.1) if done else pal.bar_wood()),
            box,
            border_radius=box.h // 2,
        )
        label = fit_text(_(name), size, box.w - 8, pal.INK if on else pal.CREAM, "bold" if on else "sans")
        surface.blit(label, label.get_rect(center=box.center))
    if view["final_by"] is not None and not view["over"]:
        tag = fit_text(_("Final round"), _size(lay, 13), int(120 * lay.text), pal.CREAM, "bold")
        box = tag.get_rect(midright=(bar.right - steps_w - pad, bar.centery)).inflate(12, 4)
        pygame.draw.rect(surface, pal.DANGER, box, border_radius=box.h // 2)
        surface.blit(tag, tag.get_rect(center=box.center))


def _longest_word(text: str, size: int) -> int:
    """The width of `text`'s widest word in the bold face at `size`."""
    fnt = font(size, "bold")
    return max(fnt.size(word)[0] for word in text.split())


def _two_lines(text: str, size: int, room: int) -> bool:
    """Whether `text` wraps onto two lines `room` wide with no word wider than a line."""
    fnt = font(size, "bold")
    return len(wrap_text(text, fnt, room)) <= 2 and all(fnt.size(word)[0] <= room for word in text.split())


def _first_sentences(banner: str, size: int, room: int) -> str:
    """As much of `banner` as two lines `room` wide hold, in whole sentences: what happened (with
    its names) before what may be done about it, which the moves box says too."""
    fnt = font(size, "bold")
    sentences = banner.split(". ")
    for count in range(len(sentences), 0, -1):
        text = ". ".join(sentences[:count])
        text = text if count == len(sentences) or text.endswith((".", "!", "?")) else text + "."
        if len(wrap_text(text, fnt, room)) <= 2:
            return text
    return sentences[0]


def draw_piles(
    surface: pygame.Surface,
    lay: Layout,
    view: dict[str, Any],
    lit: set[int],
    lit_piles: set[str],
    painted: bool = False,
) -> list[Zone]:
    """The Ingredients Pile, the face-up Leftovers (every card shown), the Out Pile."""
    s = lay.scale
    if not painted:
        _piles_fill(surface, lay.piles, s)
    zones: list[Zone] = []
    # The Ingredients Pile: a stack of backs, its count under it.
    if view["deck"]:
        for i in range(min(4, view["deck"] // 8 + 1)):
            surface.blit(card_back(*lay.pile_card), lay.deck.move(-i * 2, -i * 2))
    else:
        pygame.draw.rect(surface, pal.FELT_LIGHT, lay.deck, 2, border_radius=int(8 * s))
    if "deck" in lit_piles:
        draw_target(surface, lay.deck.inflate(8, 8), 3, int(10 * s))
    count = _("Ingredients: {n}").format(n=view["deck"])
    _caption(surface, lay, lay.deck, count, lay.leftovers.x - lay.piles.x)
    zones.append(Zone("deck", 0, lay.deck))
    # The Leftovers, fanned so every card shows.
    area = lay.leftovers
    if not painted:
        _leftovers_fill(surface, area, s)
    if "leftovers" in lit_piles:
        draw_target(surface, area, 3, int(10 * s))
    zones.append(Zone("leftovers", 0, area))
    cards = view["leftovers"]
    card_w, card_h = leftover_card(lay)
    label = fit_text(_("Leftovers (face up)"), _size(lay, 13), area.w - 8, pal.CREAM, "bold")
    surface.blit(label, (area.x + 6, area.bottom - label.get_height() - 2))
    if cards:
        room = area.w - 12 - card_w
        step = min(card_w + 4, room // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        for i, card in enumerate(cards):
            rect = pygame.Rect(area.x + 6 + i * step, area.y + 4, card_w, card_h)
            surface.blit(card_face(card, card_w, card_h), rect)
            if card in lit:
                draw_target(surface, rect, 3, card_w // 10)
            zones.append(Zone("leftover", card, rect))
    # The Out Pile: its top card face up and how many lie there.
    if view["out"]:
        surface.blit(card_face(view["out"][-1], *lay.pile_card), lay.out)
    else:
        pygame.draw.rect(surface, pal.FELT_LIGHT, lay.out, 2, border_radius=int(8 * s))
    count = _("Out: {n}").format(n=len(view["out"]))
    _caption(surface, lay, lay.out, count, lay.piles.right - lay.leftovers.right)
    zones.append(Zone("out", 0, lay.out))
    return zones


def _caption(surface: pygame.Surface, lay: Layout, rect: pygame.Rect, text: str, room: int) -> None:
    """`text` under a pile's cards, within the `room` beside the Leftovers (the layout keeps it)."""
    image = fit_text(text, _size(lay, 13), room - 12, pal.CREAM, "bold")
    box = image.get_rect(midtop=(rect.centerx, rect.bottom + 3)).inflate(8, 2)
    box.clamp_ip(lay.piles)
    pygame.draw.rect(surface, pal.WOOD_DARK, box, border_radius=box.h // 2)
    surface.blit(image, image.get_rect(center=box.center))


def pie_stack(
    surface: pygame.Surface,
    x: int,
    y: int,
    pie: dict[str, Any],
    strip: tuple[int, int],
    lay: Layout,
    lit: bool = False,
    served: bool = False,
    bottom: int | None = None,
) -> pygame.Rect:
    """A pie as its cards stacked edge-on (Bottom Crust at the bottom), its kind and quality on top;
    overlapping more to end by `bottom` (down to half a card each)."""
    w, h = strip
    ink, size = pal.CREAM if not served else pal.INK, _size(lay, 13)
    heads = [fit_text(line, size, w + int(4 * lay.scale), ink, "bold") for line in _head_lines(pie, w, lay)]
    head_h = sum(head.get_height() for head in heads)
    cards = pie["cards"]
    step = h - 2
    if bottom is not None and len(cards) > 1:  # a line too short for the stack: its cards overlap more
        step = max(h // 2, min(step, (bottom - y - head_h - 4 - h) // (len(cards) - 1)))
    rect = pygame.Rect(x, y, w, _stack_h(head_h, len(cards), h, step))
    for head in heads:
        surface.blit(head, head.get_rect(midtop=(rect.centerx, y)))
        y += head.get_height()
    top = y + 2
    for i, (card, part) in enumerate(reversed(cards)):
        surface.blit(part_strip(card, part, w, h), (x, top + i * step))
    if lit:
        pygame.draw.rect(surface, pal.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=8)
    return rect


def _head_lines(pie: dict[str, Any], w: int, lay: Layout) -> list[str]:
    """A stack's head: its kind and points on a line, or the kind (wrapped) over its points, rather
    than either cut, a little wider than the stack `w`, never into its neighbour's."""
    size, room = _size(lay, 13), w + int(4 * lay.scale)
    words = _("{kind} · {points}").format(kind=kind_label(pie["kind"]), points=pie["quality"])
    if font(size, "bold").size(words)[0] <= room:
        return [words]
    kind = wrap_text(kind_label(pie["kind"]), font(size, "bold"), room)
    points = _("{n} pts").format(n=pie["quality"])
    return [*kind, points if fits(points, size, room, "bold") else str(pie["quality"])]


def _stack_height(pie: dict[str, Any], strip: tuple[int, int], lay: Layout) -> int:
    """How tall pie_stack draws `pie` with no bottom to keep to."""
    head = len(_head_lines(pie, strip[0], lay)) * font(_size(lay, 13), "bold").get_height()
    return _stack_h(head, len(pie["cards"]), strip[1], strip[1] - 2)


def _stack_h(head_h: int, cards: int, card_h: int, step: int) -> int:
    """A stack's height: its head, then `cards` strips of `card_h`, each `step` below the last."""
    return head_h + 2 + (cards - 1) * step + card_h


def draw_seat(
    surface: pygame.Surface,
    lay: Layout,
    view: dict[str, Any],
    seat: int,
    label: str,
    *,
    turn: bool,
    asked: bool,
    lit_pies: set[int],
    new_pie_lit: bool = False,
    serving_lit: bool = False,
    painted: bool = False,
) -> list[Zone]:
    """One chef's area: name, hand size, score and kept cards; the working line; the serving line."""
    s = lay.scale
    area = lay.seats[seat]
    color = seat_color(seat)
    if not painted:
        _seat_fill(surface, area, s)
    pygame.draw.rect(
        surface,
        pal.GOLD if turn else (pal.HIGHLIGHT if asked else darker(color, 0.2)),
        area,
        4 if turn or asked else 2,
        border_radius=int(12 * s),
    )
    zones = [Zone("seat", seat, area, seat)]
    pad = int(8 * s)
    # Header: name, score, hand, kept cards.
    head_h = head_height(s, lay.text)
    ink = pal.legible(lighter(color, 0.35), pal.FELT)
    points, hand_n = _("{n} pts").format(n=view["scores"][seat]), view["hand_counts"][seat]
    name_mark = max(14, int(18 * lay.text))
    name, score = _header(lay, area, label, points, ink)
    # The seat's shape before its name: the colour is not the only thing telling chefs apart.
    r = name_mark // 2 - 2
    draw_seat_mark(surface, seat, (area.x + pad + r, area.y + pad // 2 + name.get_height() // 2), r, color)
    surface.blit(name, (area.x + pad + name_mark, area.y + pad // 2))
    score_rect = score.get_rect(topright=(area.right - pad, area.y + pad // 2 + 2))
    surface.blit(score, score_rect)
    at, right = (area.x + pad + name_mark + name.get_width() + pad, area.y + pad // 2 + 2), score_rect.x - pad
    form = _hand_form(lay, hand_n, right - at[0])
    if form is not None:
        _draw_hand_count(surface, lay, form, at, right)
    body = pygame.Rect(area.x + pad, area.y + head_h + pad, area.w - 2 * pad, area.h - head_h - 2 * pad)
    pies = view["working"][seat]
    wl = _working_lay(lay, view, seat, body)  # the working line's texts
    work_w, strip_w = _work_geometry(wl, view, seat, body)
    work = pygame.Rect(body.x, body.y, work_w, body.h)
    serve = pygame.Rect(body.x + work_w + pad, body.y, body.w - work_w - pad, body.h)
    if form is None:
        # A header too narrow for the count beside the name (a rival's at a grown size): the
        # count tops the serving line, which reflows below it, rather than vanish (the working
        # line keeps its height: its stacks have none to spare).
        form = _hand_form(lay, hand_n, serve.w)
        if form is not None:
            _draw_hand_count(surface, lay, form, serve.topleft, serve.right)
            drop = _hand_height(lay) + 2
            serve = pygame.Rect(serve.x, serve.y + drop, serve.w, serve.h - drop)
    work_tag = _tag(surface, wl, work, _("Working line"))
    pygame.draw.rect(
        surface,
        lighter(pal.PAPER, 0.2) if serving_lit else darker(pal.PAPER, 0.05),
        serve,
        border_radius=int(8 * s),
    )
    if serving_lit:
        draw_target(surface, serve, 3, int(8 * s))
    serve_tag = _tag(surface, _serving_tag_lay(lay, serve, view["kept"][seat]), serve, _("Serving line"),
                     pal.soft_ink())
    zones.append(Zone("serving", seat, serve, seat))
    # Working pies, left to right, then a slot for a new pie (drop a Bottom Crust there).
    tag_h = max(int(16 * s), work_tag)  # under the line's name
    serve_top = max(int(16 * s), serve_tag)
    strip = lay.strip
    x = work.x
    for pie in pies:
        if x + strip_w > work.right:
            more = fit_text(
                _("+{n}").format(n=len(pies) - pies.index(pie)), _size(wl, 13), int(40 * wl.text), pal.CREAM
            )
            at = (work.right - more.get_width(), work.y + tag_h)
            surface.blit(more, at)
            # Pointing at the count shows the pies it stands for (their kinds, points and cards).
            zones.append(Zone("more_pies", seat, pygame.Rect(at, more.get_size()).inflate(8, 8), seat))
            break
        rect = pie_stack(surface, x, work.y + tag_h, pie, (strip_w, strip[1]), wl, pie["id"] in lit_pies,
                         bottom=work.bottom)
        zones.append(Zone("pie", pie["id"], rect, seat))
        x += strip_w + pad
    if seat == lay.me and x + int(60 * s) <= work.right:
        slot = pygame.Rect(x, work.y + tag_h, min(strip_w, work.right - x), strip[1] * 3)
        pygame.draw.rect(surface, pal.HIGHLIGHT if new_pie_lit else pal.FELT_LIGHT, slot, 2, border_radius=8)
        tip = fit_lines(_("new pie"), _size(wl, 12), slot.w - 6, pal.CREAM, most=2)  # wraps, never cut
        surface.blit(tip, tip.get_rect(center=slot.center))
        zones.append(Zone("new_pie", 0, slot, seat))
    draw_served(surface, lay, view["served"][seat], view["kept"][seat], serve, serve_top)
    return zones


def _working_lay(lay: Layout, view: dict[str, Any], seat: int, body: pygame.Rect) -> Layout:
    """`lay` for a seat's working line: its texts grown, unless a stack then outgrows the line (a
    rival's, short at a grown size, its kind wrapped in a narrow stack) or its name is cut in a
    narrow line: then smaller, down to the design's."""
    grown, tag = lay, _("Working line")  # (its words, measured as drawn: _tag_word)
    steps = 8  # from the grown size down to the design's, the first that fits
    for text in (lay.text - (lay.text - lay.scale) * k / steps for k in range(steps + 1)):
        lay = replace(grown, text=text)
        work_w, strip_w = _work_geometry(lay, view, seat, body)
        if _tag_word(lay) > work_w - 4:
            continue  # (its name measured only where it is not cut)
        tag_h = max(int(16 * lay.scale), _tag_height(lay, pygame.Rect(0, 0, work_w, body.h), tag))
        stacks = [_stack_height(pie, (strip_w, lay.strip[1]), lay) for pie in view["working"][seat]]
        tall = max(stacks, default=0)
        if tag_h + tall <= body.h:
            break
    return lay


def _serving_tag_lay(lay: Layout, serve: pygame.Rect, kept: list[list[Any]]) -> Layout:
    """`lay` for the serving line's name: grown, unless its longest word would be cut, or it takes
    three lines or leaves the `kept` cards too little room under it (a rival's narrow line at
    200%, "Línea / de / servir", and the kept cards covered it): then smaller, down to the
    design's."""
    tag, steps = _("Serving line"), 8
    for text in (lay.text - (lay.text - lay.scale) * k / steps for k in range(steps + 1)):
        sized = replace(lay, text=text)
        lines = wrap_text(tag, font(max(min_readable(), _size(sized, 12))), serve.w - 4)
        room = serve.h - _tag_height(sized, serve, tag) - kept_least(sized, kept, serve.w)
        if _tag_word(sized, tag) <= serve.w - 4 and len(lines) <= 2 and room >= 0:
            return sized
    return replace(lay, text=lay.scale)


def _tag_word(lay: Layout, tag: str = "") -> int:
    """How wide a line's name's longest word is drawn (as _tag draws it): the working line's, or
    `tag`."""
    fnt = font(max(min_readable(), _size(lay, 12)))
    return max(fnt.size(word)[0] for word in (tag or _("Working line")).split())


def _work_geometry(lay: Layout, view: dict[str, Any], seat: int, body: pygame.Rect) -> tuple[int, int]:
    """(working line's width, a stack's width) of a seat. A narrower stack still holds its kind's
    longest word whole ("Tartaleta"): a pie that no longer fits the line is counted in its "+n"."""
    s, pad = lay.scale, int(8 * lay.scale)
    pies = view["working"][seat]
    least = max([int(70 * s), *(_longest_word(kind_label(pie["kind"]), _size(lay, 13)) for pie in pies),
                 *(_width(_("{n} pts").format(n=pie["quality"]), lay, 13) for pie in pies)])
    work_w = _work_width(lay, view, seat, body, least)
    columns = max(1, (work_w + pad) // (lay.strip[0] + pad))
    if len(pies) + 1 <= columns:
        return work_w, lay.strip[0]
    return work_w, max(least, (work_w + pad) // (len(pies) + 1) - pad)


def _work_width(lay: Layout, view: dict[str, Any], seat: int, body: pygame.Rect, least: int) -> int:
    """The working line's width: what its pies want (within bounds), the serving line the rest;
    narrower, its stacks down to their longest words (`least`), when the serving line then shows
    desserts it would otherwise count in its "+n more"."""
    s, pad = lay.scale, int(8 * lay.scale)
    pies, mine = len(view["working"][seat]), seat == lay.me
    wanted = (pies + (1 if mine else 0)) * (lay.strip[0] + pad)
    # Never narrower than its name's longest word ("trabajo"), which it would cut, nor so wide the
    # serving line's is ("Serving").
    least_w = min(body.w // 2, _tag_word(lay) + 4)
    most_w = body.w - pad - _tag_word(lay, _("Serving line")) - 4

    def bounded(width: int) -> int:
        return min(max(width, least_w), most_w)

    work_w = bounded(max(int(body.w * 0.34), min(int(body.w * 0.64), wanted)))
    narrow = bounded(max(int(body.w * 0.25), pies * (least + pad) + (int(60 * s) + pad if mine else 0)))
    if narrow >= work_w:
        return work_w
    shown = _served_shown(lay, view, seat, body, narrow), _served_shown(lay, view, seat, body, work_w)
    return narrow if shown[0] > shown[1] else work_w


def _served_shown(lay: Layout, view: dict[str, Any], seat: int, body: pygame.Rect, work_w: int) -> int:
    """How many of the seat's served desserts its serving line shows beside a working line `work_w` wide."""
    pad = int(8 * lay.scale)
    serve = pygame.Rect(body.x + work_w + pad, body.y, body.w - work_w - pad, body.h)
    tag_lay = _serving_tag_lay(lay, serve, view["kept"][seat])
    top = max(int(16 * lay.scale), _tag_height(tag_lay, serve, _("Serving line")))
    return chips_shown(lay, view["served"][seat], view["kept"][seat], serve, top)


def _header(lay: Layout, area: pygame.Rect, label: str, points: str,
            ink: tuple[int, int, int]) -> tuple[pygame.Surface, pygame.Surface]:
    """A chef's name and score for its header: the name as wide as 40% of the header, or all the
    score leaves it at a grown text size, whole before a grown score; the score whole (it reaches
    into the hand's count rather than be cut: the count gives way)."""
    pad, mark = int(8 * lay.scale), max(14, int(18 * lay.text))
    name_room = max(int(area.w * 0.4), area.w - 2 * pad - _width(points, lay, 14) - pad) - mark
    if not fits(label, _size(lay, 16), name_room, "bold"):
        name_room = area.w - 3 * pad - mark - font(min_readable(), "bold").size(points)[0]
    name = fit_text(label, _size(lay, 16), min(name_room, _width(label, lay, 16)), ink, "bold")
    room = area.w - 2 * pad - mark - name.get_width() - pad
    score = fit_text(points, _size(lay, 14), max(int(area.w * 0.25), min(room, _width(points, lay, 14))),
                     pal.legible(pal.GOLD, darker(pal.FELT, 0.08)), "bold")  # on the seat's fill
    return name, score


def _hand_backs(lay: Layout) -> tuple[int, int, int]:
    """(width, height, step) of the card backs fanned for a chef's hand."""
    return int(12 * lay.scale), int(17 * lay.scale), int(5 * lay.scale)


def _hand_form(lay: Layout, hand_n: int, room: int) -> tuple[str, int] | None:
    """(text, backs) of a chef's hand count `room` pixels wide: its backs fanned and "hand n"; in
    less room fewer backs, then the words alone, then one back and the number; None if not even
    that fits."""
    back_w, _h, step = _hand_backs(lay)
    size, words = _size(lay, 12), _("hand {n}").format(n=hand_n)
    if fits(words, size, room - back_w - 4):
        return words, min(hand_n, 8, (room - back_w - 4 - _width(words, lay, 12, "sans")) // step)
    if fits(words, size, room):
        return words, 0
    if hand_n and fits(str(hand_n), size, room - step - back_w - 4):
        return str(hand_n), 1
    return None


def _hand_height(lay: Layout) -> int:
    """How tall a hand count's line is: its backs or its words, whichever is taller."""
    return max(_hand_backs(lay)[1], font(_size(lay, 12)).get_height() + 1)


def _draw_hand_count(surface: pygame.Surface, lay: Layout, form: tuple[str, int], at: tuple[int, int],
                     right: int) -> None:
    """A chef's hand count in its `form` (_hand_form) from `at`, within `right`."""
    (text, backs), (back_w, back_h, step) = form, _hand_backs(lay)
    for i in range(backs):
        surface.blit(card_back(back_w, back_h), (at[0] + i * step, at[1]))
    x = at[0] + backs * step + back_w + 4 if backs else at[0]
    surface.blit(fit_text(text, _size(lay, 12), max(1, right - x), pal.CREAM), (x, at[1] + 1))


def _width(text: str, lay: Layout, base: float, face: str = "bold") -> int:
    return font(_size(lay, base), face).size(text)[0]


def _tag(
    surface: pygame.Surface,
    lay: Layout,
    rect: pygame.Rect,
    text: str,
    color: tuple[int, int, int] = pal.CREAM,
) -> int:
    """A line's name at its top left, on two lines in a narrow line; returns its height."""
    image = fit_lines(text, _size(lay, 12), rect.w - 4, color, most=3)
    surface.blit(image, (rect.x + 2, rect.y))
    return image.get_height()


def _tag_height(lay: Layout, rect: pygame.Rect, text: str) -> int:
    """How tall _tag draws `text` in `rect`."""
    return fit_lines(text, _size(lay, 12), rect.w - 4, pal.soft_ink(), most=3).get_height()


# A hand's cards narrow down to this share of their width to keep their names clear; past it (a
# hand and the cards in a trade, a dozen and more) a neighbour covers a name's end.
_HAND_NARROWEST = 0.6


def hand_card_size(lay: Layout, cards: int) -> tuple[int, int]:
    """The size of each of `cards` cards in the hand (draw_hand fans them over its width): the
    layout's, narrowed as far as it takes for each card to overlap the one before it by less than
    the margin beside that card's name, which reaches nearly across its face: a neighbour laid
    further over it would cover the name's end and run its own name into it."""
    w, h = lay.hand_card
    narrowest = int(w * _HAND_NARROWEST)
    while w > narrowest and cards > 1 and _hand_step(lay, w, cards) < w - name_margin(w) + 1:
        w -= 1
    return w, h


def _hand_step(lay: Layout, w: int, cards: int) -> int:
    """How far apart draw_hand lays `cards` cards `w` wide."""
    room = lay.hand.w - 2 * int(10 * lay.scale) - w
    return min(w + int(6 * lay.scale), room // max(1, cards - 1)) if cards > 1 else 0


def draw_hand(
    surface: pygame.Surface,
    lay: Layout,
    view: dict[str, Any],
    picked: set[int],
    dragging: int | None,
    lit: set[int],
    painted: bool = False,
) -> list[Zone]:
    """The seat's own hand, face up, along the bottom (or a note when no hand may show)."""
    s = lay.scale
    area = lay.hand
    if not painted:
        _hand_fill(surface, area, s)
    zones: list[Zone] = []
    hand = view.get("hand")
    if hand is None:
        note = fit_text(
            _("Hands stay hidden: only the public table shows."), _size(lay, 15), area.w - 20, pal.CREAM
        )
        surface.blit(note, note.get_rect(center=area.center))
        return zones
    mine = (view.get("trade") or {}).get("mine") or []
    cards = list(hand) + list(mine)
    w, h = hand_card_size(lay, len(cards))
    step = _hand_step(lay, w, len(cards))
    x0 = area.x + int(10 * s)
    for i, card in enumerate(cards):
        if card == dragging:
            continue
        rise = int(14 * s) if card in picked else 0
        rect = pygame.Rect(x0 + i * step, area.bottom - h - int(6 * s) - rise, w, h)
        surface.blit(card_face(card, w, h), rect)
        if card in mine:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 110))
            surface.blit(veil, rect)
            tag = fit_lines(_("in the trade"), _size(lay, 12), w - 6, pal.CREAM, "bold")  # wraps, never cut
            surface.blit(tag, tag.get_rect(center=rect.center))
        if card in picked:
            draw_picked(surface, rect, 3, w // 10)
        elif card in lit:  # named by the move in focus, as the table's cards it names
            draw_target(surface, rect, 3, w // 10)
        zones.append(Zone("hand", card, rect))
    if not cards:
        note = fit_text(_("Your hand is empty"), _size(lay, 15), area.w - 20, pal.CREAM)
        surface.blit(note, note.get_rect(center=area.center))
    return zones


def draw_paper(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    paper(surface, rect, scale)
