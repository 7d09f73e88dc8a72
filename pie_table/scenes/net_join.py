"""Join a table hosted on another machine: the servers announced on the local
network listed by themselves (zeroconf, kept up to date while the screen is open), or an address
typed for the internet (a join link pasted whole fills the address, table and code); what the
address holds (its lobby's tables: the player picks one, and a free seat of it) and a name. The
form is remembered for next time. Every refusal is one line (a wrong code, a seat taken, a version
mismatch), as the host words it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from pie_table.kit import palette as pal
from pie_table.kit.fonts import font
from pie_table.kit.i18n import N_, _, ngettext, tr
from pie_table.kit.rows import Cycler, TextInput
from pie_table.kit.text import NARROW_PAGE, design_scale, wrap_text
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import MenuScene, draw_panel, load_factory
from pie_table.scenes.net_host import wake_window

if TYPE_CHECKING:  # the network and the tables load only once a table is joined
    from pie_table.core.registry import GameInfo
    from pie_table.core.setup import GameSetup
    from pie_table.core.table_driver import TurnDriver
    from pie_table.net.link_source import LinkSource
    from pie_table.net.remote_driver import RemoteDriver
    from pie_table.scenes.turn_table.table import TurnTable


class JoinedSeat(Protocol):
    """What the join screen needs of a seat it joined: a turn-based one (`RemoteDriver`) or a
    real-time one (Rumble Pie's table drawn from the host's frames)."""

    @property
    def seat(self) -> int:
        """The seat the host gave (one taken back may not be the one picked)."""

    @property
    def realtime(self) -> bool:
        """True for a real-time game: its table is opened with this seat as `remote`."""

    @property
    def info(self) -> GameInfo: ...

    @property
    def setup(self) -> GameSetup: ...

    def close(self) -> None: ...


_SEATS = list(range(1, 9))  # the seats offered before the address's lobby has said which are free
_SETTLE_S = 0.6  # an address left unchanged this long is asked what it holds
_SHOWN = 3  # servers found on the local network shown at once (and tables of one lobby: one more)
_SILENT = N_("{address} did not answer within {seconds} s: is the host running? Change the address or type it again to ask again.")  # noqa: E501
_RUNNING = 0.1  # seconds between frames while an answer from the network is awaited
_WATCH_LOST = N_("The connection to the table you watched was lost: watch it again from Join.")

_MADE = N_("Table {table} is made. Its join code is {code}; the others join with it, or with {link}. Join takes your seat.")  # noqa: E501
_RECODED = N_("Table {table} has a new join code, {code}: the others join with it, or with {link}. The old code takes no seat now.")  # noqa: E501
# Something answered, but not as a pie_table host (a proxy's page for a path it does not route).
_NOT_A_HOST = N_("Something answers at {address}, but not as a pie_table host: check the address and the path of its link.")  # noqa: E501


def open_remote_table(app: Any, driver: JoinedSeat) -> str:
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
    from pie_table.net.remote_driver import RemoteDriver

    assert isinstance(driver, RemoteDriver)  # every seat not real-time is played through one
    turn_driver: TurnDriver = driver  # what the table plays through, here or elsewhere
    table = factory(app, driver.setup, driver=turn_driver)
    keep_joined(table, driver)
    app.scenes.replace(table)
    return ""


def keep_joined(table: TurnTable, driver: RemoteDriver[LinkSource]) -> None:
    """The seat's token is remembered (joining again takes the seat back), and the table is
    linked to the host (`JoinedLink`)."""
    from pie_table.net.seat_tokens import remember

    remember(driver.source.url, driver.source.table, driver.source.token)
    table.link = JoinedLink(driver)


class JoinedLink:
    """A turn-based table's link to the host of its game: when the link ends (the host quit, the
    network went) the window says so in one line and goes back to the title; a player who joined
    later is named as the host names them; leaving the table leaves the seat (shown away to the
    others). A part the table is given, so the shared table's code is the same for every table."""

    def __init__(self, driver: RemoteDriver[LinkSource]) -> None:
        self.driver = driver

    def before_frame(self, table: TurnTable) -> bool:
        driver = self.driver
        if driver.lost and not driver.is_over():
            return_to_title(table.app, lost_line(driver.source))
            return False
        table.names.rename({seat: name for seat, name in enumerate(driver.names) if seat != driver.seat})
        return True

    def left(self) -> None:
        self.driver.close()


