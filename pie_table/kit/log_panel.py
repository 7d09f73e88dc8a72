"""Paper panels and the table log ("said aloud"), shared by the turn-based tables."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import pygame

from pie_table.core.messages import SeatName
from pie_table.kit import palette as pal
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import event_text, ngettext
from pie_table.kit.text import fit_text, wrap_text


def paper(surface: pygame.Surface, rect: pygame.Rect, scale: float,
          edge: tuple[int, int, int] = pal.INK_SOFT) -> None:
    """A cream paper rectangle with a soft shadow and a thin ink edge."""
    radius = max(4, int(10 * scale))
    pygame.draw.rect(surface, (0, 0, 0), rect.move(3, 4), border_radius=radius)
    pygame.draw.rect(surface, pal.PAPER, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, max(1, int(2 * scale)), border_radius=radius)


_WHEEL_ENTRIES = 2  # entries one notch of the wheel moves the log by
_PAGE_ENTRIES = 5  # and one press of Page Up or Page Down
_FULL_INK_ENTRIES = 3  # the newest entries shown, drawn darker than the ones before them


class LogScroll:
    """How far back a log panel is read: the wheel over it, or Page Up / Page Down, step back
    through older entries; the newest again at the end. Counted as the entry shown last, so the
    lines being read stay put while new ones are said (a player reading back is not thrown
    forward by every move)."""

    def __init__(self) -> None:
        self.end: int | None = None  # one past the last entry shown; None: the newest
        self.total = 0  # entries the log held when last drawn
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was last drawn (the wheel works over it)

    def key(self) -> int | None:
        """What a cached picture of the log depends on beside the log itself."""
        return self.end

    def shown(self, total: int) -> int:
        """How many entries of a log of `total` the panel shows up to (the last one drawn)."""
        self.total = total
        return total if self.end is None else min(self.end, total)

    def back(self, entries: int) -> None:
        """Read `entries` further back (negative: forward); past the newest follows it again."""
        end = (self.total if self.end is None else self.end) - entries
        self.end = None if end >= self.total else max(1, end)

    def handle_event(self, event: pygame.event.Event, pointer: tuple[int, int] | None) -> bool:
        """The wheel while `pointer` is over the log, or Page Up / Page Down anywhere: True when
        the log took the event."""
        if event.type == pygame.MOUSEWHEEL:
            if pointer is None or not self.rect.collidepoint(pointer):
                return False
            self.back(event.y * _WHEEL_ENTRIES)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.back(_PAGE_ENTRIES if event.key == pygame.K_PAGEUP else -_PAGE_ENTRIES)
            return True
        return False


def draw_log(surface: pygame.Surface, rect: pygame.Rect, log: Sequence[dict[str, Any]], scale: float,
             title: str, painted: bool = False, names: SeatName | None = None,
             scroll: LogScroll | None = None) -> None:
    """The newest events, oldest at the top, as many as fit; the last three entries in full ink.
    `painted`: the paper is on the table's backdrop already; `names`: the table's seat names;
    `scroll`: how far back the player reads (the last line then says how many are newer)."""
    if scroll is not None:
        scroll.rect = pygame.Rect(rect)
        end = scroll.shown(len(log))
        newer, log = len(log) - end, log[:end]
    else:
        newer = 0
    if not painted:
        paper(surface, rect, scale)
    pad = int(8 * scale)
    top = rect.y + pad
    # The title on a second line rather than cut ("At the table (T: your trades)" at 900x560),
    # smaller where two lines do not hold it (a column narrowed at a grown size), never dropped.
    head_size = max(min_readable(), int(18 * scale))
    heads = wrapped_lines(title, head_size, rect.w - 2 * pad, "title")
    while len(heads) > 2 and head_size > min_readable():
        head_size -= 1
        heads = wrapped_lines(title, head_size, rect.w - 2 * pad, "title")
    for line in heads:
        head = fit_text(line, head_size, rect.w - 2 * pad, pal.INK, "title")
        surface.blit(head, (rect.x + pad, top))
        top += head.get_height()
    size = max(min_readable(), int(14 * scale))
    line_h = font(size).get_linesize()
    top += int(4 * scale)
    room = max(0, (rect.bottom - pad - top) // line_h)
    if newer:
        # The foot line says the log is read back, and how to come forward again.
        room -= 1
        note = ngettext("{n} newer below · Page Down", "{n} newer below · Page Down", newer).format(n=newer)
        foot = fit_text(note, size, rect.w - 2 * pad, pal.INK, "bold")
        surface.blit(foot, (rect.x + pad, top + max(0, room) * line_h))
    # Each line with how far its entry is from the newest: an entry's ink is the same on all
    # of its wrapped lines (an entry that wrapped read as two, one of them old).
    lines: list[tuple[str, int]] = []
    for age, entry in enumerate(reversed(log)):
        wrapped = wrapped_lines(event_text(entry, names), size, rect.w - 2 * pad)
        if len(lines) + len(wrapped) > room:
            break
        lines = [(line, age) for line in wrapped] + lines
    for i, (line, age) in enumerate(lines):
        ink = pal.INK if age < _FULL_INK_ENTRIES else pal.soft_ink()
        surface.blit(line_image(line, size, ink), (rect.x + pad, top + i * line_h))


# Every action redraws the log, but nearly all of its lines are the ones already shown: the
# wrapping and the rendered lines are kept (bounded; a new window size starts them afresh).
@lru_cache(maxsize=1024)
def wrapped_lines(text: str, size: int, width: int, face: str = "sans") -> tuple[str, ...]:
    return tuple(wrap_text(text, font(size, face), width))


@lru_cache(maxsize=1024)
def line_image(text: str, size: int, ink: tuple[int, int, int]) -> pygame.Surface:
    return font(size).render(text, True, ink)
