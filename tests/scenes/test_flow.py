"""The whole menu flow driven by posted pygame events through App.step."""

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from pie_table.core.setup import GameSetup, SeatSpec
from pie_table.kit.app import App
from pie_table.scenes.game_select import GameCard, GameSelectScene, playable_games
from pie_table.scenes.pause import PauseScene
from pie_table.scenes.results import ResultsScene
from pie_table.scenes.rules_help import RulesHelpScene
from pie_table.scenes.seats import SeatsScene
from pie_table.scenes.title import TitleScene

_spec = importlib.util.spec_from_file_location("fake_game", Path(__file__).with_name("fake_game.py"))
fake = importlib.util.module_from_spec(_spec)
sys.modules["fake_game"] = fake
_spec.loader.exec_module(fake)


@pytest.fixture
def app():
    fake.install()
    application = App((1280, 720), headless=True)
    application.scenes.push(TitleScene(application))
    application.step(1 / 60, [])
    yield application
    fake.uninstall()


def click(app, rect):
    """Press and release the left button on the centre of `rect`, then run one frame."""
    pygame.event.clear()
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=rect.center, button=1))
    app.step(1 / 60)


def press(app, *keys):
    """Post KEYDOWN for each key (one frame)."""
    pygame.event.clear()
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, scancode=0, mod=0, unicode=""))
    app.step(1 / 60)


def release(app, *keys):
    """Post KEYUP for each key (one frame)."""
    pygame.event.clear()
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, scancode=0, mod=0, unicode=""))
    app.step(1 / 60)


def wait_until_armed(app):
    """Let the results sit untouched for as long as they ignore input, plus a frame."""
    for _ in range(160):
        app.step(1 / 60, [])


def open_seats(app):
    click(app, app.scenes.current.play.rect)
    select = app.scenes.current
    assert isinstance(select, GameSelectScene)
    card = next(c for c in select.cards if c.info.id == fake.GAME_ID)
    click(app, card.rect)
    assert isinstance(app.scenes.current, SeatsScene)
    return app.scenes.current


def test_title_to_table_to_results_and_play_again(app):
    seats = open_seats(app)
    click(app, seats.start_button.rect)
    table = app.scenes.current
    assert isinstance(table, fake.FakeTable)
    assert [type(s) for s in app.scenes.stack] == [TitleScene, GameSelectScene, fake.FakeTable]
    assert [s.spec() for s in table.setup.seats] == ["human:keys1", "human:keys2", "bot:normal", "bot:normal"]
    assert table.setup.teams == [0, 1, 0, 1]
    assert table.setup.options == {"target": 25, "fast": False, "name": "kitchen"}
    assert table.driver.setup is table.setup  # the seats screen built the driver that runs the game
    press(app, pygame.K_F5)
    results = app.scenes.current
    assert isinstance(results, ResultsScene)
    wait_until_armed(app)
    click(app, results.again_button.rect)
    again = app.scenes.current
    assert isinstance(again, fake.FakeTable) and again is not table
    assert again.setup.seats == table.setup.seats and again.setup.seed != table.setup.seed
    assert [type(s) for s in app.scenes.stack] == [TitleScene, GameSelectScene, fake.FakeTable]


def test_results_back_to_menu_returns_to_game_list(app):
    seats = open_seats(app)
    click(app, seats.start_button.rect)
    press(app, pygame.K_F5)
    wait_until_armed(app)
    click(app, app.scenes.current.menu_button.rect)
    assert isinstance(app.scenes.current, GameSelectScene)
    assert len(app.scenes) == 2


