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
FACES = ("shorty", "sylvie", "pierre")
ARS_COLS = 4  # arsenal columns (the 4th only after a freeze) of 3 cards cascaded downward
LABEL_H = 20
# Room under a cascade's last card for a human's cursor badge ("P1"), so it never touches the label.
BADGE_H = 18
GAP = 12  # between a stacked slot's other bands
MARGIN = 8  # inside a slot, around its content
BANNER_MIN = 84  # the centre strip: countdown numbers and the Go! button
CARD_H_MAX, CARD_H_MIN = 160, 60

# Right-hand panel, top to bottom (legend: two humans x ~9 lines at 16 px, plus headers).
PANEL_PAD = 8
PANEL_ZONES = (("scores", 136), ("status", 88), ("legend", 312), ("log", 144))


@dataclass(frozen=True)
class Cards:
    """One layout's card size and every length derived from it (pads and gaps grow with the cards)."""

    w: int
    h: int

    @classmethod
    def of_height(cls, h: int) -> Cards:
        """Cards of height `h` in the 5:7 shape of the art."""
        return cls(round(h * 5 / 7), h)

    def k(self, base: int) -> int:
        """A gap that is `base` px for the 60-px card, scaled to this card."""
        return max(1, round(base * self.w / 60))

    @property
    def stack(self) -> int:
        """Offset between cascaded arsenal cards (and the room a pile needs below its spot)."""
        return round(self.h * 2 / 7)

    @property
    def pad(self) -> tuple[int, int]:
        """Battle Board padding (x, y) around its three face spots."""
        return self.k(8), self.k(6)

    @property
    def board(self) -> tuple[int, int]:
        """Battle Board size: three face piles side by side, with room for the stacking offset."""
        return 3 * self.w + 2 * self.k(8) + 2 * self.pad[0], self.h + self.stack + 2 * self.pad[1]

    @property
    def arsenal(self) -> tuple[int, int]:
        """Arsenal size: ARS_COLS columns of 3 cascaded cards."""
        return ARS_COLS * self.w + (ARS_COLS - 1) * self.k(6), self.h + 2 * self.stack

    def stacked(self) -> tuple[int, int]:
        """Content size of a narrow slot: board above the arsenal, deck and held card in a column beside."""
        width = self.arsenal[0] + self.k(10) + self.w
        return width, self.board[1] + GAP + self.arsenal[1] + BADGE_H + LABEL_H

    def wide(self) -> tuple[int, int]:
        """Content size of a wide slot: arsenal, deck, held card and board in one line over the label."""
        width = self.arsenal[0] + self.k(16) + self.w + self.k(10) + self.w + self.k(16) + self.board[0]
        band = max(self.board[1], self.pad[1] + self.arsenal[1])
        return width, LABEL_H + self.k(6) + band + BADGE_H


@dataclass
class Zone:
    """One Tiled rectangle object: name, kind (Tiled `type`), rect and custom properties."""

    name: str
    kind: str
    rect: tuple[int, int, int, int]
    props: dict[str, str | int] = field(default_factory=dict)


def row_counts(seats: int) -> dict[str, int]:
    """Slots per row: the bottom row takes ceil(N/2), the top row the rest."""
    return {"bottom": math.ceil(seats / 2), "top": seats - math.ceil(seats / 2)}


def arrangement(cards: Cards, slot_w: int) -> str | None:
    """'wide' if the one-line slot fits `slot_w`, else 'stacked' if that fits, else None."""
    for name, side_margin in (("wide", 3 * MARGIN), ("stacked", MARGIN)):  # a long line wants more air
        if getattr(cards, name)()[0] + 2 * side_margin <= slot_w:
            return name
    return None


