"""The sword request form: a rat, a supply and an amount, then Ask (only legal combinations are
offered). Its four rows keep a height their words are written whole at; where its panel is too
short for all four at that, the rows in view scroll, the focused one kept in view, with a bar
beside them saying there is more (kit.scroll_bar)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from pie_table.core.messages import SeatName
from pie_table.core.move_grid import MoveGrid
from pie_table.games.rats.state import SUPPLIES
from pie_table.games.rats.ui.labels import rat_name, request_text, supply_name
from pie_table.kit.i18n import _
from pie_table.kit.rows import Cycler, NumberCycler
from pie_table.kit.scroll_bar import ON_PAPER, draw_scroll_bar
from pie_table.kit.widgets import Button, Widget

Action = dict[str, Any]
_ROWS = 4  # rat, supply, amount, the Ask button
_ASK_SIZE = 22  # the Ask button's type size at scale 1 (the rows' own is 20)
_PARKED_Y = -100_000  # where a row scrolled out of view waits: far above any window


def row_least(scale: float) -> int:
    """The least height of a row at `scale`: the Ask button's words whole inside its frame (a
    button writes its words no larger than its height less 8 px allows)."""
    return int(1.2 * int(_ASK_SIZE * scale)) + 9


def _gap(scale: float) -> int:
    return int(6 * scale)


class RequestForm:
    """Sword request: pick a rat, a supply and an amount, then ask (only legal combinations are offered)."""

    def __init__(self, seat: int, legal: Sequence[Action], on_choose: Callable[[Action], None],
                 names: SeatName = rat_name) -> None:
        self.seat = seat  # the rat asking (the table's, never read from an action)
        self.legal = legal
        self.on_choose = on_choose
        self.names = names
        # The legal requests are every allowed (rat, supply) pair times every amount: read the
        # pairs and the amounts once rather than walking thousands of options.
        self.pairs, amounts = _request_axes(legal)
        targets = sorted({t for t, _s in self.pairs})
        supplies = [name for name in SUPPLIES if any(s == name for _t, s in self.pairs)]
        self.target = Cycler(_("Ask"), targets or [0], fmt=names, size=20)
        self.supply = Cycler(_("For"), supplies or [SUPPLIES[1]], fmt=_supply_word, size=20)
        self.amount = NumberCycler(_("How many"), amounts or [1], fmt=_amount_word, size=20)
        self.ask = Button("", self.submit, enabled=lambda: self.current() is not None, size=_ASK_SIZE)
        for cycler in (self.target, self.supply, self.amount):
            cycler.on_change = self._changed
        self._changed(None)
        self.area, self.scale = pygame.Rect(0, 0, 0, 0), 1.0
        self.first, self.shown = 0, _ROWS  # the rows in view (all four where they fit)

    def _changed(self, _value: Any) -> None:
        """Keep the Ask button saying exactly what will be asked aloud, or why it cannot be."""
        if (self.target.value, self.supply.value) not in self.pairs:
            self.ask.text = _("{rat} just gave up {supply} this turn: ask another rat").format(
                rat=self.names(self.target.value), supply=_supply_word(self.supply.value))
            return
        self.ask.text = self.label() or _("Not a request you may make")

    def widgets(self) -> list[Widget]:
        """The form's widgets in focus order."""
        return [self.target, self.supply, self.amount, self.ask]

    def current(self) -> Action | None:
        """The legal action matching the form, if any (the rat and supply must be a pair the rules
        allow: a supply just taken from a rat cannot be asked of that rat again this turn)."""
        pair = (self.target.value, self.supply.value)
        if pair not in self.pairs:
            return None
        return {"type": "request", "seat": self.seat, "target": pair[0], "supply": pair[1],
                "amount": self.amount.value}

    def select(self, target: int, supply: str, amount: int | str) -> None:
        """Set the form's three values (used by keyboard shortcuts and tests)."""
        self.target.set_value(target)
        self.supply.set_value(supply)
        self.amount.set_value(amount)
        self._changed(None)

    def submit(self) -> None:
        """Send the chosen request."""
        action = self.current()
        if action is not None:
            self.on_choose(action)

    def label(self) -> str:
        """What the Ask button will say aloud."""
        action = self.current()
        return request_text(action, self.names) if action else ""

    def least_height(self, scale: float) -> int:
        """The height all four rows take at their least (shorter, they scroll)."""
        return _ROWS * row_least(scale) + (_ROWS - 1) * _gap(scale)

    @property
    def scrolls(self) -> bool:
        """True when fewer rows than four are in view."""
        return self.shown < _ROWS

    def layout(self, area: pygame.Rect, scale: float) -> None:
        """Three rows and a button, down `area`: as many as fit at their least height, from
        `first` on (the focused row kept among them), the rest parked off the window, neither
        drawn nor under the pointer."""
        self.area, self.scale = pygame.Rect(area), scale
        gap, least = _gap(scale), row_least(scale)
        self.shown = max(1, min(_ROWS, (area.h + gap) // (least + gap)))
        row_h = max(least, min(int(40 * scale), (area.h - (self.shown - 1) * gap) // self.shown))
        self.first = max(0, min(self.first, _ROWS - self.shown))
        width = area.w - (self.bar().w + gap if self.scrolls else 0)
        for i, widget in enumerate(self.widgets()):
            row = i - self.first
            y = area.y + row * (row_h + gap) if 0 <= row < self.shown else _PARKED_Y
            widget.place(pygame.Rect(area.x, y, width, row_h), scale)

    def reveal(self, index: int) -> None:
        """Scroll as little as brings row `index` (the focused one) into view (none: -1)."""
        if index < 0:
            return
        first = min(max(self.first, index - self.shown + 1), index)
        if first != self.first:
            self.first = first
            self.layout(self.area, self.scale)

    def scroll(self, rows: int) -> bool:
        """Scroll by `rows` (up if negative); True if the rows in view moved."""
        first = max(0, min(self.first + rows, _ROWS - self.shown))
        moved, self.first = first != self.first, first
        if moved:
            self.layout(self.area, self.scale)
        return moved

    def bar(self) -> pygame.Rect:
        """Where the scroll bar lies, at the right of the rows in view."""
        w = int(14 * self.scale)
        return pygame.Rect(self.area.right - w, self.area.y, w, self.area.h)

    def draw_bar(self, surface: pygame.Surface) -> None:
        """The scroll bar, where the rows scroll."""
        if self.scrolls:
            draw_scroll_bar(surface, self.bar(), self.first, self.shown, _ROWS, ON_PAPER)


def _request_axes(legal: Sequence[Action]) -> tuple[set[tuple[int, str]], list[int | str]]:
    """The allowed (rat, supply) pairs and the amounts of a list of sword requests (a grid of
    them, here or as the host sent it, is read from its axes)."""
    if isinstance(legal, MoveGrid) and len(legal.axes) == 2:
        pairs_axis, amounts_axis = legal.axes
        return {(c["target"], c["supply"]) for c in pairs_axis}, [c["amount"] for c in amounts_axis]
    pairs = {(a["target"], a["supply"]) for a in legal}
    amounts = sorted({a["amount"] for a in legal if isinstance(a["amount"], int)})
    extra: list[int | str] = ["all"] if any(a["amount"] == "all" for a in legal) else []
    return pairs, [*amounts, *extra]


def _amount_word(amount: int | str) -> str:
    return _("all of it") if amount == "all" else str(amount)


def _supply_word(name: str) -> str:
    return supply_name(SUPPLIES.index(name))
