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
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import _, tr
from pie_table.kit.text import NARROW_PAGE, fit_lines, fit_text
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import OverlayScene


class StatisticsScene(OverlayScene):
    """A table of rows (↑/↓ or a click selects one), the selected row's chart, and Back."""

    # The sheet at its narrowest: where its columns do not fit, each row takes two lines or more.
    room = (NARROW_PAGE, 720)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        data, self.notice = stats.load()
        self.rows = stats.rows(data)
        self.selected = 0
        self.row_rects: list[pygame.Rect] = []
        self.bar_rects: list[pygame.Rect] = []  # the chart's bars as last drawn (tests look at them)
        self.mark_rects: list[pygame.Rect] = []  # the marks over bars too low to show their shape

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
            image = fit_text(text, int(18 * s), area.w, pal.soft_ink())
            surface.blit(image, image.get_rect(center=area.center))
            return
        hint = self.solo_hint()
        if hint:
            area.h -= int(24 * s)
            image = fit_text(hint, int(15 * s), area.w, pal.soft_ink())
            surface.blit(image, image.get_rect(midtop=(area.centerx, area.bottom + int(4 * s))))
        titles = {info.id: _(info.title) for info in load_games().values()}
        size = max(min_readable(), int(15 * s))  # measured as drawn: never below the floor
        cells = [self._cells(row, titles) for row in self.rows]
        columns = _columns(cells, size, area.w)
        step = font(size).get_linesize() + int(6 * s)
        line = step * len(columns)
        head_h = _draw_headings(surface, columns, area.topleft, size, step)
        # The chart takes the room the rows leave free, within bounds.
        chart_h = int(min(200 * s, max(110 * s, area.h - head_h - line * len(self.rows) - 12 * s)))
        visible = max(1, (area.h - head_h - chart_h - int(12 * s)) // line)
        first = max(0, min(self.selected - visible + 1, len(self.rows) - visible))
        self.row_rects = [pygame.Rect(0, 0, 0, 0)] * len(self.rows)
        for index in range(first, min(len(self.rows), first + visible)):
            y = area.y + head_h + line * (index - first)
            rect = pygame.Rect(area.x - 4, y - 2, area.w + 8, line)
            self.row_rects[index] = rect
            if index == self.selected:
                pygame.draw.rect(surface, pal.HIGHLIGHT, rect, border_radius=6)
            _draw_cells(surface, columns, cells[index], (area.x, y), size, step)
        self._draw_chart(surface, pygame.Rect(area.x, area.bottom - chart_h, area.w, chart_h), s, titles)

    @staticmethod
    def _cells(row: dict[str, Any], titles: dict[str, str]) -> list[str]:
        """One row's cells, in the columns' order."""
        vs = " · ".join(f"{int(row['vs'][lv] * 100)}%" if lv in row["vs"] else "–"
                        for lv in ("easy", "normal", "hard"))
        return [shown_name(row["name"]), titles.get(row["game"], row["game"]), str(row["played"]),
                str(row["won"]), f"{int(row['rate'] * 100)}%", vs, _number(row["best"]),
                _number(row["average"]), f"{row['streak']} ({row['best_streak']})", extras_text(row)]

    def _draw_chart(
        self, surface: pygame.Surface, rect: pygame.Rect, s: float, titles: dict[str, str]
    ) -> None:
        """The selected row's recent scores, oldest first, one bar a game with its score on top:
        a win a filled bar, a loss an outlined one (told apart without colour), and a key saying so."""
        row = self.rows[self.selected]
        pygame.draw.rect(surface, pal.FELT, rect, border_radius=int(8 * s))
        size = int(14 * s)
        key_w = _draw_chart_key(surface, rect.topright, size, s)
        label = fit_lines(  # on a second line, at its size, where one does not hold it
            _("Recent games: {name}, {game} (score, oldest first)").format(
                name=shown_name(row["name"]), game=titles.get(row["game"], row["game"])
            ),
            size,
            rect.w - 24 - key_w,
            pal.CREAM,
            "bold",
            most=3,
        )
        surface.blit(label, (rect.x + 8, rect.y + 4))
        recent = row["recent"]
        self.bar_rects, self.mark_rects = [], []
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
            above = bar.y - 1
            if bar.h < _SHAPED:  # filled and outlined look alike this low: a disc or a ring above
                mark = _draw_mark(surface, (bar.centerx, bar.y - 2), bool(won), s)
                self.mark_rects.append(mark)
                above = mark.y - 1
            number = fit_text(_number(score), int(12 * s), bar_w + 4, pal.CREAM)
            surface.blit(number, number.get_rect(midbottom=(bar.centerx, above)))


def _bands(one_line: bool) -> list[list[str]]:
    """The columns' headings, on each line a row takes."""
    counts = [_("Player"), _("Game"), _("Played"), _("Won"), _("Win rate"), _("vs easy · normal · hard")]
    scores = [_("Best"), _("Average"), _("Streak (best)"), _("Extras")]
    return [counts + scores] if one_line else [counts, scores]


# A band's columns: (heading, x offset, width) each.
Columns = list[list[tuple[str, int, int]]]


def _columns(rows: list[list[str]], size: int, width: int) -> Columns:
    """The ten columns on one line if they fit whole, else each row on two (the counts, then the
    scores and extras), else on as many as hold them whole (`_greedy`): each column as wide as its
    widest cell or its heading on two lines, with a gap, and the room left shared out. Only where
    a column alone is too wide for a line do they shrink in proportion, and their cells are cut:
    fixed shares cut every Spanish heading ("Juga…", "Racha (m…") with room to spare beside them."""
    one = _laid(_bands(True), rows, size, width) or _laid(_bands(False), rows, size, width)
    if one is not None:
        return one
    return _laid(_greedy(rows, size, width), rows, size, width, squeeze=True) or []


def _greedy(rows: list[list[str]], size: int, width: int) -> list[list[str]]:
    """The headings in bands of as many columns, in order, as `width` holds whole (a narrow page:
    a row takes three lines or more rather than cutting its cells)."""
    headings = _bands(True)[0]
    gap = max(8, size * 2 // 3)
    bands: list[list[str]] = [[]]
    used = 0
    for col, heading in enumerate(headings):
        need = gap + max([_heading_width(heading, size)] + [font(size).size(row[col])[0] for row in rows])
        if bands[-1] and used + need > width:
            bands.append([])
            used = 0
        bands[-1].append(heading)
        used += need
    return bands


def _laid(bands: list[list[str]], rows: list[list[str]], size: int, width: int,
          squeeze: bool = False) -> Columns | None:
    """`bands` laid out within `width` (None if they do not fit whole and may not `squeeze`)."""
    gap = max(8, size * 2 // 3)
    out: Columns = []
    at = 0
    for headings in bands:
        cells = [[row[at + col] for row in rows] for col in range(len(headings))]
        at += len(headings)
        need = [gap + max([_heading_width(heading, size)] + [font(size).size(text)[0] for text in column])
                for heading, column in zip(headings, cells, strict=True)]
        total = sum(need)
        if total <= width:
            need = [n + (width - total) // len(need) for n in need]  # the room left shared out
        elif squeeze:
            need = [n * width // total for n in need]
        else:
            return None
        xs = [sum(need[:col]) for col in range(len(need))]
        out.append(list(zip(headings, xs, need, strict=True)))
    return out


def _heading_width(heading: str, size: int) -> int:
    """The width `heading` needs to wrap on two lines at most: the wider of its two lines where
    they are broken best (a word alone: its width)."""
    face = font(size, "bold")
    words = heading.split()
    return min((max(face.size(" ".join(words[:cut]))[0], face.size(" ".join(words[cut:]))[0])
                for cut in range(1, len(words))), default=face.size(heading)[0])


def _draw_headings(surface: pygame.Surface, columns: Columns, topleft: tuple[int, int], size: int,
                   step: int) -> int:
    """Each band's headings, wrapped on up to two lines within their column; the height taken."""
    x0, y = topleft
    for band in columns:
        images = [(x, fit_lines(heading, size, width - 6, pal.INK, "bold", most=2))
                  for heading, x, width in band]
        for x, image in images:
            surface.blit(image, (x0 + x, y))
        y += max(step, max(image.get_height() for _x, image in images) + step - font(size).get_linesize())
    return y - topleft[1]


def _draw_cells(surface: pygame.Surface, columns: Columns, cells: list[str], topleft: tuple[int, int],
                size: int, step: int) -> None:
    """`cells` in `columns`, one line a band, from `topleft`."""
    x0, y = topleft
    texts = iter(cells)
    for band in columns:
        for _heading, x, width in band:
            surface.blit(fit_text(next(texts), size, width - 6, pal.INK, "sans"), (x0 + x, y))
        y += step


def shown_name(name: str) -> str:
    """A player's name as the screen shows it: the solo fallback in the player's language."""
    return _("You") if name == stats.SOLO_FALLBACK else name


def _draw_bar(surface: pygame.Surface, bar: pygame.Rect, won: bool, s: float) -> None:
    """A win is a filled gold bar; a loss only its outline, so the two differ in shape, not just hue.
    A bar too low for rounded corners has square ones (pygame paints an outline a few pixels high
    with rounded corners as a block many times its height, out of the chart)."""
    radius = 3 if min(bar.w, bar.h) >= 4 else 0
    if won:
        pygame.draw.rect(surface, pal.GOLD, bar, border_radius=radius)
    else:
        pygame.draw.rect(surface, pal.CREAM, bar, max(2, int(2 * s)), border_radius=radius)


_SHAPED = 6  # pixels: a bar lower than this shows no difference between filled and outlined


def _draw_mark(surface: pygame.Surface, midbottom: tuple[int, int], won: bool, s: float) -> pygame.Rect:
    """Over a bar too low to tell filled from outlined: a filled disc for a win, a ring for a
    loss (the key's shapes, told apart without their colours). Returns where it was drawn."""
    radius = max(4, int(5 * s))
    rect = pygame.Rect(0, 0, 2 * radius + 1, 2 * radius + 1)
    rect.midbottom = midbottom
    if won:
        pygame.draw.circle(surface, pal.GOLD, rect.center, radius)
    else:
        pygame.draw.circle(surface, pal.CREAM, rect.center, radius, max(2, int(2 * s)))
    return rect


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
