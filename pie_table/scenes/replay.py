"""The replay viewer: a saved game replayed on its own table, stepped, played at speed or jumped.

The table is the game's own scene in *watch* mode: nothing is asked of anyone, the moves come from
the save's log. The viewer sees the table as a spectator or, once the game is over, from one seat's
point of view (that seat's hidden cards and nobody else's); the table draws only the view of the
seat it is given. A game still in progress is watched as a spectator only: its hands are live, and
whoever opens the save may be a player who has not been handed them.
Going back rebuilds the game from the seed up to the wanted move: the log is the truth.

Keys: Space play/pause · → / ← one move · ↑ / ↓ speed · Home / End first / last move ·
1-9 jump to 10%-90% · Tab whose view · Esc back. Mouse: the buttons and the progress bar.
"""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.core.driver import ReplayError, TableDriver
from pie_table.core.registry import GameLoadError, get_game
from pie_table.core.resume import load_session
from pie_table.core.saves import expand_log
from pie_table.kit import palette as pal
from pie_table.kit.i18n import N_, _
from pie_table.kit.scene import Scene
from pie_table.kit.seat_names import seat_number
from pie_table.kit.text import fit_text, ui_scale
from pie_table.scenes.base import load_factory, open_table

_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
_TURN_BEAT = 1.1  # seconds between moves of a turn-based game at speed 1
_BAR_H = 64
_MARK_EVERY = 500
_NOTICE_SECONDS = 4.0
_NOT_OVER = N_("This game is still in progress: its replay shows no hands.")


