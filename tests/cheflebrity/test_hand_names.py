"""A long hand on a small window at a grown interface size: the hand's cards narrow until no card
laid over the one before it covers that one's name (at 900x560 and 200% seven cards overlapped by
5 px, more than the margin beside a name, and "especiado" ran into "especiado"), in English and
Spanish."""

from __future__ import annotations

import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.games.cheflebrity.ui.faces import face_name_lines, name_margin
from pie_table.kit.i18n import set_language
from tests.kit.table_texts import sized_home  # noqa: F401 - a fixture

pytestmark = pytest.mark.usefixtures("sized_home")


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("size", [(900, 560), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_hand_cards_name_overlaps_its_neighbours(monkeypatch, lang, size, percent):
    set_language(lang)
    words = ["screenshot", "cheflebrity", "--seats", "human,bot:normal,bot:hard", "--seed", "5", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    app, scene = make_table(info, setup, size, percent)
    scene.skip_to(turn=30)  # the person holds seven cards
    app.step(0.0)
    cards = [z for z in scene.zones if z.kind == "hand"]
    assert len(cards) == 7
    # A name is written within its face but for a margin each side (squeezed where a word is a
    # little too wide): no card laid over the one before it may reach into that one's name.
    rects = sorted(z.rect for z in cards)
    covered = [(a, b) for a, b in zip(rects, rects[1:], strict=False) if b.x < a.right - name_margin(a.w) + 1]
    assert covered == []
    # Each narrowed card still shows its name.
    full = scene.layout.hand_card
    unnamed = [zone.value for zone in cards
               if face_name_lines(zone.value, *full) and not face_name_lines(zone.value, *zone.rect.size)]
    assert unnamed == []
