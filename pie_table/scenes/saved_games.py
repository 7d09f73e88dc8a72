"""Saved games: Continue from the title, the Load list, and opening a save to play on or to watch.

A save is only ever read here. One that cannot be opened is set aside (renamed beside itself,
never deleted) and listed as damaged, with its file name and why, until the player removes it.
"""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from pie_table.core.saves import (
    DamagedSave,
    SaveError,
    SaveInfo,
    list_saves,
    read_save,
    remove_damaged,
    remove_save,
    set_aside,
)
from pie_table.kit import palette as pal
from pie_table.kit.i18n import N_, _, ngettext, tr
from pie_table.kit.text import NARROW_PAGE, page_scale
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.paths import saves_dir, seat_replays_dir
from pie_table.scenes.base import MenuScene, draw_panel, load_factory, open_table
from pie_table.scenes.confirm import ConfirmScene

if TYPE_CHECKING:  # the seat replays' module loads with the list, not with the title
    from pie_table.net.seat_replay import SeatReplayInfo

_PAGE = 6
# The list's width at scale 1 with each save's buttons under its line, its height without them,
# and the width a save's line and buttons need on one.
_ROOM_W, _ROOM_H = NARROW_PAGE, 720
_ONE_LINE_W = 1100


def seats_text(seats: list[str], remote: list[int] | None = None) -> str:
    """'1 human, 2 bots' for a save's seat specs; a hosted game's `remote` seats (players on other
    machines, human seats in the specs) are counted apart: '1 human, 1 remote, 2 bots'."""
    humans = [seat for seat, spec in enumerate(seats) if spec.startswith("human")]
    others = len(set(humans) & set(remote or ()))
    here, bots = len(humans) - others, len(seats) - len(humans)
    parts = []
    if here:
        parts.append(_("1 human") if here == 1 else _("{n} humans").format(n=here))
    if others:
        parts.append(ngettext("{n} remote", "{n} remote", others).format(n=others))
    if bots:
        parts.append(_("1 bot") if bots == 1 else _("{n} bots").format(n=bots))
    return ", ".join(parts)


def describe(info: SaveInfo) -> str:
    """One line for a save: game, who played (named players, then the seats), when, and whether
    it is finished (with its scores)."""
    state = _("finished") if info.finished else _("in progress")
    if info.finished and info.scores:
        state = _("finished: {scores}").format(scores=scores_text(info.scores, info.teams))
    named = ", ".join(name for name in info.names if name)
    who = f"{named} · {seats_text(info.seats, info.remote)}" if named else seats_text(info.seats, info.remote)
    return f"{_(info.title)} · {who} · {_when(info.saved_at)} · {state}"


def scores_text(scores: list[float], teams: list[int] | None = None) -> str:
    """'33–23' in seat order; a team game's once per team, in the order of its teams."""
    if teams is not None and len(teams) == len(scores):
        scores = [scores[teams.index(team)] for team in sorted(set(teams))]
    return "–".join(f"{score:g}" for score in scores)


def describe_seat_replay(info: SeatReplayInfo) -> str:
    """One line for what this player's seat saw at a table hosted elsewhere."""
    from pie_table.core.registry import listed_title

    state = _("finished") if info.finished else _("left before the end")
    seat = _("your seat at a table hosted elsewhere")
    # From when to when it recorded: the parts of one game (the host restarted its table) differ.
    when = f"{_when(info.started)}–{_when(info.saved_at)[-5:]}" if info.started else _when(info.saved_at)
    return f"{_(listed_title(info.game))} · {seat} · {when} · {state}"


# Month names from the catalogue, not `%b`: that is the C locale's English whatever the language.
_MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"),
           N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))


def _when(saved_at: float) -> str:
    if not saved_at:
        return "?"
    try:
        moment = time.localtime(saved_at)
    except (OverflowError, OSError, ValueError):  # checked when read; a stray value still says "?"
        return "?"
    return _("{day} {month} {time}").format(day=f"{moment.tm_mday:02d}", month=_(_MONTHS[moment.tm_mon - 1]),
                                            time=time.strftime("%H:%M", moment))


