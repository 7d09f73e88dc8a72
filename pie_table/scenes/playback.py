"""What every replay viewer shares: the table above, the bar below (its buttons, the progress bar
and its caption), the keys, the speed and the play/pause clock. A viewer says how to step, go
back, jump and start again, and what the caption counts (`scenes/replay.py` for a saved game,
`scenes/seat_replay.py` for what one seat was sent at a table hosted elsewhere).

Keys: Space play/pause · → / ← one move · ↑ / ↓ speed · Home / End first / last move ·
1-9 jump to 10%-90% · Tab whose view (where there is a choice) · Esc back.
Mouse: the buttons and the progress bar.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.fonts import font
from pie_table.kit.i18n import _
from pie_table.kit.scene import Scene
from pie_table.kit.text import fit_text, ui_scale

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
TURN_BEAT = 1.1  # seconds between moves of a turn-based game at speed 1
_BAR_H = 64  # one row: the buttons, the progress bar between them (at scale 1)
_ROW_H = 44  # the second row of a narrow bar: the progress bar and its caption under the buttons
_TOGGLE = 2  # where Play / Pause stands among the buttons (`_left_buttons`)
_BUTTON_W = 92  # a button's width when there is room (narrower ones fit their label)
_TRACK_MIN = 300  # the progress bar is given at least this much room, or goes to a row of its own
_CAPTION = 16  # the caption's text size
_LABEL = 18  # a button's text size
_NOTICE_SECONDS = 4.0
# The bar follows the interface size as far as this room (pixels at scale 1) is left, twice as
# large at 200% on a 1280x720 window, while its buttons still stand on one row across the window
# and the whole bar takes at most _MOST_OF_HEIGHT of it: the table above keeps the rest.
_BAR_ROOM = (640, 360)
_MOST_OF_HEIGHT = 0.25
# Around the text (pixels at the window's scale, which the interface size does not grow): a
# button's row is its label's line and this much, the second row the caption's line and this much.
_ROW_ROOM = 34
_CAPTION_ROOM = 25


class WatchedTable(Protocol):
    """What a replay asks of the game's table it shows, turn-based or real-time; each table says
    it is one by naming this class among its bases (the type checker holds it to every member)."""

    watch_seat: int | None  # whose eyes the table shows (None: a spectator's)

    @property
    def busy(self) -> bool:
        """True while an animation of the last move still plays (the replay waits for it)."""

    def enter(self) -> None: ...

    def on_resize(self, size: tuple[int, int]) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def snap(self) -> None:
        """End every animation on the game as it stands (a table built at a later move)."""

    def seat_name(self, seat: int) -> str:
        """The seat as this table names it (the player's name where the game had one)."""

    def replay_apply(self, seat: int | None, action: dict[str, Any]) -> bool:
        """Play one logged entry of the replay; True if it applied."""


class PlaybackScene(Scene):
    """A table watched through a replay bar. Subclasses set `table` and give the stepping."""

    choose_view = False  # a Tab button and key to change whose view the table shows
    table: WatchedTable

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.notice = ""  # a line over the bar, shown for a few seconds
        self.notice_age = 0.0
        self.speed_index = SPEEDS.index(1.0)
        self.playing = False
        self.clock = 0.0
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.track = pygame.Rect(0, 0, 0, 0)

    # --- what a viewer gives ---------------------------------------------------------------------

    def step_forward(self) -> bool:
        """One move on; False at the end."""
        raise NotImplementedError

    def step_back(self) -> None:
        """Back to the move before this one."""
        raise NotImplementedError

    def jump(self, fraction: float) -> None:
        """To the move nearest `fraction` of the way through the game."""
        raise NotImplementedError

    def at_end(self) -> bool:
        raise NotImplementedError

    def restart(self) -> None:
        """Back to the very beginning (playing from the end starts again)."""
        self.jump(0.0)

    def progress(self) -> tuple[int, int]:
        """(moves shown, moves in all), for the progress bar and its caption."""
        raise NotImplementedError

    def who(self) -> str:
        """Whose view the table shows, for the caption."""
        raise NotImplementedError

    def who_choices(self) -> list[str]:
        """Every `who` the caption may show (the bar leaves room for the longest)."""
        return [self.who()]

    def next_viewer(self) -> None:
        """Tab: the next point of view (where there is a choice)."""

    def _play(self, dt: float) -> None:
        """Playing: a move every beat, at `speed`."""
        if self.table.busy:
            return
        self.clock += dt * self.speed
        if self.clock >= TURN_BEAT:
            self.clock = 0.0
            self.step_forward()
        if self.at_end():
            self.playing = False

    # --- shared ----------------------------------------------------------------------------------

    def _table_size(self) -> tuple[int, int]:
        w, h = self.app.screen.get_size()
        return w, max(200, h - self._bar_height((w, h)))

    def bar_scale(self, size: tuple[int, int]) -> float:
        """How large the bar is drawn on a window of `size`: as the window's screens, and larger
        with the interface size as far as _BAR_ROOM is left, while its buttons fit on one row and
        the bar in _MOST_OF_HEIGHT of the window. Never smaller at a larger interface size: the
        limits do not depend on it."""
        base = ui_scale(size)
        grown = ui_scale(size, _BAR_ROOM)
        if grown <= base:
            return base
        across = size[0] / max(1, self._row_width(1.0))  # the buttons' row at scale 1, and its gaps
        lines = 1.2 * (_LABEL + _CAPTION)  # both rows' text at scale 1, line spacing included
        tall = (_MOST_OF_HEIGHT * size[1] - (_ROW_ROOM + _CAPTION_ROOM) * base) / lines
        return max(base, min(grown, across * 0.97, tall))  # (text is not quite linear in its size)

    def _rows(self, size: tuple[int, int]) -> tuple[int, int]:
        """The heights of the buttons' row and of the progress bar's own (0 when it shares the
        buttons' row). The room around the text keeps the window's scale: a larger interface size
        takes only the height its text needs from the table above."""
        base, s = ui_scale(size), self.bar_scale(size)
        first = max(int(_BAR_H * base), font(int(_LABEL * s), "bold").get_linesize() + int(_ROW_ROOM * base))
        if not self._two_rows(size):
            return first, 0
        caption = font(max(14, int(_CAPTION * s)), "bold").get_linesize()
        return first, max(int(_ROW_H * base), caption + int(_CAPTION_ROOM * base))

    def _bar_height(self, size: tuple[int, int]) -> int:
        return sum(self._rows(size))

    def _needs(self, s: float) -> list[int]:
        """Each button's width at scale `s` that holds its label whole."""
        labels = [label for label, _action in [*self._left_buttons(), *self._right_buttons()]]
        face = font(int(_LABEL * s), "bold")
        needs = [face.size(label)[0] + int(16 * s) for label in labels]
        # Play and Pause share a button: it is as wide as the wider, so the bar (one row or two)
        # and the table above it keep their size whether the replay plays, pauses or ends.
        needs[_TOGGLE] = max(face.size(label)[0] for label in (_("Play"), _("Pause"))) + int(16 * s)
        return needs

    def _row_width(self, s: float) -> int:
        """The buttons at their labels' widths and the gaps between them, at scale `s`."""
        needs = self._needs(s)
        return sum(needs) + int(8 * s) * (len(needs) + 3)

    def _button_widths(self, size: tuple[int, int]) -> list[int]:
        """Each button's width: the usual one when all fit beside the progress bar, else each its
        label's (a longer translation is not cut)."""
        s = self.bar_scale(size)
        needs = self._needs(s)
        usual = [max(need, int(_BUTTON_W * s)) for need in needs]
        if sum(usual) + self._gaps(size, len(needs)) + self._track_room(size) <= size[0]:
            return usual
        return needs

    def _gaps(self, size: tuple[int, int], buttons: int) -> int:
        return int(8 * self.bar_scale(size)) * (buttons + 3)

    def _caption(self, done: int, total: int, speed: float, who: str) -> str:
        return _("Replay · move {done} of {total} · speed ×{speed:g} · {who}").format(
            done=done, total=total, speed=speed, who=who)

    def _track_room(self, size: tuple[int, int]) -> int:
        """What the progress bar needs: room for its caption at its longest (the last move, the
        slowest speed, the longest point of view), so the layout never changes while it plays."""
        s = self.bar_scale(size)
        total = self.progress()[1]
        face = font(max(14, int(_CAPTION * s)), "bold")
        captions = [self._caption(total, total, min(SPEEDS), who) for who in self.who_choices()]
        longest = max(face.size(caption)[0] for caption in captions)
        return max(int(_TRACK_MIN * s), longest)

    def _two_rows(self, size: tuple[int, int]) -> bool:
        """Too narrow for the buttons and the progress bar with its caption on one row."""
        widths = self._button_widths(size)
        return sum(widths) + self._gaps(size, len(widths)) + self._track_room(size) > size[0]

    @property
    def speed(self) -> float:
        """Playback speed (1 = as fast as the game was played)."""
        return SPEEDS[self.speed_index]

    def toggle_play(self) -> None:
        """Play / pause; playing from the end starts again from the beginning."""
        if not self.playing and self.at_end():
            self.restart()
        self.playing = not self.playing
        self.clock = 0.0

    def change_speed(self, step: int) -> None:
        """Faster / slower playback."""
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))

    def seat_name(self, seat: int) -> str:
        """The seat as the table beneath names it (the player's name where the game had one)."""
        return self.table.seat_name(seat)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.table.on_resize(self._table_size())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)

    def _key(self, key: int) -> None:
        actions = {
            pygame.K_ESCAPE: lambda: self.app.scenes.pop(),
            pygame.K_SPACE: self.toggle_play,
            pygame.K_RIGHT: self.step_forward,
            pygame.K_LEFT: self.step_back,
            pygame.K_UP: lambda: self.change_speed(1),
            pygame.K_DOWN: lambda: self.change_speed(-1),
            pygame.K_HOME: lambda: self.jump(0.0),
            pygame.K_END: lambda: self.jump(1.0),
            pygame.K_TAB: self.next_viewer,
        }
        if pygame.K_1 <= key <= pygame.K_9:
            self.jump((key - pygame.K_0) / 10)
        elif key in actions:
            actions[key]()

    def _click(self, pos: tuple[int, int]) -> None:
        if self.track.collidepoint(pos) and self.track.w > 0:
            self.jump((pos[0] - self.track.x) / self.track.w)
            return
        for rect, action in self._buttons():
            if rect.collidepoint(pos):
                action()
                return

    def update(self, dt: float) -> None:
        self.notice_age += dt
        if self.notice_age > _NOTICE_SECONDS:
            self.notice = ""
        if self.playing:
            self._play(dt)
        self.table.update(dt)

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.bar_scale((w, h))
        table_h = self._table_size()[1]
        table_area = surface.subsurface(pygame.Rect(0, 0, w, table_h))
        self.table.draw(table_area)
        self.bar = pygame.Rect(0, table_h, w, h - table_h)
        pygame.draw.rect(surface, pal.WOOD_DARK, self.bar)
        pygame.draw.line(surface, pal.GOLD, self.bar.topleft, self.bar.topright, max(1, int(2 * s)))
        for rect, label, _action in self._button_specs():
            pygame.draw.rect(surface, pal.PAPER, rect, border_radius=max(3, int(8 * s)))
            image = fit_text(label, int(_LABEL * s), rect.w - 8, pal.INK, "bold")
            surface.blit(image, image.get_rect(center=rect.center))
        self._draw_track(surface, s)
        if self.notice:
            text = fit_text(_(self.notice), int(17 * s), w - int(40 * s), pal.CREAM, "bold")
            box = text.get_rect(midbottom=(w // 2, table_h - int(8 * s))).inflate(int(20 * s), int(10 * s))
            pygame.draw.rect(surface, pal.WOOD_DARK, box, border_radius=box.h // 2)
            pygame.draw.rect(surface, pal.GOLD, box, width=max(1, int(2 * s)), border_radius=box.h // 2)
            surface.blit(text, text.get_rect(center=box.center))

    def _draw_track(self, surface: pygame.Surface, s: float) -> None:
        pygame.draw.rect(surface, pal.soft_ink(), self.track, border_radius=max(2, self.track.h // 2))
        done, total = self.progress()
        filled = self.track.copy()
        filled.w = int(self.track.w * done / max(1, total))
        pygame.draw.rect(surface, pal.GOLD, filled, border_radius=max(2, self.track.h // 2))
        caption = self._caption(done, total, self.speed, self.who())
        image = fit_text(caption, max(14, int(_CAPTION * s)), self.track.w, pal.CREAM, "bold")
        above = int(3 * ui_scale(surface.get_size()))
        surface.blit(image, image.get_rect(midbottom=(self.track.centerx, self.track.y - above)))

    def _left_buttons(self) -> list[tuple[str, Any]]:
        return [
            (_("Start"), lambda: self.jump(0.0)),
            (_("◀ Back"), self.step_back),
            (_("Pause") if self.playing else _("Play"), self.toggle_play),
            (_("Step ▶"), self.step_forward),
        ]

    def _right_buttons(self) -> list[tuple[str, Any]]:
        return [
            (_("Slower"), lambda: self.change_speed(-1)),
            (_("Faster"), lambda: self.change_speed(1)),
            *([(_("View: Tab"), self.next_viewer)] if self.choose_view else []),
            (_("Close"), lambda: self.app.scenes.pop()),
        ]

    def _button_specs(self) -> list[tuple[pygame.Rect, str, Any]]:
        """The buttons (left: the stepping, right: speed, view, close) and the progress bar: on one
        row, or, in a narrow window, the buttons spread over the first and the bar on a second."""
        size = self.app.screen.get_size()
        s, base = self.bar_scale(size), ui_scale(size)
        first, second = self._rows(size)
        pad, bh = int(8 * s), first - int(20 * base)
        y = self.bar.y + int(10 * base)
        left, right = self._left_buttons(), self._right_buttons()
        widths = self._button_widths(size)
        two_rows = self._two_rows(size)
        specs = []
        x = pad
        for (label, action), w in zip(left, widths, strict=False):
            specs.append((pygame.Rect(x, y, w, bh), label, action))
            x += w + pad
        left_end = x
        x = self.bar.right - pad
        for (label, action), w in zip(reversed(right), reversed(widths[len(left):]), strict=False):
            x -= w
            specs.append((pygame.Rect(x, y, w, bh), label, action))
            x -= pad
        right_start = x + pad
        if two_rows:
            row = self.bar.y + first
            self.track = pygame.Rect(pad * 2, row + second - int(22 * base), self.bar.w - pad * 4,
                                     int(10 * base))
        else:
            track_w = max(0, right_start - left_end - 2 * pad)
            self.track = pygame.Rect(left_end + pad, y + bh - int(12 * base), track_w, int(10 * base))
        return specs

    def _buttons(self) -> list[tuple[pygame.Rect, Any]]:
        return [(rect, action) for rect, _label, action in self._button_specs()]
