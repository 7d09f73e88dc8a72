"""Host a table from the window: the seat screen with seats that may be *Remote*
and a "local network" switch, then a room showing the address, the join code and who has joined.

The table is the game's own table scene on its own driver; the table's host (`net.hosting`) runs on
a background thread and hands what the network asks to the table between frames. Remote seats are
neither bots nor people at this screen: hand-offs and the privacy gate are for local humans only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from pie_table.core.driver import TableDriver, driver_for
from pie_table.core.registry import GameInfo
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SeatSpec
from pie_table.kit import palette as pal
from pie_table.kit.fonts import font
from pie_table.kit.i18n import N_, _
from pie_table.kit.rows import Cycler, TextInput, Toggle
from pie_table.kit.seat_names import seat_number
from pie_table.kit.text import NARROW_PAGE, page_scale, wrap_text
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import MenuScene, draw_panel, load_factory
from pie_table.scenes.confirm import ConfirmScene
from pie_table.scenes.seats import REMOTE, SeatsScene
from pie_table.scenes.table_hosting import HostedSeats

if TYPE_CHECKING:
    from ssl import SSLContext

    from pie_table.net.hosting import HostedTable

_REFRESH_S = 0.5  # the room redraws who has joined this often
# Who may watch a hosted table, as the room's Watchers row offers it (seconds behind; None: off).
_WATCHING: tuple[float | None, ...] = (0.0, 30.0, 120.0, None)
_WATCHING_WORDS = {0.0: N_("live"), 30.0: N_("30 s behind"), 120.0: N_("2 min behind"), None: N_("off")}
_PORT_TAKEN = N_("Port {port} is in use by another program: hosting on {new} instead (players need the new link), or type another port.")  # noqa: E501


def host_tls() -> tuple[SSLContext | None, str]:
    """How a table hosted from here is served: with the certificate the environment names
    (`net.tls`: wss://) or none (ws://); and the line saying why it cannot be ('' when it can)."""
    from pie_table.net.tls import TlsError, window_host_context

    try:
        return window_host_context(), ""
    except TlsError as exc:
        return None, _("The certificate cannot be used: {why}").format(why=str(exc))


def wake_window() -> None:
    """From the network's thread: a window resting until input gets an event, so it takes news."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"net": True}))


def remote_seats(setup: GameSetup) -> set[int]:
    """The seats left to players on other machines."""
    return {seat for seat, spec in enumerate(setup.seats) if spec.level == REMOTE}


class AwayPrompt(ConfirmScene):
    """At the host, over its table: a remote seat's player dropped; hand the seat to a bot, or wait
    (the same player taking the seat back closes this by itself)."""

    def __init__(self, app: Any, name: str, seat: int, hosted: Any) -> None:
        super().__init__(app, _("{name} is away").format(name=name), _("Hand the seat to a bot"),
                         _("Wait"), lambda: hosted.hand_to_bot(seat),
                         _("The game waits for their move; they may come back."))
        self.seat, self.hosted = seat, hosted

    def update(self, dt: float) -> None:
        if self.seat not in self.hosted.driver.away and self.app.scenes.current is self:
            self.app.scenes.pop()

    def next_frame(self) -> float | None:
        return _REFRESH_S


class WindowHosting:
    """A table's `TableHosting` at the window that hosts it (`hosted`, a `net.hosting.HostedTable`):
    what the network asks is done every frame, whatever is on top of the table (the pause menu,
    the rules), so a remote player's move is answered at once, not after the host comes back; the
    table calls the rest at its own points."""

    def __init__(self, table: Any, hosted: HostedTable, driver: TableDriver[Any]) -> None:
        self.table, self.hosted, self.driver = table, hosted, driver
        self.prompted: set[int] = set()  # the dropped seats already asked about (once per drop)
        table.app.every_frame.append(hosted.pump)

    @property
    def seats(self) -> HostedSeats:
        """The hosted table (its remote seats' names, delays, who is away, hand to a bot)."""
        return self.hosted

    def before_frame(self) -> None:  # the app's every_frame has pumped just before
        if not self.hosted.realtime:  # a real-time table names its seats and asks about them itself
            _names_and_prompts(self.table, self.hosted, self.prompted)

    def after_frame(self) -> None:
        self.hosted.pump()

    def held(self) -> None:
        if not self.driver.is_over():  # the results are no pause
            self.hosted.tell_paused("pause")

    def released(self) -> None:
        self.hosted.tell_paused("")

    def left(self) -> None:
        stop_hosting(self.table.app, self.hosted)

    def note(self) -> str:
        return join_code_note(self.hosted)


def join_code_note(hosted: Any) -> str:
    """The join code and address, while a remote seat is still open or its player away (someone may
    yet need them after Start); '' once every remote seat is played."""
    waiting = (hosted.host.remote - set(hosted.joined())) | hosted.away()
    if not waiting:
        return ""
    return _("Join code: {code} · {address}").format(code=hosted.code, address=hosted.address)


def stop_hosting(app: Any, hosted: Any) -> None:
    """The table is left (or never opened): stop serving it and stop answering for it."""
    if hosted.pump in app.every_frame:
        app.every_frame.remove(hosted.pump)
    hosted.quit()


def _names_and_prompts(table: Any, hosted: Any, prompted: set[int]) -> None:
    """Remote players' names on a turn-based table as they join, and the prompt when one drops
    (once per drop: `prompted` holds the seats already asked about)."""
    bots = hosted.bot_played()
    # A seat handed to a bot says so wherever it is named, until its player takes it back.
    table.names.rename({seat: _("{name} · bot").format(name=name or seat_number(seat))
                        if seat in bots else name for seat, (name, _here) in hosted.joined().items()})
    away = hosted.driver.away
    for seat in sorted(away - prompted):
        table.app.scenes.push(AwayPrompt(table.app, table.names.player(seat) or table.names(seat),
                                         seat, hosted))
    prompted.intersection_update(away)
    prompted.update(away)


class HostSeatsScene(SeatsScene):
    """The seat screen for a hosted table: any seat may be Remote; Start opens the room."""

    def __init__(self, app: Any, info: GameInfo) -> None:
        super().__init__(app, info)
        self.lan = False
        self.tls, self.tls_problem = host_tls()
        if len(self.seats) > 1:
            self.seats[1] = SeatSpec("human", control="hotseat", level=REMOTE)

    def seat_choices(self) -> list[SeatSpec]:
        return [*super().seat_choices(), SeatSpec("human", control="hotseat", level=REMOTE)]

    def problem(self) -> str | None:
        if not any(spec.level == REMOTE for spec in self.seats):
            return _("Make at least one seat Remote to host a table.")
        return self.tls_problem or super().problem()

    def build(self) -> list[Widget]:
        widgets = super().build()
        self.lan_toggle = Toggle(_("Local network"), self.lan, self._set_lan, size=22)
        return [*widgets, self.lan_toggle]

    def _set_lan(self, value: bool) -> None:
        self.lan = value

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.scale
        inner = self.seat_panel.inflate(-int(80 * s), -int(40 * s))  # under the seats, in their panel
        self.lan_toggle.place(pygame.Rect(inner.x, inner.bottom - int(44 * s), inner.width, int(44 * s)), s)
        # The keys' help above it fits itself to what is left (two keyboard players' help is long).
        self.legend_rect.height = max(0, self.lan_toggle.rect.top - int(8 * s) - self.legend_rect.top)

    def start(self) -> None:
        factory = load_factory(self.info.scene_factory)
        if factory is None or self.problem():
            return
        setup = self.setup()
        setup.lan = self.lan  # kept in the save: Continue hosts it on the same network again
        self.app.scenes.push(HostRoomScene(self.app, self.info, setup, factory, self.lan, tls=self.tls))


# The host room's width at scale 1 with the Watchers row under the Port row, its height with
# both rows side by side, the lower row's offset, and the width both rows need side by side.
_ROOM_W, _ROOM_H = NARROW_PAGE, 720
_ROW_UNDER = 60
_ONE_ROW_W = 1080


class HostRoomScene(MenuScene):
    """The hosted table's room: its address and join code, who has joined; Start opens the table."""

    def __init__(self, app: Any, info: GameInfo, setup: GameSetup, factory: Any, lan: bool,
                 session: Session | None = None, save_path: str | None = None,
                 tls: SSLContext | None = None) -> None:
        """A new game, or `session` continued from the save at `save_path` (its remote seats'
        players take them back by the join code, with all their seats saw before); served over
        wss:// with `tls` (`host_tls`)."""
        super().__init__(app)
        self.stacked = False  # the Watchers row under the Port row (on_resize)
        from pie_table.net.host import hosted_session
        from pie_table.net.host_keys import kept_keys
        from pie_table.net.hosting import HostedTable

        self.info, self.setup, self.remote = info, setup, remote_seats(setup)
        driver = driver_for(hosted_session(session or Session(setup, info), self.remote))
        driver.across_machines = True
        self.table = factory(app, setup, driver=driver, save_path=save_path)
        # A continued game is hosted where it was (its port, code and seats' tokens): the remote
        # players' remembered links and seats still work.
        keys = kept_keys(setup) if session is not None else None
        self.hosted = HostedTable(setup, self.remote, lan=lan, driver=driver, wake=wake_window, tls=tls,
                                  keys=keys)
        self.table.hosting = WindowHosting(self.table, self.hosted, driver)
        self.hosted.tell_paused("start")  # remote players see the table; the game waits for Start
        self.started = False
        self.port_text = str(self.hosted.port)
        self.watching: float | None = 0.0  # watchers see the game live (None: nobody may watch)
        self.port_line = self._taken_line(self.hosted.port_taken) if self.hosted.port_taken else ""

    def build(self) -> list[Widget]:
        title = _("Host a table: {game}").format(game=_(self.info.title))
        self.heading = Label(title, 40, pal.CREAM, "title")
        self.address = Label(lambda: _("Address: {address}").format(address=self.hosted.address), 26,
                             pal.CREAM, "bold")
        self.code = Label(lambda: _("Join code: {code}").format(code=self.hosted.code), 34, pal.LEMON, "bold")
        self.link = Label(lambda: _("Join link: {link}").format(link=self.join_link()), 20, pal.CREAM)
        self.joined = Label(self.joined_text, 22, pal.CREAM, wrap=True)
        self.start_button = Button(_("Start"), self.start, size=30)
        self.back_button = Button(_("Back"), self.back, size=26)
        # A code that got about (read aloud, pasted in the wrong chat) is changed, not lived with.
        self.new_code_button = Button(_("New code"), self.hosted.new_code, size=26)
        # A port of the host's choosing: one a router forwards, kept from then on for this game.
        self.port_input = TextInput(_("Port"), self.port_text, self._set_port, max_len=5, size=22)
        self.port_button = Button(_("Use this port"), self.use_port, enabled=self._port_changed, size=22)
        self.port_label = Label(lambda: self.port_line, 20, pal.LEMON, wrap=True)
        # Who may watch (in no seat, the public table only), and how far behind the game.
        self.watch_row = Cycler(_("Watchers"), list(_WATCHING), _WATCHING.index(self.watching),
                                self._set_watching, fmt=lambda d: _(_WATCHING_WORDS[d]), size=22)
        return [self.start_button, self.new_code_button, self.watch_row, self.port_input, self.port_button,
                self.back_button, self.heading, self.address, self.code, self.link, self.joined,
                self.port_label]

    def _set_watching(self, delay: float | None) -> None:
        """Watching off (None), or on with watchers `delay` seconds behind the game."""
        self.watching = delay
        self.hosted.let_watch(delay is not None, delay or 0.0)

    def _set_port(self, text: str) -> None:
        self.port_text = text.strip()

    def _port_changed(self) -> bool:
        return self.port_text != str(self.hosted.port)

    def _taken_line(self, port: int) -> str:
        return _(_PORT_TAKEN).format(port=port, new=self.hosted.port)

    def use_port(self) -> None:
        """Listen on the port typed, or say in one line why not (players already here stay)."""
        text = self.port_text
        if not text.isdigit() or not 1024 <= int(text) <= 65535:
            self.port_line = _("A port is a number from 1024 to 65535.")
        elif self.hosted.move_to(int(text)):
            self.port_line = ""
        else:
            self.port_line = _("Port {port} is in use by another program: type another port.").format(
                port=text)
        self.port_text = str(self.hosted.port) if not self.port_line else text
        self.rebuild()

    def join_link(self) -> str:
        """The whole link to share: pasted into a join screen's Address it fills in everything."""
        from pie_table.net.join_link import join_link

        return join_link(self.hosted.address, self.hosted.host.id, self.hosted.code)

    def joined_text(self) -> str:
        """Each remote seat, who has taken it or that it is still open, one after another (wrapped)."""
        joined = self.hosted.joined()
        lines = []
        for seat in sorted(self.remote):
            if seat not in joined:
                lines.append(_("Seat {n}: open").format(n=seat + 1))
            else:
                name, here = joined[seat]
                name = name or _("Player {n}").format(n=seat + 1)  # taken with no name given
                state = _("here") if here else _("away")
                lines.append(_("Seat {n}: {name} ({state})").format(n=seat + 1, name=name, state=state))
        return " · ".join(lines)

    def start(self) -> None:
        """Open the table (players may still join: the game waits for a remote seat's move)."""
        self.started = True
        self.hosted.tell_paused("")
        self.app.scenes.replace(self.table)

    def back(self) -> None:
        """Stop hosting and go back to the seats."""
        stop_hosting(self.app, self.hosted)
        super().back()

    def next_frame(self) -> float | None:
        return _REFRESH_S

    @property
    def room(self) -> tuple[int, int]:  # type: ignore[override]
        """The room's width at scale 1 with the Watchers row under the Port row, and its height:
        stacked, as tall as the window or as its lines need (page_need), so the buttons come
        right under them and a larger interface size scrolls the page."""
        return _ROOM_W, 0 if self.stacked else _ROOM_H

    def on_resize(self, size: tuple[int, int]) -> None:
        # The Port and Watchers rows side by side while the window holds both at this scale.
        self.stacked = size[0] < _ONE_ROW_W * page_scale(size, _ROOM_W)
        super().on_resize(size)

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        if self.stacked:
            self._layout_stacked(size)
            return
        self.heading.place(pygame.Rect(0, int(30 * s), w, int(60 * s)), s)
        self.address.place(pygame.Rect(0, int(h * 0.28), w, int(40 * s)), s)
        self.code.place(pygame.Rect(0, int(h * 0.28 + 56 * s), w, int(50 * s)), s)
        self.link.place(pygame.Rect(0, int(h * 0.28 + 110 * s), w, int(30 * s)), s)
        self.joined.place(pygame.Rect(int(w * 0.1), int(h * 0.28 + 150 * s), int(w * 0.8), int(90 * s)), s)
        (pw, pbw), py = self._port_widths(w, s), int(h * 0.28 + 244 * s)
        ww, between = int(400 * s), int(40 * s)  # who may watch, on the same row, on its own panel
        px = w // 2 - (pw + pbw + int(12 * s) + between + ww) // 2
        self._place_port_rows(px, py, px + pw + pbw + int(12 * s) + between, py, s)
        self._place_buttons(size, s)

    def _layout_stacked(self, size: tuple[int, int]) -> None:
        """A page too narrow for the Port and Watchers rows side by side: everything one under the
        other, the lines wrapped at their size, the buttons under them or at the window's foot."""
        w, h, s = size[0], size[1], self.scale
        margin = int(20 * s)
        y = int(30 * s)
        for label, line_h, after in ((self.heading, 60, 30), (self.address, 40, 16), (self.code, 50, 4),
                                     (self.link, 30, 10)):
            tall = label.place_lines(pygame.Rect(margin, y, w - 2 * margin, int(line_h * s)), s)
            y += int(line_h * s) + tall + int(after * s)
        lines = len(wrap_text(self.joined.current_text(), font(int(22 * s)), int(w * 0.8)))
        joined_h = max(2, lines) * self.joined.line_height(s)  # (room for a second seat's line)
        self.joined.place(pygame.Rect(int(w * 0.1), y, int(w * 0.8), joined_h), s)
        pw, pbw = self._port_widths(w, s)
        px, py = w // 2 - (pw + pbw + int(12 * s)) // 2, self.joined.rect.bottom + int(24 * s)
        self._place_port_rows(px, py, w // 2 - int(200 * s), py + int(_ROW_UNDER * s), s)
        bh, gap = int(58 * s), int(24 * s)
        foot = self.port_label.rect.bottom + gap + 2 * bh + gap + int(30 * s)
        self._place_buttons((w, max(h, foot)), s)
        self.page_need = foot

    def _place_port_rows(self, px: int, py: int, wx: int, wy: int, s: float) -> None:
        """The Port row at (px, py) with its button, the Watchers row at (wx, wy), on their panels,
        and the port's line under the lower of them."""
        w = self.scroll_page.size[0]
        (pw, pbw), ph, ww = self._port_widths(w, s), int(40 * s), int(400 * s)
        self.port_input.place(pygame.Rect(px, py, pw, ph), s)
        self.port_button.place(pygame.Rect(px + pw + int(12 * s), py, pbw, ph), s)
        self.watch_row.place(pygame.Rect(wx, wy, ww, ph), s)
        below = max(py, wy) + ph + int(4 * s)
        # (Room for one line of it only while it says nothing: the buttons come up under the rows.)
        line_h = int(50 * s)
        if self.stacked and not self.port_line:
            line_h = self.port_label.line_height(s) + int(4 * s)
        self.port_label.place(pygame.Rect(int(w * 0.1), below, int(w * 0.8), line_h), s)
        pad = int(8 * s)
        self.port_panel = pygame.Rect(px - 2 * pad, py - pad, pw + pbw + int(44 * s), ph + 2 * pad)
        self.watch_panel = pygame.Rect(wx - 2 * pad, wy - pad, ww + 4 * pad, ph + 2 * pad)

    def _port_widths(self, w: int, s: float) -> tuple[int, int]:
        """The Port row's and its button's widths on a page `w` wide: the button as wide as its
        text needs with room either side (Spanish's is long), the row giving way to it."""
        pbw = max(int(220 * s), self.port_button.roomy_width(s))
        return min(int(340 * s), w - 2 * int(20 * s) - int(12 * s) - pbw - int(32 * s)), pbw

    def _place_buttons(self, size: tuple[int, int], s: float) -> None:
        """Back and Start at the foot of a page `size`, New code over them."""
        w, h = size
        bh, gap = int(58 * s), int(24 * s)
        buttons = (self.back_button, self.start_button, self.new_code_button)  # room beside each text
        bw = min(max(int(220 * s), *(b.roomy_width(s) for b in buttons)), (w - gap) // 2 - int(20 * s))
        y = h - bh - int(30 * s)
        self.back_button.place(pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh), s)
        self.start_button.place(pygame.Rect(w // 2 + gap // 2, y, bw, bh), s)
        self.new_code_button.place(pygame.Rect(w // 2 - bw // 2, y - bh - gap, bw, bh), s)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.port_panel, self.scale)  # the Port row's caption reads on it
        draw_panel(surface, self.watch_panel, self.scale)  # and the Watchers row's
