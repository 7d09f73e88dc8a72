"""Seats are never told apart by colour alone: every seat has its own shape, each table draws it
for every seat, and a legal drop target carries a shape the current-turn border does not."""

from __future__ import annotations

import importlib
import itertools

import pygame
import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.kit import marks
from pie_table.kit import palette as pal


def _mask(seat: int) -> pygame.mask.Mask:
    return pygame.mask.from_surface(marks.seat_mark(seat, 12, (200, 200, 200)))


def test_every_seat_has_a_shape_of_its_own():
    shapes = [_mask(seat) for seat in range(len(pal.SEAT_COLORS))]
    for (a, ma), (b, mb) in itertools.combinations(enumerate(shapes), 2):
        overlap = ma.overlap_area(mb, (0, 0))
        union = ma.count() + mb.count() - overlap
        # A fifth of what either covers is the other's alone: told apart at a glance, in any colour.
        assert union - overlap >= 0.2 * union, (marks.seat_shape(a), marks.seat_shape(b))


# (game, seats, turn or seconds, the module whose draw_seat_mark the table calls)
_TABLES = [
    ("pie-rats", "human,bot:normal,bot:hard,bot:easy,bot:normal,bot:hard", (None, 2),
     "pie_table.games.pie_rats.ui.table_draw"),
    ("cheflebrity", "human,bot:normal,bot:hard,bot:easy,bot:normal", (None, 4),
     "pie_table.games.cheflebrity.ui.table_paint"),
    ("rumble-pie", "human:keys1,human:keys2,bot:normal,bot:hard", (5.0, None),
     "pie_table.games.rumble_pie.ui.table_view"),
    ("rats", "human,bot:normal,bot:hard,bot:easy,bot:normal,bot:hard", (None, 2),
     "pie_table.games.rats.ui.sheet_view"),
]


@pytest.mark.parametrize(("game", "seats", "moment", "module"), _TABLES)
def test_each_table_draws_every_seats_mark(monkeypatch, game, seats, moment, module):
    drawn: set[int] = set()
    painter = importlib.import_module(module)
    original = painter.draw_seat_mark

    def recording(surface, seat, center, r, color):
        drawn.add(seat)
        original(surface, seat, center, r, color)

    monkeypatch.setattr(painter, "draw_seat_mark", recording)
    args = build_parser().parse_args(["screenshot", game, "--seats", seats, "--out", "x"])
    info, setup = build_setup(args)
    app, scene = make_table(info, setup, (1280, 720))
    scene.skip_to(at=moment[0], turn=moment[1])
    app.step(0.0)
    assert drawn == set(range(len(seats.split(","))))


def test_a_legal_target_is_marked_by_a_shape_the_turn_border_lacks():
    rect = pygame.Rect(10, 10, 120, 90)
    target = pygame.Surface((140, 110))
    target.fill(pal.FELT)
    marks.draw_target(target, rect, 3, 8)
    turn = pygame.Surface((140, 110))
    turn.fill(pal.FELT)
    pygame.draw.rect(turn, pal.GOLD, rect, 4, border_radius=8)
    outside = (rect.x - 4, rect.y - 4)  # just beyond the corner, clear of either border
    assert target.get_at(outside)[:3] != tuple(pal.FELT)  # an arrow points in at the corner
    assert turn.get_at(outside)[:3] == tuple(pal.FELT)


def test_every_rats_player_is_a_rat_of_their_own():
    """Six seats, six portraits: each differs from every other in many pixels, not a tint."""
    from pie_table.games.rats.ui.art import seat_rat

    pygame.init()
    points = [(x, y) for x in range(0, 64, 2) for y in range(0, 64, 2)]
    pictures = [[tuple(seat_rat(seat, 64).get_at(p))[:3] for p in points] for seat in range(6)]
    for a, b in itertools.combinations(range(6), 2):
        differ = sum(sum(abs(i - j) for i, j in zip(pa, pb, strict=True)) > 60
                     for pa, pb in zip(pictures[a], pictures[b], strict=True))
        assert differ > 0.25 * len(points), (a, b, differ)
