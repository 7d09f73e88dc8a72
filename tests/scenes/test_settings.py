"""Settings: remembered in a versioned file, a damaged file set aside, every change applied at once."""

from __future__ import annotations

import json

import pygame
import pytest

from pie_table.kit import i18n
from pie_table.kit import settings as store
from pie_table.kit.app import App
from pie_table.scenes.base import open_table

DT = 0.05


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield tmp_path
    i18n.set_language("en")


def _settings_scene():
    from pie_table.scenes.settings import SettingsScene
    from pie_table.scenes.title import TitleScene

    app = App(size=(1280, 720), headless=True)
    app.scenes.push(TitleScene(app))
    scene = SettingsScene(app)
    app.scenes.push(scene)
    app.step(DT, [])
    return app, scene


def test_settings_are_saved_and_read_back_and_bad_values_fall_back(home):
    store.save(store.Settings(volume=30, muted=True, reaction_seconds=10, bot_pace="brisk"))
    loaded, notice = store.load()
    assert notice is None and loaded == store.Settings(30, True, 10, "brisk")
    data = json.loads((home / "config" / "settings.json").read_text())
    assert data["format"] == "settings" and data["version"] == 1
    data.update(volume=999, reaction_seconds=7, bot_pace="warp")
    (home / "config" / "settings.json").write_text(json.dumps(data))
    assert store.load()[0] == store.Settings(80, True, 6, "human")


def test_a_damaged_settings_file_is_set_aside_with_one_line(home):
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text("{oops")
    settings, notice = store.load()
    assert settings == store.Settings() and "settings.json" in notice
    assert any(p.name.startswith("settings.json.bad-") for p in (home / "config").iterdir())


def test_changes_apply_at_once_and_are_remembered(home):
    app, scene = _settings_scene()
    scene.volume.nudge(-1)
    assert app.settings.volume == 70 and app.sound.volume == pytest.approx(0.7)
    scene.mute.activate()
    assert app.sound.muted
    scene.pace.nudge(1)
    scene.reaction.nudge(1)
    assert store.load()[0] == store.Settings(70, True, 10, "brisk")
    scene.animation.nudge(1)  # fast
    scene.reduce.activate()
    from pie_table.kit import motion

    assert motion.scaled(1.0) == pytest.approx(1.8) and motion.reduced()
    motion.configure("normal", False)
    scene.language.nudge(1)
    assert i18n.current_language() == "es" and scene.heading.text == "Ajustes"


def test_the_seat_screen_and_the_table_follow_the_settings(home):
    from pie_table.core.registry import get_game
    from pie_table.core.setup import GameSetup, parse_seats
    from pie_table.games.pie_rats.ui.table_scene import PieRatsTableScene
    from pie_table.scenes.seats import SeatsScene

    app = App(size=(1280, 720), headless=True)
    app.settings = store.Settings(reaction_seconds=15, bot_pace="brisk")
    seats = SeatsScene(app, get_game("pie-rats"))
    assert seats.options["reaction_seconds"] == 15
    table = open_table(PieRatsTableScene, app,
                       GameSetup("pie-rats", parse_seats("human,bot:normal"), {}, seed=1))
    brisk = table.driver.clock.beat(1)
    app.settings = store.Settings()
    table = open_table(PieRatsTableScene, app,
                       GameSetup("pie-rats", parse_seats("human,bot:normal"), {}, seed=1))
    assert brisk < table.driver.clock.beat(1)


def test_settings_open_from_the_title_and_the_pause_overlay(home):
    from pie_table.scenes.pause import PauseScene
    from pie_table.scenes.settings import SettingsScene
    from pie_table.scenes.title import TitleScene

    app = App(size=(1280, 720), headless=True)
    title = TitleScene(app)
    app.scenes.push(title)
    app.step(DT, [])
    title.open_settings()
    assert isinstance(app.scenes.current, SettingsScene)
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.scenes.current is title
    pause = PauseScene(app, "pie-rats")
    app.scenes.push(pause)
    app.step(DT, [])
    pause.show_settings()
    assert isinstance(app.scenes.current, SettingsScene)


def test_instant_animations_finish_in_one_frame_and_reduced_motion_has_no_shake():
    from pie_table.games.pie_rats.ui.flights import Flights
    from pie_table.games.rumble_pie.ui.kapow import KAPOW
    from pie_table.kit import motion
    from pie_table.kit.effects import EffectLayer

    try:
        motion.configure("instant", True)
        flights = Flights()
        flights.launch(3, pygame.Rect(0, 0, 10, 14))
        flights.land({(False, 3): pygame.Rect(100, 100, 10, 14)}, pygame.Rect(0, 0, 1, 1), [])
        flights.update(1 / 60)
        assert not flights.busy
        effects = EffectLayer(seed=1, burst=KAPOW)
        effects.burst((50, 50))
        assert effects.shake_offset() == (0, 0)
    finally:
        motion.configure("normal", False)


def test_the_high_contrast_card_theme_redraws_the_faces():
    from pie_table.games.pie_rats.ui import card_art
    from pie_table.games.rumble_pie.ui import art
    from pie_table.kit import theme

    try:
        normal = (art.card_face("two", 70, 98), card_art.card_face(0, 54, 76))
        theme.configure("high_contrast")
        contrast = (art.card_face("two", 70, 98), card_art.card_face(0, 54, 76))
        for a, b in zip(normal, contrast, strict=True):
            assert a is not b and pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    finally:
        theme.configure("normal")


def test_the_interface_size_draws_menus_larger_on_the_window_itself_and_keeps_the_mouse(home):
    from pie_table.kit.scene import Scene
    from pie_table.kit.text import MENU_ROOM, ui_scale

    seen: list[tuple[int, int]] = []
    sizes: list[tuple[int, int]] = []

    class Probe(Scene):
        def handle_event(self, event: pygame.event.Event) -> None:
            if event.type == pygame.MOUSEBUTTONDOWN:
                seen.append(event.pos)

        def on_resize(self, size: tuple[int, int]) -> None:
            sizes.append(size)

    app = App(size=(1920, 1080), headless=True)
    app.scenes.push(Probe(app))
    app.set_ui_scale(150)
    # No smaller picture scaled up (blurred): scenes draw on the window, told its real size.
    assert app.screen is app.display and sizes[-1] == (1920, 1080)
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(960, 540), button=1)])
    assert seen == [(960, 540)]
    assert ui_scale((1920, 1080), MENU_ROOM) == pytest.approx(1920 / 1120)  # larger, 1120x630 left
    assert ui_scale((1920, 1080)) == pytest.approx(1.5)  # a 16:9 table already fills the window
    assert ui_scale((1280, 720), MENU_ROOM) == pytest.approx(1280 / 1120)
    assert ui_scale((2560, 1440), MENU_ROOM) == pytest.approx(2560 / 1120)
    app.set_ui_scale(100)
    assert ui_scale((1920, 1080), MENU_ROOM) == pytest.approx(1.5)


def test_the_interface_size_is_a_setting_applied_at_once(home):
    app, scene = _settings_scene()
    scene.size.nudge(1)
    assert app.settings.ui_scale == 125 and store.load()[0].ui_scale == 125
    # The sheet grows by the whole 25% (no longer held at 1280/1120): its page scrolls if need be.
    assert scene.scale == pytest.approx(1.25) and app.size == (1280, 720)
    scene.size.nudge(-1)
    assert scene.scale == pytest.approx(1.0)
