"""How the Cheflebrity table looks: the felt, the piles, every chef's place with its pies and
serving line, the hand, the move list or trade panel (or who the table waits for, with the shared
reaction countdown), the log or this seat's trades, the dragged card, and at the end the judging.
Drawn from the view of the seat at the screen only, for the table scene (`table`)."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.games.cheflebrity.deck import CARDS
from pie_table.games.cheflebrity.ui.faces import card_face
from pie_table.games.cheflebrity.ui.judging import draw_judging
from pie_table.games.cheflebrity.ui.layout import felt_size
from pie_table.games.cheflebrity.ui.moves import prompt
from pie_table.games.cheflebrity.ui.names import card_label, claim_label, kind_label, part_label
from pie_table.games.cheflebrity.ui.results_words import results_text
from pie_table.games.cheflebrity.ui.table_paint import (
    Zone,
    backdrop,
    draw_hand,
    draw_piles,
    draw_seat,
    draw_top_bar,
    pie_stack,
)
from pie_table.kit import palette as pal
from pie_table.kit.backdrop import lay_backdrop
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import N_, _, ngettext
from pie_table.kit.inspect import draw_inspect, inspect_size
from pie_table.kit.log_panel import draw_log, paper
from pie_table.kit.marks import draw_target, picked_reach
from pie_table.kit.text import fit_text
from pie_table.scenes.save_trouble import draw_marker
from pie_table.scenes.turn_table.look import draw_notes, held_by_host, reaction_box, waiting_head


def banner(table: Any, view: dict[str, Any]) -> str:
    if view["over"]:
        return _("The judging is done!")
    if held_by_host(table):
        return held_by_host(table)
    top = (view.get("decisions") or [None])[-1]
    if top is None:
        return ""
    if top["kind"] == "turn":
        return _("{chef}'s turn").format(chef=table.names(top["seats"][0]))
    if top["kind"] in ("sabotage", "saved"):
        return prompt(table.named(view), table.display_seat) or _("Anyone may react")
    if top["kind"] == "reply":
        return _("{chef} considers a trade").format(chef=table.names(top["seats"][0]))
    if top["kind"] == "confirm":
        return _("{chef} weighs the answer").format(chef=table.names(top["seats"][0]))
    return _("{chef} picks a pie for the Oops!").format(chef=table.names(top["seats"][0]))


def paint(table: Any, surface: pygame.Surface) -> None:
    view = table.view()
    lay, s = table.layout, table.layout.scale
    # The backdrop holds the felt and every area's fill, so only what changes is drawn on it.
    painted = lay_backdrop(surface, lay.size, lambda: backdrop(lay))
    lit_cards, lit_pies = table.panel.lit() if table.panel is not None else (set(), set())
    if table.trade is not None:
        lit_cards = table.trade.lit_cards()  # the card the keyboard would pick next
    targets = table.drop_targets()  # lit while something is dragged
    dragged = table.dragging()
    if dragged is not None:
        lit_pies = {v for k, v, _o in targets if k == "pie"}
    pending = view.get("pending")
    if pending and pending.get("pie") is not None:
        lit_pies = lit_pies | {pending["pie"]}
    top = (view.get("decisions") or [None])[-1]
    turn_seat = view["turn"] if not view["over"] else None
    asked = set(view["to_act"]) if top is not None and top["kind"] != "turn" else set()
    draw_top_bar(surface, lay, view, banner(table, view), painted)
    lit_piles = {k for k, _v, _o in targets if k in ("leftovers", "hand")}
    if (
        table.panel is not None
        and table.panel.picked is None
        and view["step"] in ("draw", "redraw")
        and table.panel.view.get("seat") == view["turn"]
    ):
        lit_piles.add("deck")
    zones = draw_piles(
        surface,
        lay,
        view,
        lit_cards,
        {"deck"} & lit_piles | {k for k in lit_piles if k == "leftovers"},
        painted,
    )
    for seat in range(view["seats"]):
        zones += draw_seat(
            surface,
            lay,
            view,
            seat,
            table.names.marked(seat),
            turn=seat == turn_seat,
            asked=seat in asked,
            lit_pies=lit_pies,
            new_pie_lit=("new_pie", 0, seat) in targets,
            serving_lit=("serving", seat, seat) in targets,
            painted=painted,
        )
    if any(k == "seat" for k, _v, _o in targets):
        for kind, value, _o in targets:
            if kind == "seat" and value in lay.seats:
                draw_target(surface, lay.seats[value], 4, int(12 * s))
    picked: set[int] = set(table.trade.picked) if table.trade is not None else set()
    if table.panel is not None and table.panel.picked and table.panel.picked[0] == "hand":
        picked.add(table.panel.picked[1])
    dragging = dragged.value if dragged is not None and dragged.kind == "hand" else None
    zones += draw_hand(surface, lay, view, picked, dragging, lit_cards, painted)
    if "hand" in lit_piles:
        draw_target(surface, lay.hand, 3, int(12 * s))
    table.zones = zones
    remaining = table.driver.remaining()
    deadline = top["deadline"] if top is not None else None
    if table.show_trades:
        _draw_trades(table, surface, view, painted)
    else:
        draw_log(surface, lay.log, table.history().said, lay.panel_scale, _("At the table (T: your trades)"),
                 painted=painted, names=table.names, scroll=table.log_scroll)
    if table.trade is not None:  # (after the log: a countdown short of room grows over it)
        table.trade.draw(surface, lay.moves, lay.panel_scale, painted)
    elif table.panel is not None:
        table.panel.draw(surface, lay.moves, lay.panel_scale, remaining, deadline, painted=painted)
    else:
        _draw_waiting(table, surface, view, painted)
    if dragged is not None:
        _draw_dragged(table, surface, dragged)
    table.flights.draw(surface)
    if dragged is None and not view["over"]:
        marks = [picked_reach(z.rect) for z in zones if z.kind == "hand" and z.value in picked]
        _inspect(table, surface, marks)
    if view["over"]:
        draw_judging(table, surface, view)
    table.effects.draw(surface)
    draw_notes(table, surface)
    draw_marker(surface, table.autosave)


def _draw_waiting(table: Any, surface: pygame.Surface, view: dict[str, Any], painted: bool = False) -> None:
    """The moves box when the screen's seat is not asked: who the table waits for, and on a shared
    screen the reaction countdown with a React! button per human."""
    rect, s = table.layout.moves, table.layout.panel_scale
    pad = int(10 * s)
    said = banner(table, view)
    reacting = table.is_window() and table.gate.shared and not table.watch  # nobody claims in a replay
    box = reaction_box(table, said, s) if reacting else rect
    y = waiting_head(table, surface, said, painted and box == rect, s, box) + pad
    if reacting:
        table.reaction.draw(surface, pygame.Rect(rect.x, y, rect.w, box.bottom - y), s, ink=pal.INK)
    elif view.get("trade"):
        trade = view["trade"]
        line = _("{chef} offers {other} {claim} for {want}.").format(
            chef=table.names(trade["from"]),
            other=table.names(trade["to"]),
            claim=claim_label(trade["claim"]),
            want=claim_label(trade["want"]),
        )
        for part in _wrap(line, int(15 * s), rect.w - 2 * pad):
            image = fit_text(part, int(15 * s), rect.w - 2 * pad, pal.INK)
            surface.blit(image, (rect.x + pad, y))
            y += image.get_height()
    elif not view["over"]:
        how_to = " ".join(_(sentence) for sentence in _HOW_TO)
        # As large as the box holds it whole, between the interface's size and the table's.
        size, least, room = int(14 * s), int(14 * table.layout.scale), rect.bottom - pad - y
        while size > least and _lines_h(how_to, size, rect.w - 2 * pad) > room:
            size -= 1
        for part in _wrap(how_to, size, rect.w - 2 * pad):
            image = fit_text(part, size, rect.w - 2 * pad, pal.soft_ink())
            if y + image.get_height() > rect.bottom - pad:
                break
            surface.blit(image, (rect.x + pad, y))
            y += image.get_height()
    if view["over"]:
        # Each chef's total, wrapped (a long one in Spanish would be cut), later lines indented.
        indent = int(12 * s)
        for line in results_text(view, table.player_names())[1][: view["seats"]]:
            for i, part in enumerate(_wrap(line, int(15 * s), rect.w - 2 * pad - indent)):
                image = fit_text(part, int(15 * s), rect.w - 2 * pad - indent, pal.INK)
                surface.blit(image, (rect.x + pad + (indent if i else 0), y))
                y += image.get_height()
            y += 2


def _draw_trades(table: Any, surface: pygame.Surface, view: dict[str, Any], painted: bool = False) -> None:
    """T: the trades this seat took part in: what was said, what actually arrived."""
    rect, s = table.layout.log, table.layout.panel_scale
    if not painted:
        paper(surface, rect, s)
    pad = int(8 * s)
    head = fit_text(_("Your trades (T: the table)"), int(15 * s), rect.w - 2 * pad, pal.INK, "bold")
    surface.blit(head, (rect.x + pad, rect.y + pad))
    y = rect.y + pad + head.get_height() + 4
    notes = [n for n in table.history().notes if n.get("type") == "trade_in"]
    if not notes:
        none = fit_text(_("No trades yet."), int(14 * s), rect.w - 2 * pad, pal.soft_ink())
        surface.blit(none, (rect.x + pad, y))
        return
    for note in reversed(notes):
        mark = "✓" if note.get("honest") else "✗"
        line = _("{mark} {chef} said {claim}; you got {got}").format(
            mark=mark,
            chef=table.names(note["other"]),
            claim=claim_label(note["claimed"]),
            got=", ".join(card_label(c) for c in note["got"]),
        )
        for part in _wrap(line, int(14 * s), rect.w - 2 * pad):
            if y > rect.bottom - pad - int(16 * s):
                return
            image = fit_text(
                part, int(14 * s), rect.w - 2 * pad, pal.INK if note.get("honest") else pal.DANGER
            )
            surface.blit(image, (rect.x + pad, y))
            y += image.get_height()


def _draw_dragged(table: Any, surface: pygame.Surface, zone: Zone) -> None:
    x, y = table.drag["pos"]
    if zone.kind in ("hand", "leftover"):
        w, h = zone.rect.size if zone.kind == "hand" else table.layout.hand_card
        image = card_face(zone.value, w, h)
        surface.blit(image, image.get_rect(center=(x, y)))
    else:
        rect = zone.rect.copy()
        rect.center = (x, y)
        pygame.draw.rect(surface, pal.HIGHLIGHT, rect, 3, border_radius=8)


# How to play, a sentence each (shown in the moves box while the table waits for someone else).
_HOW_TO = (
    N_("On your turn, drag a card onto one of your pies or the new-pie slot to play it."),
    N_("Drag it onto the Leftovers to discard, onto a rival's pie to sabotage, onto a rival to trade."),
    N_("Drag a finished pie to your serving line to serve it."),
    N_("Or pick every move from this list: arrow keys and Enter. H: a hint. T: your trades."),
)


def _lines_h(text: str, size: int, width: int) -> int:
    """How tall `text` is wrapped to `width` at `size`."""
    return len(_wrap(text, size, width)) * font(max(min_readable(), size)).get_linesize()


def _wrap(text: str, size: int, width: int) -> list[str]:
    from pie_table.kit.fonts import font
    from pie_table.kit.text import wrap_text

    return wrap_text(text, font(max(min_readable(), size)), width)  # the size fit_text draws it at


_INSPECTED = ("hand", "leftover")  # the kinds of zone that hold one card


def _inspect(table: Any, surface: pygame.Surface, marks: list[pygame.Rect]) -> None:
    """The card under the pointer, else the hand card picked with Tab, large with its kind; or a
    pie on a working line pointed at, or the pies a working line too full to show counts in its
    "+n" (pointed at, or reached by Tab), each named with its cards (a stack shows its cards'
    parts and qualities only, overlapping where the line is short).
    The picked cards' marks (`marks`, their tabs above them) stay in sight beside the panel."""
    zone = table.inspected_zone((*_INSPECTED, "pie", "more_pies"), table.zones)
    if zone is None:
        return
    scale = table.layout.text  # as large as the felt's own texts
    if zone.kind == "more_pies":
        # Ringed, so a keyboard player sees which count Tab rests on.
        pygame.draw.rect(surface, pal.HIGHLIGHT, zone.rect, max(2, round(2 * scale)), border_radius=4)
        _inspect_hidden_pies(table, surface, zone, scale, marks)
        return
    if zone.kind == "pie":
        pies = [pie for pie in table.view()["working"][zone.owner] if pie["id"] == zone.value]
        title = _("{kind} · {points}").format(kind=kind_label(pies[0]["kind"]), points=pies[0]["quality"])
        _inspect_pies(table, surface, zone, pies, title, scale, marks)
        return
    face = card_face(zone.value, *inspect_size(scale))
    draw_inspect(surface, face, card_label(zone.value), card_text(zone.value), zone.rect, scale, marks)