class ReplayScene(Scene):
    """Watch one saved game."""

    def __init__(self, app: Any, data: dict[str, Any]) -> None:
        super().__init__(app)
        self.data = data
        self.info = get_game(data["game"])
        self.entries = expand_log(data["log"])
        # Moves are the seats' actions; the session's own (ticks) ride along between them.
        self.moves = [i + 1 for i, (seat, _a) in enumerate(self.entries) if seat is not None]
        self.seats = len(data["setup"]["seats"])
        self.viewer: int | None = None
        self._over: bool | None = None  # whether the whole log ends the game (worked out when asked)
        self.notice = ""  # a line over the bar, shown for a few seconds
        self.notice_age = 0.0
        self.speed_index = _SPEEDS.index(1.0)
        self.playing = False
        self.clock = 0.0
        self.position = 0  # entries applied so far
        self.table: Any = None
        self._marks: dict[int, dict[str, Any]] = {}
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.track = pygame.Rect(0, 0, 0, 0)
        self._rebuild(0)

    # --- the game beneath ------------------------------------------------------------------------

    def _rebuild(self, upto: int) -> None:
        """A fresh table showing the game after its first `upto` entries (replayed from the seed,
        or from the nearest state kept on the way)."""
        session = self._session_at(upto)
        factory = load_factory(self.info.scene_factory)
        if factory is None:  # `open_save` opens a replay only for a game whose table loads
            raise GameLoadError(f"{self.info.id}: its table could not be loaded")
        self.table = open_table(factory, self.app, session.setup, session, watch=True)
        self.table.watch_seat = self.viewer
        self.position = upto
        self.table.enter()
        self.table.on_resize(self._table_size())
        if hasattr(self.table, "snap"):
            self.table.snap()

    def _session_at(self, upto: int) -> Any:
        """The game after `upto` entries. States are kept every `_MARK_EVERY` entries as they are
        passed, so going back in a long real-time game replays a few hundred entries, not all."""
        start = max((mark for mark in self._marks if mark <= upto), default=0)
        resume = (start, self._marks[start]) if start else None
        base = load_session(self.data, upto=0)  # the save's own checks, before any entry replays
        driver = TableDriver.from_log(base.setup, self.entries, upto=start, info=base.info, resume=resume)
        position = start
        while position < upto:
            end = min(upto, (position // _MARK_EVERY + 1) * _MARK_EVERY)
            try:
                driver.replay(self.entries[position:end], first=position)
            except ReplayError:
                break  # a save that stops replaying there shows the game as far as it goes
            position = end
            if position % _MARK_EVERY == 0:
                self._marks.setdefault(position, driver.rules.to_json(driver.state))
        return driver.session

    def _table_size(self) -> tuple[int, int]:
        w, h = self.app.screen.get_size()
        return w, max(200, h - int(_BAR_H * ui_scale((w, h))))

    @property
    def speed(self) -> float:
        """Playback speed (1 = as fast as the game was played)."""
        return _SPEEDS[self.speed_index]

    def step_forward(self) -> bool:
        """Apply entries up to and including the next seat's move; False at the end."""
        if self.position >= len(self.entries):
            return False
        target = next((m for m in self.moves if m > self.position), len(self.entries))
        while self.position < target:
            seat, action = self.entries[self.position]
            self.table.replay_apply(seat, action)
            self.position += 1
        return True

    def step_back(self) -> None:
        """Back to the move before this one."""
        earlier = [m for m in self.moves if m < self.position]
        self._rebuild(earlier[-1] if earlier else 0)

    def jump(self, fraction: float) -> None:
        """To the move nearest `fraction` of the way through the game."""
        if not self.moves:
            return
        index = min(len(self.moves) - 1, max(0, round(fraction * (len(self.moves) - 1))))
        self._rebuild(0 if fraction <= 0 else self.moves[index])

    @property
    def seat_views(self) -> bool:
        """True if the viewer may see the game from a seat: only a game that is over. The save's own
        "finished" flag is not trusted alone: the log is replayed to its end, once."""
        if self._over is None:
            self._over = bool(self.data.get("finished")) and self._session_at(len(self.entries)).is_over()
        return self._over

    def set_viewer(self, seat: int | None) -> None:
        """Whose point of view the table shows (None: a spectator). A seat's view of a game still in
        progress is refused: the replay stays a spectator's."""
        if seat is not None and not self.seat_views:
            seat, self.notice, self.notice_age = None, _NOT_OVER, 0.0
        self.viewer = seat
        self.table.watch_seat = seat

    def next_viewer(self) -> None:
        """Tab: spectator → seat 1 → … → last seat → spectator."""
        order = [None, *range(self.seats)]
        self.set_viewer(order[(order.index(self.viewer) + 1) % len(order)])

    # --- scene hooks -----------------------------------------------------------------------------

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

    def toggle_play(self) -> None:
        """Play / pause; playing from the end starts again from the beginning."""
        if not self.playing and self.position >= len(self.entries):
            self._rebuild(0)
        self.playing = not self.playing
        self.clock = 0.0

    def change_speed(self, step: int) -> None:
        """Faster / slower playback."""
        self.speed_index = max(0, min(len(_SPEEDS) - 1, self.speed_index + step))

    def update(self, dt: float) -> None:
        self.notice_age += dt
        if self.notice_age > _NOTICE_SECONDS:
            self.notice = ""
        if self.playing:
            self._play(dt)
        self.table.update(dt)

    def _play(self, dt: float) -> None:
        """Real-time games replay their ticks at `speed`; turn-based ones a move every beat."""
        if self.table.busy:
            return
        self.clock += dt * self.speed
        if self.info.realtime:
            ticks = int(self.clock * 60)
            self.clock -= ticks / 60
            for _ in range(ticks):
                if not self._one_entry():
                    break
        elif self.clock >= _TURN_BEAT:
            self.clock = 0.0
            self.step_forward()
        if self.position >= len(self.entries):
            self.playing = False

    def _one_entry(self) -> bool:
        if self.position >= len(self.entries):
            return False
        seat, action = self.entries[self.position]
        self.table.replay_apply(seat, action)
        self.position += 1
        return True

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = ui_scale((w, h))
        table_h = self._table_size()[1]
        table_area = surface.subsurface(pygame.Rect(0, 0, w, table_h))
        self.table.draw(table_area)
        self.bar = pygame.Rect(0, table_h, w, h - table_h)
        pygame.draw.rect(surface, pal.WOOD_DARK, self.bar)
        pygame.draw.line(surface, pal.GOLD, self.bar.topleft, self.bar.topright, max(1, int(2 * s)))
        for rect, label, _action in self._button_specs():
            pygame.draw.rect(surface, pal.PAPER, rect, border_radius=max(3, int(8 * s)))
            image = fit_text(label, int(18 * s), rect.w - 8, pal.INK, "bold")
            surface.blit(image, image.get_rect(center=rect.center))
        self._draw_track(surface, s)
        if self.notice:
            text = fit_text(_(self.notice), int(17 * s), w - int(40 * s), pal.CREAM, "bold")
            box = text.get_rect(midbottom=(w // 2, table_h - int(8 * s))).inflate(int(20 * s), int(10 * s))
            pygame.draw.rect(surface, pal.WOOD_DARK, box, border_radius=box.h // 2)
            pygame.draw.rect(surface, pal.GOLD, box, width=max(1, int(2 * s)), border_radius=box.h // 2)
            surface.blit(text, text.get_rect(center=box.center))

    def seat_name(self, seat: int) -> str:
        """The seat as the table beneath names it (the player's name where the game had one)."""
        names = getattr(self.table, "names", None)
        if callable(names):
            return str(names(seat))
        if isinstance(names, list) and 0 <= seat < len(names):
            return str(names[seat])
        return seat_number(seat)

    def _draw_track(self, surface: pygame.Surface, s: float) -> None:
        pygame.draw.rect(surface, pal.INK_SOFT, self.track, border_radius=max(2, self.track.h // 2))
        done = len([m for m in self.moves if m <= self.position])
        total = max(1, len(self.moves))
        filled = self.track.copy()
        filled.w = int(self.track.w * done / total)
        pygame.draw.rect(surface, pal.GOLD, filled, border_radius=max(2, self.track.h // 2))
        who = _("Spectator")
        if self.viewer is not None:
            who = _("Seen by {name}").format(name=self.seat_name(self.viewer))
        caption = _("Replay · move {done} of {total} · speed ×{speed:g} · {who}").format(
            done=done, total=len(self.moves), speed=self.speed, who=who)
        image = fit_text(caption, max(14, int(16 * s)), self.track.w, pal.CREAM, "bold")
        surface.blit(image, image.get_rect(midbottom=(self.track.centerx, self.track.y - int(3 * s))))

    def _button_specs(self) -> list[tuple[pygame.Rect, str, Any]]:
        s = ui_scale(self.app.screen.get_size())
        pad, bw, bh = int(8 * s), int(92 * s), int(_BAR_H * s) - int(20 * s)
        y = self.bar.y + int(10 * s)
        labels = [
            (_("Start"), lambda: self.jump(0.0)),
            (_("◀ Back"), self.step_back),
            (_("Pause") if self.playing else _("Play"), self.toggle_play),
            (_("Step ▶"), self.step_forward),
            (_("Slower"), lambda: self.change_speed(-1)),
            (_("Faster"), lambda: self.change_speed(1)),
            (_("View: Tab"), self.next_viewer),
            (_("Close"), lambda: self.app.scenes.pop()),
        ]
        specs = []
        for i, (label, action) in enumerate(labels[:4]):
            specs.append((pygame.Rect(pad + i * (bw + pad), y, bw, bh), label, action))
        right = self.bar.right - pad
        for i, (label, action) in enumerate(reversed(labels[4:])):
            specs.append((pygame.Rect(right - (i + 1) * (bw + pad) + pad, y, bw, bh), label, action))
        left_end = pad + 4 * (bw + pad)
        right_start = right - 4 * (bw + pad) + pad
        track_w = max(0, right_start - left_end - 3 * pad)
        self.track = pygame.Rect(left_end + pad, y + bh - int(12 * s), track_w, int(10 * s))
        return specs

    def _buttons(self) -> list[tuple[pygame.Rect, Any]]:
        return [(rect, action) for rect, _label, action in self._button_specs()]
