"""Statistics, from the title: every named player's record per game (played, won, win rate against
each bot level, best and average score, streaks, hints, and the counts a game keeps of its own,
worded by its registration's `stats_line`), with a small chart of the recent results for the
selected row, drawn on the table's style."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.core import stats
from pie_table.core.registry import load_games
from pie_table.kit import palette as pal
from pie_table.kit.fonts import font
from pie_table.kit.i18n import _, tr
from pie_table.kit.text import fit_text
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import OverlayScene


class StatisticsScene(OverlayScene):
    """A table of rows (↑/↓ or a click selects one), the selected row's chart, and Back."""

    room = (720, 720)  # the sheet at its narrowest: a larger interface size wraps each row on two lines

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        data, self.notice = stats.load()
        self.rows = stats.rows(data)
        self.selected = 0
        self.row_rects: list[pygame.Rect] = []
        self.bar_rects: list[pygame.Rect] = []  # the chart's bars as last drawn (tests look at them)

    def solo_hint(self) -> str:
        """How a player counted without a name (alone at a table of bots) names themselves ('' when
        no row is theirs)."""
        solo = stats.solo_name()
        if not any(row["name"] == solo for row in self.rows):
            return ""
        line = _("{name}: your games alone, unnamed. Name yourself with Players… on the seat screen.")
        return line.format(name=shown_name(solo))

    def build(self) -> list[Widget]:
        self.heading = Label(_("Statistics"), 40, pal.INK, "title")
        self.back_button = Button(_("Back"), self.back, size=24)
        return [self.back_button, self.heading]

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        self.panel = pygame.Rect(0, 0, int(min(w * 0.94, 1120 * s)), int(min(h * 0.94, 660 * s)))
        self.panel.center = (w // 2, h // 2)
        self.heading.place(
            pygame.Rect(self.panel.x, self.panel.y + int(12 * s), self.panel.w, int(48 * s)), s
        )
        bw, bh = int(200 * s), int(48 * s)
        self.back_button.place(
            pygame.Rect(self.panel.centerx - bw // 2, self.panel.bottom - bh - int(14 * s), bw, bh), s
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.rows:
            step = -1 if event.key == pygame.K_UP else 1
            self.selected = (self.selected + step) % len(self.rows)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            for i, rect in enumerate(self.row_rects):
                if rect.collidepoint(event.pos):
                    self.selected = i
                    return
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        pad = int(24 * s)
        area = pygame.Rect(
            self.panel.x + pad,
            self.panel.y + int(70 * s),
            self.panel.w - 2 * pad,
            self.panel.h - int(150 * s),
        )
        if not self.rows:
            text = self.notice or _("No finished games yet: every game you finish is counted here.")
            image = fit_text(text, int(18 * s), area.w, pal.INK_SOFT)
            surface.blit(image, image.get_rect(center=area.center))
            return
        hint = self.solo_hint()
        if hint:
            area.h -= int(24 * s)
            image = fit_text(hint, int(15 * s), area.w, pal.INK_SOFT)
            surface.blit(image, image.get_rect(midtop=(area.centerx, area.bottom + int(4 * s))))
        titles = {info.id: _(info.title) for info in load_games().values()}
        bands = _bands(area.w >= _ONE_LINE_W * s)
        size = int(15 * s)
        line = (font(size).get_linesize() + int(6 * s)) * len(bands)
        _draw_cells(surface, bands, [title for band in bands for title, _share in band], area.topleft,
                    area.w, size, "bold")
        # The chart takes the room the rows leave free, within bounds.
        chart_h = int(min(200 * s, max(110 * s, area.h - line * (len(self.rows) + 1) - 12 * s)))
        visible = max(1, (area.h - line - chart_h - int(12 * s)) // line)
        first = max(0, min(self.selected - visible + 1, len(self.rows) - visible))
        self.row_rects = [pygame.Rect(0, 0, 0, 0)] * len(self.rows)
        for index in range(first, min(len(self.rows), first + visible)):
            row = self.rows[index]
            y = area.y + line * (1 + index - first)
            rect = pygame.Rect(area.x - 4, y - 2, area.w + 8, line)
            self.row_rects[index] = rect
            if index == self.selected:
                pygame.draw.rect(surface, pal.HIGHLIGHT, rect, border_radius=6)
            vs = " · ".join(
                f"{int(row['vs'][lv] * 100)}%" if lv in row["vs"] else "–"
                for lv in ("easy", "normal", "hard")
            )
            cells = [
                shown_name(row["name"]),
                titles.get(row["game"], row["game"]),
                str(row["played"]),
                str(row["won"]),
                f"{int(row['rate'] * 100)}%",
                vs,
                _number(row["best"]),
                _number(row["average"]),
                f"{row['streak']} ({row['best_streak']})",
                extras_text(row),
            ]
            _draw_cells(surface, bands, cells, (area.x, y), area.w, size, "sans")
        self._draw_chart(surface, pygame.Rect(area.x, area.bottom - chart_h, area.w, chart_h), s, titles)

    def _draw_chart(
        self, surface: pygame.Surface, rect: pygame.Rect, s: float, titles: dict[str, str]
    ) -> None:
        """The selected row's recent scores, oldest first, one bar a game with its score on top:
        a win a filled bar, a loss an outlined one (told apart without colour), and a key saying so."""
        row = self.rows[self.selected]
        pygame.draw.rect(surface, pal.FELT, rect, border_radius=int(8 * s))
        size = int(14 * s)
        key_w = _draw_chart_key(surface, rect.topright, size, s)
        label = fit_text(
            _("Recent games: {name}, {game} (score, oldest first)").format(
                name=shown_name(row["name"]), game=titles.get(row["game"], row["game"])
            ),
            size,
            rect.w - 24 - key_w,
            pal.CREAM,
            "bold",
        )
        surface.blit(label, (rect.x + 8, rect.y + 4))
        recent = row["recent"]
        self.bar_rects = []
        if not recent:
            return
        top = max(1.0, max(score for score, _won in recent))
        number_h = font(int(12 * s)).get_linesize()
        inner = pygame.Rect(rect.x + 8, rect.y + label.get_height() + 8 + number_h, rect.w - 16,
                            rect.h - label.get_height() - 14 - number_h)
        bar_w = min(int(36 * s), max(4, inner.w // stats.RECENT - 4))
        for i, (score, won) in enumerate(recent):
            height = max(2, int(inner.h * score / top))
            bar = pygame.Rect(inner.x + i * (bar_w + 4), inner.bottom - height, bar_w, height)
            _draw_bar(surface, bar, bool(won), s)
            self.bar_rects.append(bar)
            number = fit_text(_number(score), int(12 * s), bar_w + 4, pal.CREAM)
            surface.blit(number, number.get_rect(midbottom=(bar.centerx, bar.y - 1)))


# The width, in pixels at scale 1, the ten columns need on one line; narrower (a larger interface
# size), each row takes two lines, the counts on the first and the scores and extras on the second.
_ONE_LINE_W = 1000


def _bands(one_line: bool) -> list[list[tuple[str, float]]]:
    """The columns, as (title, share of the width) on each line a row takes."""
    counts = [(_("Player"), 0.10), (_("Game"), 0.13), (_("Played"), 0.06), (_("Won"), 0.06),
              (_("Win rate"), 0.07), (_("vs easy · normal · hard"), 0.16)]
    scores = [(_("Best"), 0.06), (_("Average"), 0.07), (_("Streak (best)"), 0.09), (_("Extras"), 0.20)]
    if one_line:
        return [counts + scores]
    return [[(title, share / sum(w for _t, w in band)) for title, share in band] for band in (counts, scores)]


def _draw_cells(surface: pygame.Surface, bands: list[list[tuple[str, float]]], cells: list[str],
                topleft: tuple[int, int], width: int, size: int, face: str) -> None:
    """`cells` in the columns of `bands`, one line a band, from `topleft`."""
    x0, y = topleft
    texts = iter(cells)
    step = font(size).get_linesize() + max(1, size * 6 // 15)
    for band in bands:
        x = x0
        for _title, share in band:
            image = fit_text(next(texts), size, int(width * share) - 6, pal.INK, face)
            surface.blit(image, (x, y))
            x += int(width * share)
        y += step


def shown_name(name: str) -> str:
    """A player's name as the screen shows it: the solo fallback in the player's language."""
    return _("You") if name == stats.SOLO_FALLBACK else name


def _draw_bar(surface: pygame.Surface, bar: pygame.Rect, won: bool, s: float) -> None:
    """A win is a filled gold bar; a loss only its outline, so the two differ in shape, not just hue."""
    if won:
        pygame.draw.rect(surface, pal.GOLD, bar, border_radius=3)
    else:
        pygame.draw.rect(surface, pal.CREAM, bar, max(2, int(2 * s)), border_radius=3)


def _draw_chart_key(surface: pygame.Surface, topright: tuple[int, int], size: int, s: float) -> int:
    """"▮ won  ▯ lost" in the chart's top right corner; returns the width it took."""
    x, y = topright[0] - 8, topright[1] + 4
    for won, text in ((False, _("lost")), (True, _("won"))):
        image = fit_text(text, size, int(120 * s), pal.CREAM)
        x -= image.get_width()
        surface.blit(image, (x, y))
        swatch = pygame.Rect(0, 0, max(6, int(10 * s)), image.get_height() - 4)
        swatch.topright = (x - int(4 * s), y + 2)
        _draw_bar(surface, swatch, won, s)
        x = swatch.x - int(12 * s)
    return topright[0] - x


def extras_text(row: dict[str, Any]) -> str:
    """The Extras cell: the game's own counts in its own words (its `stats_line`), then hints."""
    extras = []
    info = load_games().get(row["game"])
    if info is not None and info.stats_line is not None:
        extras.append(tr(info.stats_line(row)))
    if row["hints"]:
        extras.append(_("hints {n}").format(n=row["hints"]))
    return " · ".join(extras)


def _number(value: Any) -> str:
    if value is None:
        return "–"
    return f"{value:.1f}" if isinstance(value, float) and not value.is_integer() else str(int(value))
