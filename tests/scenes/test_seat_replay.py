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
from pie_table.net.seat_replay import KIND, frames_of, list_seat_replays
from pie_table.paths import seat_replays_dir
from pie_table.scenes.net_join import JoinScene, open_remote_table
from pie_table.scenes.results import ResultsScene
from pie_table.scenes.saved_games import SavedGamesScene
from pie_table.scenes.seat_replay import SeatReplayScene
from tests.net.netplay import replayed
from tests.scenes.net_pair import Stepping, Window, frames_until, host_room, host_setup, join, title_app


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app()


def _plays(table: Any, seat: int) -> None:
    driver = table.driver
    if seat in driver.to_act() and not driver.is_over():
        table.submit(driver.autoplay_action(seat), seat)


def _whole_joined_game(app: App, game: str) -> tuple[Any, Any, Window]:
    """A game hosted from `app` with seat 1 joined from another window, played to both results."""
    room = host_room(app, host_setup(game, "human:hotseat,remote,bot:normal,bot:normal"))
    remote = join(app, room, 1, "Ann")
    window = Window()
    window.scenes.push(JoinScene(window))
    assert open_remote_table(window, remote) == ""
    joined = window.scenes.current
    room.start()
    host = app.scenes.current
    stepping = Stepping(window, lambda: _plays(joined, 1))
    try:
        frames_until(app, lambda: isinstance(app.scenes.current, ResultsScene)
                     and isinstance(window.scenes.current, ResultsScene), 300, lambda: _plays(host, 0))
    finally:
        stepping.stop()
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
    assert viewer.table.view() == frames_of(saved)[0][0]  # the first view the seat was sent
    _key(viewer, pygame.K_RIGHT)
    assert viewer.position == 1
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
    (main, watch), = [(main, watch) for main, watch in listing.rows if "hosted elsewhere" in main.text]
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
    for view, _events in frames_of(saved):
        plain = copy_json(view)
        while at < len(views) and views[at] != plain:
            at += 1
        assert at < len(views), "a view seat 1 never had was kept"
    # Nothing of the link or of what was asked: no token, no legal moves.
    text = json.dumps(saved)
    assert remote.token not in text and '"legal"' not in text
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
    labels = [main.current_text() for main, _remove in listing.rows]
    assert labels == [f"Damaged: {name} (is damaged (not readable JSON))"]
