"""Rumble Pie hosted from the window and joined from another (issue 23 items 1-4, Rumble's part),
through the real scenes with the dummy video driver and real sockets on 127.0.0.1: the title's
Host a table offers Rumble Pie, the host's table runs the game on its own driver's fixed step with a
remote seat's key actions from the network, the joined table is the game's own table drawn from
the host's frames; a whole game, a drop and a reconnect with the token, *away* on both tables,
the host's hand-to-a-bot prompt, the host's quitting told in one line on the title, a later
joiner's name on the tables of those already there, and a saved game continued at the host with
its remote player joining again by code (issue 23 item 2)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from pie_table.core.registry import get_game
from pie_table.core.session import bot_seed
from pie_table.core.setup import SeatSpec
from pie_table.games.rumble_pie.table.remote_sim import HOST_QUIT, RemoteTableSim
from pie_table.games.rumble_pie.ui.remote_badge import draw_delay
from pie_table.games.rumble_pie.ui.table_scene import RumbleTableScene
from pie_table.kit.app import App
from pie_table.net.link_source import join_seat
from pie_table.net.patch import plain
from pie_table.net.seat_replay import list_seat_replays, recorded_frames
from pie_table.paths import seat_replays_dir
from pie_table.scenes.net_host import HostRoomScene, HostSeatsScene
from pie_table.scenes.net_join import JoinScene
from pie_table.scenes.pause import PauseScene
from pie_table.scenes.results import ResultsScene
from pie_table.scenes.seat_replay import RemoteSeatReplayScene
from pie_table.scenes.title import TitleScene
from tests.scenes import test_net_window as window
from tests.scenes.net_pair import Window, continued_room

pytestmark = pytest.mark.long  # tens of seconds in all: run first (tests/conftest.py)

GAME = "rumble-pie"
app = window.app  # the fixture: a headless window at its title, its own PIE_TABLE_HOME
_click = window._click  # noqa: SLF001 - one click as a player makes it
DRAWN_EVERY = 4  # frames: the first of each four is drawn on both tables


def _host_room(app: App, seats: list[SeatSpec], target: int = 10) -> HostRoomScene:
    """Title → Host a table → Rumble Pie → `seats` → the room."""
    _click(app, app.scenes.current.host_button.rect)
    select = app.scenes.current
    assert GAME in [info.id for info in select.games]  # Rumble Pie may be hosted too
    assert select.tutorial_game is None  # a lesson is not played at a hosted table
    select.pick(get_game(GAME))
    chooser = app.scenes.current
    assert isinstance(chooser, HostSeatsScene)
    chooser.set_count(len(seats))
    for seat, spec in enumerate(seats):
        chooser.set_seat(seat, spec)
    chooser.options["target"] = target
    assert chooser.problem() is None
    _click(app, chooser.start_button.rect)
    room = app.scenes.current
    assert isinstance(room, HostRoomScene)
    return room


def _run(app: App, joined: RumbleTableScene | None, done: Callable[[], bool], seconds: float = 60.0,
         host_dt: float = 1 / 60, act: Callable[[], None] | None = None) -> None:
    """Frames of both windows (the host's `app`, the joined table drawn off-screen) until `done`."""
    surface = pygame.Surface((1280, 720))
    end = time.monotonic() + seconds
    frame = 0
    while not done():
        assert time.monotonic() < end, "timed out"
        draw = frame % DRAWN_EVERY == 0  # the tables are drawn now and then: nothing reads most frames
        frame += 1
        app.step(host_dt, [], draw=draw)
        if joined is not None:
            if act is not None:
                act()
            joined.update(1 / 60)
            if draw:
                joined.draw(surface)
        time.sleep(0.001)  # the network threads take the interpreter meanwhile


def _join(app: App, room: HostRoomScene, seat: int, name: str) -> RemoteTableSim:
    """A player on another machine (here: a thread) takes `seat` while the host's frames run."""
    joined: dict[str, Any] = {}

    def take() -> None:
        hosted = room.hosted
        seated = join_seat(hosted.address, "1", code=hosted.code, seat=seat, name=name, realtime=True)
        joined["sim"] = RumbleTableScene.remote_table(seated)
    thread = threading.Thread(target=take)
    thread.start()
    _run(app, None, lambda: not thread.is_alive(), 10)
    return joined["sim"]


def _joined_through_the_screen(app: App, room: HostRoomScene, seat: int) -> Any:
    """Ann fills in the join screen (address, code, `seat` as the form numbers it) and joins: the
    Rumble table that opens for her."""
    join = JoinScene(app)
    app.scenes.push(join)
    join.address, join.code, join.name, join.seat = room.hosted.address, room.hosted.code, "Ann", seat
    join.join()
    end = time.monotonic() + 10
    while not isinstance(app.scenes.current, RumbleTableScene):
        assert time.monotonic() < end
        room.hosted.pump()
        app.step(1 / 60, [])
        time.sleep(0.005)
    return app.scenes.current


def _remote_bot(joined: RumbleTableScene) -> Callable[[], None]:
    """The remote player, played by a bot from what its table shows: its keys' actions, and Go!
    between rounds, as a person at that window would."""
    sim = joined.sim
    bot = get_game(GAME).bot_factory("normal", sim.seat, bot_seed(3, sim.seat))

    def act() -> None:
        if sim.phase in ("ready", "round_over"):
            joined.waiting_s = 5.0  # past the start lockout
            joined.request_start()
        elif sim.phase == "play" and not sim.queue:
            action = bot.act(sim.view, int(sim.view.get("tick", 0)))
            if action is not None:
                sim.push(action, ("keys1", None))
    return act


def test_a_rumble_table_hosted_from_the_window_and_joined_plays_a_whole_game(app: App) -> None:
    bot = SeatSpec("bot", level="normal")
    room = _host_room(app, [bot, SeatSpec("human", control="hotseat", level="remote"), bot, bot])
    assert room.joined_text() == "Seat 2: open"
    sim = _join(app, room, 1, "Ann")
    assert room.joined_text() == "Seat 2: Ann (here)"
    _click(app, room.start_button.rect)
    host_table = app.scenes.current
    assert isinstance(host_table, RumbleTableScene) and host_table is room.table
    assert host_table.cursors == {} and host_table.mouse is None  # nobody plays seat 2 at the host
    assert 1 not in host_table.sim.session.bots

    joined = RumbleTableScene(app, sim.setup, remote=sim)
    joined.enter()
    # The delay badge sits in the Table talk panel's title row, clear of its lines (it used to
    # cover the panel's bottom corner, over the newest line).
    talk = joined.geom.area("log")
    badge = draw_delay(pygame.Surface((1280, 720)), talk, 42.0)
    assert talk.contains(badge) and badge.bottom <= talk.y + joined.view.px(26)
    assert {c.seat for c in joined.cursors.values()} == {1} and joined.mouse is not None
    assert joined.names[1] == "Ann" and joined.setup.seats[1].control == "keys1"
    # The host's clock runs fast here (a quarter second a frame) so a whole game fits in a test.
    _run(app, joined, lambda: sim.phase == "game_over", 240, host_dt=0.25, act=_remote_bot(joined))
    log = host_table.sim.session.log
    assert sum(1 for e in log if e.seat == 1) >= 10  # the remote seat's key actions were the game's
    assert host_table.sim.phase == "game_over"
    _run(app, joined, lambda: sim.source.remote.over, 5)
    # The joined table's results offer the seat's own replay (the game is saved at the host).
    app.scenes.push(joined)
    joined.over_timer = 10.0  # past the beat before the results: its next update opens them
    joined.update(0.0)
    results = app.scenes.current
    assert isinstance(results, ResultsScene) and not results.again
    _the_seat_replay_plays_to_the_final_view(app, results, sim, room)
    app.scenes.pop()
    assert sim.table().scores == host_table.sim.table().scores
    sim.close()
    # The host's Play again sets the hosted table up again (its seats, then a new room), not a
    # table of its own whose Remote seat nobody would play.
    _run(app, None, lambda: isinstance(app.scenes.current, ResultsScene), 10, host_dt=0.25)
    results = app.scenes.current
    results.shown_s = 10.0
    results.play_again()
    assert isinstance(app.scenes.current, HostSeatsScene)


def _the_seat_replay_plays_to_the_final_view(app: App, results: ResultsScene, sim: RemoteTableSim,
                                            room: HostRoomScene) -> None:
    """The joined results' *Watch the replay*: the file holds the seat's events (each once) and its
    views, only its own; the viewer plays it on Rumble's table to the seat's final view."""
    path = Path(str(results.replay_path))
    assert path.parent == seat_replays_dir()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["finished"] is True and saved["cut"] is False
    assert (saved["seat"], saved["names"][1]) == (1, "Ann")
    assert saved["players"] == ["bot:normal", "remote", "bot:normal", "bot:normal"]
    frames = recorded_frames(saved)
    # Every event the host sent the seat, in order, and only those; no token in the file.
    assert [e for f in saved["frames"] for e in f["events"]] == plain(room.hosted.host.histories[1].events)
    assert sim.source.remote.token not in path.read_text(encoding="utf-8")
    # Frames that only ran the clock are left out: far fewer frames than ticks.
    assert len(frames) < frames[-1].tick // 2
    assert plain(frames[-1].view) == plain(sim.view)  # the seat's last view, whole

    results.shown_s = 10.0  # armed
    results.watch()
    viewer = app.scenes.current
    assert isinstance(viewer, RemoteSeatReplayScene) and results.notice == ""
    assert viewer.table.watch and viewer.table.remote and viewer.position == 0
    assert viewer.table.names[1] == "Ann" and viewer.table.setup.seats[0].is_bot  # a host's bot, labelled
    assert viewer.who() == "Seen by Ann"
    viewer.step_forward()
    assert viewer.position == viewer.moves[0] and viewer.progress() == (1, len(viewer.moves))
    # Played at speed 8: the frames come as the game's time passed between them.
    viewer.change_speed(5)
    viewer.toggle_play()
    surface = pygame.Surface((1280, 720))
    start_tick = viewer.sim.recording.frame.tick
    viewer.update(0.5)  # half a second at speed 8: four seconds of the game
    shown = viewer.sim.recording.frame.tick
    assert start_tick < shown <= start_tick + 4 * 60
    for _frame in range(2000):
        if viewer.at_end():
            break
        viewer.update(0.25)
        viewer.draw(surface)
    assert viewer.at_end() and not viewer.playing
    assert viewer.table.sim.table().scores == sim.table().scores and viewer.table.sim.phase == "game_over"
    viewer.step_back()
    assert viewer.position == max(move for move in viewer.moves if move < len(frames) - 1)
    viewer.jump(1.0)
    assert viewer.at_end()
    viewer.step_forward()
    assert viewer.notice == ""  # the whole game is here: nothing to say past its end
    viewer.jump(0.0)
    assert viewer.position == 0
    app.scenes.pop()
    assert app.scenes.current is results


def test_a_dropped_remote_seat_is_away_on_both_tables_and_its_token_takes_it_back(app: App) -> None:
    bot = SeatSpec("bot", level="normal")
    remote = SeatSpec("human", control="hotseat", level="remote")
    room = _host_room(app, [bot, remote, remote, bot])
    first, second = _join(app, room, 1, "Ann"), _join(app, room, 2, "Bo")
    _click(app, room.start_button.rect)
    host_table = app.scenes.current
    watcher = RumbleTableScene(app, second.setup, remote=second)
    first.start()
    first.start()  # Enter pressed twice: the second start is answered too, not left pending forever
    _run(app, watcher, lambda: host_table.sim.phase == "play" and not first.queue, 20, host_dt=0.1,
         act=lambda: first.advance(0))

    # Ann's connection drops (not a goodbye: the link just goes), and the host cannot be reached
    # for a while: she is away on the host's table and at Bo's, and her table tries again.
    token, url = first.source.remote.token, first.source.remote.url
    first.source.remote.url = "ws://127.0.0.1:9"  # nothing listens there
    first.source.link._loop.call_soon_threadsafe(lambda: first.source.remote.ws.transport.abort())  # noqa: SLF001
    _run(app, watcher, lambda: host_table.away_seats() == [1] and watcher.away_seats() == [1], 10)
    surface = pygame.Surface((1280, 720))
    host_table.draw(surface)
    assert host_table.away_prompt.seat == 1 and host_table.away_prompt.bot_button is not None

    assert first.reconnecting
    assert first.held_by_host == "reconnecting"  # her table's strip says so, whole, over the banner
    # The way is open again: her table takes the seat back with the same token; back everywhere.
    first.source.remote.url = url
    _run(app, watcher, lambda: not first.reconnecting and first.source.remote.token == token
         and host_table.away_seats() == [] and watcher.away_seats() == [], 15)
    assert room.joined_text() == "Seat 2: Ann (here) · Seat 3: Bo (here)"
    draw = next(a for a in get_game(GAME).rules.legal_actions(host_table.sim.state, 1) if a["type"] == "draw")
    first.push(draw, ("keys1", None))
    _run(app, watcher, lambda: any(e.seat == 1 and e.action == draw for e in host_table.sim.session.log), 5)
    # Her own replay went on through the drop: a whole view where the seat was taken back, and
    # every event the host sent her, each once.
    first.advance(0)
    kept = first.source.recorder.frames
    recorded, heard = [e for frame in kept for e in frame["events"]], plain(first.source.remote.events)
    assert sum(1 for frame in kept if "view" in frame) == 2
    # (the network thread may have heard a frame more than the table has taken yet)
    assert recorded == heard[:len(recorded)] and any(e.get("type") == "drawn" for e in recorded)

    # Bo drops; the host hands his seat to a bot from the prompt, and the bot plays it.
    second.close()
    _run(app, None, lambda: host_table.away_seats() == [2], 10)
    host_table.draw(surface)
    _click(app, host_table.away_prompt.bot_button)
    assert 2 in host_table.sim.session.bots and host_table.away_seats() == []
    played = len([e for e in host_table.sim.session.log if e.seat == 2])
    _run(app, None, lambda: len([e for e in host_table.sim.session.log if e.seat == 2]) > played, 20,
         host_dt=0.1)
    first.close()


def test_the_host_quitting_is_told_in_one_line_on_the_joined_players_title(app: App) -> None:
    bot = SeatSpec("bot", level="normal")
    room = _host_room(app, [bot, SeatSpec("human", control="hotseat", level="remote"), bot, bot])
    # The join screen finds a real-time table and opens Rumble's own table for it.
    joined = _joined_through_the_screen(app, room, 2)
    assert joined.remote and isinstance(joined.sim, RemoteTableSim) and joined.sim.seat == 1
    room.hosted.quit()
    end = time.monotonic() + 10
    while not isinstance(app.scenes.current, TitleScene):
        assert time.monotonic() < end
        app.step(1 / 60, [])
        time.sleep(0.005)
    title = app.scenes.current
    assert title.notice.startswith(HOST_QUIT)
    # What Ann's seat was sent until then is kept, as a replay that ends where the table did.
    (kept,), _damaged = list_seat_replays(seat_replays_dir())
    assert kept.game == GAME and kept.seat == 1 and not kept.finished
    # At 1280x720 the title's eight buttons leave no room under them: the notice takes the hint's
    # line instead of being drawn over it.
    assert title.status.rect.bottom <= app.screen.get_height() and title.hint.current_text() == ""
    assert not title.status.rect.colliderect(title.quit_button.rect)


def test_two_keyboard_players_at_the_host_keep_their_keys_help_clear_of_the_network_switch(app: App) -> None:
    _click(app, app.scenes.current.host_button.rect)
    app.scenes.current.pick(get_game(GAME))
    chooser = app.scenes.current
    chooser.set_seat(2, SeatSpec("human", control="keys2"))
    app.step(1 / 60, [])
    assert [spec.control for spec in chooser.seats[:3]] == ["keys1", "hotseat", "keys2"]
    assert chooser.legend_rect.bottom <= chooser.lan_toggle.rect.top
    _fnt, rows = chooser.legend_rows()
    assert rows and all(pos[1] < chooser.lan_toggle.rect.top for _text, pos in rows)


def _key(scene: RumbleTableScene, scancode: int, key: int = 0) -> None:
    """One key pressed at the joined window, as the player's keyboard sends it."""
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, scancode=scancode, mod=0, unicode=""))


