"""The in-app rules of every game, as a player reads them from the top down to the end: every line
whole, contrasted against its paper and no smaller than the floor, in both languages, on the
default window, a small one and a small one at 200%. (Only the lines in view count: the sheet is
one tall image of which the scene shows a window.)"""

from __future__ import annotations

import pygame
import pytest

from pie_table.kit import fonts
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from tests.kit.cut_log import logging_cuts
from tests.kit.table_texts import sized_home  # noqa: F401 - the fixture
from tests.kit.text_probe import failures, recording, watch

_GAMES = ["rumble-pie", "rats", "pie-rats", "cheflebrity"]


pytestmark = pytest.mark.usefixtures("sized_home")  # a home of its own; English at 100% after


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("size", "percent"), [((1280, 720), 100), ((900, 560), 100), ((900, 560), 200)])
@pytest.mark.parametrize("game", _GAMES)
def test_every_line_of_the_rules_in_view_is_whole_contrasted_and_large_enough(monkeypatch, game, size,
                                                                               percent, lang):
    from pie_table.scenes.rules_help import RulesHelpScene

    set_language(lang)
    with logging_cuts(monkeypatch) as cuts, recording(monkeypatch) as drawn:
        app = App(size=size, headless=True)
        app.set_ui_scale(percent)
        watch(app)
        scene = RulesHelpScene(app, game)
        app.scenes.push(scene)
        app.step(0.0)
        seen = []
        for _page in range(200):  # page by page to the end
            drawn.clear()
            app.step(0.0)
            seen += drawn
            if scene.scroll >= scene.max_scroll():
                break
            app.step(0.0, [_key(pygame.K_PAGEDOWN)])
        assert scene.scroll == scene.max_scroll() > 0
    assert sorted({shown for _text, shown, _where in cuts}) == []
    assert len(seen) > 40
    assert failures(seen) == []
    assert sorted({(d.size, d.text) for d in seen if d.size < fonts.min_readable()}) == []


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("game", _GAMES)
def test_at_200_percent_the_rules_view_shows_a_useful_page_of_whole_lines(game, size, lang):
    """The text view takes most of the window's height (its frame, hint and Close compact), so a
    page at 200% is nine lines or more, each whole and clear of the hint and Close below."""
    from pie_table.scenes.rules_help import RulesHelpScene

    set_language(lang)
    app = App(size=size, headless=True)
    app.set_ui_scale(200)
    scene = RulesHelpScene(app, game)
    app.scenes.push(scene)
    app.step(0.0)
    shown = scene.shown()
    assert len(shown) >= 9
    assert scene.lines[shown[-1]][1] - scene.scroll <= scene.view.h  # the last one whole
    assert scene.panel.contains(scene.view)
    assert pygame.Rect(0, 0, *size).contains(scene.panel)
    for widget in (scene.hint, scene.close_button):
        assert widget.rect.top >= scene.view.bottom and scene.panel.contains(widget.rect)