class WatchingLink:
    """A watched table's link to its host: the updates the host sends are played as they come (a
    watched table has no turn of its own to take, so this is what moves it on), a player who took
    a seat meanwhile is named, and the table goes back to the title in one line if the link ends
    before the game does; leaving the table stops watching."""

    def __init__(self, driver: RemoteDriver[LinkSource]) -> None:
        self.driver = driver

    def before_frame(self, table: TurnTable) -> bool:
        driver = self.driver
        if driver.lost and not driver.is_over():
            link = driver.source
            return_to_title(table.app, _WATCH_LOST if not link.host_quit else lost_line(link))
            return False
        table.names.rename(dict(enumerate(driver.names)))
        driver.update(0.0)  # tells the table's listeners what came, on this thread
        return True

    def left(self) -> None:
        self.driver.close()


def watch_table(address: str, table: str, listed: dict[str, Any] | None = None) -> Any:
    """A watcher of `table` on `address`, in no seat: a real-time table's (the game's table draws
    it, as `remote`) or a turn-based table's driver. `listed`: the table's line in the lobby's
    list, when the screen has it (else the lobby is asked). Blocking; HostRefused with the host's
    line."""
    from pie_table.core.registry import get_game
    from pie_table.net.link_source import join_seat
    from pie_table.net.realtime_play import hosted_game

    line = listed if listed is not None else hosted_game(address, table)
    if line is not None and line.get("realtime"):
        factory = load_factory(get_game(line["game"]).scene_factory)
        if factory is not None:
            watched = join_seat(address, table, watch=True, wake=wake_window, realtime=True)
            return factory.remote_table(watched)
    return join_seat(address, table, watch=True, wake=wake_window)


def open_watched_table(app: Any, watcher: JoinedSeat) -> str:
    """Put the game's table scene, watching through `watcher`, in place of the join screen; the
    reason it cannot ('' when it opened). The table shows the public view: no seat is this one."""
    factory = load_factory(watcher.info.remote_scene_factory or watcher.info.scene_factory)
    if factory is None:
        watcher.close()
        return _("This game's table could not be loaded.")
    if watcher.realtime:
        app.scenes.replace(factory(app, watcher.setup, remote=watcher, watch=True))
        return ""
    from pie_table.net.remote_driver import RemoteDriver

    assert isinstance(watcher, RemoteDriver)  # every watcher not real-time watches through one
    turn_driver: TurnDriver = watcher
    table = factory(app, watcher.setup, driver=turn_driver, watch=True)
    table.watch_seat = None  # the public table
    table.link = WatchingLink(watcher)
    app.scenes.replace(table)
    return ""


def lost_line(driver: Any) -> str:
    """Why a joined table ended before the game did, in one line (a message id: the title
    translates it each time it is built)."""
    if driver.host_quit:
        return N_("The host left the table: the game is saved on the host's machine.")
    return N_("The connection to the host was lost: join again to take your seat back.")


def return_to_title(app: Any, line: str) -> None:
    """Leave the table for the title, which says `line` (a message id) until the player leaves it
    for another screen, however often it is built again meanwhile (a resize, a language)."""
    app.table_notice = line
    if app.scenes.pop_until(lambda scene: scene.is_home) is None and app.home is not None:
        app.scenes.push(app.home(app))  # no title under the table: a fresh one


def _taken_back(address: str, table: str) -> Any:
    """The seat this player last had at `table` on `address`, taken back with its remembered
    token (None: none remembered, or the host no longer knows it)."""
    from pie_table.net.client import HostRefused
    from pie_table.net.link_source import join_seat
    from pie_table.net.seat_tokens import forget, remembered

    token = remembered(address, table)
    if not token:
        return None
    try:
        return join_seat(address, table, token=token, wake=wake_window)
    except HostRefused:
        forget(address, table)
        return None


