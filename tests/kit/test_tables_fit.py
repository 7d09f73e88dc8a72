"""The turn-based tables at 900x560 in Spanish: no label, count or phase name cut (issue 21 item 22)."""

from __future__ import annotations

import importlib

import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.kit import fonts
from pie_table.kit.app import MIN_SIZE
from pie_table.kit.i18n import set_language

_PAINTERS = {
    "pie-rats": ("pie_table.games.pie_rats.ui.table_draw",),
    "cheflebrity": ("pie_table.games.cheflebrity.ui.table_paint",),
    "rats": ("pie_table.games.rats.ui.table_draw", "pie_table.games.rats.ui.sheet_view"),  # goals, sheet
}


@pytest.fixture
def spanish(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    set_language("es")
    yield
    set_language("en")


def _cut_texts(monkeypatch, game: str, size: tuple[int, int], rounds: tuple[int, ...]) -> set[str]:
    """Every text the game's painting modules had to cut while drawing the table at `rounds`."""
    cut: set[str] = set()
    for name in _PAINTERS[game]:
        module = importlib.import_module(name)
        original = module.fit_text

        def recording(text, size, max_w, color, face="sans", _original=original):
            if fonts.fit(str(text), int(size), int(max_w), face)[0] != str(text):
                cut.add(str(text))
            return _original(text, size, max_w, color, face)

        monkeypatch.setattr(module, "fit_text", recording)
    seats = "human,bot:normal,bot:hard"
    for turn in rounds:
        args = build_parser().parse_args(["screenshot", game, "--seats", seats, "--out", "x"])
        info, setup = build_setup(args)
        app, scene = make_table(info, setup, size)
        scene.skip_to(at=None, turn=turn)
        app.step(0.0)
    return cut


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity", "rats"])
def test_nothing_the_table_writes_is_cut_at_900x560_in_spanish(spanish, monkeypatch, game):
    assert _cut_texts(monkeypatch, game, (900, 560), (2, 8)) == set()


def test_cheflebrity_pile_captions_sit_clear_of_the_cards_at_900x560():
    from pie_table.games.cheflebrity.ui.layout import compute_layout
    from pie_table.games.cheflebrity.ui.table_paint import leftover_card

    lay = compute_layout((900, 560), 3, 0)
    caption = fonts.font(max(fonts.min_readable(), int(13 * lay.scale)), "bold")
    assert lay.deck.bottom + 3 + caption.get_height() + 2 <= lay.piles.bottom  # "Ingredients: 38" below
    label_top = lay.leftovers.bottom - caption.get_height() - 2  # "Leftovers (face up)"
    assert lay.leftovers.y + 4 + leftover_card(lay)[1] <= label_top
    deck_caption = caption.size("Ingredients: 88")[0] + 8
    assert lay.deck.centerx + deck_caption // 2 < lay.leftovers.x


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_cheflebrity_card_name_fits_its_card_whole(lang):
    from pie_table.games.cheflebrity.deck import CARDS
    from pie_table.games.cheflebrity.ui.faces import _SQUEEZE, card_name_lines
    from pie_table.games.cheflebrity.ui.layout import compute_layout
    from pie_table.games.cheflebrity.ui.names import card_label

    set_language(lang)
    lay = compute_layout((1280, 720), 3, 0)
    try:
        for w in (lay.hand_card[0], lay.pile_card[0], 120):  # the cards that show names
            room = w - 2 * max(3, w // 16)
            for card in range(len(CARDS)):
                lines = card_name_lines(card_label(card), room, 12)
                assert lines, f"{card_label(card)!r} hidden on a {w} px card"  # shown, not dropped
                whole = " ".join(lines).replace("- ", "-")
                assert whole.replace("-", "") == card_label(card).replace("-", ""), (w, lines)  # never cut
                for line in lines[:-1]:  # (a smallest pile card's last line may be drawn squeezed)
                    # a word a little too wide is drawn a little narrower, never more than that
                    assert fonts.font(12, "bold").size(line)[0] <= room * _SQUEEZE + 2, card_label(card)
    finally:
        set_language("en")


def test_a_word_wider_than_the_card_is_broken_at_a_syllable_not_hidden():
    from pie_table.games.cheflebrity.ui.faces import card_name_lines

    # Only a little too wide: whole, drawn a little narrower (not "Shortc-" / "rust").
    width = fonts.font(12, "bold").size("Shortcrust")[0] - 4
    assert card_name_lines("Shortcrust", width, 12) == ["Shortcrust"]
    assert card_name_lines("Masa de supermercado", 78, 12) == ["Masa de", "supermer-", "cado"]
    assert card_name_lines("Store-bought Crust", 78, 12) == ["Store-", "bought", "Crust"]


def test_two_corner_numbers_show_only_when_the_card_holds_both():
    from pie_table.games.cheflebrity.ui.faces import corner_numerals

    size, twice = corner_numerals("10", 46, 64)  # a Leftovers card at 900x560
    gap_needed = 2 * fonts.font(size, "bold").size("10")[0] + max(4, 46 // 10)
    assert twice == (gap_needed <= 46 - 2 * max(3, 46 // 16))
    assert corner_numerals("5", 84, 126)[1]


def test_rumble_pie_names_scores_and_status_are_not_cut_at_the_smallest_window(monkeypatch, tmp_path):
    """At the window's floor (900x540) every seat name, team name and status line shows whole;
    the key legend is left out (a list of keys with its own layout)."""
    from pie_table.games.rumble_pie.ui import table_view

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    cut: set[str] = set()
    original = table_view.TextCache.fit

    def recording(self, text, size, color, max_w, face="sans"):
        if fonts.fit(str(text), int(size), int(max_w), face)[0] != str(text):
            cut.add(str(text))
        return original(self, text, size, color, max_w, face)

    monkeypatch.setattr(table_view.TextCache, "fit", recording)
    monkeypatch.setattr(table_view.TableView, "_paint_legend", lambda self, surf, rect: None)
    seats = "human:keys1,human:keys2,bot,bot"
    args = build_parser().parse_args(["screenshot", "rumble-pie", "--seats", seats,
                                      "--out", "x"])
    info, setup = build_setup(args)
    app, scene = make_table(info, setup, MIN_SIZE)
    scene.skip_to(at=20.0, turn=None)
    app.step(0.0)
    assert cut == set()


def test_cheflebrity_trade_rows_keep_each_claim_whole_at_900x560(spanish, monkeypatch):
    """What each offered card is said to be ("Relleno de Cereza 15") is never cut: a row too
    narrow for the card's name and the claim side by side puts one over the other."""
    from pie_table.games.cheflebrity.ui import trade_panel
    from pie_table.games.cheflebrity.ui.table_scene import TRADE_OPEN

    cut: set[str] = set()
    original = trade_panel.fit_text

    def recording(text, size, max_w, color, face="sans"):
        if fonts.fit(str(text), int(size), int(max_w), face)[0] != str(text):
            cut.add(str(text))
        return original(text, size, max_w, color, face)

    monkeypatch.setattr(trade_panel, "fit_text", recording)
    args = build_parser().parse_args(["screenshot", "cheflebrity", "--seats", "human,bot,bot", "--out", "x"])
    info, setup = build_setup(args)
    app, scene = make_table(info, setup, (900, 560))
    scene.skip_to(at=None, turn=6)
    app.step(0.0)
    while scene.panel is None or not any(a.get("type") == TRADE_OPEN["type"] for a, _t in scene.panel.items):
        actor = scene.rules.to_act(scene.state)[0]
        scene.submit(scene.driver.autoplay_action(actor), actor)
        app.step(0.0)
    scene.submit(TRADE_OPEN, 0)
    for card in scene.trade.view["hand"][:3]:
        scene.trade.toggle(card)
    app.step(0.0)
    claims = {scene.trade._value(key) for key in scene.trade.keys() if key.startswith("claim:")}
    assert len(claims) >= 1 and not claims & cut
