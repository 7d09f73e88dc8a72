"""When a table's autosave fails: say so where the player looks, and never let the game go unsaved
without asking.

While the saves folder cannot be written (read-only, full disk) the table carries a lasting marker
(`draw_marker`), the pause menu says why and offers to save a copy elsewhere, and leaving the table
asks first (`leave_table`): save elsewhere, quit without saving, or go back. The autosave tries
again at every move, and the marker goes as soon as a write succeeds. A game left unsaved is
remembered for the rest of the session, so the title says its Continue is an older position.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from pie_table.core import stats
from pie_table.core.messages import Msg
from pie_table.core.saves import Autosaver
from pie_table.kit import palette as pal
from pie_table.kit.i18n import _, tr
from pie_table.kit.scene import Scene
from pie_table.kit.text import NARROW_PAGE, fit_text, ui_scale
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import OverlayScene, unwind_to_menu

_RESCUE_FOLDER = "pie_table saves"


def failing_autosave(scene: Scene | None) -> Autosaver | None:
    """The autosaver of a table whose game is not on disk now, or None (a seat played from
    another machine keeps nothing here that could fail)."""
    autosave = scene.autosave if scene is not None else None
    return autosave if isinstance(autosave, Autosaver) and autosave.failing else None


def failure_line(autosave: Any) -> str:
    """One line saying the game is not saved, and why."""
    return _("This game is not being saved: {why}.").format(why=tr(autosave.failure))


def draw_marker(surface: pygame.Surface, autosave: Any) -> None:
    """The table's lasting marker while its autosave fails (drawn last, over the table, until a
    save succeeds): a red frame round the table and a short red tab at its top edge. Short, so it
    hides little of the top bar; the pause menu says why."""
    if not autosave.failing:
        return
    s = ui_scale(surface.get_size())
    pygame.draw.rect(surface, pal.DANGER, surface.get_rect(), max(2, int(3 * s)))
    image = fit_text(_("Not saved · Esc"), max(12, int(15 * s)), surface.get_width() // 3, pal.CREAM, "bold")
    box = image.get_rect(midtop=(surface.get_width() // 2, 0)).inflate(int(20 * s), int(6 * s))
    box.top = 0
    corners = {"border_bottom_left_radius": int(8 * s), "border_bottom_right_radius": int(8 * s)}
    pygame.draw.rect(surface, pal.DANGER, box, **corners)
    surface.blit(image, image.get_rect(center=box.center))


def rescue_folders() -> list[Path]:
    """Where a copy goes when the saves folder cannot be written: the player's home, else the
    system's temporary folder."""
    return [Path.home() / _RESCUE_FOLDER, Path(tempfile.gettempdir()) / _RESCUE_FOLDER]


def save_elsewhere(autosave: Any) -> tuple[str, str]:
    """Write the game to the first rescue folder that takes it: (the copy's path, or '' if none
    would; one line for the player)."""
    for folder in rescue_folders():
        try:
            path = autosave.save_copy(folder)
        except OSError:
            continue
        return str(path), _("Saved a copy as {path}").format(path=str(path))
    return "", _("No folder would take a copy either: this game cannot be saved.")


def mark_unsaved(app: Any, path: str | Path, copy: str = "") -> None:
    """Remember, until the app closes, that the save at `path` is older than the game it held
    (and where a copy of that game went, if one was saved elsewhere)."""
    app.unsaved_saves[str(path)] = copy


def is_unsaved(app: Any, path: str | Path) -> bool:
    """The save at `path` was left behind by a game whose last moves could not be written."""
    return str(path) in app.unsaved_saves


def unsaved_line(app: Any) -> str:
    """The title's line about a game left unsaved this session whose save is not its Continue
    ('' when there is none): where its copy went, or that it is lost."""
    unsaved = app.unsaved_saves
    if not unsaved:
        return ""
    copy = next((c for c in reversed(list(unsaved.values())) if c), "")
    if copy:
        return _("A game you left is saved only as a copy: {path}").format(path=copy)
    return _("A game you left could not be saved.")


def leave_table(app: Any, table: Any) -> None:
    """Quit to the menu, asking first when the table's game is not on disk."""
    if not ask_before_leaving(app, table, lambda: unwind_to_menu(app)):
        unwind_to_menu(app)


def ask_before_closing(app: Any, table: Any) -> bool:
    """The window's close button at a table: True (and the question asked) when its game is not
    on disk, so closing would lose it; the app then closes only on the player's answer."""
    return ask_before_leaving(app, table, app.quit)


