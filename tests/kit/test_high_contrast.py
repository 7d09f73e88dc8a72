"""The high contrast theme reaches past the cards: switched on in the Settings during a game, the
sheet and the table under it write no secondary text (hints, captions, the older log lines, a
zero) in the soft ink, but in the ink itself, and Pie Rats' and Cheflebrity's names (Captains and
chefs in their seats' colours, the turn in the top bar) at 7:1 or more against what is behind
them (WCAG AAA; 4.5:1 for large text)."""

from __future__ import annotations

import re

import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.kit import palette as pal
from pie_table.kit import theme
from pie_table.kit.i18n import set_language
from pie_table.scenes.settings import SettingsScene
from tests.kit.cut_log import names_in
from tests.kit.text_probe import Drawn, failures, recording, watch

_TABLES = {
    "rats": ("human,bot:easy,bot:normal", None, 3),
    "pie-rats": ("human,bot:normal,bot:hard,bot:easy", None, 4),
    "cheflebrity": ("human,bot:normal,bot:hard", None, 20),
    "rumble-pie": ("human:keys1,human:keys2,bot:normal,bot:hard", 30.0, None),
}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield
    theme.configure("normal")
    set_language("en")


def _switched(monkeypatch, game: str, lang: str) -> list[Drawn]:
    """Every text the Settings sheet and the table under it draw once the player has switched the
    theme to high contrast there, mid-game, and the frame after the sheet is closed."""
    seats, at, turn = _TABLES[game]
    set_language(lang)
    words = ["screenshot", game, "--seats", seats, "--seed", "3", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    with recording(monkeypatch) as drawn:
        app, scene = make_table(info, setup, (1280, 720))
        watch(app)
        scene.skip_to(at=at, turn=turn)
        app.step(0.0)
        app.step(0.0)
        sheet = SettingsScene(app)  # the player opens the Settings over the table
        app.scenes.push(sheet)
        app.step(0.0)
        drawn.clear()  # from here on: what the sheet and the table draw in the new theme
        sheet.cards.nudge(1)  # normal -> high contrast
        assert theme.high_contrast()
        app.step(0.0)
        app.scenes.pop()
        app.step(0.0)
    assert len(drawn) > 10
    return list(drawn)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity", "rumble-pie"])
def test_high_contrast_leaves_no_soft_ink_on_the_table_or_the_settings(monkeypatch, game, lang):
    drawn = _switched(monkeypatch, game, lang)
    assert sorted({d.text for d in drawn if tuple(round(c) for c in d.ink) == pal.INK_SOFT}) == []


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", ["rats", "pie-rats", "cheflebrity", "rumble-pie"])
def test_high_contrast_writes_every_name_at_7_to_1(monkeypatch, game, lang):
    """Rats, Captains and chefs in their seats' colours on the felt, in the top bar's turn line and
    on Rumble Pie's chef cards' ribbons."""
    drawn = _switched(monkeypatch, game, lang)
    set_language(lang)
    names = names_in(game)
    named = [d for d in drawn if any(name in d.text for name in names)]
    assert named  # the table's names were seen
    assert failures(named, least=7.0, large=4.5) == []


# The numbers and tags written on a coloured plate or in gold on the felt: Pie Rats' charisma
# badges ("+2", white on a darkened gold 4.09:1) and its Captains' scores (gold on the felt 4.69:1),
# Cheflebrity's chefs' scores (5.18:1), Rumble Pie's players' tags (P1 on red 4.65:1, P2 on blue 4.95:1)
# and its side boxes' gold titles and a team's KaPow!s this round ("+1", gold on dark wood 6.34:1).
_NUMBERS = {
    "pie-rats": re.compile(r"\+\d+|\d+ pts"),
    "cheflebrity": re.compile(r"\d+ pts"),
    "rumble-pie": re.compile(r"P\d( .*)?|\+\d+|Scores|Keys|Table talk"),
}


@pytest.mark.parametrize("game", list(_NUMBERS))
def test_high_contrast_writes_scores_badges_and_tags_at_7_to_1(monkeypatch, game):
    drawn = [d for d in _switched(monkeypatch, game, "en") if _NUMBERS[game].fullmatch(d.text)]
    assert drawn  # the table's numbers were seen
    assert failures(drawn, least=7.0, large=4.5) == []


def test_a_plate_reads_at_the_themes_level_whatever_its_colour():
    """A badge's, a tag's or a ribbon's fill under the ink chosen for it: 4.5:1 and 7:1 with a margin."""
    fills = [*pal.SEAT_COLORS, (196, 146, 40), (156, 116, 31), (226, 120, 50), (190, 40, 52), pal.GOLD]
    try:
        for look, least in (("normal", 4.5), ("high_contrast", 7.0)):
            theme.configure(look)
            assert [f for f in fills if pal.contrast(*pal.plate(f)) < least + 0.4] == []
        theme.configure("normal")
        assert pal.plate((196, 146, 40)) == ((196, 146, 40), pal.INK)  # 5.4:1 already: kept
    finally:
        theme.configure("normal")


def test_the_soft_ink_and_a_seats_name_colour_follow_the_theme():
    seat = pal.SEAT_COLORS[0]
    try:
        assert pal.soft_ink() == pal.INK_SOFT and pal.contrast(pal.legible(seat, pal.FELT), pal.FELT) >= 4.5
        theme.configure("high_contrast")
        assert pal.soft_ink() == pal.INK and pal.contrast(pal.legible(seat, pal.FELT), pal.FELT) >= 7.0
        bar = pal.bar_wood()
        assert min(pal.contrast(pal.CREAM, bar), pal.contrast(pal.HIGHLIGHT, bar)) >= 7.0
    finally:
        theme.configure("normal")


def test_a_label_in_the_soft_ink_follows_the_theme_both_ways():
    """A label made in the soft ink writes INK while high contrast is on and the soft ink again
    once it is off (it had kept INK for good after the theme's first switch)."""
    import pygame

    from pie_table.kit.widgets import Label

    pygame.init()
    label = Label("Esc to resume", 18, pal.INK_SOFT)
    label.place(pygame.Rect(0, 0, 300, 40), 1.0)

    def inks() -> set[tuple[int, int, int]]:
        surface = pygame.Surface((300, 40))
        surface.fill(pal.PAPER)
        label.draw(surface)
        return {tuple(surface.get_at((x, y)))[:3] for x in range(300) for y in range(40)} - {pal.PAPER}

    try:
        assert pal.INK_SOFT in inks() and pal.INK not in inks()
        theme.configure("high_contrast")
        assert pal.INK in inks() and pal.INK_SOFT not in inks()
        theme.configure("normal")
        assert pal.INK_SOFT in inks() and pal.INK not in inks()
    finally:
        theme.configure("normal")


def test_high_contrast_writes_the_settings_at_7_to_1(monkeypatch):
    """Every value, button and cycler arrow of the Settings once the player switches to high
    contrast there: the ink on the crust of a box read 6.50:1 (the arrows, 19 px, are no large
    text; the values, 24 px, are)."""
    from pie_table.kit.app import App

    with recording(monkeypatch) as drawn:
        app = App(size=(1280, 720), headless=True)
        watch(app)
        sheet = SettingsScene(app)  # alone: the title's words drawn under it are not its own
        app.scenes.push(sheet)
        app.step(0.0)
        sheet.cards.nudge(1)  # normal -> high contrast
        assert theme.high_contrast()
        drawn.clear()
        app.step(0.0)
    assert {"◀", "▶", "Back"} <= {d.text for d in drawn}
    assert failures(drawn, least=7.0, large=4.5) == []


# Words and numbers on the cards: a pie's name on Pie Rats' pink pie card (6.96:1), a quality on
# Cheflebrity's pink cherry strip ("20", 6.96:1), the large numeral on Rumble Pie's lemon pie
# ("4", gold in its white outline, 3.52:1).
_ON_CARDS = {"pie-rats": {"Pecan", "Pie"}, "cheflebrity": {"20"}, "rumble-pie": {"4"}}


@pytest.mark.parametrize("game", list(_ON_CARDS))
def test_high_contrast_writes_the_pie_cards_at_7_to_1(monkeypatch, game):
    drawn = [d for d in _switched(monkeypatch, game, "en") if d.text in _ON_CARDS[game]]
    assert {d.text for d in drawn} == _ON_CARDS[game]  # the cards were seen
    assert failures(drawn, least=7.0, large=7.0) == []


def _from_the_start(monkeypatch, look: str = "high_contrast") -> None:  # type: ignore[no-untyped-def]
    """Every App made from here on starts with the card theme `look`, as a player's saved
    settings would have it (a headless App takes the default settings)."""
    from functools import partial

    from pie_table.kit import app as app_module
    from pie_table.kit.settings import Settings

    monkeypatch.setattr(app_module, "Settings", partial(Settings, card_theme=look))


def _table_from_the_start(monkeypatch, game: str, lang: str, size: tuple[int, int],  # type: ignore[no-untyped-def]
                          high: bool = True) -> list[Drawn]:
    """Every text a table draws, opened with high contrast on (or, not `high`, off), in its first
    frames `turn` in."""
    seats, at, turn = _TABLES[game]
    set_language(lang)
    _from_the_start(monkeypatch, "high_contrast" if high else "normal")
    words = ["screenshot", game, "--seats", seats, "--seed", "3", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    with recording(monkeypatch) as drawn:
        app, scene = make_table(info, setup, size)
        assert theme.high_contrast() == high
        watch(app)
        scene.skip_to(at=at, turn=turn)
        app.step(0.0)
        app.step(0.0)
    return list(drawn)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_high_contrast_writes_the_window_sills_name_at_7_to_1(monkeypatch, lang):
    """Cream on the sill's blue read 4.78:1 at 17 px (white 5.22): its name sits on a darker plate
    of the blue; the normal theme keeps the cream on the blue itself."""
    sill = {"en": "Window sill", "es": "Alféizar"}[lang]
    drawn = [d for d in _table_from_the_start(monkeypatch, "pie-rats", lang, (1280, 720)) if d.text == sill]
    assert drawn and failures(drawn, least=7.0, large=7.0) == []
    normal = _table_from_the_start(monkeypatch, "pie-rats", lang, (1280, 720), high=False)
    assert {tuple(round(c) for c in d.ink) for d in normal if d.text == sill} == {pal.CREAM}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_high_contrast_writes_the_titles_keys_line_at_7_to_1(monkeypatch, lang):
    """The keys' line under the title's buttons read 5.66:1 on the planks (no ink reaches 7:1
    there): with high contrast it sits on a plate of dark wood."""
    from pie_table.kit.app import App
    from pie_table.kit.i18n import _
    from pie_table.scenes.title import TitleScene

    set_language(lang)
    keys = _("Arrows or mouse to choose · Enter to pick · F11 fullscreen")
    found = {}
    for look in ("normal", "high_contrast"):
        with recording(monkeypatch) as drawn:
            app = App(size=(1280, 720), headless=True)
            theme.configure(look)
            watch(app)
            app.scenes.push(TitleScene(app))
            app.step(0.0)
            app.step(0.0)
        found[look] = [d for d in drawn if d.text == keys]
    assert found["normal"] and failures(found["normal"], least=4.5) == []
    assert {tuple(round(c) for c in d.ink) for d in found["normal"]} == {pal.PAPER}  # as it was
    assert found["high_contrast"] and failures(found["high_contrast"], least=7.0, large=4.5) == []


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("game", list(_TABLES))
def test_a_table_opened_in_high_contrast_writes_everything_at_7_to_1(monkeypatch, game, size, lang):
    """Opened with the theme already on, so what a table paints once (a board, a backdrop) is
    painted in it too: Rumble Pie's chefs' names on their boards' wood read 6.39:1 and on their
    cards' ribbons 6.6:1 at 12 px, a Cheflebrity "Oops!" rising in red on its dark edge 4.67:1."""
    drawn = _table_from_the_start(monkeypatch, game, lang, size)
    assert failures(drawn, least=7.0, large=4.5) == []


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("screen", ["games", "settings", "statistics"])
def test_the_menus_opened_in_high_contrast_write_everything_at_7_to_1(monkeypatch, screen, lang):
    """At 900x560, where the Settings' focused row's "›" (cherry on the paper, 16 px) read 4.79:1.
    (The title's tagline, 18 px there, is left to the title's own tests.)"""
    from pie_table.kit.app import App
    from pie_table.scenes.game_select import GameSelectScene
    from pie_table.scenes.statistics import StatisticsScene

    scenes = {"games": GameSelectScene, "settings": SettingsScene, "statistics": StatisticsScene}
    set_language(lang)
    _from_the_start(monkeypatch)
    with recording(monkeypatch) as drawn:
        app = App(size=(900, 560), headless=True)
        watch(app)
        app.scenes.push(scenes[screen](app))
        app.step(0.0)
        app.step(0.0)
    assert drawn and failures(drawn, least=7.0, large=4.5) == []


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_high_contrast_writes_the_titles_tagline_at_7_to_1(monkeypatch, size):
    """The tagline read 6.81:1 on the planks at 900x560 (18 px): with high contrast it sits on a
    plate of dark wood as the keys' line does."""
    from pie_table.kit.app import App
    from pie_table.kit.i18n import _
    from pie_table.scenes.title import TitleScene

    tagline = _("a card table for pie-slinging chefs and rats")
    with recording(monkeypatch) as drawn:
        app = App(size=size, headless=True)
        theme.configure("high_contrast")
        watch(app)
        app.scenes.push(TitleScene(app))
        app.step(0.0)
        app.step(0.0)
    shown = [d for d in drawn if d.text == tagline]
    assert shown and failures(shown, least=7.0, large=4.5) == []
