"""What every turn-based table paints the same way, above the game's own painting: the hint and
refusal notes over the hand, the head of the moves box while the table waits for someone else,
and the line that says a key now opens the results."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.log_panel import paper
from pie_table.kit.text import fit_lines, fit_text


def draw_notes(table: Any, surface: pygame.Surface) -> None:
    """The hint (gold) while choices are on screen, and the last refusal (red), over the hand.
    Uses the table's `layout` (`hand`, `scale`), `hint_line`, `message` and `offered_seat`."""
    lay, s = table.layout, table.layout.scale
    hint = table.hint_line()
    if hint and table.offered_seat() is not None:
        # Two lines rather than a cut: the expert's words are longer than the plain hint's.
        tip = fit_lines(hint, int(16 * s), lay.hand.w - 20, pal.INK, "bold")
        box = tip.get_rect(
            midbottom=(lay.hand.centerx, lay.hand.y - 6 - (int(34 * s) if table.message else 0))
        )
        box = box.inflate(16, 8)
        pygame.draw.rect(surface, pal.GOLD, box, border_radius=min(box.h // 2, int(14 * s)))
        surface.blit(tip, tip.get_rect(center=box.center))
    if table.message:
        text = fit_text(table.message, int(17 * s), lay.hand.w - 20, pal.CREAM, "bold")
        box = text.get_rect(midbottom=(lay.hand.centerx, lay.hand.y - 6)).inflate(16, 8)
        pygame.draw.rect(surface, pal.DANGER, box, border_radius=box.h // 2)
        surface.blit(text, text.get_rect(center=box.center))


def host_hold_line(why: str) -> str:
    """What a table joined from another machine says while its host holds the game still (`why`:
    "start", the host has not opened the table yet; "pause", it paused; "saving", a server's store
    cannot be written, so moves wait for it; "restarting" and "reconnecting", the link is being made
    again), '' while the game runs.
    Every joined table says it in these words, Rumble Pie's too."""
    if why == "start":
        return _("Waiting for the host to start.")
    if why == "pause":
        return _("The host has paused the game.")
    if why == "saving":
        return _("The server cannot save right now; your moves wait until it can.")
    if why == "restarting":
        return _("The server is restarting; reconnecting…")
    if why == "reconnecting":
        return _("The connection was lost; reconnecting…")
    return ""


def held_by_host(table: Any) -> str:
    """`host_hold_line` for a turn-based table's driver."""
    return host_hold_line(table.driver.held_by_host)


def waiting_head(table: Any, surface: pygame.Surface, banner: str, painted: bool,
                 scale: float | None = None, rect: pygame.Rect | None = None) -> int:
    """The moves box (`layout.moves`, or `rect`) when the screen's seat is not asked: its paper
    (unless the backdrop `painted` it) and who the table waits for, wrapped, at `scale` (the
    layout's unless its panels have a scale of their own); returns the y below."""
    s = table.layout.scale if scale is None else scale
    rect = table.layout.moves if rect is None else rect
    if not painted:
        paper(surface, rect, s)
    pad = int(10 * s)
    text = _head(banner, rect.w, s)
    surface.blit(text, (rect.x + pad, rect.y + pad))
    return rect.y + pad + text.get_height()


def reaction_box(table: Any, banner: str, scale: float) -> pygame.Rect:
    """Where the moves box shows the shared reaction countdown: the box itself, or, when its
    buttons need more than it has (a narrow column at a large interface size), the box grown down
    over the log, which waits the few seconds the window is open, rather than buttons that spill
    onto the log's lines."""
    moves, log = table.layout.moves, table.layout.log
    pad = int(10 * scale)
    need = pad + _head(banner, moves.w, scale).get_height() + pad + table.reaction.height(moves.w, scale)
    if need <= moves.h:
        return moves
    return pygame.Rect(moves.x, moves.y, moves.w, max(moves.h, log.bottom - moves.y))  # all of it: no sliver


def _head(banner: str, width: int, scale: float) -> pygame.Surface:
    pad = int(10 * scale)
    return fit_lines(banner, int(17 * scale), width - 2 * pad, pal.INK, "bold", most=5)  # wraps, whole


def results_prompt(table: Any, surface: pygame.Surface, area: pygame.Rect, lift: int) -> None:
    """Once the end has shown long enough, the line that says a key or click opens the results,
    at the bottom right of the end's `area`, `lift` pixels up."""
    if not table.ceremony_armed():
        return
    s = table.layout.scale
    pad = int(12 * s)
    hint = fit_text(_("Enter or click: the results"), int(15 * s), area.w - 2 * pad, pal.soft_ink())
    surface.blit(hint, hint.get_rect(bottomright=(area.right - pad, area.bottom - lift)))
