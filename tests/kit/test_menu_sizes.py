"""Menus, dialogs and results grow with the interface size, past what the window's height holds:
their page then scrolls (the wheel, Page Up / Page Down, and keyboard focus bring every widget
into view), and no text gets smaller as the setting grows."""

from __future__ import annotations

import pygame
import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language

_SCREENS = ["title", "settings", "games", "pause", "results", "confirm", "players"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield
    set_language("en")


def _open(app: App, screen: str) -> None:
    from pie_table.scenes.confirm import ConfirmScene
    from pie_table.scenes.game_select import GameSelectScene
    from pie_table.scenes.pause import PauseScene
    from pie_table.scenes.players import PlayersScene
    from pie_table.scenes.results import ResultsScene
    from pie_table.scenes.settings import SettingsScene
    from pie_table.scenes.title import TitleScene

    app.scenes.push(TitleScene(app))
    setup = GameSetup("rats", parse_seats("human,bot:easy,bot:normal"), {}, seed=3)
    scores = [f"Rat {n}: {30 - n} points" for n in range(6)]
    made = {
        "settings": lambda: SettingsScene(app),
        "games": lambda: GameSelectScene(app),
        "pause": lambda: PauseScene(app, "rats"),
        "results": lambda: ResultsScene(app, setup, "Rat 1 wins!", scores),
        "confirm": lambda: ConfirmScene(app, "Leave this game?", "Leave", "Stay", lambda: None,
                                        detail="It is saved: Continue takes it up again."),
        "players": lambda: PlayersScene(app, [0, 1, 2], ["Ann", "Bob", ""]),
    }
    if screen in made:
        app.scenes.push(made[screen]())


def _grown(screen: str, percent: int, size: tuple[int, int]) -> tuple[float, dict[int, int]]:
    """The screen's scale at `percent`%, and the height of each of its widgets (by focus order)."""
    app = App(size=size, headless=True)
    _open(app, screen)
    app.set_ui_scale(percent)
    app.step(0.0)
    scene = app.scenes.current
    heights = {i: item.rect.h for i, item in enumerate(scene.menu.items) if item.rect.h}
    return scene.scale, heights


@pytest.mark.parametrize("screen", _SCREENS)
def test_a_larger_interface_size_grows_every_widget_of_a_menu_on_a_1920x1080_window(screen):
    # Text is drawn at each widget's size times the scale (kit.widgets), so the scale is the text's.
    normal, normal_heights = _grown(screen, 100, (1920, 1080))
    larger, larger_heights = _grown(screen, 200, (1920, 1080))
    assert larger >= 1.5 * normal  # far past the old cap of 1.14 times
    assert normal_heights and set(normal_heights) == set(larger_heights)
    assert [i for i in normal_heights if larger_heights[i] < normal_heights[i]] == []
    grown = sum(larger_heights[i] >= 1.4 * normal_heights[i] for i in normal_heights)
    assert grown > len(normal_heights) // 2


@pytest.mark.parametrize("screen", _SCREENS)
def test_at_200_percent_on_1280x720_every_widget_can_be_brought_into_view(screen):
    app = App(size=(1280, 720), headless=True)
    _open(app, screen)
    app.set_ui_scale(200)
    app.step(0.0)
    scene = app.scenes.current
    page = scene.scroll_page
    assert scene.scale >= 1.6  # not the old cap of 1.14
    assert page.scrolls or screen == "confirm"  # (a yes-or-no question fits even at 200%)
    focusable = [item for item in scene.menu.items if item.focusable and item.enabled]
    window = pygame.Rect(0, 0, 1280, 720)
    for _ in range(len(focusable)):
        app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)])
        focused = scene.menu.focused.rect.move(0, -page.top)
        assert window.contains(focused), scene.menu.focused


def test_the_wheel_and_page_keys_scroll_a_page_and_a_click_lands_where_it_is_seen():
    app = App(size=(1280, 720), headless=True)
    _open(app, "settings")
    app.set_ui_scale(200)
    app.step(0.0)
    scene = app.scenes.current
    page = scene.scroll_page
    assert page.top == 0
    app.step(0.0, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2)])  # over no widget: the page moves
    assert page.top > 0
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)])
    assert page.top == page.size[1] - 720  # at the foot: the Back button in view
    back = scene.back_button.rect.move(0, -page.top)
    assert 0 <= back.top and back.bottom <= 720
    before = len(app.scenes.stack)
    app.step(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=back.center, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=back.center, button=1)])
    assert len(app.scenes.stack) == before - 1  # the click on Back as seen on screen closed the sheet


def test_a_page_that_fits_its_window_does_not_scroll():
    app = App(size=(1280, 720), headless=True)
    _open(app, "settings")
    app.step(0.0)
    page = app.scenes.current.scroll_page
    assert not page.scrolls and page.size == (1280, 720)
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)])
    assert page.top == 0
