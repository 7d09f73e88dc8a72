"""Drawing the Rumble Pie table: a cached static background, decks, cursors, side panels and banner."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import pygame

from pie_table.games.rumble_pie.ui import art as rumble_art
from pie_table.games.rumble_pie.ui.geometry import FACES, TableGeometry
from pie_table.games.rumble_pie.ui.legend import Legend, legend_fits, paint_legend
from pie_table.games.rumble_pie.ui.seat_label import label_band, two_lines
from pie_table.kit import art
from pie_table.kit import palette as pal
from pie_table.kit.fonts import fit as fit_font
from pie_table.kit.fonts import fits, font, min_readable
from pie_table.kit.i18n import _
from pie_table.kit.marks import draw_seat_mark
from pie_table.kit.text import ui_scale

# The room, in pixels at scale 1, the status and the table talk grow into with the interface size.
_READING_ROOM = (960, 540)
# The most the seat labels grow: their band on a crowded table holds their words that tall.
_LABEL_GROW = 1.6
# The side column's boxes, top to bottom: the last lends the others the height their words need.
_BOXES = ("scores", "status", "legend", "log")

Color = tuple[int, int, int]


class TextCache:
    """Rendered text by (text, size, colour, face): unchanged text is never rendered twice."""

    def __init__(self, limit: int = 600) -> None:
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._limit = limit

    def get(self, text: str, size: int, color: Color, face: str = "sans") -> pygame.Surface:
        """The text surface, rendered on first use."""
        size = max(min_readable(), size)  # the floor holds for every word on the table
        key = (text, size, color, face)
        surf = self._items.get(key)
        if surf is None:
            surf = self._items[key] = art.prepare(font(size, face).render(text, True, color))
            if len(self._items) > self._limit:
                self._items.popitem(last=False)
        return surf

    def fit(self, text: str, size: int, color: Color, max_w: int, face: str = "sans") -> pygame.Surface:
        """The text within `max_w` pixels: smaller down to a readable floor, then cut with an
        ellipsis (fits are cached too: the search for a size measures text many times)."""
        key = ("fit", text, size, color, max_w, face)
        surf = self._items.get(key)
        if surf is None:
            shown, fitted = fit_font(text, size, max_w, face)
            surf = self._items[key] = self.get(shown, fitted, color, face)
            if len(self._items) > self._limit:
                self._items.popitem(last=False)
        return surf


@dataclass(frozen=True)
class SeatInfo:
    """What the table shows about a seat that never changes during a game."""

    name: str
    team: int
    control: str  # "Human · left keys", "Bot · hard"
    color: Color
    is_bot: bool
    kind: str = ""  # the control in one word, where the whole of it does not fit: "Bot", "Human"


@dataclass
class CursorMark:
    """One human's keyboard/pad cursor: the card it would play and the pile it aims at."""

    seat: int
    tag: str
    color: Color
    source: pygame.Rect | None
    target: pygame.Rect | None
    slot: int  # 0 or 1: two humans aiming at one pile put their tags on opposite sides


def _least(fits: Callable[[int], bool], most: int) -> int:
    """A small `n` in 0..`most` for which `fits(n)` holds, given that `fits(most)` does (halving the
    range; taller boxes fit, by and large)."""
    low, high = -1, most
    while high - low > 1:
        mid = (low + high) // 2
        if fits(mid):
            high = mid
        else:
            low = mid
    return high


