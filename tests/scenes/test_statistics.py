"""Players and statistics: names from the seat screen reach the setup and the save; a finished game
counts once for each named human; the statistics screen shows the rows and a chart."""

from __future__ import annotations

import pygame
import pytest

from pie_table.core import stats
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit.app import App

DT = 0.05


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return tmp_path


def test_a_finished_game_counts_once_per_named_human_with_results_against_bot_levels(home):
    data = stats.empty()
    report = {"scores": [20, 11, 14], "winning_seats": [0]}
    names, levels = ["Ana", "", ""], ["", "easy", "hard"]
    assert stats.record_game(data, "g1.json", "pie-rats", names, levels, report, {0: {"hints": 2}})
    assert not stats.record_game(data, "g1.json", "pie-rats", names, levels, report)
    report2 = {"scores": [5, 11, 14], "winning_seats": [2]}
    assert stats.record_game(data, "g2.json", "pie-rats", names, levels, report2)
    (row,) = stats.rows(data)
    assert (row["played"], row["won"], row["best"], row["average"]) == (2, 1, 20, 12.5)
    assert row["vs"] == {"easy": 0.5, "hard": 0.5} and row["streak"] == 0 and row["best_streak"] == 1
    assert row["hints"] == 2 and row["recent"] == [[20, 1], [5, 0]]


def test_rumble_pie_scores_are_the_teams_and_extras_add_up(home):
    data = stats.empty()
    report = {"scores": [25, 18], "teams": [0, 1, 0, 1], "winning_seats": [0, 2]}
    stats.record_game(data, "r.json", "rumble-pie", ["Ana", "Luis", "", ""], ["", "", "hard", "easy"], report,
                      {0: {"kapows": 9, "outs": 1}, 1: {"kapows": 6, "outs": 0}})
    rows = {r["name"]: r for r in stats.rows(data)}
    assert rows["Ana"]["best"] == 25 and rows["Ana"]["won"] == 1 and rows["Ana"]["kapows"] == 9
    assert rows["Luis"]["best"] == 18 and rows["Luis"]["won"] == 0 and rows["Luis"]["outs"] == 0


def test_names_reach_the_setup_and_a_finished_pie_rats_game_is_recorded(home):
    from pie_table.core.session import Session

    setup = GameSetup("pie-rats", parse_seats("human,bot:easy"), {}, seed=3, names=["Ana", ""])
    assert GameSetup.from_json(setup.to_json()).names == ["Ana", ""]
    assert "names" not in GameSetup("rats", parse_seats("bot,bot"), {}).to_json()
    session = Session(setup)
    while not session.is_over():
        for seat in session.to_act():
            move = session.bot_action(seat) if seat in session.bots else session.legal(seat)[-1]
            session.submit(seat, move)
    assert stats.record_finished(session, "x.json", {0: {"hints": 1}})
    assert not stats.record_finished(session, "x.json")
    (row,) = stats.rows(stats.load()[0])
    assert row["name"] == "Ana" and row["played"] == 1 and row["vs"].keys() == {"easy"}


def test_the_statistics_screen_and_the_players_sheet_draw(home):
    from pie_table.core.registry import get_game
    from pie_table.scenes.players import PlayersScene
    from pie_table.scenes.seats import SeatsScene
    from pie_table.scenes.statistics import StatisticsScene

    data = stats.empty()
    stats.record_game(data, "a", "rats", ["Ana", ""], ["", "hard"], {"awards": [9, 4], "winning_seats": [0]})
    stats.save(data)
    app = App(size=(1280, 720), headless=True)
    seats = SeatsScene(app, get_game("pie-rats"))
    app.scenes.push(seats)
    app.step(DT, [])
    seats.open_players()
    sheet = app.scenes.current
    assert isinstance(sheet, PlayersScene) and sheet.known == ["Ana"]
    sheet.pickers[0].nudge(1)
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert seats.setup().names[0] == "Ana"
    screen = StatisticsScene(app)
    app.scenes.push(screen)
    app.step(DT, [])
    assert screen.rows[0]["name"] == "Ana" and screen.row_rects[0].w > 0