def test_the_joined_players_own_keys_start_draw_place_and_move_the_cursor(app: App) -> None:
    bot = SeatSpec("bot", level="normal")
    room = _host_room(app, [bot, SeatSpec("human", control="hotseat", level="remote"), bot, bot])
    sim = _join(app, room, 1, "Ann")
    _click(app, room.start_button.rect)
    host_table = app.scenes.current
    _run(app, None, lambda: host_table.names[1] == "Ann", 5)  # the host labels the seat by its player
    joined = RumbleTableScene(app, sim.setup, remote=sim)
    joined.enter()
    log = host_table.sim.session.log
    _key(joined, pygame.KSCAN_RETURN, pygame.K_RETURN)  # Enter: Go!
    _run(app, joined, lambda: sim.phase == "play", 20, host_dt=0.1)
    _key(joined, pygame.KSCAN_S)  # S: draw
    _run(app, joined, lambda: any(e.seat == 1 and e.action["type"] == "draw" for e in log), 5)
    _run(app, joined, lambda: sim.table().players[1].hand is not None, 5)
    _key(joined, pygame.KSCAN_X)  # X: the drawn card into the second column
    _run(app, joined, lambda: any(e.seat == 1 and e.action == {"type": "place", "seat": 1, "column": 1}
                                  for e in log), 5)
    cursor = joined.cursors["keys1"]
    for scancode, column in ((pygame.KSCAN_C, 2), (pygame.KSCAN_Z, 0), (pygame.KSCAN_X, 1)):
        _key(joined, scancode)  # a column key moves the cursor there at once
        assert cursor.column == column
    sim.close()


