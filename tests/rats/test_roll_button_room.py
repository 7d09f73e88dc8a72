"""The choice panel under the rat cards keeps room for its question and its buttons at every
interface size: with six Spanish rats at 1920x1080 and 150% the grown cards left the panel 182 px
of the 256 it needs, and the Host's "Tirar los dados" button drew 24 px high, below the panel's
edge, its label at 13 px (22 px at 100%)."""

from __future__ import annotations

from typing import Any

import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.kit.i18n import set_language
from tests.kit.table_texts import sized_home  # noqa: F401 - a fixture
from tests.kit.text_probe import recording, watch

pytestmark = pytest.mark.usefixtures("sized_home")


def _roll_panel(monkeypatch, rats: int, size: tuple[int, int], percent: int) -> tuple[Any, int]:  # type: ignore[no-untyped-def]
    """The person's panel when first asked to roll (they are the first Host), and the size its
    button's label is drawn at."""
    spec = ",".join(["human"] + ["bot:normal"] * (rats - 1))
    words = ["screenshot", "rats", "--seats", spec, "--seed", "3", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    app, scene = make_table(info, setup, size, percent)
    for _ in range(400):
        app.step(0.25)
        panel = scene.panel
        if panel is not None and panel.kind == "roll":
            with recording(monkeypatch) as drawn:
                watch(app)
                app.step(0.0)
            sizes = [d.size for d in drawn if d.text == panel.labels[0]]
            return panel, max(sizes, default=0)
        if panel is not None:
            panel.choose(panel.legal[0])
    raise AssertionError("the person was never asked to roll")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (900, 560)])
@pytest.mark.parametrize("rats", [3, 6])
def test_the_roll_button_sits_inside_its_panel_and_never_shrinks(monkeypatch, rats, size, lang):
    set_language(lang)
    _panel, normal = _roll_panel(monkeypatch, rats, size, 100)
    for percent in (150, 200):
        panel, grown = _roll_panel(monkeypatch, rats, size, percent)
        button = panel.buttons[0].rect
        assert panel.rect.contains(button), (percent, panel.rect, button)
        assert grown >= normal > 0, (percent, normal, grown)
