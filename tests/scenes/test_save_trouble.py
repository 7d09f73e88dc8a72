"""Issue 21 item 6: an autosave that cannot be written is said where the player looks (a lasting
marker on the table, the pause menu, a question before leaving that offers to save elsewhere), in
English and Spanish, and tried again at the next move."""

from __future__ import annotations

import errno

import pygame
import pytest

from pie_table.core import saves
from pie_table.core.messages import Msg
from pie_table.core.resume import load_session
from pie_table.core.saves import read_save
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.pie_rats.ui.table_scene import PieRatsTableScene
from pie_table.games.rats.ui.table_scene import RatsTableScene
from pie_table.games.rumble_pie.ui.table_scene import RumbleTableScene
from pie_table.kit import i18n
from pie_table.kit import palette as pal
from pie_table.kit.app import App
from pie_table.scenes.base import open_table
from pie_table.scenes.pause import PauseScene
from pie_table.scenes.save_trouble import UnsavedQuitScene
from pie_table.scenes.title import TitleScene

DT = 0.05


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path / "pie"))
    monkeypatch.setenv("HOME", str(tmp_path / "me"))  # where a copy saved elsewhere goes
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture
def read_only(monkeypatch):
    """The saves folder refuses every write, as a read-only folder does (tests run as root, for
    whom chmod refuses nothing). `read_only(False)` makes it writable again."""
    real = saves.write_text_atomic
    state = {"refuse": True}

    def write(path, text):
        if state["refuse"] and "/pie/data/saves/" in str(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, text)

    monkeypatch.setattr(saves, "write_text_atomic", write)
    return lambda refuse: state.update(refuse=refuse)


def _rats_table() -> tuple[App, RatsTableScene]:
    app = App(size=(1280, 720), headless=True)
    app.home = TitleScene
    app.scenes.push(TitleScene(app))
    table = open_table(RatsTableScene, app,
                       GameSetup("rats", parse_seats("bot:normal,bot:easy,bot:hard"), {}, seed=5))
    app.scenes.push(table)
    return app, table


def _marker_shown(table) -> bool:
    surface = pygame.Surface((1280, 720))
    table.draw(surface)
    return tuple(surface.get_at((640, 3)))[:3] == pal.DANGER


def test_a_failing_autosave_marks_the_table_until_a_later_move_saves(home, read_only):
    app, table = _rats_table()
    table.skip_to(turn=2)
    app.step(DT, [])
    assert table.autosave.failing and table.autosave.failure == "the saves folder may not be written to"
    saver = table.autosave
    saver.failure, saver.notice = None, ""
    assert not saver.save() and saver.notice == "Autosave failed: the saves folder may not be written to."
    saver.notice = ""
    assert not saver.save() and saver.notice == ""  # said once when saving starts failing, not at every move
    i18n.set_language("es")
    said = "No se pudo guardar la partida: no se puede escribir en la carpeta de partidas."
    assert i18n.tr(Msg("Autosave failed: {why}.", why=saver.failure)) == said
    i18n.set_language("en")
    assert _marker_shown(table)
    app.step(DT, [])
    assert _marker_shown(table)  # lasting: no toast that fades
    read_only(False)
    table.skip_to(turn=3)  # the next moves try again, and succeed
    app.step(DT, [])
    assert not table.autosave.failing and not _marker_shown(table)
    assert load_session(read_save(table.autosave.path)).hash() == table.driver.session.hash()


def test_the_pause_menu_says_why_in_both_languages_and_saves_a_copy_elsewhere(home, read_only):
    app, table = _rats_table()
    table.skip_to(turn=2)
    app.step(DT, [])
    table.pause_game()
    pause = app.scenes.current
    assert isinstance(pause, PauseScene) and pause.rescue_button in pause.menu.items
    english = "This game is not being saved: the saves folder may not be written to."
    assert pause.warning.current_text() == english
    i18n.set_language("es")
    pause.rebuild()
    assert pause.warning.current_text() == (
        "Esta partida no se está guardando: no se puede escribir en la carpeta de partidas.")
    assert pause.rescue_button.text == "Guardar una copia en otro lugar"
    pause.rescue_button.activate()
    copy = home / "me" / "pie_table saves" / table.autosave.path.name
    assert pause.warning.current_text() == f"Copia guardada como {copy}"
    assert load_session(read_save(copy)).hash() == table.driver.session.hash()


def test_leaving_an_unsaved_table_asks_first_and_the_title_says_continue_is_older(home, read_only):
    read_only(False)  # the first moves are saved...
    app, table = _rats_table()
    table.skip_to(turn=2)
    app.step(DT, [])
    assert table.autosave.path.exists()
    read_only(True)  # ...then the folder turns read-only
    table.skip_to(turn=3)
    app.step(DT, [])
    assert table.autosave.failing
    table.pause_game()
    app.scenes.current.quit_button.activate()
    question = app.scenes.current
    assert isinstance(question, UnsavedQuitScene)
    assert question.menu.focused is question.back_button  # a key pressed once too often loses nothing
    question.quit_button.activate()
    title = app.scenes.current
    assert isinstance(title, TitleScene) and title.saved is not None
    assert "Continue opens that game as last saved: its later moves could not be saved." in title.notice


