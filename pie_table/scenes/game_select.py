"""The game list: every registered game whose table scene can really be imported."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from pie_table.core.registry import (
    GameInfo,
    GameLoadError,
    Tutorial,
    import_factory,
    load_games,
    load_problems,
)
from pie_table.kit import palette as pal
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import _, tr
from pie_table.kit.text import NARROW_PAGE, fit_text, wrap_text
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import MenuScene, draw_panel
from pie_table.scenes.confirm import ConfirmScene


def playable_games() -> tuple[list[GameInfo], list[str]]:
    """Registered games whose table scene imports (sorted by title), and one line for each game
    that cannot be played because its package or its table would not import."""
    problems = [(module.rsplit(".", 1)[-1], why) for module, why in load_problems().items()]
    games = []
    for info in load_games().values():
        if not info.scene_factory:
            continue  # a game without a table (headless only) is not a fault
        try:
            import_factory(info.scene_factory)
        except GameLoadError as exc:
            problems.append((info.title, str(exc)))
            continue
        games.append(info)
    lines = [_("{game} could not load ({why})").format(game=game, why=why) for game, why in problems]
    return sorted(games, key=lambda info: info.title), lines


_ICON = 96  # a stacked card's icon, pixels at scale 1


class GameCard(Widget):
    """A wide button showing a game's title, player count and blurb."""

    def __init__(self, info: GameInfo, on_pick: Any) -> None:
        super().__init__()
        self.info, self.on_pick = info, on_pick
        # A narrow page's card: the title and the player count on lines of their own beside the
        # icon, the blurb whole under them, each at its size, the card as tall as they need.
        self.stacked = False

    def activate(self) -> bool:
        self.on_pick(self.info)
        return True

    def icon(self, size: int) -> pygame.Surface | None:
        """The game's own picture (its registration's `icon_factory`), or None."""
        if not self.info.icon_factory:
            return None
        try:
            return import_factory(self.info.icon_factory)(size)
        except Exception:  # decoration only: a card without its icon is still a working button
            return None

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        self._box(surface, self.rect, pal.HIGHLIGHT if self.focused or self.hover else pal.CREAM)
        if self.stacked:
            self._draw_stacked(surface, s)
            return
        pad = int(20 * s)
        icon = self.icon(self.rect.h - 2 * int(14 * s))
        text_rect = pygame.Rect(self.rect)
        if icon is not None:
            surface.blit(icon, icon.get_rect(midleft=(self.rect.x + pad, self.rect.centery)))
            text_rect.x += icon.get_width() + pad
            text_rect.w -= icon.get_width() + pad
        self._draw_text(surface, text_rect, s)

    def _seats_text(self) -> str:
        seats = _("{lo}–{hi} players").format(lo=self.info.min_seats, hi=self.info.max_seats)
        return seats + " · " + _("real time") if self.info.realtime else seats

    def _stacked_lines(self, width: int, s: float) -> list[tuple[list[str], pygame.font.Font, int]]:
        """The stacked card's texts as (lines, font, left inset): the title and the player count
        beside the icon, then the blurb under them the card's whole width."""
        pad, beside = int(20 * s), int(_ICON * s) + 2 * int(20 * s)
        texts = ((_(self.info.title), font(int(30 * s), "bold"), beside),
                 (self._seats_text(), font(int(20 * s), "bold"), beside),
                 (_(self.info.blurb), font(int(20 * s), "sans"), pad))
        return [(wrap_text(text, fnt, width - inset - pad), fnt, inset) for text, fnt, inset in texts]

    def stacked_height(self, width: int, s: float) -> int:
        """How tall a stacked card `width` wide is at scale `s`."""
        parts = self._stacked_lines(width, s)
        head = sum(len(lines) * fnt.get_linesize() for lines, fnt, _inset in parts[:2])
        blurb = len(parts[2][0]) * parts[2][1].get_linesize()
        return int(14 * s) + max(head, int(_ICON * s)) + int(10 * s) + blurb + int(16 * s)

    def _draw_stacked(self, surface: pygame.Surface, s: float) -> None:
        pad = int(20 * s)
        icon = self.icon(int(_ICON * s))
        top = self.rect.y + int(14 * s)
        if icon is not None:
            surface.blit(icon, (self.rect.x + pad, top))
        y = top
        for n, (lines, fnt, inset) in enumerate(self._stacked_lines(self.rect.w, s)):
            if n == 2:  # the blurb starts under the icon
                y = max(y, top + int(_ICON * s)) + int(10 * s)
            ink = pal.soft_ink() if n == 1 else pal.INK
            for line in lines:
                surface.blit(fnt.render(line, True, ink), (self.rect.x + inset, y))
                y += fnt.get_linesize()

    def _draw_text(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        pad = int(20 * s)
        title = fit_text(_(self.info.title), int(30 * s), rect.w // 2, pal.INK, "bold")
        surface.blit(title, (rect.x + pad, rect.y + int(12 * s)))
        seats = self._seats_text()
        meta = fit_text(seats, int(20 * s), rect.w // 2 - pad, pal.soft_ink(), "bold")
        surface.blit(meta, meta.get_rect(topright=(rect.right - pad, rect.y + int(20 * s))))
        y = rect.y + int(12 * s) + title.get_height() + int(6 * s)
        room = rect.bottom - int(6 * s) - y
        # The blurb shrinks a little to fit its card whole; past that it ends in an ellipsis.
        for size in (20, 18, 16, 15):
            fnt = font(max(min_readable(), int(size * s)), "sans")
            lines = wrap_text(_(self.info.blurb), fnt, rect.w - 2 * pad)
            if len(lines) * fnt.get_linesize() <= room:
                break
        rows = max(1, room // fnt.get_linesize())
        if len(lines) > rows:
            lines = lines[: rows - 1] + [lines[rows - 1].rstrip(" ,.") + "…"]
        for line in lines:
            surface.blit(fnt.render(line, True, pal.INK), (rect.x + pad, y))
            y += fnt.get_linesize()


class GameSelectScene(MenuScene):
    """Pick a game; leads to its seat and variant screen."""

    # The cards reflow narrower (on a narrow page each stacks its texts, as tall as they need);
    # a larger interface size scrolls the list.
    room = (NARROW_PAGE, 720)

    def __init__(self, app: Any, hosting: bool = False,
                 seats: Callable[[GameInfo], Any] | None = None) -> None:
        """`hosting`: the pick opens the seat screen of a table hosted for remote players; `seats`:
        the seat screen a pick opens instead (a table made on a lobby), also without the lesson."""
        super().__init__(app)
        self.hosting = hosting or seats is not None
        self.seats = seats
        self.games, self.load_problems = playable_games()

    def build(self) -> list[Widget]:
        self.heading = Label(_("Choose a game"), 44, pal.CREAM, "title")
        self.cards = [GameCard(info, self.pick) for info in self.games]
        self.empty = Label(_("No game is ready to play yet.") if not self.games else "", 26, pal.INK)
        self.back_button = Button(_("Back"), self.back, size=26)
        # The first game that offers a guided first game has its button under the list.
        self.tutorial_game = None if self.hosting else next(
            (info for info in self.games if info.tutorial is not None), None)  # no lesson at a hosted table
        tutorial = self.tutorial_game.tutorial if self.tutorial_game else None
        title = tr(tutorial.button) if tutorial else ""
        self.tutorial_button = Button(title, self.open_tutorial, size=22)
        self.problems = Label("; ".join(self.load_problems), 18, pal.LEMON)
        extra = [self.tutorial_button] if self.tutorial_game else []
        return [*self.cards, *extra, self.back_button, self.heading, self.empty, self.problems]

    def pick(self, info: GameInfo) -> None:
        """Open the seat screen for `info`; the first time anyone picks a game with a tutorial, offer
        it first (once: the settings remember it was offered)."""
        from pie_table.kit import settings as store
        from pie_table.scenes.seats import SeatsScene

        if self.seats is not None:
            self.app.scenes.push(self.seats(info))
            return
        if self.hosting:
            from pie_table.scenes.net_host import HostSeatsScene

            self.app.scenes.push(HostSeatsScene(self.app, info))
            return
        settings = self.app.settings
        if info.tutorial is not None and not settings.tutorial_offered:
            settings.tutorial_offered = True
            store.save(settings)
            seats = lambda: SeatsScene(self.app, info)  # noqa: E731 - built only if they choose Play
            self.app.scenes.push(TutorialOffer(self.app, info.tutorial, lambda: self.open_tutorial(info),
                                               seats))
            return
        self.app.scenes.push(SeatsScene(self.app, info))

    def open_tutorial(self, info: GameInfo | None = None) -> None:
        """The guided first game of `info` (by default the one whose button is under the list)."""
        game = info or self.tutorial_game
        if game is None or game.tutorial is None:
            return
        self.app.scenes.push(import_factory(game.tutorial.scene_factory)(self.app))

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        self.heading.place(pygame.Rect(0, int(24 * s), w, int(60 * s)), s)
        self.panel = pygame.Rect(0, 0, min(w - int(40 * s), int(900 * s)), h - int(210 * s))
        self.panel.midtop = (w // 2, int(100 * s))
        count = max(1, len(self.cards))
        gap = int(18 * s)
        stacked = w - int(40 * s) < int(900 * s)  # no room for the sheet's width: cards stack
        if stacked:  # each card as tall as its texts, the sheet as tall as the cards
            heights = [card.stacked_height(self.panel.w - int(60 * s), s) for card in self.cards]
            self.panel.h = sum(heights) + gap * (count - 1) + int(60 * s)
            self.page_need = self.panel.bottom + int(26 * s) + int(56 * s) + int(30 * s)
        inner = self.panel.inflate(-int(60 * s), -int(60 * s))
        if not stacked:  # the cards share the sheet alike
            heights = [min(int(150 * s), (inner.h - gap * (count - 1)) // count)] * len(self.cards)
        y = inner.y
        for card, height in zip(self.cards, heights, strict=True):
            card.stacked = stacked
            card.place(pygame.Rect(inner.x, y, inner.w, height), s)
            y += height + gap
        self.empty.place(inner, s)
        bw, bh = int(220 * s), int(56 * s)
        y = self.panel.bottom + int(26 * s)
        self.back_button.place(pygame.Rect(w // 2 + int(10 * s), y, bw, bh), s)
        self.tutorial_button.place(pygame.Rect(w // 2 - int(10 * s) - int(260 * s), y, int(260 * s), bh), s)
        self.problems.place(pygame.Rect(0, self.panel.bottom + int(2 * s), w, int(24 * s)), s)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.panel, self.scale)


class TutorialOffer(ConfirmScene):
    """Asked once, the first time a game with a tutorial is picked: the tutorial first, or straight to
    the seats."""

    def __init__(
        self, app: Any, words: Tutorial, tutorial: Callable[[], None], seats: Callable[[], Any]
    ) -> None:
        super().__init__(
            app, tr(words.question), _("Tutorial"), _("Play"), tutorial, detail=tr(words.detail)
        )
        self.seats = seats

    def enter(self) -> None:
        """The tutorial is what a newcomer came for, so it has the focus (Play: a click, Tab or Esc)."""
        super().enter()
        self.menu.set_focus(self.yes_button)

    def back(self) -> None:
        """Play (or Esc): no tutorial, on to the seat screen."""
        self.app.scenes.pop()
        self.app.scenes.push(self.seats())
