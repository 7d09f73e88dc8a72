"""A table hosted from the window keeps its address: Continue hosts the game on the port it had,
with its join code and its remote seats' tokens (their players' remembered links and seats still
work); a port another program took meanwhile is said in one line and another is used; the host
may type the port to use (one a router forwards). Real sockets on 127.0.0.1."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from pie_table.core.resume import load_session
from pie_table.core.saves import read_save, write_save
from pie_table.core.setup import GameSetup
from pie_table.kit.app import App
from pie_table.net.client import HostRefused
from pie_table.net.host_keys import HostKeys, keep_keys, kept_keys
from pie_table.paths import saves_dir
from tests.net.processes import free_port
from tests.scenes.net_pair import continued_room, frames_until, host_room, host_setup, join, title_app

_SEATS = "human:hotseat,remote,bot:normal"


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app()


def _hosted_and_left(app: App) -> tuple[int, str, str]:
    """A game hosted from the window, Ann at seat 2, saved and left (Ann's window closed too);
    its port, code and Ann's token."""
    room = host_room(app, host_setup("rats", _SEATS))
    ann = join(app, room, 1, "Ann")
    frames_until(app, lambda: kept_keys(room.setup) is not None and 1 in kept_keys(room.setup).seats)
    write_save(saves_dir() / "hosted.json", room.table.driver.session)
    kept = (room.hosted.port, room.hosted.code, ann.source.token)
    ann.close()
    room.back()
    return kept


@pytest.fixture
def busy() -> Iterator[socket.socket]:
    """A port another program listens on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other


def test_continue_hosts_on_the_same_port_with_the_same_code_and_takes_the_seat_back(app: App) -> None:
    port, code, token = _hosted_and_left(app)
    room = continued_room(app)
    assert (room.hosted.port, room.hosted.code, room.port_line) == (port, code, "")
    assert room.hosted.joined() == {1: ("Ann", False)}  # away until she takes it back
    with pytest.raises(HostRefused, match="Seat 2 is taken"):
        join(app, room, 1, "Eve")
    ann = join(app, room, 1, token=token)  # her remembered token, at her remembered address
    assert ann.seat == 1 and room.hosted.joined() == {1: ("Ann", True)}
    ann.close()
    room.back()


def test_a_port_taken_meanwhile_is_said_in_one_line_and_another_used(app: App, busy: socket.socket) -> None:
    _port, code, _token = _hosted_and_left(app)
    taken = busy.getsockname()[1]
    setup = _continued_setup()
    keep_keys(setup, HostKeys(taken, code, kept_keys(setup).seats))  # as if it had been hosted there
    room = continued_room(app)
    assert room.hosted.port != taken and room.hosted.code == code
    assert room.port_line == (f"Port {taken} is in use by another program: hosting on {room.hosted.port} "
                              "instead (players need the new link), or type another port.")
    room.back()


def _continued_setup() -> GameSetup:
    """The setup of the save Continue offers."""
    return load_session(read_save(saves_dir() / "hosted.json")).setup


def test_the_host_types_the_port_to_use(app: App, busy: socket.socket) -> None:
    room = host_room(app, host_setup("rats", "human:hotseat,remote,remote"))
    ann = join(app, room, 1, "Ann")
    assert not room.port_button.enabled  # the port it has
    taken = busy.getsockname()[1]
    for typed, line in (("80", "A port is a number from 1024 to 65535."),
                        ("http", "A port is a number from 1024 to 65535."),
                        (str(taken), f"Port {taken} is in use by another program: type another port.")):
        room._set_port(typed)
        room.use_port()
        assert room.port_line == line
    wanted = free_port()
    room._set_port(str(wanted))
    room.use_port()
    assert (room.hosted.port, room.port_line, room.hosted.address) == (wanted, "", f"ws://127.0.0.1:{wanted}")
    assert room.port_input.text == str(wanted) and not room.port_button.enabled
    bea = join(app, room, 2, "Bea")  # at the new address
    frames_until(app, lambda: kept_keys(room.setup).port == wanted)  # kept for Continue
    assert room.hosted.joined() == {1: ("Ann", True), 2: ("Bea", True)}  # who had joined stays
    ann.close()
    bea.close()
    room.back()