def describe_damaged(entry: DamagedSave) -> str:
    """One line for a save that cannot be opened: its file name and why."""
    return _("Damaged: {name} ({why})").format(name=entry.name, why=tr(entry.reason))


def damaged_line(count: int) -> str:
    """The title's line about saves set aside as damaged ('' when there are none)."""
    if not count:
        return ""
    return ngettext("{n} damaged save set aside: see Saved games",
                    "{n} damaged saves set aside: see Saved games", count).format(n=count)


def continue_and_damaged() -> tuple[SaveInfo | None, int]:
    """The title's Continue (or None) and how many saves are set aside as damaged."""
    saves, damaged = list_saves(saves_dir())
    return next((s for s in saves if not s.finished), None), len(damaged)


def open_save(app: Any, path: str, watch: bool = False) -> str:
    """Continue the game saved at `path` (or watch its replay); '' on success, else one line why
    not. A save that cannot be opened is set aside and stays listed as damaged."""
    from pie_table.core.resume import load_session  # the driver and the game: not before a game opens

    if Path(path).parent == seat_replays_dir():  # what a seat saw at a table hosted elsewhere
        from pie_table.scenes.seat_replay import open_seat_replay

        return open_seat_replay(app, path)
    try:
        data = read_save(path)
        session = load_session(data)  # the whole log replays before anyone watches a move of it
        if watch and load_factory(session.info.scene_factory) is None:
            return _("This game's table could not be loaded.")
        if watch:
            from pie_table.scenes.replay import ReplayScene

            app.scenes.push(ReplayScene(app, data))
            return ""
    except SaveError as exc:
        entry = set_aside(path, exc) if Path(path).exists() else None
        if entry is None or exc.newer:
            return tr(exc.reason)
        return _("{name} cannot be opened ({why}); it was set aside and stays listed in Saved games.").format(
            name=entry.name, why=tr(exc.reason))
    if session.is_over():
        return _("That game is finished: watch its replay instead.")
    factory = load_factory(session.info.scene_factory)
    if factory is None:
        return _("This game's table could not be loaded.")
    from pie_table.core.setup import REMOTE  # not before: a launch's first frame goes without it

    if any(spec.level == REMOTE for spec in session.setup.seats):
        # Hosted again: the remote seats wait for their players, never played at this screen.
        from pie_table.scenes.net_host import HostRoomScene, host_tls

        tls, problem = host_tls()
        if problem:
            return problem
        app.scenes.push(HostRoomScene(app, session.info, session.setup, factory, lan=session.setup.lan,
                                      session=session, save_path=path, tls=tls))
        return ""
    app.scenes.push(open_table(factory, app, session.setup, session, save_path=path))
    return ""


