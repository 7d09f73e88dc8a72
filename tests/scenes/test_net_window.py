"""Hosting from the window (issue 23 items 1 and 2), driven through the real scenes with the dummy
video driver and a remote player over a real socket on 127.0.0.1: the title's Host a table, a
seat marked Remote, the room with the address, join code and who has joined, then the game's own
table with the remote seat neither a bot nor a person at the host's screen, its moves applied, its
drop shown as away, and the host's quitting told to it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from pie_table.core.registry import get_game
from pie_table.core.session import bot_seed
from pie_table.kit.app import App
from pie_table.net.client import bot_decider
from pie_table.net.link_source import join_seat
from pie_table.net.remote_driver import RemoteDriver
from pie_table.scenes.game_select import GameSelectScene
from pie_table.scenes.net_host import HostRoomScene, HostSeatsScene
from pie_table.scenes.net_join import JoinScene
from tests.scenes.net_pair import title_app


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app((1280, 720))


def _click(app: App, rect: pygame.Rect) -> None:
    pygame.event.clear()
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=rect.center, button=1))
    app.step(1 / 60)


def _frames_until(app: App, done: Callable[[], bool], seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        app.step(0.05, [])
        time.sleep(0.002)


def test_the_title_offers_host_and_join(app: App) -> None:
    title = app.scenes.current
    assert title.host_button.text == "Host a table" and title.join_button.text == "Join a table"
    _click(app, title.join_button.rect)
    assert isinstance(app.scenes.current, JoinScene)


def test_a_hosted_table_seats_a_remote_player_and_tells_it_when_the_host_quits(app: App) -> None:
    _click(app, app.scenes.current.host_button.rect)
    select = app.scenes.current
    assert isinstance(select, GameSelectScene) and select.hosting
    select.pick(get_game("pie-rats"))
    seats = app.scenes.current
    assert isinstance(seats, HostSeatsScene)
    assert [seat_text for seat_text in (row.label for row in seats.seat_rows)][:2] == ["Seat 1", "Seat 2"]
    assert seats.problem() is None
    _click(app, seats.start_button.rect)
    room = app.scenes.current
    assert isinstance(room, HostRoomScene)
    assert room.hosted.address.startswith("ws://127.0.0.1:")  # the local network only when ticked
    assert room.joined_text() == "Seat 2: open"

    # A friend joins from another machine (here: a thread) while the room's frames run.
    joined: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: joined.update(driver=join_seat(
        room.hosted.address, "1", code=room.hosted.code, seat=1, name="Ann")))
    thread.start()
    _frames_until(app, lambda: "driver" in joined)
    thread.join()
    remote: RemoteDriver = joined["driver"]
    app.step(0.05, [])
    assert room.joined_text() == "Seat 2: Ann (here)"

    _click(app, room.start_button.rect)
    table = app.scenes.current
    assert table is room.table
    assert 1 not in table.humans and 1 not in table.driver.session.bots  # no hand-off, no bot there
    assert table.humans == [0]

    # The remote player answers whenever the host asks; the host's table applies its moves.
    decide = bot_decider(get_game("pie-rats").bot_factory("normal", 1, bot_seed(room.setup.seed, 1)),
                         remote.history(1))
    stop = threading.Event()

    def play() -> None:
        while not stop.is_set() and not remote.is_over():
            remote.update(0.0)
            legal = remote.legal(1)
            if legal:
                remote.submit(1, decide(dict(remote.view(1)), list(legal)))
            time.sleep(0.005)
    player = threading.Thread(target=play)
    player.start()
    table.autoplay = False
    driver = room.hosted.driver
    # Seat 0 (the host's own player) is played by the computer here, as fast-forward does.
    _frames_until(app, lambda: _play_local(table, driver) or any(e.seat == 1 for e in driver.session.log))
    stop.set()
    player.join()
    assert remote.view(1)["seat"] == 1

    # The host quits: the table saves as always, and the remote player is told in one line.
    app.scenes.current.exit()
    deadline = time.monotonic() + 5
    while not remote.source.host_quit and time.monotonic() < deadline:
        time.sleep(0.01)
    assert remote.source.host_quit and remote.lost == "host quit"
    remote.close()


def _play_local(table: Any, driver: Any) -> bool:
    """The host's own seat's move, when asked (a person would click it)."""
    if 0 in driver.to_act():
        table.submit(driver.autoplay_action(0), 0)
    return False


def _host_room(app: App, game: str) -> HostRoomScene:
    _click(app, app.scenes.current.host_button.rect)
    app.scenes.current.pick(get_game(game))
    seats = app.scenes.current
    assert isinstance(seats, HostSeatsScene) and seats.problem() is None
    _click(app, seats.start_button.rect)
    room = app.scenes.current
    assert isinstance(room, HostRoomScene)
    return room


def _paused_at_host(room: HostRoomScene, why: str) -> bool:
    end = time.monotonic() + 5
    while room.hosted.host.paused != why:  # told on the host's own loop thread
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


@pytest.mark.parametrize("game", ["pie-rats", "rumble-pie"])
def test_a_hosted_table_holds_its_hosting_part_and_no_method_of_it_is_replaced(app: App, game: str) -> None:
    """Hosting is a part the table is handed (`TableHosting`), called at the table's own points:
    an overlay over the table holds the game for the remote players and taking it away lets it go
    on; the join code is the pause overlay's line; a hosted real-time table runs on when the window
    loses focus (a turn-based one pauses, for everyone); leaving the table stops hosting it."""
    room = _host_room(app, game)
    table = room.table
    assert table.hosting is not None and table.hosting.note().startswith("Join code: ")
    assert not {"update", "exit", "pause", "resume", "on_focus_lost", "pause_note"} & set(vars(table))
    _click(app, room.start_button.rect)
    assert app.scenes.current is table and _paused_at_host(room, "")
    table.on_focus_lost()
    if game == "rumble-pie":
        assert app.scenes.current is table and _paused_at_host(room, "")
        table.pause_game()
    assert app.scenes.current is not table and _paused_at_host(room, "pause")
    assert app.scenes.current.note_text() == table.hosting.note()
    app.scenes.pop()
    assert app.scenes.current is table and _paused_at_host(room, "")
    pump = room.hosted.pump
    assert pump in app.every_frame
    app.scenes.current.exit()
    assert pump not in app.every_frame
