"""The key legend in the side panel: a list per human, or one compact grid when the list would not fit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.fonts import fits, font, min_readable
from pie_table.kit.i18n import N_, _
from pie_table.kit.input import intent_help
from pie_table.kit.text import wrap_text

Color = tuple[int, int, int]
# Short names of what a key does, in grid row order.
GRID_ROWS = (N_("column"), N_("target"), N_("play"), N_("draw"), N_("move 1/2"), N_("Out!"), N_("pause"))
# Intents that share one legend line: (intents, how their keys are joined, what they do, grid row).
# Looked up by intent, never by wording, so every language groups them alike.
_GROUPS = (
    (("col1", "col2", "col3", "col4"), " ", N_("column (twice: play)"), "column"),
    (("colprev", "colnext"), " / ", N_("prev / next column"), "column"),
    (("prev", "next"), " / ", N_("prev / next target"), "target"),
    (("move1", "move2"), " / ", N_("move 1 / 2 cards"), "move 1/2"),
)
_GRID_ROW_OF = {"play": "play", "draw": "draw", "out": "Out!", "pause": "pause"}
# The mouse has no keys, so in the grid it gets two lines under it instead of a column.
_MOUSE_LINES = [(N_("drag"), N_("play or move cards")), (N_("click deck"), N_("draw, Out!"))]
_LIST_MIN_LINE = 14  # base px: below this the list is unreadable and the grid takes over


@dataclass(frozen=True)
class Legend:
    """One block of the legend: a header in the seat's colour and its (keys, what they do) lines."""

    header: str
    color: Color
    rows: list[tuple[str, str]]
    tag: str = ""  # "P3": the grid's column head; empty for the everyone-line
    cells: dict[str, str] = field(default_factory=dict)  # grid row -> keys


