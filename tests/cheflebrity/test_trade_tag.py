"""A hand card offered in a trade says so whole ("in the trade" wraps on a narrow card; it was cut
to "in the tr…" at 1280x720), in English and Spanish, at 1280x720 and 900x560."""

from __future__ import annotations

import pygame
import pytest

from pie_table.games.cheflebrity.ui.layout import compute_layout
from pie_table.games.cheflebrity.ui.table_paint import draw_hand
from pie_table.kit.i18n import _, set_language
from tests.kit.text_probe import probe_screen, recording


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_a_card_in_the_trade_says_so_whole(size: tuple[int, int], language: str, monkeypatch) -> None:
    pygame.init()
    set_language(language)
    try:
        lay = compute_layout(size, 4, 0)
        view = {"hand": [1, 2, 3, 4], "trade": {"mine": [5]}}
        with recording(monkeypatch) as drawn:
            draw_hand(probe_screen(size), lay, view, set(), None, set())
        words = _("in the trade")
        parts = [d.text for d in drawn if d.text and d.text.rstrip("…") and d.text.rstrip("…") in words]
        assert " ".join(parts) == words, parts
    finally:
        set_language("en")
