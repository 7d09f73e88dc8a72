"""Forms written on one type scale: a panel's value boxes stand in one column, its captions share
one size (their own, or one step down, wrapped where a row is tall enough), a choice's values are
all written at one size as it is cycled, and a team name is never smaller than the seat's choice
beside it would let it be. Drawn headless in English and Spanish at 1280x720 and 900x560."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pie_table.core.registry import get_game
from pie_table.kit import i18n, rows
from pie_table.kit.app import App
from pie_table.kit.rows import Cycler, align_controls
from tests.kit.cut_log import logging_cuts
from tests.kit.fit_log import written_sizes

_SIZES = [(1280, 720), (900, 560)]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield tmp_path
    i18n.set_language("en")


def _app(size: tuple[int, int], lang: str) -> App:
    from pie_table.scenes.title import TitleScene

    i18n.set_language(lang)
    app = App(size=size, headless=True)
    app.scenes.push(TitleScene(app))
    return app


def _labelled(widgets: list[Any]) -> list[Any]:
    return [w for w in widgets if isinstance(w, rows._Row) and w.label]


def _written_sizes(monkeypatch, draw) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    """Every (text, size) the rows asked to be fitted while `draw()` ran."""
    return written_sizes(monkeypatch, rows, draw)


def test_a_choice_writes_every_value_at_one_size_as_it_is_cycled(home, monkeypatch) -> None:
    app = _app((1280, 720), "en")
    choice = Cycler("Oops! takes", ["pie", "the pie you pick", "any"], size=24)
    choice.place(pygame.Rect(0, 0, 420, 48), 1.0)
    surface = pygame.Surface((420, 48))
    sizes = set()
    for _ in choice.values:
        sizes |= {size for text, size in _written_sizes(monkeypatch, lambda: choice.draw(surface))
                  if text == choice.fmt(choice.value)}
        choice.nudge(1)
    assert len(sizes) == 1 and sizes.pop() < 24  # the long one does not fit whole at 24
    assert app.scenes.current is not None


def test_aligned_rows_stand_in_one_column_with_one_caption_size(home) -> None:
    _app((1280, 720), "en")
    panel = [Cycler("Pies", [5, 10, 15]), Cycler("No loot costs a rat", ["callers", "everyone"]),
             rows.Toggle("Pause after each KaPow!")]
    for i, row in enumerate(panel):
        row.place(pygame.Rect(0, i * 60, 380, 48), 1.0)
    align_controls(panel)
    assert len({row.control_rect().x for row in panel}) == 1
    assert len({row.caption_scale for row in panel}) == 1
    assert all(row.caption_fits(row.caption_scale) for row in panel)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", _SIZES)
def test_the_settings_stand_in_one_column_and_their_note_is_whole(home, monkeypatch, lang, size) -> None:
    from pie_table.scenes.settings import SettingsScene

    app = _app(size, lang)
    scene = SettingsScene(app)
    app.scenes.push(scene)
    with logging_cuts(monkeypatch) as cuts:
        app.step(0.05, [])
        scene.draw(pygame.Surface(size))
    labelled = _labelled(scene.menu.items)
    assert len(labelled) >= 8
    assert len({row.control_rect().x for row in labelled}) == 1
    assert len({row.caption_scale for row in labelled}) == 1
    assert not [cut for cut in cuts if cut[2] == "pie_table.scenes.settings"]
    assert not [cut for cut in cuts if "F11" in cut[0]]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", _SIZES)
@pytest.mark.parametrize("game", ["rumble-pie", "pie-rats", "cheflebrity", "rats"])
def test_a_seat_screen_writes_its_choices_whole_in_columns(home, monkeypatch, lang, size, game) -> None:
    from pie_table.scenes.seats import SeatsScene

    app = _app(size, lang)
    scene = SeatsScene(app, get_game(game))
    app.scenes.push(scene)
    app.step(0.05, [])
    surface = pygame.Surface(size)
    with logging_cuts(monkeypatch) as cuts:
        scene.draw(surface)
    assert not [cut for cut in cuts if cut[2] == "pie_table.kit.rows"], cuts
    seat_rows = [scene.count, *scene.seat_rows]
    assert len({row.control_rect().x for row in seat_rows}) == 1
    options = _labelled(scene.option_rows)
    assert len({row.control_rect().x for row in options}) <= 1
    assert len({row.caption_scale for row in options}) <= 1
    if scene.team_game:
        # Every team name at one size, and a name never smaller than the seat choices let it be.
        written = _written_sizes(monkeypatch, lambda: scene.draw(surface))
        teams = {text for row in scene.team_rows for text in (row.fmt(v) for v in row.values)}
        team_sizes = {size for text, size in written if text in teams}
        assert len(team_sizes) == 1


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", _SIZES)
@pytest.mark.parametrize("percent", [100, 200])
def test_the_card_theme_is_written_at_the_size_of_every_other_value(home, monkeypatch, lang, size,
                                                                      percent) -> None:
    """Its long value ("high contrast, large numbers") wraps in a taller box, at the row's size,
    rather than writing every card theme a step down from the other values."""
    from pie_table.kit import theme
    from pie_table.scenes.settings import SettingsScene

    app = _app(size, lang)
    app.set_ui_scale(percent)
    scene = SettingsScene(app)
    app.scenes.push(scene)
    app.step(0.05, [])
    surface = pygame.Surface(size)
    pace = {size for text, size in _written_sizes(monkeypatch, lambda: scene.pace.draw(surface))
            if text == scene.pace.fmt(scene.pace.value)}
    assert pace == {int(scene.pace.size * scene.pace.scale)}
    try:
        for _ in scene.cards.values:
            with logging_cuts(monkeypatch) as cuts:
                written = _written_sizes(monkeypatch, lambda: scene.cards.draw(surface))
            value = scene.cards.fmt(scene.cards.value)
            shown = [(text, size) for text, size in written if text != scene.cards.label]
            assert " ".join(text for text, _size in shown) == value and not cuts
            assert {size for _text, size in shown} == pace
            scene.cards.nudge(1)
    finally:
        theme.configure("normal")
    rows = [scene.volume, scene.mute, scene.language, scene.reaction, scene.pace, scene.animation,
            scene.reduce, scene.cards, scene.size, scene.fullscreen]
    for upper, lower in zip(rows, rows[1:], strict=False):
        assert upper.rect.bottom < lower.rect.top  # the taller row pushes the ones below it down
    assert scene.note.rect.top >= scene.fullscreen.rect.bottom


def _caption_sizes(monkeypatch, size: tuple[int, int], lang: str, percent: int) -> dict[str, int]:
    """Each Settings caption and the size its rows asked it to be written at."""
    from pie_table.scenes.settings import SettingsScene

    app = _app(size, lang)
    app.set_ui_scale(percent)
    scene = SettingsScene(app)
    app.scenes.push(scene)
    app.step(0.05, [])
    captions = {row.label for row in _labelled(scene.menu.items)}
    written = _written_sizes(monkeypatch, lambda: scene.draw(pygame.Surface(size)))
    return {text: size for text, size in written if text in captions}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("percent", [100, 200])
def test_the_settings_captions_are_no_smaller_on_a_small_window_than_the_window_makes_them(
        home, monkeypatch, lang, percent) -> None:
    """At 900x560 a caption is written at least at its 1280x720 size scaled by the window (and
    never below the floor): the card theme's long value wraps in its taller box instead of
    taking the room the captions need (in Spanish every caption was 12 px instead of 16)."""
    wide = _caption_sizes(monkeypatch, (1280, 720), lang, percent)
    small = _caption_sizes(monkeypatch, (900, 560), lang, percent)
    assert len(wide) == len(small) == 10
    ratio = min(900 / 1280, 560 / 720)
    assert {text: size for text, size in small.items()
            if size < max(rows._MIN_TEXT, int(wide[text] * ratio))} == {}
    assert len(set(small.values())) == 1  # one size for the sheet's captions