class SavedGamesScene(MenuScene):
    """Every save, newest first: continue one in progress, or watch any as a replay."""

    # The list at its narrowest, each save's buttons under its line; stacked, the sheet is as tall
    # as its lines need (`page_need`), and a larger interface size scrolls it.
    room = (_ROOM_W, _ROOM_H)

    def on_resize(self, size: tuple[int, int]) -> None:
        # Each save's Replay and Delete beside its line while the window holds them at this scale.
        self.stacked = size[0] < _ONE_LINE_W * page_scale(size, _ROOM_W)
        super().on_resize(size)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.stacked = False  # each save's buttons under its line (on_resize)
        self.page = 0
        self.notice = ""
        self.saves: list[SaveInfo | SeatReplayInfo] = []
        self.damaged: list[DamagedSave] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.refresh()

    def refresh(self) -> None:
        """Read the saves folder again, and the seat replays' (damaged ones after the good ones)."""
        from pie_table.net.seat_replay import list_seat_replays

        saves, damaged = list_saves(saves_dir())
        seat_replays, seat_damaged = list_seat_replays(seat_replays_dir())
        self.saves = sorted([*saves, *seat_replays], key=lambda info: info.saved_at, reverse=True)
        self.damaged = [*damaged, *seat_damaged]

    def resume(self) -> None:
        self.refresh()  # a game or a replay may have saved, finished or set a save aside meanwhile
        self.page = min(self.page, self._pages() - 1)
        self.rebuild()

    def _pages(self) -> int:
        return max(1, (len(self.saves) + len(self.damaged) + _PAGE - 1) // _PAGE)

    def _row(self, item: SaveInfo | SeatReplayInfo | DamagedSave) -> tuple[Widget, Button, Button | None]:
        if isinstance(item, DamagedSave):
            label = Label(describe_damaged(item), 18, pal.DANGER, align="left")
            return label, Button(_("Remove"), partial(self._ask_remove, item), size=20), None
        from pie_table.net.seat_replay import SeatReplayInfo

        delete = Button(_("Delete"), partial(self._ask_delete, item), size=20)
        if isinstance(item, SeatReplayInfo):  # only ever watched: the game is the host's
            watch = partial(self._open, item, watch=True)
            return (Button(describe_seat_replay(item), watch, size=20),
                    Button(_("Replay"), watch, size=20), delete)
        main = Button(describe(item), partial(self._open, item, watch=item.finished), size=20)
        return main, Button(_("Replay"), partial(self._open, item, watch=True), size=20), delete

    def build(self) -> list[Widget]:
        self.heading = Label(_("Saved games"), 40, pal.WOOD_DARK, "title")
        listed: list[SaveInfo | SeatReplayInfo | DamagedSave] = [*self.saves, *self.damaged]
        self.rows: list[tuple[Widget, Button, Button | None]] = [
            self._row(item) for item in listed[self.page * _PAGE:(self.page + 1) * _PAGE]]
        self.empty = Label(_("No saved games yet: every game you play is saved as you go."), 22, pal.INK)
        self.status = Label(lambda: self.notice, 18, pal.DANGER)
        pages = self._pages()
        self.prev = Button(_("Newer"), lambda: self._turn(-1), enabled=lambda: self.page > 0, size=22)
        self.next = Button(_("Older"), lambda: self._turn(1), enabled=lambda: self.page < pages - 1, size=22)
        self.back_button = Button(_("Back"), self.back, size=24)
        widgets: list[Widget] = [self.heading]
        for main, watch, delete in self.rows:
            widgets += [main, watch, *([delete] if delete is not None else [])]
        if not self.rows:
            widgets.append(self.empty)
        return widgets + [self.status, self.prev, self.next, self.back_button]

    def _turn(self, step: int) -> None:
        self.page += step
        self.rebuild()

    def _open(self, info: SaveInfo | SeatReplayInfo, watch: bool) -> None:
        self.notice = open_save(self.app, info.path, watch)
        if self.notice:
            self.resume()  # a save that failed to open is now listed as damaged

    def _ask_remove(self, entry: DamagedSave) -> None:
        """Delete a damaged save, once the player says so."""
        question = _("Remove {name} for good?").format(name=entry.name)
        self.app.scenes.push(ConfirmScene(self.app, question, _("Remove"), _("Keep"),
                                          lambda: self._remove(entry), detail=tr(entry.reason)))

    def _ask_delete(self, info: SaveInfo | SeatReplayInfo) -> None:
        """Delete a save (or a seat's own replay) for good, once the player says so."""
        from pie_table.net.seat_replay import SeatReplayInfo

        line = describe_seat_replay(info) if isinstance(info, SeatReplayInfo) else describe(info)
        question = _("Delete this saved game for good?")
        self.app.scenes.push(ConfirmScene(self.app, question, _("Delete"), _("Keep"),
                                          lambda: self._delete(info), detail=line))

    def _delete(self, info: SaveInfo | SeatReplayInfo) -> None:
        try:
            remove_save(info.path)
        except OSError as exc:
            why = exc.strerror or type(exc).__name__
            self.notice = _("{name} could not be removed: {why}").format(name=Path(info.path).name, why=why)
        else:
            self.notice = ""
        self.resume()

    def _remove(self, entry: DamagedSave) -> None:
        try:
            remove_damaged(entry)
        except OSError as exc:
            why = exc.strerror or type(exc).__name__
            self.notice = _("{name} could not be removed: {why}").format(name=entry.name, why=why)
        else:
            self.notice = ""
        self.resume()

    def layout(self, size: tuple[int, int]) -> None:
        if self.stacked:
            self._layout_stacked(size)
            return
        w, h, s = size[0], size[1], self.scale
        self.panel = pygame.Rect(int(w * 0.08), int(h * 0.06), int(w * 0.84), int(h * 0.88))
        heading = pygame.Rect(self.panel.x, self.panel.y + int(16 * s), self.panel.w, int(56 * s))
        self.heading.place(heading, s)
        top = self.panel.y + int(88 * s)
        row_h, gap = int(52 * s), int(10 * s)
        watch_w, delete_w = int(130 * s), int(110 * s)
        inner_x, inner_w = self.panel.x + int(30 * s), self.panel.w - int(60 * s)
        for i, (main, watch, delete) in enumerate(self.rows):
            y = top + i * (row_h + gap)
            right = inner_x + inner_w
            if delete is not None:
                delete.place(pygame.Rect(right - delete_w, y, delete_w, row_h), s)
                right -= delete_w + gap
            watch.place(pygame.Rect(right - watch_w, y, watch_w, row_h), s)
            main.place(pygame.Rect(inner_x, y, right - watch_w - gap - inner_x, row_h), s)
        self.empty.place(pygame.Rect(inner_x, top, inner_w, row_h), s)
        bottom = self.panel.bottom - int(70 * s)
        self.status.place(pygame.Rect(inner_x, bottom - int(36 * s), inner_w, int(30 * s)), s)
        bw, bh = int(180 * s), int(50 * s)
        self.prev.place(pygame.Rect(inner_x, bottom, bw, bh), s)
        self.next.place(pygame.Rect(inner_x + bw + gap, bottom, bw, bh), s)
        self.back_button.place(pygame.Rect(inner_x + inner_w - bw, bottom, bw, bh), s)

    def _layout_stacked(self, size: tuple[int, int]) -> None:
        """A narrow page: each save's line the sheet's width (wrapped, at its size) with its
        Replay and Delete under it, the page buttons under the list, the sheet as tall as that."""
        w, s = size[0], self.scale
        self.panel = pygame.Rect(int(20 * s), int(20 * s), w - int(40 * s), 0)
        heading = pygame.Rect(self.panel.x, self.panel.y + int(16 * s), self.panel.w, int(56 * s))
        self.heading.place(heading, s)
        row_h, gap = int(52 * s), int(10 * s)
        watch_w, delete_w = int(180 * s), int(140 * s)  # wider than beside a line: whole words
        inner_x, inner_w = self.panel.x + int(30 * s), self.panel.w - int(60 * s)
        y = self.panel.y + int(88 * s)
        self.empty.place_lines(pygame.Rect(inner_x, y, inner_w, row_h), s)
        for main, watch, delete in self.rows:
            if isinstance(main, Button):
                main.wrap = True  # the line on more lines at its size (beside its buttons it shrinks)
            line_h = main.wrapped_height(inner_w, s, row_h) if isinstance(main, Button) else row_h
            main.place(pygame.Rect(inner_x, y, inner_w, line_h), s)
            if isinstance(main, Label):
                main.place_lines(main.rect, s)
                line_h = main.rect.h
            y += line_h + gap
            right = inner_x + inner_w
            if delete is not None:
                delete.place(pygame.Rect(right - delete_w, y, delete_w, row_h), s)
                right -= delete_w + gap
            watch.place(pygame.Rect(right - watch_w, y, watch_w, row_h), s)
            y += row_h + 2 * gap
        y = max(y, self.empty.rect.bottom + gap)
        self.status.place_lines(pygame.Rect(inner_x, y, inner_w, int(30 * s)), s)
        y = self.status.rect.bottom + gap
        bw, bh = (inner_w - gap) // 2, int(50 * s)  # Newer and Older side by side, Back under them
        self.prev.place(pygame.Rect(inner_x, y, bw, bh), s)
        self.next.place(pygame.Rect(inner_x + bw + gap, y, bw, bh), s)
        y += bh + gap
        self.back_button.place(pygame.Rect(inner_x + inner_w - bw, y, bw, bh), s)
        self.panel.h = y + bh + int(24 * s) - self.panel.y
        self.page_need = self.panel.bottom + int(20 * s)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.panel, self.scale)
