"""A turn-based window's seat (`RemoteDriver`) through a server restart: the table says what is
happening while the link is made again ("restarting" when the server said so as it closed, else
"reconnecting"), takes its seat back with its token from the resumed table, and plays on; a host
that no longer holds the seat ends the table at once."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from pie_table.net import protocol as p
from pie_table.net.keeping import Keeper
from pie_table.net.limits import Limits
from pie_table.net.link_source import join_seat
from pie_table.net.remote_driver import RemoteDriver
from pie_table.net.server import Lobby
from pie_table.net.store import open_store
from pie_table.scenes.turn_table.look import host_hold_line
from tests.net.threaded import ThreadedServers, until


def _rats(lobby: Lobby) -> Any:
    return lobby.create("rats", ["remote", "bot:normal"], 3, {})


def _kept(path: Path) -> Any:
    def lobby() -> Lobby:
        made = Lobby(Limits(sweep_s=3600.0), keeper=Keeper(open_store(str(path), "test:1")))
        made.resume()
        return made
    return lobby


def _asked(driver: RemoteDriver) -> bool:
    driver.update(0.01)
    return bool(driver.to_act())


@pytest.mark.parametrize(("code", "word"), [(p.RESTART_CODE, "restarting"), (None, "reconnecting")])
def test_a_window_seat_takes_its_seat_back_from_the_restarted_server(
        tmp_path: Path, code: int | None, word: str) -> None:
    servers = ThreadedServers()
    store = tmp_path / "serve.sqlite3"
    made = servers.serve(_rats, _kept(store))
    driver = join_seat(servers.url, made.id, code=made.code, seat=0, name="Ada")
    until(lambda: _asked(driver))
    view = dict(driver.view(0))
    servers.stop(code)
    until(lambda: driver.held_by_host == word)
    assert driver.held_by_host == word and not driver.lost and host_hold_line(word)
    assert driver.legal(0) == []  # nothing is offered while the seat is away
    time.sleep(1.2)  # tries to take the seat back fail meanwhile (nothing listens): the word stays
    assert driver.held_by_host == word
    servers.serve(lambda lobby: None, _kept(store))  # the table resumed from the store, same port
    until(lambda: driver.held_by_host == "" and _asked(driver))
    assert (driver.held_by_host, driver.lost) == ("", "")
    assert dict(driver.view(0)) == view  # the same moment of the same game
    applied = driver.submit(0, driver.legal(0)[0])
    assert applied.ok, applied.reason
    driver.close()
    servers.stop()


def test_a_window_seat_the_restarted_host_does_not_hold_ends_at_once() -> None:
    servers = ThreadedServers()
    made = servers.serve(_rats)
    driver = join_seat(servers.url, made.id, code=made.code, seat=0, name="Ada")
    servers.stop(p.RESTART_CODE)
    servers.serve(_rats)  # no store: the same table id, another game, which knows no such token
    until(lambda: bool(driver.lost))
    assert driver.held_by_host == "" and "token" in driver.lost.lower()
    driver.close()
    servers.stop()
