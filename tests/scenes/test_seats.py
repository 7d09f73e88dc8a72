"""Seat screen rules: defaults, refused duplicate controls, team validation, option widgets."""

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from pie_table.core.setup import SeatSpec
from pie_table.kit.app import App
from pie_table.kit.rows import Cycler, TextInput, Toggle
from pie_table.scenes.seats import SeatsScene, duplicate_control, seat_choices

_spec = importlib.util.spec_from_file_location("fake_game", Path(__file__).with_name("fake_game.py"))
fake = importlib.util.module_from_spec(_spec)
sys.modules["fake_game"] = fake
_spec.loader.exec_module(fake)


@pytest.fixture
def app():
    fake.install()
    yield App((1280, 720), headless=True)
    fake.uninstall()


def open_scene(app, info):
    scene = SeatsScene(app, info)
    app.scenes.push(scene)
    app.step(1 / 60, [])
    return scene


def test_default_is_two_keyboard_humans_on_opposing_teams(app):
    scene = open_scene(app, fake.make_info())
    assert [s.spec() for s in scene.seats] == ["human:keys1", "human:keys2", "bot:normal", "bot:normal"]
    assert scene.teams == [0, 1, 0, 1]
    assert scene.problem() is None and scene.start_button.enabled


def test_invalid_teams_disable_start_and_show_reason(app):
    scene = open_scene(app, fake.make_info())
    for row in scene.team_rows:
        row.set_value(0)
        scene.set_team(scene.team_rows.index(row), 0)
    assert scene.problem() == "Pick at least two teams."
    assert not scene.start_button.enabled
    assert scene.status.current_text() == "Pick at least two teams."
    scene.start_button.activate()
    assert app.scenes.current is scene  # nothing started


def test_cycling_skips_a_control_another_human_holds(app):
    scene = open_scene(app, fake.make_info())
    seat2 = scene.seat_rows[1]
    assert seat2.value == SeatSpec("human", control="keys2")
    seat2.nudge(-1)  # keys1 is seat 1's, so it is skipped
    assert scene.seats[1] != SeatSpec("human", control="keys1")
    assert "seat 1" in scene.notice
    assert duplicate_control(scene.seats) is None


def test_duplicate_control_is_refused_with_reason(app):
    scene = open_scene(app, fake.make_info())
    scene.seats[2] = SeatSpec("human", control="keys1")
    assert "Seats 1 and 3" in scene.problem()
    assert not scene.start_button.enabled


def test_turn_based_game_offers_hotseat_humans_without_teams(app):
    info = fake.make_info(realtime=False, teams=False)
    scene = open_scene(app, info)
    assert [s.spec() for s in seat_choices(info)] == ["human:hotseat", "bot:easy", "bot:normal", "bot:hard"]
    assert scene.seats[0] == SeatSpec("human", control="hotseat")
    assert scene.team_rows == []
    assert scene.setup().teams is None
    # Several humans may share the screen in a turn-based game.
    scene.seats[1] = SeatSpec("human", control="hotseat")
    assert scene.problem() is None


def test_seat_count_change_keeps_existing_choices(app):
    scene = open_scene(app, fake.make_info())
    scene.count.nudge(1)
    assert len(scene.seats) == 5 and len(scene.seat_rows) == 5 and len(scene.teams) == 5
    assert scene.seats[:2] == [SeatSpec("human", control="keys1"), SeatSpec("human", control="keys2")]
    scene.set_count(2)
    assert len(scene.seat_rows) == 2


def test_option_widgets_follow_option_types(app):
    scene = open_scene(app, fake.make_info())
    kinds = [type(w) for w in scene.option_rows]
    assert kinds == [Cycler, Toggle, TextInput]
    scene.option_rows[0].nudge(-1)
    scene.option_rows[1].activate()
    scene.menu.set_focus(scene.option_rows[2])
    scene.menu.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="!"))
    assert scene.setup().options == {"target": 10, "fast": True, "name": "kitchen!"}


def test_mouse_click_on_team_cycler_changes_team(app):
    scene = open_scene(app, fake.make_info())
    rect = scene.team_rows[0].rect
    pygame.event.clear()
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=(rect.right - 5, rect.centery), button=1))
    app.step(1 / 60)
    assert scene.teams[0] == 1


def test_real_rumble_pie_defaults_are_valid_when_registered(app):
    from pie_table.core.registry import load_games

    games = load_games()
    if "rumble-pie" not in games:
        pytest.skip("Rumble Pie is not registered in this checkout")
    scene = open_scene(app, games["rumble-pie"])
    assert [s.spec() for s in scene.seats] == ["human:keys1", "human:keys2", "bot:normal", "bot:normal"]
    assert scene.problem() is None
    scene.team_rows[1].nudge(-1)
    scene.team_rows[3].nudge(-1)  # now everybody is on the first team
    assert scene.problem() == "Rumble Pie needs 2 or 3 teams" and not scene.start_button.enabled