def test_rumble_pie_pauses_with_the_warning_when_its_save_fails(home, read_only):
    app = App(size=(1280, 720), headless=True)
    setup = GameSetup("rumble-pie", parse_seats("bot:hard,bot:easy"), {"target": 3}, seed=4)
    table = open_table(RumbleTableScene, app, setup)
    app.scenes.push(table)
    table.sim.fast_forward(until_tick=300)
    table.pause_game()
    pause = app.scenes.current
    assert isinstance(pause, PauseScene) and pause.warning is not None
    assert table.autosave.failing and _marker_shown(table)


def test_the_title_mentions_a_game_left_unsaved_that_has_no_save_at_all(home, read_only):
    app, table = _rats_table()
    table.skip_to(turn=2)
    app.step(DT, [])
    assert not table.autosave.path.exists()
    table.pause_game()
    app.scenes.current.quit_button.activate()
    app.scenes.current.quit_button.activate()
    title = app.scenes.current
    assert isinstance(title, TitleScene) and title.saved is None
    assert title.notice == "A game you left could not be saved."


def test_the_title_says_where_the_copy_of_a_game_left_unsaved_went(home, read_only):
    app, table = _rats_table()
    table.skip_to(turn=2)
    app.step(DT, [])
    table.pause_game()
    app.scenes.current.quit_button.activate()
    app.scenes.current.rescue_button.activate()  # saves a copy, then leaves
    title = app.scenes.current
    copy = home / "me" / "pie_table saves" / table.autosave.path.name
    assert isinstance(title, TitleScene)
    assert title.notice == f"A game you left is saved only as a copy: {copy}"
    assert load_session(read_save(copy)).hash() == table.driver.session.hash()


def test_the_window_close_button_at_an_unsaved_table_asks_before_the_app_closes(home, read_only):
    app, table = _rats_table()
    table.skip_to(turn=2)
    app.step(DT, [])
    assert table.autosave.failing
    app.running = True
    app.step(DT, [pygame.event.Event(pygame.QUIT)])
    question = app.scenes.current
    assert app.running and isinstance(question, UnsavedQuitScene)  # not closed: asked first
    app.step(DT, [pygame.event.Event(pygame.QUIT)])  # pressed again: the same question, not a second
    assert app.scenes.current is question and app.running
    question.quit_button.activate()
    assert not app.running  # "quit without saving" closes the app, as the close button meant


def test_the_window_close_button_closes_at_once_when_the_game_is_saved(home, read_only):
    read_only(False)
    app, table = _rats_table()
    table.skip_to(turn=2)
    app.running = True
    app.step(DT, [pygame.event.Event(pygame.QUIT)])
    assert not app.running and app.scenes.current is table


def test_a_finished_game_not_written_says_so_on_the_results_until_it_is(home, read_only, monkeypatch):
    from pie_table.core import stats
    from pie_table.scenes.results import ResultsScene

    real = stats.write_json

    def refuse(path, *args, **kwargs):
        if state["refuse"]:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    state = {"refuse": True}
    monkeypatch.setattr(stats, "write_json", refuse)
    app = App(size=(1280, 720), headless=True)
    app.home = TitleScene
    app.scenes.push(TitleScene(app))
    setup = GameSetup("pie-rats", parse_seats("human,bot:easy"), {}, seed=3, names=["Ana", ""])
    table = open_table(PieRatsTableScene, app, setup)
    app.scenes.push(table)
    table.skip_to(turn=999)
    for _step in range(400):
        app.step(DT, [])
        if isinstance(app.scenes.current, ResultsScene):
            break
    results = app.scenes.current
    assert isinstance(results, ResultsScene)
    for _step in range(60):
        app.step(DT, [])  # armed
    assert results.notice_label.current_text() == (
        "This game is not saved: the saves folder may not be written to. "
        "The statistics are not updated: the statistics folder may not be written to.")
    assert not results.replay_button.enabled  # its file is not there to open
    assert stats.rows(stats.load()[0]) == []
    i18n.set_language("es")
    assert results.notice_label.current_text() == (
        "Esta partida no está guardada: no se puede escribir en la carpeta de partidas. "
        "Las estadísticas no se han actualizado: no se puede escribir en la carpeta de estadísticas.")
    i18n.set_language("en")
    read_only(False)
    state["refuse"] = False
    for _step in range(int(5.5 / DT)):  # tried again while the results are shown
        app.step(DT, [])
    assert results.notice_label.current_text() == "" and results.replay_button.enabled
    assert table.autosave.path.exists()
    (row,) = stats.rows(stats.load()[0])
    assert row["name"] == "Ana" and row["played"] == 1


def test_leaving_after_the_pause_menu_saved_a_copy_says_where_the_copy_is(home, read_only):
    app, table = _rats_table()
    table.skip_to(turn=2)
    app.step(DT, [])
    table.pause_game()
    app.scenes.current.rescue_button.activate()
    app.scenes.current.quit_button.activate()  # no question: the copy holds the game as it stands
    title = app.scenes.current
    copy = home / "me" / "pie_table saves" / table.autosave.path.name
    assert isinstance(title, TitleScene)
    assert title.notice == f"A game you left is saved only as a copy: {copy}"
