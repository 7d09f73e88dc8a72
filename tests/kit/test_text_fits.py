"""Text that must stay whole: buttons, the interface size, and what the tables write (issue 21 item 22)."""

from __future__ import annotations

import pytest

from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.kit.widgets import Button

SIZES = [(1280, 720), (900, 560)]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield tmp_path
    set_language("en")


class _Saved:
    path = "nowhere.json"


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("percent", [100, 150])
def test_every_title_button_holds_its_words_when_continue_shows(home, monkeypatch, lang, size, percent):
    from pie_table.scenes import title

    monkeypatch.setattr(title, "latest_unfinished", lambda: _Saved())
    monkeypatch.setattr(title, "describe", lambda saved: "Pie Rats · 3 players · round 4 · today")
    set_language(lang)
    app = App(size=size, headless=True)
    app.set_ui_scale(percent)
    scene = title.TitleScene(app)
    app.scenes.push(scene)
    app.step(0.0, [])
    buttons = [b for b in scene.menu.items if isinstance(b, Button)]
    assert scene.continue_button in buttons
    for button in buttons:
        image = button.label_image()
        assert image.get_height() <= button.rect.h - 4, (button.text, image.get_size(), button.rect)
        assert image.get_width() <= button.rect.w - 16, button.text
    bottoms = sorted((b.rect for b in buttons), key=lambda rect: rect.top)
    assert all(a.bottom <= b.top for a, b in zip(bottoms, bottoms[1:], strict=False))