class TableView:
    """Draws everything except the card sprites and effects, caching whatever does not change."""

    def __init__(self, geom: TableGeometry, seats: list[SeatInfo], legends: list[Legend]) -> None:
        self.geom = geom
        self.seats = seats
        self.legends = legends
        self.text = TextCache()
        self._background: pygame.Surface | None = None
        self._bg_key: Hashable = None
        self._panels: dict[str, tuple[Hashable, pygame.Surface]] = {}
        self.go_button: pygame.Rect | None = None
        self.legend_bottom = 0  # lowest pixel row the legend drew on (tests check it stays in its box)
        self.flag_rects: list[pygame.Rect] = []  # this frame's cursor flags (tests check what they cover)
        # The legend's words' growth, and whether its list writes each keys once (_fit_legend).
        self.legend_form = (1.0, False)
        self._fit_column()

    def set_geometry(self, geom: TableGeometry) -> None:
        """New window size: drop every cached picture drawn at the old scale."""
        self.geom = geom
        self._background = None
        self._panels.clear()
        self._fit_column()

    def _fit_column(self) -> None:
        """Give the key legend, then the scores, the height their grown words need, taken from the
        table talk at the bottom of the column, which keeps its title and two lines."""
        g, drop = self.geom, self._title_drop()
        g.lower_borders(_BOXES, {})  # fitted from the layout's boxes, however often it is asked
        log = g.area("log")
        lends = max(0, log.h - (self.px(26) + drop + 2 * self._log_line() + self.px(4)))
        by = self._fit_legend(lends)
        # What is left grows the scores box as far as their words at the reading size need.
        scores = min(lends - by, max(0, self._scores_need(self.reading()) - g.area("scores").h))
        g.lower_borders(_BOXES, {"scores": scores, "legend": by})

    def _fit_legend(self, lends: int) -> int:
        """How many of the `lends` pixels the key legend takes to hold its lines (a mouse's uses of
        a key, wrapped under it, on a narrow or grown column). Where that is not enough, each keys
        is written once with all its uses under it, and then the words grow less (never below the
        design's size)."""
        box, drop = self.geom.area("legend"), self._title_drop()
        most = self.column_grow()
        grows = [most - step / 10 for step in range(int((most - 1) * 10) + 1)]
        forms = [(grow, grouped) for grow in [*grows, 1.0] for grouped in (False, True)]

        def fits(grow: float, grouped: bool, by: int) -> bool:
            below = pygame.Rect(box.x, box.y + drop, box.w, box.h + by - drop)
            return legend_fits(below, self.legends, self.px, grow, grouped)

        # The first form that fits with all the room the talk lends, with as little of it as does;
        # none: the design's box and words, as before.
        fitting = next((form for form in forms if fits(*form, lends)), None)
        grow, grouped, by = most, False, 0
        if fitting is not None:
            grow, grouped = fitting
            by = _least(lambda lent: fits(grow, grouped, lent), lends)
        self.legend_form = grow, grouped
        return by

    def warm_up(self, columns: int) -> None:
        """Paint the background and every card picture at this size before the first frame needs them."""
        self.background(columns)
        w, h = self.geom.card_size
        for kind in rumble_art.CARD_KINDS:
            rumble_art.card_face(kind, w, h)
        for info in self.seats:
            art.card_back(info.color, w, h)
        art.highlight_outline(w, h)
        for color in pal.TEAM_COLORS:
            art.highlight_outline(w, h, color)

    def px(self, base: float) -> int:
        """A base-canvas length in window pixels (fonts, margins)."""
        return max(1, round(base * self.geom.scale))

    def gx(self, base: float) -> int:
        """A text size on the felt: `base` at the design's scale, grown with the interface size as
        far as a card's width holds a few words (_LABEL_GROW)."""
        return self.px(base * min(self.geom.grow, _LABEL_GROW))

    def grown(self, text: str, base: float, room: int, face: str = "sans") -> int:
        """The largest size from gx(base) down to the design's px(base) at which `text` is `room`
        pixels wide at most (the design's size if none is: fit then shrinks or cuts as before)."""
        size = self.gx(base)
        while size > self.px(base) and not fits(text, size, room, face, size):
            size -= 1
        return size

    def column_grow(self) -> float:
        """How much larger than the design the side column's words are: as the felt's, as far as
        one and a half times in the design's width of it, more in a widened column."""
        return max(1.0, min(self.geom.grow, 1.5 * self._column_widened()))

    def _column_widened(self) -> float:
        """How many times the design's width the side column is (more than 1 on a wide window)."""
        return self.geom.area("panel").w / self.px(240)

    # --- static background --------------------------------------------------------------------

    def background(self, columns: int) -> pygame.Surface:
        """Felt, regions, boards, empty spots, labels and legend: drawn once per size and column count."""
        key = (self.geom.scaled.window, columns)
        if self._background is None or self._bg_key != key:
            self._background = self._paint_background(columns)
            self._bg_key = key
        return self._background

    def _paint_background(self, columns: int) -> pygame.Surface:
        surf = pygame.Surface(self.geom.scaled.window)
        surf.fill(pal.FELT_DARK)  # the letterbox, when the window's aspect differs from the table's
        g = self.geom
        pygame.draw.rect(surf, pal.FELT, g.area("play"))
        pygame.draw.rect(surf, pal.WOOD, g.area("panel"))
        for seat in range(len(self.seats)):
            self._paint_seat(surf, seat, columns)
        # The scores' title is the scores panel's own: it grows as far as the round line beside it leaves.
        grow = self.column_grow()
        titles = (("scores", "", 1.0), ("status", "", 1.0), ("legend", _("Keys"), grow),
                  ("log", _("Table talk"), grow))
        for name, title, title_grow in titles:
            self._paint_box(surf, g.area(name), title, title_grow)
        self._paint_legend(surf, g.area("legend"))
        return art.prepare(surf).convert() if pygame.display.get_surface() else surf

    def _paint_seat(self, surf: pygame.Surface, seat: int, columns: int) -> None:
        g, info = self.geom, self.seats[seat]
        team_color = pal.TEAM_COLORS[info.team % len(pal.TEAM_COLORS)]
        region = self._frame(seat)
        pygame.draw.rect(surf, pal.FELT_DARK, region, border_radius=self.px(12))
        pygame.draw.rect(surf, team_color, region, max(1, self.px(2)), border_radius=self.px(12))
        board = g.zone(seat, "board")
        surf.blit(rumble_art.battle_board(board.w, board.h, team_color, g.ribbon_grow()), board)
        w, h = g.card_size
        for col in range(columns):
            surf.blit(rumble_art.empty_spot("column", w, h), g.column_card_rect(seat, col, 0))
        surf.blit(rumble_art.empty_spot("deck", w, h), g.deck_rect(seat))
        hand = g.hand_rect(seat)
        surf.blit(rumble_art.empty_spot("hand", w, h), hand)
        # The slot's name within its dashes, or reaching past them on a small table (whole).
        word = _("drawn")
        size = self.grown(word, 11, hand.w - 4)
        room = hand.w - 4 if fits(word, size, hand.w - 4) else hand.w + self.px(16)
        hint = self.text.fit(word, size, pal.CREAM, room)
        surf.blit(hint, hint.get_rect(center=hand.center))
        self._paint_label(surf, seat, team_color)

    def _frame(self, seat: int) -> pygame.Rect:
        """A seat's framed place: its region, reaching at the window's edge into the felt a window
        taller than the table leaves beyond it, as far as its label then holds two lines at the
        smallest size (its band between the frame and the arsenal is too thin for them on a small
        window; a window of the table's shape has no such felt: nothing moves)."""
        g = self.geom
        frame = g.zone(seat, "region").inflate(-self.px(6), -self.px(6))
        bottom = g.side(seat) == "bottom"
        band = label_band(g.zone(seat, "label"), frame, g.zone(seat, "arsenal"), bottom, self.px(1))
        short = 2 * font(min_readable(), "bold").get_height() - band.h
        reach = max(0, min(short, int(g.scaled.offset[1]) - self.px(1)))
        return pygame.Rect(frame.x, frame.y - (0 if bottom else reach), frame.w, frame.h + reach)

    def _label_line(self, seat: int) -> pygame.Rect:
        """Where a seat's label is written: its place in the layout at the design's size; grown,
        across the whole frame and amid its band, since the felt beyond the arsenal's ends is bare
        in the band (else a grown label stays at the design's size on the arsenal's width)."""
        g = self.geom
        rect = g.zone(seat, "label")
        if g.grow <= 1:
            return rect
        frame = self._frame(seat)
        band = label_band(rect, frame, g.zone(seat, "arsenal"), g.side(seat) == "bottom", self.px(1))
        left, right = min(rect.x, frame.x + self.px(8)), max(rect.right, frame.right - self.px(8))
        return pygame.Rect(left, band.centery - rect.h // 2, right - left, rect.h)

    def _paint_label(self, surf: pygame.Surface, seat: int, team_color: Color) -> None:
        info, rect = self.seats[seat], self._label_line(seat)
        words, team, size, face = self._label_form(info, rect)
        ink = pal.legible(team_color, pal.FELT_DARK)
        tries = self._label_tries(info)
        if size <= self.px(13):
            # Two lines, the fullest form first, as large as it fits but no smaller than the
            # design's: a label grown onto two lines had dropped the keys a person plays with
            # for a larger size.
            if self._paint_two_lines(surf, seat, ink, tries, self.px(13)):
                return
        else:
            # Grown onto one line, a label may have dropped what it says at 100% on two (a bot's
            # level): then it says it still, grown less, on one line beside the team's short name
            # or on two, whichever is larger.
            fuller = tries[: next(i for i, (w, _t) in enumerate(tries) if w == words)]
            line = self._fuller_line([w for w, _t in fuller], pal.short_team_name(info.team), rect)
            least = line[1] + 1 if line else self.px(13)
            if fuller and self._paint_two_lines(surf, seat, ink, fuller, least):
                return
            if line is not None:
                words, team, size, face = line[0], pal.short_team_name(info.team), line[1], "bold"
            # The same words larger on two lines, where the band is tall enough, take two.
            if self._paint_two_lines(surf, seat, ink, [(words, team)], size + 1):
                return
        r = rect.h * size // (3 * self.px(13))  # the seat's mark grows with its words
        draw_seat_mark(surf, seat, (rect.x + r + 1, rect.centery), r, info.color)  # a shape, not only a hue
        right = self.text.get(team, size, ink, "bold")
        surf.blit(right, right.get_rect(midright=(rect.right, rect.centery)))
        room = rect.w - right.get_width() - 3 * r - 8
        left = self.text.fit(words, size, pal.CREAM, room, face)
        surf.blit(left, left.get_rect(midleft=(rect.x + 3 * r, rect.centery)))

    def _fuller_line(self, fuller: list[str], team: str, rect: pygame.Rect) -> tuple[str, int] | None:
        """The first of `fuller` and the largest size, from the grown one down to the design's, at
        which it fits whole beside `team` on the label's line; None if none does."""
        for size in range(self.gx(13), self.px(13) - 1, -1):
            for words in fuller:
                if self._label_fits(words, team, size, rect, size):
                    return words, size
        return None

    def _paint_two_lines(self, surf: pygame.Surface, seat: int, ink: Color, forms: list[tuple[str, str]],
                         least: int) -> bool:
        """A label on two lines where the felt beside it has room, the name and who plays it, the
        team below: the fullest of `forms` at the largest size from the grown one down to `least`.
        False if no room."""
        info, g = self.seats[seat], self.geom
        rect = self._label_line(seat)
        band = label_band(rect, self._frame(seat), g.zone(seat, "arsenal"), g.side(seat) == "bottom",
                          self.px(1))
        r = rect.h // 3  # the mark's radius at the design's size
        form = two_lines(forms, range(self.gx(13), least - 1, -1), rect.w - 3 * r - 4, band.h)
        if form is None:
            return False
        words, team, size = form
        lines = [self.text.get(words, size, pal.CREAM, "bold"), self.text.get(team, size, ink, "bold")]
        y = band.centery - sum(line.get_height() for line in lines) // 2
        draw_seat_mark(surf, seat, (rect.x + r + 1, y + lines[0].get_height() // 2), r, info.color)
        for line in lines:
            surf.blit(line, (rect.x + 3 * r, y))
            y += line.get_height()
        return True

    def _label_form(self, info: SeatInfo, rect: pygame.Rect) -> tuple[str, str, int, str]:
        """(words, team, size, face) of a seat's label: the longest form that fits whole, the keys
        or the bot's level beside the name, then who plays it in one word (a bot must not pass for
        a person), then the team's short name, the plain face being the narrower; at the last the
        seat's name alone, nothing cut. Grown with the interface size, a form is taken at the
        largest size it fits whole, if that is at least halfway grown; else at the design's size."""
        tries = self._label_tries(info)
        design = self.px(13)
        chosen = self._design_form(tries, rect)
        # Grown, a form says no less than the design's does (its team may be the shorter name).
        said = max(i for i, (words, _t) in enumerate(tries) if words == chosen[0])
        top = self.px(13 * min(self.geom.grow, _LABEL_GROW))
        for words, team in tries[: said + 1]:
            for size in range(top, (top + design) // 2, -1):
                if self._label_fits(words, team, size, rect, size):
                    return words, team, size, "bold"
        return chosen

    @staticmethod
    def _label_tries(info: SeatInfo) -> list[tuple[str, str]]:
        """A label's forms, (words, team), from the fullest."""
        full, kind = f"{info.name} · {info.control}", f"{info.name} · {info.kind}" if info.kind else info.name
        return [(full, pal.team_name(info.team)), (kind, pal.team_name(info.team)),
                (kind, pal.short_team_name(info.team)), (info.name, pal.short_team_name(info.team))]

    def _design_form(self, tries: list[tuple[str, str]], rect: pygame.Rect) -> tuple[str, str, int, str]:
        """The first form that fits whole at the design's size (shrunk down to the floor)."""
        design = self.px(13)
        for words, team in tries:
            for face in ("bold", "sans"):
                if self._label_fits(words, team, design, rect, 0, face):
                    return words, team, design, face
        return tries[-1][0], tries[-1][1], design, "bold"

    def _label_fits(self, words: str, team: str, size: int, rect: pygame.Rect, least: int,
                    face: str = "bold") -> bool:
        """Whether `words` fit whole beside `team` at `size` (shrunk no further than `least`)."""
        r = rect.h * size // (3 * self.px(13))
        room = rect.w - font(max(min_readable(), size), "bold").size(team)[0] - 3 * r - 8
        return fits(words, size, room, face, least)

    def _paint_box(self, surf: pygame.Surface, rect: pygame.Rect, title: str, grow: float) -> None:
        pygame.draw.rect(surf, pal.WOOD_DARK, rect, border_radius=self.px(8))
        pygame.draw.rect(surf, pal.CRUST_DARK, rect, 1, border_radius=self.px(8))
        if title:
            text = self.text.get(title, self.px(14 * grow), pal.legible(pal.GOLD, pal.WOOD_DARK), "bold")
            surf.blit(text, (rect.x + self.px(8), rect.y + self.px(5)))

    def _title_drop(self) -> int:
        """How much lower than in the design a box's content starts, below its grown title."""
        grown = font(max(min_readable(), self.px(14 * self.column_grow())), "bold").get_linesize()
        return grown - font(max(min_readable(), self.px(14)), "bold").get_linesize()

    def _paint_legend(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """Each human's keys: a list, or a grid when there are too many humans for a readable list."""
        drop = self._title_drop()
        below = pygame.Rect(rect.x, rect.y + drop, rect.w, rect.h - drop)
        grow, grouped = self.legend_form
        self.legend_bottom = paint_legend(surf, below, self.legends, self.text, self.px, grow, grouped)

    # --- per-frame pieces ---------------------------------------------------------------------

    def draw_decks(self, surface: pygame.Surface, state: Any) -> None:
        """Each face-down deck with its count (pictures cached per count)."""
        for seat, player in enumerate(state.players):
            count = len(player.deck)
            image = self.panel(f"deck{seat}", count, lambda s, c=count, i=seat: self._paint_deck(s, i, c))
            surface.blit(image, self.geom.deck_rect(seat))

    def _paint_deck(self, surf: pygame.Surface, seat: int, count: int) -> None:
        w, h = self.geom.card_size
        if count:
            back = art.card_back(self.seats[seat].color, w, h)
            if count > 10:  # a thick deck shows an edge
                surf.blit(back, (self.px(2), self.px(2)))
            surf.blit(back, (0, 0))
        else:  # an empty deck is where Out! is called
            out = self.text.get(_("Out!"), self.grown(_("Out!"), 18, w - 4, "title"), pal.GOLD, "title")
            surf.blit(out, out.get_rect(center=(w // 2, h // 2 - self.px(6))))
        badge = self.text.get(str(count), self.grown(str(count), 13, w // 2, "bold"), pal.INK, "bold")
        box = badge.get_rect(midbottom=(w // 2, h - self.px(3))).inflate(self.px(8), 2)
        pygame.draw.rect(surf, pal.CREAM, box, border_radius=box.h // 2)
        surf.blit(badge, badge.get_rect(center=box.center))

    def draw_clearing(self, surface: pygame.Surface, state: Any) -> None:
        """A KaPow!ed pile glows in the scoring team's colour while it is cleared."""
        for seat, board in enumerate(state.boards):
            for face in FACES:
                pile = board[face]
                if pile.clearing and pile.cards and pile.scored_by is not None:
                    top = self.geom.pile_card_rect(seat, face, len(pile.cards) - 1, len(pile.cards))
                    color = pal.TEAM_COLORS[pile.scored_by % len(pal.TEAM_COLORS)]
                    surface.blit(art.highlight_outline(top.w, top.h, color), top)

    def draw_targets(self, surface: pygame.Surface, state: Any, targets: list[tuple[int, str]]) -> None:
        """Legal drop piles light up while a card is dragged."""
        for seat, face in targets:
            size = len(state.boards[seat][face].cards)
            rect = self.geom.pile_card_rect(seat, face, max(0, size - 1), max(1, size))
            surface.blit(art.highlight_outline(rect.w, rect.h), rect)

    def draw_cursors(self, surface: pygame.Surface, marks: list[CursorMark]) -> None:
        """Each human's selection and target: outlines first, then name flags on top of every outline."""
        width = max(2, self.px(3))
        flags: list[tuple[str, Color, dict[str, tuple[int, int]]]] = []
        for mark in marks:
            if mark.source is not None:
                box = mark.source.inflate(width * 2, width * 2)
                pygame.draw.rect(surface, mark.color, box, width, border_radius=self.px(6))
                # The tab hangs from the card's edge over the outline: the layout keeps that much room free.
                flags.append((mark.tag.split()[0], mark.color, {"midtop": (box.centerx, mark.source.bottom)}))
            if mark.target is not None:
                glow = art.highlight_outline(mark.target.w, mark.target.h, mark.color)
                surface.blit(glow, mark.target)
                grow = width * (4 + 3 * mark.slot)  # a second human on the same pile rings outside the first
                ring = mark.target.inflate(grow, grow)
                pygame.draw.rect(surface, pal.INK, ring.inflate(2, 2), 1, border_radius=self.px(8))
                pygame.draw.rect(surface, mark.color, ring, width, border_radius=self.px(8))
                where = "midbottom" if mark.slot == 0 else "midtop"
                point = (ring.centerx, ring.top + 1) if mark.slot == 0 else (ring.centerx, ring.bottom - 1)
                flags.append((mark.tag, mark.color, {where: point}))
        self.flag_rects = [self._flag(surface, text, color, **where) for text, color, where in flags]

    def _flag(self, surface: pygame.Surface, text: str, color: Color,
              **where: tuple[int, int]) -> pygame.Rect:
        """A small label on a coloured, ink-edged plate, kept inside the play area."""
        fill, ink = pal.plate(color)  # the tag at 4.5:1 on its plate, 7:1 in high contrast
        image = self.text.get(text, self.gx(11), ink, "bold")
        box = image.get_rect().inflate(self.px(8), -self.px(2))  # the font's leading is room enough
        for name, point in where.items():
            setattr(box, name, point)
        box.clamp_ip(self.geom.area("play"))
        pygame.draw.rect(surface, fill, box, border_radius=self.px(4))
        pygame.draw.rect(surface, pal.INK, box, 1, border_radius=self.px(4))
        surface.blit(image, image.get_rect(center=box.center))
        return box

    def draw_notice(self, surface: pygame.Surface, seat: int, text: str, color: Color = pal.DANGER) -> None:
        """A short message over a seat's arsenal (refusal reasons)."""
        ars, region = self.geom.zone(seat, "arsenal"), self.geom.zone(seat, "region")
        # As wide as the seat's whole place allows, so a reason reads in full (it is clamped there).
        room = region.w - self.px(24)
        label = self.text.fit(text, self.grown(text, 13, room, "bold"), pal.WHITE, room, "bold")
        box = label.get_rect(center=(ars.centerx, ars.centery)).inflate(self.px(12), self.px(6))
        box.clamp_ip(region)
        pygame.draw.rect(surface, color, box, border_radius=self.px(6))
        pygame.draw.rect(surface, pal.INK, box, 1, border_radius=self.px(6))
        surface.blit(label, label.get_rect(center=box.center))

    # --- cached panels -----------------------------------------------------------------------

    def panel(self, name: str, key: Hashable, paint: Any) -> pygame.Surface:
        """A panel's picture, repainted by `paint(surface)` only when its content `key` changes."""
        cached = self._panels.get(name)
        if cached is None or cached[0] != key:
            size = self._panel_size(name)
            surf = pygame.Surface(size, pygame.SRCALPHA)
            paint(surf)
            cached = self._panels[name] = (key, art.prepare(surf))
        return cached[1]

    def _panel_size(self, name: str) -> tuple[int, int]:
        """Panels are the layout's boxes; deck pictures are a card plus its edge."""
        if name.startswith("deck"):
            w, h = self.geom.card_size
            return w + self.px(2), h + self.px(2)
        return self.geom.area(name).size

    def draw_scores(self, surface: pygame.Surface, state: Any) -> None:
        """Team totals and this round's KaPow!s."""
        key = (tuple(state.scores), tuple(state.round_kapows), state.round, state.target)
        rect = self.geom.area("scores")
        surface.blit(self.panel("scores", key, lambda s: self._paint_scores(s, state)), rect)

    def _paint_scores(self, surf: pygame.Surface, state: Any) -> None:
        w, f = surf.get_width(), self._scores_factor(surf.get_height())

        def px(base: float) -> int:  # the table's pixels, grown by what the box holds
            return self.px(base * f)

        round_text = _("Round {n} · to {target}").format(n=state.round, target=state.target)
        head = self.text.get(round_text, px(12), pal.PAPER)
        surf.blit(head, head.get_rect(topright=(w - self.px(8), self.px(7))))
        self._paint_scores_title(surf, max(f, self.column_grow() if self._column_widened() > 1.2 else 1.0),
                                 w - self.px(24) - head.get_width())
        y, line = px(30), px(24)
        scores = [self.text.get(str(total), px(18), pal.CREAM, "bold") for total in state.scores]
        # The names get what the scores leave, so a two- or three-digit score never runs into them;
        # all lose the word "Team" when one would otherwise be cut ("Blueberry", not "Team Blue…").
        rooms = [w - self.px(56) - score.get_width() - px(36) for score in scores]
        names = [pal.team_name(team) for team in range(len(scores))]
        least = self.px(13) if f > 1 else 0  # grown, a name may shrink back to its 100% size only
        if not all(fits(names[i], px(13), rooms[i], "bold", least) for i in range(len(names))):
            names = [pal.short_team_name(team) for team in range(len(scores))]
        for team, score in enumerate(scores):
            color = pal.TEAM_COLORS[team % len(pal.TEAM_COLORS)]
            pygame.draw.circle(surf, color, (self.px(16), y + line // 2), self.px(7))
            score_rect = score.get_rect(midright=(w - self.px(56), y + line // 2))
            name = self.text.fit(names[team], px(13), pal.CREAM, rooms[team], "bold")
            surf.blit(name, (self.px(28), y + (line - name.get_height()) // 2))
            surf.blit(score, score_rect)
            gold = pal.legible(pal.GOLD, pal.WOOD_DARK)
            extra = self.text.get(f"+{state.round_kapows[team]}", px(12), gold, "bold")
            surf.blit(extra, extra.get_rect(midright=(w - self.px(10), y + line // 2)))
            y += line
        note = _("total   +KaPow!s this round")
        # Grown, the note breaks onto two lines rather than shrinking back to one.
        lines = [note] if fits(note, px(12), w - self.px(16), "sans", px(12)) else note.split("   ", 1)
        bottom = surf.get_height() - self.px(4)
        for text in reversed(lines):  # on two lines, right-aligned, when one would be cut
            image = self.text.fit(text.strip(), px(12), pal.PAPER, w - self.px(16))
            surf.blit(image, image.get_rect(bottomright=(w - self.px(8), bottom)))
            bottom -= image.get_height()

    def _paint_scores_title(self, surf: pygame.Surface, grow: float, room: int) -> None:
        """The box's title, `grow` times the design's size or less, within `room` pixels."""
        title, ink = _("Scores"), pal.legible(pal.GOLD, pal.WOOD_DARK)
        size = self.px(14 * grow)
        while size > self.px(14) and not fits(title, size, room, "bold", size):
            size -= 1
        surf.blit(self.text.get(title, size, ink, "bold"), (self.px(8), self.px(5)))

    def _scores_factor(self, height: int) -> float:
        """How much larger than the table the scores are written: as far as the interface size
        asks (`reading`) and their box's `height` holds the teams' lines and the note below."""
        f = self.reading()
        while f > 1.0 and self._scores_need(f) > height:
            f = max(1.0, f - 0.05)
        return f

    def _scores_need(self, f: float) -> int:
        """The height the scores box needs with its words `f` times the table's size: the title
        row, each team's line and the note under them, on two lines at most."""
        teams = 1 + max((info.team for info in self.seats), default=1)
        note_h = 2 * font(max(min_readable(), self.px(12 * f))).get_height()
        return self.px(30 * f) + teams * self.px(24 * f) + note_h + self.px(4)

    def reading(self) -> float:
        """How much larger than the table the status and the table talk are written: the boxes
        whose entries wrap (and the oldest give way) follow the interface size as far as
        _READING_ROOM is left (further in a widened column), while the table's geometry keeps
        its own scale."""
        window = self.geom.scaled.window
        reading = ui_scale(window, _READING_ROOM) / ui_scale(window)
        return max(1.0, min(reading * self._column_widened(), max(self.geom.grow, reading)))

    def draw_status(self, surface: pygame.Surface, lines: list[tuple[str, Color]]) -> None:
        """The status box: up to three short lines."""
        key = tuple(lines)
        rect = self.geom.area("status")
        size = 15 * self.reading()
        surface.blit(self.panel("status", key, lambda s: self._paint_lines(s, lines, self.px(8), size)), rect)

    def draw_log(self, surface: pygame.Surface, lines: list[tuple[str, Color]]) -> None:
        """The table talk: the latest few happenings, newest last."""
        key = tuple(lines)
        rect = self.geom.area("log")
        size = 12 * self.reading()  # as _log_line
        top = self.px(26) + self._title_drop()
        surface.blit(self.panel("log", key, lambda s: self._paint_lines(s, lines, top, size)), rect)

    def _paint_lines(self, surf: pygame.Surface, lines: list[tuple[str, Color]], top: int,
                     size: float) -> None:
        """Word-wrapped entries, newest kept when they do not all fit. Entries are kept or dropped
        whole, so the box never starts with the tail of a message cut in two."""
        # Wrapped at the size the lines are drawn at (never below the readable floor), so none is cut.
        fnt, width = font(max(min_readable(), self.px(size)), "bold"), surf.get_width() - self.px(14)
        y, line = top, self._line_height(size)
        fitting = max(1, (surf.get_height() - top - self.px(4)) // line)
        for text, color in fit_entries([(_wrap(text, fnt, width), color) for text, color in lines], fitting):
            ink = pal.legible(color, pal.WOOD_DARK)  # a team's colour, light enough for the panel
            surf.blit(self.text.fit(text, self.px(size), ink, width, "bold"), (self.px(8), y))
            y += line

    def _line_height(self, size: float) -> int:
        """How far apart the lines of a box written at `size` (base px) are."""
        drawn = max(min_readable(), self.px(size))
        return max(self.px(size + 4), font(drawn, "bold").get_linesize())

    def _log_line(self) -> int:
        """How far apart the table talk's lines are."""
        return self._line_height(12 * self.reading())

    def draw_banner(self, surface: pygame.Surface, title: str, sub: str = "", button: str = "") -> None:
        """The centre strip: countdown, Go!, prompts; an optional Go! button for the mouse."""
        rect = self.geom.area("banner")
        self.go_button = None
        if not title:
            return
        big = self.text.get(title, self.px(40), pal.GOLD, "title")
        shadow = self.text.get(title, self.px(40), pal.INK, "title")
        center = (rect.centerx, rect.centery - (self.px(12) if sub else 0))
        surface.blit(shadow, shadow.get_rect(center=(center[0] + 2, center[1] + 3)))
        surface.blit(big, big.get_rect(center=center))
        if sub:
            small = self.text.get(sub, self.grown(sub, 15, rect.w - self.px(300), "bold"), pal.CREAM, "bold")
            bottom = rect.bottom - max(self.px(14), small.get_height() // 2)
            surface.blit(small, small.get_rect(center=(rect.centerx, bottom)))
        if button:
            self.go_button = self._button(surface, button, rect)

    def _button(self, surface: pygame.Surface, text: str, banner: pygame.Rect) -> pygame.Rect:
        label = self.text.get(text, self.gx(22), pal.INK, "bold")
        box = label.get_rect().inflate(self.px(40), self.px(14))
        box.midright = (banner.right - self.px(24), banner.centery)
        pygame.draw.rect(surface, pal.WOOD_DARK, box.move(0, self.px(3)), border_radius=self.px(10))
        pygame.draw.rect(surface, pal.GOLD, box, border_radius=self.px(10))
        pygame.draw.rect(surface, pal.INK, box, 2, border_radius=self.px(10))
        surface.blit(label, label.get_rect(center=box.center))
        return box


def _wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap to `width` pixels."""
    lines, current = [], ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and fnt.size(trial)[0] > width:
            lines.append(current)
            current = word
        else:
            current = trial
    return lines + [current] if current else lines


def fit_entries(entries: list[tuple[list[str], Color]], room: int) -> list[tuple[str, Color]]:
    """The wrapped lines of the newest entries that fit in `room` lines, oldest first; an entry that
    does not fit is left out whole (the newest one alone keeps its first lines if it is too long)."""
    kept: list[tuple[list[str], Color]] = []
    used = 0
    for parts, color in reversed(entries):
        if used + len(parts) > room:
            if not kept:
                kept.append((parts[:room], color))
            break
        kept.append((parts, color))
        used += len(parts)
    return [(part, color) for parts, color in reversed(kept) for part in parts]