def test_rumble_pie_kapows_are_labelled_as_the_teams():
    from pie_table.scenes.statistics import extras_text

    data = stats.empty()
    report = {"scores": [12, 9], "teams": [0, 1], "winning_seats": [0]}
    extras = {0: {"kapows": 8, "outs": 1}}
    stats.record_game(data, "r", "rumble-pie", ["Ana", ""], ["", "hard"], report, extras)
    (row,) = stats.rows(data)
    assert extras_text(row) == "team KaPow!s 8 · Out! 1"


def test_recent_games_tell_a_win_from_a_loss_without_colour(home):
    from pie_table.scenes.statistics import StatisticsScene

    data = stats.empty()
    for key, winner in (("a", 0), ("b", 1)):  # the same score: won the first, lost the second
        report = {"awards": [9, 9], "winning_seats": [winner]}
        stats.record_game(data, key, "rats", ["Ana", ""], ["", "hard"], report)
    stats.save(data)
    app = App(size=(1280, 720), headless=True)
    screen = StatisticsScene(app)
    app.scenes.push(screen)
    app.step(DT, [])
    won, lost = screen.bar_rects
    assert won.h == lost.h
    # A loss is an outline (the chart's felt shows inside it), a win a filled bar: they differ in
    # shape, so a player who cannot tell gold from brown still can tell them apart.
    felt = app.screen.get_at((lost.right + 2, lost.centery))
    assert app.screen.get_at(lost.center) == felt != app.screen.get_at(won.center)


def _finished(setup: GameSetup):
    from pie_table.core.session import Session

    session = Session(setup)
    while not session.is_over():
        for seat in session.to_act():
            move = session.bot_action(seat) if seat in session.bots else session.legal(seat)[-1]
            session.submit(seat, move)
    return session


@pytest.mark.parametrize(("login", "hint"), [
    ("ana", "ana: your games alone, unnamed. Name yourself with Players… on the seat screen."),
    (None, "You: your games alone, unnamed. Name yourself with Players… on the seat screen."),
])
def test_a_solo_player_who_typed_no_name_is_counted_and_told_how_to_name_themselves(home, monkeypatch,
                                                                                   login, hint):
    import getpass

    from pie_table.kit import i18n
    from pie_table.scenes.statistics import StatisticsScene

    def getuser() -> str:
        if login is None:
            raise OSError("no login name")
        return login

    monkeypatch.setattr(getpass, "getuser", getuser)
    solo = GameSetup("pie-rats", parse_seats("human,bot:easy"), {}, seed=3)
    assert stats.record_finished(_finished(solo), "a")
    # Two people sharing the screen without names are not one person: nobody to count.
    shared = GameSetup("rats", parse_seats("human,human"), {}, seed=3)
    assert not stats.record_finished(_finished(shared), "b")
    (row,) = stats.rows(stats.load()[0])
    assert row["name"] == (login or "You") and row["played"] == 1 and row["vs"].keys() == {"easy"}
    app = App(size=(1280, 720), headless=True)
    screen = StatisticsScene(app)
    app.scenes.push(screen)
    app.step(DT, [])
    assert screen.solo_hint() == hint
    i18n.set_language("es")
    try:
        said = screen.solo_hint()
        assert said.startswith(("ana" if login else "Tú") + ": tus partidas a solas, sin nombre.")
    finally:
        i18n.set_language("en")


