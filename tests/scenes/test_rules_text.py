"""The rules viewer reads our markdown subset: wrapped bullets stay one bullet."""

import pygame
import pytest

from pie_table.kit.app import App
from pie_table.scenes.rules_help import RulesHelpScene, load_rules, parse_markdown


def test_an_indented_continuation_line_belongs_to_its_bullet():
    text = ("# Title\n\n- First bullet that goes on\n  onto a second line.\n- Second\n\n"
            "A paragraph\nin two lines.\n")
    assert parse_markdown(text) == [
        ("h1", "Title"),
        ("bullet", "• First bullet that goes on onto a second line."),
        ("bullet", "• Second"),
        ("para", "A paragraph in two lines."),
    ]


def test_numbered_items_continue_too_and_an_unindented_line_is_a_paragraph():
    text = "1. One\n   more\n\nnot indented\n"
    assert parse_markdown(text) == [("bullet", "1. One more"), ("para", "not indented")]


def test_the_shipped_rules_have_no_orphaned_continuations():
    for game in ("rumble-pie", "rats"):
        blocks = parse_markdown(load_rules(game))
        lowercase_paras = [t for kind, t in blocks if kind == "para" and t[:1].islower()]
        assert lowercase_paras == [], lowercase_paras[:3]


def _line_spans(scene):
    """Where each text line of the sheet starts and ends, measured from the drawn sheet itself:
    rows with any ink, grouped into runs separated by blank rows."""
    sheet = scene.sheet
    width = sheet.get_width()
    inked = [any(sheet.get_at((x, y)).a for x in range(0, width, 2)) for y in range(sheet.get_height())]
    runs, start = [], None
    for y, ink in enumerate([*inked, False]):
        if ink and start is None:
            start = y
        elif not ink and start is not None:
            runs.append((start, y))
            start = None
    return runs


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("game", ["rumble-pie", "pie-rats"])
def test_page_down_three_times_cuts_no_line_at_the_top_or_the_bottom(game, size):
    app = App(size, headless=True)
    scene = RulesHelpScene(app, game)
    app.scenes.push(scene)
    app.step(1 / 60, [])
    shown_before = None
    for _ in range(3):
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")])
        surface = pygame.Surface(app.size)
        surface.fill((0, 0, 0))
        scene.draw(surface)
        top, bottom = scene.scroll, scene.scroll + scene.view.h
        for start, end in _line_spans(scene):
            cut_at_top = start < top < end
            cut_at_bottom = start < bottom <= end - 1
            if cut_at_bottom:  # a line running past the view must not be drawn at all
                row = scene.view.y + start - top + 1
                assert all(surface.get_at((x, row))[:3] == (244, 230, 196)
                           for x in range(scene.view.x, scene.view.right, 2)), (game, start, end, top)
            assert not cut_at_top, (game, start, end, top)
        shown_before = scene.scroll if shown_before is None else shown_before
    assert scene.scroll > shown_before  # it did scroll
