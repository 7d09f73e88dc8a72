"""What the table shows: cursor badges clear of labels, the key legend inside its box."""

from __future__ import annotations

import pygame
import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.ui import RumbleTableScene
from pie_table.kit.app import App
from pie_table.scenes.base import open_table


def make_table(seats: str, size: tuple[int, int] = (1280, 720)) -> tuple[App, RumbleTableScene]:
    app = App(size=size, headless=True)
    scene = open_table(RumbleTableScene, app, GameSetup("rumble-pie", parse_seats(seats), seed=4))
    app.scenes.push(scene)
    pygame.event.clear()
    return app, scene


def fill_columns(scene: RumbleTableScene, seat: int) -> None:
    """Three cards in each of `seat`'s columns: the cursor sits on the lowest card of a full cascade."""
    player = scene.sim.state.players[seat]
    for col in range(scene.sim.state.columns_allowed):
        player.columns[col] = [player.deck.pop() for _ in range(3)]
    scene.skip_to()


@pytest.mark.parametrize("size", [(1280, 720), (1000, 600), (1920, 1080)])
def test_cursor_badges_never_cover_a_label_or_a_board(size: tuple[int, int]) -> None:
    app, scene = make_table("human:keys1,human:keys2,bot:normal,bot:normal", size)
    for seat in (0, 1):
        fill_columns(scene, seat)
    app.step(1 / 60)
    badges = [r for r in scene.view.flag_rects if r.h < r.w]
    assert len(badges) >= 2
    for badge in badges:
        for seat in range(4):
            for part in ("label", "board", "deck"):
                assert not badge.colliderect(scene.geom.zone(seat, part)), (badge, seat, part)


@pytest.mark.parametrize("seats", [
    "human:keys1,human:keys2,human:pad1,human:pad2",
    "human:keys1,human:keys2,human:mouse,human:pad1,human:pad2,bot:normal",
    "human:keys1,human:keys2,bot:normal,bot:normal",
    "human:pad1,bot:normal",
])
def test_the_key_legend_fits_its_box_readably(seats: str) -> None:
    app, scene = make_table(seats)
    app.step(1 / 60)
    box = scene.geom.area("legend")
    assert scene.view.legend_bottom <= box.bottom
    humans = [lg for lg in scene.view.legends if lg.tag]
    assert len(humans) == seats.count("human")


def test_results_put_the_winning_team_first_and_name_each_rounds_kapows() -> None:
    from types import SimpleNamespace

    from pie_table.games.rumble_pie.ui.summary import result_lines

    history = [{"round": 1, "kapows": [5, 3], "out_by": 0}, {"round": 2, "kapows": [1, 4], "out_by": None}]
    state = SimpleNamespace(scores=[16, 17], winner=1, history=history)
    lines = result_lines(state, ["Player 1", "Player 2"])
    assert lines[0] == "Team Blueberry: 17 points"  # the results screen bolds line one
    assert lines[1] == "Team Cherry: 16 points"
    assert lines[2] == "Round 1: KaPow!s Cherry 5 · Blueberry 3; Out! by Player 1"
    assert lines[3].endswith("Out! by nobody")


@pytest.fixture
def spanish():
    from pie_table.kit import i18n

    i18n.set_language("es")
    yield
    i18n.set_language("en")


def test_two_humans_in_spanish_get_a_key_grid_read_by_key(spanish: None) -> None:
    app, scene = make_table("human:keys1,human:keys2,human:pad1,human:pad2")
    app.step(1 / 60)  # drawing the legend grid crashed: its rows were found by matching English text
    humans = [lg for lg in scene.view.legends if lg.tag]
    assert humans[0].cells == {"column": "ZXCV", "target": "A/D", "play": "W", "draw": "S", "move 1/2": "Q/E",
                               "Out!": "R"}
    assert humans[1].cells["column"] == "JKL;"
    assert ("Z X C V", "columna (×2: jugar)") in humans[0].rows


def test_switching_language_at_the_table_redraws_the_keys_in_the_new_language() -> None:
    from pie_table.kit import i18n

    app, scene = make_table("human:keys1,bot:normal")
    app.step(1 / 60)
    assert ("W", "play card") in scene.view.legends[0].rows
    try:
        i18n.set_language("es")
        scene.resume()  # back from the pause menu, where the language was changed
        assert ("W", "jugar carta") in scene.view.legends[0].rows
        assert ("W", "jugar carta") in app.input.legend("keys1")
        assert scene.view.seats[1].control == "Bot · normal"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("size", "grid"), [((1920, 1080), False), ((1280, 720), True), ((900, 560), True)])
def test_two_humans_get_the_grid_when_the_list_would_cut_what_keys_do(
        monkeypatch, spanish: None, size: tuple[int, int], grid: bool) -> None:
    painted = _legend_painters(monkeypatch, "human:keys1,human:keys2,bot:normal,bot:normal", size)
    assert painted and set(painted) == {"_paint_grid" if grid else "_paint_list"}


