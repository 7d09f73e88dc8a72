"""Quit mid-game, Continue from the title, finish; the saved-games list; watch a replay; undo at the table."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from pie_table.core.driver import TableDriver, driver_for
from pie_table.core.resume import load_session
from pie_table.core.saves import expand_log, list_saves, read_save
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rats.ui.table_scene import RatsTableScene
from pie_table.games.rumble_pie.ui.table_scene import RumbleTableScene
from pie_table.kit.app import App
from pie_table.paths import saves_dir
from pie_table.scenes.base import open_table
from pie_table.scenes.pause import PauseScene
from pie_table.scenes.replay import ReplayScene
from pie_table.scenes.results import ResultsScene
from pie_table.scenes.saved_games import SavedGamesScene, open_save
from pie_table.scenes.title import TitleScene

DT = 0.05


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return tmp_path


def _app() -> App:
    app = App(size=(1280, 720), headless=True)
    app.scenes.push(TitleScene(app))
    app.step(DT, [])
    return app


def _key(app, key, mod=0):
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])


def _click(app, rect):
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)])


def test_rats_quit_midway_continue_from_the_title_and_finish(home):
    app = _app()
    table = open_table(RatsTableScene, app,
                       GameSetup("rats", parse_seats("bot:hard,bot:easy,bot:normal"), {}, seed=5))
    app.scenes.push(table)
    table.skip_to(turn=3)
    saved_hash = table.driver.session.hash()
    app.scenes.pop()  # back to the title: the table saves as it leaves
    title = app.scenes.current
    assert isinstance(title, TitleScene) and title.saved is not None
    assert title.continue_button in title.menu.items and "RATS" in title.continue_button.text
    _click(app, title.continue_button.rect)
    resumed = app.scenes.current
    assert isinstance(resumed, RatsTableScene) and resumed.driver.session.hash() == saved_hash
    resumed.skip_to(turn=99)
    assert resumed.driver.session.is_over()
    for _ in range(200):
        app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)])
        if isinstance(app.scenes.current, ResultsScene):
            break
    results = app.scenes.current
    assert isinstance(results, ResultsScene) and results.replay_path == str(resumed.autosave.path)
    saves, problems = list_saves(saves_dir())
    # One file for the whole game: the resumed game kept writing to the save it came from.
    assert len(saves) == 1 and saves[0].finished and not problems
    assert load_session(read_save(saves[0].path)).hash() == resumed.driver.session.hash()


def test_rumble_pause_saves_and_a_continued_game_opens_paused(home):
    app = _app()
    setup = GameSetup("rumble-pie", parse_seats("bot:hard,bot:easy"), {"target": 3}, seed=4)
    table = open_table(RumbleTableScene, app, setup)
    app.scenes.push(table)
    table.sim.fast_forward(until_tick=600)
    table.pause_game()
    assert isinstance(app.scenes.current, PauseScene)
    path = table.autosave.path
    assert path.exists() and load_session(read_save(path)).hash() == table.sim.session.hash()
    app.scenes.pop_until(lambda scene: scene.is_menu)
    assert open_save(app, str(path)) == ""
    resumed = app.scenes.current
    assert isinstance(resumed, RumbleTableScene) and resumed.sim.session.hash() == table.sim.session.hash()
    app.step(DT, [])
    assert isinstance(app.scenes.current, PauseScene)  # a round in play waits for the players
    app.scenes.pop()
    resumed.sim.fast_forward(until_round=99)
    assert resumed.sim.session.is_over()


def test_a_damaged_save_is_set_aside_and_listed_with_its_reason_until_removed(home):
    """Issue 21 item 7: the damaged save stays listed (name and reason) after a replay and on the
    title, set aside rather than deleted, until the player removes it."""
    session = Session(GameSetup("rats", parse_seats("bot:normal,bot:easy"), {}, seed=2))
    TableDriver(session).play_out()
    from pie_table.core.saves import write_save

    write_save(saves_dir() / "good.json", session)
    (saves_dir() / "broken.json").write_text('{"format": "pie_table-save", "vers')
    app = _app()
    scene = SavedGamesScene(app)
    app.scenes.push(scene)
    app.step(DT, [])
    assert len(scene.rows) == 2 and not (saves_dir() / "broken.json").exists()
    aside = [p for p in saves_dir().iterdir() if p.name.startswith("broken.json.bad-")]
    assert len(aside) == 1  # kept, out of the way
    line = scene.rows[1][0].current_text()
    assert line == "Damaged: broken.json (not a pie_table save (the file is damaged or is not JSON))"
    _click(app, scene.rows[0][0].rect)  # a finished game opens as a replay
    assert isinstance(app.scenes.current, ReplayScene)
    _key(app, pygame.K_ESCAPE)
    assert app.scenes.current is scene and scene.rows[1][0].current_text() == line
    app.scenes.pop()
    title = app.scenes.current
    assert isinstance(title, TitleScene) and "1 damaged save set aside: see Saved games" in title.notice
    scene = SavedGamesScene(app)
    app.scenes.push(scene)
    _click(app, scene.rows[1][1].rect)  # Remove asks first
    confirm = app.scenes.current
    _click(app, confirm.yes_button.rect)
    assert app.scenes.current is scene and len(scene.rows) == 1 and not aside[0].exists()


def test_a_save_that_does_not_replay_is_set_aside_when_opened(home):
    session = Session(GameSetup("rats", parse_seats("bot:normal,bot:easy"), {}, seed=2))
    TableDriver(session).play_out(limit=12)
    from pie_table.core.saves import to_save

    data = to_save(session)
    data["log"][3][1] = {"type": "nonsense"}
    (saves_dir()).mkdir(parents=True)
    (saves_dir() / "bad.json").write_text(json.dumps(data))
    app = _app()
    title = app.scenes.current
    title.rebuild()
    _click(app, title.continue_button.rect)
    assert "bad.json cannot be opened (the save does not replay: action 4 is refused" in title.notice
    assert isinstance(app.scenes.current, TitleScene) and not (saves_dir() / "bad.json").exists()
    assert title.saved is None and title.continue_button not in title.menu.items
    title.rebuild()
    assert title.notice == "1 damaged save set aside: see Saved games"


def _replay(home, seats="bot:hard,human:mouse,bot:normal"):
    session = Session(GameSetup("rats", parse_seats(seats), {"vocations": True}, seed=7))
    while not session.is_over():
        for seat in session.to_act():
            action = session.bot_action(seat) if seat in session.bots else session.legal(seat)[0]
            session.submit(seat, action)
    from pie_table.core.saves import write_save

    path = write_save(saves_dir() / "r.json", session)
    app = _app()
    scene = ReplayScene(app, read_save(path))
    app.scenes.push(scene)
    return app, scene, session


def test_replay_steps_back_and_forth_to_the_same_states(home):
    app, scene, session = _replay(home)
    for _ in range(30):
        _key(app, pygame.K_RIGHT)
    at_30 = scene.table.driver.session.hash()
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_LEFT)
    assert scene.table.driver.session.hash() == at_30 and scene.position == scene.moves[29]
    _key(app, pygame.K_END)
    assert scene.table.driver.session.hash() == session.hash()
    _key(app, pygame.K_HOME)
    assert scene.position == 0
    _key(app, pygame.K_SPACE)
    for _ in range(200):
        app.step(0.5, [])
    assert scene.position > 10  # playing on by itself


def test_replay_from_a_seat_shows_that_seat_only(home):
    app, scene, _session = _replay(home)
    scene.jump(0.5)
    for viewer in (None, 0, 1, 2):
        scene.set_viewer(viewer)
        app.step(DT, [])
        shown = scene.table.view()
        state, rules = scene.table.state, scene.table.rules
        assert shown == rules.view(state, viewer)
        # Nothing another seat holds reaches the screen: deal it all differently, the view is the same.
        assert rules.view(rules.shuffle_hidden(state, viewer, random.Random(viewer)), viewer) == shown
        if viewer is None:
            assert "sheet" not in shown
        else:
            assert shown["sheet"] == state.sheets[viewer].to_json()


def test_undo_against_bots_takes_back_a_move_and_stops_at_a_reveal(home):
    app = App(size=(1280, 720), headless=True)
    table = open_table(RatsTableScene, app,
                       GameSetup("rats", parse_seats("human:mouse,bot:normal"), {}, seed=3))
    app.scenes.push(table)
    undone = refused = 0
    for _ in range(400):
        if table.driver.session.is_over():
            break
        seat = 0
        if seat in table.driver.session.to_act():
            before = table.driver.session.hash()
            table.submit(table.driver.session.legal(seat)[0], seat)
            entry = table.driver.session.log[-1]
            if entry.barrier:
                _key(app, pygame.K_z, pygame.KMOD_CTRL)
                assert table.driver.session.log[-1] is entry and table.message  # a reveal: no undo, and why
                refused += 1
            else:
                _key(app, pygame.K_z, pygame.KMOD_CTRL)
                assert table.driver.session.hash() == before
                undone += 1
                table.submit(table.driver.session.legal(seat)[0], seat)
        for other in table.driver.session.to_act():
            if other != 0:
                table.driver.session.submit(other, table.driver.session.bot_action(other))
    assert undone > 0 and refused > 0
    table.autosave.flush()  # what a frame does: write the save any action left waiting
    saved = json.loads(Path(table.autosave.path).read_text())
    assert saved["actions"] == len(table.driver.session.log)


def test_a_rumble_pie_game_replays_in_the_viewer_tick_by_tick(home):
    session = Session(GameSetup("rumble-pie", parse_seats("bot:hard,bot:easy"), {"target": 3}, seed=6))
    driver_for(session).play_out()
    from pie_table.core.saves import write_save

    path = write_save(saves_dir() / "rumble.json", session)
    app = _app()
    scene = ReplayScene(app, read_save(path))
    app.scenes.push(scene)
    _key(app, pygame.K_5)  # half way
    middle = scene.position
    assert 0 < middle < len(scene.entries)
    _key(app, pygame.K_RIGHT)
    assert scene.position > middle and scene.entries[scene.position - 1][0] is not None  # up to a move
    _key(app, pygame.K_SPACE)
    for _ in range(30):
        app.step(0.1, [])  # playing: ticks at game speed
    assert scene.position > middle + 60
    _key(app, pygame.K_END)
    assert scene.table.sim.session.hash() == session.hash()


def test_a_long_replay_going_back_from_a_kept_state_shows_the_game_as_a_full_replay_does(home):
    from pie_table.core.saves import to_save

    played = driver_for(Session(GameSetup("rumble-pie", parse_seats("bot:normal,bot:normal"), {}, seed=3)))
    played.play_out(limit=1500)
    data = json.loads(json.dumps(to_save(played.session)))
    scene = ReplayScene(_app(), data)
    scene._session_at(1400)  # passes 500 and 1000: their states are kept on the way
    assert sorted(scene._marks) == [500, 1000]
    back = scene._session_at(1234)  # from the state kept at 1000
    assert back.hash() == load_session(data, upto=1234).hash() and len(back.log) == 1234
    row = next(i for i, r in enumerate(data["log"])
               if r[0] is not None and 1000 < len(expand_log(data["log"][:i])) < 1400)
    data["log"][row] = [data["log"][row][0], {"type": "no-such-move"}]
    short = ReplayScene(_app(), data)._session_at(1400)  # a log that breaks shows what came before
    assert len(short.log) == len(expand_log(data["log"][:row]))


def test_watching_a_save_whose_table_cannot_load_says_so_instead_of_crashing(home, monkeypatch):
    session = Session(GameSetup("rats", parse_seats("bot:normal,bot:normal,bot:normal"), {}, seed=3))
    session.bot_action(session.to_act()[0])
    from pie_table.core.saves import write_save

    path = write_save(saves_dir() / "w.json", session)
    app = _app()
    monkeypatch.setattr("pie_table.scenes.saved_games.load_factory", lambda spec: None)
    assert open_save(app, str(path), watch=True) == "This game's table could not be loaded."
    assert isinstance(app.scenes.current, TitleScene)


def _write_game(folder: Path, setup: GameSetup, finish: bool, saved_at: float) -> Path:
    from pie_table.core.saves import to_save

    session = Session(setup)
    if finish:
        TableDriver(session).play_out()
    else:
        TableDriver(session).play_out(limit=6)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{setup.game_id}-{setup.seed}.json"
    path.write_text(json.dumps(to_save(session, saved_at=saved_at)), encoding="utf-8")
    return path


def test_rows_name_the_players_and_a_finished_games_scores_and_a_save_can_be_deleted(home):
    import time

    from pie_table.scenes.confirm import ConfirmScene

    when = time.mktime((2026, 12, 1, 10, 5, 0, 0, 0, -1))
    done = _write_game(saves_dir(), GameSetup("pie-rats", parse_seats("bot:hard,bot:easy"), {}, seed=3,
                                              names=["", ""]), True, when)
    going = _write_game(saves_dir(), GameSetup("rats", parse_seats("human,bot:easy"), {}, seed=4,
                                               names=["Ana", ""]), False, when - 60)
    scores = read_save(done)["scores"]
    app = _app()
    listing = SavedGamesScene(app)
    app.scenes.push(listing)
    app.step(DT, [])
    assert [row[0].text for row in listing.rows] \
        == [f"Pie Rats · 2 bots · 01 Dec 10:05 · finished: {scores[0]:g}–{scores[1]:g}",
            "RATS: High Tea at Sea · Ana · 1 human, 1 bot · 01 Dec 10:04 · in progress"]
    main, replay, delete = listing.rows[1]
    assert delete.text == "Delete"
    delete.activate()
    question = app.scenes.current
    assert isinstance(question, ConfirmScene) and question.heading.text == "Delete this saved game for good?"
    question.back()  # Keep: nothing removed
    assert going.exists() and len(listing.rows) == 2
    listing.rows[1][2].activate()
    app.scenes.current.yes_button.activate()
    assert not going.exists() and done.exists() and len(listing.rows) == 1


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_rumble_replay_bar_keeps_its_height_playing_paused_and_at_the_end(home, size, language):
    from pie_table.core.saves import write_save
    from pie_table.kit import i18n

    session = Session(GameSetup("rumble-pie", parse_seats("bot:hard,bot:easy,bot:normal,bot:easy"),
                                {"target": 10}, seed=6))
    driver_for(session).play_out(limit=900)
    path = write_save(saves_dir() / "rumble.json", session)
    i18n.set_language(language)
    try:
        app = App(size=size, headless=True)
        app.scenes.push(TitleScene(app))
        scene = ReplayScene(app, read_save(path))
        app.scenes.push(scene)
        surface = pygame.Surface(size)
        heights = []
        for key in (None, pygame.K_SPACE, pygame.K_SPACE, pygame.K_END):  # paused, playing, paused, the end
            if key is not None:
                _key(app, key)
            scene.draw(surface)
            heights.append((scene.bar.h, scene._table_size()))
        assert len(set(heights)) == 1, heights
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_replay_bar_is_as_tall_playing_as_paused_at_every_window_width(home, language):
    from pie_table.core.saves import write_save
    from pie_table.kit import i18n

    session = Session(GameSetup("rumble-pie", parse_seats("bot:hard,bot:easy"), {"target": 3}, seed=6))
    driver_for(session).play_out(limit=600)
    path = write_save(saves_dir() / "rumble.json", session)
    i18n.set_language(language)
    try:
        app = App(size=(1280, 720), headless=True)
        app.scenes.push(TitleScene(app))
        scene = ReplayScene(app, read_save(path))
        flips = []
        for width in range(640, 1600, 2):
            heights = set()
            for playing in (False, True):
                scene.playing = playing
                heights.add(scene._bar_height((width, 600)))
            if len(heights) > 1:
                flips.append(width)
        assert flips == []  # the Play/Pause label never turns one row into two
    finally:
        i18n.set_language("en")
