"""The banquet goals keep every goal's hint under its name when the interface grows: the rows
shrink back toward their 100% size (never below it) rather than drop the hints, at 1280x720 and
900x560, in English and Spanish."""

from __future__ import annotations

import pytest

from pie_table.games.rats.state import GOAL_NAMES
from pie_table.games.rats.ui.labels import goal_hint
from pie_table.kit.i18n import set_language
from tests.kit.table_texts import sized_home  # noqa: F401 - a fixture
from tests.rats.rats_helpers import opening_frames

pytestmark = pytest.mark.usefixtures("sized_home")


def _hint_sizes(monkeypatch, size: tuple[int, int], percent: int) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """The size each goal's hint is drawn at on the table's first frames."""
    drawn, _scene = opening_frames(monkeypatch, size, percent)
    hints = {goal_hint(goal) for goal in GOAL_NAMES}
    return {d.text: d.size for d in drawn if d.text in hints}


@pytest.mark.parametrize("percent", [150, 200])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_a_grown_interface_keeps_every_goals_hint_no_smaller_than_at_100(monkeypatch, size, lang, percent):
    set_language(lang)
    try:
        normal, grown = (_hint_sizes(monkeypatch, size, p) for p in (100, percent))
        assert len(normal) == len(GOAL_NAMES)
        assert sorted(grown) == sorted(normal)
        assert [hint for hint in grown if grown[hint] < normal[hint]] == []
    finally:
        set_language("en")


def _name_sizes(monkeypatch, size: tuple[int, int],  # type: ignore[no-untyped-def]
                percent: int) -> tuple[dict[str, int], object]:
    """The size each goal's name is drawn at on the table's first frames, and the table's layout."""
    from pie_table.games.rats.ui.labels import goal_name

    drawn, scene = opening_frames(monkeypatch, size, percent)
    names = {goal_name(goal) for goal in GOAL_NAMES}
    return {d.text: d.size for d in drawn if d.text in names}, scene.layout


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_at_200_percent_goal_names_grow_and_the_log_keeps_three_lines(monkeypatch, size, lang):
    """At least 1.15 times as large: the goals take room from the log to grow, as far as the log
    holds its title and three lines."""
    from pie_table.kit.fonts import font, min_readable

    set_language(lang)
    try:
        (normal, _lay), (grown, lay) = (_name_sizes(monkeypatch, size, p) for p in (100, 200))
        assert len(normal) == len(GOAL_NAMES) and sorted(grown) == sorted(normal)
        assert [name for name in grown if grown[name] < 1.15 * normal[name]] == [], (normal, grown)
        s = lay.scale  # type: ignore[attr-defined]
        title = font(max(min_readable(), int(18 * s)), "title").get_height()
        three = 3 * font(max(min_readable(), int(14 * s))).get_linesize()
        assert lay.log.h >= 2 * int(8 * s) + title + int(4 * s) + three  # type: ignore[attr-defined]
    finally:
        set_language("en")
