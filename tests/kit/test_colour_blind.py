"""Nothing the table tells apart is told by colour alone, for players with the common colour-vision
deficiencies: every pair of colours that must be told apart stays at least ΔE2000 10 apart in
normal, protan, deutan and tritan vision (Machado 2009, full severity), or carries a mark of a
different shape beside its colour (a seat's shape, a card's emblem, a drop target's arrows)."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pygame
import pytest

from pie_table.games.cheflebrity.deck import CARDS
from pie_table.games.cheflebrity.ui.faces import FLAVOUR_COLORS, KIND_COLORS, paint_emblem
from pie_table.kit import palette as pal
from pie_table.kit.marks import draw_target, seat_mark
from tests.kit.colour_vision import SIMULATIONS, apart

_LEAST = 10.0  # ΔE2000: told apart at a glance
_SIZE = 64
Rgb = tuple[int, int, int]


def _close_pairs(colours: dict[object, Rgb]) -> list[tuple[object, object, str, float]]:
    """The pairs nearer than _LEAST in some vision, with the vision and their distance there."""
    close = []
    for a, b in itertools.combinations(colours, 2):
        for vision in SIMULATIONS:
            d = apart(colours[a], colours[b], vision)
            if d < _LEAST:
                close.append((a, b, vision, d))
                break
    return close


def _shape(image: pygame.Surface) -> set[tuple[int, int]]:
    """The pixels `image` covers (its silhouette, whatever its colours)."""
    w, h = image.get_size()
    return {(x, y) for x in range(w) for y in range(h) if image.get_at((x, y)).a >= 128}


def _unlike(first: pygame.Surface, second: pygame.Surface) -> float:
    """How much two silhouettes differ: the share of the pixels either covers that only one does."""
    a, b = _shape(first), _shape(second)
    return len(a ^ b) / max(1, len(a | b))


def _emblem(card: int) -> pygame.Surface:
    surf = pygame.Surface((_SIZE, _SIZE), pygame.SRCALPHA)
    paint_emblem(surf, surf.get_rect(), card)
    return surf


def _card_of(kind: str | None = None, flavour: str | None = None) -> int:
    return next(i for i, c in enumerate(CARDS) if (kind is None or c.kind == kind)
                and (flavour is None or c.flavour == flavour))


def _assert_marked(colours: dict[object, Rgb], mark: Callable[[object], pygame.Surface]) -> int:
    """Every pair of `colours` too close in some vision has marks of unlike shapes; how many were."""
    close = _close_pairs(colours)
    for a, b, vision, d in close:
        unlike = _unlike(mark(a), mark(b))
        assert unlike >= 0.15, f"{a}, {b}: ΔE2000 {d:.1f} in {vision} vision, and marks of one shape"
    return len(close)


def test_the_delta_e2000_of_the_check_is_the_published_one():
    from tests.kit.colour_vision import delta_e2000

    # Sharma, Wu and Dalal (2005), test pairs 1, 7 and 17.
    assert delta_e2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def test_team_colours_need_no_mark_they_stay_apart_in_every_vision():
    assert _close_pairs(dict(enumerate(pal.TEAM_COLORS))) == []


def test_seat_colours_that_run_together_have_seat_shapes_unlike_each_other():
    colours = dict(enumerate(pal.SEAT_COLORS))
    close = _assert_marked(colours, lambda seat: seat_mark(int(seat), 24, colours[seat]))  # type: ignore[call-overload]
    assert close >= 2  # blue/purple (protan) and red/green (deutan) would be lost without their shapes


def test_cheflebrity_fillings_that_run_together_have_fruit_of_different_shapes():
    close = _assert_marked(dict(FLAVOUR_COLORS), lambda flavour: _emblem(_card_of("filling", str(flavour))))
    assert close >= 1  # apple and pumpkin, for a deutan player


def test_cheflebrity_part_kinds_that_run_together_have_emblems_of_different_shapes():
    close = _assert_marked(dict(KIND_COLORS), lambda kind: _emblem(_card_of(str(kind))))
    assert close >= 2  # Top Crust and Stroke of Genius!, Bottom Crust and Oops


def test_a_legal_drop_target_is_unlike_the_turn_border_in_shape_not_only_in_colour():
    assert apart(pal.HIGHLIGHT, pal.GOLD, "deutan") < _LEAST  # the colours alone would not do
    rect = pygame.Rect(16, 16, 96, 128)
    target = pygame.Surface((128, 160), pygame.SRCALPHA)
    draw_target(target, rect, 3, 8)
    turn = pygame.Surface((128, 160), pygame.SRCALPHA)
    pygame.draw.rect(turn, pal.GOLD, rect, 4, border_radius=8)  # the seat whose turn it is
    assert _unlike(target, turn) >= 0.15