@pytest.mark.parametrize(("size", "grid"), [((1920, 1080), False), ((1280, 720), True), ((960, 540), True)])
def test_one_human_also_gets_the_grid_when_the_list_would_cut_what_keys_do(
        monkeypatch, size: tuple[int, int], grid: bool) -> None:
    """At the smallest window a lone player's list read "column (twice…" and "pause · start r…"."""
    painted = _legend_painters(monkeypatch, "human:keys1,bot:normal", size)
    assert painted and set(painted) == {"_paint_grid" if grid else "_paint_list"}


def _legend_painters(monkeypatch, seats: str, size: tuple[int, int]) -> list[str]:
    """Which of the legend's list and grid painters one frame of this table used."""
    from pie_table.games.rumble_pie.ui import legend

    painted: list[str] = []
    for name in ("_paint_list", "_paint_grid"):
        original = getattr(legend, name)
        monkeypatch.setattr(legend, name, lambda *a, _f=original, _n=name: painted.append(_n) or _f(*a))
    app, scene = make_table(seats, size)
    scene.view.set_geometry(scene.geom)
    app.step(1 / 60)
    return painted


_BOTS = "bot:hard,bot:normal,bot:easy,bot:normal"


@pytest.mark.parametrize(("seats", "size", "percent", "lang"), [
    *((_BOTS, size, percent, lang) for size in [(1280, 720), (900, 560)] for percent in (100, 200)
      for lang in ("en", "es")),
    # A mouse's legend, its box as tall as its lines need (taken from the table talk under it).
    *(("human:mouse,bot:normal", size, percent, lang) for size in [(1280, 720), (900, 560)]
      for percent in (100, 200) for lang in ("en", "es")),
])
def test_a_legend_without_a_grid_says_its_keys_whole(monkeypatch, size, percent, lang, seats) -> None:
    """'Esc · E…  pause · start ro…' and 'card onto a pile…' (the mouse's) at 1280x720 even at
    100%: a line's keys take the line and what they do goes under them, inside the box."""
    from pie_table.kit.i18n import set_language
    from pie_table.kit.text import set_interface_size
    from tests.kit.cut_log import logging_cuts

    set_language(lang)
    try:
        with logging_cuts(monkeypatch) as cuts:
            app = App(size=size, headless=True)
            app.set_ui_scale(percent)
            setup = GameSetup("rumble-pie", parse_seats(seats), seed=4)
            scene = open_table(RumbleTableScene, app, setup)
            app.scenes.push(scene)
            app.step(1 / 60)
        legend = [shown for text, shown, where in cuts if where.endswith("table_view")]
        assert legend == [] and scene.view.legend_bottom <= scene.geom.area("legend").bottom
        # The table talk the legend took its height from still shows its title and two lines.
        assert scene.geom.area("log").top > scene.geom.area("legend").bottom
        assert scene.geom.area("log").h >= scene.view.px(30) + 2 * scene.view._log_line()
    finally:
        set_interface_size(100)
        set_language("en")


@pytest.mark.parametrize(("seats", "size", "percent", "lang"), [
    ("human:pad1,bot:normal", (1920, 1080), 200, "es"),  # "objetivo ant. / sig." was shrunk to 13 px
    ("human:mouse,bot:normal", (1920, 1080), 100, "en"),  # "card to a column: move" beside "Drag"
    ("human:keys1,bot:normal", (1920, 1080), 100, "es"),  # "Esc · Enter" a size down
    ("human:mouse,bot:normal", (900, 560), 200, "es"),
])
def test_a_listed_legend_writes_every_keys_and_use_at_one_size(monkeypatch, seats, size, percent,
                                                                lang) -> None:
    """A use too wide beside its keys goes under them rather than being written smaller (only a
    seat's header may narrow to the box)."""
    from pie_table.games.rumble_pie.ui import legend
    from pie_table.kit.fonts import fit
    from pie_table.kit.i18n import set_language
    from pie_table.kit.text import set_interface_size

    set_language(lang)
    try:
        app = App(size=size, headless=True)
        app.set_ui_scale(percent)
        scene = open_table(RumbleTableScene, app, GameSetup("rumble-pie", parse_seats(seats), seed=4))
        view = scene.view
        asked: list[tuple[str, int, int]] = []  # (text, size asked, size it is written at)
        original = view.text.fit

        def fitted(text, size, color, max_w, face="sans"):  # type: ignore[no-untyped-def]
            asked.append((text, size, fit(text, size, max_w, face)[1]))
            return original(text, size, color, max_w, face)

        monkeypatch.setattr(view.text, "fit", fitted)
        monkeypatch.setattr(legend, "_paint_grid", lambda *a: pytest.fail("a list was meant"))
        view._paint_legend(pygame.Surface(size), scene.geom.area("legend"))
        headers = {lg.header for lg in view.legends}
        sizes = {(asked_px, drawn) for text, asked_px, drawn in asked if text not in headers}
        assert len(sizes) == 1 and len({*sizes.pop()}) == 1, sizes
        assert view.legend_bottom <= scene.geom.area("legend").bottom
    finally:
        set_interface_size(100)
        set_language("en")
