"""Seats and variants for any registered game: who plays with what, teams, options, then Start."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import pygame

from pie_table.core import seat_memory
from pie_table.core.registry import GameInfo, OptionInfo
from pie_table.core.setup import REMOTE, GameSetup, SeatSpec
from pie_table.core.stats import last_names, remember_names
from pie_table.kit import palette as pal
from pie_table.kit.fonts import font
from pie_table.kit.i18n import N_, _
from pie_table.kit.input import intent_help
from pie_table.kit.marks import draw_seat_mark
from pie_table.kit.rows import Cycler, TextInput, Toggle, align_controls
from pie_table.kit.text import NARROW_PAGE, page_scale, wrap_text
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import MenuScene, draw_panel, load_factory, open_table
from pie_table.scenes.players import duplicate_name
from pie_table.scenes.seats_narrow import NATURAL_W, layout_narrow

REALTIME_CONTROLS = ("keys1", "keys2", "mouse", "pad1", "pad2")
TEAM_LETTERS = ("A", "B", "C")
_COLUMN_INTENTS = ("col1", "col2", "col3", "col4")
_CONTROL_NAMES = {
    "keys1": N_("Keys left"),
    "keys2": N_("Keys right"),
    "mouse": N_("Mouse"),
    "pad1": N_("Pad 1"),
    "pad2": N_("Pad 2"),
    "hotseat": N_("Human"),
}


def seat_text(spec: SeatSpec) -> str:
    """How a seat choice reads on its cycler."""
    if spec.level == REMOTE:
        return _("Remote")
    if spec.is_bot:
        return _("Bot · {level}").format(level=_(spec.level))
    if spec.control == "hotseat":
        return _("Human")
    return _("Human · {control}").format(control=_(_CONTROL_NAMES.get(spec.control, spec.control)))



def seat_choices(info: GameInfo) -> list[SeatSpec]:
    """Every choice for one seat: humans by control (realtime) or one hotseat human, then bot levels."""
    controls = REALTIME_CONTROLS if info.realtime else ("hotseat",)
    humans = [SeatSpec("human", control=c) for c in controls]
    return humans + [SeatSpec("bot", level=lv) for lv in info.bot_levels]


def default_seats(info: GameInfo, count: int) -> list[SeatSpec]:
    """Two keyboard humans then bots for realtime games; one hotseat human then bots otherwise."""
    levels = info.bot_levels
    bot = SeatSpec("bot", level="normal" if "normal" in levels else levels[len(levels) // 2])
    humans = [SeatSpec("human", control="keys1"), SeatSpec("human", control="keys2")] if info.realtime \
        else [SeatSpec("human", control="hotseat")]
    return [humans[i] if i < len(humans) else bot for i in range(count)]


def default_count(info: GameInfo) -> int:
    """The seat count shown first: the game's own default, else 4 within its limits."""
    wanted = info.default_seats
    return max(info.min_seats, min(info.max_seats, wanted))


def duplicate_control(seats: list[SeatSpec]) -> str | None:
    """Why two humans cannot play as set (they share one physical control), or None."""
    holder: dict[str, int] = {}
    for i, spec in enumerate(seats):
        if spec.is_bot or spec.control == "hotseat":
            continue
        if spec.control in holder:
            name = _(_CONTROL_NAMES.get(spec.control, spec.control))
            return _("Seats {a} and {b} both use {control}: one control per player.").format(
                a=holder[spec.control] + 1, b=i + 1, control=name)
        holder[spec.control] = i
    return None


# The step of the type scale a wrapped option caption is written at in a taller row, and the
# room (at scale 1) the option help keeps under the rows for its lines.
_TALL_CAPTION_STEP = 0.8
_OPTION_SPLIT = 0.56  # an option row's share for its caption, before its value's need
_SEAT_SPLIT = 0.3  # a seat row's (and the player count's)
_HELP_ROOM = 110


