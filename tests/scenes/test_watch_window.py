"""Watching a table from the window: the game's own table in watch mode, in no seat, drawn from
the public table the host sends, moving on as the host's game does; the host's quitting is told in
one line. Over a real socket on 127.0.0.1, with the dummy video driver."""

from __future__ import annotations

import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit.app import App
from pie_table.net.hosting import HostedTable
from pie_table.scenes.net_join import WatchingLink, open_watched_table, watch_table
from tests.scenes.net_pair import title_app
from tests.scenes.test_net_window import _frames_until


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app((1280, 720))


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity"])
def test_a_watched_turn_based_table_shows_the_public_table_to_the_games_end(app: App, game: str) -> None:
    hosted = HostedTable(GameSetup(game, parse_seats(",".join(["bot:normal"] * 4)), seed=5), set())
    try:
        watcher = watch_table(hosted.address, hosted.host.id)
        assert watcher.watching and not watcher.realtime and watcher.gate.humans == []
        assert open_watched_table(app, watcher) == ""
        table = app.scenes.current
        assert table.watch and table.watch_seat is None and isinstance(table.link, WatchingLink)
        _frames_until(app, lambda: watcher.is_over() and table.driver.history(None).count >= 12)
        assert table.driver.to_act() == [] and table.humans == []
        assert not any("to" in event for event in table.driver.history(None).events)  # public only
        assert table.view()["seat"] is None  # the seat-less view
        app.step(0.05, [])
        assert app.scenes.current is table  # the end stays on screen to look at
    finally:
        hosted.quit()


def test_a_watched_table_whose_host_quits_goes_back_to_the_title_with_one_line(app: App) -> None:
    hosted = HostedTable(GameSetup("rats", parse_seats("bot:normal,bot:normal,bot:normal"), seed=5), {1})
    watcher = watch_table(hosted.address, hosted.host.id)
    assert open_watched_table(app, watcher) == ""
    table = app.scenes.current
    _frames_until(app, lambda: table.driver.view(None).get("seat", 0) is None)
    hosted.quit()
    _frames_until(app, lambda: app.scenes.current is not table)  # back to the title (none here)
    assert app.table_notice == "The host left the table: the game is saved on the host's machine."


def test_a_watched_rumble_table_plays_the_hosts_ticks(app: App) -> None:
    hosted = HostedTable(GameSetup("rumble-pie", parse_seats(",".join(["bot:normal"] * 4)),
                                   {"target": 6}, seed=5), set())
    try:
        watcher = watch_table(hosted.address, hosted.host.id)
        assert watcher.realtime and watcher.watch and watcher.seat == -1
        assert open_watched_table(app, watcher) == ""
        table = app.scenes.current
        assert table.watch and table.cursors == {} and table.mouse is None
        _frames_until(app, lambda: table.sim.game_ticks > 30)
        for _ in range(20):  # the updates that came are played on the table, tick by tick
            app.step(0.05, [])
        assert table.sim.queue == [] and app.scenes.current is table
    finally:
        hosted.quit()


def test_the_join_screen_watches_the_table_chosen_in_no_seat(app: App) -> None:
    from tests.scenes.test_join_form import Served, _join_screen, _typed

    served = Served([("rats", ["remote", "bot:normal", "bot:normal"])])
    try:
        join = _join_screen(app)
        _typed(app, join, served.url)
        _frames_until(app, lambda: join.chosen() is not None)
        assert join.watch_button.enabled and not join.join_button.enabled  # no name, no code: still watches
        join.watch_button.activate()
        _frames_until(app, lambda: app.scenes.current is not join)
        table = app.scenes.current
        host = served.lobby.tables[join.table]
        assert table.watch and table.driver.watching and host.holders == {}
        _frames_until(app, lambda: host.summary()["watchers"] == 1)
        table.exit()
        _frames_until(app, lambda: host.summary()["watchers"] == 0)  # leaving the table stops watching
    finally:
        served.close()


def test_the_hosts_room_says_who_may_watch_and_how_far_behind(app: App) -> None:
    from tests.scenes.net_pair import host_room, host_setup

    room = host_room(app, host_setup("rats", "human,remote,bot:normal"))
    try:
        spectators = room.hosted.host.spectators
        assert room.watch_row.fmt(room.watch_row.value) == "live"
        assert spectators.open and spectators.delay_s == 0
        room.watch_row.nudge(1)
        assert spectators.open and spectators.delay_s == 30.0
        room.watch_row.nudge(1)
        assert spectators.delay_s == 120.0
        room.watch_row.nudge(1)
        assert not spectators.open and "watchers" not in room.hosted.host.summary()
    finally:
        room.back()


def test_the_lobby_list_says_how_many_watch_a_table() -> None:
    from pie_table.scenes.net_join import table_line

    line = {"table": "2", "game": "rats", "open": [1], "away": [], "watchers": 3}
    assert table_line(line) == "RATS: High Tea at Sea · table 2 · 1 seat open · 3 watching"
    assert "watching" not in table_line({**line, "watchers": 0})