def test_option_and_count_selectors_stop_at_their_ends(app):
    scene = open_scene(app, fake.make_info())
    target = scene.option_rows[0]
    target.nudge(-1)
    assert target.value == 10
    assert not target.nudge(-1)  # at the lowest target: ← stays, it does not jump to the highest
    assert scene.setup().options["target"] == 10 and target.at_end(-1)
    target.nudge(1)
    assert not target.nudge(1) and target.value == 25
    assert target.activate() and target.value == 10  # Enter steps on round the list, deliberately
    scene.count.nudge(-1)
    scene.count.nudge(-1)
    assert not scene.count.nudge(-1) and len(scene.seats) == 2


def test_every_keyboard_humans_keys_are_listed_in_spanish_too(app):
    from pie_table.core.registry import load_games
    from pie_table.kit import i18n

    try:
        i18n.set_language("es")
        scene = open_scene(app, load_games()["rumble-pie"])
        _font, rows = scene.legend_rows()
        starts = [text for text, _pos in rows if "(Teclado" in text]
        assert [s.split(" (")[0] for s in starts] == ["Asiento 1", "Asiento 2"]
        assert all(scene.legend_rect.contains(pygame.Rect(pos, (1, 1))) for _text, pos in rows)
    finally:
        i18n.set_language("en")


def test_the_seat_rows_show_the_names_players_chose(app):
    scene = open_scene(app, fake.make_info())
    scene.names = ["Alice", "Bob", "Carol", ""]
    scene.resume()  # back from Players…
    assert [row.label for row in scene.seat_rows] == ["Alice", "Bob", "Seat 3", "Seat 4"]  # seat 3 is a bot
    assert scene.legend_lines()[0].startswith("Alice (Keys left): ")
    scene.seat_rows[1].nudge(1)  # Bob's seat becomes a bot: it plays unnamed
    scene.seat_rows[1].nudge(1)
    scene.seat_rows[1].nudge(1)
    scene.seat_rows[1].nudge(1)
    assert scene.seats[1].is_bot and scene.seat_rows[1].label == "Seat 2"


def test_one_name_for_two_seats_is_refused_with_the_reason(app):
    from pie_table.scenes.players import PlayersScene

    scene = open_scene(app, fake.make_info())
    scene.names = ["Alice", "alice ", "", ""]
    assert scene.problem() == "Seats 1 and 2 are both named alice: one name per player."
    assert not scene.start_button.enabled
    players = PlayersScene(app, [0, 1], scene.names)
    app.scenes.push(players)
    app.step(1 / 60, [])
    assert not players.done.enabled and players.note.current_text() == scene.problem()
    players.inputs[1].on_change("Bob")
    assert players.done.enabled and scene.problem() is None
    players.known = ["Alice", "Bob", "Carol"]
    players.rebuild()
    picker = players.pickers[1]
    picker.set_value("Bob")
    picker.nudge(-1)  # "Alice" is seat 1's: skipped
    assert picker.value == ""


def _press(app, key):
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def test_the_buttons_take_the_focus_in_the_order_they_stand_left_to_right(app):
    scene = open_scene(app, fake.make_info())
    assert scene.menu.focused is scene.start_button
    assert [b.rect.x for b in (scene.back_button, scene.players_button, scene.start_button)] == sorted(
        b.rect.x for b in (scene.back_button, scene.players_button, scene.start_button))
    _press(app, pygame.K_LEFT)
    assert scene.menu.focused is scene.players_button
    _press(app, pygame.K_LEFT)
    assert scene.menu.focused is scene.back_button
    _press(app, pygame.K_RIGHT)
    _press(app, pygame.K_RIGHT)
    assert scene.menu.focused is scene.start_button
    _press(app, pygame.K_UP)  # the one before Start is the one to its left
    assert scene.menu.focused is scene.players_button


def test_home_and_end_on_the_title(tmp_path, monkeypatch):
    from pie_table.scenes.title import TitleScene

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    window = App((1280, 720), headless=True)
    title = TitleScene(window)
    window.scenes.push(title)
    window.step(1 / 60, [])
    _press(window, pygame.K_END)
    assert title.menu.focused.text == "Quit"
    _press(window, pygame.K_HOME)
    assert title.menu.focused is title.menu.items[next(i for i, w in enumerate(title.menu.items)
                                                         if w.focusable and w.enabled)]


