"""A reaction window on a shared screen: one countdown for the whole table, claimed by any human.

When a card can be answered out of turn (a Mirror against a Charm, a Sabotage! against a new pie
card), the engine opens a sealed window asking every other seat, with *pass* always legal. On a
screen several people share, asking each of them in turn would cost a hand-off per player and
tell everyone who took long. Instead the table shows a countdown; any human asked may claim the
window (their *React!* button, or their seat's number key); only the claimer is handed the screen
to choose a card and a target. When the countdown ends, the table's driver submits a logged
`timeout`, and every human who did not claim passes. Bots answer sealed, after their own delay.

The window is offered to every asked human whether or not they hold an answer, so neither the
prompt nor its timing tells anyone what is in a hand.

A claim gives the claimer the whole countdown again (the others can no longer claim). If time runs
out all the same, the claimer is told what was lost ("Time ran out: no Mirror") rather than seeing
the window vanish. When a window closes before every human asked has answered, keys and clicks go
nowhere for a moment: they were meant for the window, and must not land on the next move or claim
the next window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from pie_table.core.session import TIMEOUT
from pie_table.kit import palette as pal
from pie_table.kit.fonts import fits
from pie_table.kit.i18n import _
from pie_table.kit.text import fit_lines, fit_text

_SEAT_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}
_QUIET = 0.5  # seconds after a window closes in which keys and clicks go nowhere
_LOST_QUIET = 1.2  # ...and after one ran out on its claimer, who was still choosing and pressing keys
_PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.CONTROLLERBUTTONDOWN)


class ReactionWindow:
    """The shared-screen side of the decision on top of a session's stack."""

    def __init__(
        self,
        driver: Any,
        humans: Sequence[int],
        on_claim: Callable[[int], None],
        name: Callable[[int], str],
        answer: Callable[[Any], str] = lambda decision: "",
        on_lost: Callable[[int, str], None] | None = None,
    ) -> None:
        """`on_claim(seat)`: the table hands the screen to that seat and shows its choices;
        `name(seat)`: how the table calls a seat ("Captain 2"); `answer(decision)` (its view): what the window
        may be answered with ("Mirror"); `on_lost(seat, text)`: time ran out on a seat that was
        answering (the claimer, or a lone human) and `text` says what was lost."""
        self.driver = driver
        self.humans = list(humans)
        self.on_claim = on_claim
        self.name = name
        self.answer = answer
        self.on_lost = on_lost
        self.claimed: int | None = None
        self.buttons: list[tuple[pygame.Rect, int]] = []
        self.quiet = 0.0  # seconds left in which presses go nowhere
        self._decision_id: int | None = None
        self._open: Any = None  # the window last seen open, and who it still waited for then
        self._waiting: list[int] = []
        self._since: list[Any] = []  # the moves made since that window was first seen
        driver.listen(None, self._heard)

    def _heard(self, entry: Any, events: list[Any]) -> None:
        if self._open is not None:  # who answered the window seen open, and whether time ran out
            self._since.append(entry)

    def _top_window(self) -> dict[str, Any] | None:
        """The decision on top as the public view shows it, if it is a reaction window."""
        decisions = self.driver.view(None).get("decisions") or [None]
        decision = decisions[-1]
        if decision is None or not (decision["sealed"] and decision["allow_pass"]):
            return None
        return decision

    def _humans_asked(self) -> list[int]:
        """The humans the table still waits for (who already answered a sealed window is the
        session's to know, not the views')."""
        return [seat for seat in self.driver.to_act() if seat in self.humans]

    def decision(self) -> Any:
        """The open reaction window (a sealed decision one may pass), or None. Noticing that the
        window changed is done here, whoever asks first (the table's update, drawing, a key)."""
        decision = self._top_window()
        seen = decision["id"] if decision is not None else None
        if seen != self._decision_id:
            self._changed(decision)
        elif decision is not None:
            self._waiting = self._humans_asked()
        return decision

    def _changed(self, decision: Any) -> None:
        """The window on top changed: the old one closed (or another opened over it)."""
        if self._open is not None:
            since = self._since
            unanswered = [seat for seat in self._waiting if not any(e.seat == seat for e in since)]
            if unanswered:  # someone may still have been pressing keys meant for this window
                self.quiet = _QUIET
            self._report_lost(since, unanswered)
        self._decision_id = decision["id"] if decision is not None else None
        self.claimed = None  # a new window: nobody has claimed it yet
        self._open = decision
        self._waiting = self._humans_asked() if decision else []
        self._since = []

    def _report_lost(self, since: list[Any], unanswered: list[int]) -> None:
        """Time ran out on the window just closed while its claimer (or a lone human) was still
        choosing: say so, rather than let the window vanish without a word."""
        answering = self.claimed if self.claimed is not None else (
            self.humans[0] if len(self.humans) == 1 else None)
        timed_out = any(entry.action.get("type") == TIMEOUT for entry in since)
        if answering is None or answering not in unanswered or not timed_out:
            return
        self.quiet = max(self.quiet, _LOST_QUIET)
        text = _("Time ran out: no {answer}").format(answer=self.answer(self._open))
        if self.on_lost is not None:
            self.on_lost(answering, text)

    def update(self, dt: float) -> None:
        """Let the quiet moment after a closed window pass, and notice a window closing."""
        self.quiet = max(0.0, self.quiet - dt)
        self.decision()

    def swallows(self, event: pygame.event.Event) -> bool:
        """True for a press in the quiet moment after a window closed: it goes nowhere."""
        self.decision()
        return self.quiet > 0 and event.type in _PRESSES

    def asked(self) -> list[int]:
        """Humans the open window still waits for."""
        return self._humans_asked() if self.decision() is not None else []

    def claim(self, seat: int) -> bool:
        """`seat` claims the window: the table hands it the screen. False if it may not."""
        if self.claimed is not None or seat not in self.asked():
            return False
        self.claimed = seat
        self.driver.restart_countdown()  # the claimer gets the whole time; nobody else may claim
        self.on_claim(seat)
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A seat's number key or a click on its React! button claims the window."""
        if not self.asked():
            return False
        if event.type == pygame.KEYDOWN and event.key in _SEAT_KEYS:
            return self.claim(_SEAT_KEYS[event.key])
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, seat in self.buttons:
                if rect.collidepoint(event.pos):
                    return self.claim(seat)
        return False

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        scale: float = 1.0,
        ink: tuple[int, int, int] = pal.CREAM,
    ) -> None:
        """The countdown bar and a React! button for every human still asked (as many to a row as
        fit in `rect`'s width; `height` says how tall that is); `ink` is the text colour for the
        background beneath."""
        placed = self._placed(rect, scale, ink)
        self.buttons = placed.buttons if placed is not None else []
        if placed is None:
            return
        bar, left, deadline = placed.bar, placed.left, placed.deadline
        pygame.draw.rect(surface, pal.soft_ink(), bar, border_radius=bar.h // 2)
        done = bar.copy()
        done.w = int(bar.w * left / deadline)
        pygame.draw.rect(surface, pal.DANGER if left < 2 else pal.GOLD, done, border_radius=bar.h // 2)
        surface.blit(placed.title, placed.title_at)
        for button, seat in placed.buttons:
            pygame.draw.rect(surface, pal.CRUST, button, border_radius=max(4, int(8 * scale)))
            self._draw_button_face(surface, button, seat, scale)

    def height(self, width: int, scale: float = 1.0) -> int:
        """How tall `draw` is in a rect `width` wide (0 when nothing is asked): a table with little
        room gives the countdown more than its moves box rather than let the buttons spill."""
        placed = self._placed(pygame.Rect(0, 0, width, 0), scale, pal.INK)
        if placed is None or not placed.buttons:
            return 0
        return max(b.bottom for b, _seat in placed.buttons) + max(4, int(8 * scale))

    def _placed(self, rect: pygame.Rect, scale: float, ink: tuple[int, int, int]) -> _Placed | None:
        asked = self.asked()
        left = self.driver.remaining()
        decision = self.decision()
        if not asked or left is None or decision is None or decision["deadline"] is None:
            return None
        pad = max(4, int(8 * scale))
        bar = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, max(6, int(10 * scale)))
        title, size = self.title(decision, left), int(18 * scale)
        if fits(title, size, bar.w, "bold", size):
            text = fit_text(title, size, bar.w, ink, "bold")
        else:  # a long card's name, a grown size: on more lines rather than smaller, or cut
            text = fit_lines(title, size, bar.w, ink, "bold", most=3)
        bw, bh = min(int(180 * scale), bar.w), int(40 * scale)
        per_row = max(1, (bar.w + pad) // (bw + pad))
        if per_row == 1:
            bw = bar.w  # one button to a row: give it the whole width, so the name fits
        if not all(fits(self.label(seat), int(16 * scale), _label_room(bw, scale), "bold", int(16 * scale))
                   for seat in asked):
            bh = int(62 * scale)  # a long name on a narrow column: two lines, never cut
        y = bar.bottom + pad + text.get_height()
        buttons = []
        for i, seat in enumerate(asked):
            row, col = divmod(i, per_row)
            buttons.append((pygame.Rect(bar.x + col * (bw + pad), y + row * (bh + pad), bw, bh), seat))
        return _Placed(bar, left, decision["deadline"], text, (bar.x, bar.bottom + pad // 2), buttons)

    def title(self, decision: Any, left: float) -> str:
        """The countdown's line: what the window may be answered with, and the seconds left."""
        seconds = int(left + 0.999)
        answer = self.answer(decision)
        if not answer:
            return _("Anyone may react: {seconds} s").format(seconds=seconds)
        # The seconds first: a long card name in any language is cut, never the time left.
        return _("{seconds} s · anyone may play {answer}").format(answer=answer, seconds=seconds)

    def _draw_button_face(
        self, surface: pygame.Surface, button: pygame.Rect, seat: int, scale: float
    ) -> None:
        """The seat's key in a badge of its own at the left, so a long label in any language is
        cut on the name and never on the key; then "React! <name>"."""
        pad, side = _badge(scale)
        badge = pygame.Rect(button.x + pad, button.centery - side // 2, side, side)
        pygame.draw.rect(surface, pal.PAPER, badge, border_radius=max(3, int(5 * scale)))
        key = fit_text(str(seat + 1), int(18 * scale), badge.w, pal.INK, "bold")
        surface.blit(key, key.get_rect(center=badge.center))
        room = pygame.Rect(badge.right + pad, button.y, button.right - badge.right - 2 * pad, button.h)
        text, size = self.label(seat), int(16 * scale)
        if fits(text, size, room.w, "bold", size):  # wrapped rather than smaller
            label = fit_text(text, size, room.w, pal.INK, "bold")
        else:
            label = fit_lines(text, size, room.w, pal.INK, "bold", most=2)
        surface.blit(label, label.get_rect(center=room.center))

    def label(self, seat: int) -> str:
        """What `seat`'s button says."""
        return _("React! {seat}").format(seat=self.name(seat))


@dataclass(frozen=True)
class _Placed:
    """Where the countdown's parts go in a rect, and what its line says."""

    bar: pygame.Rect
    left: float
    deadline: float
    title: pygame.Surface
    title_at: tuple[int, int]
    buttons: list[tuple[pygame.Rect, int]]


def _badge(scale: float) -> tuple[int, int]:
    """A button's padding and the side of its key badge (as tall as a one-line button allows)."""
    pad = max(3, int(5 * scale))
    return pad, int(40 * scale) - 2 * pad


def _label_room(width: int, scale: float) -> int:
    """How wide a label may be on a button `width` wide: what the key badge and padding leave."""
    pad, side = _badge(scale)
    return width - side - 3 * pad
