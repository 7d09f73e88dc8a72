"""End of a game: the outcome, then Play again (same seats, new shuffle) or Back to menu."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import pygame

from pie_table.core.registry import get_game
from pie_table.core.setup import GameSetup
from pie_table.kit import palette as pal
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import _
from pie_table.kit.text import NARROW_PAGE, fit_text, wrap_text
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import OverlayScene, load_factory, open_table, unwind_to_menu
from pie_table.scenes.save_trouble import FinishedWrites

# The results are shown at least this long, and then until nobody has pressed anything for
# _QUIET_S, before any input counts: until then it was meant for the game (hurrying bots along).
_MIN_S = 2.5
# Longer than the beat of a player pressing Enter through bots' moves and their own turns without
# looking: seen at 1.5 s, and at 2.2 s straight through a RATS game's last turn into the next one.
_QUIET_S = 2.5
# Keys that press the focused button: they act on their release, and only when pressed after the
# buttons armed, so a key held down (or repeating) from the game never starts a new one.
_CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# How often a save or statistics write that failed is tried again while the results are shown.
_RETRY_S = 5.0
# What the player may have been pressing or clicking in the game a moment ago.
_SWALLOWED = (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.CONTROLLERBUTTONDOWN, pygame.JOYBUTTONDOWN,
              pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class ResultsScene(OverlayScene):
    """Shown over the finished table (push it); `lines` are the score lines to list.

    For a minimum time, and then until nobody has pressed anything for a moment, the buttons are
    greyed and every key, pad button and click is swallowed (each one starts the moment again),
    so a player still pressing keys from the game (or its ceremony) can never start a new game or
    leave by accident; then Play again takes the focus, so Enter does what the screen shows. Enter
    and Space act when released, and only when pressed after that.
    """

    def __init__(self, app: Any, setup: GameSetup, title: str, lines: list[str],
                 replay_path: str | None = None, again: bool = True,
                 writes: FinishedWrites | None = None) -> None:
        """`replay_path`: the finished game's save (at a remote seat, the seat's own replay), offered
        as *Watch the replay*; `again` False: no *Play again* (a table played with other machines:
        it would deal a game on this screen alone); `writes`: the game's save and statistics, said
        and tried again here while they cannot be written."""
        super().__init__(app)
        self.again = again
        self.setup, self.title, self.lines = setup, title, list(lines)
        self.replay_path = replay_path
        self.writes = writes
        self.notice = ""
        self.shown_s = 0.0
        self.last_press_s = float("-inf")  # when input was last swallowed (shown_s then)
        self.held: set[int] = set()  # keys down now (their auto-repeats are not new presses)
        self.confirming: set[int] = set()  # Enter or Space pressed since the buttons armed
        self.retry_in = _RETRY_S
        self.rows: list[tuple[str, str]] = []  # the lines as laid out (see _rows)

    @property
    def room(self) -> tuple[int, int]:  # type: ignore[override]
        """The sheet with every score line at its full spacing, and its margins, at scale 1: a larger
        interface size (or a long list) scrolls it rather than squeezing the lines."""
        extra = 44 if self.trouble() else 0
        return NARROW_PAGE, 380 + 34 * max(1, len(self._rows(self.app.screen.get_width()))) + extra

    def _rows(self, window_w: int) -> list[tuple[str, str]]:
        """The score lines as drawn at this scale on a window `window_w` wide, each (text, face): a
        line wider than the sheet wraps onto the next at the same size rather than shrinking."""
        size, width = self._text_size(), self._panel_w(window_w) - int(60 * self.scale)
        rows = []
        for line, face in self._faced():
            rows += [(part, face) for part in wrap_text(line, font(size, face), width)]
        return rows

    def _faced(self) -> list[tuple[str, str]]:
        """Each score line and its face: the first, the headline score, in bold."""
        return [(line, "bold" if i == 0 else "sans") for i, line in enumerate(self.lines)]

    def _panel_w(self, window_w: int) -> int:
        """The sheet's width: the design's, widened into the window as far as its widest score
        line needs (a line wider still wraps)."""
        size, margin = self._text_size(), int(60 * self.scale)
        widest = max((font(size, face).size(line)[0] for line, face in self._faced()), default=0)
        return int(min(window_w - 40 * self.scale, max(720 * self.scale, widest + margin)))

    def _text_size(self) -> int:
        """The score lines' size: the type scale's, never below the floor."""
        return max(min_readable(), int(24 * self.scale))

    def trouble(self) -> str:
        """What of the finished game is not written yet ('' when all is)."""
        return self.writes.line() if self.writes is not None else ""

    def can_watch(self) -> bool:
        """The replay can be opened: the buttons are armed and the save is on disk."""
        return self.armed() and (self.writes is None or self.writes.saved)

    def armed(self) -> bool:
        """Whether the buttons take input yet."""
        return self.shown_s >= _MIN_S and self.shown_s - self.last_press_s >= _QUIET_S

    def _arms_in(self) -> float:
        return max(_MIN_S - self.shown_s, _QUIET_S - (self.shown_s - self.last_press_s), 0.0)

    def update(self, dt: float) -> None:
        was_armed = self.armed()
        self.shown_s += dt
        if self.writes is not None and self.trouble():
            self.retry_in -= dt
            if self.retry_in <= 0:
                self.retry_in = _RETRY_S
                self.writes.retry()
        if self.armed() and not was_armed:
            self.menu.set_focus(self.again_button if self.again else self.menu_button)
            self._reveal_focus()  # a long sheet scrolls to the buttons as they light up

    def next_frame(self) -> float | None:
        """Still until the buttons arm (they light up then), then until input or the next try of a
        write that failed."""
        if not self.armed():
            return self._arms_in()
        if self.trouble():
            return max(0.0, self.retry_in)
        return super().next_frame()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.WINDOWFOCUSLOST:
            self.held.clear()  # their releases go to another window
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            if event.key in self.confirming:
                self.confirming.discard(event.key)
                self.menu.handle_event(event, "accept")
            return
        repeat = event.type == pygame.KEYDOWN and event.key in self.held
        if event.type == pygame.KEYDOWN:
            self.held.add(event.key)
        if event.type in _SWALLOWED and not self.armed():
            self.last_press_s = self.shown_s
            if event.type == pygame.KEYDOWN:
                self.scroll_page.handle_event(event)  # Page Up / Down read on; they press nothing
            return
        if repeat:
            return
        if event.type == pygame.KEYDOWN and event.key in _CONFIRM_KEYS:
            self.confirming.add(event.key)  # acts on its release
            return
        super().handle_event(event)

    def build(self) -> list[Widget]:
        self.heading = Label(self.title, 46, pal.INK, "title")
        self.again_button = Button(_("Play again"), self.play_again, size=28, enabled=self.armed)
        self.menu_button = Button(_("Back to menu"), self.back, size=28, enabled=self.armed)
        self.replay_button = Button(_("Watch the replay"), self.watch, size=24, enabled=self.can_watch)
        self.notice_label = Label(lambda: self.notice or self.trouble(), 18, pal.DANGER, "bold", wrap=True)
        replay = [self.replay_button] if self.replay_path is not None else []
        again = [self.again_button] if self.again else []
        return [*again, self.menu_button, *replay, self.heading, self.notice_label]

    def watch(self) -> None:
        """Open the finished game's replay over the results (Esc there comes back here)."""
        from pie_table.scenes.saved_games import open_save

        if self.replay_path is not None:
            self.notice = open_save(self.app, self.replay_path, watch=True)

    def next_setup(self) -> GameSetup:
        """The same seats and options with a fresh seed."""
        seed = int(time.time() * 1000) % (2**31)
        if seed == self.setup.seed:
            seed = (seed + 1) % (2**31)
        return dataclasses.replace(self.setup, seats=list(self.setup.seats), seed=seed)

    def play_again(self) -> None:
        """Replace the finished table (and this overlay) by a new table with the same setup. A game
        played across machines is set up again from its menu (the host's seats, a new room and
        code; the title at a remote seat): a table of its own here would leave its Remote seats empty."""
        from pie_table.scenes.seats import REMOTE

        if any(spec.level == REMOTE for spec in self.setup.seats):
            unwind_to_menu(self.app)
            return
        try:
            factory = load_factory(get_game(self.setup.game_id).scene_factory)
        except KeyError:
            factory = None
        if factory is None:
            self.notice = _("This game's table could not be loaded.")
            return
        new_setup = self.next_setup()
        self.app.scenes.pop_until(lambda scene: scene.is_menu)
        self.app.scenes.push(open_table(factory, self.app, new_setup))

    def back(self) -> None:
        unwind_to_menu(self.app)

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        self.rows = self._rows(w)
        count = max(1, len(self.rows))
        # Long score lists squeeze their line spacing rather than pushing the buttons off the sheet
        # (never closer than the lines' own height: the sheet scrolls instead).
        least = max(int(18 * s), font(self._text_size()).get_linesize())
        line_h = max(least, min(int(34 * s), (h - int(360 * s)) // count))
        body = count * line_h
        extra = int(44 * s) if self.trouble() else 0  # two lines for what could not be written
        panel_h = min(h - int(20 * s), int(320 * s) + body + extra)
        self.panel = pygame.Rect(0, 0, self._panel_w(w), panel_h)
        self.panel.center = (w // 2, h // 2)
        # A sheet taller than the window carries its scroll bar at its right edge, where it is read
        # (the window's edge may lie far off): its words keep clear of it.
        self.scroll_page.dock = self.panel
        bar = int(30 * s) if self.scroll_page.scrolls else 0
        self.heading.place(pygame.Rect(self.panel.x + 20 + bar, self.panel.y + int(24 * s),
                                       self.panel.w - 40 - 2 * bar, int(64 * s)), s)
        self.body_top = self.panel.y + int(100 * s)
        self.line_h = line_h
        bw, bh, gap = int(240 * s), int(56 * s), int(24 * s)
        if w < 760 * s:  # a narrow page: the buttons as wide as half the sheet, their words whole
            bw = (self.panel.w - gap) // 2 - int(30 * s)
        y = self.panel.bottom - bh - int(32 * s)
        self.again_button.place(pygame.Rect(self.panel.centerx - bw - gap // 2, y, bw, bh), s)
        menu_x = self.panel.centerx + gap // 2 if self.again else self.panel.centerx - bw // 2
        self.menu_button.place(pygame.Rect(menu_x, y, bw, bh), s)
        ry = y - bh - int(14 * s)
        self.replay_button.place(pygame.Rect(self.panel.centerx - bw // 2, ry, bw, bh), s)
        note_h = int(26 * s) + extra
        self.notice_label.place(pygame.Rect(self.panel.x + int(20 * s) + bar, ry - int(4 * s) - note_h,
                                            self.panel.w - int(40 * s) - 2 * bar, note_h), s)

    def draw_content(self, surface: pygame.Surface) -> None:
        size = self._text_size()
        for i, (line, face) in enumerate(self.rows):
            image = fit_text(line, size, self.panel.w - int(60 * self.scale), pal.INK, face)
            surface.blit(image, image.get_rect(midtop=(self.panel.centerx, self.body_top + i * self.line_h)))
        if not self.lines:
            image = font(size).render(_("No scores to show."), True, pal.soft_ink())
            surface.blit(image, image.get_rect(midtop=(self.panel.centerx, self.body_top)))
