"""Clicking the interface size's ▶ again and again, as a player does, keeps landing on it: each
click lays the page out larger, and the row stays under the pointer (it had moved away, so that
the third click at 900x560 switched the card theme to high contrast instead)."""

from __future__ import annotations

import pygame
import pytest

from pie_table.kit.app import App
from pie_table.scenes.settings import SettingsScene
from tests.kit.table_texts import sized_home  # noqa: F401 - the fixture

pytestmark = pytest.mark.usefixtures("sized_home")


def _click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


@pytest.mark.parametrize("size", [(900, 560), (1280, 720)])
def test_four_clicks_on_the_interface_sizes_right_arrow_make_it_200_percent_and_change_nothing_else(size):
    app = App(size=size, headless=True)
    scene = SettingsScene(app)
    app.scenes.push(scene)
    app.step(0.0)
    before = {row.label: row.value for row in (scene.cards, scene.fullscreen, scene.reduce)}
    row = scene.size.rect.move(0, -scene.scroll_page.top)
    pos = (row.right - int(20 * scene.scale), row.centery)  # on its ▶, as the pointer sits
    for _click_n in range(4):
        app.step(0.0, _click(pos))
        app.step(0.0)
    assert scene.size.value == 200
    assert app.settings.ui_scale == 200
    assert {row.label: row.value for row in (scene.cards, scene.fullscreen, scene.reduce)} == before
