"""The Awards Ceremony: goals revealed one by one (lowest number first), totals, the life raft, the coin.

`Ceremony` only paces what the public view already holds: the engine scored every goal when the
ceremony began; this reveals them in order, waits for the tie-break and coin decisions, and shows them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pygame

from pie_table.core.messages import SeatName
from pie_table.games.rats.ui import art as rats_art
from pie_table.games.rats.ui.labels import goal_hint, goal_title, rat_name, vocation_title
from pie_table.games.rats.ui.sheet_view import item_shapes, paper
from pie_table.kit import palette as pal
from pie_table.kit.fonts import fits
from pie_table.kit.i18n import _, ngettext
from pie_table.kit.text import fit_text

_STEP_TIME = 1.4  # seconds between goals when nobody clicks
_COIN_TIME = 1.3
_AWARD_COLORS = {3: pal.GOLD, 2: (196, 196, 206), 1: pal.CRUST}
# Log lines that would give the ceremony away before its turn comes.
_SPOILERS = frozenset({"goal_awards", "winner", "tie_break"})


class Ceremony:
    """Paces the reveal: `shown` goals are visible; `ready` once all are, so the table may go on."""

    def __init__(self, auto: bool = True, names: SeatName = rat_name) -> None:
        self.names = names  # what each seat is called at this table
        self.shown = 0
        self.goals = 0
        self.auto = auto
        self.timer = 0.0
        self.coin_face = ""
        self.coin_timer = 0.0
        self.finished = False  # the players have seen the end and may go to the results

    @property
    def ready(self) -> bool:
        """True once every goal has been revealed."""
        return self.goals > 0 and self.shown >= self.goals

    @property
    def flipping(self) -> bool:
        """True while the coin spins."""
        return bool(self.coin_face) and self.coin_timer < _COIN_TIME

    def sync(self, view: Mapping[str, Any]) -> None:
        """Learn how many goals the engine scored."""
        self.goals = len(view.get("goal_awards", []))

    def filter_log(self, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The log without the results not yet revealed on the ceremony sheet."""
        kept, goals = [], 0
        for entry in log:
            if entry.get("type") == "goal_awards":
                goals += 1
                if goals > self.shown:
                    continue
            elif entry.get("type") in _SPOILERS and not self.ready:
                continue
            kept.append(entry)
        return kept

    def advance(self) -> bool:
        """Reveal the next goal (a click or key); True if something new showed."""
        if self.shown < self.goals:
            self.shown += 1
            self.timer = 0.0
            return True
        return False

    def flip(self, face: str) -> None:
        """Start the coin spinning towards the engine's `face`."""
        self.coin_face = face
        self.coin_timer = 0.0

    def land_coin(self) -> None:
        """Show the coin's face, done spinning."""
        self.coin_timer = max(self.coin_timer, _COIN_TIME)

    def snap(self) -> None:
        """Show everything at once (skip_to, screenshots)."""
        self.shown = self.goals
        self.land_coin()

    def update(self, dt: float) -> None:
        """Auto-advance and spin the coin."""
        self.timer += dt
        if self.auto and self.shown < self.goals and self.timer >= _STEP_TIME:
            self.advance()
        if self.coin_face:
            self.coin_timer += dt

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], scale: float,
             footer_h: int = 0) -> None:
        """The ceremony sheet: a column per rat, a row per goal, then totals, winner and coin."""
        paper(surface, rect, scale, pal.GOLD)
        pad = int(12 * scale)
        title = _("Awards Ceremony, led by {host}").format(host=self.names(view.get("host", 0)))
        head = fit_text(title, int(26 * scale), rect.w - 2 * pad, pal.CHERRY, "title")
        surface.blit(head, (rect.x + pad, rect.y + pad))
        seats = view.get("seats", 0)
        body = pygame.Rect(rect.x + pad, rect.y + pad + head.get_height() + int(6 * scale),
                           rect.w - 2 * pad, rect.h - footer_h - head.get_height() - 3 * pad)
        label_w = int(body.w * 0.3)
        col_w = (body.w - label_w) // max(1, seats)
        y = self._rats_row(surface, body, view, label_w, col_w, scale)
        rows = view.get("goal_awards", [])
        row_h = max(16, min(int(42 * scale), (body.bottom - y - int(80 * scale)) // max(1, len(rows) + 1)))
        for i, (goal, awards) in enumerate(rows[: self.shown]):
            self._goal_row(surface, pygame.Rect(body.x, y + i * row_h, body.w, row_h), goal, awards,
                           label_w, col_w, scale)
        y += len(rows) * row_h
        if self.ready:
            self._totals(surface, pygame.Rect(body.x, y, body.w, row_h), view, label_w, col_w, scale)
            self._ending(surface, pygame.Rect(body.x, y + row_h + int(6 * scale), body.w,
                                              body.bottom - y - row_h), view, scale)

    def _rats_row(self, surface: pygame.Surface, body: pygame.Rect, view: dict[str, Any], label_w: int,
                  col_w: int, scale: float) -> int:
        size = int(36 * scale)
        revealed = view.get("revealed") or []
        items_h = int(84 * scale)
        third = items_h // 3
        for seat in range(view.get("seats", 0)):
            x = body.x + label_w + seat * col_w
            surface.blit(rats_art.seat_rat(seat, size), (x + (col_w - size) // 2, body.y))
            if view.get("host") == seat:
                hat = rats_art.host_hat(int(26 * scale))
                surface.blit(hat, hat.get_rect(midbottom=(x + col_w // 2, body.y + int(8 * scale))))
            vocations = view.get("vocations") or []
            vocation = vocations[seat] if seat < len(vocations) else None
            title = self.names(seat) + (f" · {vocation_title(vocation)}" if vocation else "")
            name = fit_text(title, int(15 * scale), col_w - 4, pal.INK, "bold")
            surface.blit(name, name.get_rect(midtop=(x + col_w // 2, body.y + size)))
            if seat < len(revealed):
                row = pygame.Rect(x + 2, body.y + size + int(20 * scale), col_w - 4, third)
                item_shapes(surface, row, revealed[seat]["dishes"], "circle", scale, 24)
                item_shapes(surface, row.move(0, third), revealed[seat]["decorations"], "diamond", scale, 24)
                # Nests decide Plush, so they are shown beside the items they are compared with.
                nests = sum(1 for built in revealed[seat].get("nests", []) if built)
                text = ngettext("{n} nest", "{n} nests", nests).format(n=nests)
                count = fit_text(text, int(15 * scale), row.w, pal.INK, "bold")
                surface.blit(count, count.get_rect(center=row.move(0, 2 * third).center))
        top = body.y + size + int(20 * scale)
        for k, word in enumerate((_("Dishes"), _("Decorations"), _("Nests"))):
            label = fit_text(word, int(14 * scale), label_w - 6, pal.soft_ink(), "bold")
            surface.blit(label, label.get_rect(midleft=(body.x, top + third // 2 + k * third)))
        return top + items_h + int(6 * scale)

    def _goal_row(self, surface: pygame.Surface, row: pygame.Rect, goal: int, awards: list[int], label_w: int,
                  col_w: int, scale: float) -> None:
        pygame.draw.line(surface, (200, 180, 146), row.topleft, row.topright, 1)
        width = label_w - 6
        hint_size = int(min(13 * scale, row.h * 0.34))
        cut = not fits(goal_hint(goal), hint_size, width)
        if row.h < int(36 * scale) or cut:  # too tight for two lines (or the hint): the name alone
            name = fit_text(goal_title(goal), int(min(17 * scale, row.h * 0.6)), width, pal.INK, "bold")
            surface.blit(name, name.get_rect(midleft=(row.x, row.centery)))
        else:
            name = fit_text(goal_title(goal), int(min(17 * scale, row.h * 0.46)), width, pal.INK, "bold")
            hint = fit_text(goal_hint(goal), hint_size, width, pal.soft_ink())  # the goals panel has it too
            surface.blit(name, (row.x, row.y + 2))
            surface.blit(hint, (row.x, row.y + 2 + name.get_height()))
        for seat, award in enumerate(awards):
            centre = (row.x + label_w + seat * col_w + col_w // 2, row.centery)
            rosette(surface, centre, int(min(13 * scale, row.h * 0.42)), award, scale)

    def _totals(self, surface: pygame.Surface, row: pygame.Rect, view: dict[str, Any], label_w: int,
                col_w: int, scale: float) -> None:
        pygame.draw.line(surface, pal.INK, row.topleft, row.topright, 2)
        label = fit_text(_("Total awards"), int(18 * scale), label_w - 6, pal.INK, "title")
        surface.blit(label, label.get_rect(midleft=(row.x, row.centery)))
        winner = view.get("winner", -1)
        for seat, total in enumerate(view.get("awards", [])):
            ink = pal.CHERRY if seat == winner else pal.INK
            text = fit_text(str(total), int(22 * scale), col_w - 4, ink, "title")
            centre = (row.x + label_w + seat * col_w + col_w // 2, row.centery)
            surface.blit(text, text.get_rect(center=centre))

    def _ending(self, surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], scale: float) -> None:
        lines: list[tuple[str, tuple[int, int, int]]] = []
        winner = view.get("winner", -1)
        if winner >= 0:
            lines.append((_("{rat} takes the life raft!").format(rat=self.names(winner)), pal.CHERRY))
        else:
            lines.append((_("A tie! The final Host must choose who takes the raft."), pal.INK))
        final = view.get("coin") or self.coin_face
        if self.coin_face and not self.flipping:
            if final != self.coin_face:
                overrule = _("The coin said {face}, but the Queen overrules it!").format(face=self.coin_face)
                lines.append((overrule, pal.soft_ink()))
            fate = (_("Heads! Every rat escapes into the icy sea.") if final == "heads"
                    else _("Tails! Do send our regards to the captain."))
            lines.append((fate, pal.INK))
        y = rect.y
        for text, ink in lines:
            image = fit_text(text, int(20 * scale), rect.w - int(70 * scale), ink, "bold")
            surface.blit(image, (rect.x, y))
            y += image.get_height() + int(4 * scale)
        if self.coin_face and not self.flipping:
            hint = fit_text(_("Click or press Space for the results"), int(16 * scale), rect.w,
                            pal.soft_ink())
            surface.blit(hint, hint.get_rect(bottomleft=(rect.x, rect.bottom - int(4 * scale))))
        if self.coin_face:
            coin_r = max(8, min(int(26 * scale), rect.h // 2 - 2))
            self._coin(surface, (rect.right - coin_r - 4, rect.y + coin_r + 2), coin_r, final)

    def _coin(self, surface: pygame.Surface, centre: tuple[int, int], r: int, final: str) -> None:
        turn = math.cos(self.coin_timer * 14)
        spin = 1.0 if not self.flipping else abs(turn)
        face = final if not self.flipping else ("heads" if turn > 0 else "tails")
        box = pygame.Rect(0, 0, 2 * r, max(2, int(2 * r * spin)))
        box.center = centre
        pygame.draw.ellipse(surface, pal.GOLD, box)
        pygame.draw.ellipse(surface, pal.CRUST_DARK, box, 2)
        if spin > 0.5:
            mark = fit_text("H" if face == "heads" else "T", int(r * 1.1), 2 * r, pal.INK, "title")
            surface.blit(mark, mark.get_rect(center=centre))


def rosette(surface: pygame.Surface, centre: tuple[int, int], r: int, award: int, scale: float) -> None:
    """A ribbon rosette with the number of awards (3 gold, 2 silver, 1 bronze), or a dash for none."""
    if award <= 0:
        dash = fit_text("–", int(r * 1.4), 3 * r, pal.soft_ink())
        surface.blit(dash, dash.get_rect(center=centre))
        return
    pygame.draw.circle(surface, _AWARD_COLORS.get(award, pal.CRUST), centre, r)
    pygame.draw.circle(surface, pal.INK, centre, r, max(1, int(2 * scale)))
    number = fit_text(str(award), int(r * 1.3), 2 * r, pal.INK, "bold")
    surface.blit(number, number.get_rect(center=centre))
