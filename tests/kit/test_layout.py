"""Table layouts: every .tmx loads, slots are complete and disjoint, scaling keeps the geometry."""

from __future__ import annotations

import importlib.util
import itertools
import math
import sys
from pathlib import Path

import pygame
import pytest

from pie_table.kit.layout import (
    LAYOUT_DIR,
    Layout,
    LayoutError,
    SlotInfo,
    load_layout,
    load_layout_file,
)

SEATS = [2, 3, 4, 5, 6]
SLOT_PARTS = ("board", "arsenal", "deck", "hand", "label")
FACES = ("shorty", "sylvie", "pierre")
TABLE_ZONES = ("play", "panel", "banner", "scores", "legend", "status", "log")
CANVAS = pygame.Rect(0, 0, 1280, 720)
ROOT = Path(__file__).resolve().parents[2]


def slot_zone_names(k: int) -> list[str]:
    return [f"seat{k}_{p}" for p in ("region", *SLOT_PARTS)] + [f"seat{k}_face_{f}" for f in FACES]


def assert_disjoint(rects: dict[str, pygame.Rect]) -> None:
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"


@pytest.fixture(params=SEATS)
def layout(request) -> Layout:
    return load_layout("rumble-pie", request.param)


def test_every_file_loads_with_its_properties(layout: Layout) -> None:
    n = layout.props["seats"]
    assert layout.path == LAYOUT_DIR / f"rumble-pie-{n}.tmx"
    assert layout.props["game"] == "rumble-pie"
    cw, ch = layout.card_size
    assert abs(cw / ch - 5 / 7) < 0.01  # the art's shape
    assert layout.stack == round(ch * 2 / 7)
    assert layout.size == (1280, 720)
    if n >= 4:
        assert layout.card_size == (60, 84)


def test_fewer_seats_get_bigger_cards() -> None:
    heights = [load_layout("rumble-pie", n).card_size[1] for n in SEATS]
    assert heights == sorted(heights, reverse=True)
    two, six = load_layout("rumble-pie", 2).card_size, load_layout("rumble-pie", 6).card_size
    assert two[0] * two[1] >= 2 * six[0] * six[1]  # a 1v1 table reads from across the room
    assert load_layout("rumble-pie", 3).card_size[1] >= 100


def test_load_is_cached() -> None:
    assert load_layout("rumble-pie", 4) is load_layout("rumble-pie", 4)


def test_exactly_n_slots_bottom_row_first(layout: Layout) -> None:
    n = layout.props["seats"]
    n_bottom = math.ceil(n / 2)
    expected = [SlotInfo(k, "bottom" if k < n_bottom else "top") for k in range(n)]
    assert layout.slots() == expected
    assert layout.scale_to((800, 450)).slots() == expected
    assert not [z for z in layout.zones if z.startswith(f"seat{n}_")]


def test_required_zones_exist_with_slot_props(layout: Layout) -> None:
    for z in TABLE_ZONES:
        assert z in layout.zones
    for slot in layout.slots():
        for name in slot_zone_names(slot.index):
            assert name in layout.zones, name
            assert layout.zone_props[name]["slot"] == slot.index
            assert layout.zone_props[name]["side"] == slot.side


def test_slot_regions_do_not_overlap_and_stay_in_play_area(layout: Layout) -> None:
    regions = {f"r{s.index}": layout.zones[f"seat{s.index}_region"] for s in layout.slots()}
    assert_disjoint(regions)
    for r in regions.values():
        assert layout.zones["play"].contains(r)
    # Global zones sit between/beside the rows, never on a seat.
    for z in ("banner", "scores", "legend", "status", "log"):
        for name, r in regions.items():
            assert not layout.zones[z].colliderect(r), (z, name)


def test_zones_within_a_slot_are_disjoint_and_inside_region(layout: Layout) -> None:
    for s in layout.slots():
        k = s.index
        region = layout.zones[f"seat{k}_region"]
        parts = {p: layout.zones[f"seat{k}_{p}"] for p in SLOT_PARTS}
        assert_disjoint(parts)
        for p, r in parts.items():
            assert region.contains(r), (k, p)


def test_faces_are_card_spots_inside_their_board(layout: Layout) -> None:
    cw, ch = layout.card_size
    for s in layout.slots():
        board = layout.zones[f"seat{s.index}_board"]
        faces = {f: layout.zones[f"seat{s.index}_face_{f}"] for f in FACES}
        assert_disjoint(faces)
        for r in faces.values():
            assert r.size == (cw, ch)
            assert board.contains(r)
            assert board.bottom - r.top >= ch + layout.stack  # room for the stacking offset
        assert [r.x for r in faces.values()] == sorted(r.x for r in faces.values())


