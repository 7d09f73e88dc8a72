"""How the Pie Rats table looks: the felt, the sill and piles, every Captain's place, the hand, the
moves box (or who the table waits for, with the shared reaction countdown), the log, the dragged
card, and at the end the ceremony; and the results' words. Drawn from the view of the seat at the
screen only, for the table scene (`table`: a PieRatsTableScene)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from pie_table.core.messages import SeatName
from pie_table.games.pie_rats.deck import CARDS
from pie_table.games.pie_rats.ui import card_art
from pie_table.games.pie_rats.ui.move_labels import prompt
from pie_table.games.pie_rats.ui.names import captain_label, card_label
from pie_table.games.pie_rats.ui.table_draw import (
    Zone,
    backdrop,
    draw_hand,
    draw_piles,
    draw_seat,
    draw_sill,
    draw_top_bar,
    hand_mark_rect,
    seat_color,
)
from pie_table.kit import palette as pal
from pie_table.kit.backdrop import lay_backdrop
from pie_table.kit.i18n import _, current_language
from pie_table.kit.inspect import draw_inspect, inspect_size
from pie_table.kit.log_panel import draw_log
from pie_table.kit.marks import draw_target, picked_reach
from pie_table.kit.text import fit_lines, fit_text
from pie_table.scenes.save_trouble import draw_marker
from pie_table.scenes.turn_table.look import (
    draw_notes,
    held_by_host,
    reaction_box,
    results_prompt,
    waiting_head,
)


def banner(table: Any, view: dict[str, Any]) -> str:
    if view["over"]:
        if view["sill"] or view["pie_deck"]:  # the house rule: no crew could ever carry them
            return _("No crew can ever carry the pies left")
        return _("The last pie is gone!")
    if held_by_host(table):
        return held_by_host(table)
    top = (view.get("decisions") or [None])[-1]
    if top is None:
        return ""
    if top["kind"] == "turn":
        return _("{captain}'s turn").format(captain=table.names(top["seats"][0]))
    if top["kind"] == "refill":
        return _("Everyone refills their hand")
    return prompt(view, table.display_seat) or _("Anyone may react")  # what may be answered


def paint(table: Any, surface: pygame.Surface) -> None:
    seat = table.display_seat
    view = table.view()
    lay = table.layout
    # The backdrop holds the felt and every panel's fill, so only what changes is drawn on it.
    painted = lay_backdrop(surface, lay.size, lambda: backdrop(lay))
    lit_cards, lit_pies = table.panel.lit() if table.panel is not None else (set(), set())
    targets = table.drop_targets()  # lit while a card is dragged
    if table.dragging() is not None:
        lit_cards = {v for k, v, _o in targets if k in ("crew", "charisma")}
    top = (view.get("decisions") or [None])[-1]
    held = (top or {}).get("data", {}).get("held") if top is not None else None
    if held:
        # What a window is about (the Charm's targets, the looting crew) lights up for everyone.
        crew = held.get("crew")
        lit_cards = lit_cards | set(held.get("targets", [])) | set(crew if isinstance(crew, list) else [])
        if "pie" in held:
            lit_pies = lit_pies | {held["pie"]}
    turn_seat = top["seats"][0] if top is not None and top["kind"] == "turn" else None
    asked = set(view["to_act"]) if top is not None and top["kind"] != "turn" else set()
    draw_top_bar(surface, lay, view, banner(table, view), painted=painted, names=table.names)
    zones: list[Zone] = draw_sill(
        surface, lay, view, lit_pies, hidden=table.flights.hidden(pie=True), painted=painted
    )
    table.pile_places = draw_piles(surface, lay, view, painted=painted)
    flying = table.flights.hidden()
    for i in range(view["seats"]):
        zones += draw_seat(
            surface, lay, view, i, turn=i == turn_seat, lit=lit_cards, asked=i in asked, hidden=flying,
            player=table.names.marked_player(i), painted=painted,
        )
    for kind, value, _o in targets:
        if kind == "captain" and value is not None:
            draw_target(surface, lay.seats[value], 4, 10)
    hand_seat = seat if seat is not None and "hand" in view else None
    picked = _picked_hand_card(table)
    dragged = table.dragging()
    dragging = dragged.value if dragged is not None and dragged.kind == "hand" else None
    zones += draw_hand(
        surface, lay, view, hand_seat, picked, dragging, lit_cards,
        spectator=not table.humans or table.watch, painted=painted,
        owner=table.names.player(hand_seat) if hand_seat is not None else "",
    )
    table.zones = zones
    remaining = table.driver.remaining()
    deadline = top["deadline"] if top is not None else None
    draw_log(surface, lay.log, table.history().said, lay.panel_scale, _("At the table"), painted=painted,
             names=table.names, scroll=table.log_scroll)
    if table.panel is not None:  # (after the log: a countdown short of room grows over it)
        table.panel.draw(surface, lay.moves, lay.panel_scale, remaining, deadline, painted=painted)
    else:
        _draw_waiting(table, surface, view, remaining, painted)
    if dragged is not None:
        _draw_dragged(table, surface, dragged)
    places = {(z.kind == "pie", z.value): z.rect for z in zones if z.kind in ("crew", "charisma", "pie")}
    table.flights.land(places, table.pile_places.get("discard", lay.piles), lay.seats)
    table.flights.draw(surface)
    if dragged is None and not view["over"]:
        _inspect(table, surface, zones)
    if view["over"]:
        _draw_ceremony(table, surface, view)
    table.effects.draw(surface)
    draw_notes(table, surface)
    draw_marker(surface, table.autosave)

def _draw_waiting(
    table: Any, surface: pygame.Surface, view: dict[str, Any], remaining: float | None, painted: bool = False
) -> None:
    """The moves box when the screen's seat is not asked: who the table waits for, and the
    shared reaction countdown with a React! button per human."""
    rect, s = table.layout.moves, table.layout.panel_scale
    pad = int(10 * s)
    said = banner(table, view)
    reacting = table.is_window() and table.gate.shared and not table.watch  # nobody claims in a replay
    box = reaction_box(table, said, s) if reacting else rect
    y = waiting_head(table, surface, said, painted and box == rect, s, box)
    if reacting:
        area = pygame.Rect(rect.x, y + pad, rect.w, box.bottom - y - pad)
        table.reaction.draw(surface, area, s, ink=pal.INK)
    elif view["over"]:
        lines = results_text(view, table.history().said, table.names)[1]
        y += pad
        for line in lines:  # a Captain's standing wraps rather than lose its weight or pies
            image = fit_lines(line, int(15 * s), rect.w - 2 * pad, pal.INK, most=3)
            surface.blit(image, (rect.x + pad, y))
            y += image.get_height() + 2

def _draw_ceremony(table: Any, surface: pygame.Surface, view: dict[str, Any]) -> None:
    """The end: every Captain's pies laid out, best first, with points, weight and pie count
    (the tie-breakers in the rulebook's order), the winner crowned."""
    from pie_table.kit.log_panel import paper

    lay, s = table.layout, table.layout.scale
    area = pygame.Rect(
        lay.seats[0].x, lay.seats[0].y, lay.hand.right - lay.seats[0].x, lay.hand.bottom - lay.seats[0].y
    )
    paper(surface, area, s, edge=pal.GOLD)
    pad = int(12 * s)
    title, _lines = results_text(view, table.history().said, table.names)
    head = fit_text(title, int(30 * s), area.w - 2 * pad, pal.CHERRY, "title")
    surface.blit(head, head.get_rect(midtop=(area.centerx, area.y + pad)))
    standings = view["standings"]
    order = ranked(view)
    top = area.y + pad * 2 + head.get_height()
    row_h = max(int(40 * s), (area.bottom - pad - top) // max(1, len(order)))
    pie_h = min(row_h - int(6 * s), int(84 * s))
    pie_w = int(pie_h / 1.4)
    for rank, seat in enumerate(order):
        y = top + rank * row_h
        points, weight, pies = standings[seat]
        crowned = seat in view["winners"]
        name = fit_text(
            ("★ " if crowned else "") + table.names(seat),
            int(19 * s),
            int(area.w * 0.3),
            pal.legible(seat_color(seat) if not crowned else pal.CHERRY, pal.PAPER),
            "bold",
        )
        surface.blit(name, (area.x + pad, y + 2))
        facts = fit_text(
            _("{points} pts · weight {weight} · pies {pies}").format(
                points=points, weight=weight, pies=pies
            ),
            int(15 * s),
            int(area.w * 0.3),
            pal.INK,
        )
        surface.blit(facts, (area.x + pad, y + 4 + name.get_height()))
        x = area.x + int(area.w * 0.34)
        for pie in view["won"][seat]:
            if x + pie_w > area.right - pad:
                break
            surface.blit(card_art.pie_face(pie, pie_w, pie_h, current_language()), (x, y))
            x += pie_w + int(4 * s)
    results_prompt(table, surface, area, int(6 * s))

def _draw_dragged(table: Any, surface: pygame.Surface, zone: Zone) -> None:
    w, h = table.layout.hand_card if zone.kind == "hand" else table.layout.table_card
    image = card_art.card_face(zone.value, w, h, current_language())
    x, y = table.drag["pos"]
    surface.blit(image, image.get_rect(center=(x, y)))


def ranked(view: Mapping[str, Any]) -> list[int]:
    """The seats best first, winners first: a tie on all three numbers goes to the first looter
    (tie-breaker f), which the standings alone do not show."""
    winners, standings = view["winners"], view["standings"]
    return sorted(range(view["seats"]), key=lambda seat: (seat in winners, standings[seat]), reverse=True)


def results_text(view: Mapping[str, Any], said: Sequence[Mapping[str, Any]], names: SeatName | None = None
                 ) -> tuple[str, list[str]]:
    """The results screen: the winner, then every Captain's points, total weight and pie count
    (the tie-breakers in the rulebook's order), and how the game ended if the last things `said`
    at the table tell; `names`: the table's names for its seats."""
    def name(seat: int) -> str:
        return names(seat) if names is not None else captain_label(view, seat)

    standings = view["standings"]
    winners = view["winners"]
    if len(winners) == 1:
        title = _("{captain} wins!").format(captain=name(winners[0]))
    else:
        title = _("A shared win: {captains}").format(captains=", ".join(name(s) for s in winners))
    order = ranked(view)
    lines = [
        _("{captain}: {points} pts, weight {weight}, pies {pies}").format(
            captain=name(s),
            points=standings[s][0],
            weight=standings[s][1],
            pies=standings[s][2],
        )
        for s in order
    ]
    kinds = {event["type"] for event in said[-3:]}
    if "out_of_reach" in kinds:
        lines.append(_("No crew could ever carry the pies left, so the house rule ended the game."))
    if any(event.get("tie_break") == "first_pie" for event in said[-1:]):
        lines.append(_("Tied on points, weight and pies: the first of them to loot a pie wins."))
    return title, lines


_INSPECTED = ("hand", "crew", "charisma")  # the kinds of zone that hold a main-deck card


def _picked_hand_card(table: Any) -> int | None:
    """The hand card picked for a move (clicked, or the one Tab rests on), if any."""
    picked = table.panel.picked if table.panel is not None else None
    return picked[1] if picked and picked[0] == "hand" else None


def _inspect(table: Any, surface: pygame.Surface, zones: list[Any]) -> None:
    """The card under the pointer, else the hand card picked with Tab, large with its text; the
    picked card's mark (its tab above it) stays in sight beside the panel."""
    zone = table.inspected_zone(_INSPECTED, zones)
    if zone is None:
        return
    w, h = inspect_size(table.layout.scale)
    face = card_art.card_face(zone.value, w, h, current_language())
    picked = _picked_hand_card(table)
    marks = [picked_reach(hand_mark_rect(z.rect)) for z in zones if z.kind == "hand" and z.value == picked]
    draw_inspect(surface, face, card_label(zone.value), card_text(zone.value), zone.rect, table.layout.scale,
                 marks)


def card_text(card: int) -> str:
    """What a card does or brings, in the player's language, for the inspect panel."""
    info = CARDS[card]
    if info.texts:
        return info.texts.get(current_language(), info.texts["en"])
    if info.charisma:
        return _("Charisma +{n}").format(n=info.charisma)
    return _("Loyalty {loyalty} · Strength {strength}").format(loyalty=info.loyalty, strength=info.strength)
