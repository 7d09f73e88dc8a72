"""The shared art and the games' own (Rumble Pie's faces and boards, the RATS Host's hat) render
headless at several sizes, are not blank, differ per kind, and are cached."""

from __future__ import annotations

import itertools

import pygame
import pytest

from pie_table.games.rats.ui import art as rats_art
from pie_table.games.rumble_pie.ui import art as rumble_art
from pie_table.kit import art

SIZES = [(40, 56), (60, 84), (120, 168)]


def _opaque_fraction(surf: pygame.Surface) -> float:
    """Share of pixels that are at least half opaque."""
    mask = pygame.mask.from_surface(surf, 127)
    return mask.count() / (surf.get_width() * surf.get_height())


def _distinct_colours(surf: pygame.Surface) -> int:
    """Number of different RGB colours among a sample of pixels."""
    w, h = surf.get_size()
    return len({tuple(surf.get_at((x, y)))[:3] for x in range(0, w, 3) for y in range(0, h, 3)})


def _difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute RGB difference per channel, 0-255."""
    w, h = a.get_size()
    total = 0
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            pa, pb = a.get_at((x, y)), b.get_at((x, y))
            total += sum(abs(pa[i] - pb[i]) for i in range(3))
    return total / (3 * len(range(0, w, 2)) * len(range(0, h, 2)))


@pytest.fixture(autouse=True)
def _fresh_cache():
    art.clear_cache()
    yield
    art.clear_cache()


@pytest.mark.parametrize("kind", rumble_art.CARD_KINDS)
@pytest.mark.parametrize("size", SIZES)
def test_every_face_renders_without_display_and_is_not_blank(kind: str, size: tuple[int, int]) -> None:
    surf = rumble_art.card_face(kind, *size)
    assert surf.get_size() == size
    assert surf.get_flags() & pygame.SRCALPHA
    assert _opaque_fraction(surf) > 0.9  # a full card, only the rounded corners are clear
    assert surf.get_at((0, 0)).a < 128  # corners really are rounded
    assert _distinct_colours(surf) > 20  # art, not a flat box


def test_the_card_kinds_are_the_rumble_pie_kinds() -> None:
    expected = {"shorty", "sylvie", "pierre", "one", "two", "three", "four", "kapow", "block"}
    assert set(rumble_art.CARD_KINDS) == expected


@pytest.mark.parametrize("size", [(60, 84), (120, 168)])
def test_kinds_are_pairwise_visually_different(size: tuple[int, int]) -> None:
    faces = {kind: rumble_art.card_face(kind, *size) for kind in rumble_art.CARD_KINDS}
    for a, b in itertools.combinations(rumble_art.CARD_KINDS, 2):
        assert _difference(faces[a], faces[b]) > 6, f"{a} and {b} look alike"


def test_cache_returns_the_same_object_and_clear_forgets_it() -> None:
    first = rumble_art.card_face("kapow", 60, 84)
    assert rumble_art.card_face("kapow", 60, 84) is first
    assert rumble_art.card_face("kapow", 61, 84) is not first
    assert art.card_back((200, 60, 60), 60, 84) is art.card_back((200, 60, 60), 60, 84)
    art.clear_cache()
    assert rumble_art.card_face("kapow", 60, 84) is not first


def test_cache_stays_bounded_when_sizes_keep_changing() -> None:
    for w in range(20, 20 + art._CACHE_LIMIT + 50):
        art.highlight_outline(w, 30)
    assert art.cache_size() <= art._CACHE_LIMIT


def test_backs_follow_the_owner_colour() -> None:
    red, blue = art.card_back((200, 40, 40), 60, 84), art.card_back((40, 60, 200), 60, 84)
    assert _difference(red, blue) > 20
    assert _opaque_fraction(red) > 0.9


@pytest.mark.parametrize("name", art.CHEF_NAMES)
def test_chef_portraits_differ_and_are_drawn(name: str) -> None:
    surf = art.chef_portrait(name, 96)
    assert surf.get_size() == (96, 96)
    assert _opaque_fraction(surf) > 0.6
    for other in art.CHEF_NAMES:
        if other != name:
            assert _difference(surf, art.chef_portrait(other, 96)) > 10


def test_unknown_names_are_refused() -> None:
    with pytest.raises(ValueError):
        rumble_art.card_face("seven", 60, 84)
    with pytest.raises(ValueError):
        art.chef_portrait("gordon", 60)
    with pytest.raises(ValueError):
        art.die_face(7, 40)


def test_board_spots_sit_inside_the_board_side_by_side_without_overlap() -> None:
    for w, h in [(330, 150), (220, 100), (600, 200)]:
        spots = rumble_art.board_spot_rects(w, h)
        assert list(spots) == ["shorty", "sylvie", "pierre"]
        board = pygame.Rect(0, 0, w, h)
        rects = list(spots.values())
        assert all(board.contains(r) for r in rects)
        assert rects[0].right <= rects[1].left and rects[1].right <= rects[2].left
        assert all(abs(r.h / r.w - 1.4) < 0.05 for r in rects)  # card-shaped piles


def test_battle_board_shows_each_chef_at_its_spot() -> None:
    board = rumble_art.battle_board(330, 150, (200, 60, 60))
    assert board.get_size() == (330, 150)
    spots = [board.subsurface(r) for r in rumble_art.board_spot_rects(330, 150).values()]
    assert all(_distinct_colours(s) > 20 for s in spots)  # faces drawn, not empty boxes
    for a, b in itertools.combinations(spots, 2):
        assert _difference(a, b) > 10  # three different chefs


@pytest.mark.parametrize("tint", ["ivory", "cherry"])
def test_dice_faces_differ_by_value_and_tint(tint: str) -> None:
    faces = [art.die_face(v, 48, tint) for v in range(1, 7)]
    for a, b in itertools.combinations(faces, 2):
        assert _difference(a, b) > 1
    other = "cherry" if tint == "ivory" else "ivory"
    assert _difference(faces[0], art.die_face(1, 48, other)) > 30


def test_icons_portraits_and_outlines_render() -> None:
    cases = [(art.rat_portrait(80), (80, 80)), (rats_art.host_hat(64), (64, 64)),
             (art.pie_icon(32), (32, 32)), (art.highlight_outline(60, 84, (255, 220, 120)), (60, 84)),
             (rumble_art.empty_spot("sylvie", 60, 84), (60, 84)),
             (rumble_art.empty_spot("deck", 60, 84), (60, 84))]
    for surf, size in cases:
        assert surf.get_size() == size
        assert pygame.mask.from_surface(surf, 10).count() > 0.05 * size[0] * size[1]


def test_card_shadow_is_soft_and_larger_than_the_card() -> None:
    shadow = art.card_shadow(60, 84, blur=6)
    assert shadow.get_size() == (72, 96)
    centre, edge = shadow.get_at((36, 48)).a, shadow.get_at((1, 48)).a
    assert centre > 60 and edge < centre


def test_empty_spot_ghosts_the_chef_only_for_chef_spots() -> None:
    ghost, plain = rumble_art.empty_spot("pierre", 60, 84), rumble_art.empty_spot("deck", 60, 84)
    assert pygame.mask.from_surface(ghost, 60).count() > pygame.mask.from_surface(plain, 60).count() + 200


def test_prepare_leaves_surfaces_alone_without_a_display(monkeypatch) -> None:
    monkeypatch.setattr(pygame.display, "get_surface", lambda: None)
    surf = pygame.Surface((10, 10), pygame.SRCALPHA)
    assert art.prepare(surf) is surf


def test_prepare_converts_once_a_display_exists() -> None:
    # Borrow the display if another test opened one; otherwise open (and later close) our own.
    opened = pygame.display.get_surface() is None
    if opened:
        pygame.display.init()
        pygame.display.set_mode((64, 48))
    try:
        surf = pygame.Surface((10, 10), pygame.SRCALPHA)
        converted = art.prepare(surf)
        assert converted is not surf
        assert converted.get_flags() & pygame.SRCALPHA
        art.clear_cache()
        assert rumble_art.card_face("one", 60, 84).get_flags() & pygame.SRCALPHA
    finally:
        if opened:
            pygame.display.quit()


@pytest.mark.parametrize("size", [(4, 4), (12, 17), (24, 34)])
def test_tiny_sizes_still_draw_without_errors(size: tuple[int, int]) -> None:
    w, h = size
    for kind in rumble_art.CARD_KINDS:
        assert rumble_art.card_face(kind, w, h).get_size() == (max(4, w), max(4, h))
    assert rumble_art.battle_board(w * 3, h, (200, 60, 60)).get_size() == (max(4, w * 3), max(4, h))
    assert art.die_face(6, w, "cherry").get_width() == max(4, w)