def test_a_rumble_player_who_left_takes_the_seat_back_from_the_join_screen(app: App) -> None:
    bot = SeatSpec("bot", level="normal")
    room = _host_room(app, [bot, SeatSpec("human", control="hotseat", level="remote"), bot, bot])
    first = _joined_through_the_screen(app, room, 2)
    token = first.sim.source.remote.token
    first.exit()  # Leave, through the pause menu: the seat is away at the host
    app.scenes.pop()
    _run(app, None, lambda: 1 in room.hosted.away(), 10)
    # The screen still says seat 3 (a bot's): the remembered token, not the form, names the seat.
    again = _joined_through_the_screen(app, room, 3)
    assert again.sim.seat == 1 and again.sim.source.remote.token == token
    # Her own replay carries on in the file her first table wrote when she left.
    (left,), _damaged = list_seat_replays(seat_replays_dir())
    assert again.sim.source.recorder.path == Path(left.path) and not left.finished
    _run(app, None, lambda: 1 not in room.hosted.away(), 10)
    again.exit()
    (kept,), _damaged = list_seat_replays(seat_replays_dir())
    assert kept.path == left.path
    room.hosted.quit()


def test_a_rumble_player_who_joins_later_is_named_on_the_table_of_the_one_already_there(app: App) -> None:
    bot = SeatSpec("bot", level="normal")
    remote = SeatSpec("human", control="hotseat", level="remote")
    room = _host_room(app, [bot, remote, remote, bot])
    ann = _join(app, room, 1, "Ann")
    ann_table = RumbleTableScene(app, ann.setup, remote=ann)  # Ann's table is open before Bo comes
    ann_table.enter()
    assert ann_table.names[2] == "Player 3"
    # Between rounds her window rests until something comes: the host's word that Bo sat down wakes it.
    woken = threading.Event()
    ann.source.wake = woken.set
    _run(app, None, lambda: ann.source.remote.names[1:2] == ["Ann"], 5)
    woken.clear()
    bo = _join(app, room, 2, "Bo")
    _run(app, None, woken.is_set, 10)
    ann_table.update(1 / 60)  # the frame the wake gives her table
    assert ann_table.names[1:3] == ["Ann", "Bo"]
    assert [info.name for info in ann_table.view.seats[1:3]] == ["Ann", "Bo"]  # her seat labels say so
    ann.close()
    bo.close()
    room.hosted.quit()


