"""Why a table ended by itself (its host quit) is told on the title through one attribute of the app,
`table_notice`: set by the joined turn-based table and by Rumble Pie's joined table alike, read each
time the title is built (a resize, a language switch: the line stays, in the new language), and
cleared once the player leaves the title for another screen (issue 23 leftovers)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pie_table.core.setup import SeatSpec
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.scenes.settings import SettingsScene
from pie_table.scenes.title import TitleScene
from tests.net import test_rumble_window as rumble
from tests.scenes.net_pair import Window, frames_until, host_room, host_setup, join, title_app, until_title
from tests.scenes.test_net_tables import _open_joined

HOST_LEFT = "The host left the table: the game is saved on the host's machine."
HOST_LEFT_ES = "El anfitrión dejó la mesa: la partida queda guardada en su máquina."


@pytest.fixture
def app(tmp_path, monkeypatch) -> Any:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield title_app()
    set_language("en")  # the language switch below is the whole process's


def _lines(title: TitleScene) -> list[str]:
    return title.notice.split(" · ")


def _title_after_host_quit(app: App) -> tuple[Window, TitleScene]:
    """A remote player's window at a joined Cheflebrity table whose host quits: back at its title."""
    room = host_room(app, host_setup("cheflebrity", "human:hotseat,remote,bot:normal,bot:normal"))
    window, _joined = _open_joined(join(app, room, 1, "Ann"))
    room.start()
    app.scenes.current.exit()  # the host leaves its table
    title = until_title(window)
    assert isinstance(title, TitleScene)
    return window, title


def test_the_host_left_line_outlives_a_resize_and_a_language_switch_until_the_player_leaves(app: App) -> None:
    window, title = _title_after_host_quit(app)
    assert window.table_notice == HOST_LEFT
    assert HOST_LEFT in _lines(title)
    title.on_resize((900, 560))  # the window resized: laid out again
    assert HOST_LEFT in _lines(title)
    title.next_language()  # built again, in Spanish: the same line, translated
    assert HOST_LEFT_ES in _lines(title)
    title.next_language()
    title.rebuild()
    assert HOST_LEFT in _lines(title)
    # The player goes to another screen and comes back: the line has been read.
    window.scenes.push(SettingsScene(window))
    window.scenes.pop()
    assert window.scenes.current is title
    assert window.table_notice == "" and HOST_LEFT not in title.notice


def test_a_fresh_title_built_after_the_host_quit_shows_the_line_too(app: App) -> None:
    """The line belongs to the app, not to one title: a title built anew (the app's home) says it."""
    window, _title = _title_after_host_quit(app)
    fresh = TitleScene(window)
    window.scenes.clear_to(fresh)
    assert HOST_LEFT in _lines(fresh)


def test_rumbles_joined_table_leaves_the_same_line_on_a_title_that_is_rebuilt(app: App) -> None:
    bot = SeatSpec("bot", level="normal")
    room = rumble._host_room(app, [bot, SeatSpec("human", control="hotseat", level="remote"), bot, bot])
    rumble._joined_through_the_screen(app, room, 2)
    room.hosted.quit()
    frames_until(app, lambda: isinstance(app.scenes.current, TitleScene), 10)
    title = app.scenes.current
    assert app.table_notice == HOST_LEFT and HOST_LEFT in _lines(title)
    title.next_language()
    assert HOST_LEFT_ES in _lines(title)  # Rumble's line is a message id too: translated
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600)])
    assert HOST_LEFT_ES in _lines(app.scenes.current)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), (900, 560)])
def test_with_continue_the_line_and_every_button_stay_clear_of_each_other(app: App, size: Any) -> None:
    """Nine buttons (Continue too; at 1280x720 they came down over the hint's line and off the
    window's edge): closer together, Quit above the hint's line, where the host's line goes, inside
    the window and over no button."""
    from pie_table.core.saves import write_save
    from pie_table.core.session import Session
    from pie_table.paths import saves_dir

    saves_dir().mkdir(parents=True, exist_ok=True)
    write_save(saves_dir() / "game.json", Session(host_setup("rats", "human:hotseat,bot:normal,bot:normal")))
    sized = title_app(size)  # the fixture's app gave this test its own home
    sized.table_notice = HOST_LEFT
    title = TitleScene(sized)
    sized.scenes.clear_to(title)
    assert title.saved is not None and HOST_LEFT in _lines(title)
    buttons = [title.play, title.continue_button, title.load_button, title.host_button, title.join_button,
               title.stats_button, title.settings_button, title.language_button, title.quit_button]
    assert title.quit_button.rect.bottom <= title.hint.rect.top
    assert title.status.rect.bottom <= sized.screen.get_height()
    assert not any(title.status.rect.colliderect(button.rect) for button in buttons)
    assert all(a.rect.bottom <= b.rect.top for a, b in zip(buttons, buttons[1:], strict=False))
