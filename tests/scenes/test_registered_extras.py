"""What a game adds to the shared screens comes from its registration, never from a special case
in scenes or core: its statistics (scores read its way, its own counts in its own words), its
tutorial offer and its picture in the game list. Shown with a test-only game."""

from __future__ import annotations

import pygame
import pytest

from pie_table.core import registry, stats
from pie_table.core.messages import Msg
from pie_table.core.registry import GameInfo, Tutorial
from pie_table.kit.app import App
from pie_table.kit.scene import Scene

GAME_ID = "zz-extras-pie"


class _Guide(Scene):
    """The test game's tutorial: records that it was built."""

    opened: list = []

    def __init__(self, app):
        super().__init__(app)
        _Guide.opened.append(self)


def _icon(size: int) -> pygame.Surface:
    return pygame.Surface((size, size))


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    info = GameInfo(
        id=GAME_ID, title="Extras Pie", blurb="A test game.", min_seats=2, max_seats=2,
        rules=registry.get_game("rats").rules,
        scene_factory=f"{__name__}:_Guide", icon_factory=f"{__name__}:_icon",
        tutorial=Tutorial(f"{__name__}:_Guide", Msg("Rumble Pie tutorial"), Msg("New to Rumble Pie?"),
                          Msg("A guided round against a slow opponent, one move at a time.")),
        seat_scores=lambda report: report["crumbs"],
        stats_line=lambda row: Msg("hints {n}", n=row.get("crumbs_eaten", 0)),
    )
    registry.register_game(info)
    yield info
    registry._GAMES.pop(GAME_ID, None)


def test_a_game_reads_its_own_scores_and_words_its_own_counts(game):
    from pie_table.scenes.statistics import extras_text

    data = stats.empty()
    report = {"crumbs": [7, 3], "scores": [0, 0], "winning_seats": [0]}
    stats.record_game(data, "g", GAME_ID, ["Ana", ""], ["", "easy"], report, {0: {"crumbs_eaten": 5}})
    (row,) = stats.rows(data)
    assert row["best"] == 7 and row["crumbs_eaten"] == 5
    assert extras_text(row) == "hints 5"


def test_a_game_without_extras_has_none_and_records_no_other_games_counts():
    data = stats.empty()
    report = {"scores": [4, 2], "winning_seats": [0]}
    stats.record_game(data, "p", "pie-rats", ["Ana", ""], ["", "easy"], report)
    record = data["players"]["Ana"]["pie-rats"]
    assert "kapows" not in record and "outs" not in record
    from pie_table.scenes.statistics import extras_text

    assert extras_text(stats.rows(data)[0]) == ""


def test_the_tutorial_offer_and_the_icon_come_from_the_registration(game):
    from pie_table.scenes.game_select import GameCard, GameSelectScene, TutorialOffer

    app = App(size=(1280, 720), headless=True)
    menu = GameSelectScene(app)
    app.scenes.push(menu)
    assert GameCard(game, menu.pick).icon(40).get_size() == (40, 40)
    menu.pick(game)
    offer = app.scenes.current
    assert isinstance(offer, TutorialOffer)
    _Guide.opened.clear()
    offer.yes_button.activate()
    assert _Guide.opened and isinstance(app.scenes.current, _Guide)
