"""Join a table hosted on another machine (issue 23 item 1): the tables announced on the local
network listed by themselves (zeroconf, looked for on a background thread), or an address typed
for the internet; the join code, a free seat and a name. Every refusal is one line (a wrong code,
a seat taken, a version mismatch), as the host words it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.i18n import N_, _, tr
from pie_table.kit.rows import Cycler, TextInput
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import MenuScene, draw_panel, load_factory
from pie_table.scenes.net_host import wake_window

_TABLE = "1"  # a table hosted from a window is its server's only table
_SEATS = list(range(1, 9))
_LOOK_S = 1.5  # how long one look for tables on the local network lasts


def open_remote_table(app: Any, driver: Any) -> str:
    """Put the game's table scene, playing through `driver`, in place of the join screen; the
    reason it cannot ('' when it opened). A game may give a table of its own for a seat played
    from here (its registration's `remote_scene_factory`); else its table runs on the driver."""
    info = driver.info
    factory = load_factory(info.remote_scene_factory or info.scene_factory)
    if factory is None:
        driver.close()
        return _("This game's table could not be loaded.")
    if driver.realtime:  # a real-time seat (Rumble Pie): the game's table draws the host's frames
        app.scenes.replace(factory(app, driver.setup, remote=driver))
        return ""
    table = factory(app, driver.setup, driver=driver)
    keep_joined(table, driver)
    app.scenes.replace(table)
    return ""


def keep_joined(table: Any, driver: Any) -> None:
    """The seat's token is remembered (joining again takes the seat back); when the link ends
    (the host quit, the network went) the window says so in one line and goes back to the title;
    leaving the table leaves the seat (shown away to the others). Wrapped here, not written into
    the shared table, whose code is the same for every table without a network."""
    from pie_table.net.seat_tokens import remember

    remember(driver.url, driver.table, driver.token)
    update, leave = table.update, table.exit

    def joined_update(dt: float) -> None:
        if driver.lost and not driver.is_over():
            return_to_title(table.app, lost_line(driver))
            return
        # A player who joined after this one is named as the host names them.
        table.names.rename({seat: name for seat, name in enumerate(driver.names) if seat != driver.seat})
        update(dt)

    def joined_exit() -> None:
        leave()
        driver.close()

    table.update, table.exit = joined_update, joined_exit


def lost_line(driver: Any) -> str:
    """Why a joined table ended before the game did, in one line (a message id: the title
    translates it each time it is built)."""
    if driver.host_quit:
        return N_("The host left the table: the game is saved on the host's machine.")
    return N_("The connection to the host was lost: join again to take your seat back.")


def return_to_title(app: Any, line: str) -> None:
    """Leave the table for the title, which says `line` (a message id) until the player leaves it
    for another screen, however often it is built again meanwhile (a resize, a language)."""
    from pie_table.scenes.title import TitleScene

    app.table_notice = line
    if app.scenes.pop_until(lambda scene: isinstance(scene, TitleScene)) is None and app.home is not None:
        app.scenes.push(app.home(app))  # no title under the table: a fresh one


def _taken_back(address: str) -> Any:
    """The seat this player last had at the table on `address`, taken back with its remembered
    token (None: none remembered, or the host no longer knows it)."""
    from pie_table.net.client import HostRefused
    from pie_table.net.remote_driver import RemoteDriver
    from pie_table.net.seat_tokens import forget, remembered

    token = remembered(address, _TABLE)
    if not token:
        return None
    try:
        return RemoteDriver(address, _TABLE, token=token, wake=wake_window)
    except HostRefused:
        forget(address, _TABLE)
        return None


def _realtime_seat(address: str, code: str, seat: int, name: str) -> Any:
    """The seat at a real-time table (Rumble Pie: the game's table joins it, as `remote`), or None
    for a turn-based one (asked of the host's lobby first: the two speak differently)."""
    from pie_table.core.registry import get_game
    from pie_table.net.realtime_client import hosted_game

    table = hosted_game(address, _TABLE)
    if table is None or not table.get("realtime"):
        return None
    factory = load_factory(get_game(table["game"]).scene_factory)
    if factory is None:
        return None
    from pie_table.net.client import HostRefused
    from pie_table.net.seat_tokens import forget, remember, remembered

    sim = None
    token = remembered(address, _TABLE)
    if token:  # the seat this player left (the window closed, or Leave): taken back
        try:
            sim = factory.join_remote(address, _TABLE, "", -1, name, wake_window, token=token)
        except HostRefused:
            forget(address, _TABLE)
    if sim is None:
        sim = factory.join_remote(address, _TABLE, code, seat, name, wake_window)
    remember(address, _TABLE, sim.client.token)
    return sim


class JoinScene(MenuScene):
    """Address (or a table found on the local network), join code, seat and name; Join."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.address, self.code, self.name, self.seat = "ws://127.0.0.1:", "", "", 2
        self.found: list[dict[str, Any]] = []
        self.notice = ""
        self.looking = False
        self._joining: threading.Thread | None = None
        self._result: tuple[Any, str] | None = None  # (driver, refusal) once a join attempt ended

    def build(self) -> list[Widget]:
        self.heading = Label(_("Join a table"), 44, pal.CREAM, "title")
        self.address_input = TextInput(_("Address"), self.address, self._set_address, max_len=60)
        self.code_input = TextInput(_("Join code"), self.code, self._set_code, max_len=8)
        self.seat_row = Cycler(_("Seat"), _SEATS, _SEATS.index(self.seat), self._set_seat)
        self.name_input = TextInput(_("Name"), self.name, self._set_name, max_len=24)
        self.look_button = Button(_("Look on the local network"), self.look, size=22)
        self.found_buttons = [Button(f"{t['name']} · {t['address']}:{t['port']}", self._picker(t), size=20)
                              for t in self.found[:4]]
        self.status = Label(lambda: self.notice, 22, pal.CHERRY, wrap=True)
        self.join_button = Button(_("Join"), self.join, enabled=self._can_join, size=30)
        self.back_button = Button(_("Back"), self.back, size=26)
        return [self.address_input, self.code_input, self.seat_row, self.name_input, self.look_button,
                *self.found_buttons, self.join_button, self.back_button, self.heading, self.status]

    def _set_address(self, text: str) -> None:
        self.address = text.strip()

    def _set_code(self, text: str) -> None:
        self.code = text.strip().upper()

    def _set_seat(self, seat: int) -> None:
        self.seat = seat

    def _set_name(self, text: str) -> None:
        self.name = text.strip()

    def _can_join(self) -> bool:
        return bool(self.address and self.code and self.name) and self._joining is None

    def _picker(self, table: dict[str, Any]) -> Callable[[], None]:
        """What a found table's button does: its address goes in the Address row."""
        def pick() -> None:
            self.address = table["url"]
            self.rebuild()
        return pick

    # -- the local network ---------------------------------------------------------------------------

    def look(self) -> None:
        """Look for tables announced on the local network, without holding up the window."""
        if self.looking:
            return
        self.looking, self.notice = True, _("Looking for tables on the local network…")

        def run() -> None:
            from pie_table.net.discovery import browse

            try:
                self.found = browse(_LOOK_S)
            except Exception:  # noqa: BLE001 - no network, no multicast: nothing found, said plainly
                self.found = []
            self.looking = False
            wake_window()
        threading.Thread(target=run, name="look-for-tables", daemon=True).start()

    # -- joining ---------------------------------------------------------------------------------------

    def join(self) -> None:
        """Connect and take the seat on a background thread; the table opens when the host says yes."""
        if not self._can_join():
            return
        self.notice = _("Joining…")
        address, code, seat, name = self.address, self.code, self.seat - 1, self.name

        def run() -> None:
            from pie_table.net.client import HostRefused
            from pie_table.net.remote_driver import RemoteDriver

            try:
                self._result = (_realtime_seat(address, code, seat, name) or _taken_back(address)
                                or RemoteDriver(address, _TABLE, code=code, seat=seat, name=name,
                                                wake=wake_window), "")
            except HostRefused as refused:
                self._result = (None, str(refused))
            except Exception:  # noqa: BLE001 - nobody there, refused connection, timeout: one line
                self._result = (None, _("No table answers at {address}.").format(address=address))
            wake_window()
        self._joining = threading.Thread(target=run, name="join-table", daemon=True)
        self._joining.start()

    def update(self, dt: float) -> None:
        if not self.looking and self.notice == _("Looking for tables on the local network…"):
            self.notice = "" if self.found else _("No table found on the local network.")
            self.rebuild()
        if self._result is None:
            return
        driver, refusal = self._result
        self._result, self._joining = None, None
        if driver is None:
            self.notice = tr(refusal) if refusal else ""
            return
        self.notice = open_remote_table(self.app, driver)

    def next_frame(self) -> float | None:
        return 0.1 if self.looking or self._joining is not None else super().next_frame()

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.panel, self.scale)

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        self.heading.place(pygame.Rect(0, int(24 * s), w, int(60 * s)), s)
        rw, rh, gap = int(min(720 * s, w * 0.8)), int(44 * s), int(10 * s)
        x, y = w // 2 - rw // 2, int(110 * s)
        rows = 5 + len(self.found_buttons)
        self.panel = pygame.Rect(x - int(30 * s), y - int(20 * s), rw + int(60 * s),
                                 rows * (rh + gap) + int(110 * s))
        for row in (self.address_input, self.code_input, self.seat_row, self.name_input, self.look_button,
                    *self.found_buttons):
            row.place(pygame.Rect(x, y, rw, rh), s)
            y += rh + gap
        self.status.place(pygame.Rect(x, y + gap, rw, int(60 * s)), s)
        bw, bh = int(220 * s), int(58 * s)
        by = h - bh - int(30 * s)
        self.back_button.place(pygame.Rect(w // 2 - bw - gap, by, bw, bh), s)
        self.join_button.place(pygame.Rect(w // 2 + gap, by, bw, bh), s)
