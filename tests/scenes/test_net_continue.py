"""Continue of a game hosted with Remote seats (issue 23 item 2: saves and Continue work for
networked games at the host): the save keeps which seats were remote, and Continue opens the
host's room again, the game resumed on the host's driver, the remote seats never played at the
host's screen; a remote player joining by code gets their seat of the resumed game, with their
view and every event their seat saw before. Its replay stays a plain replay."""

from __future__ import annotations

from typing import Any

import pytest

from pie_table.core.driver import TableDriver
from pie_table.core.history import events_for
from pie_table.core.saves import write_save
from pie_table.core.session import Session
from pie_table.core.setup import REMOTE, GameSetup
from pie_table.kit.app import App
from pie_table.net.patch import plain
from pie_table.paths import saves_dir
from pie_table.scenes.net_host import HostRoomScene
from pie_table.scenes.replay import ReplayScene
from pie_table.scenes.saved_games import open_save
from tests.scenes.net_pair import continued_room, host_setup, join, title_app

_SEATS = "human:hotseat,remote,bot:normal,bot:normal"


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app()


def _saved_hosted_game(game: str) -> tuple[str, Session, list[Any]]:
    """A hosted game played part way (the remote seat has moved) and saved as the host saves it;
    its path, its session and every event the remote seat 1 could see, from the deal on."""
    session = Session(host_setup(game, _SEATS))
    driver = TableDriver(session, pace=None)
    seen: list[Any] = list(session.events.opening)
    driver.listen(1, lambda _entry, mine: seen.extend(mine))
    while sum(entry.seat == 1 for entry in session.log) < 2:
        seat = driver.to_act()[0]
        assert driver.submit(seat, driver.autoplay_action(seat)).ok
    path = saves_dir() / "hosted.json"
    write_save(path, session)
    return str(path), session, seen


def _untold(item: Any) -> dict[str, Any]:
    """A view or an event without its sentences (the joined window reads them in its own language)."""
    return {key: value for key, value in dict(item).items() if key not in ("text", "log", "notes")}


def test_a_save_keeps_which_seats_were_remote() -> None:
    setup = host_setup("rats", "human:hotseat,remote,bot:normal")
    again = GameSetup.from_json(setup.to_json())
    assert [spec.level for spec in again.seats] == ["", REMOTE, "normal"]
    assert "remote" not in host_setup("rats", "human:hotseat,bot:normal").to_json()
    assert "lan" not in setup.to_json()
    setup.lan = True  # hosted on the local network: Continue shares it there again
    assert GameSetup.from_json(setup.to_json()).lan is True


def test_continue_of_a_game_hosted_on_the_local_network_hosts_it_there(app: App, monkeypatch) -> None:
    monkeypatch.setattr("pie_table.net.discovery.advertise", lambda *_args, **_kw: None)
    session = Session(host_setup("rats", "human:hotseat,remote,bot:normal"))
    session.setup.lan = True
    write_save(saves_dir() / "hosted.json", session)
    assert open_save(app, str(saves_dir() / "hosted.json")) == ""
    room = app.scenes.current
    assert isinstance(room, HostRoomScene) and room.hosted.lan
    room.back()


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity", "rats"])
def test_continue_hosts_the_table_again_and_the_remote_player_takes_their_seat(app: App, game: str) -> None:
    path, saved, seen = _saved_hosted_game(game)
    room = continued_room(app)
    assert room.remote == {1}
    table = room.table
    # Resumed from the save, on the host's driver, with seat 1 not a person at this screen: its
    # hand is never drawn here and no hand-off asks the host to pass the screen to it.
    assert table.driver.session.hash() == saved.hash() and len(table.driver.session.log) == len(saved.log)
    assert table.humans == [0] and table.driver.gate.humans == [0]
    ann = join(app, room, 1, "Ann")
    # Her seat of the resumed game: its view now, and every event her seat saw before the save.
    assert ann.seat == 1
    host_view = plain(table.driver.view(1))
    assert _untold(ann.view(1)) == _untold(host_view)
    assert seen and [_untold(e) for e in ann.source.remote.events] == [_untold(e) for e in
                                                               plain(events_for(seen, 1))]
    room.start()
    assert app.scenes.current is table and str(table.autosave.path) == path  # saved on over the same file
    ann.close()
    table.exit()


def test_the_replay_of_a_hosted_game_stays_a_plain_replay(app: App) -> None:
    path, _saved, _seen = _saved_hosted_game("pie-rats")
    assert open_save(app, path, watch=True) == ""
    assert isinstance(app.scenes.current, ReplayScene)


def test_the_saved_games_list_names_a_hosted_games_remote_players(app: App) -> None:
    """A hosted save's seats read '1 human, 1 remote, 2 bots' (not '2 humans') in the list and
    on the title's Continue, in Spanish too."""
    from pie_table.kit.i18n import set_language
    from pie_table.scenes.saved_games import SavedGamesScene
    from pie_table.scenes.title import TitleScene

    write_save(saves_dir() / "hosted.json", Session(host_setup("cheflebrity", _SEATS)))
    saved = SavedGamesScene(app)
    app.scenes.push(saved)
    row = saved.rows[0][0].text
    assert row.startswith("Cheflebrity · 1 human, 1 remote, 2 bots · ")
    app.scenes.pop()
    title = app.scenes.current
    assert isinstance(title, TitleScene)
    assert title.continue_button.text.startswith("Continue: Cheflebrity · 1 human, 1 remote, 2 bots · ")
    set_language("es")
    try:
        title.rebuild()
        assert "1 persona, 1 remota, 2 bots" in title.continue_button.text
    finally:
        set_language("en")