def test_results_swallow_fast_keys_then_focus_play_again(app):
    seats = open_seats(app)
    click(app, seats.start_button.rect)
    table = app.scenes.current
    press(app, pygame.K_F5)
    results = app.scenes.current
    for key in (pygame.K_DOWN, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_SPACE) * 20:  # still mashing
        press(app, key)
        release(app, key)
        assert app.scenes.current is results and app.scenes.stack[-2] is table
    click(app, results.menu_button.rect)  # a click meant for the table a moment ago
    assert app.scenes.current is results and results.menu.focused is None
    wait_until_armed(app)
    assert results.menu.focused is results.again_button and results.again_button.enabled
    press(app, pygame.K_RETURN)
    assert app.scenes.current is results  # Enter acts on its release
    release(app, pygame.K_RETURN)
    assert isinstance(app.scenes.current, fake.FakeTable) and app.scenes.current is not table


def test_enter_every_beat_or_held_down_never_skips_the_results_into_a_new_game(app):
    seats = open_seats(app)
    click(app, seats.start_button.rect)
    table = app.scenes.current
    press(app, pygame.K_F5)
    results = app.scenes.current
    assert isinstance(results, ResultsScene)
    for frames in (88, 88, 88, 132, 132, 132):  # Enter every 1.5 s, then 2.2 s, not looking
        press(app, pygame.K_RETURN)
        release(app, pygame.K_RETURN)
        for _ in range(frames):
            app.step(1 / 60, [])
        assert app.scenes.current is results and not results.armed()
    press(app, pygame.K_SPACE)  # held down from the game...
    for _ in range(300):
        app.step(1 / 60, [])
    assert results.armed()
    for _ in range(5):
        press(app, pygame.K_SPACE)  # ...its auto-repeat...
    release(app, pygame.K_SPACE)  # ...and let go: it was pressed before the buttons armed
    assert app.scenes.current is results and app.scenes.stack[-2] is table
    press(app, pygame.K_RETURN)
    release(app, pygame.K_RETURN)  # a deliberate press once they are lit
    assert isinstance(app.scenes.current, fake.FakeTable) and app.scenes.current is not table


def test_keyboard_only_flow_and_back(app):
    press(app, pygame.K_RETURN)  # Play has focus first
    select = app.scenes.current
    assert isinstance(select, GameSelectScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.current, TitleScene)


def test_pause_rules_and_quit_to_menu(app):
    seats = open_seats(app)
    click(app, seats.start_button.rect)
    press(app, pygame.K_ESCAPE)
    pause = app.scenes.current
    assert isinstance(pause, PauseScene)
    click(app, pause.rules_button.rect)
    assert isinstance(app.scenes.current, RulesHelpScene)
    press(app, pygame.K_ESCAPE)
    assert app.scenes.current is pause
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.current, fake.FakeTable)
    press(app, pygame.K_ESCAPE)
    click(app, app.scenes.current.quit_button.rect)
    assert isinstance(app.scenes.current, GameSelectScene)


def test_game_list_names_games_whose_table_cannot_import():
    fake.install(fake.make_info(factory="no_such_module_anywhere:Table"))
    try:
        games, problems = playable_games()
        assert fake.GAME_ID not in [g.id for g in games]
        assert "Zz Test Pie could not load (ModuleNotFoundError: No module named 'no_such_module_anywhere')" \
            in problems
    finally:
        fake.uninstall()
    fake.install()
    try:
        games, problems = playable_games()
        assert fake.GAME_ID in [g.id for g in games] and not any("Zz Test Pie" in line for line in problems)
    finally:
        fake.uninstall()


def test_focus_loss_and_resize_reach_the_table(app):
    seats = open_seats(app)
    click(app, seats.start_button.rect)
    table = app.scenes.current
    app.step(1 / 60, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert table.focus_lost == 1
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720)])
    assert table.sizes[-1] == (1280, 720)


