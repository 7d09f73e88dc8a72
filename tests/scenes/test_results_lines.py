"""The results' score lines are written at one size of the type scale, whatever their length: a
line wider than the sheet widens it into the window, then wraps onto the next line at that size,
instead of shrinking; the sheet scrolls rather than squeeze the lines onto each other."""

from __future__ import annotations

import pygame
import pytest

from pie_table.kit.fonts import font, min_readable
from pie_table.kit.text import set_interface_size
from pie_table.scenes import results as results_module
from pie_table.scenes.results import ResultsScene
from tests.kit.cut_log import logging_cuts
from tests.kit.fit_log import written_sizes
from tests.scenes.results_sheet import results_sheet

_LINES = ["Team Blueberry: 29 points", "Team Cherry: 5 points",
          "Round 1: KaPow!s Cherry 0 · Blueberry 4; Out! by Player 2",  # shrank to fit at 1280x720
          "Most pie variety: Chef 1, Chef 2, Chef 4, Chef 5 (2 flavours each, the same two: apple and"
          " pumpkin, served on the same round) +5"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield tmp_path
    set_interface_size(100)


def _shown(monkeypatch, size: tuple[int, int], percent: int) -> tuple[ResultsScene, list[tuple[str, int]]]:
    """The results sheet drawn on a window of `size` at `percent`, and every (text, size) its score
    lines were written at."""
    app, scene = results_sheet(size, percent, "Team Blueberry wins!", _LINES)
    written = written_sizes(monkeypatch, results_module, lambda: scene.draw_content(pygame.Surface(app.size)))
    return scene, written


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("percent", [100, 200])
def test_long_score_lines_wrap_at_the_type_scale_size_and_lose_nothing(home, monkeypatch, size,
                                                                        percent) -> None:
    with logging_cuts(monkeypatch) as cuts:
        scene, written = _shown(monkeypatch, size, percent)
    assert not [cut for cut in cuts if cut[2] == "pie_table.scenes.results"]
    assert {px for _text, px in written} == {max(min_readable(), int(24 * scene.scale))}
    assert " ".join(text for text, _px in written) == " ".join(_LINES)  # every word, in order
    assert len(written) > len(_LINES)  # the longest wraps, even on a sheet widened into the window
    assert scene.line_h >= font(written[0][1]).get_linesize()  # lines never drawn over each other
    assert scene.body_top + len(written) * scene.line_h <= scene.notice_label.rect.y + 4


def test_a_line_that_shrank_on_the_design_sheet_widens_it_instead(home, monkeypatch) -> None:
    scene, written = _shown(monkeypatch, (1280, 720), 100)
    assert (_LINES[2], 24) in written  # whole on one line at 24 px (20 px before, fitted)
    assert scene.panel.w > 720


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_score_lines_never_get_smaller_as_the_interface_grows(home, monkeypatch, size) -> None:
    sizes = [{px for _text, px in _shown(monkeypatch, size, percent)[1]} for percent in (100, 150, 200)]
    assert all(len(each) == 1 for each in sizes)
    shown = [each.pop() for each in sizes]
    assert shown == sorted(shown) and shown[2] > shown[0]
