"""What a Rumble table played across machines adds: a remote player's delay to the host (in the
Table talk panel's title row, clear of its lines), *away* on the label of a seat whose player
dropped, the host's prompt to hand an away seat to a bot or wait, and an autosave that does nothing
at a remote seat (the host saves the game)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.text import fit_text, ui_scale
from pie_table.scenes.turn_table.look import host_hold_line


def draw_delay(surface: pygame.Surface, log_panel: pygame.Rect, delay_ms: float | None) -> pygame.Rect:
    """The round trip to the host, at the right of the Table talk panel's title row (the panel's
    lines start below it): what a remote player's moves wait for. Returns the badge's box."""
    text = _("Delay {ms} ms").format(ms=round(delay_ms)) if delay_ms is not None else _("Delay …")
    return _badge(surface, log_panel, text)


def draw_remote_delays(surface: pygame.Surface, log_panel: pygame.Rect,
                       delays: dict[str, int]) -> pygame.Rect | None:
    """At the host: each remote player's round trip, as their table measured it ("Ann 40 ms"), in
    the same place as a remote table's own delay; None when no remote player has said one."""
    if not delays:
        return None
    return _badge(surface, log_panel, " · ".join(_("{name} {ms} ms").format(name=name, ms=ms)
                                                 for name, ms in delays.items()))


def _badge(surface: pygame.Surface, log_panel: pygame.Rect, text: str) -> pygame.Rect:
    s = ui_scale(surface.get_size())
    image = fit_text(text, max(10, int(12 * s)), log_panel.w // 2, pal.CREAM, "bold")
    box = image.get_rect(topright=(log_panel.right - int(8 * s), log_panel.y + int(6 * s)))
    pygame.draw.rect(surface, pal.INK, box.inflate(int(8 * s), int(4 * s)), border_radius=int(5 * s))
    surface.blit(image, box)
    return box.inflate(int(8 * s), int(4 * s))


def clear_of_summary(band: pygame.Rect, summary: pygame.Rect | None, play: pygame.Rect) -> pygame.Rect:
    """Where a strip drawn in the banner's `band` goes while the round summary (`summary`, None
    when not shown) is up: just above the summary's panel, or below it if the play area has no
    room above, never over its lines (its team rows)."""
    if summary is None or not band.colliderect(summary):
        return band
    gap = max(2, band.h // 8)
    above = band.copy()
    above.bottom = summary.top - gap
    if above.top >= play.top:
        return above
    below = band.copy()
    below.top = summary.bottom + gap
    return below


def draw_host_paused(surface: pygame.Surface, banner: pygame.Rect, why: str) -> pygame.Rect:
    """At a remote seat: the game stands still (`why`: "start", the host has not opened the table
    yet; "pause", its pause; "restarting" or "reconnecting", the link is being made again). The
    line covers the whole banner strip: what the banner says (Go!, the round's call) waits too."""
    s = ui_scale(surface.get_size())
    box = banner.inflate(-int(8 * s), -int(8 * s))
    image = fit_text(host_hold_line(why), max(12, int(20 * s)), box.w - int(24 * s), pal.INK, "bold")
    pygame.draw.rect(surface, pal.LEMON, box, border_radius=int(8 * s))
    pygame.draw.rect(surface, pal.INK, box, 2, border_radius=int(8 * s))
    surface.blit(image, image.get_rect(center=box.center))
    return box


def draw_away(surface: pygame.Surface, label: pygame.Rect, name: str) -> pygame.Rect:
    """"{name} · away" in red over the seat label's words (its team name stays readable at the
    right): that seat's player has dropped."""
    s = ui_scale(surface.get_size())
    room = int(label.w * 0.58)
    image = fit_text(_("{name} · away").format(name=name), max(10, int(13 * s)), room, pal.WHITE, "bold")
    box = pygame.Rect(label.x + label.h, label.y, max(image.get_width() + int(12 * s), room), label.h)
    pygame.draw.rect(surface, pal.DANGER, box, border_radius=int(4 * s))
    pygame.draw.rect(surface, pal.INK, box, 1, border_radius=int(4 * s))
    surface.blit(image, image.get_rect(midleft=(box.x + int(6 * s), box.centery)))
    return box


@dataclass
class AwayPrompt:
    """At the host: for the first away seat not yet answered, "hand it to a bot, or wait?". Waiting
    keeps the seat for its player (the game goes on without them); a bot plays it until they are back."""

    waited: set[int] = field(default_factory=set)  # seats the host chose to wait for
    seat: int | None = None  # the seat asked about in the frame drawn last
    bot_button: pygame.Rect | None = None
    wait_button: pygame.Rect | None = None

    def draw(self, surface: pygame.Surface, band: pygame.Rect, away: list[int], names: list[str]) -> None:
        """The prompt in the band between the seats (the banner's place, empty in play), for the
        first away seat not waited for."""
        asked = [seat for seat in away if seat not in self.waited]
        self.waited &= set(away)  # a seat back, then away again, is asked about again
        self.seat = asked[0] if asked else None
        self.bot_button = self.wait_button = None
        if self.seat is None:
            return
        s = ui_scale(surface.get_size())
        line = _("{name} is away").format(name=names[self.seat])
        text = fit_text(line, max(12, int(17 * s)), band.w // 2, pal.CREAM, "bold")
        bot = fit_text(_("Hand the seat to a bot"), max(11, int(15 * s)), band.w // 4, pal.INK, "bold")
        wait = fit_text(_("Wait"), max(11, int(15 * s)), band.w // 4, pal.INK, "bold")
        pad, gap = int(10 * s), int(14 * s)
        width = text.get_width() + bot.get_width() + wait.get_width() + 4 * pad + 3 * gap
        box = pygame.Rect(0, 0, width, text.get_height() + 3 * pad)
        box.midbottom = (band.centerx, band.bottom)
        pygame.draw.rect(surface, pal.INK, box, border_radius=int(8 * s))
        pygame.draw.rect(surface, pal.DANGER, box, max(1, int(2 * s)), border_radius=int(8 * s))
        x = box.x + gap
        surface.blit(text, text.get_rect(midleft=(x, box.centery)))
        x += text.get_width() + gap
        self.bot_button = self._button(surface, bot, x, box.centery, pad, s)
        self.wait_button = self._button(surface, wait, self.bot_button.right + gap, box.centery, pad, s)

    @staticmethod
    def _button(surface: pygame.Surface, label: pygame.Surface, x: int, y: int, pad: int,
                s: float) -> pygame.Rect:
        rect = label.get_rect(midleft=(x + pad, y)).inflate(2 * pad, pad)
        pygame.draw.rect(surface, pal.LEMON, rect, border_radius=int(6 * s))
        surface.blit(label, label.get_rect(center=rect.center))
        return rect

    def click(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """("bot", seat) or ("wait", seat) if `pos` is on one of the prompt's buttons."""
        if self.seat is None:
            return None
        if self.bot_button is not None and self.bot_button.collidepoint(pos):
            return "bot", self.seat
        if self.wait_button is not None and self.wait_button.collidepoint(pos):
            self.waited.add(self.seat)
            return "wait", self.seat
        return None