def ask_before_leaving(app: Any, table: Any, leave: Callable[[], None]) -> bool:
    """Ask before `leave` when the table's game is not on disk (after one more try to save it):
    True if the question was pushed. A copy saved elsewhere that still holds the game (the pause
    menu's) needs no question: the title then says where it went."""
    autosave = failing_autosave(table)
    if autosave is not None and autosave.copied is not None:
        mark_unsaved(app, autosave.path, str(autosave.copied))
        return False
    if autosave is None or autosave.save():
        return False
    app.scenes.push(UnsavedQuitScene(app, autosave, leave))
    return True


class FinishedWrites:
    """A finished game's last save and its statistics, tried again (`retry`) until both are on
    disk: the results screen says what is not written for as long as it is not."""

    def __init__(self, autosave: Any, count: Callable[[], object]) -> None:
        """`autosave`: the table's; `count`: counts the game in the statistics (OSError if they
        cannot be written), called after the save, whose name is the game's key there."""
        self.autosave, self.count = autosave, count
        self.counted = False
        self.stats_failure: Msg | None = None
        self.retry()

    @property
    def saved(self) -> bool:
        """The finished game is on disk (its replay can be opened)."""
        return not self.autosave.failing

    def retry(self) -> str:
        """Write again what is not written yet; the line saying what still is not ('' when all is)."""
        if self.autosave.failing:
            self.autosave.save()
        if not self.counted:
            try:
                self.count()
            except OSError as exc:
                self.stats_failure = stats.write_failure(exc)
            else:
                self.counted, self.stats_failure = True, None
        return self.line()

    def line(self) -> str:
        """What is not written, and why ('' when everything is)."""
        parts = []
        if self.autosave.failing:
            parts.append(_("This game is not saved: {why}.").format(why=tr(self.autosave.failure)))
        if self.stats_failure is not None:
            parts.append(_("The statistics are not updated: {why}.").format(why=tr(self.stats_failure)))
        return " ".join(parts)


class UnsavedQuitScene(OverlayScene):
    """Asked before leaving a table whose game could not be saved: go back (the first focus, so a
    key pressed once too often loses nothing), save a copy elsewhere and quit, or quit anyway."""

    room = (NARROW_PAGE, 460)  # the 620x420 sheet and its margins: a larger interface size scrolls it

    def __init__(self, app: Any, saver: Autosaver, leave: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.saver = saver  # the table's, which failed (this screen keeps no game of its own)
        self.leave = leave or (lambda: unwind_to_menu(app))  # to the menu, or closing the app
        self.notice = ""
        self.copy = ""  # where a copy of the game was saved, if it was

    def build(self) -> list[Widget]:
        self.heading = Label(_("This game is not saved"), 34, pal.INK, "title")
        # Cherry, not DANGER: this is small print on paper, and must read at 4.5:1 there.
        self.detail = Label(lambda: self.notice or failure_line(self.saver), 20, pal.CHERRY, wrap=True)
        self.back_button = Button(_("Back to the game"), self.back, size=24)
        self.rescue_button = Button(_("Save a copy elsewhere and quit"), self.rescue, size=24)
        self.quit_button = Button(_("Quit without saving"), self.quit_unsaved, size=24)
        return [self.back_button, self.rescue_button, self.quit_button, self.heading, self.detail]

    def rescue(self) -> None:
        """Save a copy outside the saves folder; quit only once it is written."""
        self.copy, self.notice = save_elsewhere(self.saver)
        if self.copy:
            self.quit_unsaved()

    def quit_unsaved(self) -> None:
        """Leave; the title will say that this game's save is an older position."""
        mark_unsaved(self.app, self.saver.path, self.copy)
        self.leave()

    def on_close_request(self) -> bool:
        return True  # the question is already asked: a second press of the close button waits for it

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        self.panel = pygame.Rect(0, 0, int(min(w - 40, 620 * s)), int(420 * s))
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-int(60 * s), 0)
        self.heading.place(pygame.Rect(inner.x, self.panel.y + int(24 * s), inner.w, int(56 * s)), s)
        self.detail.place(pygame.Rect(inner.x, self.panel.y + int(88 * s), inner.w, int(80 * s)), s)
        bh, gap = int(52 * s), int(14 * s)
        top = self.panel.bottom - 3 * (bh + gap) - int(20 * s)
        for i, button in enumerate((self.back_button, self.rescue_button, self.quit_button)):
            button.place(pygame.Rect(inner.x, top + i * (bh + gap), inner.w, bh), s)