def test_zone_sizes_fit_their_cards(layout: Layout) -> None:
    cw, ch = layout.card_size
    for s in layout.slots():
        k = s.index
        assert layout.zones[f"seat{k}_deck"].size == (cw, ch)
        assert layout.zones[f"seat{k}_hand"].size == (cw, ch)
        ars = layout.zones[f"seat{k}_arsenal"]
        assert ars.w >= 4 * cw and ars.h >= ch + 2 * layout.stack
        assert 18 <= layout.zones[f"seat{k}_label"].h <= 24


def test_room_for_a_cursor_badge_under_every_arsenal(layout: Layout) -> None:
    for s in layout.slots():
        k = s.index
        ars = layout.zones[f"seat{k}_arsenal"]
        badge = pygame.Rect(ars.x, ars.bottom, ars.w, 18)  # a "P1" flag under the cascade's last card
        assert layout.zones[f"seat{k}_region"].contains(badge), k
        for p in ("board", "deck", "hand", "label"):
            assert not badge.colliderect(layout.zones[f"seat{k}_{p}"]), (k, p)


def test_top_row_mirrors_board_toward_centre(layout: Layout) -> None:
    for s in layout.slots():
        board = layout.zones[f"seat{s.index}_board"]
        ars = layout.zones[f"seat{s.index}_arsenal"]
        label = layout.zones[f"seat{s.index}_label"]
        wide = board.top < ars.bottom and ars.top < board.bottom  # one line: board beside the arsenal
        if s.side == "bottom":
            assert wide or board.bottom <= ars.top
            assert label.top >= max(board.bottom, ars.bottom)
        else:
            assert wide or ars.bottom <= board.top
            assert label.bottom <= min(board.top, ars.top)
    banner = layout.zones["banner"]
    for s in layout.slots():
        region = layout.zones[f"seat{s.index}_region"]
        assert banner.top >= region.bottom if s.side == "top" else banner.bottom <= region.top
    assert banner.h >= 72  # the countdown number, its line and the Go! button


def test_everything_inside_canvas_and_panel(layout: Layout) -> None:
    for name, r in layout.zones.items():
        assert CANVAS.contains(r), name
        assert r.w > 0 and r.h > 0, name
    panel = layout.zones["panel"]
    assert panel.x == 1040 and panel.w == 240
    boxes = {z: layout.zones[z] for z in ("scores", "legend", "status", "log")}
    assert_disjoint(boxes)
    assert all(panel.contains(r) for r in boxes.values())
    assert boxes["legend"].h >= 2 * 9 * 16  # two humans' keys, ~9 lines each


def test_slot_width_grows_as_players_drop() -> None:
    six = load_layout("rumble-pie", 6)
    widths = [six.zones[f"seat{k}_region"].w for k in range(6)]
    assert all(345 <= w <= 348 for w in widths)
    two = load_layout("rumble-pie", 2)
    region, board = two.zones["seat0_region"], two.zones["seat0_board"]
    assert region.w == 1040
    assert board.w > six.zones["seat0_board"].w
    # Content is centred: its bounding box has about equal margins on both sides.
    parts = [two.zones[f"seat0_{p}"] for p in SLOT_PARTS]
    box = parts[0].unionall(parts[1:])
    assert abs((box.left - region.left) - (region.right - box.right)) <= 2
    assert box.w >= 0.9 * region.w  # a 1v1 seat spans the felt instead of huddling in its middle


@pytest.mark.parametrize("window", [(1920, 1080), (800, 450)])
def test_scaling_keeps_proportions(layout: Layout, window: tuple[int, int]) -> None:
    sl = layout.scale_to(window)
    s = window[0] / 1280
    assert sl.scale == pytest.approx(s)
    assert sl.offset == (0, 0)
    cw, ch = layout.card_size
    assert sl.card_size == (round(cw * s), round(ch * s))
    for name, base in layout.zones.items():
        r = sl.rect(name)
        assert abs(r.x - base.x * s) <= 1 and abs(r.y - base.y * s) <= 1, name
        assert abs(r.w - base.w * s) <= 1 and abs(r.h - base.h * s) <= 1, name
        assert pygame.Rect((0, 0), window).contains(r), name


