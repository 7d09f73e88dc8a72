"""No label a player reads for a name is cut: on every turn-based table, in English and Spanish,
at 1280x720 and 900x560, no ellipsis hides part of a card's, pie's, rat's, Captain's or chef's
name, and no move on the move list is cut (its label wraps onto more lines of its button)."""

from __future__ import annotations

import pytest

from pie_table.kit.i18n import set_language
from tests.kit.cut_log import lost_names, names_in, table_cuts

_SEATS = {
    "pie-rats": "human,bot:normal,bot:hard,bot:easy",
    "cheflebrity": "human,bot:normal,bot:hard",
    "rats": "human,bot:easy,bot:normal",
}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield
    set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", list(_SEATS))
def test_no_name_and_no_move_is_cut(monkeypatch, game, lang, size):
    cuts = table_cuts(monkeypatch, game, _SEATS[game], size, lang, rounds=(2, 5), asked=3)
    set_language(lang)
    assert lost_names(cuts, names_in(game)) == set()
    assert sorted({text for text, _shown, where in cuts if where == "pie_table.kit.move_panel"}) == []


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("seats", ["human:keys1,human:keys2,bot:normal,bot:normal",
                                   "human:keys1,bot:easy,bot:normal,bot:hard,bot:easy,bot:normal"])
def test_no_name_is_cut_on_rumble_pies_table(monkeypatch, seats, lang, size):
    """Rumble's boards, summary and talk: no player's, team's or chef's name is cut, at the start and
    twice in play (its talk full of KaPow!s), for four and for six seats."""
    cuts = _rumble_cuts(monkeypatch, seats, lang, size, 100)
    assert lost_names(cuts, names_in("rumble-pie")) == set()


def _rumble_cuts(monkeypatch, seats: str, lang: str, size: tuple[int, int], percent: int) -> list:  # type: ignore[no-untyped-def]
    """The cuts while a Rumble table is drawn at its start and twice in play."""
    from pie_table.core.setup import GameSetup, parse_seats
    from pie_table.games.rumble_pie.ui import RumbleTableScene
    from pie_table.kit.app import App
    from pie_table.kit.text import set_interface_size
    from pie_table.scenes.base import open_table
    from tests.kit.cut_log import logging_cuts

    set_language(lang)
    try:
        with logging_cuts(monkeypatch) as cuts:
            app = App(size=size, headless=True)
            app.set_ui_scale(percent)
            table = open_table(RumbleTableScene, app, GameSetup("rumble-pie", parse_seats(seats), {}, seed=3))
            app.scenes.push(table)
            app.step(0.0)
            for seconds in (20.0, 45.0):
                table.skip_to(at=seconds)
                app.step(0.0)
    finally:
        set_interface_size(100)
    return cuts


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("seats", ["human:keys1,bot:hard", "human:keys1,human:keys2,bot:normal,bot:normal",
                                   "human:keys1,bot:easy,bot:normal,bot:hard,bot:easy,bot:normal"])
def test_nothing_is_cut_on_rumble_pies_table_at_either_interface_size(monkeypatch, seats, lang, size,
                                                                          percent):
    """Rumble's seat labels, boards' chef names, key legend, decks, flags and talk: whole at 100%
    and at 200%, at the start and twice in play, for two, four and six seats."""
    cuts = _rumble_cuts(monkeypatch, seats, lang, size, percent)
    assert sorted({(shown, where) for _text, shown, where in cuts}) == []


def test_the_log_catches_a_cut_name(monkeypatch):
    """The check above can fail: a name too long for its room is logged as lost."""
    from pie_table.kit import fonts
    from tests.kit.cut_log import logging_cuts

    with logging_cuts(monkeypatch) as cuts:
        fonts.fit("Kidnap Crusty Carl from Captain Whiskers Flint", 14, 200)
    assert lost_names(cuts, {"Captain Whiskers Flint"}) == {"Kidnap Crusty Carl from Captain Whiskers Flint"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_pie_rats_card_and_pie_name_is_written_whole_on_its_card(lang):
    from pie_table.games.pie_rats.deck import CARDS, PIES
    from pie_table.games.pie_rats.ui.card_art import title_lines
    from pie_table.games.pie_rats.ui.layout import compute_layout
    from pie_table.games.pie_rats.ui.names import card_label, pie_label

    set_language(lang)
    names = [card_label(c) for c in range(len(CARDS))] + [pie_label(p) for p in range(len(PIES))]
    for size in [(1280, 720), (900, 560), (1920, 1080)]:
        lay = compute_layout(size, 4)
        for w, h in (lay.hand_card, lay.table_card, lay.pie_card):
            if h < 100:
                continue  # a card too small to carry a name (inspect shows it)
            pad = max(3, w // 14)
            for name in names:
                lines, _size = title_lines(name, w - 2 * pad, int(w * 0.13))
                assert " ".join(lines) == name and not lines[-1].endswith("…"), (size, w, lines)


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity", "rats"])
def test_nothing_is_cut_on_the_turn_tables_at_either_interface_size(monkeypatch, game, lang, size,
                                                                             percent):
    """Not only names: a reaction window's words in the top bar, a pie's kind over its stack
    ("Tartaleta"), a served chip's cards and a banner beside the steps are whole (they wrap, take
    the steps' room, or reflow to fewer chips a row) at 100% and at 200%."""
    cuts = table_cuts(monkeypatch, game, _SEATS[game], size, lang, rounds=(2, 5), asked=3, percent=percent)
    assert sorted({(shown, where) for _text, shown, where in cuts}) == []


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_nothing_is_cut_on_rats_through_its_turns_at_200_percent(monkeypatch, lang, size):
    """Every turn of RATS at 200%, each played on until the screen's rat has been asked several
    times: its sheet's supply uses (two lines, smaller down to the floor), its rat card ("Rat 1
    (you)", "the Host") and the top bar's turn and stage (two lines) are whole."""
    cuts = table_cuts(monkeypatch, "rats", _SEATS["rats"], size, lang, rounds=(1, 2, 3, 4, 5), asked=8,
                      percent=200)
    assert sorted({(shown, where) for _text, shown, where in cuts}) == []
