"""A replay follows the interface size: its bar's buttons and caption are drawn larger at 200% than
at 100%, whole and on the window, and the table above them draws none of its texts smaller."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from pie_table.core.saves import read_save, write_save
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.kit.text import set_interface_size
from pie_table.scenes.replay import ReplayScene
from tests.kit.text_probe import largest_sizes, recording, watch
from tests.scenes.replay_bar import assert_whole


def _save(tmp_path: Path, game: str) -> Path:
    """A whole game of three seats, each moved by a normal bot."""
    session = Session(GameSetup(game, parse_seats("human,human,human"), {}, seed=3))
    mover = Session(GameSetup(game, parse_seats("bot:normal,bot:normal,bot:normal"), {}, seed=3))
    while not session.is_over():
        seat = session.to_act()[0]
        mover.state = session.state
        assert session.submit(seat, mover.bot_action(seat)).ok
    return write_save(tmp_path / f"{game}.json", session)


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("replays")
    return {game: _save(folder, game) for game in ("rats", "pie-rats", "cheflebrity")}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield
    set_language("en")
    set_interface_size(100)  # a replay opened at 200% leaves the setting there for later tests


def _replay(path: Path, size: tuple[int, int], percent: int) -> tuple[App, ReplayScene]:
    app = App(size=size, headless=True)
    app.set_ui_scale(percent)
    replay = ReplayScene(app, read_save(path))
    app.scenes.push(replay)
    replay.jump(0.5)
    app.step(0.05, [])
    return app, replay


def _sizes(monkeypatch, path: Path, size: tuple[int, int], percent: int) -> dict[str, int]:
    """The size each text of the replay (bar and table) is drawn at, at `percent`%, in one frame of
    the replay as it stands (recorded from a replay already open: none of the table's first layouts)."""
    app, _replay_scene = _replay(path, size, percent)
    with recording(monkeypatch) as drawn:
        watch(app)
        app.step(0.0, [])
    return largest_sizes(drawn)


def _bar_words(replay: ReplayScene) -> list[str]:
    return [label for _rect, label, _action in replay._button_specs()]  # noqa: SLF001 - the bar as drawn


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_200_percent_draws_the_replay_bar_a_third_larger_or_more(monkeypatch, saves, size, language):
    """As large as its buttons' row fits across the window: 1.65 times in English at 1280x720,
    1.4 times in Spanish, whose labels are longer."""
    set_language(language)
    normal = _sizes(monkeypatch, saves["pie-rats"], size, 100)
    larger = _sizes(monkeypatch, saves["pie-rats"], size, 200)
    app, replay = _replay(saves["pie-rats"], size, 100)
    words = _bar_words(replay)
    assert set(words) <= set(normal) and set(words) <= set(larger)
    assert [w for w in words if larger[w] < 1.35 * normal[w]] == []
    caption = next(text for text in normal if text.startswith(("Replay ·", "Repetición ·")))
    assert larger[caption] >= 1.35 * normal[caption]


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560), (1920, 1080)])
@pytest.mark.parametrize("game", ["rats", "pie-rats", "cheflebrity"])
def test_a_replay_at_200_percent_draws_no_text_smaller_than_at_100(monkeypatch, saves, game, size, language):
    """The bar takes from the table only the height its larger text needs, which the table's
    own interface size more than makes up for."""
    set_language(language)
    normal = _sizes(monkeypatch, saves[game], size, 100)
    larger = _sizes(monkeypatch, saves[game], size, 200)
    both = set(normal) & set(larger)
    assert len(both) > 8  # the bar's words and the table's
    assert sorted(t for t in both if larger[t] < normal[t]) == []


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560), (1920, 1080), (1600, 500)])
@pytest.mark.parametrize("percent", [150, 200])
def test_the_larger_bar_stays_whole_on_the_window(saves, size, language, percent):
    """The bar whole (tests/scenes/replay_bar.py) and no more than a quarter of the window's height."""
    set_language(language)
    app, replay = _replay(saves["rats"], size, percent)
    assert_whole(replay, size)
    assert replay.bar.h <= size[1] // 4 + 1


def _hidden_desserts(monkeypatch, path: Path, size: tuple[int, int], percent: int, at: float) -> list[str]:
    """The "+n more" lines a frame of the replay draws `at` that share of the way in."""
    from pie_table.kit.i18n import _

    app, replay = _replay(path, size, percent)
    replay.jump(at)
    app.step(0.05, [])
    more = re.compile(re.escape(_("+{n} more")).replace(re.escape("{n}"), r"\d+"))
    with recording(monkeypatch) as drawn:
        watch(app)
        app.step(0.0, [])
    return [d.text for d in drawn if more.fullmatch(d.text)]


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("at", [0.5, 0.9])
def test_a_cheflebrity_replay_at_200_percent_hides_no_served_dessert(monkeypatch, saves, at, language):
    """The rivals' serving lines are narrow at 200%: their chips leave out the cards' qualities,
    wrap their kinds beside their points, take width the working line can spare, or shrink (to
    no smaller than at 100%) rather than count desserts in a "+n more" (late in the game, when
    every chef has served several)."""
    set_language(language)
    assert _hidden_desserts(monkeypatch, saves["cheflebrity"], (1280, 720), 100, at) == []
    assert _hidden_desserts(monkeypatch, saves["cheflebrity"], (1280, 720), 200, at) == []


def test_a_pie_rats_replay_at_200_percent_on_900x560_cuts_nothing_and_hides_no_words(monkeypatch, saves):
    """Spanish, halfway in: the empty sill's line wraps ("No se enfría ningún pastel" was cut), and
    a Captain's "no charisma or crew yet" sits below its second line of badges, not under it."""
    from pie_table.kit.i18n import _
    from tests.kit.cut_log import logging_cuts

    set_language("es")
    with logging_cuts(monkeypatch) as cuts:
        app, _replay_scene = _replay(saves["pie-rats"], (900, 560), 200)
        with recording(monkeypatch) as drawn:  # one whole frame, on the window
            watch(app)
            app.step(0.0, [])
    assert sorted({shown for _text, shown, _where in cuts}) == []
    empty = [d for d in drawn if d.text.startswith(_("No charisma or crew yet").split()[0])]
    badges = [d for d in drawn if d.text in (_("Looted"), _("Frozen"), _("Lead"))]
    assert empty and badges
    rect = lambda d: pygame.Rect(d.where)  # noqa: E731 - on the surface the panel drew on
    assert [(e.text, b.text) for e in empty for b in badges if rect(e).colliderect(rect(b))] == []
