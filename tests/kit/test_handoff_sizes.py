"""A hand-off to a player with a long name, at a large interface size: its lines wrap inside the
card's margins at their full size, rather than being squeezed (they had been scaled down to the
card's width, less 12 px each side)."""

from __future__ import annotations

import pygame
import pytest

from pie_table.kit.app import App
from pie_table.kit.handoff import HandoffScene
from pie_table.kit.i18n import set_language
from tests.kit.table_texts import sized_home  # noqa: F401 - the fixture
from tests.kit.text_probe import Drawn, recording, watch

_NAME = "Capitana Barbanegra la Terrible"


pytestmark = pytest.mark.usefixtures("sized_home")  # a home of its own; English at 100% after


def _drawn(monkeypatch, size: tuple[int, int], percent: int) -> tuple[list[Drawn], pygame.Rect]:  # type: ignore[no-untyped-def]
    with recording(monkeypatch) as drawn:
        app = App(size=size, headless=True)
        app.set_ui_scale(percent)
        watch(app)
        note = f"Now only {_NAME} should look."
        scene = HandoffScene(app, _NAME, note=note, news="Time ran out: no Mirror")
        app.scenes.push(scene)
        scene.age = 10.0
        app.step(0.0)
    return list(drawn), scene.button


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (900, 560)])
def test_a_long_name_wraps_at_full_size_inside_the_cards_margins(monkeypatch, size, lang):
    set_language(lang)
    normal, _button = _drawn(monkeypatch, size, 100)
    larger, button = _drawn(monkeypatch, size, 200)
    smallest = min(d.size for d in normal)
    assert min(d.size for d in larger) >= 1.3 * smallest, sorted((d.size, d.text) for d in larger)
    title = {d.text for d in larger if d.size == max(x.size for x in larger)}
    assert len(title) >= 2, title  # the title on two lines or more, none of it scaled down
    window = pygame.Rect((0, 0), size)
    for d in larger:
        x, y, w, h = d.where
        assert window.contains(pygame.Rect(x, y, w, h))
        assert x >= 40 and x + w <= size[0] - 40, (d.text, d.where)  # the card's margin kept clear
    assert window.contains(button)
