"""The judging at the end of a Cheflebrity game shows every award line and every chef's served
desserts whole, wrapped rather than cut, in English and Spanish, at 1280x720 and 900x560, at
interface sizes 100% and 200%."""

from __future__ import annotations

import pytest

from pie_table.games.cheflebrity.ui.results_words import bonus_line
from pie_table.kit.i18n import set_language
from tests.kit.table_texts import sized_home, table_texts  # noqa: F401 - sized_home, a fixture

pytestmark = pytest.mark.usefixtures("sized_home")


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_every_award_line_is_drawn_whole(monkeypatch, size, lang, percent):
    set_language(lang)
    seats = "human,bot:normal,bot:hard,bot:easy"
    drawn, scene = table_texts(monkeypatch, "cheflebrity", seats, size, percent, turn=1000)
    result = scene.view()["result"]
    assert result and result["bonuses"]
    said = " ".join(d.text for d in drawn)
    lines = [bonus_line(b, scene.names, result.get("quality_rule", "count")) for b in result["bonuses"]]
    assert [line for line in lines if line not in said] == []
    for seat in range(4):  # each chef's last served dessert, and the sum after it
        assert f"= {result['quality'][seat]}; " in said.replace("\u00a0", " ")
