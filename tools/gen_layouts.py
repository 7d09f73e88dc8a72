"""Write the Rumble Pie table layouts (assets/layouts/rumble-pie-N.tmx) and, with --png DIR, debug pictures.

The .tmx files are the data the game reads (pie_table/kit/layout.py); this script is only how they were made.
Usage: python tools/gen_layouts.py [--out DIR] [--png DIR]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "assets" / "layouts"
GAME = "rumble-pie"
SEAT_COUNTS = range(2, 7)

W, H = 1280, 720
TILE = 16
PANEL_W = 240
PLAY_W = W - PANEL_W  # 1040: the felt the seats share
CARD_W, CARD_H = 60, 84
STACK = 24  # offset between stacked / cascaded cards

# Battle Board: three face piles side by side, padded, with room for the stacking offset below the spot.
BOARD_PAD_X, BOARD_PAD_Y, FACE_GAP = 8, 6, 8
BOARD_W = 3 * CARD_W + 2 * FACE_GAP + 2 * BOARD_PAD_X  # 212
BOARD_H = CARD_H + STACK + 2 * BOARD_PAD_Y  # 120
FACES = ("shorty", "sylvie", "pierre")
# Arsenal: 4 columns (the 4th only after a freeze) of 3 cards cascaded downward.
ARS_COLS, ARS_GAP = 4, 6
ARSENAL_W = ARS_COLS * CARD_W + (ARS_COLS - 1) * ARS_GAP  # 258
ARSENAL_H = CARD_H + 2 * STACK  # 132
DECK_GAP = 10  # deck sits right of the arsenal, the held card right of the board, one above the other
LABEL_H = 20
CONTENT_W = ARSENAL_W + DECK_GAP + CARD_W  # 328: widest line of a slot, centred in it

# Vertical bands of a bottom-row slot, from the table's centre line down to the player's edge.
ROW_H = 312
INNER_MARGIN, BOARD_ARSENAL_GAP, ARSENAL_LABEL_GAP = 8, 12, 8
BOARD_DY = INNER_MARGIN
ARSENAL_DY = BOARD_DY + BOARD_H + BOARD_ARSENAL_GAP
LABEL_DY = ARSENAL_DY + ARSENAL_H + ARSENAL_LABEL_GAP
assert LABEL_DY + LABEL_H <= ROW_H

# Right-hand panel, top to bottom (legend: two humans x ~9 lines at 16 px, plus headers).
PANEL_PAD = 8
PANEL_ZONES = (("scores", 136), ("status", 88), ("legend", 312), ("log", 144))


@dataclass
class Zone:
    """One Tiled rectangle object: name, kind (Tiled `type`), rect and custom properties."""

    name: str
    kind: str
    rect: tuple[int, int, int, int]
    props: dict[str, str | int] = field(default_factory=dict)


def table_zones() -> list[Zone]:
    """Global zones: play area, panel and its four boxes, and the centre banner."""
    zones = [Zone("play", "area", (0, 0, PLAY_W, H)), Zone("panel", "area", (PLAY_W, 0, PANEL_W, H))]
    y = PANEL_PAD
    for name, h in PANEL_ZONES:
        zones.append(Zone(name, "panel", (PLAY_W + PANEL_PAD, y, PANEL_W - 2 * PANEL_PAD, h)))
        y += h + PANEL_PAD
    assert y <= H
    banner_gap = H - 2 * ROW_H
    zones.append(Zone("banner", "banner", (16, ROW_H + 4, PLAY_W - 32, banner_gap - 8)))
    return zones


def _band_y(row_y: int, dy: int, h: int, side: str) -> int:
    """Top of a band `dy` from the centre line; top-row slots mirror so the board stays nearest the centre."""
    if side == "bottom":
        return row_y + dy
    return row_y + ROW_H - dy - h


def slot_zones(k: int, side: str, x: int, w: int) -> list[Zone]:
    """All zones of slot `k` occupying columns x..x+w of its row."""
    row_y = H - ROW_H if side == "bottom" else 0
    cx = x + (w - CONTENT_W) // 2  # cards keep their size; wider slots just centre the content
    board_y = _band_y(row_y, BOARD_DY, BOARD_H, side)
    ars_y = _band_y(row_y, ARSENAL_DY, ARSENAL_H, side)
    label_y = _band_y(row_y, LABEL_DY, LABEL_H, side)
    right_col = cx + CONTENT_W - CARD_W  # deck and held card share this column
    board_x = right_col - DECK_GAP - BOARD_W
    props = {"side": side, "slot": k}
    p = f"seat{k}_"
    zones = [
        Zone(p + "region", "region", (x, row_y, w, ROW_H)),
        Zone(p + "board", "board", (board_x, board_y, BOARD_W, BOARD_H)),
        Zone(p + "arsenal", "arsenal", (cx, ars_y, ARSENAL_W, ARSENAL_H)),
        Zone(p + "deck", "deck", (right_col, ars_y, CARD_W, CARD_H)),
        Zone(p + "hand", "hand", (right_col, board_y + BOARD_PAD_Y, CARD_W, CARD_H)),
        Zone(p + "label", "label", (cx, label_y, CONTENT_W, LABEL_H)),
    ]
    for i, face in enumerate(FACES):
        fx = board_x + BOARD_PAD_X + i * (CARD_W + FACE_GAP)
        spot = (fx, board_y + BOARD_PAD_Y, CARD_W, CARD_H)
        zones.append(Zone(p + "face_" + face, "face", spot, {"face": face}))
    for z in zones:
        z.props = {**props, **z.props}
    return zones


def row_zones(seats: int) -> dict[str, list[Zone]]:
    """Zones of every slot: bottom row ceil(N/2) slots left to right, then the top row floor(N/2)."""
    rows: dict[str, list[Zone]] = {"bottom_row": [], "top_row": []}
    n_bottom = math.ceil(seats / 2)
    k = 0
    for side, count in (("bottom", n_bottom), ("top", seats - n_bottom)):
        for i in range(count):
            x0, x1 = round(i * PLAY_W / count), round((i + 1) * PLAY_W / count)
            rows[f"{side}_row"].extend(slot_zones(k, side, x0, x1 - x0))
            k += 1
    return rows


def _properties(parent: ET.Element, props: dict[str, str | int]) -> None:
    """Append a Tiled <properties> block; ints are typed so pytmx casts them back."""
    node = ET.SubElement(parent, "properties")
    for key, value in props.items():
        attrs = {"name": key, "value": str(value)}
        if isinstance(value, int):
            attrs = {"name": key, "type": "int", "value": str(value)}
        ET.SubElement(node, "property", attrs)


def build_map(seats: int) -> ET.ElementTree:
    """The whole Tiled map for `seats` players."""
    groups = {"table": table_zones(), **row_zones(seats)}
    n_objects = sum(len(g) for g in groups.values())
    root = ET.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal", "renderorder": "right-down",
        "width": str(W // TILE), "height": str(H // TILE), "tilewidth": str(TILE), "tileheight": str(TILE),
        "infinite": "0", "nextlayerid": str(len(groups) + 2), "nextobjectid": str(n_objects + 1),
    })
    _properties(root, {"card_h": CARD_H, "card_w": CARD_W, "game": GAME, "seats": seats})
    # An empty tile layer keeps the map a normal Tiled map (and lets someone paint felt in Tiled later).
    layer = ET.SubElement(root, "layer", {"id": "1", "name": "felt", "width": str(W // TILE),
                                          "height": str(H // TILE)})
    row = ",".join(["0"] * (W // TILE))
    ET.SubElement(layer, "data", {"encoding": "csv"}).text = "\n" + ",\n".join([row] * (H // TILE)) + "\n"
    obj_id = 1
    for layer_id, (gname, zones) in enumerate(groups.items(), start=2):
        group = ET.SubElement(root, "objectgroup", {"id": str(layer_id), "name": gname})
        for z in zones:
            x, y, w, h = z.rect
            attrs = {"id": str(obj_id), "name": z.name, "type": z.kind,
                     "x": str(x), "y": str(y), "width": str(w), "height": str(h)}
            obj = ET.SubElement(group, "object", attrs)
            if z.props:
                _properties(obj, z.props)
            obj_id += 1
    ET.indent(root, space=" ")
    return ET.ElementTree(root)


def write_all(out_dir: Path) -> list[Path]:
    """Write every rumble-pie-N.tmx into `out_dir`; returns the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for n in SEAT_COUNTS:
        path = out_dir / f"{GAME}-{n}.tmx"
        build_map(n).write(path, encoding="UTF-8", xml_declaration=True)
        paths.append(path)
    return paths