class SeatsScene(MenuScene):
    """The seat and variant screen; Start replaces it with the game's table scene."""

    def __init__(self, app: Any, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.team_game = info.team_game
        count = default_count(info)
        self.seats = default_seats(info, count)
        self.teams = [i % 2 for i in range(count)]
        self.options: dict[str, Any] = {opt.key: opt.default for opt in info.options}
        self.names: list[str] = last_names() if not app.headless else []
        # A game with a reaction countdown starts from the one chosen in the settings.
        if not app.headless:  # tests start from the game's defaults, as they start unnamed
            self.recall(seat_memory.recall(info.id))
        if "reaction_seconds" in self.options:
            self.options["reaction_seconds"] = app.settings.reaction_seconds
        self.notice = ""
        self._refused = ""  # set while a cycler skips taken controls, shown once the choice lands
        self._help_shown = ""  # the option explanation last drawn (`shown_option_help`)
        self.stacked = False  # the variants under the seats rather than beside them (on_resize)
        self.narrow = False  # one column on a narrow page (seats_narrow)

    # -- rules of the screen -------------------------------------------------------------------
    def problem(self) -> str | None:
        """Why Start is disabled now, or None when the setup can be played."""
        clash = duplicate_control(self.seats) or duplicate_name(
            self.names, [i for i, spec in enumerate(self.seats) if not spec.is_bot])
        if clash:
            return clash
        if self.team_game and self.info.validate_teams is not None:
            reason = self.info.validate_teams(len(self.seats), list(self.teams))
            if reason:
                return reason
        for opt in self.info.options:
            numeric = isinstance(opt.default, int) and not isinstance(opt.default, bool)
            if numeric and not opt.choices and not _is_int(self.options[opt.key]):
                return _("{label} must be a whole number.").format(label=_(opt.label))
        return None

    def recall(self, last: seat_memory.SeatChoices) -> None:
        """Start from the seats and variants this game was last started with, as far as this
        screen still offers them (a seat it does not offer keeps its default; so does an option)."""
        if not self.info.min_seats <= len(last.seats) <= self.info.max_seats:
            return
        offered = {_memo(spec): spec for spec in self.seat_choices()}
        defaults = default_seats(self.info, len(last.seats))
        self.seats = [offered.get(text, defaults[i]) for i, text in enumerate(last.seats)]
        if duplicate_control(self.seats):
            self.seats = defaults
        self.teams = [i % 2 for i in range(len(self.seats))]
        for opt in self.info.options:
            value = last.options.get(opt.key)
            if value is not None and _offers(opt, value):
                self.options[opt.key] = value

    def seat_choices(self) -> list[SeatSpec]:
        """What a seat's cycler offers (hosting adds a remote player)."""
        return seat_choices(self.info)

    def control_free(self, seat: int, spec: SeatSpec) -> bool:
        """A human control may be chosen only if no other seat holds it; refusals leave a notice."""
        if spec.is_bot or spec.control == "hotseat":
            return True
        for i, other in enumerate(self.seats):
            if i != seat and not other.is_bot and other.control == spec.control:
                self._refused = _("{control} is taken by seat {n}: skipped.").format(
                    control=_(_CONTROL_NAMES.get(spec.control, spec.control)), n=i + 1)
                return False
        return True

    def set_count(self, count: int) -> None:
        """Change how many seats there are, keeping the choices of the seats that remain."""
        extra = default_seats(self.info, count)
        self.seats = [*self.seats[:count], *[extra[-1]] * max(0, count - len(self.seats))]
        self.teams = [*self.teams[:count], *[i % 2 for i in range(len(self.teams), count)]]
        self.rebuild()

    def seat_label(self, seat: int) -> str:
        """A seat as this screen names it: its player's name once one is chosen (humans only:
        a bot plays unnamed), else "Seat N"."""
        human = seat < len(self.seats) and not self.seats[seat].is_bot
        name = self.names[seat] if human and seat < len(self.names) else ""
        return name or _("Seat {n}").format(n=seat + 1)

    def _relabel(self) -> None:
        for i, row in enumerate(self.seat_rows):
            row.label = self.seat_label(i)

    def resume(self) -> None:
        self._relabel()  # back from Players…: the names chosen there
        super().resume()

    def set_seat(self, seat: int, spec: SeatSpec) -> None:
        """Give seat `seat` a new controller."""
        self.seats[seat] = spec
        self._relabel()
        pads = [d for d in self.app.input.devices() if d.startswith("pad")]
        missing = not spec.is_bot and spec.control.startswith("pad") and spec.control not in pads
        pad_note = ""
        if missing:
            pad_note = _("{pad} is not plugged in yet.").format(pad=_(_CONTROL_NAMES[spec.control]))
        self.notice = " ".join(t for t in (self._refused, pad_note) if t)
        self._refused = ""

    def set_team(self, seat: int, team: int) -> None:
        """Move seat `seat` to team `team`."""
        self.teams[seat] = team

    def setup(self) -> GameSetup:
        """The GameSetup the table will be built from (seed from the clock)."""
        options = {opt.key: _coerce(opt, self.options[opt.key]) for opt in self.info.options}
        teams = list(self.teams) if self.team_game else None
        seed = int(time.time() * 1000) % (2**31)
        names = [self.names[i] if not spec.is_bot and i < len(self.names) else "" for i, spec in
                 enumerate(self.seats)]
        remember_names(self.names)
        seat_memory.remember(self.info.id, [_memo(spec) for spec in self.seats], options)
        return GameSetup(self.info.id, list(self.seats), options, teams, seed, names if any(names) else [])

    def open_players(self) -> None:
        """Names for the human seats (statistics are kept for named players)."""
        from pie_table.scenes.players import PlayersScene

        while len(self.names) < len(self.seats):
            self.names.append("")
        humans = [i for i, spec in enumerate(self.seats) if not spec.is_bot]
        self.app.scenes.push(PlayersScene(self.app, humans, self.names))

    def start(self) -> None:
        """Build the table scene from the chosen setup and put it in place of this screen."""
        factory = load_factory(self.info.scene_factory)
        if factory is None or self.problem():
            self.notice = _("This game's table could not be loaded.") if factory is None else self.notice
            return
        self.app.scenes.replace(open_table(factory, self.app, self.setup()))

    # -- widgets -------------------------------------------------------------------------------
    def build(self) -> list[Widget]:
        info = self.info
        self.heading = Label(_(info.title), 44, pal.CREAM, "title")
        counts = list(range(info.min_seats, info.max_seats + 1))
        self.count = Cycler(_("Players"), counts, counts.index(len(self.seats)), self.set_count, wrap=False)
        self.count.split = _SEAT_SPLIT
        self.seat_rows: list[Cycler] = []
        self.team_rows: list[Cycler] = []
        choices = self.seat_choices()
        for i, spec in enumerate(self.seats):
            row = Cycler(self.seat_label(i), choices, _index(choices, spec),
                         partial(self.set_seat, i), seat_text, accept=partial(self.control_free, i))
            row.split = _SEAT_SPLIT
            self.seat_rows.append(row)
            if self.team_game:
                self.team_rows.append(Cycler("", range(len(TEAM_LETTERS)), self.teams[i],
                                             partial(self.set_team, i), _team_text,
                                             color=lambda t: pal.TEAM_COLORS[t % len(pal.TEAM_COLORS)]))
        self.option_rows = [_option_widget(opt, self.options) for opt in info.options]
        pairs = zip(self.option_rows, info.options, strict=True)
        self.option_help = {id(row): _("{label}: {help}").format(label=_(opt.label), help=_(opt.help))
                            if opt.help else "" for row, opt in pairs}
        for option_row in self.option_rows:
            option_row.split = _OPTION_SPLIT
        self.options_heading = Label(_("Variants") if self.option_rows else "", 28, pal.INK, "bold")
        self.status = Label(self.status_text, 22, pal.CREAM, "bold")
        self.start_button = Button(_("Start"), self.start, enabled=lambda: self.problem() is None, size=30)
        self.back_button = Button(_("Back"), self.back, size=26)
        self.players_button = Button(_("Players…"), self.open_players, size=24,
                                     enabled=lambda: any(not spec.is_bot for spec in self.seats))
        seat_widgets: list[Widget] = []
        for i, row in enumerate(self.seat_rows):
            seat_widgets += [row, self.team_rows[i]] if self.team_game else [row]
        # The buttons in the order they stand, left to right, so Down and Tab read them as seen.
        return [self.count, *seat_widgets, *self.option_rows, self.back_button, self.players_button,
                self.start_button, self.heading, self.options_heading, self.status]

    def enter(self) -> None:
        super().enter()
        # Defaults are playable, so Enter right away starts the game.
        if self.start_button.enabled:
            self.menu.set_focus(self.start_button)

    def status_text(self) -> str:
        """The line above the buttons: the blocking problem first, else a notice, else ready."""
        return self.problem() or self.notice or _("Ready: press Start.")

    @property
    def room(self) -> tuple[int, int]:  # type: ignore[override]
        """The seats, and the variants beside them, or under them once the interface size
        leaves too little width for both: then the page grows by the variants and scrolls."""
        if self.narrow:
            return _ROOM_W, _ROOM_H  # (laid out in one column, it asks for its height: seats_narrow)
        return _ROOM_W, _ROOM_H + (self._variants_height() if self.stacked else 0)

    def on_resize(self, size: tuple[int, int]) -> None:
        # Side by side while the window holds both panels at the scale this screen grows to; one
        # column, each caption over its choice, on a page narrower than the seat sheet.
        scale = page_scale(size, _ROOM_W)
        self.stacked = bool(self.option_rows) and size[0] < _SIDE_BY_SIDE_W * scale
        self.narrow = size[0] < NATURAL_W * scale
        super().on_resize(size)

    def _variants_height(self) -> int:
        """The variants panel's height at scale 1 under the seats: its rows and the longest help whole."""
        width = _STACKED_W - 2 * 36 - 40
        fnt = font(18)
        lines = max((len(wrap_text(text, fnt, width)) for text in self.option_help.values()), default=0)
        return 48 + len(self.option_rows) * 60 + 24 + lines * fnt.get_linesize() + 40 + 24

    def layout(self, size: tuple[int, int]) -> None:
        if self.narrow:
            layout_narrow(self, size)
            return
        for row in (self.count, *self.seat_rows, *self.option_rows):
            row.over = False
        w, h, s = size[0], size[1], self.scale
        margin, gap = int(36 * s), int(24 * s)
        self.heading.place(pygame.Rect(0, int(18 * s), w, int(60 * s)), s)
        top, bottom = int(92 * s), h - int(150 * s)
        if self.stacked:
            main_w = min(int(820 * s), w - 2 * margin)
            left = (w - main_w) // 2
            under = int(self._variants_height() * s)
            self.seat_panel = pygame.Rect(left, top, main_w, bottom - under - top)
            self.side_panel = pygame.Rect(left, self.seat_panel.bottom + gap, main_w, under - gap)
        else:
            side_w = int(min(420 * s, (w - 2 * margin) * 0.36)) if self.option_rows else 0
            main_w = min(int(820 * s), w - 2 * margin - (side_w + gap if side_w else 0))
            left = (w - main_w - (side_w + gap if side_w else 0)) // 2
            self.seat_panel = pygame.Rect(left, top, main_w, bottom - top)
            self.side_panel = pygame.Rect(self.seat_panel.right + gap, top, side_w, bottom - top)
        self._place_seats(self.seat_panel.inflate(-int(80 * s), -int(40 * s)), s)
        self._place_options(self.side_panel.inflate(-int(40 * s), -int(40 * s)), s)
        self.status.place(pygame.Rect(margin, bottom + int(14 * s), w - 2 * margin, int(34 * s)), s)
        # The three buttons narrower, when the page scrolls, rather than under its scroll bar.
        clear = w - self.scroll_page.bar().x + int(4 * s)
        bw, bh = min(int(220 * s), (w - 2 * clear - 2 * gap) // 3), int(58 * s)
        y = h - bh - int(26 * s)
        self.back_button.place(pygame.Rect(w // 2 - bw * 3 // 2 - gap, y, bw, bh), s)
        self.players_button.place(pygame.Rect(w // 2 - bw // 2, y, bw, bh), s)
        self.start_button.place(pygame.Rect(w // 2 + bw // 2 + gap, y, bw, bh), s)

    def _place_seats(self, inner: pygame.Rect, s: float) -> None:
        rows = 1 + len(self.seat_rows)
        gap = int(10 * s)
        row_h = min(int(52 * s), (inner.h - gap * rows) // rows)
        team_w = self._team_width(inner.w, s, gap) if self.team_game else 0
        self.count.place(pygame.Rect(inner.x, inner.y, inner.w - team_w - (gap if team_w else 0), row_h), s)
        for i, row in enumerate(self.seat_rows):
            y = inner.y + (i + 1) * (row_h + gap) + gap
            row.place(pygame.Rect(inner.x, y, inner.w - team_w - (gap if team_w else 0), row_h), s)
            if self.team_game:
                self.team_rows[i].place(pygame.Rect(inner.right - team_w, y, team_w, row_h), s)
        for row in (self.count, *self.seat_rows):
            row.split = _SEAT_SPLIT  # laid out afresh at every size
        align_controls([self.count, *self.seat_rows])  # one column of choices, one caption size
        top = (self.seat_rows[-1].rect.bottom if self.seat_rows else inner.y) + int(18 * s)
        self.legend_rect = pygame.Rect(inner.x, top, inner.w, max(0, inner.bottom - top))

    def _team_width(self, inner_w: int, s: float, gap: int) -> int:
        """The team column: as wide as its longest team name needs (Blueberry, Arándano) at its
        size, while every seat's choice beside it stays whole (the caption keeping its 30%)."""
        wanted = max(int(170 * s), self.team_rows[0].full_need(s))
        # (each seat's choice at the first step down of the type scale, or whole at the floor)
        seat_need = max((max(row.need_at(s), row.full_need(s, 0.8)) for row in self.seat_rows), default=0)
        return max(int(170 * s), min(wanted, inner_w - gap - int(inner_w * 0.3) - seat_need))

    def _place_options(self, inner: pygame.Rect, s: float) -> None:
        row_h, gap = int(48 * s), int(12 * s)
        self.options_heading.place(pygame.Rect(inner.x, inner.y, inner.w, int(36 * s)), s)
        top = inner.y + int(48 * s)
        for i, row in enumerate(self.option_rows):
            row.split = _OPTION_SPLIT  # laid out afresh at every size
            row.place(pygame.Rect(inner.x, top + i * (row_h + gap), inner.w, row_h), s)
        align_controls(self.option_rows)  # the values in one column, one caption size down the panel
        # A caption that needs more lines than its row holds at the first step down gets a taller
        # row, where the panel has the room (and keeps some for the help under the rows): every
        # caption is then written at that step, not the smallest.
        step = _TALL_CAPTION_STEP
        heights = [max(row_h, row.caption_height(step) + int(8 * s)) for row in self.option_rows]
        room = inner.bottom - top - int(_HELP_ROOM * s)
        if any(h > row_h for h in heights) and sum(heights) + gap * len(heights) <= room:
            y = top
            for row, height in zip(self.option_rows, heights, strict=True):
                row.place(pygame.Rect(inner.x, y, inner.w, height), s)  # its column stays `align_controls`'s
                row.caption_scale, row.control_h = step, row_h
                y += height + gap

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.seat_panel, self.scale)
        if self.option_rows:
            draw_panel(surface, self.side_panel, self.scale)
        self.status.color = pal.LEMON if self.problem() else pal.CREAM
        self._draw_legend(surface)
        self._draw_option_help(surface)
        for i, row in enumerate(self.seat_rows):
            # The seat's shape as the table marks it, not only its colour.
            at = (row.rect.x - int(16 * self.scale), row.rect.y + row.caption_band() // 2 if row.over
                  else row.rect.centery)
            color = pal.SEAT_COLORS[i % len(pal.SEAT_COLORS)]
            draw_seat_mark(surface, i, at, max(4, int(9 * self.scale)), color)


    def legend_lines(self) -> list[str]:
        """One line per keyboard or pad human: which keys do what."""
        lines = []
        for i, spec in enumerate(self.seats):
            if spec.is_bot or spec.control in ("hotseat", "mouse"):
                continue
            keys = compact_legend(self.app.input.key_labels(spec.control))
            name = _(_CONTROL_NAMES.get(spec.control, spec.control))
            line = _("{seat} ({control}): {keys}").format(seat=self.seat_label(i), control=name, keys=keys)
            lines.append(line)
        return lines

    def shown_option_help(self) -> str:
        """The explanation under the option rows: the hovered or focused option's, else the one
        last shown (at first the first option's), so the variants are explained without a mouse
        over them."""
        hovered = next((row for row in self.option_rows if row.hover), None)
        text = self.option_help.get(id(hovered or self.menu.focused), "")
        if text:
            self._help_shown = text
        elif not self._help_shown or self._help_shown not in self.option_help.values():
            self._help_shown = next((t for t in self.option_help.values() if t), "")
        return self._help_shown

    def _draw_option_help(self, surface: pygame.Surface) -> None:
        """The shown option's explanation under the option rows."""
        text = self.shown_option_help()
        if not text or not self.option_rows:
            return
        fnt = font(max(12, int(18 * self.scale)))
        y = self.option_rows[-1].rect.bottom + int(24 * self.scale)
        x, width = self.option_rows[0].rect.x, self.option_rows[0].rect.w
        for line in wrap_text(text, fnt, width):
            if y + fnt.get_linesize() > self.side_panel.bottom - int(20 * self.scale):
                break
            surface.blit(fnt.render(line, True, pal.soft_ink()), (x, y))
            y += fnt.get_linesize()

    def legend_rows(self) -> tuple[pygame.font.Font, list[tuple[str, tuple[int, int]]]]:
        """Where each wrapped row of the key help goes: every keyboard or pad human's keys, in the
        largest type that fits them all under the seat rows (side by side when stacked ones would
        not fit; as many as fit at the smallest type)."""
        rect, lines = self.legend_rect, self.legend_lines()
        for size in _LEGEND_SIZES:
            fnt = font(max(_LEGEND_SIZES[-1], int(size * self.scale)))
            for columns in sorted({1, max(1, len(lines))}):
                rows, whole = _legend_rows(lines, fnt, rect, columns)
                if whole:
                    return fnt, rows
        return fnt, rows

    def _draw_legend(self, surface: pygame.Surface) -> None:
        """Key help under the seat rows."""
        fnt, rows = self.legend_rows()
        for text, pos in rows:
            surface.blit(fnt.render(text, True, pal.soft_ink()), pos)


# The width the seat screen needs at scale 1 in one column (seats_narrow), its height then without
# the variants, the width of its page with the variants under the seats (but each seat on one
# line), and the width at which the variants fit beside the seats instead.
_ROOM_W, _ROOM_H = NARROW_PAGE, 720
_STACKED_W = 720
_SIDE_BY_SIDE_W = 1280
_LEGEND_SIZES = (17, 15, 13, 12)  # the key help's type sizes at scale 1, largest first


def _legend_rows(lines: list[str], fnt: pygame.font.Font, rect: pygame.Rect,
                 columns: int) -> tuple[list[tuple[str, tuple[int, int]]], bool]:
    """The rows of `lines` wrapped into `columns` side by side, one line (seat) per column when
    there are several, and whether every seat's help fits (each is shown whole or not at all)."""
    width, step = rect.w // columns, fnt.get_linesize()
    rows: list[tuple[str, tuple[int, int]]] = []
    y = rect.y
    for i, line in enumerate(lines):
        x = rect.x + (i % columns) * width
        if columns > 1:
            y = rect.y
        wrapped = _wrap_items(line, fnt, width - (8 if columns > 1 else 0))
        if y + len(wrapped) * step > rect.bottom:
            return rows, False
        for part in wrapped:
            rows.append((part, (x, y)))
            y += step
        y += step // 3
    return rows, True


def _wrap_items(line: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Wrap at the ` · ` separators so a key never ends up apart from what it does."""
    rows: list[str] = []
    for item in line.split(" · "):
        trial = f"{rows[-1]} · {item}" if rows else item
        if rows and fnt.size(trial)[0] <= width:
            rows[-1] = trial
        else:
            rows.append(item)
    return [part for row in rows for part in wrap_text(row, fnt, width)]


def compact_legend(entries: list[tuple[str, str]]) -> str:
    """`Z X C V columns · A previous target ...` from (intent, keys): the four column keys are merged
    into one item, found by intent (never by their translated wording)."""
    columns = [key for intent, key in entries if intent in _COLUMN_INTENTS]
    rest = [f"{key} {intent_help(intent)}" for intent, key in entries if intent not in _COLUMN_INTENTS]
    head = [" ".join(columns) + " " + _("columns")] if columns else []
    return " · ".join(head + rest)


def _team_text(team: int) -> str:
    """The palette's team name without the word "Team" (the table announces "Team Cherry wins!")."""
    names = pal.TEAM_NAMES
    if team >= len(names):
        return TEAM_LETTERS[team]
    short = _(names[team].removeprefix("Team "))
    return short


def _index(choices: list[SeatSpec], spec: SeatSpec) -> int:
    return choices.index(spec) if spec in choices else len(choices) - 1


def _is_int(value: Any) -> bool:
    try:
        int(value)
    except (TypeError, ValueError):
        return False
    return True


def _memo(spec: SeatSpec) -> str:
    """A seat as the seat memory keeps it: its spec, or `remote` for a seat left to another machine."""
    return REMOTE if spec.level == REMOTE and not spec.is_bot else spec.spec()


def _offers(opt: OptionInfo, value: Any) -> bool:
    """`value` is one this screen's row for `opt` can show."""
    if isinstance(opt.default, bool):
        return type(value) is bool
    if opt.choices:
        return value in opt.choices and type(value) is type(opt.choices[opt.choices.index(value)])
    return type(value) is type(opt.default)


def _coerce(opt: OptionInfo, value: Any) -> Any:
    """Text typed for a numeric option becomes a number."""
    if isinstance(opt.default, int) and not isinstance(opt.default, bool) and _is_int(value):
        return int(value)
    return value


def _option_widget(opt: OptionInfo, options: dict[str, Any]) -> Toggle | Cycler | TextInput:
    """bool -> Toggle, a list of choices -> Cycler, anything else -> TextInput."""

    def store(value: Any, key: str = opt.key) -> None:
        options[key] = value

    if isinstance(opt.default, bool):
        return Toggle(_(opt.label), options[opt.key], store)
    if opt.choices:
        index = opt.choices.index(options[opt.key]) if options[opt.key] in opt.choices else 0
        labels = opt.choice_labels or {}
        return Cycler(_(opt.label), opt.choices, index, store,
                      fmt=lambda value: _(labels[value]) if value in labels else str(value), wrap=False)
    return TextInput(_(opt.label), str(options[opt.key]), store, max_len=40)
