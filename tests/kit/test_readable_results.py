"""The results of a real game of each kind, as a player reaches them (the table played to its end,
the screen armed): every text contrasted enough against what is behind it (WCAG 2.2 AA) and none
below the text floor, in both languages, on the design window and on the small one at 200%."""

from __future__ import annotations

import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.kit import fonts
from pie_table.kit.i18n import set_language
from pie_table.scenes.results import ResultsScene
from tests.kit.table_texts import sized_home  # noqa: F401 - a fixture
from tests.kit.text_probe import failures, recording, watch

pytestmark = pytest.mark.usefixtures("sized_home")

_GAMES = {
    "rats": "human,bot:easy,bot:normal",
    "pie-rats": "human,bot:normal,bot:hard,bot:easy",
    "cheflebrity": "human,bot:normal,bot:hard",
    "rumble-pie": "bot:easy,bot:normal,bot:normal,bot:hard",  # (a person's seat is not autoplayed)
}
_ARMED = 160  # frames: the results ignore input (their buttons dimmed) for a moment at first


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("size", "percent"), [((1280, 720), 100), ((900, 560), 200)])
@pytest.mark.parametrize("game", list(_GAMES))
def test_every_text_on_the_results_is_contrasted_and_large_enough(monkeypatch, game, size, percent, lang):
    set_language(lang)
    words = ["screenshot", game, "--seats", _GAMES[game], "--seed", "3", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    app, scene = make_table(info, setup, size, percent)
    scene.skip_to(at=10_000.0, turn=None) if info.realtime else scene.skip_to(turn=10_000)
    # Recorded from before the results open (what they lay out as they open is drawn through the
    # probe's fonts), the last frame's texts alone kept: the frames before it are played, not
    # drawn (drawing through the probe is most of this test's time).
    with recording(monkeypatch) as drawn:
        watch(app)
        for _ in range(400):
            if isinstance(app.scenes.current, ResultsScene):
                break
            app.step(1 / 30, draw=False)
        assert isinstance(app.scenes.current, ResultsScene)
        for _ in range(_ARMED):
            app.step(1 / 60, draw=False)
        drawn.clear()
        app.step(0.0)
    assert len(drawn) >= 10  # the probe saw the results' words (a broken probe would pass anything)
    assert failures(drawn) == []
    assert sorted({(d.size, d.text) for d in drawn if d.size < fonts.min_readable()}) == []