def test_the_file_stays_small_however_many_games_are_counted(home):
    from pie_table.paths import data_dir

    data = stats.empty()
    report = {"scores": [20, 11], "winning_seats": [0]}
    for n in range(30_000):  # a long-kept file: each game's save name was kept for ever
        stats.record_game(data, f"pie-rats-20261201-1000{n:06d}-123456789.json", "pie-rats", ["Ana", ""],
                          ["", "easy"], report)
    stats.save(data)
    assert len(data["counted"]) == 2000 and (data_dir() / stats.FILE).stat().st_size < 1_000_000
    again, notice = stats.load()
    assert notice is None and stats.rows(again)[0]["played"] == 30_000
    assert not stats.record_game(again, data["counted"][-1], "pie-rats", ["Ana", ""], ["", "easy"], report)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_no_heading_or_cell_of_the_statistics_is_cut(home, monkeypatch, size, language):
    from pie_table.kit import i18n
    from pie_table.scenes.statistics import StatisticsScene
    from tests.kit.cut_log import logging_cuts

    data = stats.empty()
    stats.record_game(data, "a", "rats", ["Bartholomew", ""], ["", "hard"],
                      {"awards": [9, 4], "winning_seats": [0]})
    stats.record_game(data, "b", "pie-rats", ["Ana", "", ""], ["", "easy", "normal"],
                      {"scores": [20, 11, 14], "winning_seats": [0]})
    stats.save(data)
    i18n.set_language(language)
    try:
        with logging_cuts(monkeypatch) as cuts:
            app = App(size=size, headless=True)
            app.scenes.push(StatisticsScene(app))
            app.step(DT, [])
            app.scenes.draw(app.screen)
        assert [cut for cut in cuts if "statistics" in cut[2]] == []
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_a_score_of_nothing_is_a_low_bar_inside_the_chart_and_its_number_reads(home, monkeypatch, size):
    """A game scored 0 (lost or won) draws a bar a few pixels high on the chart's felt, its '0'
    above it: an outlined bar that low was a cream block hanging out of the chart, the '0' cream
    on it (1.00:1)."""
    from pie_table.scenes.statistics import StatisticsScene
    from tests.kit.text_probe import failures, recording, watch

    data = stats.empty()
    for key, winner in (("a", 1), ("b", 0), ("c", 1)):
        stats.record_game(data, key, "pie-rats", ["Ana", ""], ["", "hard"],
                          {"scores": [0, 0], "winning_seats": [winner]})
    stats.save(data)
    with recording(monkeypatch) as drawn:
        app = App(size=size, headless=True)
        watch(app)
        screen = StatisticsScene(app)
        app.scenes.push(screen)
        app.step(DT, [])
    assert [d.text for d in drawn].count("0") >= 3  # the bars' numbers were drawn
    assert failures(drawn) == []
    felt = app.screen.get_at((screen.bar_rects[-1].right + 6, screen.bar_rects[-1].bottom - 1))
    for bar in screen.bar_rects:
        assert bar.h <= 4
        below = (bar.centerx, bar.bottom + 3)  # the chart's felt under the bar, not a block of cream
        assert app.screen.get_at(below) == felt, (bar, app.screen.get_at(below))


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_a_won_and_a_lost_game_of_no_score_differ_in_shape_not_only_in_colour(home, size):
    """Two bars of 0 are each a line too low to be filled or outlined; over each is a mark, a
    filled disc for the win and a ring for the loss, so they differ without their colours."""
    from pie_table.scenes.statistics import StatisticsScene

    data = stats.empty()
    for key, winner in (("a", 0), ("b", 1)):  # Ana scores nothing: won the first, lost the second
        stats.record_game(data, key, "pie-rats", ["Ana", ""], ["", "hard"],
                          {"scores": [0, 0], "winning_seats": [winner]})
    stats.save(data)
    app = App(size=size, headless=True)
    screen = StatisticsScene(app)
    app.scenes.push(screen)
    app.step(DT, [])
    won, lost = screen.mark_rects
    felt = app.screen.get_at((screen.bar_rects[-1].right + 6, screen.bar_rects[-1].bottom - 1))
    assert app.screen.get_at(won.center) != felt  # a disc: filled to its middle
    assert app.screen.get_at(lost.center) == felt  # a ring: the felt shows through its middle
    assert app.screen.get_at((lost.x + 1, lost.centery)) != felt  # ... inside its rim