def row_need(cards: Cards, seats: int, side: str) -> int | None:
    """Height a row needs with these cards, or None if its slots are too narrow for them."""
    kind = arrangement(cards, PLAY_W // row_counts(seats)[side])
    return None if kind is None else getattr(cards, kind)()[1] + 2 * MARGIN


def fit_cards(seats: int) -> Cards:
    """The biggest cards with which both rows and the banner fit the canvas: fewer seats, bigger cards."""
    for h in range(CARD_H_MAX, CARD_H_MIN - 1, -1):
        cards = Cards.of_height(h)
        needs = [row_need(cards, seats, side) for side in ("bottom", "top")]
        if None not in needs and sum(needs) + BANNER_MIN <= H:
            return cards
    raise ValueError(f"no card size fits {seats} seats")


def row_heights(seats: int, cards: Cards) -> dict[str, int]:
    """Each row's height: what it needs plus an equal share of the spare height (the banner gets the rest)."""
    needs = {side: row_need(cards, seats, side) or 0 for side in ("bottom", "top")}
    share = (H - BANNER_MIN - sum(needs.values())) // 3
    return {side: need + share for side, need in needs.items()}


def table_zones(heights: dict[str, int]) -> list[Zone]:
    """Global zones: play area, panel and its four boxes, and the centre banner between the rows."""
    zones = [Zone("play", "area", (0, 0, PLAY_W, H)), Zone("panel", "area", (PLAY_W, 0, PANEL_W, H))]
    y = PANEL_PAD
    for name, h in PANEL_ZONES:
        zones.append(Zone(name, "panel", (PLAY_W + PANEL_PAD, y, PANEL_W - 2 * PANEL_PAD, h)))
        y += h + PANEL_PAD
    assert y <= H
    top, bottom = heights["top"], H - heights["bottom"]
    zones.append(Zone("banner", "banner", (16, top + 4, PLAY_W - 32, bottom - top - 8)))
    return zones


def stacked_parts(cards: Cards, side: str, cx: int, y0: int) -> dict[str, tuple[int, int, int, int]]:
    """Board, arsenal, deck, hand and label of a narrow slot whose content starts at (cx, y0).

    Bottom rows read board, arsenal, label downward; top rows mirror that so the board stays nearest
    the centre. The cascade always grows downward, so the badge room is under the arsenal either way."""
    (bw, bh), (aw, ah) = cards.board, cards.arsenal
    bands = [("board", bh), ("gap", GAP), ("arsenal", ah), ("badge", BADGE_H), ("label", LABEL_H)]
    if side == "top":
        bands = [("label", LABEL_H), ("gap", GAP), ("arsenal", ah), ("badge", BADGE_H), ("board", bh)]
    ys, y = {}, y0
    for name, h in bands:
        ys[name] = y
        y += h
    width = cards.stacked()[0]
    right_col = cx + width - cards.w  # deck and held card share this column
    board_x = right_col - cards.k(10) - bw
    return {
        "board": (board_x, ys["board"], bw, bh),
        "arsenal": (cx, ys["arsenal"], aw, ah),
        "deck": (right_col, ys["arsenal"], cards.w, cards.h),
        "hand": (right_col, ys["board"] + cards.pad[1], cards.w, cards.h),
        "label": (cx, ys["label"], width, LABEL_H),
    }


def wide_parts(cards: Cards, side: str, cx: int, y0: int) -> dict[str, tuple[int, int, int, int]]:
    """Board, arsenal, deck, hand and label of a wide slot: the label on the player's edge of the row."""
    (bw, bh), (aw, ah) = cards.board, cards.arsenal
    width, height = cards.wide()
    label_y = y0 if side == "top" else y0 + height - LABEL_H
    band_y = y0 + LABEL_H + cards.k(6) if side == "top" else y0
    card_y = band_y + cards.pad[1]  # card tops line up with the board's face spots
    deck_x = cx + aw + cards.k(16)
    hand_x = deck_x + cards.w + cards.k(10)
    return {
        "board": (cx + width - bw, band_y, bw, bh),
        "arsenal": (cx, card_y, aw, ah),
        "deck": (deck_x, card_y, cards.w, cards.h),
        "hand": (hand_x, card_y, cards.w, cards.h),
        "label": (cx, label_y, width, LABEL_H),
    }


def slot_zones(k: int, side: str, x: int, w: int, row: tuple[int, int], cards: Cards) -> list[Zone]:
    """All zones of slot `k` occupying columns x..x+w of the row spanning `row` = (top, height)."""
    row_y, row_h = row
    kind = arrangement(cards, w)
    assert kind is not None
    content_w, content_h = getattr(cards, kind)()
    cx, y0 = x + (w - content_w) // 2, row_y + (row_h - content_h) // 2
    parts = (wide_parts if kind == "wide" else stacked_parts)(cards, side, cx, y0)
    props = {"side": side, "slot": k}
    p = f"seat{k}_"
    zones = [Zone(p + "region", "region", (x, row_y, w, row_h))]
    zones += [Zone(p + name, name, rect) for name, rect in parts.items()]
    board_x, board_y = parts["board"][:2]
    for i, face in enumerate(FACES):
        fx = board_x + cards.pad[0] + i * (cards.w + cards.k(8))
        spot = (fx, board_y + cards.pad[1], cards.w, cards.h)
        zones.append(Zone(p + "face_" + face, "face", spot, {"face": face}))
    for z in zones:
        z.props = {**props, **z.props}
    return zones


def row_zones(seats: int, cards: Cards, heights: dict[str, int]) -> dict[str, list[Zone]]:
    """Zones of every slot: bottom row ceil(N/2) slots left to right, then the top row floor(N/2)."""
    rows: dict[str, list[Zone]] = {"bottom_row": [], "top_row": []}
    k = 0
    for side, count in row_counts(seats).items():
        row = (H - heights[side], heights[side]) if side == "bottom" else (0, heights[side])
        for i in range(count):
            x0, x1 = round(i * PLAY_W / count), round((i + 1) * PLAY_W / count)
            rows[f"{side}_row"].extend(slot_zones(k, side, x0, x1 - x0, row, cards))
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
    cards = fit_cards(seats)
    heights = row_heights(seats, cards)
    groups = {"table": table_zones(heights), **row_zones(seats, cards, heights)}
    n_objects = sum(len(g) for g in groups.values())
    root = ET.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal", "renderorder": "right-down",
        "width": str(W // TILE), "height": str(H // TILE), "tilewidth": str(TILE), "tileheight": str(TILE),
        "infinite": "0", "nextlayerid": str(len(groups) + 2), "nextobjectid": str(n_objects + 1),
    })
    props = {"card_h": cards.h, "card_w": cards.w, "game": GAME, "seats": seats, "stack": cards.stack}
    _properties(root, props)
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
    (cw, ch), stack = lay.card_size, lay.stack
    for name, rect in lay.zones.items():
        kind = lay.zone_props[name].get("type")
        if kind == "face":
            _card(surf, pygame.Rect(rect.x, rect.y, cw, ch), palette.CREAM)
            _card(surf, pygame.Rect(rect.x, rect.y + stack, cw, ch), palette.CREAM)
        elif kind in ("deck", "hand"):
            _card(surf, rect, palette.SEAT_COLORS[0] if kind == "deck" else palette.CREAM)
        elif kind == "arsenal":
            for col in range(ARS_COLS):
                for r in range(3):
                    step = cw + (rect.w - ARS_COLS * cw) // (ARS_COLS - 1)
                    spot = pygame.Rect(rect.x + col * step, rect.y + r * stack, cw, ch)
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
