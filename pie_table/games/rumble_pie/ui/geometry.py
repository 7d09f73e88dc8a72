"""Where things sit on the Rumble Pie table: seat-to-slot seating and card rects in window pixels."""

from __future__ import annotations

import math

import pygame

from pie_table.games.rumble_pie.ui import art as rumble_art
from pie_table.kit.layout import Layout, ScaledLayout
from pie_table.kit.text import ui_scale

FACES = ("shorty", "sylvie", "pierre")
ARSENAL_COLS = 4
ARSENAL_ROWS = 3
# A pile's shown cards step down by this share of the layout's cascade offset (5 px for 60x84 cards).
_PILE_STEP = 5 / 24
PILE_SHOWN = 5  # cards of a pile drawn; older ones are hidden under them
# The room, in pixels at scale 1, the table's words keep when they grow with the interface size:
# small enough that they follow it all the way to 200% on any window.
_WORDS_ROOM = (640, 360)
# Base px a lowered top-row arsenal keeps clear above its board (lowered_top_row).
_CASCADE_CLEAR = 4
# The side column's zones, which widen into a window wider than the design when the words grow.
_COLUMN = ("panel", "scores", "status", "legend", "log")


def seat_slots(teams: list[int]) -> list[int]:
    """Layout slot of each seat: team 0 fills the bottom row, team 1 the top row, the rest fill gaps."""
    n = len(teams)
    n_bottom = math.ceil(n / 2)
    bottom = list(range(n_bottom))
    top = list(range(n_bottom, n))
    slots: list[int | None] = [None] * n
    for seat, team in enumerate(teams):
        row = bottom if team == 0 else top if team == 1 else None
        if row:
            slots[seat] = row.pop(0)
    rest = bottom + top
    for seat in range(n):
        if slots[seat] is None:
            slots[seat] = rest.pop(0)
    return [int(s) for s in slots if s is not None]


def words_grow(window: tuple[int, int]) -> float:
    """How much larger than the design the table's words are written on `window`: the interface
    size (1 to 2); the cards and places keep the design's scale, which already fills the window."""
    return ui_scale(window, _WORDS_ROOM) / ui_scale(window)


def widened(layout: Layout, window: tuple[int, int], grow: float) -> Layout:
    """`layout` with its side column widened, by as much as its words grew (`grow`), into the
    width a window wider than the design has to spare: the cards keep their size, the column's
    words get room. On a window of the design's shape or narrower, `layout` itself."""
    bw, bh = layout.size
    scale = min(window[0] / bw, window[1] / bh)
    panel = layout.zones["panel"]
    extra = int(min(window[0] / scale - bw, panel.w * (grow - 1)))
    if extra <= 0:
        return layout
    zones = {name: pygame.Rect(r.x, r.y, r.w + extra, r.h) if name in _COLUMN else pygame.Rect(r)
             for name, r in layout.zones.items()}
    return Layout(zones, layout.props, layout.zone_props, (bw + extra, bh), layout.path)


def lowered_top_row(layout: Layout, grow: float) -> Layout:
    """`layout` with, once the words grow (`grow` > 1), each top-row seat's arsenal and deck moved
    down into the felt above its board, as far as the label's band above them is as tall as the
    bottom row's under theirs: a top label then grows onto two lines as a bottom one does, where
    the thinner band kept it at the design's size. The cards' cascades keep their room."""
    regions = {name.removesuffix("_region"): props["side"] for name, props in layout.zone_props.items()
               if name.startswith("seat") and name.endswith("_region")}
    zones = layout.zones
    bands = [zones[f"{seat}_region"].bottom - zones[f"{seat}_arsenal"].bottom
             for seat, side in regions.items() if side == "bottom"]
    if grow <= 1 or not bands:
        return layout
    moved = {name: pygame.Rect(rect) for name, rect in zones.items()}
    for seat, side in regions.items():
        arsenal = zones[f"{seat}_arsenal"]
        band, room = arsenal.top - zones[f"{seat}_region"].top, zones[f"{seat}_board"].top - arsenal.bottom
        drop = max(0, min(max(bands) - band, room - _CASCADE_CLEAR))
        if side == "top" and drop:
            for part in ("arsenal", "deck"):
                moved[f"{seat}_{part}"].move_ip(0, drop)
    return Layout(moved, layout.props, layout.zone_props, layout.size, layout.path)


