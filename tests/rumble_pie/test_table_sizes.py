"""Rumble Pie's table words grow with the interface size: at 200% the seat labels, the chefs' names
on the boards, the key legend, the decks' counts and the cursor's flag are drawn at least 1.25 times
as tall as at 100% (1280x720 and 900x560, English and Spanish), and no text of the frame is drawn
smaller; the cards keep their size; a window wider than the design widens the side column."""

from __future__ import annotations

import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.ui.seat_label import label_band
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.scenes.base import open_table
from tests.kit.table_texts import sized_home  # noqa: F401 - a fixture
from tests.kit.text_probe import Drawn, largest_sizes, recording, watch

pytestmark = pytest.mark.usefixtures("sized_home")
_CHEFS = {"Shorty", "Sylvie", "Pierre"}


def _first_frame(monkeypatch, size: tuple[int, int], percent: int,  # type: ignore[no-untyped-def]
                 seats: str = "human:keys1,bot:hard") -> tuple[list[Drawn], object]:
    """Every text of a table's first frame, and its geometry."""
    from pie_table.games.rumble_pie.ui import RumbleTableScene

    with recording(monkeypatch) as drawn:
        app = App(size=size, headless=True)
        app.set_ui_scale(percent)
        scene = open_table(RumbleTableScene, app, GameSetup("rumble-pie", parse_seats(seats), {}, seed=3))
        app.scenes.push(scene)
        watch(app)
        app.step(0.0)
        app.step(0.0)
        geom = scene.geom
    app.set_ui_scale(100)  # after the recording: the frame it draws again is not the one measured
    return list(drawn), geom


def _tallest(drawn: list[Drawn], keep) -> int:  # type: ignore[no-untyped-def]
    return max((d.size for d in drawn if keep(d)), default=0)


