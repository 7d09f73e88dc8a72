"""Settings, from the title or the pause overlay: sound, language, the reaction countdown and the
bots' pace. Every change applies at once and is remembered."""

from __future__ import annotations

import pygame

from pie_table.kit import palette as pal
from pie_table.kit import settings as store
from pie_table.kit.fonts import font
from pie_table.kit.i18n import LANGUAGES, _, current_language, save_language, set_language
from pie_table.kit.rows import Cycler, Toggle, align_controls
from pie_table.kit.text import NARROW_PAGE, wrap_text
from pie_table.kit.theme import THEMES
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import OverlayScene

_PACE_NAMES = {"human": "human-like pauses", "brisk": "brisk"}
_ROW_SPLIT = 0.42  # a row's share for its caption, before its value's need
_THEME_NAMES = {"normal": "normal", "high_contrast": "high contrast, large numbers"}
_ANIMATION_NAMES = {"slow": "slow", "normal": "normal", "fast": "fast", "instant": "instant"}


class SettingsScene(OverlayScene):
    """A sheet of rows over whatever screen opened it; Esc or Back closes it."""

    # The 720x680 sheet with its margins, narrower on a narrow page (each caption then over its
    # value, the sheet as tall as that needs): a larger interface size scrolls it.
    room = (NARROW_PAGE, 720)

    def __init__(self, app: store.SettingsHost) -> None:
        super().__init__(app)
        self.app: store.SettingsHost = app

    def build(self) -> list[Widget]:
        settings = self._settings()
        self.heading = Label(_("Settings"), 44, pal.INK, "title")
        self.volume = Cycler(_("Volume"), store.VOLUMES, store.VOLUMES.index(settings.volume)
                             if settings.volume in store.VOLUMES else 8, self._set_volume,
                             fmt=lambda v: f"{v}%")
        self.mute = Toggle(_("Mute"), settings.muted, self._set_mute)
        codes = list(LANGUAGES)
        self.language = Cycler(_("Language"), codes, codes.index(current_language()), self._set_language,
                               fmt=lambda code: LANGUAGES[code])
        self.reaction = Cycler(_("Reaction countdown"), store.REACTION_SECONDS,
                               store.REACTION_SECONDS.index(settings.reaction_seconds), self._set_reaction,
                               fmt=lambda n: _("{n} s").format(n=n))
        self.pace = Cycler(_("Bot pace"), store.BOT_PACES, store.BOT_PACES.index(settings.bot_pace),
                           self._set_pace, fmt=lambda p: _(_PACE_NAMES[p]))
        self.animation = Cycler(_("Animations"), store.ANIMATIONS, store.ANIMATIONS.index(settings.animation),
                                self._set_animation, fmt=lambda a: _(_ANIMATION_NAMES[a]))
        self.reduce = Toggle(_("Reduce motion"), settings.reduce_motion, self._set_reduce)
        self.cards = Cycler(_("Card theme"), THEMES, THEMES.index(settings.card_theme), self._set_cards,
                            fmt=lambda t: _(_THEME_NAMES[t]), tall=True)
        self.size = Cycler(_("Interface size"), store.UI_SCALES,
                           store.UI_SCALES.index(settings.ui_scale), self._set_size, fmt=lambda v: f"{v}%")
        full = bool(self.app.fullscreen)
        self.fullscreen = Toggle(_("Fullscreen"), full, self._set_fullscreen)
        self.note = Label(_("The countdown sets each new game's reaction time; F11 switches fullscreen."), 16,
                          pal.INK_SOFT, "sans", wrap=True)  # two lines where one does not hold it
        self.back_button = Button(_("Back"), self.back, size=26)
        self.keys_button = Button(_("Controls…"), self.open_controls, size=22)
        rows: list[Widget] = [self.volume, self.mute, self.language, self.reaction, self.pace, self.animation,
                              self.reduce, self.cards, self.size, self.fullscreen]
        return [*rows, self.keys_button, self.back_button, self.heading, self.note]

    def open_controls(self) -> None:
        """The two keyboard players' keys."""
        from pie_table.scenes.controls import ControlsScene

        self.app.scenes.push(ControlsScene(self.app))

    def _settings(self) -> store.Settings:
        return self.app.settings

    def _changed(self) -> None:
        store.save(self._settings())
        store.apply_sound(self.app, self._settings())
        store.apply_motion(self._settings())

    def _set_volume(self, value: int) -> None:
        self._settings().volume = value
        self._changed()
        try:
            self.app.sound.play("click")  # hear the new volume at once
        except Exception:  # noqa: BLE001 - sound is decoration
            pass

    def _set_mute(self, value: bool) -> None:
        self._settings().muted = value
        self._changed()

    def _set_language(self, code: str) -> None:
        set_language(code)
        save_language(code)
        self.rebuild()  # every label of this sheet in the new language at once

    def _set_reaction(self, seconds: int) -> None:
        self._settings().reaction_seconds = seconds
        self._changed()

    def _set_pace(self, pace: str) -> None:
        self._settings().bot_pace = pace
        self._changed()

    def _set_animation(self, animation: str) -> None:
        self._settings().animation = animation
        self._changed()

    def _set_cards(self, look: str) -> None:
        self._settings().card_theme = look
        self._changed()
        # Every scene lays itself out again (the table under the sheet too), so what it keeps
        # painted (its panels, its talk) takes the theme's inks at once, not after the next move.
        self.app.scenes.on_resize(self.app.size)

    def _set_reduce(self, value: bool) -> None:
        self._settings().reduce_motion = value
        self._changed()

    def _set_size(self, percent: int) -> None:
        self._settings().ui_scale = percent
        self._changed()
        shown_at = self.size.rect.centery - self.scroll_page.top
        self.app.set_ui_scale(percent)  # every scene lays itself out again at once
        self.scroll_page.keep_in_place(self.size.rect, shown_at)

    def _set_fullscreen(self, value: bool) -> None:
        if bool(self.app.fullscreen) != value:
            self.app.toggle_fullscreen()

    @property
    def rows(self) -> tuple[Cycler | Toggle, ...]:
        """The setting rows, top to bottom."""
        return (self.volume, self.mute, self.language, self.reaction, self.pace, self.animation, self.reduce,
                self.cards, self.size, self.fullscreen)

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        over = w * 0.94 < 720 * s  # too narrow for the sheet: each caption over its value
        self.panel = pygame.Rect(0, 0, int(min(w * 0.94, 720 * s)), int(min(h * 0.96, 680 * s)))
        rows = self.rows
        rh, gap = int(40 * s), int((10 if over else 4) * s)
        inner = self.panel.inflate(-int(60 * s), 0)
        for row in rows:
            row.over = over
        heights = [rh + row.caption_band(s, inner.w) for row in rows]
        if over:  # the sheet as tall as its rows, the note's lines and the buttons need
            lines = len(wrap_text(self.note.current_text(), font(int(16 * s)), inner.w))
            self.panel.h = int(84 * s + sum(heights) + gap * len(rows) + lines * self.note.line_height(s)
                            + 16 * s + 54 * s + 20 * s)
            self.page_need = self.panel.h + int(40 * s)
        self.panel.center = (w // 2, h // 2)
        heading = pygame.Rect(self.panel.x, self.panel.y + int(20 * s), self.panel.w, int(56 * s))
        self.heading.place(heading, s)
        top = self.panel.y + int(84 * s)
        inner = self.panel.inflate(-int(60 * s), 0)
        for _pass in range(2):  # then again with a row as tall as its long value wrapped needs
            y = top
            for row, height in zip(rows, heights, strict=True):
                row.split = _ROW_SPLIT  # laid out afresh at every size
                row.place(pygame.Rect(inner.x, y, inner.w, height), s)
                y += height + gap
            align_controls(rows)  # the values in one column, the captions at one size
            heights = [max(rh, row.value_height()) + row.caption_band() if isinstance(row, Cycler)
                       else rh + row.caption_band() for row in rows]
        note_y = y
        self.note.place(pygame.Rect(inner.x, note_y, inner.w, max(int(48 * s), self.panel.bottom - note_y
                                                                  - int(74 * s))), s)
        bw, bh = int(220 * s), int(54 * s)
        y = self.panel.bottom - bh - int(20 * s)
        self.keys_button.place(pygame.Rect(self.panel.centerx - bw - int(8 * s), y, bw, bh), s)
        self.back_button.place(pygame.Rect(self.panel.centerx + int(8 * s), y, bw, bh), s)