class TableGeometry:
    """The layout fitted to the window, answering 'where is this card' and 'what is under the mouse'."""

    def __init__(self, layout: Layout, slots: list[int], window: tuple[int, int]) -> None:
        self.grow = words_grow(window)
        layout = lowered_top_row(widened(layout, window, self.grow), self.grow)
        self.layout = layout
        self.slots = slots
        self.scaled: ScaledLayout = layout.scale_to(window)
        self.card_size = self.scaled.card_size
        base_ars = layout.rect(f"seat{slots[0]}_arsenal")
        cw = layout.card_size[0]
        self._col_step = cw + (base_ars.w - ARSENAL_COLS * cw) / (ARSENAL_COLS - 1)
        self._cascade = layout.stack  # base px between cascaded cards; the layout reserves it under faces
        self._faces = {(s, f): self._face_rect(s, f) for s in range(len(slots)) for f in FACES}
        self._areas: dict[str, pygame.Rect] = {}  # side-column boxes moved from the layout's place

    def lower_borders(self, column: tuple[str, ...], taller: dict[str, int]) -> None:
        """Give each box of `column` (stacked top to bottom) `taller[name]` pixels more than the
        layout does, each one below moved down by what those above it took; the last box gives it
        all up (a box given the height its words need, taken from the one at the bottom). Measured
        from the layout, not from a move before: a second call replaces the first."""
        down = 0
        for name in column[:-1]:
            rect = self.scaled.rect(name)
            self._areas[name] = pygame.Rect(rect.x, rect.y + down, rect.w, rect.h + taller.get(name, 0))
            down += taller.get(name, 0)
        last = self.scaled.rect(column[-1])
        self._areas[column[-1]] = pygame.Rect(last.x, last.y + down, last.w, last.h - down)

    @property
    def scale(self) -> float:
        """Window pixels per base pixel."""
        return self.scaled.scale

    def ribbon_grow(self) -> float:
        """How much taller than the design the chefs' name ribbons on the boards are: with the
        words, as far as a ribbon a fifth of the board leaves the pile spots nearly a card tall."""
        return min(self.grow, 1.6)

    def zone(self, seat: int, name: str) -> pygame.Rect:
        """Zone `seat{slot}_{name}` of `seat` in window coordinates."""
        return self.scaled.rect(f"seat{self.slots[seat]}_{name}")

    def area(self, name: str) -> pygame.Rect:
        """A global zone (scores, status, legend, log, banner, play, panel) in window coordinates."""
        moved = self._areas.get(name)
        return pygame.Rect(moved) if moved is not None else self.scaled.rect(name)

    def side(self, seat: int) -> str:
        """'bottom' or 'top': which row the seat sits in."""
        return str(self.layout.zone_props[f"seat{self.slots[seat]}_region"]["side"])

    def _card_at_base(self, x: float, y: float) -> pygame.Rect:
        left, top = self.scaled.to_window((x, y))
        return pygame.Rect((left, top), self.card_size)

    def face_rect(self, seat: int, face: str) -> pygame.Rect:
        """Where a pile starts on one chef face: centred on the spot the board art paints."""
        return pygame.Rect(self._faces[seat, face])

    def _face_rect(self, seat: int, face: str) -> pygame.Rect:
        board = self.zone(seat, "board")
        spot = rumble_art.board_spot_rects(board.w, board.h, self.ribbon_grow())[face].move(board.topleft)
        rect = pygame.Rect((0, 0), self.card_size)
        rect.center = spot.center
        return rect

    def pile_card_rect(self, seat: int, face: str, index: int, size: int) -> pygame.Rect:
        """Rect of card `index` (0 = oldest) of a pile of `size`; hidden cards share the first shown spot."""
        first = max(0, size - PILE_SHOWN)
        step = max(0, index - first)
        return self.face_rect(seat, face).move(0, round(step * _PILE_STEP * self._cascade * self.scale))

    def column_card_rect(self, seat: int, col: int, row: int) -> pygame.Rect:
        """Rect of the card at `row` (0 = top of the cascade) of arsenal column `col`."""
        base = self.layout.rect(f"seat{self.slots[seat]}_arsenal")
        return self._card_at_base(base.x + col * self._col_step, base.y + row * self._cascade)

    def column_rect(self, seat: int, col: int) -> pygame.Rect:
        """The whole cascade area of one arsenal column (for drops and outlines)."""
        top = self.column_card_rect(seat, col, 0)
        bottom = self.column_card_rect(seat, col, ARSENAL_ROWS - 1)
        return top.union(bottom)

    def deck_rect(self, seat: int) -> pygame.Rect:
        """The face-down deck."""
        base = self.layout.rect(f"seat{self.slots[seat]}_deck")
        return self._card_at_base(base.x, base.y)

    def hand_rect(self, seat: int) -> pygame.Rect:
        """Where the drawn (held) card waits."""
        base = self.layout.rect(f"seat{self.slots[seat]}_hand")
        return self._card_at_base(base.x, base.y)

    def face_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        """(seat, face) of the pile area under `pos` (the spot plus its stacking room), or None."""
        for seat in range(len(self.slots)):
            for face in FACES:
                spot = self.face_rect(seat, face)
                area = spot.union(self.pile_card_rect(seat, face, PILE_SHOWN - 1, PILE_SHOWN))
                if area.collidepoint(pos):
                    return seat, face
        return None

    def column_at(self, seat: int, pos: tuple[int, int], columns: int) -> int | None:
        """Index of `seat`'s arsenal column under `pos` (only the first `columns`), or None."""
        for col in range(columns):
            if self.column_rect(seat, col).collidepoint(pos):
                return col
        return None