def test_quit_event_ends_run_after_the_first_frame_and_times_it():
    import time

    application = App((800, 450), headless=True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    application.run(TitleScene(application))
    ran_ms = (time.perf_counter() - application.started) * 1000.0
    assert not application.running and application.frames == 1  # the quit ends the very frame it came in
    assert len(application.scenes) == 0  # every scene was closed (a table saves on exit)
    assert 0 < application.startup_ms <= ran_ms  # the first frame's time since start, not a placeholder


@pytest.mark.parametrize("size", [(640, 360), (1920, 1080), (800, 450)])
def test_every_screen_keeps_its_controls_on_the_window_and_apart(size):
    fake.install()
    try:
        application = App(size, headless=True)
        info = fake.make_info()
        table = fake.FakeTable(application, None)
        scenes = [TitleScene(application), GameSelectScene(application), SeatsScene(application, info),
                  PauseScene(application, "rumble-pie"), RulesHelpScene(application, "rumble-pie")]
        application.scenes.push(table)
        window = pygame.Rect((0, 0), size)
        for scene in scenes:
            application.scenes.push(scene)
            application.step(1 / 60, [])
            controls = [w for w in scene.menu.items if w.focusable and w.rect.w and w.rect.h]
            assert controls, type(scene).__name__
            for widget in controls:
                assert window.contains(widget.rect), (type(scene).__name__, widget.rect)
            for i, a in enumerate(controls):
                for b in controls[i + 1:]:
                    assert not a.rect.colliderect(b.rect), (type(scene).__name__, a.rect, b.rect)
    finally:
        fake.uninstall()


def test_game_card_draws_its_blurb_under_the_title():
    import dataclasses

    fake.install()
    try:
        info = fake.make_info()
        images = []
        for blurb in (info.blurb, ""):
            card = GameCard(dataclasses.replace(info, blurb=blurb), lambda info: None)
            card.place(pygame.Rect(0, 0, 600, 140), 1.0)
            surf = pygame.Surface((600, 150))
            card.draw(surf)
            images.append(surf)
        blurb_rows = pygame.Rect(0, 70, 600, 60)  # under the title line
        with_blurb, without = (pygame.image.tobytes(i.subsurface(blurb_rows), "RGB") for i in images)
        assert with_blurb != without
        above = pygame.Rect(0, 0, 600, 50)  # the title itself is the same either way
        assert pygame.image.tobytes(images[0].subsurface(above), "RGB") == \
            pygame.image.tobytes(images[1].subsurface(above), "RGB")
    finally:
        fake.uninstall()


def test_pad_plugged_in_during_menus_is_known_to_the_router(app):
    app.step(1 / 60, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=5)])
    assert "pad1" in app.input.devices()
    # The table translating the same event again must not create a second pad.
    app.input.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=5))
    assert app.input.devices().count("pad1") == 1 and "pad2" not in app.input.devices()
    app.step(1 / 60, [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=5)])
    assert "pad1" not in app.input.devices()


def test_pad_buttons_drive_menus(app):
    app.step(1 / 60, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=5)])
    down = pygame.CONTROLLERBUTTONDOWN
    app.step(1 / 60, [pygame.event.Event(down, instance_id=5, button=pygame.CONTROLLER_BUTTON_A)])
    assert isinstance(app.scenes.current, GameSelectScene)
    app.step(1 / 60, [pygame.event.Event(down, instance_id=5, button=pygame.CONTROLLER_BUTTON_B)])
    assert isinstance(app.scenes.current, TitleScene)


def test_enter_three_times_starts_a_game_with_defaults(app):
    # The fake game sorts last ("Zz"), so walk the list to it with Up (focus wraps from the first card).
    press(app, pygame.K_RETURN)
    select = app.scenes.current
    target = next(c for c in select.cards if c.info.id == fake.GAME_ID)
    while select.menu.focused is not target:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.current, SeatsScene)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.current, fake.FakeTable)


