"""Six rats at 200%: the sword request form keeps its rows whole and readable. Short of room
under the rats' cards, its panel rises over the dice tray (their dice read by then) and, where
its four rows still do not fit at a height their words are whole in, the rows in view scroll,
the keys bringing each one into view in turn."""

from __future__ import annotations

import pygame
import pytest

from pie_table.kit.fonts import font
from pie_table.kit.i18n import set_language
from pie_table.kit.text import set_interface_size
from tests.kit.cut_log import logging_cuts
from tests.rats.rats_helpers import request_table

_DOWN = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=81)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_six_rats_at_200_percent_read_every_request_row_whole(monkeypatch, size, lang):
    set_language(lang)
    try:
        app, scene = request_table(size, 200)
        with logging_cuts(monkeypatch) as cuts:
            app.step(0.0)  # drawn afresh, every label fitted anew
            panel, window = scene.panel, app.screen.get_rect()
            rows = panel.request.widgets()
            # A row is as tall as the Ask button's words at their size need, and a little more.
            least = font(int(22 * scene.layout.scale), "bold").get_linesize() + 4
            seen = set()
            for _ in range(len(rows)):
                in_view = [i for i, row in enumerate(rows) if panel.rect.contains(row.rect)]
                assert in_view and window.contains(panel.rect)
                assert all(rows[i].rect.h >= least for i in in_view), ([rows[i].rect for i in in_view], least)
                assert panel.menu.focus in in_view  # the row the keys are on is seen
                seen.update(in_view)
                app.step(0.0, [_DOWN])
        assert seen == set(range(len(rows)))
        assert not [cut for cut in cuts if "rats" in cut[2]], cuts
    finally:
        set_interface_size(100)
        set_language("en")


def test_the_wheel_off_the_rows_and_a_click_on_the_bar_scroll_the_form(monkeypatch):
    set_language("es")
    try:
        app, scene = request_table((1280, 720), 200)
        form = scene.panel.request
        assert form.scrolls
        title = (scene.panel.rect.x + 20, scene.panel.rect.y + 10)  # over the panel, off its rows
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=title, rel=(1, 1), buttons=(0, 0, 0))
        wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
        app.step(0.0, [move, wheel])
        assert form.first == 1
        bar = form.bar()
        press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.centerx, bar.bottom - 4), button=1)
        app.step(0.0, [press])
        assert form.first == 2 and scene.panel.rect.contains(form.ask.rect)  # down to Ask
    finally:
        set_interface_size(100)
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_the_plaque_naming_six_deciding_rats_names_them_all(monkeypatch, size, lang):
    """While the bots decide, the plaque in the panel's place names every rat waited for (six at
    200% were cut: 'Deciden: Rata 1, Rata 2, Rata 3, Rata 4, Rata 5, Rata…')."""
    set_language(lang)
    try:
        with logging_cuts(monkeypatch) as cuts:
            request_table(size, 200)  # played through the turn's first picks, the plaque up between
        assert not [cut for cut in cuts if cut[2] == "pie_table.games.rats.ui.table_draw"], cuts
    finally:
        set_interface_size(100)
        set_language("en")


def test_a_hint_on_a_scrolled_form_brings_the_ask_button_into_view(monkeypatch):
    """H sets the form to the expert's request and focuses Ask: scrolled out of view, it is
    brought in, so Enter asks what is seen."""
    set_language("es")
    try:
        app, scene = request_table((1280, 720), 200)
        panel = scene.panel
        form = panel.request
        assert form.scrolls and not panel.rect.contains(form.ask.rect)
        scene.give_hint(panel.seat, form.current())
        assert panel.menu.focused is form.ask and panel.rect.contains(form.ask.rect)
    finally:
        set_interface_size(100)
        set_language("en")