def _realtime_seat(address: str, table_id: str, code: str, seat: int, name: str) -> Any:
    """The seat at a real-time table (Rumble Pie: the game's table drawn from the remote driver,
    as `remote`), or None for a turn-based one (asked of the host's lobby first: the two speak
    differently)."""
    from pie_table.core.registry import get_game
    from pie_table.net.realtime_play import hosted_game

    table = hosted_game(address, table_id)
    if table is None or not table.get("realtime"):
        return None
    factory = load_factory(get_game(table["game"]).scene_factory)
    if factory is None:
        return None
    from pie_table.net.client import HostRefused
    from pie_table.net.link_source import join_seat
    from pie_table.net.seat_tokens import forget, remember, remembered

    driver = None
    token = remembered(address, table_id)
    if token:  # the seat this player left (the window closed, or Leave): taken back
        try:
            driver = join_seat(address, table_id, name=name, token=token, wake=wake_window, realtime=True)
        except HostRefused:
            forget(address, table_id)
    if driver is None:
        driver = join_seat(address, table_id, code=code, seat=seat, name=name, wake=wake_window,
                           realtime=True)
    remember(address, table_id, driver.source.token)
    return factory.remote_table(driver)


def take_seat(address: str, table: str, code: str, seat: int, name: str) -> Any:
    """The seat (from 0) taken at `table` on `address`, or taken back with this machine's token:
    a real-time table's or a turn-based table's driver. Blocking; HostRefused with the host's line."""
    from pie_table.net.link_source import join_seat

    return (_realtime_seat(address, table, code, seat, name) or _taken_back(address, table)
            or join_seat(address, table, code=code, seat=seat, name=name, wake=wake_window))


def table_line(table: dict[str, Any]) -> str:
    """A lobby's table as the join screen lists it: its game, then its open and away seats (or
    that it is finished), and where it lives when another server holds it."""
    from pie_table.core.registry import load_games

    info = load_games().get(table["game"])
    title = _(info.title) if info is not None else table["game"]
    if table.get("over"):
        return _("{game} · table {table} · finished").format(game=title, table=table["table"])
    free = len(table.get("open", ()))
    line = ngettext("{game} · table {table} · {open} seat open", "{game} · table {table} · {open} seats open",
                    free).format(game=title, table=table["table"], open=free)
    away = len(table.get("away", ()))
    line += ngettext(" · {away} away", " · {away} away", away).format(away=away) if away else ""
    watchers = int(table.get("watchers", 0))
    line += ngettext(" · {n} watching", " · {n} watching", watchers).format(n=watchers) if watchers else ""
    # Held by another server sharing this one's store: joined where it lives.
    return line + (_(" · at {address}").format(address=table["at"]) if table.get("at") else "")


def seats_offered(address: str, table: dict[str, Any] | None) -> list[int]:
    """The seats (from 1) the Seat row cycles: the table's open seats and the away seat this
    machine last took there (joining takes it back); every seat while the table is not known."""
    if table is None:
        return _SEATS
    from pie_table.net.last_join import seat_taken

    mine = seat_taken(address, table["table"])
    away = [mine - 1] if mine is not None and mine - 1 in table.get("away", ()) else []
    return [seat + 1 for seat in sorted({*table.get("open", ()), *away})]


def _focus_key(widget: Widget | None) -> str | None:
    """What names a row of the form from one build to the next (its caption, or its text)."""
    return getattr(widget, "label", None) or getattr(widget, "text", None)