@pytest.mark.parametrize("window", [(1920, 1080), (800, 450), (1000, 1000), (1700, 600)])
def test_scaling_keeps_containment_and_disjointness(layout: Layout, window: tuple[int, int]) -> None:
    sl = layout.scale_to(window)
    assert pygame.Rect((0, 0), window).contains(sl.area)
    for s in layout.slots():
        k = s.index
        region = sl.rect(f"seat{k}_region")
        assert_disjoint({p: sl.rect(f"seat{k}_{p}") for p in SLOT_PARTS})
        for p in SLOT_PARTS:
            assert region.contains(sl.rect(f"seat{k}_{p}"))
        for f in FACES:
            assert sl.rect(f"seat{k}_board").contains(sl.rect(f"seat{k}_face_{f}"))
    assert_disjoint({f"r{s.index}": sl.rect(f"seat{s.index}_region") for s in layout.slots()})


def test_letterbox_is_centred() -> None:
    sl = load_layout("rumble-pie", 4).scale_to((1000, 1000))
    assert sl.scale == pytest.approx(1000 / 1280)
    assert sl.offset[0] == 0
    assert sl.offset[1] == pytest.approx((1000 - 720 * 1000 / 1280) / 2)
    assert sl.area.centery in (499, 500, 501)


def test_to_base_inverts_window_coords_for_hit_tests() -> None:
    lay = load_layout("rumble-pie", 4)
    sl = lay.scale_to((1000, 1000))
    deck = lay.zones["seat2_deck"]
    bx, by = sl.to_base(sl.to_window(deck.center))
    assert abs(bx - deck.centerx) <= 1 and abs(by - deck.centery) <= 1
    assert deck.collidepoint(bx, by)
    assert sl.zone_at(sl.to_window(deck.center)) == "seat2_deck"
    assert sl.zone_at(sl.to_window(lay.zones["seat0_face_sylvie"].center)) == "seat0_face_sylvie"
    assert sl.zone_at(sl.to_window(deck.center), kinds=("region",)) == "seat2_region"
    assert sl.zone_at((500, 5)) is None  # letterbox


TINY_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.9" tiledversion="1.9.2" orientation="orthogonal" renderorder="right-down"
     width="80" height="45" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="3">
 <properties>
  <property name="card_w" type="int" value="60"/>
  <property name="card_h" type="int" value="84"/>
  <property name="game" value="tiny"/>
  <property name="seats" type="int" value="1"/>
 </properties>
 <objectgroup id="2" name="bottom_row">
  <object id="1" name="seat0_region" {attr}="region" x="0" y="400" width="500" height="320">
   <properties><property name="side" value="bottom"/><property name="slot" type="int" value="0"/></properties>
  </object>
  <object id="2" name="seat0_deck" {attr}="deck" x="10" y="410" width="60" height="84"/>
 </objectgroup>
</map>
"""


@pytest.mark.parametrize("attr", ["class", "type"])
def test_class_and_type_variants_both_load(tmp_path: Path, attr: str) -> None:
    path = tmp_path / "tiny-1.tmx"
    path.write_text(TINY_TMX.format(attr=attr), encoding="utf-8")
    lay = load_layout_file(path)
    assert lay.zone_props["seat0_deck"]["type"] == "deck"
    assert lay.zone_props["seat0_region"]["type"] == "region"
    assert lay.zones["seat0_deck"] == pygame.Rect(10, 410, 60, 84)
    assert lay.slots() == [SlotInfo(0, "bottom")]


def test_corrupt_file_raises_one_line_layout_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.tmx"
    path.write_text(TINY_TMX.format(attr="type")[:500], encoding="utf-8")
    with pytest.raises(LayoutError) as err:
        load_layout_file(path)
    assert "broken.tmx" in str(err.value) and "\n" not in str(err.value)


def test_missing_file_raises_layout_error() -> None:
    with pytest.raises(LayoutError, match="not found"):
        load_layout("rumble-pie", 9)


def test_missing_map_property_raises_layout_error(tmp_path: Path) -> None:
    path = tmp_path / "noprops.tmx"
    path.write_text(TINY_TMX.format(attr="type").replace('name="game"', 'name="gamez"'), encoding="utf-8")
    with pytest.raises(LayoutError, match="game"):
        load_layout_file(path)


def test_committed_files_match_the_generator(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("gen_layouts", ROOT / "tools" / "gen_layouts.py")
    gen = importlib.util.module_from_spec(spec)
    sys.modules["gen_layouts"] = gen  # dataclasses look their module up while the class is built
    try:
        spec.loader.exec_module(gen)
    finally:
        sys.modules.pop("gen_layouts", None)
    for path in gen.write_all(tmp_path):
        committed = LAYOUT_DIR / path.name
        assert committed.read_bytes() == path.read_bytes(), f"re-run tools/gen_layouts.py ({path.name})"