def test_a_joined_rumble_table_labels_the_hosts_bots_as_bots(app: App) -> None:
    """Who plays each seat is public: Ann's table says Bot for the host's bots, and Remote only for
    the seats played on other machines (every other seat said Remote)."""
    bot, hard = SeatSpec("bot", level="normal"), SeatSpec("bot", level="hard")
    remote = SeatSpec("human", control="hotseat", level="remote")
    room = _host_room(app, [bot, remote, remote, hard])
    ann = _join(app, room, 1, "Ann")
    ann_table = RumbleTableScene(app, ann.setup, remote=ann)
    ann_table.enter()
    controls = [info.control for info in ann_table.view.seats]
    assert controls[0] == "Bot · normal" and controls[3] == "Bot · hard"
    assert controls[2] == "Remote"
    ann.close()
    room.hosted.quit()


def test_a_remote_rumble_table_says_so_while_the_host_has_paused(app: App, monkeypatch) -> None:
    """The host's pause stops the game for everyone: the remote table says why it stands still, and
    stops saying it once the host plays on (it used to freeze with nothing said)."""
    from pie_table.games.rumble_pie.ui import table_scene

    bot, remote = SeatSpec("bot", level="normal"), SeatSpec("human", control="hotseat", level="remote")
    room = _host_room(app, [bot, remote, bot, bot])
    sim = _join(app, room, 1, "Ann")
    _click(app, room.start_button.rect)
    host_table = app.scenes.current
    joined = RumbleTableScene(app, sim.setup, remote=sim)
    joined.enter()
    drawn: list[bool] = []
    monkeypatch.setattr(table_scene, "draw_host_paused", lambda surface, banner, why: drawn.append(why))
    assert not sim.held_by_host
    host_table.pause_game()
    _run(app, joined, lambda: sim.held_by_host, 10)
    joined.draw(pygame.Surface((1280, 720)))  # the frame after the word came
    assert drawn  # the banner over Ann's table
    app.scenes.pop()  # the host resumes
    app.scenes.current.resume()
    _run(app, joined, lambda: not sim.held_by_host, 10)
    drawn.clear()
    _run(app, joined, lambda: True, 1)
    joined.draw(pygame.Surface((1280, 720)))
    assert not drawn
    sim.close()
    room.hosted.quit()


