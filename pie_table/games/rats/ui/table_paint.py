"""Painting the RATS table's layer under the dice: what changes only when the game does.

Redrawn only after a move, and then mostly from kept images: the goals, the sheet and each
rat's card are painted again only when what they show changed (text is the costly part).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from pie_table.games.rats.ui.sheet_view import (
    RatCard,
    draw_hidden_sheet,
    draw_host_hat,
    draw_rat_card,
    draw_sheet,
)
from pie_table.games.rats.ui.table_draw import (
    draw_felt,
    draw_goals,
    draw_log,
    draw_notes,
    draw_top_bar,
    draw_waiting,
    rat_cards,
    top_bar_wood,
)
from pie_table.kit.backdrop import backdrop
from pie_table.kit.i18n import _
from pie_table.kit.log_panel import paper


class TableParts(Protocol):
    """What the painter reads from the table scene."""

    layout: Any
    state: Any
    panel: Any
    tray: Any
    ceremony: Any
    humans: list[int]

    def banner(self, view: dict[str, Any]) -> str: ...


class TablePainter:
    """Keeps the table's base layer and its panels' images between frames."""

    def __init__(self) -> None:
        self._base: pygame.Surface | None = None
        self._base_key: tuple[Any, ...] | None = None
        self._panels: dict[str, tuple[Any, tuple[pygame.Surface, tuple[int, int]]]] = {}
        self.scale = 1.0

    def base_layer(self, scene: TableParts, size: tuple[int, int], view: dict[str, Any],
                   seat: int | None) -> pygame.Surface:
        """Everything that only changes when the game does, redrawn only then (text is the costly part)."""
        ceremony = (scene.ceremony.shown, scene.ceremony.ready) if scene.ceremony is not None else None
        key = (scene.state.actions, seat, size, scene.panel is None, scene.tray.busy, ceremony)
        if self._base is None or self._base_key != key:
            if self._base is None or self._base.get_size() != size:
                self._base = pygame.Surface(size)
            self.scale = s = scene.layout.scale
            lay = scene.layout

            def paint(surface: pygame.Surface) -> None:
                top_bar_wood(surface, lay.top)
                paper(surface, lay.log, s)

            # The felt, the plank and the log's paper are the same after every move: blitted whole.
            self._base.blit(backdrop("rats", size, (lay.top, lay.log), paint, s), (0, 0))
            draw_top_bar(self._base, lay.top, view, s, scene.banner(view), painted=True)
            # The goals and the sheet change far less often than the log: each keeps its own image.
            goals = tuple(view.get("goals", []))
            self._panel(self._base, "goals", goals, lay.goals, lambda surf, r: draw_goals(surf, r, view, s))
            draw_log(self._base, lay.log, view, s, painted=True)
            if scene.ceremony is None:
                self._draw_play_area(scene, self._base, view, seat)
            self._base_key = key
        return self._base

    def _panel(self, target: pygame.Surface, name: str, key: Any, rect: pygame.Rect,
               paint: Callable[[pygame.Surface, pygame.Rect], None], reach: int = 0) -> None:
        """Blit panel `name`, painting it again only when `key` (or its size) changed.

        A panel whose drawing stays on its paper and shadow (`reach` 0) is kept opaque, on the
        felt every panel lies on: an opaque copy is several times cheaper to blit than a
        transparent one. A panel with parts reaching further out (the Host's hat above a rat's
        card: `reach` in unscaled pixels) is kept transparent with a margin all round.
        """
        scale = self.scale
        full = (key, rect.size, scale)
        cached = self._panels.get(name)
        if cached is None or cached[0] != full:
            if reach:
                margin = int(reach * scale) + 4
                image = pygame.Surface((rect.w + 2 * margin, rect.h + 2 * margin), pygame.SRCALPHA)
                paint(image, pygame.Rect(margin, margin, rect.w, rect.h))
                offset = (-margin, -margin)
            else:
                shadow = 6  # paper() drops its shadow 3-4 px right and down
                image = pygame.Surface((rect.w + shadow, rect.h + shadow))
                draw_felt(image)
                paint(image, pygame.Rect(0, 0, rect.w, rect.h))
                offset = (0, 0)
            cached = self._panels[name] = (full, (image, offset))
        image, (dx, dy) = cached[1]
        target.blit(image, (rect.x + dx, rect.y + dy))

    def _draw_play_area(self, scene: TableParts, surface: pygame.Surface, view: dict[str, Any],
                        seat: int | None) -> None:
        lay, s = scene.layout, self.scale
        cards = rat_cards(view, seat if scene.humans else None, view.get("to_act", []))
        for i, (rect, card) in enumerate(zip(lay.cards, cards, strict=False)):
            # Opaque (cheap to repaint and blit); the Host's hat, which reaches above the card, on top.
            self._panel(surface, f"card{i}", card, rect,
                        lambda surf, r, card=card: draw_rat_card(surf, r, card, s, hat=False))
            if card.is_host:
                draw_host_hat(surface, rect, s)
        mine = view.get("seat")
        # What the sheet shows, compared by value (the rest of the rat's card changes every move).
        card = cards[mine] if mine is not None else None
        facts = (card.is_host, card.vocation, card.awards) if card is not None else None
        sheet = view.get("sheet")
        # Copied into the key: a view shares the state's lists, which the next move changes.
        shown = tuple(tuple(values) for values in sheet.values()) if sheet is not None else None
        key = (mine, shown, tuple(view.get("notes", [])[-1:]), facts)
        self._panel(surface, "sheet", key, lay.sheet, lambda surf, r: self._draw_sheet(surf, r, view, cards))
        if scene.panel is None and not scene.tray.busy:
            draw_waiting(surface, lay.panel, view, s)

    def _draw_sheet(self, surface: pygame.Surface, area: pygame.Rect, view: dict[str, Any],
                    cards: list[RatCard]) -> None:
        s = self.scale
        seat = view.get("seat")
        if seat is None or "sheet" not in view:
            draw_hidden_sheet(surface, area, _("Sheets are secret: pass the device to see yours"), s)
            return
        notes_h = int(30 * s)
        rect = pygame.Rect(area.x, area.y, area.w, area.h - notes_h)
        draw_sheet(surface, rect, view["sheet"], cards[seat], s)
        slip = pygame.Rect(rect.x, rect.bottom + 4, rect.w, notes_h - 4)
        draw_notes(surface, slip, view.get("notes", []), s)
