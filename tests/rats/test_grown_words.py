"""At 200% on 1280x720 every text of the RATS table is drawn larger than at 100%, in English and
Spanish: the goals' hints, the sheet's supply uses and a rat card's who-line sat on the 14 px
floor at both sizes (a long use or who-line was shrunk onto one line rather than wrapped)."""

from __future__ import annotations

import pytest

from pie_table.games.rats.state import GOAL_NAMES
from pie_table.games.rats.ui.labels import goal_hint, supply_use
from pie_table.kit.i18n import set_language
from tests.kit.table_texts import sized_home  # noqa: F401 - a fixture
from tests.rats.rats_helpers import opening_frames

pytestmark = pytest.mark.usefixtures("sized_home")


def _sizes(monkeypatch, percent: int, one: bool) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """The smallest size each text is drawn at on the opening table at 1280x720 and `percent`%
    (`one`: only the texts drawn at one size, a digit or a word drawn in several places is not
    one place's), but the log's (which shows its newest lines, fewer of them when grown)."""
    drawn, scene = opening_frames(monkeypatch, (1280, 720), percent)
    sizes: dict[str, set[int]] = {}
    for d in drawn:
        if not scene.layout.log.collidepoint(d.where[:2]):
            sizes.setdefault(d.text, set()).add(d.size)
    return {text: min(each) for text, each in sizes.items() if len(each) == 1 or not one}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_200_percent_draws_every_text_of_the_table_larger_on_1280x720(monkeypatch, lang):
    """A text wrapped at 200% counts by its lines, each of which must be larger."""
    set_language(lang)
    normal, larger = _sizes(monkeypatch, 100, True), _sizes(monkeypatch, 200, False)
    watched = {goal_hint(goal) for goal in GOAL_NAMES} | {supply_use(0), supply_use(5)}
    assert {text for text in watched if any(line in text for line in normal)} == watched  # seen
    same = []
    for text, size in normal.items():
        lines = [text] if text in larger else [line for line in larger if len(line) > 3 and line in text]
        if not lines or any(larger[line] <= size for line in lines):
            same.append((text, size, [larger.get(line) for line in lines]))
    assert same == []