def draw_png(seats: int, path: Path) -> None:
    """Debug picture of a layout as the game reads it, with sample cards placed in the zones."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from pie_table.kit import palette
    from pie_table.kit.fonts import render
    from pie_table.kit.layout import load_layout

    lay = load_layout(GAME, seats)
    surf = pygame.Surface(lay.size)
    surf.fill(palette.FELT)
    pygame.draw.rect(surf, palette.WOOD, lay.zones["panel"])
    for name, rect in lay.zones.items():
        kind = lay.zone_props[name].get("type")
        if kind == "region":
            color = palette.SEAT_COLORS[lay.zone_props[name]["slot"] % len(palette.SEAT_COLORS)]
            pygame.draw.rect(surf, palette.FELT_DARK, rect.inflate(-4, -4), border_radius=10)
            pygame.draw.rect(surf, color, rect.inflate(-4, -4), 2, border_radius=10)
        elif kind in ("panel", "banner"):
            pygame.draw.rect(surf, palette.WOOD_DARK if kind == "panel" else palette.FELT_LIGHT, rect,
                             border_radius=6)
            surf.blit(render(name, 14, palette.CREAM, "bold"), (rect.x + 6, rect.y + 4))
    for name, rect in lay.zones.items():
        kind = lay.zone_props[name].get("type")
        if kind in ("board", "arsenal"):
            pygame.draw.rect(surf, palette.FELT_LIGHT, rect, 1, border_radius=6)
        elif kind == "label":
            surf.blit(render(f"Player {lay.zone_props[name]['slot'] + 1} - Team", 14, palette.CREAM),
                      (rect.x + 2, rect.y + 2))
    cw, ch = lay.card_size
    for name, rect in lay.zones.items():
        kind = lay.zone_props[name].get("type")
        if kind == "face":
            _card(surf, pygame.Rect(rect.x, rect.y, cw, ch), palette.CREAM)
            _card(surf, pygame.Rect(rect.x, rect.y + STACK, cw, ch), palette.CREAM)
        elif kind in ("deck", "hand"):
            _card(surf, rect, palette.SEAT_COLORS[0] if kind == "deck" else palette.CREAM)
        elif kind == "arsenal":
            for col in range(ARS_COLS):
                for r in range(3):
                    spot = pygame.Rect(rect.x + col * (cw + ARS_GAP), rect.y + r * STACK, cw, ch)
                    if col < ARS_COLS - 1:
                        _card(surf, spot, palette.CREAM)
                    elif r == 0:
                        pygame.draw.rect(surf, palette.HIGHLIGHT, spot, 1, border_radius=5)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def _card(surf, rect, color) -> None:
    """A plain card with an ink outline."""
    import pygame

    from pie_table.kit import palette

    pygame.draw.rect(surf, color, rect, border_radius=5)
    pygame.draw.rect(surf, palette.INK, rect, 1, border_radius=5)


def main(argv: list[str] | None = None) -> int:
    """Command line entry: write the .tmx files, optionally the debug PNGs."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT_DIR, help="where the .tmx files go")
    ap.add_argument("--png", type=Path, help="also draw a debug PNG per layout into this folder")
    args = ap.parse_args(argv)
    for path in write_all(args.out):
        print(path)
    if args.png:
        if args.out.resolve() != OUT_DIR.resolve():
            print("--png draws the layouts in assets/layouts", file=sys.stderr)
        for n in SEAT_COUNTS:
            draw_png(n, args.png / f"{GAME}-{n}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
