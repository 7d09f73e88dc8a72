"""The round-summary overlay: KaPow!s per team, the Out! bonus and who called it, totals, and Go!."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.games.rumble_pie.ui.table_view import TableView
from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.text import fit_lines


def summary_lines(state: Any, names: list[str]) -> list[tuple[str, str, str, str, int]]:
    """Rows (team name, KaPow!s, bonus, total, team) of the last finished round."""
    last = state.history[-1]
    rows = []
    for team, kapows in enumerate(last["kapows"]):
        bonus = last["bonus"] if last.get("out_team") == team else 0
        rows.append((pal.team_name(team), str(kapows), f"+{bonus}" if bonus else "–",
                     str(last["scores"][team]), team))
    return rows


def out_line(state: Any, names: list[str]) -> str:
    """Who called Out! in the last round (or that nobody did)."""
    last = state.history[-1]
    if last.get("frozen"):
        return _("Frozen again: the round ended with no Out! bonus")
    if last.get("out_by") is None:
        return _("Nobody called Out!")
    return _("{name} called Out! (+{bonus})").format(name=names[last["out_by"]], bonus=last["bonus"])


def result_lines(state: Any, names: list[str]) -> list[str]:
    """Lines for the results screen: teams by final score (the winner first, as the screen bolds line one),
    then each round's KaPow!s per team and who called Out!."""
    team_names = [pal.team_name(t) for t in range(len(state.scores))]
    order = sorted(range(len(state.scores)), key=lambda t: (t != state.winner, -state.scores[t], t))
    lines = [_("{team}: {n} points").format(team=team_names[t], n=state.scores[t]) for t in order]
    names_en = pal.TEAM_NAMES
    short = [_(names_en[t % len(names_en)].removeprefix("Team ")) for t in range(len(state.scores))]
    for entry in state.history:
        kapows = " · ".join(f"{short[t]} {k}" for t, k in enumerate(entry["kapows"]))
        caller = names[entry["out_by"]] if entry.get("out_by") is not None else _("nobody")
        ending = _("frozen, no Out!") if entry.get("frozen") else _("Out! by {caller}").format(caller=caller)
        lines.append(_("Round {n}: KaPow!s {kapows}; {ending}").format(n=entry["round"], kapows=kapows,
                                                                       ending=ending))
    return lines[:12]


class SummaryOverlay:
    """Drawn over the table between rounds; remembers its Go! button for clicks."""

    def __init__(self) -> None:
        self.go_button: pygame.Rect | None = None
        self.panel: pygame.Rect | None = None  # where it was drawn last frame (None: not shown)

    def draw(self, surface: pygame.Surface, view: TableView, state: Any, names: list[str], prompt: str,
             show_button: bool) -> None:
        """The panel centred on the play area."""
        px = view.px
        area = view.geom.area("play")
        teams = len(state.scores)
        panel = pygame.Rect(0, 0, px(460), px(200 + 30 * teams))
        panel.center = area.center
        self.panel = panel
        shadow = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, pal.SHADOW, shadow.get_rect(), border_radius=px(16))
        surface.blit(shadow, panel.move(px(5), px(7)))
        pygame.draw.rect(surface, pal.WOOD_DARK, panel, border_radius=px(16))
        pygame.draw.rect(surface, pal.PAPER, panel.inflate(-px(12), -px(12)), border_radius=px(12))
        over = state.phase == "game_over"
        title = _("Round {n} over").format(n=state.history[-1]["round"]) if not over else _("Game over")
        head = view.text.get(title, px(28), pal.INK, "title")
        surface.blit(head, head.get_rect(midtop=(panel.centerx, panel.y + px(16))))
        y = self._table(surface, view, state, names, panel, panel.y + px(62))
        line = view.text.get(out_line(state, names), px(14), pal.soft_ink(), "bold")
        surface.blit(line, line.get_rect(midtop=(panel.centerx, y + px(6))))
        self._footer(surface, view, panel, prompt, show_button and not over)

    def _table(self, surface: pygame.Surface, view: TableView, state: Any, names: list[str],
               panel: pygame.Rect, y: int) -> int:
        px = view.px
        heads = [view.text.get(text, px(13), pal.soft_ink(), "bold")
                 for text in (_("Team"), _("KaPow!s"), _("Out!"), _("Total"))]
        rows = [(team, [view.text.get(text, px(17), pal.INK, "bold") for text in texts])
                for *texts, team in summary_lines(state, names)]
        # The number columns laid from the right, each as wide as its widest text: text kept at
        # its readable size in a small window would otherwise run into the next column.
        gap, right = px(14), panel.right - px(30)
        lefts: list[int] = []
        for col in (3, 2, 1):
            width = max([heads[col].get_width(), *(images[col].get_width() for _team, images in rows)])
            right -= width
            lefts.insert(0, right)
            right -= gap
        cols = (panel.x + px(42), *lefts)
        room = lefts[0] - gap - cols[0]
        if any(images[0].get_width() > room for _team, images in rows):  # all teams' short names then
            for team, images in rows:
                images[0] = view.text.fit(pal.short_team_name(team), px(17), pal.INK, room, "bold")
        for x, head in zip(cols, heads, strict=True):
            surface.blit(head, (x, y))
        y += px(22)
        for team, images in rows:
            color = pal.TEAM_COLORS[team % len(pal.TEAM_COLORS)]
            pygame.draw.circle(surface, color, (cols[0] - px(12), y + px(10)), px(7))
            for x, image in zip(cols, images, strict=True):
                surface.blit(image, (x, y))
            y += px(30)
        return y

    def _footer(self, surface: pygame.Surface, view: TableView, panel: pygame.Rect, prompt: str,
                show_button: bool) -> None:
        px = view.px
        self.go_button = None
        label = view.text.get(_("Go!"), px(22), pal.INK, "bold")
        box = label.get_rect().inflate(px(40), px(12))
        box.bottomright = (panel.right - px(22), panel.bottom - px(16))
        room = panel.w - px(48) - (box.w + px(16) if show_button else 0)
        # On two lines rather than cut: how to go on is the one thing this line is for (the
        # Spanish "Siguiente ronda: Intro (mando: Start) o ¡Ya!" lost its keys on one).
        text = fit_lines(prompt, px(14), room, pal.INK, "bold", most=2)
        if not show_button:
            surface.blit(text, text.get_rect(midbottom=(panel.centerx, panel.bottom - px(18))))
            return
        surface.blit(text, text.get_rect(midleft=(panel.x + px(24), box.centery)))
        pygame.draw.rect(surface, pal.GOLD, box, border_radius=px(10))
        pygame.draw.rect(surface, pal.INK, box, 2, border_radius=px(10))
        surface.blit(label, label.get_rect(center=box.center))
        self.go_button = box
