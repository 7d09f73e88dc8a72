"""Two windows in one process for the network table tests: the host's (a headless `App`, on the
test's thread) and a remote player's (`Window`, its own scene stack and screen, stepped on a
thread of its own, since its table waits for the host's answer to every move it sends), joined
over a real socket on 127.0.0.1."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pygame

from pie_table.core.pacing import Pace
from pie_table.core.registry import get_game
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit import keybindings
from pie_table.kit.app import App, SilentSound
from pie_table.kit.input import InputRouter
from pie_table.kit.scene import SceneManager
from pie_table.kit.settings import Settings
from pie_table.net.link_source import join_seat
from pie_table.net.remote_driver import RemoteDriver
from pie_table.scenes.base import load_factory
from pie_table.scenes.net_host import HostRoomScene
from pie_table.scenes.seats import REMOTE

# One window's frame at a time (both draw, turn and tumble the same cached card and dice faces).
# A remote player's move is sent outside it: their table waits for the host's answer, which
# the host's next frame gives.
DRAWING = threading.Lock()
# Set on a window's thread while its frame holds DRAWING: a move its table sends by itself in the
# frame (a lone Pass after its beat) lets go of DRAWING while it waits for the host's frames.
_IN_FRAME = threading.local()
DT = 0.1  # table time a frame stands for (bots' beats and animations pass at this pace)
# While both players play by themselves (`both_play`), the first frame of each four is drawn on
# both windows: every table is still drawn as the game goes, at a quarter of the cost.
PLAYED_DRAWN_EVERY = 4
SIZE = (1024, 600)


class Window:
    """A second window (a remote player's): what a table scene asks of its app, drawn off screen."""

    def __init__(self, size: tuple[int, int] = SIZE) -> None:
        from pie_table.scenes.title import TitleScene

        self.screen = self.display = pygame.Surface(size)
        self.scenes = SceneManager()
        self.input = InputRouter(pads=False)
        self.sound = SilentSound()
        self.settings = Settings()
        self.home = TitleScene
        self.headless, self.frames = True, 0
        self.table_notice = ""  # as App: why the last table ended, for the title
        self.language_notice: str | None = None  # as a headless App: the rest of what scenes read
        self.unsaved_saves: dict[str, str] = {}
        self.start_notices: list[str] | None = None
        self.bindings = keybindings.Bindings()
        self.fullscreen = False
        self.scenes.push(TitleScene(self))

    def step(self, dt: float, draw: bool = True) -> None:
        """One frame, as `App.step` (`draw=False`: not drawn)."""
        with DRAWING:
            _IN_FRAME.on = True
            try:
                self.scenes.update(dt)
                if draw:
                    self.scenes.draw(self.screen)
            finally:
                _IN_FRAME.on = False
        self.frames += 1

    def quit(self) -> None:
        pass


def title_app(size: tuple[int, int] = SIZE) -> App:
    """The host's window, headless, at its title (set PIE_TABLE_HOME first: its per-user files)."""
    from pie_table.scenes.title import TitleScene

    application = App(size, headless=True)
    application.scenes.push(TitleScene(application))
    application.step(1 / 60, [])
    return application


def until_title(window: Window, frames: int = 200) -> Any:
    """Step `window` until it is back at its title (at most `frames` frames); its top scene then."""
    from pie_table.scenes.title import TitleScene

    for _ in range(frames):
        window.step(0.05)
        if isinstance(window.scenes.current, TitleScene):
            break
    return window.scenes.current


def host_setup(game: str, seats: str, seed: int = 7) -> GameSetup:
    """`seats` as the CLI takes them, with `remote` for a seat left to another machine."""
    specs = parse_seats(seats.replace("remote", "human:hotseat"))
    for seat, text in enumerate(seats.split(",")):
        if text == "remote":
            specs[seat] = type(specs[seat])("human", control="hotseat", level=REMOTE)
    return GameSetup(game, specs, seed=seed)


def host_room(app: App, setup: GameSetup) -> HostRoomScene:
    """The room of a table hosted from `app` (as Host a table opens it); its bots play at once."""
    info = get_game(setup.game_id)
    room = HostRoomScene(app, info, setup, load_factory(info.scene_factory), lan=False)
    app.scenes.push(room)
    room.table.driver.pace_by(Pace(0.0, 0.0, (0.0, 0.0)))  # no human beat: the test's time is short
    return room


def continued_room(app: App) -> HostRoomScene:
    """The title's Continue of a hosted game's save: the host's room, opened again."""
    title = app.scenes.current
    title.resume()  # the title reads the saves again (Continue now offers this one)
    title.continue_game()
    room = app.scenes.current
    assert isinstance(room, HostRoomScene)
    return room


def plays(table: Any, seat: int) -> None:
    """The person at `table` playing `seat` moves when asked, from their own table (they would click
    it; the driver picks what its stand-in would)."""
    driver = table.driver
    if seat in driver.to_act() and not driver.is_over():
        table.submit(driver.autoplay_action(seat), seat)


def both_play(app: App, window: Window, joined: Any, host: Any, done: Callable[[], bool],
              seconds: float = 30.0) -> None:
    """Ann at `window` plays seat 1 from her `joined` table, on its own thread, and the person at
    the host's `host` table plays seat 0, until `done()`."""
    stepping = Stepping(window, lambda: plays(joined, 1), drawn_every=PLAYED_DRAWN_EVERY)
    try:
        frames_until(app, done, seconds, lambda: plays(host, 0), drawn_every=PLAYED_DRAWN_EVERY)
    finally:
        stepping.stop(app)


def open_joined(remote: RemoteDriver) -> tuple[Window, Any]:
    """A remote player's window with the joined table open on `remote` (as the join screen opens it)."""
    from pie_table.scenes.net_join import JoinScene, open_remote_table

    window = Window()
    window.scenes.push(JoinScene(window))
    assert open_remote_table(window, remote) == ""
    return window, window.scenes.current


def frames_until(app: App, done: Callable[[], bool], seconds: float = 30.0,
                 each: Callable[[], Any] | None = None, drawn_every: int = 1) -> None:
    """Step the host's window until `done()` (calling `each()` every frame; drawing the first
    frame of each `drawn_every`)."""
    end = time.monotonic() + seconds
    frame = 0
    while not done():
        assert time.monotonic() < end, "timed out"
        if each is not None:
            each()
        with DRAWING:
            app.step(DT, [], draw=frame % drawn_every == 0)
        frame += 1
        time.sleep(0.001)


def join(app: App, room: HostRoomScene, seat: int, name: str = "Ann", token: str = "") -> RemoteDriver:
    """A remote player takes `seat` (or takes it back with `token`) while the host's frames run."""
    joined: dict[str, Any] = {}

    def run() -> None:
        try:
            joined["driver"] = join_seat(room.hosted.address, "1", code=room.hosted.code, seat=seat,
                                            name=name, token=token)
        except Exception as exc:  # noqa: BLE001 - told to the test's thread
            joined["error"] = exc
    thread = threading.Thread(target=run)
    thread.start()
    frames_until(app, lambda: bool(joined))
    thread.join()
    if "error" in joined:
        raise joined["error"]
    driver: RemoteDriver = joined["driver"]
    driver.submit = _sent_outside_frame(driver.submit)  # type: ignore[method-assign]
    return driver


def _sent_outside_frame(send: Callable[[int | None, Any], Any]) -> Callable[[int | None, Any], Any]:
    """`send` (a remote driver's submit, which waits for the host's answer) letting go of DRAWING
    when called inside a window's frame, so the host's frames that answer it can run."""
    def submit(seat: int | None, action: Any) -> Any:
        if not getattr(_IN_FRAME, "on", False):
            return send(seat, action)
        DRAWING.release()
        try:
            return send(seat, action)
        finally:
            DRAWING.acquire()
    return submit


class Stepping:
    """Steps a `Window` on its own thread until stopped, calling `act()` between its frames (a
    move sent from its table waits there for the host)."""

    def __init__(self, window: Window, act: Callable[[], Any] = lambda: None, drawn_every: int = 1) -> None:
        self.window, self.act, self.drawn_every = window, act, drawn_every
        self.error: BaseException | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            frame = 0
            while not self._stop.is_set():
                self.window.step(DT, draw=frame % self.drawn_every == 0)
                frame += 1
                self.act()
                time.sleep(0.002)
        except BaseException as exc:  # noqa: BLE001 - told to the test's thread
            self.error = exc

    def stop(self, app: App) -> None:
        """Stop stepping; `app`, the host's window, runs its frames meanwhile: a move the window's
        last frame sent waits for the host's answer (10 s without them)."""
        self._stop.set()
        end = time.monotonic() + 10
        while self._thread.is_alive() and time.monotonic() < end:
            with DRAWING:
                app.step(DT, [])
            self._thread.join(0.001)
        if self.error is not None:
            raise self.error
