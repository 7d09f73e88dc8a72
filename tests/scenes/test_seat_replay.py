"""A remote player's own replay (issue 23 item 2): a joined table keeps what its seat was sent,
move by move, writes it when the game ends (or the table is left), and the joined results offer
*Watch the replay*, which shows the game's own table stepped through those frames to the final
view. The file holds only what the seat received; a damaged one is set aside and listed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from pie_table.core.engine import copy_json
from pie_table.core.registry import get_game, listed_title
from pie_table.core.session import Session
from pie_table.kit.app import App
from pie_table.net.seat_replay import KIND, list_seat_replays, recorded_frames
from pie_table.paths import seat_replays_dir
from pie_table.scenes.confirm import ConfirmScene
from pie_table.scenes.net_host import AwayPrompt
from pie_table.scenes.results import ResultsScene
from pie_table.scenes.saved_games import SavedGamesScene
from pie_table.scenes.seat_replay import SeatReplayScene, open_seat_replay
from tests.net.netplay import replayed
from tests.scenes.net_pair import (
    Window,
    both_play,
    frames_until,
    host_room,
    host_setup,
    join,
    open_joined,
    title_app,
    until_title,
)


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app()


def _whole_joined_game(app: App, game: str) -> tuple[Any, Any, Window]:
    """A game hosted from `app` with seat 1 joined from another window, played to both results."""
    room = host_room(app, host_setup(game, "human:hotseat,remote,bot:normal,bot:normal"))
    remote = join(app, room, 1, "Ann")
    window, joined = open_joined(remote)
    room.start()
    host = app.scenes.current
    both_play(app, window, joined, host, lambda: isinstance(app.scenes.current, ResultsScene)
              and isinstance(window.scenes.current, ResultsScene), 300)
    return room, remote, window


def _secrets_at_start(setup: Any) -> list[str]:
    """Texts that would give the game away (as tests/net/test_leaks.py looks for them)."""
    info = get_game(setup.game_id)
    session = Session(setup, info)
    data = info.rules.to_json(session.state)
    words = [str(w) for w in info.rules.rng(session.state).getstate()[1][:40] if w > 10**8]
    decks = [json.dumps(v) for k, v in data.items() if "deck" in k and isinstance(v, list) and len(v) >= 4]
    return words + decks


def _key(scene: Any, key: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity", "rats"])
def test_a_joined_game_is_kept_and_its_results_open_the_replay_at_the_final_view(app: App, game: str) -> None:
    _room, remote, window = _whole_joined_game(app, game)
    results = window.scenes.current
    assert results.replay_path is not None and results.replay_button in results.menu.items
    path = Path(results.replay_path)
    assert path.parent == seat_replays_dir() and path.exists()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["format"] == KIND and saved["finished"] is True
    assert (saved["game"], saved["seat"], saved["seats"], saved["names"][1]) == (game, 1, 4, "Ann")

    results.shown_s = 10.0  # armed
    results.watch()
    viewer = window.scenes.current
    assert results.notice == "" and isinstance(viewer, SeatReplayScene)
    assert viewer.table.watch and viewer.table.display_seat == 1 and viewer.position == 0
    assert viewer.table.view() == recorded_frames(saved)[0].view  # the first view the seat was sent
    _key(viewer, pygame.K_RIGHT)
    assert viewer.position == 1
    # The save replay's bar, without its choice of view (only this seat's view exists).
    window.scenes.draw(window.screen)
    buttons = {label: rect for rect, label, _action in viewer._button_specs()}
    assert list(buttons) == ["Start", "◀ Back", "Play", "Step ▶", "Close", "Faster", "Slower"]
    viewer.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=buttons["Step ▶"].center))
    assert viewer.position == 2
    while viewer.step_forward():
        viewer.update(0.05)
    assert viewer.at_end() and viewer.table.is_over()
    assert copy_json(viewer.table.view()) == copy_json(remote.view(1))  # the seat's final view
    window.scenes.draw(window.screen)  # the final view draws, with the bar under it
    _key(viewer, pygame.K_HOME)
    assert viewer.position == 0
    _key(viewer, pygame.K_ESCAPE)
    assert window.scenes.current is results
    # Saved games lists it as this player's seat at a table hosted elsewhere, and opens the viewer.
    listing = SavedGamesScene(window)
    window.scenes.push(listing)
    listing.rebuild()
    # (the host's own save is listed too: both windows share this test's user folder)
    (main, watch), = [(main, watch) for main, watch, _delete in listing.rows
                      if "hosted elsewhere" in main.text]
    title, seat, _when, state = main.text.split(" · ")
    assert (title, seat, state) == (listed_title(game), "your seat at a table hosted elsewhere", "finished")
    watch.on_click()
    assert isinstance(window.scenes.current, SeatReplayScene) and listing.notice == ""
    remote.close()


def test_the_recording_holds_only_what_the_seat_was_sent(app: App) -> None:
    room, remote, window = _whole_joined_game(app, "pie-rats")
    saved = json.loads(Path(window.scenes.current.replay_path).read_text(encoding="utf-8"))
    host = room.hosted.host
    views, events = replayed(host.session.setup, host, 1)
    frames = saved["frames"]
    # Exactly the events addressed to seat 1 (none with another audience), in order.
    recorded = [event for frame in frames for event in frame["events"]]
    assert recorded == events and all(1 in e.get("audience", [1]) for e in recorded)
    # Every view kept is one seat 1 had, in the order it had them: no other seat's hand in any.
    at = 0
    for frame in recorded_frames(saved):
        plain = copy_json(frame.view)
        while at < len(views) and views[at] != plain:
            at += 1
        assert at < len(views), "a view seat 1 never had was kept"
    # Nothing of the link or of what was asked: no token, no legal moves.
    text = json.dumps(saved)
    assert remote.source.token not in text and '"legal"' not in text
    # The hands dealt: seat 1's own is kept, no other seat's.
    dealt = {seat: replayed(host.session.setup, host, seat)[0][0]["hand"] for seat in range(4)}
    assert frames[0]["view"]["hand"] == dealt[1]
    assert all(frames[0]["view"]["hand"] != dealt[seat] for seat in (0, 2, 3))
    # As the leak tests look: no word of the RNG's state, no undealt deck's order.
    for secret in _secrets_at_start(host.session.setup):
        assert secret not in text
    remote.close()


def test_a_damaged_seat_replay_is_set_aside_and_listed(app: App) -> None:
    folder, name = seat_replays_dir(), "rats-20261126-170000-seat2-abcdef.json"
    folder.mkdir(parents=True)
    (folder / name).write_text('{"format": "pie_table-seat-re', encoding="utf-8")  # cut short
    found, damaged = list_seat_replays(folder)
    assert found == [] and [entry.name for entry in damaged] == [name]
    assert not (folder / name).exists()  # set aside beside itself
    assert ".json.bad-" in damaged[0].path
    listing = SavedGamesScene(app)
    app.scenes.push(listing)
    listing.rebuild()
    labels = [main.current_text() for main, *_buttons in listing.rows]
    assert labels == [f"Damaged: {name} (is damaged (not readable JSON))"]


def test_a_game_the_host_left_is_kept_half_and_its_replay_says_where_it_ends(app: App) -> None:
    room = host_room(app, host_setup("rats", "human:hotseat,remote,bot:normal"))
    remote = join(app, room, 1, "Ann")
    window, joined = open_joined(remote)
    room.start()
    # The game has begun at seat 1's table (both play: another seat's sealed pick alone sends it nothing).
    both_play(app, window, joined, app.scenes.current, lambda: len(remote.source.recorder.frames) >= 2)
    app.scenes.current.exit()  # the host leaves: the joined window goes back to its title
    until_title(window)
    (kept,), damaged = list_seat_replays(seat_replays_dir())
    assert damaged == [] and not kept.finished and kept.seat == 1
    saved = json.loads(Path(kept.path).read_text(encoding="utf-8"))
    assert saved["finished"] is False and len(saved["frames"]) >= 2

    assert open_seat_replay(window, kept.path) == ""
    viewer = window.scenes.current
    _key(viewer, pygame.K_END)
    assert viewer.at_end() and not viewer.table.is_over()
    assert viewer.notice == ""
    _key(viewer, pygame.K_RIGHT)  # one more: there is none, the player left here
    assert viewer.notice == "This replay ends where you left the table."


def test_a_seat_taken_back_carries_on_in_the_same_file(app: App) -> None:
    room = host_room(app, host_setup("pie-rats", "human:hotseat,remote,bot:normal,bot:normal"))
    ann = join(app, room, 1, "Ann")
    window, first = open_joined(ann)
    room.start()
    host = app.scenes.current
    both_play(app, window, first, host, lambda: len(ann.source.recorder.frames) >= 3)
    window.scenes.pop()  # Ann leaves her table: what she saw so far is written
    (left,), _damaged = list_seat_replays(seat_replays_dir())
    assert not left.finished
    frames_until(app, lambda: isinstance(app.scenes.current, AwayPrompt))
    back = join(app, room, 1, token=ann.source.token)  # she comes back (Wait)
    assert back.source.recorder.path == Path(left.path)
    window, joined = open_joined(back)
    frames_until(app, lambda: not isinstance(app.scenes.current, ConfirmScene))
    both_play(app, window, joined, host, lambda: isinstance(window.scenes.current, ResultsScene), 300)
    assert window.scenes.current.replay_path == left.path
    saved = json.loads(Path(left.path).read_text(encoding="utf-8"))
    # Every event the seat was sent, once: what the host sent again on her return is not kept twice.
    assert saved["finished"] and [e for f in saved["frames"] for e in f["events"]] \
        == copy_json(room.hosted.host.histories[1].events)
    back.close()


def _payload(**changed: Any) -> dict[str, Any]:
    """A seat replay's contents with one frame (what a table's first update would give)."""
    payload = {"game": "rats", "rules_version": get_game("rats").rules.rules_version, "seat": 1, "seats": 3,
               "names": ["Rat 1", "Ann", "Rat 3"], "options": {}, "started": 1.0, "saved_at": 2.0,
               "finished": False, "link": "abcdef0123456789", "frames": [{"view": {"seat": 1}, "events": []}]}
    return {**payload, **changed}


def test_a_replay_of_other_rules_says_so_and_stays_listed(app: App) -> None:
    path = seat_replays_dir() / "rats-1-seat2-abcdef.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": KIND, "version": 1, **_payload(rules_version=-5)}))
    line = open_seat_replay(app, str(path))
    assert line == "This replay was recorded with another version of the game's rules."
    assert [info.path for info in list_seat_replays(path.parent)[0]] == [str(path)]  # not damaged


def test_a_file_that_is_not_a_seat_replay_is_refused_in_one_line_and_set_aside(app: App) -> None:
    path = seat_replays_dir() / "rats-1-seat2-abcdef.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": KIND, "version": 1, **_payload(frames=[])}))
    line = open_seat_replay(app, str(path))
    assert line.startswith("rats-1-seat2-abcdef.json does not hold what it should; it was set aside as ")
    assert not path.exists() and [d.name for d in list_seat_replays(path.parent)[1]] == [path.name]


def test_a_rumble_recording_cut_short_opens_on_its_table_and_says_why_it_stops(app: App, monkeypatch) -> None:
    from pie_table.net import seat_replay
    from pie_table.net.seat_replay import SeatRecorder
    from pie_table.scenes.seat_replay import RemoteSeatReplayScene
    from tests.net.test_seat_replay_ticks import _hosted_game, _joined

    host, frames = _hosted_game(5, ticks=60 * 40)
    monkeypatch.setattr(seat_replay, "BUDGET", 60_000)
    recorder = SeatRecorder(seat_replays_dir(), _joined(host), "secret-token")
    for message, _shown in frames:
        recorder.took(message)
    assert recorder.cut
    path = recorder.write(["Bot 1", "Ann", "Bot 3", "Bot 4"], finished=False)
    (listed,), _damaged = list_seat_replays(seat_replays_dir())
    assert listed.game == "rumble-pie" and not listed.finished
    assert open_seat_replay(app, str(path)) == ""
    viewer = app.scenes.current
    assert isinstance(viewer, RemoteSeatReplayScene) and viewer.who() == "Seen by Ann"
    app.scenes.draw(app.screen)
    _key(viewer, pygame.K_END)
    assert viewer.at_end() and viewer.notice == ""
    _key(viewer, pygame.K_RIGHT)  # one more: the file holds no more of the game
    assert viewer.notice == "The replay stops here: the rest of this game was too long to keep."
    app.scenes.draw(app.screen)  # the notice over the bar, the table under it


@pytest.mark.parametrize("frame", [5, "view", None, [1, 2]])
def test_a_seat_replay_whose_frame_is_not_an_object_is_listed_as_damaged(app: App, frame: object) -> None:
    """Saved games opens and lists it, not an AttributeError from reading a number as a frame."""
    folder, name = seat_replays_dir(), "rats-20261126-170000-seat2-abcdef.json"
    folder.mkdir(parents=True)
    rules_version = get_game("rats").rules.rules_version
    payload = {"format": KIND, "version": 2, "game": "rats", "rules_version": rules_version, "seat": 1,
               "seats": 2, "names": ["", "Ann"], "options": {}, "started": 1.0, "saved_at": 2.0,
               "finished": False, "link": "abcdef0123456789",
               "frames": [{"events": [], "view": {"seat": 1}}, frame]}
    (folder / name).write_text(json.dumps(payload), encoding="utf-8")
    found, damaged = list_seat_replays(folder)
    assert found == [] and [entry.name for entry in damaged] == [name]
    listing = SavedGamesScene(app)
    app.scenes.push(listing)
    listing.rebuild()
    assert [main.current_text() for main, *_buttons in listing.rows] == \
        [f"Damaged: {name} (does not hold what it should)"]