def test_results_with_many_lines_keep_buttons_on_the_sheet_and_scroll_rather_than_squeeze(app):
    setup = GameSetup(fake.GAME_ID, [SeatSpec("bot", level="easy")] * 2, {}, None, 3)
    lines = [f"Seat {i}: {i} points" for i in range(14)]
    results = ResultsScene(app, setup, "Long game", lines)
    app.scenes.push(results)
    app.step(1 / 60, [])
    assert results.panel.contains(results.again_button.rect)
    assert results.body_top + len(lines) * results.line_h <= results.notice_label.rect.y + 4
    page = results.scroll_page
    assert pygame.Rect((0, 0), page.size).contains(results.panel)
    assert page.scrolls and results.line_h == int(34 * results.scale)  # every line at its full spacing
    for _ in range(40):
        app.step(0.1, [])  # the results arm: keys are theirs from now on
    page_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)
    app.step(1 / 60, [page_down])
    assert results.again_button.rect.bottom - page.top <= app.size[1]  # the buttons are read by scrolling


def test_play_opens_title_and_returns_on_quit(monkeypatch):
    import argparse

    from pie_table.cli.play import play
    from pie_table.kit import app as app_module

    seen = []
    original_run = app_module.App.run

    def run(self, first_scene=None):
        seen.append(type(first_scene).__name__)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        original_run(self, first_scene)

    monkeypatch.setattr(app_module.App, "run", run)
    assert play(argparse.Namespace(size="1280x720", fullscreen=False)) == 0
    assert seen == ["TitleScene"]


def test_fullscreen_keys_toggle_and_are_not_passed_to_menus():
    application = App((1280, 720), headless=False)  # the dummy driver still gives a window
    application.scenes.push(TitleScene(application))
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, scancode=pygame.KSCAN_F11, mod=0, unicode="")
    application.step(1 / 60, [f11])
    assert application.fullscreen
    alt_enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, scancode=0, mod=pygame.KMOD_LALT,
                                   unicode="")
    application.step(1 / 60, [alt_enter])
    assert not application.fullscreen and application.size == (1280, 720)
    assert isinstance(application.scenes.current, TitleScene)  # Enter did not also press Play


def test_focus_loss_right_after_a_fullscreen_switch_does_not_pause(app, monkeypatch):
    seats = open_seats(app)
    click(app, seats.start_button.rect)
    table = app.scenes.current
    # Headless apps never really switch, so stand in for the window re-creation.
    monkeypatch.setattr(app, "_open_window", lambda size, flags=0: app.screen)
    monkeypatch.setattr(app, "headless", False)
    app.toggle_fullscreen()
    app.step(1 / 60, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert table.focus_lost == 0
    app._ignore_focus_until = 0.0  # the grace period has passed
    app.step(1 / 60, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert table.focus_lost == 1


def test_escape_never_quits_without_asking(app):
    from pie_table.scenes.confirm import ConfirmScene

    app.running = True
    open_seats(app)
    for _ in range(3):  # seats -> game list -> title -> the question
        press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.current, ConfirmScene) and app.running
    press(app, pygame.K_RETURN)  # the safe answer has focus: Enter means Stay
    assert isinstance(app.scenes.current, TitleScene)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)  # Esc again answers no
    assert isinstance(app.scenes.current, TitleScene)
    press(app, pygame.K_ESCAPE)
    confirm = app.scenes.current
    assert app.running
    click(app, confirm.yes_button.rect)
    assert app.running is False


def test_a_long_results_sheet_scrolls_to_its_buttons_as_they_light_up(tmp_path, monkeypatch):
    """Cheflebrity's results for three chefs run past a 1280x720 window: when the buttons arm,
    the page shows the focused one whole, not its top edge under the window's foot."""
    from pie_table.core.setup import parse_seats

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    app = App(size=(1280, 720), headless=True)
    setup = GameSetup("cheflebrity", parse_seats("human,bot:easy,bot:easy"), {}, seed=1)
    lines = [f"Most something: Chef {n} (3 of a kind) +25" for n in range(14)]
    results = ResultsScene(app, setup, "Chef 2 wins!", lines)
    app.scenes.push(results)
    for _ in range(200):
        app.step(1 / 60, [])
    assert results.armed() and results.scroll_page.scrolls
    focused = results.menu.focused
    assert focused is results.again_button
    page = results.scroll_page
    assert page.top <= focused.rect.top and focused.rect.bottom <= page.top + page.window[1]
