"""The tables' logs read back with the wheel over them or Page Up / Page Down, and stay where the
player reads while new lines are said; Page Down (or the wheel the other way) comes forward again."""

from __future__ import annotations

import pygame
import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.kit.log_panel import LogScroll
from tests.kit.text_probe import probe_screen, recording, watch

_TABLES = {
    "rats": ("rats", "human,bot:easy,bot:normal", 4),
    "pie-rats": ("pie-rats", "human,bot:normal,bot:hard,bot:easy", 6),
    "cheflebrity": ("cheflebrity", "human,bot:normal,bot:hard", 20),
}


def test_a_scroll_steps_back_stays_put_as_lines_come_and_follows_the_newest_past_the_end():
    scroll = LogScroll()
    assert scroll.shown(30) == 30
    scroll.back(5)
    assert scroll.shown(30) == 25
    assert scroll.shown(34) == 25  # four more said: the lines read stay where they are
    scroll.back(-4)
    assert scroll.shown(34) == 29
    scroll.back(-5)
    assert scroll.end is None and scroll.shown(40) == 40  # past the newest: it follows again
    scroll.back(100)
    assert scroll.shown(40) == 1  # never before the first entry


def test_the_wheel_scrolls_only_over_the_log_and_the_page_keys_anywhere():
    scroll = LogScroll()
    scroll.shown(20)
    scroll.rect = pygame.Rect(100, 100, 200, 300)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)
    assert not scroll.handle_event(wheel, (50, 50)) and scroll.end is None
    assert not scroll.handle_event(wheel, None)
    assert scroll.handle_event(wheel, (150, 150)) and scroll.end == 18
    page_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0)
    assert scroll.handle_event(page_down, (0, 0)) and scroll.end is None
    page_up = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0)
    assert scroll.handle_event(page_up, None) and scroll.end == 15
    assert not scroll.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0), None)


@pytest.mark.parametrize("table", list(_TABLES))
def test_the_wheel_over_a_table_log_shows_older_lines_and_how_many_are_newer(monkeypatch, tmp_path, table):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    game, seats, turn = _TABLES[table]
    args = build_parser().parse_args(["screenshot", game, "--seats", seats, "--seed", "3", "--out", "x"])
    info, setup = build_setup(args)
    with recording(monkeypatch) as drawn:
        app, scene = make_table(info, setup, (1280, 720))
        watch(app)
        scene.skip_to(turn=turn)
        app.step(0.0)
        newest = [d.text for d in drawn]
        log = scene.log_scroll
        assert log.total > 8 and log.rect.w > 0  # the log was drawn, long enough to read back
        del drawn[:]
        centre = log.rect.center
        app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)),
                       pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3)])
        back = [d.text for d in drawn]
        assert log.end == log.total - 6
        assert "6 newer below · Page Down" in back
        assert "6 newer below · Page Down" not in newest
        assert set(back) != set(newest)
        for _ in range(2):
            del drawn[:]
            app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="",
                                              scancode=0)])
        assert log.end is None
        assert not any("newer below" in d.text for d in drawn)


def test_an_entry_that_wraps_is_in_one_ink_on_every_line(monkeypatch):
    from pie_table.kit import palette as pal
    from pie_table.kit.log_panel import draw_log

    pygame.init()
    long = "The Host rolls 2 and 1: banquet goal 3, and everyone at the table circles it on their sheet."
    log = [{"text": f"Entry {n}."} for n in range(6)] + [{"text": long}, {"text": "Last."}]
    with recording(monkeypatch) as drawn:
        screen = probe_screen((400, 400))
        draw_log(screen, pygame.Rect(0, 0, 260, 400), log, 1.0, "Said aloud")
    inks = {d.text: d.ink for d in drawn}
    wrapped = [d for d in drawn if d.text and d.text in long]
    assert len(wrapped) >= 3  # the long entry took several lines
    assert {d.ink for d in wrapped} == {pal.INK}  # one of the newest three: all of it in full ink
    assert inks["Last."] == inks["Entry 5."] == pal.INK  # the other two of the newest three
    assert inks["Entry 4."] == pal.INK_SOFT


@pytest.mark.parametrize("title", ["At the table (T: your trades)", "En la mesa (T: tus intercambios)"])
def test_a_title_two_lines_do_not_hold_is_written_smaller_never_dropped(monkeypatch, title):
    """A column narrowed at 200%: the title's every word is drawn, on two lines at most."""
    from pie_table.kit.log_panel import draw_log

    pygame.init()
    with recording(monkeypatch) as drawn:
        draw_log(probe_screen((400, 400)), pygame.Rect(0, 0, 300, 400), [{"text": "Hi."}], 2.0, title)
    heads = [d for d in drawn if d.text and d.text in title]
    assert " ".join(d.text for d in heads).split() == title.split()
    assert len(heads) <= 2 and all(d.size >= 14 for d in heads)
