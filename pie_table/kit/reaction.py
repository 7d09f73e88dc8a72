"""A reaction window on a shared screen: one countdown for the whole table, claimed by any human.

When a card can be answered out of turn (a Mirror against a Charm, a Sabotage! against a new pie
card), the engine opens a sealed window asking every other seat, with *pass* always legal. On a
screen several people share, asking each of them in turn would cost a hand-off per player and
tell everyone who took long. Instead the table shows a countdown; any human asked may claim the
window (their *React!* button, or their seat's number key); only the claimer is handed the screen
to choose a card and a target. When the countdown ends, the session's `Pacer` submits a logged
`timeout`, and every human who did not claim passes. Bots answer sealed, after their own delay.

The window is offered to every asked human whether or not they hold an answer, so neither the
prompt nor its timing tells anyone what is in a hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.text import fit_text

_SEAT_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}


class ReactionWindow:
    """The shared-screen side of the decision on top of a session's stack."""

    def __init__(
        self,
        session: Any,
        pacer: Any,
        humans: Sequence[int],
        on_claim: Callable[[int], None],
        name: Callable[[int], str],
    ) -> None:
        """`on_claim(seat)`: the table hands the screen to that seat and shows its choices;
        `name(seat)`: how the table calls a seat ("Captain 2")."""
        self.session = session
        self.pacer = pacer
        self.humans = list(humans)
        self.on_claim = on_claim
        self.name = name
        self.claimed: int | None = None
        self.buttons: list[tuple[pygame.Rect, int]] = []
        self._decision_id: int | None = None

    def decision(self) -> Any:
        """The open reaction window (a sealed decision one may pass), or None."""
        current = getattr(self.session.rules, "current_decision", None)
        decision = current(self.session.state) if current is not None else None
        if decision is None or not (decision.sealed and decision.allow_pass):
            return None
        if decision.id != self._decision_id:  # a new window: nobody has claimed it yet
            self._decision_id, self.claimed = decision.id, None
        return decision

    def asked(self) -> list[int]:
        """Humans the open window still waits for."""
        decision = self.decision()
        return [seat for seat in decision.waiting_on() if seat in self.humans] if decision is not None else []

    def claim(self, seat: int) -> bool:
        """`seat` claims the window: the table hands it the screen. False if it may not."""
        if self.claimed is not None or seat not in self.asked():
            return False
        self.claimed = seat
        self.on_claim(seat)
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A seat's number key or a click on its React! button claims the window."""
        if not self.asked():
            return False
        if event.type == pygame.KEYDOWN and event.key in _SEAT_KEYS:
            return self.claim(_SEAT_KEYS[event.key])
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
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
        left = self.pacer.remaining()
        decision = self.decision()
        if not asked or left is None or decision is None or decision.deadline is None:
            return
        pad = max(4, int(8 * scale))
        bar = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, max(6, int(10 * scale)))
        pygame.draw.rect(surface, pal.INK_SOFT, bar, border_radius=bar.h // 2)
        done = bar.copy()
        done.w = int(bar.w * left / decision.deadline)
        pygame.draw.rect(surface, pal.DANGER if left < 2 else pal.GOLD, done, border_radius=bar.h // 2)
        title = _("Anyone may react: {seconds} s").format(seconds=int(left + 0.999))
        text = fit_text(title, int(18 * scale), bar.w, ink, "bold")
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
            label = _("React! {seat} ({key})").format(seat=self.name(seat), key=seat + 1)
            image = fit_text(label, int(16 * scale), bw - 8, pal.INK, "bold")
            surface.blit(image, image.get_rect(center=button.center))
            self.buttons.append((button, seat))