def _both(app: App, window: Window, done: Callable[[], bool], seconds: float = 30.0, host_dt: float = 1 / 60,
          act: Callable[[], None] | None = None) -> None:
    """Frames of the host's window and of Ann's own (`act()` between them: what she does) until `done`."""
    end = time.monotonic() + seconds
    frame = 0
    while not done():
        assert time.monotonic() < end, "timed out"
        draw = frame % DRAWN_EVERY == 0
        frame += 1
        app.step(host_dt, [], draw=draw)
        if act is not None:
            act()
        window.step(1 / 60, draw=draw)
        time.sleep(0.001)  # the network threads take the interpreter meanwhile


def _join_from(app: App, window: Window, room: HostRoomScene, seat: int,
               name: str = "Ann") -> RumbleTableScene:
    """Ann fills in the join screen at her own window (`seat` as the form numbers it, her `name`)
    and joins: the Rumble table that opens there."""
    join = JoinScene(window)
    window.scenes.push(join)
    join.address, join.code, join.name, join.seat = room.hosted.address, room.hosted.code, name, seat
    join.join()
    _both(app, window, lambda: isinstance(window.scenes.current, RumbleTableScene), 10)
    assert join.notice == ""
    return window.scenes.current


def test_a_continued_rumble_game_is_hosted_again_and_its_remote_player_takes_the_seat_back(app: App) -> None:
    bot = SeatSpec("bot", level="normal")
    room = _host_room(app, [bot, SeatSpec("human", control="hotseat", level="remote"), bot, bot])
    ann = Window()
    joined = _join_from(app, ann, room, 2)
    _click(app, room.start_button.rect)
    table = app.scenes.current
    log = table.sim.session.log
    # A round under way, Ann's keys among its moves.
    _both(app, ann, lambda: sum(e.seat == 1 for e in log) >= 5 and table.sim.phase == "play", 120,
          host_dt=0.1, act=_remote_bot(joined))
    # The host quits to the menu from its pause menu: the game is saved there, and Ann is told so.
    table.pause_game()
    app.scenes.current.quit_to_menu()
    assert isinstance(app.scenes.current, HostSeatsScene)  # the menu the table was started from
    while not isinstance(app.scenes.current, TitleScene):
        app.scenes.current.back()
    saved, path = list(log), str(table.autosave.path)
    saved_hash = table.sim.session.hash()
    _both(app, ann, lambda: isinstance(ann.scenes.current, TitleScene), 10)
    assert ann.scenes.current.notice.startswith(HOST_QUIT)

    # Continue at the host opens the host's room again, the game as it was saved.
    room = continued_room(app)
    assert room.remote == {1}
    table = room.table
    assert table.sim.session.hash() == saved_hash and table.sim.session.log == saved
    assert table.cursors == {} and table.mouse is None  # seat 2 is still nobody's at the host
    # Hosted where it was, with the same code and her seat's token: Ann's join screen takes her own
    # seat back with the token her window remembered (the name she types now is not asked for),
    # and she has her seat of the saved game: its view, as the host has it.
    assert room.joined_text() == "Seat 2: Ann (away)"
    joined = _join_from(app, ann, room, 2, "Annie")
    assert joined.sim.seat == 1 and room.joined_text() == "Seat 2: Ann (here)"
    assert joined.sim.view == plain(table.driver.view(1))
    # ...and everything her seat heard before the save, as a player taking a seat back is sent it
    # (her Table talk started empty).
    assert joined.sim.source.remote.updates >= 1 and len(joined.sim.source.remote.events) >= 5
    _click(app, room.start_button.rect)
    # Continued mid-round, the host's table opens paused (for everyone: the host's clock is the game).
    assert isinstance(app.scenes.current, PauseScene) and app.scenes.current.beneath() is table
    # Named as she sat down, under the pause too.
    assert table.names[1] == "Ann"
    app.scenes.current.back()
    # The game goes on from the save to its end, Ann's keys in it, and both windows show the results.
    log = table.sim.session.log
    _both(app, ann, lambda: isinstance(ann.scenes.current, ResultsScene)
          and isinstance(app.scenes.current, ResultsScene), 240, host_dt=0.25, act=_remote_bot(joined))
    assert log[:len(saved)] == saved and any(e.seat == 1 for e in log[len(saved):])
    assert table.sim.phase == "game_over" and str(table.autosave.path) == path  # saved over the same file
    assert joined.sim.table().scores == table.sim.table().scores
    # Ann's results offer no Play again (it only sent her to the title): the host sets a game up.
    assert not ann.scenes.current.again and app.scenes.current.again


