"""New table on a `serve` lobby from the join screen: the game list and the seat screen as at
Host (every seat Remote or a bot), Start makes the table on the lobby and the form comes back
filled in with it and says its code; Join takes the first remote seat, the table opening as a
joined one; the lobby's refusal is one line on the seat
screen; a window's lobby (its own one table) offers no New table. Real sockets on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pie_table.core.registry import get_game
from pie_table.core.setup import REMOTE
from pie_table.kit.app import App
from pie_table.net.limits import Limits
from pie_table.scenes.game_select import GameSelectScene
from pie_table.scenes.net_create import LobbySeatsScene
from pie_table.scenes.net_join import JoinScene
from tests.scenes.net_pair import host_room, host_setup, title_app
from tests.scenes.test_join_form import Served, _frames_until, _join_screen, _typed


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app((1280, 720))


@pytest.fixture
def served() -> Iterator[Served]:
    lobby = Served([("rats", ["remote", "bot:normal"])])
    yield lobby
    lobby.close()


def _seat_screen(app: App, join: JoinScene, game: str) -> LobbySeatsScene:
    """New table pressed, then `game` picked from the list."""
    assert join.new_button is not None
    join.new_button.activate()
    games = app.scenes.current
    assert isinstance(games, GameSelectScene) and not games.tutorial_game  # no lesson offered here
    games.pick(get_game(game))
    seats = app.scenes.current
    assert isinstance(seats, LobbySeatsScene)
    return seats


def test_new_table_makes_a_table_on_the_lobby_and_takes_its_first_seat(app: App, served: Served) -> None:
    join = _join_screen(app)
    _typed(app, join, served.url)
    join._set_name("Ann")
    seats = _seat_screen(app, join, "pie-rats")
    # Seats as at Host, but nobody at the lobby's screen: the human seat is yours, remote.
    assert seats.seats[0].level == REMOTE and all(spec.is_bot for spec in seats.seats[1:])
    assert {spec.level for spec in seats.seat_choices()} == {REMOTE, *get_game("pie-rats").bot_levels}
    seats.set_seat(2, seats.seat_choices()[0])  # a second remote seat, for a friend
    seats.options["pies"] = 6
    seats.start_button.activate()
    _frames_until(app, lambda: app.scenes.current is join and join._asking is None)
    made = served.lobby.tables["2"]
    assert (made.setup.game_id, made.remote, made.setup.options["pies"]) == ("pie-rats", {0, 2}, 6)
    # Back at the form, filled in with the new table (listed now), and its code said for the others.
    assert (join.table, join.code, join.seat) == ("2", made.code, 1) and join.chosen()["game"] == "pie-rats"
    assert join.status.current_text() == (
        f"Table 2 is made. Its join code is {made.code}; the others join with it, or with "
        f"{served.url}/2?code={made.code}. Join takes your seat.")
    assert join.menu.focused is join.join_button
    join.join_button.activate()
    _frames_until(app, lambda: app.scenes.current is not join)
    table = app.scenes.current
    assert set(made.holders) == {0} and made.holders[0].name == "Ann"
    assert table.game_id == "pie-rats" and table.driver.source.table == "2" and table.driver.seat == 0
    table.exit()


def test_a_table_the_lobby_refuses_is_one_line_on_the_seat_screen(app: App, served: Served) -> None:
    served.lobby.limits = Limits(max_tables=1)  # it holds one already
    join = _join_screen(app)
    _typed(app, join, served.url)
    join._set_name("Ann")
    seats = _seat_screen(app, join, "rats")
    seats.start_button.activate()
    _frames_until(app, lambda: seats._making is None)
    assert app.scenes.current is seats and list(served.lobby.tables) == ["1"]
    assert seats.status_text() == "This host holds as many tables as it can"


def test_a_windows_lobby_offers_no_new_table(app: App) -> None:
    room = host_room(app, host_setup("rats", "human:hotseat,remote,bot:normal"))
    try:
        join = _join_screen(app)
        _typed(app, join, room.hosted.address)
        assert join.tables and join.new_button is None and not join.creates
    finally:
        room.hosted.quit()


def test_the_window_that_made_a_table_gives_it_a_new_code_after_it_was_opened_again(
        app: App, served: Served) -> None:
    join = _join_screen(app)
    _typed(app, join, served.url)
    assert join.recode_button is None  # the lobby's own table: made elsewhere
    join._set_name("Ann")
    _seat_screen(app, join, "rats").start_button.activate()
    _frames_until(app, lambda: app.scenes.current is join and join._asking is None)
    made, first_code = served.lobby.tables["2"], served.lobby.tables["2"].code
    again = title_app((1280, 720))  # the window closed and opened again, with the same home
    form = _join_screen(again)
    _typed(again, form, served.url)
    form._chooser(next(t for t in form.tables or [] if t["table"] == "2"))()
    assert form.recode_button is not None
    form.recode_button.activate()
    _frames_until(again, lambda: form._joining is None and form._result is None)
    assert made.code != first_code and form.code == made.code
    assert form.status.current_text() == (
        f"Table 2 has a new join code, {made.code}: the others join with it, or with "
        f"{served.url}/2?code={made.code}. The old code takes no seat now.")
    form._chooser(next(t for t in form.tables or [] if t["table"] == "1"))()
    assert form.recode_button is None