class JoinScene(MenuScene):
    """Address (or a server found on the local network), its tables, join code, seat and name; Join."""

    # The form at its narrowest, on a page as tall as the window, or as its rows need at a larger
    # interface size (page_need): the page then scrolls, the buttons right under the form.
    room = (NARROW_PAGE, 0)

    def __init__(self, app: Any, interfaces: Any = None) -> None:
        """`interfaces`: where zeroconf looks (None: every network this machine is on)."""
        super().__init__(app)
        from pie_table.net.last_join import load_last_join

        last, damaged = load_last_join()
        self.address, self.table, self.seat, self.name = last.address, last.table, last.seat, last.name
        self.code = ""
        self.interfaces = interfaces
        self.browser: Any = None
        self.found: list[dict[str, Any]] = []
        self.lan_line = ""  # why the local network is not looked on, when it cannot be
        self._found_changed = False
        self.tables: list[dict[str, Any]] | None = None  # the lobby's tables at `address`, once asked
        self.lobby_line = ""  # what the address holds, in one line, when not a list of tables
        self._settle: float | None = None  # seconds until a typed address is asked what it holds
        self._asking: threading.Thread | None = None
        self._lobby: tuple[str, Any, str] | None = None  # (address, LobbyAnswer or None, line), not yet shown
        self.creates = False  # the lobby at `address` lets a client make a table (a `serve` lobby)
        self.notice = tr(damaged) if damaged is not None else ""
        self._joining: threading.Thread | None = None
        self._result: tuple[Any, str] | None = None  # (driver, refusal) once a join attempt ended
        self._watch = False  # the attempt under way watches the table (in no seat) rather than joins
        self._recoding = False  # the attempt under way asks for the chosen table's new join code
        if self.address.count(":") >= 2 and not self.address.endswith(":"):
            self.ask_lobby()  # the remembered address: what it holds now

    # -- the form ------------------------------------------------------------------------------------

    def build(self) -> list[Widget]:
        self.heading = Label(_("Join a table"), 44, pal.CREAM, "title")
        # A link pasted (ws://…, wss://…) replaces the pre-filled address rather than joining it.
        self.address_input = TextInput(_("Address"), self.address, self._set_address, max_len=80,
                                       whole=lambda pasted: "://" in pasted)
        self.code_input = TextInput(_("Join code"), self.code, self._set_code, max_len=8)
        seats = seats_offered(self.address, self.chosen())
        self.seat_row = Cycler(_("Seat"), seats or [self.seat],
                               seats.index(self.seat) if self.seat in seats else 0, self._set_seat,
                               enabled=bool(seats))
        if seats and self.seat not in seats:
            self.seat = seats[0]
        self.name_input = TextInput(_("Name"), self.name, self._set_name, max_len=24)
        self.lan_label = Label(self._lan_text, 18, pal.INK_SOFT, wrap=True)
        self.found_buttons = [Button(f"{t['name']} · {t['address']}:{t['port']}", self._picker(t), size=18)
                              for t in self.found[:_SHOWN]]
        self.lobby_label = Label(lambda: self.lobby_line, 18, pal.INK_SOFT, wrap=True)
        self.table_buttons = [Button(("▶ " if t is self.chosen() else "") + table_line(t), self._chooser(t),
                                     enabled=not t.get("over"), size=18)
                              for t in (self.tables or [])[:_SHOWN + 1]]
        # Lemon on the wood, where the line stands under the form (cherry there could not be read).
        self.status = Label(lambda: self.notice, 22, pal.LEMON, wrap=True)
        self.join_button = Button(_("Join"), self.join, enabled=self._can_join, size=30)
        self.watch_button = Button(_("Watch"), self.watch, enabled=self._can_watch, size=26)
        self.back_button = Button(_("Back"), self.back, size=26)
        # Only a lobby that lets clients make tables offers it (a window's lobby holds its own table).
        self.new_button = Button(_("New table"), self.new_table, enabled=lambda: self._joining is None,
                                 size=26) if self.creates else None
        # A table this window made (its owner key kept, even from a window closed since) may be
        # given a new join code.
        self.recode_button = Button(_("New code"), self.recode, enabled=lambda: self._joining is None,
                                    size=26) if self._owner() is not None else None
        new = [b for b in (self.new_button, self.recode_button) if b is not None]
        return [self.address_input, *self.table_buttons, self.code_input, self.seat_row, self.name_input,
                *self.found_buttons, self.back_button, *new, self.watch_button, self.join_button,
                self.heading, self.lan_label, self.lobby_label, self.status]

    def _owner(self) -> str | None:
        """The owner key of the table chosen, when this window made it (None: made elsewhere)."""
        from pie_table.net.made_tables import owner_key

        table = self.chosen()
        if table is None or table.get("over"):
            return None
        return owner_key(self.address, table["table"])

    def rebuild(self) -> None:
        """Rebuild the form with the focus on the same row (lists above it may have grown)."""
        key = _focus_key(self.menu.focused)
        super().rebuild()
        same = [item for item in self.menu.items if item.focusable and _focus_key(item) == key]
        if key is not None and same:
            self.menu.set_focus(same[0])

    def _lan_text(self) -> str:
        if self.lan_line:
            return self.lan_line
        if self.found:
            return _("On the local network:")
        return _("Looking for tables on the local network…")

    def _set_address(self, text: str) -> None:
        self.address = text.strip()
        self._settle = _SETTLE_S
        self.notice = ""  # a refusal was about the address before: it no longer applies

    def _set_code(self, text: str) -> None:
        self.code = text.strip().upper()

    def _set_seat(self, seat: int) -> None:
        self.seat = seat

    def _set_name(self, text: str) -> None:
        self.name = text.strip()

    def _can_join(self) -> bool:
        code = self.code or self._taking_back()  # a seat taken back needs its token, not the code
        return (bool(self.address and code and self.name and self.table)
                and self.seat_row.enabled and self._joining is None)

    def _can_watch(self) -> bool:
        """A table of the lobby is chosen that its host lets be watched, and still plays."""
        table = self.chosen()
        return (table is not None and "watchers" in table and not table.get("over")
                and self._joining is None)

    def _taking_back(self) -> bool:
        """The seat chosen is this machine's own, away, at the table chosen (its token remembered)."""
        from pie_table.net.seat_tokens import remembered

        table = self.chosen()
        return (table is not None and self.seat - 1 in table.get("away", ())
                and bool(remembered(self.address, self.table)))

    def _picker(self, server: dict[str, Any]) -> Callable[[], None]:
        """What a found server's button does: its address goes in the Address row, and is asked
        what it holds."""
        def pick() -> None:
            self.address = server["url"]
            self.ask_lobby()
            self.rebuild()
        return pick

    def _chooser(self, table: dict[str, Any]) -> Callable[[], None]:
        """What a table's button does: that table is the one joined (the Seat row offers its seats)."""
        def choose() -> None:
            self.table = table["table"]
            if table.get("at"):  # another server sharing the store holds it: asked and joined there
                self.address = str(table["at"])
                self.ask_lobby()
            self.rebuild()
        return choose

    def chosen(self) -> dict[str, Any] | None:
        """The lobby's line for the table chosen, when the address has been asked."""
        return next((t for t in self.tables or () if t["table"] == self.table), None)

    # -- the local network ---------------------------------------------------------------------------

    def enter(self) -> None:
        """Start looking on the local network (until the screen is left)."""
        from pie_table.net.discovery import Browser

        try:
            self.browser = Browser(self._on_found, interfaces=self.interfaces)
        except Exception:  # noqa: BLE001 - no network, no multicast: said in one quiet line
            self.lan_line = _("Tables on the local network cannot be looked for here: type an address.")
        super().enter()

    def _on_found(self) -> None:
        """From zeroconf's thread: a server came or went."""
        self._found_changed = True
        wake_window()

    def exit(self) -> None:
        """Stop looking on the local network (off the window's thread: closing waits for zeroconf)."""
        browser, self.browser = self.browser, None
        if browser is not None:
            threading.Thread(target=browser.close, name="stop-looking", daemon=True).start()

    # -- what the address holds ----------------------------------------------------------------------

    def address_settled(self) -> None:
        """The address typed is left alone: a join link fills the table and the code too; the
        address is then asked what it holds."""
        from pie_table.net.join_link import parse_join_link

        link = parse_join_link(self.address)
        if link is not None:
            self.address, self.table, self.code = link
        if self.address:
            self.ask_lobby()
        else:  # nothing to ask: say what goes there
            self.tables, self.lobby_line = None, _("Type the host's address, or paste its join link.")
        self.rebuild()

    def ask_lobby(self) -> None:
        """Ask the lobby at the address for its tables, on a background thread."""
        address = self.address
        self.tables, self.lobby_line = None, _("Asking {address} for its tables…").format(address=address)

        def run() -> None:
            from pie_table.net.client import HostRefused, NotAHost
            from pie_table.net.lobby_list import ATTEMPTS, TIMEOUT_S
            from pie_table.net.lobby_list import ask_lobby as asked

            def again(attempt: int) -> None:  # a busy host may be slow: say it is asked again
                self.lobby_line = _("{address} is slow to answer: asking again ({n} of {total})…").format(
                    address=address, n=attempt, total=ATTEMPTS)
                wake_window()
            try:
                self._lobby = (address, asked(address, on_retry=again), "")
            except HostRefused as refused:
                self._lobby = (address, None, str(refused))
            except TimeoutError:
                self._lobby = (address, None, _(_SILENT).format(address=address,
                                                                seconds=round(ATTEMPTS * TIMEOUT_S)))
            except NotAHost:
                self._lobby = (address, None, _(_NOT_A_HOST).format(address=address))
            except Exception:  # noqa: BLE001 - nobody there, not a pie_table host: one line
                self._lobby = (address, None, _("No pie_table table answers at {address}.").format(
                    address=address))
            wake_window()
        self._asking = threading.Thread(target=run, name="ask-lobby", daemon=True)
        self._asking.start()

    def _lobby_answered(self, address: str, answer: Any, line: str) -> None:
        """The lobby at `address` answered (a `LobbyAnswer`), or `line` says why not (None)."""
        if address != self.address:
            return  # the address changed meanwhile: its own answer follows
        tables = answer.tables if answer is not None else None
        self.creates = answer is not None and answer.creates
        self.tables, self.lobby_line = tables, tr(line) if line else ""
        if tables is not None and not tables:
            self.lobby_line = _("No table is open at this address.")
        chosen = self.chosen()
        if tables and (chosen is None or chosen.get("over")):
            playable = [t for t in tables if not t.get("over") and seats_offered(address, t)]
            self.table = (playable or tables)[0]["table"]
        self.rebuild()

    # -- a new table -----------------------------------------------------------------------------------

    def new_table(self) -> None:
        """The game list, then the seat screen of a table made on this lobby (`net_create`)."""
        from pie_table.scenes.game_select import GameSelectScene
        from pie_table.scenes.net_create import LobbySeatsScene

        def seats(info: GameInfo) -> LobbySeatsScene:
            return LobbySeatsScene(self.app, info, self)
        self.app.scenes.push(GameSelectScene(self.app, seats=seats))

    def made(self, table: str, code: str, seat: int) -> None:
        """The lobby made `table`: it is the one chosen, with its code and this player's `seat`
        (from 0) in the form, and one line gives the code and link the other players join with
        (the table's screen will not show them): Join takes the seat."""
        from pie_table.net.join_link import join_link

        self.table, self.code, self.seat = table, code, seat + 1
        self.ask_lobby()  # the list shows it (meanwhile every seat is offered, as for a link pasted)
        self.rebuild()
        self.notice = _(_MADE).format(table=table, code=code, link=join_link(self.address, table, code))
        self.menu.set_focus(self.join_button if self.name else self.name_input)

    def recode(self) -> None:
        """A new join code for the chosen table, made here (on a background thread): the code
        typed and the line saying it and its link change; the old code takes no seat from now."""
        owner, address, table = self._owner(), self.address, self.table
        if owner is None or self._joining is not None:
            return
        self.notice = _("Asking for a new code…")

        def ask() -> str:
            from pie_table.net.lobby_list import recode_table

            return recode_table(address, table, owner)
        self._recoding = True
        self._ask_host("recode-table", address, ask)

    # -- joining ---------------------------------------------------------------------------------------

    def join(self) -> None:
        """Connect and take the seat on a background thread; the table opens when the host says yes."""
        if not self._can_join():
            return
        self.notice = _("Joining…")
        address, table, code, seat, name = self.address, self.table, self.code, self.seat - 1, self.name
        self._ask_host("join-table", address, lambda: take_seat(address, table, code, seat, name))

    def watch(self) -> None:
        """Watch the chosen table in no seat (no code, no name): on a background thread, the table
        opening in watch mode when the host says yes."""
        if not self._can_watch():
            return
        self.notice, self._watch = _("Asking to watch…"), True
        address, table, listed = self.address, self.table, self.chosen()
        self._ask_host("watch-table", address, lambda: watch_table(address, table, listed))

    def _ask_host(self, name: str, address: str, ask: Callable[[], Any]) -> None:
        """`ask()` on a thread of its own; its driver, or the host's refusal as one line, is the
        result `update` opens the table from (or says)."""
        def run() -> None:
            from pie_table.net.client import HostRefused, NotAHost

            try:
                self._result = (ask(), "")
            except HostRefused as refused:
                self._result = (None, str(refused))
            except NotAHost:
                self._result = (None, _(_NOT_A_HOST).format(address=address))
            except Exception:  # noqa: BLE001 - nobody there, refused connection, timeout: one line
                self._result = (None, _("No table answers at {address}.").format(address=address))
            wake_window()
        self._joining = threading.Thread(target=run, name=name, daemon=True)
        self._joining.start()

    def _joined(self, driver: JoinedSeat) -> None:
        """The host said yes: the form is remembered, and the table opens."""
        from pie_table.net.last_join import remember_join

        remember_join(self.address, self.table, driver.seat + 1, self.name)  # the seat the host gave
        self.notice = open_remote_table(self.app, driver)

    def update(self, dt: float) -> None:
        if self._found_changed and self.browser is not None:
            self._found_changed, self.found = False, self.browser.found()
            self.rebuild()
        if self._settle is not None:
            self._settle -= dt
            if self._settle <= 0:
                self._settle = None
                self.address_settled()
        if self._lobby is not None:
            answer, self._lobby, self._asking = self._lobby, None, None
            self._lobby_answered(*answer)
        if self._result is None:
            return
        driver, refusal = self._result
        self._result, self._joining, watching, self._watch = None, None, self._watch, False
        recoded, self._recoding = self._recoding, False
        if driver is None:
            self.notice = tr(refusal) if refusal else ""
            return
        if recoded:  # the answer is the table's new code
            from pie_table.net.join_link import join_link

            self.code = str(driver)
            self.rebuild()
            self.notice = _(_RECODED).format(table=self.table, code=self.code,
                                             link=join_link(self.address, self.table, self.code))
            return
        if watching:
            from pie_table.net.last_join import remember_join

            remember_join(self.address, self.table, self.seat, self.name)  # the address, for next time
            self.notice = open_watched_table(self.app, driver)
        else:
            self._joined(driver)

    def next_frame(self) -> float | None:
        waiting = self._settle is not None or self._asking is not None or self._joining is not None
        return _RUNNING if waiting else super().next_frame()

    # -- drawing ----------------------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.panel, self.scale)

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        self.heading.place(pygame.Rect(0, int(16 * s), w, int(56 * s)), s)
        rw, gap = int(min(760 * s, w * 0.86)), int(6 * s)
        bw, bh = int(220 * s), int(54 * s)
        by = h - bh - int(20 * s)
        x, top = w // 2 - rw // 2, int(86 * s)
        # The lines under the address, when they say something: a long one (a version mismatch)
        # wraps, and every line it takes is given room, not hidden under the Join code row.
        small_font = font(max(12, int(18 * s)))  # the lobby label's
        lobby_h = len(wrap_text(self.lobby_line, small_font, rw)) if self.lobby_line else 0
        small = [len(self.table_buttons) + lobby_h, len(self.found_buttons) + 1]  # lists and their lines
        room = by - top - int(40 * s)  # the status line's room above the buttons
        fits = int((room - sum(small) * gap) // (4 + sum(small) * 0.72))  # a row's height with its gap
        # At 100% the form fits its window, its rows narrowing for long lists; a larger interface
        # size keeps them whole and makes the page longer instead.
        grown = s > design_scale(self.scroll_page.window)
        rh = int(42 * s) if grown else max(int(24 * s), min(int(42 * s), fits - gap))
        sh = int(rh * 0.72)
        y = top
        lobby_rows = max(sh, small_font.get_linesize()) * lobby_h
        for row, height in ((self.address_input, rh), (self.lobby_label, lobby_rows),
                            *((b, sh) for b in self.table_buttons), (self.code_input, rh),
                            (self.seat_row, rh), (self.name_input, rh), (self.lan_label, sh),
                            *((b, sh) for b in self.found_buttons)):
            row.place(pygame.Rect(x, y, rw, height), s)
            y += height + gap * bool(height)
        lines = len(wrap_text(self.notice, font(max(12, int(22 * s))), rw)) if self.notice else 1
        status_h = max(int(24 * s), lines * self.status.line_height(s))  # (drawn from its top down)
        if grown:  # the buttons under the status line's lines, where the form reaches past the foot
            by = max(by, y + status_h + gap)
            self.page_need = by + bh + int(20 * s)
        self.status.place(pygame.Rect(x, y, rw, status_h), s)
        self.panel = pygame.Rect(x - int(24 * s), top - int(14 * s), rw + int(48 * s), y - top + int(20 * s))
        buttons = [self.back_button, *(b for b in (self.new_button, self.recode_button) if b is not None),
                   self.watch_button, self.join_button]  # as they are read
        clear = max(2 * gap, w - self.scroll_page.bar().x + int(4 * s))  # off the scroll bar, if any
        bw = min(bw, (w - 2 * clear - 2 * gap * (len(buttons) - 1)) // len(buttons))
        left = w // 2 - (len(buttons) * bw + (len(buttons) - 1) * 2 * gap) // 2
        for i, button in enumerate(buttons):
            button.place(pygame.Rect(left + i * (bw + 2 * gap), by, bw, bh), s)
