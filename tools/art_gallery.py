"""Render every piece of table art onto one contact sheet PNG so a person can look it over.

Usage: python tools/art_gallery.py [--out DIR] [--bench]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from pie_table.games.rats.ui import art as rats_art  # noqa: E402
from pie_table.games.rumble_pie.ui import art as rumble_art  # noqa: E402
from pie_table.games.rumble_pie.ui.kapow import KAPOW  # noqa: E402
from pie_table.kit import art  # noqa: E402
from pie_table.kit import palette as pal  # noqa: E402
from pie_table.kit.dice import DieSprite  # noqa: E402
from pie_table.kit.effects import EffectLayer  # noqa: E402
from pie_table.kit.fonts import render  # noqa: E402
from pie_table.kit.sprites import CardSprite  # noqa: E402

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
        for kind in rumble_art.CARD_KINDS:
            sheet.add(rumble_art.card_face(kind, w, h))
        for color in pal.SEAT_COLORS[:3]:
            sheet.add(art.card_back(color, w, h))
    sheet.title("Chefs, rat, Host's hat, pies")
    for size in (120, 48):
        for name in art.CHEF_NAMES:
            sheet.add(art.chef_portrait(name, size))
        sheet.add(art.rat_portrait(size))
        sheet.add(rats_art.host_hat(size))
        sheet.add(art.pie_icon(size))
    sheet.title("Battle boards, spots, glow")
    sheet.add(rumble_art.battle_board(330, 150, pal.SEAT_COLORS[0]))
    sheet.add(rumble_art.battle_board(220, 100, pal.SEAT_COLORS[1]))
    for name in (*art.CHEF_NAMES, "deck"):
        sheet.add(rumble_art.empty_spot(name, 60, 84))
    shadowed = art.card_shadow(60, 84).copy()
    shadowed.blit(rumble_art.card_face("pierre", 60, 84), (6, 3))
    sheet.add(shadowed)
    glow = rumble_art.card_face("three", 60, 84).copy()
    glow.blit(art.highlight_outline(60, 84, pal.HIGHLIGHT), (0, 0))
    sheet.add(glow)
    sheet.title("Dice")
    for tint in art.DIE_TINTS:
        for value in range(1, 7):
            sheet.add(art.die_face(value, 48, tint))
    _animation_rows(sheet)
    return sheet.render()


def _animation_rows(sheet: _Sheet) -> None:
    """Frames of a card flip, a die roll and a KaPow! burst, sampled in time."""
    sheet.title("Flip, roll, KaPow! (frames)")
    card = CardSprite(1, "kapow", rumble_art.card_face, owner_color=pal.SEAT_COLORS[1])
    card.flip(0.24)
    for _ in range(7):
        card.update(0.035)
        sheet.add(_framed(card.image, (64, 92)))
    die = DieSprite(1, 48, "cherry")
    die.roll(5, 0.8, rng_seed=1)
    for _ in range(8):
        die.update(0.1)
        sheet.add(_framed(die.image, (72, 72)))
    sheet.newline()
    fx = EffectLayer(seed=3, burst=KAPOW)
    fx.burst((130, 130))
    fx.float_text("+1", (130, 40), pal.GOLD)
    for _ in range(5):
        fx.update(0.12)
        frame = pygame.Surface((260, 260))
        frame.fill(pal.FELT_DARK)
        fx.draw(frame)
        sheet.add(frame)


def _framed(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """`image` centred on a fixed-size transparent tile so frames line up."""
    tile = pygame.Surface(size, pygame.SRCALPHA)
    tile.blit(image, image.get_rect(center=(size[0] // 2, size[1] // 2)))
    return tile


def bench() -> None:
    """Print how long cold art takes to draw and how long a 200-card frame takes to blit."""
    art.clear_cache()
    t0 = time.perf_counter()
    for kind in rumble_art.CARD_KINDS:
        rumble_art.card_face(kind, 60, 84)
    t1 = time.perf_counter()
    print(f"cold: 9 faces at 60x84 in {(t1 - t0) * 1000:.0f} ms")
    t0 = time.perf_counter()
    for kind in rumble_art.CARD_KINDS:
        rumble_art.card_face(kind, 120, 168)
    print(f"cold: 9 faces at 120x168 in {(time.perf_counter() - t0) * 1000:.0f} ms")
    t0 = time.perf_counter()
    rumble_art.battle_board(330, 150, pal.SEAT_COLORS[0])
    art.card_back(pal.SEAT_COLORS[0], 60, 84)
    print(f"cold: board + back in {(time.perf_counter() - t0) * 1000:.0f} ms")
    screen = pygame.display.set_mode((1280, 720))
    for label, convert in (("unconverted", False), ("converted", True)):
        art.clear_cache()
        faces = [rumble_art.card_face(k, 60, 84) for k in rumble_art.CARD_KINDS]
        if convert:
            faces = [f.convert_alpha() for f in faces]
        else:
            faces = [f.copy() for f in faces]
        t0 = time.perf_counter()
        for frame in range(20):
            screen.fill(pal.FELT)
            for i in range(200):
                screen.blit(faces[i % len(faces)], ((i * 37 + frame) % 1200, (i * 53) % 620))
        print(f"200-card frame, {label}: {(time.perf_counter() - t0) / 20 * 1000:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    """Write art_gallery.png to --out and print where it went (--bench prints timings instead)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="out/gallery", help="directory for art_gallery.png")
    parser.add_argument("--bench", action="store_true", help="print drawing and blitting timings")
    args = parser.parse_args(argv)
    pygame.init()
    if args.bench:
        bench()
        return 0
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "art_gallery.png"
    pygame.image.save(build_sheet(), str(path))
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