def test_the_host_quitting_is_one_line_for_a_headless_joiner(app: App, capsys) -> None:
    from pie_table.cli.main import main

    bot = SeatSpec("bot", level="normal")
    room = _host_room(app, [bot, SeatSpec("human", control="hotseat", level="remote"), bot, bot])
    url = f"{room.hosted.address}/1?code={room.hosted.code}"
    ended: list[int] = []
    command = ["join", url, "--seat", "2", "--name", "Robo"]  # the room's Seat 2
    joiner = threading.Thread(target=lambda: ended.append(main(command)), daemon=True)
    joiner.start()
    _run(app, None, lambda: room.joined_text() == "Seat 2: Robo (here)", 10)
    _click(app, room.start_button.rect)
    _run(app, None, lambda: room.table.sim.phase == "play", 20, host_dt=0.1)
    app.scenes.current.exit()  # the host leaves its table (saved there, as always)
    joiner.join(10)
    # One line, not a traceback out of the websocket library ('ConnectionClosedOK: received 1000').
    assert ended == [2]
    line = "error: the host left the table: the game is saved on the host's machine\n"
    assert capsys.readouterr().err == line


def test_a_rumble_seat_taken_back_hears_what_it_was_told_before(app: App) -> None:
    """Its table talk is not emptied: the first frame after taking the seat back, which carries
    every event the seat may see, is told to the table (quietly: no sounds for moves long past)."""
    bot = SeatSpec("bot", level="normal")
    room = _host_room(app, [bot, SeatSpec("human", control="hotseat", level="remote"), bot, bot])
    first = _join(app, room, 1, "Ann")
    room.start()
    holder = room.hosted.host.holders[1]

    def go() -> bool:  # Ann presses Go! until the round is on and her seat has been told of it
        first.start()
        first.advance(0.0)
        return holder.history.count >= 1
    _run(app, None, go, 20)
    token = first.source.remote.token
    first.close()
    _run(app, None, lambda: 1 in room.hosted.away(), 10)
    taken: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: taken.update(sim=RumbleTableScene.remote_table(join_seat(
        room.hosted.address, "1", token=token, realtime=True))))
    thread.start()
    _run(app, None, lambda: not thread.is_alive(), 10)
    again: RemoteTableSim = taken["sim"]
    results = again.advance(0.0)
    assert results and results[0].catch_up and not any(r.catch_up for r in results[1:])
    told = [event for result in results for event in result.events]
    assert len(told) >= 1 and plain(told) == plain(list(holder.history.events[:len(told)]))
    again.close()
    room.hosted.quit()
