"""Saved games: Continue from the title, the Load list, and opening a save to play on or to watch.

A save is only ever read here; a damaged one is listed as one line and left where it is.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from pie_table.core.registry import get_game
from pie_table.core.saves import SaveError, SaveInfo, list_saves, load_session, read_save
from pie_table.kit import palette as pal
from pie_table.kit.i18n import _
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.paths import saves_dir
from pie_table.scenes.base import MenuScene, draw_panel, load_factory

_PAGE = 6


def seats_text(seats: list[str]) -> str:
    """'1 human, 2 bots' for a save's seat specs."""
    humans = sum(1 for s in seats if s.startswith("human"))
    bots = len(seats) - humans
    parts = []
    if humans:
        parts.append(_("1 human") if humans == 1 else _("{n} humans").format(n=humans))
    if bots:
        parts.append(_("1 bot") if bots == 1 else _("{n} bots").format(n=bots))
    return ", ".join(parts)


def describe(info: SaveInfo) -> str:
    """One line for a save: game, seats, when, and whether it is finished."""
    when = time.strftime("%d %b %H:%M", time.localtime(info.saved_at)) if info.saved_at else "?"
    state = _("finished") if info.finished else _("in progress")
    return f"{info.title} · {seats_text(info.seats)} · {when} · {state}"


def latest_unfinished() -> SaveInfo | None:
    """The most recently saved game still in progress (the title's Continue), or None."""
    saves, _problems = list_saves(saves_dir())
    return next((s for s in saves if not s.finished), None)


def open_save(app: Any, path: str, watch: bool = False) -> str:
    """Continue the game saved at `path` (or watch its replay); '' on success, else one line why not."""
    try:
        data = read_save(path)
        if watch:
            from pie_table.scenes.replay import ReplayScene

            app.scenes.push(ReplayScene(app, data))
            return ""
        session = load_session(data)
    except SaveError as exc:
        return exc.message
    if session.is_over():
        return _("That game is finished: watch its replay instead.")
    factory = load_factory(get_game(session.setup.game_id).scene_factory)
    if factory is None:
        return _("This game's table could not be loaded.")
    app.scenes.push(factory(app, session.setup, session, save_path=path))
    return ""


class SavedGamesScene(MenuScene):
    """Every save, newest first: continue one in progress, or watch any as a replay."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.page = 0
        self.notice = ""
        self.saves: list[SaveInfo] = []
        self.problems: list[str] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.refresh()

    def refresh(self) -> None:
        """Read the saves folder again."""
        self.saves, self.problems = list_saves(saves_dir())
        if self.problems and not self.notice:
            more = len(self.problems) - 1
            self.notice = self.problems[0] + (_(" (and {n} more)").format(n=more) if more else "")

    def build(self) -> list[Widget]:
        self.heading = Label(_("Saved games"), 40, pal.WOOD_DARK, "title")
        shown = self.saves[self.page * _PAGE:(self.page + 1) * _PAGE]
        self.rows: list[tuple[Button, Button]] = []
        for info in shown:
            label = describe(info)
            main = Button(label, lambda i=info: self._open(i, watch=i.finished), size=20)
            watch = Button(_("Replay"), lambda i=info: self._open(i, watch=True), size=20)
            self.rows.append((main, watch))
        self.empty = Label(_("No saved games yet: every game you play is saved as you go."), 22, pal.INK)
        self.status = Label(lambda: self.notice, 18, pal.DANGER)
        pages = max(1, (len(self.saves) + _PAGE - 1) // _PAGE)
        self.prev = Button(_("Newer"), lambda: self._turn(-1), enabled=lambda: self.page > 0, size=22)
        self.next = Button(_("Older"), lambda: self._turn(1), enabled=lambda: self.page < pages - 1, size=22)
        self.back_button = Button(_("Back"), self.back, size=24)
        widgets: list[Widget] = [self.heading]
        for main, watch in self.rows:
            widgets += [main, watch]
        if not self.rows:
            widgets.append(self.empty)
        return widgets + [self.status, self.prev, self.next, self.back_button]

    def _turn(self, step: int) -> None:
        self.page += step
        self.rebuild()

    def _open(self, info: SaveInfo, watch: bool) -> None:
        self.notice = open_save(self.app, info.path, watch)

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        self.panel = pygame.Rect(int(w * 0.08), int(h * 0.06), int(w * 0.84), int(h * 0.88))
        heading = pygame.Rect(self.panel.x, self.panel.y + int(16 * s), self.panel.w, int(56 * s))
        self.heading.place(heading, s)
        top = self.panel.y + int(88 * s)
        row_h, gap = int(52 * s), int(10 * s)
        watch_w = int(150 * s)
        inner_x, inner_w = self.panel.x + int(30 * s), self.panel.w - int(60 * s)
        for i, (main, watch) in enumerate(self.rows):
            y = top + i * (row_h + gap)
            main.place(pygame.Rect(inner_x, y, inner_w - watch_w - gap, row_h), s)
            watch.place(pygame.Rect(inner_x + inner_w - watch_w, y, watch_w, row_h), s)
        self.empty.place(pygame.Rect(inner_x, top, inner_w, row_h), s)
        bottom = self.panel.bottom - int(70 * s)
        self.status.place(pygame.Rect(inner_x, bottom - int(36 * s), inner_w, int(30 * s)), s)
        bw, bh = int(180 * s), int(50 * s)
        self.prev.place(pygame.Rect(inner_x, bottom, bw, bh), s)
        self.next.place(pygame.Rect(inner_x + bw + gap, bottom, bw, bh), s)
        self.back_button.place(pygame.Rect(inner_x + inner_w - bw, bottom, bw, bh), s)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.panel, self.scale)
