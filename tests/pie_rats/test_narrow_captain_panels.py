"""Five or six Captains at a grown interface size: the panels are narrow (the moves' column
widened), so a Captain's name takes the whole of its line and the score a line of its own, under
the totals, rather than the name be cut to "R…" beside the score. Nothing on the table is cut."""

from __future__ import annotations

import pytest

from pie_table.games.pie_rats.ui.layout import compute_layout, header_height
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.kit.text import set_interface_size
from tests.kit.cut_log import table_cuts


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield
    set_language("en")


_SEATS = {5: "human,bot:normal,bot:hard,bot:easy,bot:normal",
          6: "human,bot:normal,bot:hard,bot:easy,bot:normal,bot:hard"}


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("seats", [5, 6])
def test_no_captains_name_is_cut_on_a_narrow_panel(monkeypatch, seats, lang, size, percent):
    cuts = table_cuts(monkeypatch, "pie-rats", _SEATS[seats], size, lang, rounds=(2, 4), asked=2,
                      percent=percent)
    assert sorted({(shown, where) for _text, shown, where in cuts}) == []


@pytest.mark.parametrize("size", [(1280, 720), (900, 560), (1920, 1080)])
def test_a_panel_with_its_score_below_keeps_room_for_its_cards(size):
    """The score's line is counted in the header, so both rows of cards stay inside the panel."""
    App(size=size, headless=True)  # the window's text floor
    try:
        for percent in (100, 150, 200):
            set_interface_size(percent)
            for seats in (4, 5, 6):
                lay = compute_layout(size, seats)
                rect, (_w, h) = lay.seats[0], lay.table_card
                pad = int(6 * lay.rest_scale)  # between the rows, as draw_seat spaces them
                head = header_height(lay.grid_scale, lay.rest_scale, lay.score_below)
                assert head + 2 * h + pad <= rect.h, (percent, seats, lay.score_below)
    finally:
        set_interface_size(100)