def key_rows(key_labels: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """From (intent, keys) pairs: the list's (keys, what they do) lines, with the column keys on one
    line and prev/next and move 1/2 paired, and the grid's cells (grid row -> short keys: "ZXCV", "A/D")."""
    keys = dict(key_labels)
    rows: list[tuple[str, str]] = []
    cells: dict[str, str] = {}
    grouped: set[str] = set()
    for intent, label in key_labels:
        if intent in grouped:
            continue
        group = next((g for g in _GROUPS if intent in g[0] and all(i in keys for i in g[0])), None)
        if group is None:
            rows.append((label, intent_help(intent)))
            row = _GRID_ROW_OF.get(intent)
        else:
            members, joint, what, row = group
            grouped.update(members)
            label = joint.join(keys[i] for i in members)
            rows.append((label, _(what)))
        if row is not None and row not in cells:
            cells[row] = label.replace(" / ", "/").replace(" ", "")
    return rows, cells


class Text(Protocol):
    """The text cache the table view owns."""

    def get(self, text: str, size: int, color: Color, face: str = "sans") -> pygame.Surface: ...
    def fit(self, text: str, size: int, color: Color, max_w: int, face: str = "sans") -> pygame.Surface: ...


def paint_legend(surf: pygame.Surface, rect: pygame.Rect, legends: list[Legend], text: Text,
                 px: Callable[[float], int], grow: float = 1.0, grouped: bool = False) -> int:
    """Draw the legend inside `rect` (below its title); returns the lowest pixel row it drew on.
    Its words are `grow` times the design's size, as far as the box's height holds them;
    `grouped`: a list writes each of a seat's keys once, with all their uses under it."""
    tx = _text_px(px, grow)
    if _as_list(rect, legends, px, tx):
        return _paint_list(surf, rect, legends, text, px, tx, grouped)
    return _paint_grid(surf, rect, legends, text, px, tx)


def legend_fits(rect: pygame.Rect, legends: list[Legend], px: Callable[[float], int], grow: float = 1.0,
                grouped: bool = False) -> bool:
    """Whether the legend, drawn inside `rect`, ends within it with every keys and use at the list's
    own size: the list with each use wrapped under its keys needs a box that tall (a grid squeezes
    its rows into any box; a header may narrow to the box's width, as it always has)."""
    tx = _text_px(px, grow)
    if not _as_list(rect, legends, px, tx):
        return True
    draws, bottom = _list_plan(rect, legends, px, tx, grouped)
    headers = {lg.header for lg in legends}
    whole = all(fits(words, size, room, face, size) for words, size, _ink, _at, room, face in draws
                if words not in headers)
    return whole and bottom <= rect.bottom


Px = Callable[[float], int]
# One text of the list: (words, size, ink, where, room it may take, face).
_Draw = tuple[str, int, Color, tuple[int, int], int, str]


def _text_px(px: Px, grow: float) -> Px:
    def tx(base: float) -> int:  # a text size or line height (margins stay the design's)
        return px(base * grow)

    return tx


def _as_list(rect: pygame.Rect, legends: list[Legend], px: Px, tx: Px) -> bool:
    """The list where its lines are readable and whole; else the grid. The grid's short row names
    say what a key does without cutting it, for one player too (a narrow window cut "column
    (twice…" in the list); it needs someone with keys to show."""
    lines = sum(len(lg.rows) + 1 for lg in legends)
    room = rect.bottom - rect.y - px(28) - px(4) * len(legends)
    readable = room // max(1, lines) >= tx(_LIST_MIN_LINE) and _list_reads_whole(rect, legends, px, tx)
    return readable or not any(lg.cells for lg in legends)


def _list_metrics(rect: pygame.Rect, legends: list[Legend], px: Px, tx: Px) -> tuple[int, int, int]:
    """The list's line height, font size and width of its keys column."""
    lines = sum(len(lg.rows) + 1 for lg in legends)
    room = rect.bottom - rect.y - px(28) - px(4) * len(legends)
    floor = min_readable()  # the list keeps to the text floor, or the grid takes over
    line = max(tx(11), floor + 2, min(tx(15), room // max(1, lines)))
    size = max(floor, min(tx(13), line - 2))
    widest = max(font(size, "bold").size(k)[0] for lg in legends for k, _w in lg.rows)
    return line, size, min(tx(80), widest + px(8))


def _list_reads_whole(rect: pygame.Rect, legends: list[Legend], px: Px, tx: Px) -> bool:
    """True if no line of the list would be cut (a narrow panel or a wordier language cuts them, and
    then the grid says more)."""
    _line, size, keys_w = _list_metrics(rect, legends, px, tx)
    room = rect.w - keys_w - px(16)
    return all(fits(what, size, room) for lg in legends for _k, what in lg.rows)


def _list_plan(rect: pygame.Rect, legends: list[Legend], px: Px, tx: Px,
               grouped: bool = False) -> tuple[list[_Draw], int]:
    """Each human's keys under a header in their seat colour: what the list draws where, and the
    lowest pixel row it reaches. `grouped`: each keys once, their uses under them (a mouse's
    "Drag" four times is one line then, where the box has no room for the four)."""
    x, y = rect.x + px(8), rect.y + px(24)
    line, size, keys_w = _list_metrics(rect, legends, px, tx)
    draws: list[_Draw] = []
    for lg in legends:
        ink = pal.legible(lg.color, pal.WOOD_DARK)  # the seat colour, light enough for the panel
        draws.append((lg.header, size + 1, ink, (x, y), rect.w - px(12), "bold"))
        y += line
        for keys, uses in _grouped(lg.rows) if grouped else [(k, [w]) for k, w in lg.rows]:
            what, what_w = "; ".join(uses), rect.w - keys_w - px(16)
            whole = fits(keys, size, keys_w - px(6), "bold", size) and fits(what, size, what_w, "sans", size)
            if (whole and len(uses) == 1) or y + 2 * line > rect.bottom - px(4):
                draws.append((keys, size, pal.CREAM, (x + px(4), y), keys_w - px(6), "bold"))
                draws.append((what, size, pal.PAPER, (x + px(4) + keys_w, y), what_w, "sans"))
            else:
                # Where the box has a line to spare: the keys across it, what they do under them
                # (on as many lines as that takes), rather than cut beside them ("Esc · E…  pause ·
                # start ro…").
                draws.append((keys, size, pal.CREAM, (x + px(4), y), rect.w - px(16), "bold"))
                for part in (p for use in uses for p in wrap_text(use, font(size), rect.w - px(24))):
                    y += line
                    draws.append((part, size, pal.PAPER, (x + px(12), y), rect.w - px(24), "sans"))
            y += line
        y += px(4)
    return draws, y - px(4)


def _paint_list(surf: pygame.Surface, rect: pygame.Rect, legends: list[Legend], text: Text,
                px: Px, tx: Px, grouped: bool) -> int:
    """Each human's keys under a header in their seat colour (see _list_plan)."""
    draws, bottom = _list_plan(rect, legends, px, tx, grouped)
    for words, size, ink, pos, room, face in draws:
        surf.blit(text.fit(words, size, ink, room, face), pos)
    return bottom


def _grouped(rows: list[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    """`rows` with each keys once, in the order they first come, with all their uses."""
    uses: dict[str, list[str]] = {}
    for keys, what in rows:
        uses.setdefault(keys, []).append(what)
    return list(uses.items())


def _grid_columns(humans: list[Legend]) -> list[tuple[list[Legend], dict[str, str]]]:
    """One column per distinct set of keys: two pads with the same buttons share a column."""
    columns: list[tuple[list[Legend], dict[str, str]]] = []
    for lg in humans:
        same = next((c for c in columns if c[1] == lg.cells), None)
        if same is None:
            columns.append(([lg], lg.cells))
        else:
            same[0].append(lg)
    return columns


def _paint_grid(surf: pygame.Surface, rect: pygame.Rect, legends: list[Legend], text: Text,
                px: Px, tx: Px) -> int:
    """Rows are what a key does, columns are the humans (P1, P2, ...): many players in a few lines."""
    columns = _grid_columns([lg for lg in legends if lg.cells])
    rows = [r for r in GRID_ROWS if any(r in cells for _l, cells in columns)]
    others = [lg for lg in legends if not lg.cells]
    x, y = rect.x + px(8), rect.y + px(26)
    room = rect.w - px(16)
    extra = sum(1 + len(_other_lines(lg)) for lg in others)
    line = min(tx(20), (rect.bottom - y - px(6)) // (len(rows) + 1 + extra))
    size = max(8, min(tx(14), line - 3))
    design = max(8, min(px(14), line - 3))
    while True:  # grown, the words shrink back (to the design's size at most) before a cell is cut
        label_w = max((font(size, "bold").size(_(r))[0] for r in rows), default=0) + px(8)
        col_w = (rect.right - px(6) - x - label_w) // max(1, len(columns))
        lines = [part for lg in others for part in _other_lines(lg, size, room)]
        if size <= design or (all(fits(c, size, col_w - px(4), "bold", size) for _o, cells in columns
                                  for c in cells.values())
                              and all(fits(part, size, room, "sans", size) for part in lines)):
            break
        size -= 1
    wrapped = sum(1 + len(_other_lines(lg, size, room)) for lg in others)
    if wrapped > extra:  # a line too long for the box wraps: the rows close up for its lines
        line = min(line, (rect.bottom - y - px(6)) // (len(rows) + 1 + wrapped))
        size = max(8, min(size, line - 3))
    for i, (owners, cells) in enumerate(columns):
        cx = x + label_w + i * col_w
        _paint_tags(surf, owners, pygame.Rect(cx, y, col_w, line), size, text)
        for j, name in enumerate(rows):
            img = text.fit(cells.get(name, "–"), size, pal.CREAM, col_w - px(4), "bold")
            surf.blit(img, (cx, y + (j + 1) * line))
    for j, name in enumerate(rows):
        surf.blit(text.get(_(name), size, pal.PAPER), (x, y + (j + 1) * line))
    y += (len(rows) + 1) * line + px(4)
    for lg in others:
        ink = pal.legible(lg.color, pal.WOOD_DARK)
        surf.blit(text.fit(lg.header, size, ink, rect.w - px(12), "bold"), (x, y))
        for part in _other_lines(lg, size, room):
            y += line
            surf.blit(text.fit(part, size, pal.CREAM, room), (x + px(4), y))
        y += line
    return y


def _other_lines(lg: Legend, size: int = 0, room: int = 0) -> list[str]:
    """The grid's lines for a legend without keys. The mouse's lines are short; a key line
    (Esc · Enter) gets its keys and their use on two lines, so a narrow panel never cuts what they do.
    With a `size` and `room`, a line too long for it wraps, its next lines indented ("arrastrar:
    jugar o mover cartas" in Spanish on a 1280x720 window)."""
    if lg.tag:
        lines = [f"{_(k)}: {_(w)}" for k, w in _MOUSE_LINES]
    else:
        lines = [part for keys, what in lg.rows for part in (keys, f"  {what}")]
    if not room:
        return lines
    fnt, out = font(max(min_readable(), size)), []
    for text in lines:
        lead = "  " if text.startswith("  ") else ""
        parts = wrap_text(text.strip(), fnt, room - fnt.size(lead + "  ")[0])
        out += [lead + parts[0], *(f"{lead}  {part}" for part in parts[1:])]
    return out


def _paint_tags(surf: pygame.Surface, owners: list[Legend], cell: pygame.Rect, size: int, text: Text) -> None:
    """A grid column's head: each owner's tag (P3) in their seat colour, side by side."""
    x, each = cell.x, cell.w // len(owners)
    for lg in owners:
        img = text.fit(lg.tag, size + 1, pal.legible(lg.color, pal.WOOD_DARK), each - 2, "bold")
        surf.blit(img, (x, cell.y))
        x += min(each, img.get_width() + max(3, size // 3))  # a gap, so "P3 P4" never reads as "P3P4"