def test_the_titles_quit_button_asks_first_as_esc_does(tmp_path, monkeypatch):
    from pie_table.scenes.confirm import ConfirmScene
    from pie_table.scenes.title import TitleScene

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    window = App((1280, 720), headless=True)
    title = TitleScene(window)
    window.scenes.push(title)
    window.running = True
    title.quit_button.activate()
    question = window.scenes.current
    assert window.running and isinstance(question, ConfirmScene)
    assert question.heading.text == "Quit pie_table?"
    question.back()
    assert window.scenes.current is title and window.running
    _press(window, pygame.K_ESCAPE)
    assert isinstance(window.scenes.current, ConfirmScene)


def test_the_seat_screen_starts_from_the_count_seats_and_variants_last_started(tmp_path, monkeypatch):
    from pie_table.core import seat_memory
    from pie_table.core.registry import get_game

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    window = App((1280, 720), headless=True)
    window.headless = False  # the screen reads what it remembers only for a real window
    info = get_game("pie-rats")
    first = SeatsScene(window, info)
    assert len(first.seats) == 4 and first.options["pies"] == 10
    first.set_count(3)
    first.set_seat(2, SeatSpec("bot", level="hard"))
    first.options["pies"] = 14
    first.setup()  # Start
    again = SeatsScene(window, info)
    assert [s.spec() for s in again.seats] == ["human:hotseat", "bot:normal", "bot:hard"]
    assert again.options["pies"] == 14 and again.options["phase6"] == "a"
    # What the screen no longer offers is left at its default.
    seat_memory.remember("pie-rats", ["human:hotseat", "bot:godlike", "bot:easy"],
                         {"pies": 999, "phase6": "c"})
    odd = SeatsScene(window, info)
    assert [s.spec() for s in odd.seats] == ["human:hotseat", "bot:normal", "bot:easy"]
    assert odd.options["pies"] == 10 and odd.options["phase6"] == "c"
    (tmp_path / "config" / "seat_choices.json").write_text("{not json", encoding="utf-8")
    assert len(SeatsScene(window, info).seats) == 4  # a damaged file: the game's defaults


def test_variants_read_as_words_and_one_is_always_explained(app):
    from pie_table.core.registry import get_game

    for game in ("pie-rats", "cheflebrity"):
        for option in get_game(game).options:
            for label in (option.choice_labels or {}).values():
                assert "·" not in label and "/" not in label, label
    scene = open_scene(app, get_game("pie-rats"))
    assert scene.menu.focused is scene.start_button  # no variant focused nor hovered...
    assert scene.shown_option_help().startswith("Looting freezes: The rulebook's phase 6 rules a, b, c.")
    scene.menu.set_focus(scene.option_rows[2])
    assert scene.shown_option_help() == "Pies: How many pies are baked."
    scene.menu.set_focus(scene.start_button)
    assert scene.shown_option_help() == "Pies: How many pies are baked."  # ...the last one stays


def test_each_seat_is_marked_with_its_tables_shape_not_only_its_colour(app, monkeypatch):
    """The seat screen marks every seat as the table does (circle, square, triangle, ...), so a
    player who cannot tell the colours apart still matches a seat to its place."""
    import pie_table.scenes.seats as seats_module

    scene = open_scene(app, fake.make_info())
    marked: list[int] = []
    original = seats_module.draw_seat_mark
    monkeypatch.setattr(seats_module, "draw_seat_mark",
                        lambda surface, seat, *rest: marked.append(seat) or original(surface, seat, *rest))
    scene.draw(app.screen)
    assert marked == list(range(len(scene.seat_rows)))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_options_explanation_repeats_its_name(lang):
    """The seat screen writes "{option}: {explanation}", so an explanation that opens with the
    option's name reads it twice ("Best and worst pie: Best and worst pie: most 25s...")."""
    from pie_table.core.registry import load_games
    from pie_table.kit.i18n import _, set_language

    set_language(lang)
    try:
        doubled = [(game, opt.key) for game, info in load_games().items() for opt in info.options
                   if opt.help and _(opt.help).lower().startswith(_(opt.label).lower())]
        assert doubled == []
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("game", ["rumble-pie", "rats", "pie-rats", "cheflebrity"])
def test_at_200_percent_the_scroll_bar_leaves_the_buttons_clear(game, size):
    """The page scrolls; Back, Players and Start sit left of its bar, their words whole."""
    from pie_table.core.registry import load_games
    from pie_table.kit.text import set_interface_size

    window = App(size, headless=True)
    window.set_ui_scale(200)
    try:
        scene = SeatsScene(window, load_games()[game])
        window.scenes.push(scene)
        window.step(1 / 60, [])
        bar = scene.scroll_page.bar()
        assert scene.scroll_page.scrolls and bar.w > 0
        for button in (scene.back_button, scene.players_button, scene.start_button):
            assert button.rect.right < bar.x, (button.text, button.rect, bar)
            label = button.label_image()
            assert label.get_width() <= button.rect.w - 16 and label.get_height() >= 14
    finally:
        set_interface_size(100)