def _inspect_hidden_pies(table: Any, surface: pygame.Surface, zone: Zone, scale: float,
                         marks: list[pygame.Rect]) -> None:
    """The pies of seat `zone.value`'s working line that its "+n" counts."""
    seat = zone.value
    shown = {z.value for z in table.zones if z.kind == "pie" and z.owner == seat}
    hidden = [pie for pie in table.view()["working"][seat] if pie["id"] not in shown]
    if hidden:
        title = ngettext("{n} more pie", "{n} more pies", len(hidden)).format(n=len(hidden))
        _inspect_pies(table, surface, zone, hidden, title, scale, marks)


def _inspect_pies(table: Any, surface: pygame.Surface, zone: Zone, pies: list[dict[str, Any]], title: str,
                  scale: float, marks: list[pygame.Rect]) -> None:
    """`pies` drawn as on the felt, whole, beside `zone`, each named with its cards."""
    lay, pad = table.layout, int(6 * scale)
    strip = lay.strip
    # As tall as the tallest stack can be (its kind wrapped over its points, then its cards), not
    # the window: this is drawn every frame the pointer rests on the count.
    head = 3 * font(felt_size(13, lay.scale, lay.text), "bold").get_linesize()
    tall = 2 * pad + head + 4 + max(len(pie["cards"]) for pie in pies) * strip[1]
    sheet = pygame.Surface((len(pies) * (strip[0] + pad) + pad, tall), pygame.SRCALPHA)
    drawn = [pie_stack(sheet, pad + i * (strip[0] + pad), pad, pie, strip, lay, served=True)  # ink on paper
             for i, pie in enumerate(pies)]
    bottom = min(tall, max(r.bottom for r in drawn) + pad)
    face = sheet.subsurface(pygame.Rect(0, 0, sheet.get_width(), bottom)).copy()
    def named(pie: dict[str, Any]) -> str:
        return ", ".join(card_label(card) for card, _part in pie["cards"])

    text = named(pies[0]) if len(pies) == 1 else "\n".join(_("{kind} · {points}: {cards}").format(
        kind=kind_label(pie["kind"]), points=pie["quality"], cards=named(pie)) for pie in pies)
    draw_inspect(surface, face, title, text, zone.rect, scale, marks)


def card_text(card: int) -> str:
    """The card's kind and, for a pie part, its quality, for the inspect panel."""
    found = CARDS[card]
    if not found.is_part:
        return kind_label(found.kind)
    return part_label(found.kind) + "\n" + _("Quality {n}").format(n=found.quality)
