"""The title screen: the name, some drawn pastry, and Play / Quit."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit import theme
from pie_table.kit.fonts import font
from pie_table.kit.i18n import LANGUAGES, _, current_language, save_language, set_language, tr
from pie_table.kit.scene import NOW
from pie_table.kit.text import BASE_SIZE, NARROW_PAGE, blit_center, wrap_text
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import MenuScene
from pie_table.scenes.confirm import confirm_quit
from pie_table.scenes.save_trouble import is_unsaved, unsaved_line
from pie_table.scenes.saved_games import (
    SavedGamesScene,
    continue_and_damaged,
    damaged_line,
    describe,
    open_save,
)


def decorations(size: int) -> dict[str, pygame.Surface | None]:
    """The title's drawn pastry and portraits (kit.art, imported here: the window opens first)."""
    from pie_table.kit import art

    return {"pie": art.pie_icon(size * 2 // 3), "rat": art.rat_portrait(size),
            "chef": art.chef_portrait("pierre", size)}


def start_up_notices(app: Any) -> list[str]:
    """Once per run of the app: remove the leftovers of writes that were interrupted, and read the
    statistics and players' names so a damaged file is set aside now, with a line saying so."""
    if app.start_notices is None:
        from pie_table.core import stats
        from pie_table.core.userfiles import remove_leftovers
        from pie_table.paths import config_dir, data_dir, saves_dir

        for folder in (config_dir(), data_dir(), saves_dir()):
            remove_leftovers(folder)
        app.start_notices = [tr(notice) for notice in stats.check_files()]
    return list(app.start_notices)


class TitleScene(MenuScene):
    """First screen: Play leads to the game list, Quit asks, then closes the window."""

    is_home = True
    # The name and a column of buttons; the tagline and the keys' line wrap on a narrow page, and
    # a larger interface size scrolls them.
    room = (NARROW_PAGE, 720)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self._decor: dict[str, pygame.Surface | None] = {}
        self._decor_size = 0
        self._decor_wanted = 0  # the portraits' size for this window; painted when they differ
        self._title_pos = (0, 0)

    def build(self) -> list[Widget]:
        self.saved, damaged = continue_and_damaged()
        self.play = Button(_("Play"), self.open_games, size=34)
        self.continue_button = Button(self._continue_text(), self.continue_game, size=22)
        self.load_button = Button(_("Saved games"), self.open_saves, size=26)
        self.host_button = Button(_("Host a table"), self.host_table, size=24)
        self.join_button = Button(_("Join a table"), self.join_table, size=24)
        self.language_button = Button(self._language_text(), self.next_language, size=22)
        self.settings_button = Button(_("Settings"), self.open_settings, size=22)
        self.stats_button = Button(_("Statistics"), self.open_statistics, size=22)
        self.quit_button = Button(_("Quit"), self.back, size=30)
        self.notice = " · ".join(self._notices(damaged))
        self.status = Label(lambda: self.notice, 18, pal.LEMON)
        self.tagline = Label(_("a card table for pie-slinging chefs and rats"), 26, pal.CREAM, "sans")
        keys = _("Arrows or mouse to choose · Enter to pick · F11 fullscreen")
        # Where the notice has no room under the buttons it takes the keys' line (kept without one).
        self.notice_on_hint = False
        self.hint = Label(lambda: "" if self.notice and self.notice_on_hint else keys, 18, pal.PAPER)
        resume = [self.continue_button] if self.saved is not None else []
        buttons = [self.play, *resume, self.load_button, self.host_button, self.join_button,
                   self.stats_button, self.settings_button, self.language_button, self.quit_button]
        return [*buttons, self.tagline, self.hint, self.status]

    def _notices(self, damaged: int) -> list[str]:
        """Lines the title owes the player: why the last table ended by itself, files set aside at
        start, damaged saves, and a
        Continue that is older than the game it was (its last moves could not be saved)."""
        table_notice = _(self.app.table_notice) if self.app.table_notice else ""
        lines = [table_notice, self.app.language_notice or "",
                 *start_up_notices(self.app), damaged_line(damaged)]
        if self.saved is not None and is_unsaved(self.app, self.saved.path):
            lines.append(_("Continue opens that game as last saved: its later moves could not be saved."))
        else:
            lines.append(unsaved_line(self.app))
        return [line for line in lines if line]

    def _language_text(self) -> str:
        return _("Language: {name}").format(name=LANGUAGES[current_language()])

    def next_language(self) -> None:
        """English, Español, ...: every text changes at once and the choice is remembered."""
        codes = list(LANGUAGES)
        code = codes[(codes.index(current_language()) + 1) % len(codes)]
        set_language(code)
        save_language(code)
        self.app.language_notice = None
        self.rebuild()

    def _continue_text(self) -> str:
        if self.saved is None:
            return ""
        return _("Continue: {game}").format(game=describe(self.saved).rsplit(" · ", 1)[0])

    def continue_game(self) -> None:
        """Pick up the game saved most recently, where it stopped."""
        if self.saved is not None:
            failure = open_save(self.app, self.saved.path)
            if failure:
                self.rebuild()  # the save was set aside: Continue now offers the next one, if any
                self.notice = failure

    def host_table(self) -> None:
        """Pick a game and seats, some of them Remote, for friends on other machines."""
        from pie_table.scenes.game_select import GameSelectScene

        self.app.scenes.push(GameSelectScene(self.app, hosting=True))

    def join_table(self) -> None:
        """Take a seat at a table hosted on another machine."""
        from pie_table.scenes.net_join import JoinScene

        self.app.scenes.push(JoinScene(self.app))

    def open_statistics(self) -> None:
        """Every named player's record per game."""
        from pie_table.scenes.statistics import StatisticsScene

        self.app.scenes.push(StatisticsScene(self.app))

    def open_settings(self) -> None:
        """Sound, language, the reaction countdown and the bots' pace."""
        from pie_table.scenes.settings import SettingsScene

        self.app.scenes.push(SettingsScene(self.app))

    def open_saves(self) -> None:
        """The list of saved games."""
        self.app.scenes.push(SavedGamesScene(self.app))

    def resume(self) -> None:
        self.rebuild()  # a game may have been saved or finished meanwhile

    def pause(self) -> None:
        """The player leaves the title for another screen: why the last table ended has been read."""
        self.app.table_notice = ""

    def open_games(self) -> None:
        """Go to the game list."""
        from pie_table.scenes.game_select import GameSelectScene

        self.app.scenes.push(GameSelectScene(self.app))

    def back(self) -> None:
        """Esc and the Quit button ask first, alike (Enter on a focused Quit is as easy to press by
        mistake as Esc)."""
        confirm_quit(self.app)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        buttons = [b for b in self.menu.items if isinstance(b, Button)]
        # The buttons stack between the tagline and the keys' line (either may wrap on a narrow
        # page, taking room from them). Where they have no room (a Continue line, a large interface
        # size), the name moves up and the gaps close; if even that leaves no room, the whole screen
        # is drawn as large as it fits rather than cut at the bottom.
        s, compact = self.scale, False
        wide = int(min(w * 0.56, 640 * s))
        # On a page narrower than the design (a larger interface size) a long Continue line wraps
        # onto a taller button at its size; at 100% it is fitted to one line as it always was.
        self.continue_button.wrap = w < BASE_SIZE[0] * s
        wrapped = self._wrapped_height(w, s) + self._continue_extra(wide, s)
        if not self._stack_fits(h - wrapped, s, len(buttons), compact):
            compact = True
            if not self._stack_fits(h - wrapped, s, len(buttons), compact):  # a longer page, scrolled
                self.page_need = int(self._compact_height(len(buttons)) * s + wrapped) + 1
        title_y = int(95 * s) if compact else int(h * 0.24)
        self._title_pos = (w // 2, title_y)
        margin = int(20 * s)
        tagline = pygame.Rect(margin, title_y + int(78 * s), w - 2 * margin, int(36 * s))
        tall = self.tagline.place_lines(tagline, s)
        gap = int((8 if compact else 12) * s)
        hint = pygame.Rect(margin, h - int(40 * s), w - 2 * margin, int(28 * s))
        hint.y -= self.hint.place_lines(hint, s)  # a keys' line that wraps rises by its extra lines
        first, last = self._stack_span(h, s, compact)
        first, last = first + tall, last - (h - int(40 * s) - hint.y) - self._continue_extra(wide, s)
        bh = max(int(36 * s), min(int(56 * s), (last - first) // max(1, len(buttons)) - gap))
        top = first if compact else max(first, int(h * 0.60) - len(buttons) * (bh + gap) // 2)
        bw = int(300 * s)
        y = top
        for button in buttons:  # (a long Continue line wraps, at its size, onto a taller button)
            width = wide if button is self.continue_button else bw
            height = button.wrapped_height(width, s, bh)
            button.place(pygame.Rect(w // 2 - width // 2, y, width, height), s)
            y += height + gap
        status = pygame.Rect(margin, y, w - 2 * margin, int(28 * s))
        self.notice_on_hint = status.bottom > hint.top
        self.status.place_lines(hint if self.notice_on_hint else status, s)
        self.hint.place_lines(hint, s)
        # The chef holds the pie out to a third of the portrait's size: both stay left of the buttons.
        beside = w // 2 - bw // 2 - int(w * 0.16)
        self._decor_wanted = int(min(w * 0.2, h * 0.34, beside * 1.2))
        if not self._launching():
            self._paint_decor()

    def _continue_extra(self, wide: int, s: float) -> int:
        """How much taller than the least button height Continue is, its line wrapped (0: none)."""
        if self.saved is None:
            return 0
        least = int(36 * s)
        return self.continue_button.wrapped_height(wide, s, least) - least

    def _wrapped_height(self, w: int, s: float) -> int:
        """How much taller than one line each the tagline and the keys' line are drawn."""
        probe = pygame.Rect(0, 0, w - 2 * int(20 * s), int(36 * s))
        tall = self.tagline.place_lines(probe, s)
        return tall + self.hint.place_lines(probe.inflate(0, int(28 * s) - probe.h), s)

    @staticmethod
    def _stack_span(h: int, s: float, compact: bool) -> tuple[int, int]:
        """Where the buttons may go: from under the tagline to over the keys' line."""
        first = int(95 * s + 78 * s + 48 * s) if compact else int(h * 0.24 + 78 * s) + int(48 * s)
        return first, h - int(40 * s) - int(36 * s)

    @classmethod
    def _stack_fits(cls, h: int, s: float, count: int, compact: bool) -> bool:
        """`count` buttons of the smallest height fit between the tagline and the keys' line."""
        first, _last = cls._stack_span(h, s, compact)
        gap = int((8 if compact else 12) * s)
        return h - int(44 * s) - first >= count * (int(36 * s) + gap) - gap

    @staticmethod
    def _compact_height(count: int) -> float:
        """The window height, at scale 1, that the compact title with `count` buttons needs (a
        pixel of room for each row's rounding)."""
        return 95 + 78 + 48 + 44 + count * (36 + 8 + 1)

    def _launching(self) -> bool:
        """Before a window's first frame: the title shows at once and its portraits (drawn
        pastry, kit.art) follow in the next frame, so the window is not kept waiting for them."""
        return not self.app.headless and self.app.frames == 0

    def _paint_decor(self) -> None:
        if self._decor_wanted != self._decor_size:
            self._decor = decorations(self._decor_wanted)
            self._decor_size = self._decor_wanted

    def update(self, dt: float) -> None:
        if not self._launching():
            self._paint_decor()

    def next_frame(self) -> float | None:
        return NOW if self._decor_wanted != self._decor_size else super().next_frame()

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self._draw_title(surface)
        self._draw_hint_plate(surface)
        left, right = (int(w * 0.16), int(h * 0.6)), (int(w * 0.84), int(h * 0.6))
        pie, rat, chef = self._decor.get("pie"), self._decor.get("rat"), self._decor.get("chef")
        if chef is not None:
            blit_center(surface, chef, left)
        if rat is not None:
            blit_center(surface, rat, right)
        if pie is not None:
            # The chef holds the pie up in front; without a chef the pie takes the chef's place.
            spot = (left[0] + self._decor_size // 3, left[1] + self._decor_size // 3) if chef else left
            blit_center(surface, pie, spot)

    def _draw_hint_plate(self, surface: pygame.Surface) -> None:
        """With the high contrast theme the tagline and the keys' line sit on plates of dark wood:
        on the backdrop's planks they read 5.66-6.81:1, and no ink reaches 7:1 there (white 7.0
        at best). Each plate is as wide as its words."""
        if not theme.high_contrast():
            return
        pad = int(8 * self.scale)
        for label in (self.tagline, self.hint):
            text = label.current_text()
            if not text:
                continue
            fnt = font(max(12, int(label.size * self.scale)), label.face)
            lines = wrap_text(text, fnt, label.rect.w, break_words=True) if label.wrap else [text]
            widest = min(label.rect.w, max(fnt.size(line)[0] for line in lines))
            words = pygame.Rect(0, 0, widest, label.rect.h)
            words.center = label.rect.center
            pygame.draw.rect(surface, pal.WOOD_DARK, words.inflate(2 * pad, pad), border_radius=pad)

    def _draw_title(self, surface: pygame.Surface) -> None:
        size = int(112 * self.scale)
        fnt = font(size, "title")
        text = "pie_table"
        for dx, dy in ((4, 6), (3, 4)):
            shadow = fnt.render(text, True, pal.WOOD_DARK)
            blit_center(surface, shadow, (self._title_pos[0] + int(dx * self.scale),
                                          self._title_pos[1] + int(dy * self.scale)))
        blit_center(surface, fnt.render(text, True, pal.LEMON), self._title_pos)
