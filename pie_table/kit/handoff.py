"""The opaque "pass the device" screen between two players who share one screen.

Who sits at the screen is the session's bookkeeping (`pie_table.core.session.PrivacyGate`).
`HandoffScene` is the screen pushed between two humans: it is opaque and NOT an overlay, so the
scene manager does not even draw the table beneath it; nothing secret can leak while the device
changes hands. It opens only on a deliberate confirm (Enter, Space, a click on its button, a pad's
confirm button): a stray key, such as another seat's late React!, must not show the next hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from pie_table.kit import fonts
from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.scene import ON_INPUT, Scene
from pie_table.kit.text import fit_text, ui_scale, wrap_text

# Ignore input for this long after the screen appears, so the click or key that ended the previous
# player's choice (or key repeat) does not wave the next player straight through.
# The card with a margin round it, in pixels at scale 1: the interface size grows the card until
# only this much of the window is left (twice as large at 200% on a 1280x720 window or larger).
_ROOM = (660, 340)
_ARM_DELAY = 0.3
# A hand-off that brings news ("Time ran out: no Sabotage!") waits longer: the keys of the moment
# before were meant for the window that just closed, not for opening the next player's hand.
_NEWS_ARM_DELAY = 1.5
_Line = tuple[str, int, Any, str]  # text, pixel size, colour, font face
_GAP = 12  # between lines
_CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_CONFIRM_BUTTONS = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_START)


class HandoffScene(Scene):
    """An opaque "Pass to ..." screen; Enter, Space, its button or a pad's A confirms and pops it."""

    is_overlay = False  # opaque on purpose: the table beneath is not drawn at all

    def __init__(
        self,
        app: Any,
        who: str,
        on_confirm: Callable[[], None] | None = None,
        note: str = "",
        on_escape: Callable[[], None] | None = None,
        accent: tuple[int, int, int] = pal.GOLD,
        icon: pygame.Surface | None = None,
        control: str = "",
        news: str = "",
    ) -> None:
        """`control`: the named seat's control; a seat on a pad ("pad2") is confirmed by that pad only.
        `news`: what just happened to the player leaving the screen, shown above the rest."""
        super().__init__(app)
        self.who = who
        self.note = note
        self.accent = accent
        self.icon = icon  # e.g. the next player's portrait, drawn over the card
        self.on_confirm = on_confirm
        self.on_escape = on_escape
        self.control = control
        self.news = news
        self.age = 0.0
        self.confirmed = False
        self.button = pygame.Rect(0, 0, 0, 0)  # "I am …", placed when drawn

    @property
    def armed(self) -> bool:
        """True once input is accepted."""
        return self.age >= (_NEWS_ARM_DELAY if self.news else _ARM_DELAY)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Confirm on a deliberate confirm once armed; Esc goes to `on_escape` when given."""
        if not self.armed or self.confirmed:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_escape is not None:
            self.on_escape()
        elif self._is_confirm(event):
            self.confirm()

    def _is_confirm(self, event: pygame.event.Event) -> bool:
        """Enter or Space, a click or touch on the button, or the confirm button of the seat's pad
        (any pad when the seat plays on keys or mouse). Any other key, such as a seat's React! number,
        goes nowhere."""
        if event.type == pygame.KEYDOWN:
            return event.key in _CONFIRM_KEYS
        if event.type == pygame.MOUSEBUTTONDOWN:
            return getattr(event, "button", 0) == 1 and self.button.collidepoint(event.pos)
        if event.type == pygame.FINGERDOWN:
            w, h = self.app.screen.get_size()
            return self.button.collidepoint(int(event.x * w), int(event.y * h))
        if event.type == pygame.CONTROLLERBUTTONDOWN and getattr(event, "button", -1) in _CONFIRM_BUTTONS:
            if not self.control.startswith("pad"):
                return True
            pads = self.app.input.pad_devices()
            return pads.get(getattr(event, "instance_id", None)) == self.control
        return False

    def confirm(self) -> None:
        """Leave the screen and tell the owner the right player is now looking."""
        self.confirmed = True
        if self.app.scenes.current is self:
            self.app.scenes.pop()
        if self.on_confirm is not None:
            self.on_confirm()

    def update(self, dt: float) -> None:
        """Count time towards arming."""
        self.age += dt

    def next_frame(self) -> float | None:
        """Still until it arms (the moment a confirm starts to count), then until input."""
        left = (_NEWS_ARM_DELAY if self.news else _ARM_DELAY) - self.age
        return left if left > 0 else ON_INPUT

    def draw(self, surface: pygame.Surface) -> None:
        """Cover the whole window and ask for the device to be passed."""
        w, h = surface.get_size()
        surface.fill(pal.WOOD_DARK)
        # The card grows with the window and the interface size, as the menus do.
        grow = max(1.0, ui_scale((w, h), _ROOM))  # never smaller than it always was
        tall = 290 if self.news else 260
        card = pygame.Rect(0, 0, min(w - 40, int(620 * grow)), min(h - 40, int(tall * grow)))
        card.center = (w // 2, h // 2)
        scale = max(0.6, min(grow, card.w / 620))
        lines = [
            (self.news, int(22 * scale), pal.DANGER, "bold"),
            (_("Pass to {who}").format(who=self.who), int(44 * scale), pal.INK, "title"),
            (self.note, int(22 * scale), pal.soft_ink(), "sans"),
            # Until armed the prompt keeps its line but shows nothing (no text hidden paper on paper).
            (self._prompt() if self.armed else " ", int(22 * scale), pal.soft_ink(), "bold"),
        ]
        shown = [line for line in lines if line[0]]
        margin = int(20 * scale)  # the card's ring and a breath of paper each side of the words
        images = _wrapped(shown, card.w - 2 * margin)
        words = sum(i.get_height() for i in images) + _GAP * (len(images) - 1)
        overhang = int(24 * scale) if self.icon is not None else 0  # below the portrait
        need = overhang + words + 2 * _GAP + int(48 * scale) + int(16 * scale) + 2 * margin
        if need > card.h:  # a long name in a large size wraps: the card grows to hold its lines
            card.h = min(h - 40, need)
            card.center = (w // 2, h // 2)
        pygame.draw.rect(surface, pal.PAPER, card, border_radius=18)
        pygame.draw.rect(surface, self.accent, card, width=5, border_radius=18)
        if self.icon is not None:
            surface.blit(self.icon, self.icon.get_rect(midbottom=(card.centerx, card.y + 24)))
        self._draw_button(surface, card, scale)
        top = card.y + overhang
        text_area = pygame.Rect(card.x + margin, top, card.w - 2 * margin, self.button.y - top)
        _draw_lines(surface, text_area, images)

    def _prompt(self) -> str:
        return _("Then press Enter or Space, or click your name")

    def _draw_button(self, surface: pygame.Surface, card: pygame.Rect, scale: float) -> None:
        """The button the named player clicks; it sits on the card's lower edge."""
        text = _("I am {who}").format(who=self.who)
        natural = fonts.render(text, int(22 * scale), pal.INK, "bold").get_width()
        width = min(card.w - 40, max(int(200 * scale), natural + 40))
        self.button = pygame.Rect(0, 0, width, int(48 * scale))
        self.button.midbottom = (card.centerx, card.bottom - int(16 * scale))
        fill = self.accent if self.armed else pal.PAPER
        pygame.draw.rect(surface, fill, self.button, border_radius=self.button.h // 2)
        pygame.draw.rect(surface, pal.INK, self.button, width=2, border_radius=self.button.h // 2)
        label = fit_text(text, int(22 * scale), self.button.w - 16, pal.ink_on(fill), "bold")
        surface.blit(label, label.get_rect(center=self.button.center))



def _wrapped(lines: list[_Line], width: int) -> list[pygame.Surface]:
    """Each line's words at its size as one image, wrapped to `width` rather than made smaller (a
    Captain's long name in Spanish at 200% takes the title onto two lines), centred."""
    images = []
    for text, size, color, face in lines:
        parts = [fonts.render(part, size, color, face)
                 for part in wrap_text(text, fonts.font(size, face), width) or [text]]
        block = pygame.Surface((max(p.get_width() for p in parts), sum(p.get_height() for p in parts)),
                               pygame.SRCALPHA)
        y = 0
        for part in parts:
            block.blit(part, part.get_rect(midtop=(block.get_width() // 2, y)))
            y += part.get_height()
        images.append(block)
    return images


def _draw_lines(surface: pygame.Surface, area: pygame.Rect, images: list[pygame.Surface]) -> None:
    """The lines centred in `area`; one wider than it (a word longer than the card, or a card
    that could not grow) is scaled to fit rather than cut."""
    total = sum(img.get_height() for img in images) + _GAP * (len(images) - 1)
    y = area.centery - total // 2
    for img in images:
        if img.get_width() > area.w:
            ratio = area.w / img.get_width()
            img = pygame.transform.smoothscale(img, (area.w, max(1, int(img.get_height() * ratio))))
        surface.blit(img, img.get_rect(midtop=(area.centerx, y)))
        y += img.get_height() + _GAP
