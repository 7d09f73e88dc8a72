"""Rumble Pie's scores follow the interface size as far as their box holds them: at 200% none of
their texts is drawn smaller or cut (1280x720 and 1920x1080, English and Spanish), and on 1920x1080
the round line and the totals are drawn a tenth larger or more."""

from __future__ import annotations

import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.scenes.base import open_table
from tests.kit.cut_log import logging_cuts
from tests.kit.table_texts import sized_home  # noqa: F401 - a fixture
from tests.kit.text_probe import largest_sizes, recording, watch

pytestmark = pytest.mark.usefixtures("sized_home")


def _first_frame(monkeypatch, size: tuple[int, int], percent: int) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """The size of each text in the scores box of a four-seat table's first frame."""
    from pie_table.games.rumble_pie.ui import RumbleTableScene

    seats = parse_seats("human:keys1,bot:normal,bot:hard,bot:easy")
    with recording(monkeypatch) as drawn:
        app = App(size=size, headless=True)
        app.set_ui_scale(percent)
        app.scenes.push(open_table(RumbleTableScene, app, GameSetup("rumble-pie", seats, {}, seed=3)))
        watch(app)
        app.step(0.0)
        app.step(0.0)
        app.set_ui_scale(100)
        box = app.scenes.current.view.geom.area("scores")
    return largest_sizes(d for d in drawn if box.collidepoint(d.where[0], d.where[1]))


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_200_percent_draws_no_score_smaller_and_none_cut(monkeypatch, size, lang):
    """As large as the box holds (about 1.07 times on 1280x720, whose floor most of them sit on)."""
    set_language(lang)
    normal = _first_frame(monkeypatch, size, 100)
    with logging_cuts(monkeypatch) as cuts:
        larger = _first_frame(monkeypatch, size, 200)
    both = set(normal) & set(larger)
    assert len(both) >= 4  # the round line, the totals, the note
    assert sorted(t for t in both if larger[t] < normal[t]) == []
    assert [shown for _text, shown, where in cuts if where.endswith("table_view")] == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_200_percent_draws_the_scores_larger_on_1920x1080(monkeypatch, lang):
    set_language(lang)
    normal = _first_frame(monkeypatch, (1920, 1080), 100)
    larger = _first_frame(monkeypatch, (1920, 1080), 200)
    grown = sorted(t for t in set(normal) & set(larger) if larger[t] >= 1.1 * normal[t])
    assert any(t.startswith(("Round", "Ronda")) for t in grown), (normal, larger)
    assert len(grown) >= 3


@pytest.mark.parametrize("lang", ["en", "es"])
def test_200_percent_draws_every_text_of_the_scores_larger_on_1280x720(monkeypatch, lang):
    """The box takes the height its grown words need from the table talk's spare room, so the
    title, the round line, each "+n" and the note grow too (they sat on the 14 px floor at both
    sizes); the note may break onto two lines to do so."""
    set_language(lang)
    normal = _first_frame(monkeypatch, (1280, 720), 100)
    larger = _first_frame(monkeypatch, (1280, 720), 200)
    assert len(normal) >= 6  # the title, the round line, two names, their totals and "+n", the note
    smaller = []
    for text, size in normal.items():
        parts = [text] if text in larger else [part.strip() for part in text.split("   ")]
        smaller += [(part, size, larger.get(part)) for part in parts if larger.get(part, 0) <= size]
    assert smaller == []
