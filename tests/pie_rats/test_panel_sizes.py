"""The Pie Rats moves and log, read the most, follow the interface size beyond the table's own
1.14 times on a 16:9 window: at 200% the log's lines are drawn at least 1.5 times as tall as at
100% (on 1280x720, 900x560 and 1920x1080, English and Spanish), and no text of the table smaller."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pie_table.games.pie_rats.ui.layout import compute_layout, header_height
from pie_table.kit.fonts import set_window
from pie_table.kit.i18n import set_language
from pie_table.kit.text import set_interface_size
from tests.kit.table_texts import sized_home, table_texts  # noqa: F401 - sized_home, a fixture
from tests.kit.text_probe import largest_sizes

pytestmark = pytest.mark.usefixtures("sized_home")


def _drawn(monkeypatch, size: tuple[int, int], percent: int) -> tuple[dict[str, int], list[str]]:
    """The size of each text of a four-Captain table five rounds in, and the log's lines."""
    drawn, scene = table_texts(monkeypatch, "pie-rats", "human,bot:normal,bot:hard,bot:easy", size, percent)
    log = scene.layout.log
    in_log = [d.text for d in drawn if log.collidepoint(d.where[0], d.where[1])]
    return largest_sizes(drawn), in_log


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560), (1920, 1080)])
def test_200_percent_draws_the_log_half_as_large_again(monkeypatch, size, lang):
    set_language(lang)
    normal, normal_log = _drawn(monkeypatch, size, 100)
    larger, larger_log = _drawn(monkeypatch, size, 200)
    lines = sorted(set(normal_log) & set(larger_log))
    assert len(lines) >= 2  # the log's title and a line at least
    assert [(t, normal[t], larger[t]) for t in lines if larger[t] < 1.5 * normal[t]] == []
    both = set(normal) & set(larger)
    assert sorted(t for t in both if larger[t] < normal[t]) == []


@pytest.mark.parametrize("size", [(1280, 720), (900, 560), (1920, 1080)])
def test_the_moves_column_widens_within_its_share_and_100_percent_keeps_the_design(size):
    set_window(size)
    normal = compute_layout(size, 4)
    set_interface_size(200)
    larger = compute_layout(size, 4)
    assert normal.panel_scale == normal.scale
    assert larger.panel_scale >= 1.5 * normal.panel_scale
    assert normal.moves.w <= larger.moves.w <= int(size[0] * 0.36)


def _headers(monkeypatch, size: tuple[int, int], percent: int) -> tuple[list[list[int]], Any]:
    """The sizes of the words on each Captain's header (name, points, totals, badges), and the
    layout, of a four-Captain table five rounds in."""
    drawn, scene = table_texts(monkeypatch, "pie-rats", "human,bot:normal,bot:hard,bot:easy", size, percent)
    lay = scene.layout
    sizes = []
    for rect in lay.seats:
        header = pygame.Rect(rect.x, rect.y, rect.w, header_height(lay.grid_scale, lay.rest_scale))
        sizes.append(sorted(d.size for d in drawn if header.collidepoint(d.where[0], d.where[1])))
    return sizes, lay


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_200_percent_draws_the_captains_words_larger_and_their_cards_no_smaller(monkeypatch, size, lang):
    set_language(lang)
    normal, normal_lay = _headers(monkeypatch, size, 100)
    larger, larger_lay = _headers(monkeypatch, size, 200)
    for before, after in zip(normal, larger, strict=True):
        assert before and after
        assert max(after) > max(before) and min(after) >= min(before)
    for card in ("table_card", "hand_card", "pie_card"):
        before_wh, after_wh = getattr(normal_lay, card), getattr(larger_lay, card)
        assert after_wh[0] >= before_wh[0] and after_wh[1] >= before_wh[1], card
