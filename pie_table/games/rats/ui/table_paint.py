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
    until_the_dice_land,
)
from pie_table.kit import palette as pal
from pie_table.kit import theme
from pie_table.kit.backdrop import backdrop
from pie_table.kit.i18n import _
from pie_table.kit.log_panel import LogScroll, paper
from pie_table.kit.text import design_scale, fit_lines, fit_text
from pie_table.scenes.save_trouble import draw_marker
from pie_table.scenes.turn_table.look import held_by_host

_SHADOW = 6  # paper() drops its shadow 3-4 px right and down; a panel's image takes it in


class TableParts(Protocol):
    """What the painter reads from the table scene."""

    layout: Any
    changes: int  # moves and undos seen so far
    panel: Any
    tray: Any
    ceremony: Any
    humans: list[int]
    names: Any  # SeatNames: what each seat is called at this table
    watch: bool
    log_scroll: LogScroll  # how far back "Said aloud" is read

    def banner(self, view: dict[str, Any]) -> str: ...


class TablePainter:
    """Keeps the table's base layer and its panels' images between frames."""

    def __init__(self) -> None:
        self._base: pygame.Surface | None = None
        self._base_key: tuple[Any, ...] | None = None
        self._panels: dict[str, tuple[Any, tuple[pygame.Surface, tuple[int, int]]]] = {}
        self.scale = 1.0
        self.design = 1.0  # the scale at interface size 100% on the window painted for
        # What the whole layer was last painted for, and the rat cards it shows.
        self._frame: tuple[Any, ...] | None = None
        self._cards_shown: tuple[Any, ...] | None = None
        self._apart = False  # the layout lets the parts be painted one by one
        self._plaque: pygame.Rect | None = None  # where the waiting plaque was drawn
        self._later: Callable[[], None] | None = None  # a part put off to the next frame

    def base_layer(self, scene: TableParts, size: tuple[int, int], view: dict[str, Any],
                   seat: int | None) -> pygame.Surface:
        """Everything that only changes when the game does, redrawn only then (text is the costly part).

        After a move only the parts that may have changed are painted again, each on its own
        piece of the backdrop: the top bar, the log and the waiting plaque always, the goals,
        the rat cards and the sheet only when what they show changed. The whole layer is painted
        afresh when the window, the seat shown or the ceremony changes."""
        ceremony = (scene.ceremony.shown, scene.ceremony.ready) if scene.ceremony is not None else None
        away = tuple(sorted(scene.names.away()))  # a rat's card marks its dropped player away
        # The top bar says why a host elsewhere holds the game still, which changes with no move;
        # a new theme (switched in the Settings over the table) changes every ink.
        key = (scene.changes, seat, size, scene.panel is None, scene.tray.busy, ceremony, away,
               scene.log_scroll.key(), held_by_host(scene), theme.current())
        if self._base is not None and self._base_key == key:
            if self._later is not None:
                later, self._later = self._later, None
                later()
            return self._base
        self.scale = s = scene.layout.scale
        self.design = design_scale(size)
        lay = scene.layout

        def paint(surface: pygame.Surface) -> None:
            top_bar_wood(surface, lay.top)
            paper(surface, lay.log, s)

        # The felt, the plank and the log's paper are the same after every move.
        ground = backdrop("rats", size, (lay.top, lay.log), paint, s)
        # The backdrop itself, not its id: a new one could take a freed one's id.
        frame = (size, s, seat, scene.ceremony is None, ground)
        whole = self._base is None or self._frame != frame or not self._apart
        if self._base is None or self._base.get_size() != size:
            self._base = pygame.Surface(size)
        base = self._base
        # A part left for this frame is painted now with the rest, never put off twice.
        put_off = self._later is None
        self._later = None
        if whole:
            self._apart = self._zones_apart(lay)
            base.blit(ground, (0, 0))
            self._cards_shown = None
            self._plaque = None
        else:
            for rect in (lay.top, lay.log, self._plaque):
                if rect is not None:
                    base.blit(ground, rect.topleft, area=rect)
            self._plaque = None
        draw_top_bar(base, lay.top, view, s, scene.banner(view), painted=True, names=scene.names)
        # The goals and the sheet change far less often than the log: each keeps its own image.
        goals = tuple(view.get("goals", []))
        least = design_scale(lay.size)
        self._panel(base, "goals", goals, lay.goals, lambda surf, r: draw_goals(surf, r, view, s, least),
                    again=whole)
        draw_log(base, lay.log, view, s, painted=True, names=scene.names, scroll=scene.log_scroll)
        if scene.ceremony is None:
            self._draw_play_area(scene, base, ground, view, seat, whole, put_off and not whole)
        self._frame = frame
        self._base_key = key
        return base

    def _card_zone(self, lay: Any) -> pygame.Rect:
        """Where the rat cards, their shadows and the Host's hat lie, below the top bar."""
        zone = lay.cards[0].unionall(lay.cards[1:]) if lay.cards else pygame.Rect(0, 0, 0, 0)
        zone.w += _SHADOW
        zone.h += _SHADOW
        return zone.union(pygame.Rect(zone.x, lay.top.bottom, zone.w, 1))

    def _zones_apart(self, lay: Any) -> bool:
        """Can the parts be painted one by one? Only if no two of them share a pixel (a layout
        where they do is painted whole after every move)."""
        if not lay.cards:
            return False
        parts = [lay.top, lay.log.inflate(8, 8), lay.panel, self._card_zone(lay),
                 lay.goals.union(lay.goals.move(_SHADOW, _SHADOW)),
                 lay.sheet.union(lay.sheet.move(_SHADOW, _SHADOW))]
        return not any(a.colliderect(b) for i, a in enumerate(parts) for b in parts[i + 1:])

    def _kept_for(self, key: Any, rect: pygame.Rect) -> tuple[Any, ...]:
        """What a kept panel is painted for: its `key`, its size, the scale and the theme (a new
        theme's inks repaint it)."""
        return key, rect.size, self.scale, theme.current()

    def _stale(self, name: str, key: Any, rect: pygame.Rect) -> bool:
        """Would panel `name` be painted again for `key`?"""
        cached = self._panels.get(name)
        return cached is None or cached[0] != self._kept_for(key, rect)

    def _panel(self, target: pygame.Surface, name: str, key: Any, rect: pygame.Rect,
               paint: Callable[[pygame.Surface, pygame.Rect], None], reach: int = 0,
               again: bool = True) -> bool:
        """Blit panel `name`, painting it again only when `key` (or its size) changed; with
        `again` False it is blitted only when it changed (the layer still shows it). True if
        it was blitted.

        A panel whose drawing stays on its paper and shadow (`reach` 0) is kept opaque, on the
        felt every panel lies on: an opaque copy is several times cheaper to blit than a
        transparent one. A panel with parts reaching further out (the Host's hat above a rat's
        card: `reach` in unscaled pixels) is kept transparent with a margin all round.
        """
        scale = self.scale
        full = self._kept_for(key, rect)
        cached = self._panels.get(name)
        if cached is None or cached[0] != full:
            if reach:
                margin = int(reach * scale) + 4
                image = pygame.Surface((rect.w + 2 * margin, rect.h + 2 * margin), pygame.SRCALPHA)
                paint(image, pygame.Rect(margin, margin, rect.w, rect.h))
                offset = (-margin, -margin)
            else:
                wanted = (rect.w + _SHADOW, rect.h + _SHADOW)
                # A big new surface costs more than painting over the old one of the same size.
                old = cached[1][0] if cached is not None else None
                image = old if old is not None and old.get_size() == wanted else pygame.Surface(wanted)
                draw_felt(image)
                paint(image, pygame.Rect(0, 0, rect.w, rect.h))
                offset = (0, 0)
            cached = self._panels[name] = (full, (image, offset))
        elif not again:
            return False
        image, (dx, dy) = cached[1]
        target.blit(image, (rect.x + dx, rect.y + dy))
        return True

    def _draw_play_area(self, scene: TableParts, surface: pygame.Surface, ground: pygame.Surface,
                        view: dict[str, Any], seat: int | None, whole: bool, put_off: bool) -> None:
        """The rat cards, the sheet and the waiting plaque. `put_off`: a changed sheet may be left
        for the next frame, so that one frame does not pay for the text of every part at once."""
        lay, s = scene.layout, self.scale
        cards = rat_cards(view, seat if scene.humans else None, view.get("to_act", []), scene.names)
        shown = tuple(zip(lay.cards, cards, strict=False))
        before = self._cards_shown
        hosts = [card.is_host for _, card in shown]
        # A new Host moves the hat, which reaches out of its card: then every card is laid again
        # on fresh felt; otherwise only the cards that changed (each image covers its own place).
        again = (whole or before is None or len(before) != len(shown)
                 or hosts != [c.is_host for _, c in before])
        if again and not whole:
            zone = self._card_zone(lay)
            surface.blit(ground, zone.topleft, area=zone)
        # Where this move painted afresh: the top bar, and each card laid again with its shadow.
        fresh = [lay.top]
        for i, (rect, card) in enumerate(shown):
            # Opaque: cheap to repaint and blit.
            def paint(surf: pygame.Surface, r: pygame.Rect, card: RatCard = card) -> None:
                draw_rat_card(surf, r, card, s, hat=False)

            if self._panel(surface, f"card{i}", card, rect, paint, again=again):
                fresh.append(pygame.Rect(rect.x, rect.y, rect.w + _SHADOW, rect.h + _SHADOW))
        # The Host's hat reaches out of its card, over what was just painted: it goes on top, and
        # (when the felt around it was not laid again) only where the pixels are fresh, so it is
        # never drawn twice over itself.
        for rect, card in shown:
            if card.is_host:
                for clip in [None] if again else fresh:
                    surface.set_clip(clip)
                    draw_host_hat(surface, rect, s)
                surface.set_clip(None)
        self._cards_shown = shown
        mine = view.get("seat")
        # What the sheet shows, compared by value (the rest of the rat's card changes every move).
        own = cards[mine] if mine is not None else None
        facts = (own.is_host, own.vocation, own.awards) if own is not None else None
        sheet = view.get("sheet")
        # Copied into the key: a view shares the state's lists, which the next move changes.
        kept = tuple(tuple(values) for values in sheet.values()) if sheet is not None else None
        key = (mine, kept, tuple(view.get("notes", [])[-1:]), facts)

        def paint_sheet() -> None:
            self._panel(surface, "sheet", key, lay.sheet,
                        lambda surf, r: self._draw_sheet(surf, r, view, cards, scene.watch), again=whole)

        if put_off and self._stale("sheet", key, lay.sheet):
            self._later = paint_sheet
        else:
            paint_sheet()
        if scene.panel is None and not scene.tray.busy:
            self._plaque = draw_waiting(surface, lay.panel, view, s, scene.names)

    def _draw_sheet(self, surface: pygame.Surface, area: pygame.Rect, view: dict[str, Any],
                    cards: list[RatCard], watch: bool = False) -> None:
        s = self.scale
        seat = view.get("seat")
        if seat is None or "sheet" not in view:
            # A replay's spectator has no device to be passed: the sheets simply stay hidden.
            note = (_("Spectator view: every sheet stays hidden") if watch
                    else _("Sheets are secret: pass the device to see yours"))
            draw_hidden_sheet(surface, area, note, s)
            return
        notes_h = int(30 * s)
        rect = pygame.Rect(area.x, area.y, area.w, area.h - notes_h)
        draw_sheet(surface, rect, view["sheet"], cards[seat], s, self.design)
        slip = pygame.Rect(rect.x, rect.bottom + 4, rect.w, notes_h - 4)
        draw_notes(surface, slip, view.get("notes", []), s)


