"""A RATS sheet at 200% writes every supply's name larger than at 100%: a use that wraps onto two
lines ("plato o decoración, nuevo Anfitrión") takes a taller row from the rows with one line to
spare, rather than its supply's name shrinking back to the design's size."""

from __future__ import annotations

import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.games.rats.ui.labels import supply_title
from pie_table.kit.i18n import set_language
from tests.kit.table_texts import sized_home  # noqa: F401 - a fixture
from tests.kit.text_probe import recording, watch
from tests.rats.rats_helpers import opening_frames

pytestmark = pytest.mark.usefixtures("sized_home")


def _name_sizes(monkeypatch, size: tuple[int, int], percent: int) -> dict[str, set[int]]:  # type: ignore[no-untyped-def]
    """The sizes each supply's name is drawn at on the sheet, three turns in (recorded from the
    table's opening on: the sheet is painted once and kept while it does not change)."""
    words = ["screenshot", "rats", "--seats", "human,bot:easy,bot:normal", "--seed", "3", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    with recording(monkeypatch) as drawn:
        app, scene = make_table(info, setup, size, percent)
        watch(app)
        scene.skip_to(at=None, turn=3)
        app.step(0.0)
    names = {supply_title(supply) for supply in range(6)}
    sizes: dict[str, set[int]] = {}
    for d in drawn:
        if d.text in names:
            sizes.setdefault(d.text, set()).add(d.size)
    return sizes


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_200_percent_writes_every_supply_name_larger(monkeypatch, size, lang):
    set_language(lang)
    normal, larger = (_name_sizes(monkeypatch, size, percent) for percent in (100, 200))
    assert len(larger) == len(normal) == 6
    # (a long name may be narrowed to its row's width, "Espadas de cóctel": larger all the same)
    assert sorted(name for name in normal if min(larger[name]) <= max(normal[name])) == [], larger


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_the_viewers_rat_card_name_is_never_smaller_at_200_percent(monkeypatch, size, lang):
    """Where "Rat 1 (you)" would have to shrink to fit its card, "(you)" moves to the line below."""
    from pie_table.kit.i18n import _

    set_language(lang)

    def sizes(percent: int) -> tuple[int, set[str]]:
        drawn, _scene = opening_frames(monkeypatch, size, percent)
        name = _("Rat {n}").format(n=1)
        said = {d.text for d in drawn if _(" (you)").strip() in d.text}
        return max(d.size for d in drawn if d.text in (name, name + _(" (you)"))), said

    (normal, said_normal), (grown, said_grown) = sizes(100), sizes(200)
    assert grown >= normal and said_normal and said_grown, (normal, grown, said_grown)


def test_what_a_rat_last_said_is_written_no_smaller_than_the_floor():
    """On its card at 1280x720 at 100% (it was drawn at 13 px)."""
    import pygame

    from pie_table.games.rats.ui.sheet_view import RatCard, draw_rat_card
    from pie_table.kit import fonts
    from pie_table.kit.app import App
    from tests.kit.text_probe import probe_screen

    App(size=(1280, 720), headless=True)
    with pytest.MonkeyPatch.context() as patch, recording(patch) as drawn:
        card = RatCard(seat=1, said="RATS!")
        draw_rat_card(probe_screen((400, 200)), pygame.Rect(10, 10, 183, 70), card, 1.0)
    said = [d.size for d in drawn if "RATS!" in d.text]
    assert said and min(said) >= fonts.SMALL, said


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("seats", [3, 6])
@pytest.mark.parametrize("percent", [100, 200])
def test_what_a_rat_said_is_whole_on_its_card(monkeypatch, seats, size, lang, percent):
    """Everything a rat says aloud, at its longest, is whole on its card: "Could you possibly
    part with all of your straw, Rat 6?" takes four lines in English, the Spanish request for all
    cocktail swords five (cut after three at 200%, after one at 100%: "“I'm afraid I have 5
    co…"); the choice panel under the cards keeps the room for its question and a row of
    buttons, the dice tray giving it up first."""
    import pygame

    from pie_table.games.rats import speech
    from pie_table.games.rats.ui.choices import least_height
    from pie_table.games.rats.ui.sheet_view import RatCard, draw_rat_card
    from pie_table.games.rats.ui.table_draw import compute_layout, last_words
    from pie_table.kit.app import App
    from pie_table.kit.text import set_interface_size
    from tests.kit.cut_log import logging_cuts

    set_language(lang)
    App(size=size, headless=True).set_ui_scale(percent)
    try:
        lay = compute_layout(size, seats)
        said = [last_words([{"type": "request", "seat": 1, "text": line}], seats)[1]
                for line in speech.longest(seat=1)]
        assert len(said) == 31 and all(said)
        surface = pygame.Surface(size)
        with logging_cuts(monkeypatch) as cuts:
            for words in said:
                draw_rat_card(surface, lay.cards[1], RatCard(seat=1, said=words), lay.scale)
        assert cuts == []
        assert lay.panel.h >= least_height(lay.scale)
        assert lay.tray.bottom < lay.panel.top and lay.panel.bottom <= size[1]
    finally:
        set_interface_size(100)


def _item_value_sizes(monkeypatch, size: tuple[int, int], percent: int) -> set[int]:  # type: ignore[no-untyped-def]
    """The sizes the values in the sheet's dishes and decorations are written at, four turns in
    (Rat 1 then holds a dish of 5 and decorations of 7, 7 and 6); no text of the sheet cut."""
    from pie_table.games.rats.ui import sheet_view
    from tests.kit.cut_log import logging_cuts
    from tests.kit.fit_log import written

    words = ["screenshot", "rats", "--seats", "human,bot:normal,bot:easy", "--seed", "5", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))

    def draw() -> None:
        app, scene = make_table(info, setup, size, percent)
        scene.skip_to(at=None, turn=4)
        app.step(0.0)
        app.step(0.0)

    with logging_cuts(monkeypatch) as cuts:
        asked = written(monkeypatch, sheet_view, draw)
    assert [cut for cut in cuts if cut[2] == sheet_view.__name__] == []
    values = [(text, px) for text, px, face in asked if text.isdigit() and face == "bold"]
    assert sorted({text for text, _px in values}) == ["5", "6", "7"]
    return {px for _text, px in values}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("size", "normal", "grown"), [((1280, 720), 19, 21), ((900, 560), 13, 16)])
def test_the_values_of_dishes_and_decorations_never_shrink_as_the_interface_grows(
        monkeypatch, lang, size, normal, grown):
    """At 200% the supply rows' larger words took the sheet's height and the shapes shrank with it
    (19 -> 16 px at 1280x720); the rows now give the shapes room for their size at 100%."""
    set_language(lang)
    assert _item_value_sizes(monkeypatch, size, 100) == {normal}
    assert _item_value_sizes(monkeypatch, size, 200) == {grown}
