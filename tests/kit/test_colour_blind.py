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


def _badge(kind: object) -> pygame.Surface:
    from pie_table.games.pie_rats.ui.badges import KINDS, badge_image

    badge = KINDS[str(kind)]
    return badge_image(badge.shape, 24, badge.color, badge.leaf)


def test_pie_rats_numbers_that_run_together_have_badges_of_different_shapes():
    from pie_table.games.pie_rats.ui.badges import KINDS

    crew_numbers = ("loyalty", "charisma", "strength", "spinach")
    close = _assert_marked({kind: KINDS[kind].color for kind in crew_numbers}, _badge)
    assert close >= 2  # a Spinach-fed strength beside strength (deutan), beside charisma (protan)


def test_pie_rats_cards_write_their_numbers_on_those_badges(monkeypatch):
    """A crew card's loyalty and strength (a Spinach-fed one's on its own badge), a charisma
    card's bonus and a pie's weight and points each on their kind's badge."""
    from pie_table.games.pie_rats.deck import CARDS
    from pie_table.games.pie_rats.ui import badges, card_art

    drawn: list[str] = []
    real = badges.draw_badge

    def draw_badge(surf, center, r, kind, text, color=None):  # type: ignore[no-untyped-def]
        drawn.append(kind)
        return real(surf, center, r, kind, text, color)

    monkeypatch.setattr(badges, "draw_badge", draw_badge)
    card_art._card_face.cache_clear()
    card_art._pie_face.cache_clear()
    crew = next(i for i, c in enumerate(CARDS) if c.kind == "crew")
    charm = next(i for i, c in enumerate(CARDS) if c.kind == "charisma")
    faces = {("loyalty", "strength"): lambda: card_art.card_face(crew, 60, 84),
             ("loyalty", "spinach"): lambda: card_art.card_face(crew, 60, 84, "en", 9),
             ("charisma",): lambda: card_art.card_face(charm, 60, 84),
             ("weight", "points"): lambda: card_art.pie_face(0, 60, 84)}
    for kinds, paint in faces.items():
        drawn.clear()
        paint()
        assert tuple(drawn) == kinds


def test_pie_rats_charisma_and_strength_side_by_side_differ_in_shape_whatever_their_colours():
    """A crew's totals and a crew card's corners put them next to each other: a rosette, a shield
    and a disc, not two discs told apart by gold and red."""
    for a, b in (("charisma", "strength"), ("loyalty", "strength"), ("loyalty", "charisma"),
                 ("loyalty", "spinach")):
        assert _unlike(_badge(a), _badge(b)) >= 0.15, (a, b)


def _glyph(supply: object) -> pygame.Surface:
    from pie_table.games.rats.ui.sheet_view import supply_glyph

    surf = pygame.Surface((_SIZE, _SIZE), pygame.SRCALPHA)
    supply_glyph(surf, surf.get_rect().inflate(-8, -8), int(supply))  # type: ignore[call-overload]
    return surf


def test_rats_supplies_that_run_together_have_glyphs_of_different_shapes():
    from pie_table.games.rats.ui import sheet_view

    _assert_marked(dict(enumerate(sheet_view._GLYPH_COLORS)), _glyph)
    # (every row also names its supply: the glyphs are a glance, and unlike each other anyway)
    for a, b in itertools.combinations(range(len(sheet_view._GLYPH_COLORS)), 2):
        assert _unlike(_glyph(a), _glyph(b)) >= 0.15, (a, b)


def test_the_rats_goal_circled_this_turn_stays_apart_from_the_others_in_every_vision():
    assert _close_pairs({"newest": pal.CHERRY, "circled": pal.INK}) == []


def _dark_marks(image: pygame.Surface, vision: str) -> set[tuple[int, int]]:
    """Where `image`, as `vision` sees it, is dark (its numerals, outlines and figures): what is
    left of a face when its colours are not told apart (every other pixel, for speed)."""
    from tests.kit.colour_vision import seen

    w, h = image.get_size()
    marks = set()
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            c = image.get_at((x, y))
            r, g, b = seen((c.r, c.g, c.b), vision)
            if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.18:
                marks.add((x, y))
    return marks


def test_rumble_cards_whose_colours_run_together_differ_in_their_numerals_and_figures():
    """A 1 and a 3 (deutan), Sylvie and a 1 (normal vision), a 4 and KaPow! (deutan): each pair's
    faces still differ where they are dark, their numerals, names and figures."""
    from pie_table.games.rumble_pie.ui.card_art import KIND_ACCENTS, PIE_FILLINGS, paint_face

    assert _close_pairs(dict(PIE_FILLINGS)) == []  # the pies' fillings stay apart
    close = _close_pairs(dict(KIND_ACCENTS))
    assert len(close) >= 5
    for a, b, vision, d in close:
        first, second = (_dark_marks(paint_face(str(kind), 90, 126), vision) for kind in (a, b))
        unlike = len(first ^ second) / max(1, len(first | second))
        assert unlike >= 0.15, f"{a}, {b}: ΔE2000 {d:.1f} in {vision} vision, and faces alike"


def _marks_around(surface: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
    """The bright marks drawn around a card at `rect` (not on its face), as a silhouette image
    placed relative to the card."""
    out = pygame.Surface((rect.w + 80, rect.h + 80), pygame.SRCALPHA)
    face, seen = rect.inflate(-8, -8), rect.inflate(80, 80).clip(surface.get_rect())
    for x in range(seen.left, seen.right):
        for y in range(seen.top, seen.bottom):
            if not face.collidepoint(x, y) and tuple(surface.get_at((x, y)))[:3] == pal.HIGHLIGHT:
                out.set_at((x - rect.x + 40, y - rect.y + 40), (255, 255, 255, 255))
    return out


def _first_card_marks(game: str, picked: bool, named: bool) -> pygame.Surface:
    """The marks around the first card of a hand of three drawn with it picked, or named by the
    move in focus, or neither."""
    surface = pygame.Surface((1280, 720))
    if game == "pie-rats":
        from pie_table.games.pie_rats.rules import RULES
        from pie_table.games.pie_rats.ui.layout import compute_layout
        from pie_table.games.pie_rats.ui.table_draw import draw_hand

        view = RULES.view(RULES.new_state(3, 5, {}), 0)
        first = view["hand"][0]
        zones = draw_hand(surface, compute_layout(surface.get_size(), 3), view, 0, first if picked else None,
                          None, {first} if named else set())
    else:
        from pie_table.games.cheflebrity.ui.layout import compute_layout as chef_layout
        from pie_table.games.cheflebrity.ui.table_paint import draw_hand as chef_hand

        first = 1
        zones = chef_hand(surface, chef_layout(surface.get_size(), 3, 0), {"hand": [1, 2, 3]},
                          {first} if picked else set(), None, {first} if named else set())
    return _marks_around(surface, next(zone.rect for zone in zones if zone.value == first))


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity"])
def test_the_picked_hand_card_is_unlike_a_card_the_focused_move_names_in_shape(game):
    """Both are ringed in the one bright colour (and a picked Pie Rats card is lifted): the picked
    card has a tab pointing down at it, a named one the drop target's arrows at its corners (both
    were the same ring)."""
    picked, named = _first_card_marks(game, True, False), _first_card_marks(game, False, True)
    assert _shape(_first_card_marks(game, False, False)) == set() and _shape(picked) and _shape(named)
    assert _unlike(picked, named) >= 0.15
