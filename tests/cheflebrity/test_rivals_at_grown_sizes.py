"""Four or five chefs at a grown interface size: the rivals' places are short and narrow, yet
every pie's stack stays inside its chef's place (its texts back at the design's size, its cards
overlapping more) and no name is cut ("Ch…", "Línea de trab…", "Worki…"); at every size every
rival's hand is counted (grown, where the header has no room beside the name and the score, atop
the serving line)."""

from __future__ import annotations

import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.kit.i18n import set_language
from pie_table.kit.text import set_interface_size
from tests.kit.cut_log import table_cuts
from tests.kit.text_probe import probe_screen, recording


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield
    set_interface_size(100)
    set_language("en")


def _seats(n: int) -> str:
    return ",".join(["human"] + ["bot:normal"] * (n - 1))


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_nothing_is_cut_with_five_chefs(monkeypatch, lang, size, percent):
    cuts = table_cuts(monkeypatch, "cheflebrity", _seats(5), size, lang, rounds=(3, 6), asked=2,
                      percent=percent)
    assert sorted({(shown, where) for _text, shown, where in cuts}) == []


@pytest.mark.parametrize("percent", [100, 150, 200])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("seats", [4, 5])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560), (1920, 1080)])
def test_every_stack_stays_in_its_place_and_every_hand_is_counted(monkeypatch, size, seats, lang, percent):
    set_language(lang)
    words = ["screenshot", "cheflebrity", "--seats", _seats(seats), "--seed", "5", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    with recording(monkeypatch) as drawn:  # from the start: every text image is one it tags
        app, scene = make_table(info, setup, size, percent)
        for turn in (3, 5, 8):
            scene.skip_to(turn=turn)
            app.step(0.0)
            mark = len(drawn)
            scene.draw(probe_screen(size))  # a whole frame on a surface that samples what it draws
            lay = scene.layout
            outside = [(z.owner, z.value) for z in scene.zones
                       if z.kind == "pie" and not lay.seats[z.owner].contains(z.rect)]
            assert outside == [], turn
            said = {d.text for d in drawn[mark:]}
            for seat, n in enumerate(scene.view()["hand_counts"]):
                if seat != lay.me:
                    assert str(n) in said or f"hand {n}" in said or f"mano {n}" in said, (turn, seat)
