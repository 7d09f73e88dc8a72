"""Render every piece of table art onto one contact sheet PNG so a person can look it over.

Usage: python tools/art_gallery.py [--out DIR] [--scale N]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from pie_table.kit import art  # noqa: E402
from pie_table.kit import palette as pal  # noqa: E402
from pie_table.kit.fonts import render  # noqa: E402

_GAP = 12


class _Sheet:
    """Lays surfaces out left to right in labelled rows."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.items: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.x, self.y, self.row_h = _GAP, _GAP, 0

    def title(self, text: str) -> None:
        self.newline()
        label = render(text, 16, pal.CREAM, "bold")
        self.items.append((label, (_GAP, self.y)))
        self.y += label.get_height() + 4

    def add(self, surf: pygame.Surface) -> None:
        if self.x + surf.get_width() > self.width - _GAP:
            self.newline()
        self.items.append((surf, (self.x, self.y)))
        self.x += surf.get_width() + _GAP
        self.row_h = max(self.row_h, surf.get_height())

    def newline(self) -> None:
        if self.row_h:
            self.y += self.row_h + _GAP
        self.x, self.row_h = _GAP, 0

    def render(self) -> pygame.Surface:
        self.newline()
        out = pygame.Surface((self.width, self.y + _GAP))
        out.fill(pal.FELT)
        for surf, pos in self.items:
            out.blit(surf, pos)
        return out


def build_sheet(width: int = 1400) -> pygame.Surface:
    """The contact sheet: every face, back, portrait, board, die, icon and outline."""
    sheet = _Sheet(width)
    for w, h in ((60, 84), (120, 168)):
        sheet.title(f"Card faces {w}x{h}")
        for kind in art.CARD_KINDS:
            sheet.add(art.card_face(kind, w, h))
        for color in pal.SEAT_COLORS[:3]:
            sheet.add(art.card_back(color, w, h))
    sheet.title("Chefs, rat, Host's hat, pies")
    for size in (120, 48):
        for name in art.CHEF_NAMES:
            sheet.add(art.chef_portrait(name, size))
        sheet.add(art.rat_portrait(size))
        sheet.add(art.host_hat(size))
        sheet.add(art.pie_icon(size))
    sheet.title("Battle boards, spots, glow")
    sheet.add(art.battle_board(330, 150, pal.SEAT_COLORS[0]))
    sheet.add(art.battle_board(220, 100, pal.SEAT_COLORS[1]))
    for name in (*art.CHEF_NAMES, "deck"):
        sheet.add(art.empty_spot(name, 60, 84))
    glow = art.card_face("three", 60, 84).copy()
    glow.blit(art.highlight_outline(60, 84, pal.HIGHLIGHT), (0, 0))
    sheet.add(glow)
    sheet.title("Dice")
    for tint in art.DIE_TINTS:
        for value in range(1, 7):
            sheet.add(art.die_face(value, 48, tint))
    return sheet.render()


def main(argv: list[str] | None = None) -> int:
    """Write art_gallery.png to --out and print where it went."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="build/gallery", help="directory for art_gallery.png")
    args = parser.parse_args(argv)
    pygame.init()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "art_gallery.png"
    pygame.image.save(build_sheet(), str(path))
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