def paint(scene: Any, surface: pygame.Surface) -> None:
    """The whole RATS table as seen by the scene's `display_seat` only: the kept base layer, the
    dice or the ceremony, the choice panel, effects, the hint and the last refusal."""
    seat = scene.display_seat
    # What is drawn: a copy of the view's top level, with what the seat was told beside it (the
    # log shown is cut below without touching the history).
    history = scene.driver.history(seat)
    view = {**scene.driver.view(seat), "log": history.said, "notes": history.notes}
    scene.shown_seat = seat
    lay, s = scene.layout, scene.layout.scale
    if scene.ceremony is not None:
        view["log"] = scene.ceremony.filter_log(view["log"])
    if scene.tray.busy:
        view["log"] = until_the_dice_land(view["log"])
    surface.blit(scene.painter.base_layer(scene, surface.get_size(), view, seat), (0, 0))
    if scene.ceremony is None:
        scene.tray.draw(surface, s)
    else:
        footer = scene.panel_rect().h + 10 if scene.panel is not None else 0
        scene.ceremony.draw(surface, lay.ceremony, view, s, footer)
    if scene.panel is not None:
        scene.panel.draw(surface)
    scene.effects.draw(surface)
    words = scene.hint_line()
    if words and scene.panel is not None:
        tip = fit_lines(words, int(16 * s), lay.panel.w - 16, pal.INK, "bold")  # two lines, not a cut
        lift = int(30 * s) if scene.message else 0  # a refusal keeps the bottom line
        box = tip.get_rect(midbottom=(lay.panel.centerx, lay.panel.bottom - 8 - lift)).inflate(14, 6)
        pygame.draw.rect(surface, pal.GOLD, box, border_radius=min(box.h // 2, int(12 * s)))
        surface.blit(tip, tip.get_rect(center=box.center))
    if scene.message:
        text = fit_text(scene.message, int(18 * s), lay.panel.w, pal.DANGER, "bold")
        surface.blit(text, text.get_rect(midbottom=(lay.panel.centerx, lay.panel.bottom - 4)))
    draw_marker(surface, scene.autosave)


def banner(scene: Any, view: dict[str, Any]) -> str:
    """The words in the middle of the top bar."""
    if scene.tray.busy:
        return _("The dice are rolling...")
    if scene.ceremony is not None and not scene.ceremony.ready:
        return _("Click or press Space for the next goal")
    if held_by_host(scene):
        return held_by_host(scene)
    waiting = view.get("to_act", [])
    if not waiting:
        return ""
    return _("Waiting for {rats}").format(rats=", ".join(scene.names(seat) for seat in waiting))
