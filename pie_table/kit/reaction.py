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
        fit in `rect`); `ink` is the text colour for the background beneath."""
        self.buttons = []
        asked = self.asked()
        left = self.driver.remaining()
        decision = self.decision()
        if not asked or left is None or decision is None or decision["deadline"] is None:
            return
        pad = max(4, int(8 * scale))
        bar = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, max(6, int(10 * scale)))
        pygame.draw.rect(surface, pal.soft_ink(), bar, border_radius=bar.h // 2)
        done = bar.copy()
        done.w = int(bar.w * left / decision["deadline"])
        pygame.draw.rect(surface, pal.DANGER if left < 2 else pal.GOLD, done, border_radius=bar.h // 2)
        title, size = self.title(decision, left), int(18 * scale)
        if fits(title, size, bar.w, "bold", size):
            text = fit_text(title, size, bar.w, ink, "bold")
        else:  # a long card's name, a grown size: on more lines rather than smaller, or cut
            text = fit_lines(title, size, bar.w, ink, "bold", most=3)
        surface.blit(text, (bar.x, bar.bottom + pad // 2))
        bw, bh = min(int(180 * scale), bar.w), int(40 * scale)
        per_row = max(1, (bar.w + pad) // (bw + pad))
        if per_row == 1:
            bw = bar.w  # one button to a row: give it the whole width, so the name fits
        y = bar.bottom + pad + text.get_height()
        for i, seat in enumerate(asked):
            row, col = divmod(i, per_row)
            button = pygame.Rect(bar.x + col * (bw + pad), y + row * (bh + pad), bw, bh)
            pygame.draw.rect(surface, pal.CRUST, button, border_radius=max(4, int(8 * scale)))
            self._draw_button_face(surface, button, seat, scale)
            self.buttons.append((button, seat))

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
        pad = max(3, int(5 * scale))
        badge = pygame.Rect(button.x + pad, button.y + pad, button.h - 2 * pad, button.h - 2 * pad)
        pygame.draw.rect(surface, pal.PAPER, badge, border_radius=max(3, int(5 * scale)))
        key = fit_text(str(seat + 1), int(18 * scale), badge.w, pal.INK, "bold")
        surface.blit(key, key.get_rect(center=badge.center))
        room = pygame.Rect(badge.right + pad, button.y, button.right - badge.right - 2 * pad, button.h)
        text = _("React! {seat}").format(seat=self.name(seat))
        label = fit_text(text, int(16 * scale), room.w, pal.INK, "bold")
        surface.blit(label, label.get_rect(center=room.center))
