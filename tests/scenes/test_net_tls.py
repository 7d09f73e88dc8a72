"""A table hosted from the window over wss://: the environment names a certificate and its key
(PIE_TABLE_CERTFILE, PIE_TABLE_KEYFILE), the room's address reads wss://, and a window that trusts
that certificate (PIE_TABLE_CAFILE) joins through the encrypted link over 127.0.0.1; one that does
not is refused by the handshake, and a certificate that cannot be used is one line at the seats."""

from __future__ import annotations

import ssl
from pathlib import Path

import pytest

from pie_table.core.registry import get_game
from pie_table.kit.app import App
from pie_table.net.tls import CAFILE_ENV, CERTFILE_ENV, KEYFILE_ENV
from pie_table.scenes.base import load_factory
from pie_table.scenes.net_host import HostRoomScene, HostSeatsScene, host_tls
from tests.scenes.net_pair import host_setup, join, title_app

_DATA = Path(__file__).resolve().parents[1] / "net" / "data"  # a self-signed certificate, tests only
_CERT, _KEY = str(_DATA / "test-cert.pem"), str(_DATA / "test-key.pem")


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    monkeypatch.setenv(CERTFILE_ENV, _CERT)
    monkeypatch.setenv(KEYFILE_ENV, _KEY)
    return title_app()


def _room(app: App) -> HostRoomScene:
    setup = host_setup("rats", "human:hotseat,remote,bot:normal")
    info = get_game("rats")
    tls, problem = host_tls()
    assert problem == "" and tls is not None
    room = HostRoomScene(app, info, setup, load_factory(info.scene_factory), lan=False, tls=tls)
    app.scenes.push(room)
    return room


def test_the_room_serves_wss_and_a_window_that_trusts_its_certificate_joins(app: App, monkeypatch) -> None:
    monkeypatch.setenv(CAFILE_ENV, _CERT)
    room = _room(app)
    try:
        assert room.hosted.address.startswith("wss://127.0.0.1:")
        assert room.join_link().startswith("wss://127.0.0.1:")
        remote = join(app, room, 1, "Ann")
        assert remote.seat == 1 and room.hosted.joined()[1][0] == "Ann"
    finally:
        room.hosted.quit()


def test_a_window_that_does_not_trust_the_certificate_is_refused_by_the_handshake(app: App) -> None:
    room = _room(app)
    try:
        with pytest.raises(ssl.SSLError):
            join(app, room, 1, "Ann")
    finally:
        room.hosted.quit()


def test_a_certificate_that_cannot_be_used_is_one_line_at_the_seats(app: App, monkeypatch) -> None:
    monkeypatch.setenv(KEYFILE_ENV, str(_DATA / "missing.pem"))
    seats = HostSeatsScene(app, get_game("rats"))
    problem = seats.problem()
    assert problem is not None and problem.startswith("The certificate cannot be used:")
    assert "\n" not in problem
    monkeypatch.delenv(KEYFILE_ENV)
    assert "go together" in (HostSeatsScene(app, get_game("rats")).problem() or "")