def _inside(rect) -> object:  # type: ignore[no-untyped-def]
    return lambda d: rect.collidepoint(d.where[0] + d.where[2] // 2, d.where[1] + d.where[3] // 2)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_200_percent_writes_the_tables_words_larger_and_none_smaller(monkeypatch, size, lang):
    set_language(lang)
    normal, geom = _first_frame(monkeypatch, size, 100)
    larger, grown = _first_frame(monkeypatch, size, 200)
    kinds = {
        "seat label": _inside(geom.zone(0, "label")),
        "chef name": lambda d: d.text in _CHEFS,
        "key legend": _inside(geom.area("legend")),
        "deck count": lambda d: d.text.isdigit() and len(d.text) == 2,  # (the scores are 0)
        "flag": lambda d: d.text == "P1",
    }
    for kind, keep in kinds.items():
        before, after = _tallest(normal, keep), _tallest(larger, keep)
        assert before and after >= 1.25 * before, (kind, before, after)
    before, after = largest_sizes(normal), largest_sizes(larger)
    smaller = sorted((text, before[text], after[text]) for text in set(before) & set(after)
                     if after[text] < before[text])
    assert smaller == [], smaller
    assert grown.card_size == geom.card_size  # type: ignore[attr-defined]


def test_a_window_wider_than_the_design_widens_the_side_column(monkeypatch):
    """2560x1080 at 200%: the column takes width the letterbox had, the cards keep their size."""
    _drawn, geom = _first_frame(monkeypatch, (2560, 1080), 100)
    _drawn, grown = _first_frame(monkeypatch, (2560, 1080), 200)
    before, after = geom.area("legend"), grown.area("legend")  # type: ignore[attr-defined]
    assert after.w >= 1.5 * before.w
    assert grown.card_size == geom.card_size  # type: ignore[attr-defined]
    assert grown.area("panel").right <= 2560  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_200_percent_wraps_a_bottom_seats_label_rather_than_keep_it_small(monkeypatch, lang):
    """Four seats on 1280x720: a label its line holds only at the design's size takes two lines
    of the felt between the arsenal and the region's edge instead, whole and larger."""
    set_language(lang)
    seats = "human:keys1,human:keys2,bot:normal,bot:hard"
    normal, geom = _first_frame(monkeypatch, (1280, 720), 100, seats)
    larger, grown = _first_frame(monkeypatch, (1280, 720), 200, seats)
    bottom = [seat for seat in range(4) if grown.side(seat) == "bottom"]  # type: ignore[attr-defined]
    assert len(bottom) == 2
    for seat in bottom:
        label = grown.zone(seat, "label")  # type: ignore[attr-defined]
        band = label_band(label, grown.zone(seat, "region"), grown.zone(seat, "arsenal"), True, 0)  # type: ignore[attr-defined]
        words = largest_sizes([d for d in larger if _inside(band)(d)])
        assert words and not any("…" in text for text in words)
        before = _tallest(normal, _inside(geom.zone(seat, "label")))  # type: ignore[attr-defined]
        assert min(words.values()) > before, (seat, before, words)


@pytest.mark.parametrize("percent", [150, 200])
def test_a_wide_windows_top_row_labels_grow_whole_above_their_arsenal(monkeypatch, percent):
    """1920x1080, four seats: the top row's labels, whose band above the arsenal is too thin for
    two grown lines, are drawn larger than at 100% all the same (on one line across the frame),
    whole, inside their seat's region and clear of the arsenal below them."""
    seats = "bot:hard,bot:normal,bot:easy,bot:normal"
    normal, geom = _first_frame(monkeypatch, (1920, 1080), 100, seats)
    larger, grown = _first_frame(monkeypatch, (1920, 1080), percent, seats)
    top = [seat for seat in range(4) if grown.side(seat) == "top"]  # type: ignore[attr-defined]
    assert len(top) == 2
    for seat in top:
        region, arsenal = grown.zone(seat, "region"), grown.zone(seat, "arsenal")  # type: ignore[attr-defined]

        def above(d: Drawn, region=region, arsenal=arsenal) -> bool:  # the label's words in its band
            x, y = d.where[0] + d.where[2] // 2, d.where[1] + d.where[3] // 2
            label = d.text.startswith("Player") or d.text.endswith("Blueberry")
            return label and region.left < x < region.right and region.top <= y < arsenal.top

        before, after = [d for d in normal if above(d)], [d for d in larger if above(d)]
        assert {d.text for d in after} >= {f"Player {seat + 1} · Bot · normal", "Team Blueberry"}
        assert min(d.size for d in after) > max(d.size for d in before), (seat, before, after)
        for d in after:
            assert "…" not in d.text
            x, y, w, h = d.where
            assert region.left < x and x + w < region.right and y + h <= arsenal.top, (d.text, d.where)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_six_seats_top_row_labels_grow_as_the_bottom_rows_do(monkeypatch, size, lang):
    """Six seats at 200%: the top row's arsenals and decks move down into the felt above their
    boards until the band over them is as tall as the bottom row's under theirs, so a top label
    takes two grown lines as a bottom one does (1920x1080: 20 px, the design's, before; 25 after),
    whole and clear of the cards, whose cascades still end above the board."""
    set_language(lang)
    seats = "human:keys1,bot:hard,bot:normal,bot:easy,human:keys2,bot:normal"
    normal, _geom = _first_frame(monkeypatch, size, 100, seats)
    larger, grown = _first_frame(monkeypatch, size, 200, seats)

    def label(d: Drawn, seat: int, geom) -> bool:  # type: ignore[no-untyped-def]
        region, arsenal = geom.zone(seat, "region"), geom.zone(seat, "arsenal")
        x, y = d.where[0] + d.where[2] // 2, d.where[1] + d.where[3] // 2
        top = geom.side(seat) == "top"
        band = (region.top <= y < arsenal.top) if top else (arsenal.bottom <= y < region.bottom)
        return region.left < x < region.right and band and not d.text.isdigit()

    sizes = {side: [d.size for seat in range(6) if grown.side(seat) == side  # type: ignore[attr-defined]
                    for d in larger if label(d, seat, grown)] for side in ("top", "bottom")}
    design = max(d.size for seat in range(6) for d in normal if label(d, seat, _geom))
    assert len(sizes["top"]) == len(sizes["bottom"]) == 6
    assert min(sizes["top"]) > design and min(sizes["top"]) >= min(sizes["bottom"]), (design, sizes)
    for seat in range(6):
        if grown.side(seat) != "top":  # type: ignore[attr-defined]
            continue
        arsenal, board = grown.zone(seat, "arsenal"), grown.zone(seat, "board")  # type: ignore[attr-defined]
        assert grown.column_rect(seat, 0).bottom < board.top  # type: ignore[attr-defined]
        for d in larger:
            if label(d, seat, grown):
                assert "…" not in d.text and d.where[1] + d.where[3] <= arsenal.top, (d.text, d.where)
