"""A table hosted from one window and joined from another (issue 23 items 1, 2 and 4), both
windows in this process with the dummy video driver, over a real socket on 127.0.0.1: the joined
table opens (the game's own table on the remote seat's driver) and plays a whole game of each
turn-based game to the results on both screens; a remote seat that drops is marked away at the
host and at another remote table, the host is offered a bot or to wait, and the same player
joining again takes the seat back; a host that quits sends the remote window back to the title
with one line."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pygame
import pytest

from pie_table.core.engine import copy_json
from pie_table.kit.app import App
from pie_table.net.client import HostRefused
from pie_table.net.seat_tokens import remembered
from pie_table.paths import seat_replays_dir
from pie_table.scenes.confirm import ConfirmScene
from pie_table.scenes.net_host import AwayPrompt
from pie_table.scenes.net_join import JoinScene
from pie_table.scenes.results import ResultsScene
from pie_table.scenes.title import TitleScene
from tests.scenes.net_pair import (
    Window,
    both_play,
    frames_until,
    host_room,
    host_setup,
    join,
    title_app,
    until_title,
)
from tests.scenes.net_pair import open_joined as _open_joined
from tests.scenes.net_pair import plays as _plays


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app()


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity", "rats"])
def test_a_host_and_a_joined_window_play_a_whole_game_to_the_results(app: App, game: str) -> None:
    room = host_room(app, host_setup(game, "human:hotseat,remote,bot:normal,bot:normal"))
    remote = join(app, room, 1, "Ann")
    window, joined = _open_joined(remote)
    # The game's own table, on the remote seat's driver: its one person is the seat played here.
    assert joined.game_id == room.table.game_id and joined.driver is remote
    assert joined.humans == [1] and joined.display_seat == 1
    assert joined.names.player(1) == "Ann"
    room.start()
    host = app.scenes.current
    both_play(app, window, joined, host, lambda: isinstance(app.scenes.current, ResultsScene)
              and isinstance(window.scenes.current, ResultsScene), 300)
    log = room.hosted.driver.session.log
    assert room.hosted.driver.is_over() and remote.is_over()
    assert any(entry.seat == 1 for entry in log) and any(entry.seat == 0 for entry in log)
    host_results, remote_results = app.scenes.current, window.scenes.current
    assert joined.offered_seat() is None and host.offered_seat() is None  # no moves behind the results
    assert remote_results.title == host_results.title and remote_results.lines == host_results.lines
    # The joined seat heard all its host told it, the game's last words too (the coin's flip).
    told = room.hosted.host.histories[1].events
    assert copy_json(remote.history(1).events) == copy_json(told) and told
    # ...and its table took all of it in before the results, beneath them (its log, its top bar):
    # no news is left that the table never heard.
    assert remote.source.news() is None
    # The host keeps the game, its replay and statistics; the joined window its seat's own replay.
    assert Path(remote_results.replay_path).parent == seat_replays_dir()
    # The host's save names the remote player as the tables did, so its replay and statistics do too.
    saved = json.loads(Path(host_results.replay_path).read_text(encoding="utf-8"))
    assert saved["setup"]["names"][1] == "Ann"
    for results in (host_results, remote_results):  # Play again would deal a game on one screen alone
        assert results.again_button not in results.menu.items and results.menu_button in results.menu.items
    app.scenes.stack[1].exit()
    remote.close()


def test_a_dropped_seat_is_away_everywhere_and_the_same_player_takes_it_back(app: App) -> None:
    room = host_room(app, host_setup("pie-rats", "human:hotseat,remote,remote,bot:normal"))
    ann = join(app, room, 1, "Ann")
    bob = join(app, room, 2, "Bob")
    bob_window, bob_table = _open_joined(bob)
    room.start()
    host = app.scenes.current
    # The joined window remembers its seat's token: joining again takes the seat back, even after
    # the window closed (each player's own file; Ann's window here is her driver alone).
    assert remembered(bob.source.url, "1") == bob.source.token
    token = ann.source.token
    app.step(0.05, [])
    captain = host.names(1).removeprefix("Ann")  # Pie Rats names a seat's Captain after its player
    assert captain.startswith(" (Captain")

    ann.close()  # Ann's window goes (killed, closed): her seat is away
    frames_until(app, lambda: isinstance(app.scenes.current, AwayPrompt))
    prompt = app.scenes.current
    assert prompt.question == "Ann is away"
    assert (prompt.yes_text, prompt.no_text) == ("Hand the seat to a bot", "Wait")
    assert host.names.marked(1) == f"Ann{captain} · away" and host.names(1) == f"Ann{captain}"
    # Bob's window hears of it over the network: frames until it has (a loaded machine is slow).
    frames_until(app, lambda: (bob_window.step(0.05) or True) and bob_table.names.marked(1).endswith("away"))
    assert bob_table.names.marked(1) == f"Ann{captain} · away" and bob_table.names.marked(2).startswith("Bob")

    back = join(app, room, 1, token=token)  # Wait: she joins again
    frames_until(app, lambda: not isinstance(app.scenes.current, ConfirmScene))
    assert back.seat == 1 and back.view(1)["seat"] == 1
    assert not host.names.marked(1).endswith("away")
    frames_until(app, lambda: (bob_window.step(0.05) or True)
                 and not bob_table.names.marked(1).endswith("away"))
    # What she missed is sent again: every event her seat may see, from the first move on.
    told = back.source.remote.events
    assert [dict(e) for e in told] == [dict(e) for e in room.hosted.host.histories[1].events]
    back.close()
    bob.close()
    app.scenes.current.exit()


def test_the_host_hands_an_away_seat_to_a_bot_and_the_game_goes_on(app: App) -> None:
    room = host_room(app, host_setup("pie-rats", "human:hotseat,remote,bot:normal,bot:normal"))
    ann = join(app, room, 1, "Ann")
    room.start()
    host = app.scenes.current
    ann.close()
    frames_until(app, lambda: isinstance(app.scenes.current, AwayPrompt))
    app.scenes.current.confirm()  # Hand the seat to a bot
    assert app.scenes.current is host and 1 in host.driver.session.bots
    assert not host.names.marked(1).endswith("away")  # no longer waited for: not away
    app.step(0.05, [])
    assert host.names.player(1) == "Ann · bot"  # the host's table says a bot plays it now
    frames_until(app, lambda: any(entry.seat == 1 for entry in host.driver.session.log), 60,
                 lambda: _plays(host, 0))
    host.exit()


def test_a_host_that_quits_sends_the_joined_window_to_the_title_with_one_line(app: App) -> None:
    room = host_room(app, host_setup("cheflebrity", "human:hotseat,remote,bot:normal,bot:normal"))
    remote = join(app, room, 1, "Ann")
    window, joined = _open_joined(remote)
    room.start()
    app.scenes.current.exit()  # the host leaves its table (saved there, as always)
    title = until_title(window)
    assert isinstance(title, TitleScene)
    assert title.notice == "The host left the table: the game is saved on the host's machine."
    # Readable: not drawn over the keys' line (the title's buttons leave no room under them).
    overlaps = title.status.rect.colliderect(title.hint.rect)
    assert not overlaps or title.hint.current_text() == ""


def test_the_joined_table_opens_instead_of_a_placeholder(app: App) -> None:
    """Join from the join screen itself: the table opens, no line saying it cannot be played."""
    room = host_room(app, host_setup("rats", "human:hotseat,remote,bot:normal"))
    window = Window()
    join_screen = JoinScene(window)
    window.scenes.push(join_screen)
    join_screen.address, join_screen.code, join_screen.seat, join_screen.name = (
        room.hosted.address, room.hosted.code, 2, "Ann")
    join_screen.join()
    frames_until(app, lambda: (window.step(0.05) or True) and window.scenes.current is not join_screen)
    assert join_screen.notice == ""  # no line saying it cannot be played
    table = window.scenes.current
    assert table.game_id == "rats" and table.driver.seat == 1
    table.exit()
    room.hosted.quit()


def test_undo_at_a_joined_table_says_why_not(app: App) -> None:
    room = host_room(app, host_setup("pie-rats", "human:hotseat,remote,bot:normal,bot:normal"))
    remote = join(app, room, 1, "Ann")
    _window, joined = _open_joined(remote)
    room.start()
    host = app.scenes.current
    for table in (joined, host):  # neither at the remote table nor at the host's
        assert not table.undo()
        assert table.message == "No undo at a table played across machines: the others saw the move"
    joined.exit()
    host.exit()


def test_a_version_mismatch_is_one_line(app: App, monkeypatch) -> None:
    room = host_room(app, host_setup("pie-rats", "human:hotseat,remote,bot:normal,bot:normal"))
    monkeypatch.setattr("pie_table.net.client.local_games", lambda: {"pie-rats": 999})
    with pytest.raises(HostRefused) as refused:
        join(app, room, 1, "Ann")
    assert "\n" not in str(refused.value) and "version" in str(refused.value).lower()
    room.hosted.quit()


@pytest.mark.parametrize("game", ["rats", "cheflebrity", "pie-rats"])
def test_the_host_table_draws_the_away_mark_by_the_dropped_players_name(app: App, game: str) -> None:
    room = host_room(app, host_setup(game, "human:hotseat,remote,bot:normal"))
    ann = join(app, room, 1, "Ann")
    room.start()
    host = app.scenes.current
    frames_until(app, lambda: host.names.player(1) == "Ann")
    drawn: list[str] = []
    host.names.marked = _spy(host.names.marked, drawn)
    host.names.marked_player = _spy(host.names.marked_player, drawn)  # Pie Rats' seat header
    ann.close()
    frames_until(app, lambda: isinstance(app.scenes.current, AwayPrompt))  # drawn under it
    assert any(name.startswith("Ann") and name.endswith(" · away") for name in drawn)
    host.exit()


def _spy(marked: Any, drawn: list[str]) -> Any:
    def spied(seat: int) -> str:
        drawn.append(marked(seat))
        return drawn[-1]
    return spied


def test_a_lost_link_sends_the_joined_window_to_the_title_saying_how_to_come_back(app: App) -> None:
    room = host_room(app, host_setup("rats", "human:hotseat,remote,bot:normal"))
    remote = join(app, room, 1, "Ann")
    window, _joined = _open_joined(remote)
    room.start()
    remote.source.link.call(remote.source.remote.ws.close())  # the network goes (not the host quitting)
    title = until_title(window)
    assert isinstance(title, TitleScene)
    assert title.notice == "The connection to the host was lost: join again to take your seat back."
    assert remembered(remote.source.url, "1") == remote.source.token
    app.scenes.current.exit()


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity", "rats"])
def test_a_hint_at_the_joined_table_comes_from_its_seats_view(app: App, game: str) -> None:
    room = host_room(app, host_setup(game, "bot:normal,remote,bot:normal"))
    remote = join(app, room, 1, "Ann")
    window, joined = _open_joined(remote)
    room.start()
    frames_until(app, lambda: (window.step(0.05) or True) and joined.panel is not None)
    joined.show_hint()
    # The expert works it out from the seat's view in the pondering worker; the table draws on.
    frames_until(app, lambda: (window.step(0.0) or True) and not joined.hint.waiting)
    assert joined.hint_text and joined.hints_used == {1: 1}
    assert joined.hint.by_expert
    joined.exit()
    app.scenes.current.exit()


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity", "rats"])
def test_a_player_who_joins_later_is_named_on_the_tables_of_those_already_there(app: App, game: str) -> None:
    room = host_room(app, host_setup(game, "human:hotseat,remote,remote,bot:normal"))
    ann = join(app, room, 1, "Ann")
    ann_window, ann_table = _open_joined(ann)  # Ann's table is open before Bob comes
    bob = join(app, room, 2, "Bob")
    frames_until(app, lambda: (ann_window.step(0.05) or True) and ann_table.names.player(2) == "Bob")
    assert ann_table.names(2).startswith("Bob") and ann_table.names.player(1) == "Ann"
    ann.close()
    bob.close()
    room.hosted.quit()


def test_a_remote_move_is_answered_while_the_host_reads_the_pause_menu(app: App) -> None:
    """The host's pause holds its bots and clock still, not the network: a remote player's move is
    answered at once (the joined window used to wait 10 s and then call it 'no answer')."""
    from pie_table.scenes.pause import PauseScene
    from pie_table.scenes.turn_table.look import held_by_host

    room = host_room(app, host_setup("rats", "human:hotseat,remote,bot:normal,bot:normal"))
    remote = join(app, room, 1, "Ann")
    window, joined = _open_joined(remote)
    assert remote.source.remote.host_paused == "start"  # the room: the game waits for the host's Start
    assert held_by_host(joined) == "Waiting for the host to start."  # the joined table says so
    room.start()
    host = app.scenes.current
    frames_until(app, lambda: remote.source.remote.host_paused == "" and 1 in remote.to_act(), 10)
    host.pause_game()
    assert isinstance(app.scenes.current, PauseScene)
    frames_until(app, lambda: remote.source.remote.host_paused == "pause", 10)
    assert held_by_host(joined) == "The host has paused the game."
    answered: list[Any] = []
    sender = threading.Thread(target=lambda: answered.append(remote.submit(1, remote.autoplay_action(1))))
    sender.start()
    frames_until(app, lambda: bool(answered), 5)  # the host's frames, its pause menu on top
    sender.join()
    assert answered[0].ok, answered[0]
    assert any(entry.seat == 1 for entry in room.hosted.driver.session.log)
    app.scenes.pop()
    frames_until(app, lambda: remote.source.remote.host_paused == "", 10)
    assert held_by_host(joined) == ""
    remote.close()
    room.hosted.quit()


def test_the_room_gives_the_table_a_new_code_and_the_old_one_takes_no_seat(app: App) -> None:
    import pygame

    from pie_table.net.link_source import join_seat

    room = host_room(app, host_setup("rats", "human:hotseat,remote,bot:normal"))
    app.step(0.05, [])
    others = [room.start_button, room.back_button, room.heading, room.address, room.code, room.link,
              room.joined]
    assert not any(room.new_code_button.rect.colliderect(widget.rect) for widget in others)
    old = room.hosted.code
    pygame.event.clear()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=room.new_code_button.rect.center, button=1))
    app.step(1 / 60)
    assert room.hosted.code != old and room.code.current_text() == f"Join code: {room.hosted.code}"
    with pytest.raises(HostRefused, match="join code is wrong"):  # refused by the lobby at once
        join_seat(room.hosted.address, "1", code=old, seat=1, name="Ann")
    assert join(app, room, 1, "Ann").seat == 1  # the new code, as the room shows it
    room.hosted.quit()


def test_a_player_who_gave_no_name_shows_in_the_room_as_taken_not_open(app: App) -> None:
    room = host_room(app, host_setup("pie-rats", "human:hotseat,remote,bot:normal"))
    assert room.joined_text() == "Seat 2: open"
    nameless = join(app, room, 1, "")  # `main.py join` without --name
    app.step(0.05, [])
    assert room.joined_text() == "Seat 2: Player 2 (here)"
    nameless.close()
    room.back()


def test_the_pause_menu_shows_the_join_code_while_a_remote_seat_is_open(app: App) -> None:
    from pie_table.scenes.pause import PauseScene

    room = host_room(app, host_setup("pie-rats", "human:hotseat,remote,remote,bot:normal"))
    ann = join(app, room, 1, "Ann")
    room.start()
    host = app.scenes.current
    host.pause_game()
    pause = app.scenes.current
    assert isinstance(pause, PauseScene)
    line = f"Join code: {room.hosted.code} · {room.hosted.address}"
    assert pause.note is not None and pause.note.current_text() == line  # seat 3 is still open
    pause.back()
    bob = join(app, room, 2, "Bob")
    host.pause_game()
    assert app.scenes.current.note.current_text() == ""  # every remote seat is played
    app.scenes.current.back()
    bob.close()
    frames_until(app, lambda: isinstance(app.scenes.current, AwayPrompt))
    app.scenes.current.back()  # Wait
    host.pause_game()
    assert app.scenes.current.note.current_text() == line  # Bob may need it to come back
    app.scenes.current.back()
    ann.close()
    host.exit()


def test_a_joined_rats_table_stops_saying_it_waits_for_the_host_once_the_host_starts(app: App) -> None:
    # Seen playing across two windows: the joined table's top bar went on saying "Waiting for the
    # host to start." after the host had started, until the first move (its picture was kept).
    from pie_table.games.rats.ui.table_paint import TablePainter

    room = host_room(app, host_setup("rats", "human:hotseat,remote,bot:normal,bot:normal"))
    remote = join(app, room, 1, "Ann")
    window, joined = _open_joined(remote)
    window.step(0.05)
    assert remote.held_by_host == "start"
    room.start()
    frames_until(app, lambda: remote.held_by_host == "")
    window.step(0.05)
    kept = joined.painter._base
    fresh = TablePainter()
    joined.painter, painter = fresh, joined.painter
    joined.draw(window.screen.copy())
    joined.painter = painter
    assert kept is not None and fresh._base is not None
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh._base, "RGB")
    app.scenes.stack[1].exit()
    remote.close()
