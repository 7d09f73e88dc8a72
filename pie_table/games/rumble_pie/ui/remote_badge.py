"""What a remote seat's Rumble table adds: its delay to the host, drawn in a corner, and an
autosave that does nothing (the host saves the game)."""

from __future__ import annotations

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.text import fit_text, ui_scale


class NoSave:
    """The autosave of a remote seat's table: nothing to save here, nothing failing."""

    enabled = False
    failing = False
    path = ""

    def save(self) -> None:
        """The host saves the game."""

    def mark(self) -> None:
        """The host saves the game."""


def draw_delay(surface: pygame.Surface, delay_ms: float | None) -> None:
    """The round trip to the host, bottom right: what a remote player's moves wait for."""
    s = ui_scale(surface.get_size())
    text = _("Delay {ms} ms").format(ms=round(delay_ms)) if delay_ms is not None else _("Delay …")
    image = fit_text(text, max(11, int(14 * s)), surface.get_width() // 5, pal.CREAM, "bold")
    box = image.get_rect(bottomright=(surface.get_width() - int(8 * s), surface.get_height() - int(6 * s)))
    pygame.draw.rect(surface, pal.INK, box.inflate(int(12 * s), int(6 * s)), border_radius=int(6 * s))
    surface.blit(image, box)
