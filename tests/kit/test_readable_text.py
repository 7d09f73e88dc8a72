"""Every text the main screens draw is contrasted enough against what is behind it (WCAG 2.2 AA:
4.5:1, 3:1 for large text) and no smaller than the text floor at 1280x720, in both languages."""

from __future__ import annotations

import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.kit import fonts
from pie_table.kit.i18n import set_language
from tests.kit.text_probe import Drawn, failures, largest_sizes, recording, watch

# (game, seats and options, seconds or turn to skip to): each game's table in play, with humans
# (their names, keys and hands) and bots.
_TABLES = {
    "rumble-humans": ("rumble-pie", ["--seats", "human:keys1,human:keys2,bot:normal,bot:hard"], 20.0, None),
    "rumble-bots": ("rumble-pie", ["--seats", "bot:hard,bot:normal,bot:easy,bot:hard"], 40.0, None),
    "rats": ("rats", ["--seats", "human,bot:easy,bot:normal"], None, 3),
    "rats-roll": ("rats", ["--seats", "human,bot:easy,bot:normal"], None, 1),  # the dice, the roll's hint
    "pie-rats": ("pie-rats", ["--seats", "human,bot:normal,bot:hard,bot:easy"], None, 4),
    "cheflebrity": ("cheflebrity", ["--seats", "human,bot:normal,bot:hard"], None, 20),
}


@pytest.fixture(params=["en", "es"])
def language(request, tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    set_language(request.param)
    yield request.param
    set_language("en")


def _drawn(monkeypatch, table: str, size: tuple[int, int] = (1280, 720)) -> list[Drawn]:
    """Every text drawn while the table opens and shows two frames at `size`."""
    game, extra, at, turn = _TABLES[table]
    args = build_parser().parse_args(["screenshot", game, *extra, "--seed", "3", "--out", "x"])
    info, setup = build_setup(args)
    with recording(monkeypatch) as drawn:
        app, scene = make_table(info, setup, size)
        watch(app)
        scene.skip_to(at=at, turn=turn)
        app.step(0.0)
        app.step(0.0)
    assert len(drawn) > 20  # the probe saw the table's words (a broken probe would pass anything)
    return drawn


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("table", list(_TABLES))
def test_every_text_on_the_table_has_enough_contrast(monkeypatch, language, table, size):
    assert failures(_drawn(monkeypatch, table, size)) == []


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("table", list(_TABLES))
def test_no_text_on_the_table_is_below_the_floor(monkeypatch, language, table, size):
    """Nothing under 14 px at 1280x720, nor under the smaller window's own floor at 900x560."""
    drawn = _drawn(monkeypatch, table, size)
    assert fonts.min_readable() == (fonts.SMALL if size == (1280, 720) else 12)
    small = sorted({(d.size, d.text) for d in drawn if d.size < fonts.min_readable()})
    assert small == []


@pytest.mark.parametrize("before", [(900, 560), (1280, 720), (1920, 1080)])
def test_the_probe_records_a_frame_whatever_window_was_opened_before(monkeypatch, before):
    """A window of another size queues resize events that would put the real window back under
    the app (a test run after one that left another window recorded nothing)."""
    from pie_table.kit.app import App
    from pie_table.kit.handoff import HandoffScene

    App(size=before, headless=True)  # what an earlier test in the same worker left
    with recording(monkeypatch) as drawn:
        app = App(size=(1280, 720), headless=True)
        watch(app)
        app.scenes.push(HandoffScene(app, "Ann", note="Round 4"))
        app.step(0.0)
    assert {d.text for d in drawn} >= {"Pass to Ann", "Round 4"}


def test_the_floor_is_the_small_size_on_the_design_window_and_shrinks_with_a_smaller_one():
    try:
        fonts.set_window((1280, 720))
        assert fonts.min_readable() == fonts.SMALL == 14
        fonts.set_window((1920, 1080))
        assert fonts.min_readable() == 14
        fonts.set_window((900, 560))
        assert 12 <= fonts.min_readable() < 14
    finally:
        fonts.set_window((1280, 720))


@pytest.mark.parametrize("seat", range(6))
def test_a_hand_off_reads_in_every_seat_colour(monkeypatch, language, seat):
    from pie_table.kit import palette as pal
    from pie_table.kit.app import App
    from pie_table.kit.handoff import HandoffScene

    with recording(monkeypatch) as drawn:
        app = App(size=(1280, 720), headless=True)
        watch(app)
        scene = HandoffScene(app, "Captain Nibbles O'Toole", note="Round 4", news="Your crew was lured.",
                             accent=pal.SEAT_COLORS[seat])
        app.scenes.push(scene)
        scene.age = 10.0  # armed: the button is filled with the seat colour
        app.step(0.0)
    assert len(drawn) >= 4
    assert failures(drawn) == []
    assert [d.text for d in drawn if d.size < fonts.SMALL] == []


@pytest.mark.parametrize("screen", ["title", "games", "settings", "statistics"])
def test_every_text_on_the_menus_has_enough_contrast_and_size(monkeypatch, language, screen):
    from pie_table.kit.app import App
    from pie_table.scenes.game_select import GameSelectScene
    from pie_table.scenes.settings import SettingsScene
    from pie_table.scenes.statistics import StatisticsScene
    from pie_table.scenes.title import TitleScene

    scenes = {"title": TitleScene, "games": GameSelectScene, "settings": SettingsScene,
              "statistics": StatisticsScene}
    with recording(monkeypatch) as drawn:
        app = App(size=(1280, 720), headless=True)
        watch(app)
        if screen == "settings":
            app.scenes.push(TitleScene(app))  # an overlay, over the title
        app.scenes.push(scenes[screen](app))
        app.step(0.0)
        app.step(0.0)
    assert drawn
    assert failures(drawn) == []
    assert [d.text for d in drawn if d.size < fonts.SMALL] == []


def _sizes_at(monkeypatch, table: str, percent: int, size: tuple[int, int]) -> dict[str, int]:
    """The largest size each text is drawn at on `table` with the interface at `percent`%."""
    return largest_sizes(_drawn_at(monkeypatch, table, percent, size))


def _one_size_at(monkeypatch, table: str, percent: int, size: tuple[int, int]) -> dict[str, int]:
    """The texts drawn at one size only on `table` at `percent`%, and that size: a text drawn at
    several (a digit, a line of a name wrapped otherwise on another card) is not one place's."""
    sizes: dict[str, set[int]] = {}
    for d in _drawn_at(monkeypatch, table, percent, size):
        sizes.setdefault(d.text, set()).add(d.size)
    return {text: min(each) for text, each in sizes.items() if len(each) == 1}


def _drawn_at(monkeypatch, table: str, percent: int, size: tuple[int, int]) -> list[Drawn]:
    """Every text drawn on `table` with the interface at `percent`%: the table is opened at that
    size, so that no frame drawn before it applied (at 100%) counts."""
    game, extra, at, turn = _TABLES[table]
    args = build_parser().parse_args(["screenshot", game, *extra, "--seed", "3", "--out", "x"])
    info, setup = build_setup(args)
    with recording(monkeypatch) as drawn:
        app, scene = make_table(info, setup, size, percent)
        watch(app)
        scene.skip_to(at=at, turn=turn)
        app.step(0.0)
        app.step(0.0)
    app.set_ui_scale(100)
    return drawn


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("table", ["rats", "pie-rats", "cheflebrity", "rumble-humans"])
def test_a_larger_interface_size_never_shrinks_a_text_on_a_table(monkeypatch, language, table, size):
    """In both languages: a longer Spanish line is the one a grown layout squeezes (the RATS
    sheet's "plato o decoración, nuevo Anfitrión" was written at 18 px at 200%, 19 px at 100%)."""
    normal = _one_size_at(monkeypatch, table, 100, size)
    larger = _one_size_at(monkeypatch, table, 200, size)
    both = set(normal) & set(larger)
    assert len(both) > 20
    assert sorted((t, normal[t], larger[t]) for t in both if larger[t] < normal[t]) == []


@pytest.mark.parametrize("table", ["rats", "pie-rats"])
def test_a_larger_interface_size_grows_the_table(monkeypatch, table):
    normal = _sizes_at(monkeypatch, table, 100, (1920, 1080))
    larger = _sizes_at(monkeypatch, table, 200, (1920, 1080))
    both = set(normal) & set(larger)
    assert sum(larger[t] > normal[t] for t in both) > len(both) // 3  # much of it grew


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_200_percent_draws_cheflebritys_moves_and_log_about_twice_as_large(monkeypatch, size):
    """Its felt keeps its 1280x720 design; the column read the most (the moves, the log) grows."""
    from pie_table.games.cheflebrity.ui.layout import compute_layout

    normal = _sizes_at(monkeypatch, "cheflebrity", 100, size)
    larger = _sizes_at(monkeypatch, "cheflebrity", 200, size)
    for heading in ("Chef 2's turn", "Chef 2's turn."):  # the moves box's head, a line of the log
        assert larger[heading] >= 1.8 * normal[heading]
    lay = compute_layout(size, 3, 0)
    assert lay.panel_scale == lay.scale  # (at 100%, as it always was)


def _hand_off_sizes(monkeypatch, percent: int, size: tuple[int, int]) -> dict[str, int]:
    from pie_table.kit.app import App
    from pie_table.kit.handoff import HandoffScene

    with recording(monkeypatch) as drawn:
        app = App(size=size, headless=True)
        app.set_ui_scale(percent)
        watch(app)
        scene = HandoffScene(app, "Ann", note="Round 4", news="Your crew was lured.")
        app.scenes.push(scene)
        scene.age = 10.0
        app.step(0.0)
        app.set_ui_scale(100)
    return largest_sizes(drawn)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_200_percent_draws_a_hand_off_about_twice_as_large(monkeypatch, size):
    normal = _hand_off_sizes(monkeypatch, 100, size)
    larger = _hand_off_sizes(monkeypatch, 200, size)
    assert set(normal) == set(larger) and len(normal) >= 4
    assert [t for t in normal if larger[t] < 1.8 * normal[t]] == []


def test_200_percent_writes_rumbles_status_and_table_talk_larger(monkeypatch):
    """Its geometry keeps its own scale; the boxes whose entries wrap grow a third at 200%."""
    normal = _sizes_at(monkeypatch, "rumble-humans", 100, (1920, 1080))
    larger = _sizes_at(monkeypatch, "rumble-humans", 200, (1920, 1080))
    talk = "Round 1: get ready!"  # the newest line of the table talk at that moment
    assert larger[talk] >= 1.3 * normal[talk]
