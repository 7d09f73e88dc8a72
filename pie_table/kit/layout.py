"""Table layouts: Tiled .tmx maps of named zones (assets/layouts/<game>-<seats>.tmx), scaled to the window.

Zones are rectangle objects in any object layer; the Tiled object type (written `type=`, or `class=` by
Tiled 1.9) lands in zone_props["type"]. Read with pytmx.TiledMap, so no display is needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from pie_table.paths import assets_dir

LAYOUT_DIR = assets_dir("layouts")
REQUIRED_PROPS = ("card_w", "card_h", "game", "seats")


class LayoutError(Exception):
    """A layout file is missing, unreadable or lacks what the game needs."""


@dataclass(frozen=True)
class SlotInfo:
    """One seat slot of a layout: its index (0..N-1) and which row it sits in ("bottom" / "top")."""

    index: int
    side: str


@dataclass(frozen=True)
class Layout:
    """Zones of one table layout in base (canvas) coordinates. Treat the Rects as read-only."""

    zones: dict[str, pygame.Rect]
    props: dict[str, Any]
    zone_props: dict[str, dict[str, Any]]
    size: tuple[int, int]
    path: Path | None = None

    @property
    def card_size(self) -> tuple[int, int]:
        """Card size (w, h) in base coordinates."""
        return int(self.props["card_w"]), int(self.props["card_h"])

    @property
    def stack(self) -> int:
        """Offset between cascaded cards in base coordinates (older layouts: 2/7 of a card's height)."""
        return int(self.props.get("stack", round(self.card_size[1] * 2 / 7)))

    def rect(self, name: str) -> pygame.Rect:
        """A copy of zone `name` in base coordinates (KeyError names the zone if it is missing)."""
        return pygame.Rect(self.zones[name])

    def slots(self) -> list[SlotInfo]:
        """Seat slots in index order, from the zones named seat{k}_region."""
        found = {}
        for name, props in self.zone_props.items():
            if name.startswith("seat") and name.endswith("_region"):
                found[int(props["slot"])] = SlotInfo(int(props["slot"]), str(props["side"]))
        return [found[k] for k in sorted(found)]

    def scale_to(self, size: tuple[int, int]) -> ScaledLayout:
        """The layout scaled uniformly to fit a window of `size`, centred in it."""
        return ScaledLayout(self, size)


@dataclass(frozen=True)
class ScaledLayout:
    """A Layout fitted into a window: window coordinates from base ones and back."""

    layout: Layout
    window: tuple[int, int]
    scale: float = field(init=False)
    offset: tuple[float, float] = field(init=False)

    def __post_init__(self) -> None:
        bw, bh = self.layout.size
        ww, wh = max(1, self.window[0]), max(1, self.window[1])
        s = min(ww / bw, wh / bh)
        object.__setattr__(self, "scale", s)
        object.__setattr__(self, "offset", ((ww - bw * s) / 2, (wh - bh * s) / 2))

    def _x(self, x: float) -> int:
        return round(self.offset[0] + x * self.scale)

    def _y(self, y: float) -> int:
        return round(self.offset[1] + y * self.scale)

    def rect(self, name: str) -> pygame.Rect:
        """Zone `name` in window coordinates."""
        return self.to_window_rect(self.layout.zones[name])

    def to_window_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """Any base-coordinate rect in window coordinates."""
        # Round the edges, not the size, so zones that touch in the base layout still touch and never overlap.
        x0, y0 = self._x(rect.left), self._y(rect.top)
        return pygame.Rect(x0, y0, self._x(rect.right) - x0, self._y(rect.bottom) - y0)

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A base-coordinate point in window coordinates."""
        return self._x(pos[0]), self._y(pos[1])

    def to_base(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A window point (e.g. the mouse) in base coordinates, for hit tests against Layout.zones."""
        return (pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale

    @property
    def card_size(self) -> tuple[int, int]:
        """Card size (w, h) in window pixels."""
        cw, ch = self.layout.card_size
        return max(1, round(cw * self.scale)), max(1, round(ch * self.scale))

    @property
    def area(self) -> pygame.Rect:
        """The whole scaled canvas in window coordinates (outside it is letterbox)."""
        return self.to_window_rect(pygame.Rect((0, 0), self.layout.size))

    def slots(self) -> list[SlotInfo]:
        """Seat slots in index order."""
        return self.layout.slots()

    def zone_at(self, pos: tuple[float, float], kinds: tuple[str, ...] = ()) -> str | None:
        """Name of the smallest zone under window point `pos` (optionally only of Tiled types `kinds`)."""
        bx, by = self.to_base(pos)
        best: tuple[int, str] | None = None
        for name, rect in self.layout.zones.items():
            if kinds and self.layout.zone_props[name].get("type") not in kinds:
                continue
            if rect.left <= bx < rect.right and rect.top <= by < rect.bottom:
                if best is None or rect.w * rect.h < best[0]:
                    best = (rect.w * rect.h, name)
        return best[1] if best else None


def layout_path(game: str, seats: int) -> Path:
    """Where the layout for `game` with `seats` players lives."""
    return LAYOUT_DIR / f"{game}-{seats}.tmx"


@lru_cache(maxsize=32)
def load_layout(game: str, seats: int) -> Layout:
    """The (cached) layout for `game` with `seats` players; LayoutError if missing or broken."""
    return load_layout_file(layout_path(game, seats))


def load_layout_file(path: str | Path) -> Layout:
    """Read one .tmx layout file (uncached); LayoutError with a one-line reason if it cannot be used."""
    import pytmx  # imported here so the kit imports fast when no layout is needed

    path = Path(path)
    if not path.is_file():
        raise LayoutError(f"layout file not found: {path}")
    try:
        tmx = pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises ParseError, ValueError, KeyError, ... on bad files
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise LayoutError(f"cannot read layout {path.name}: {reason}") from exc
    props = dict(tmx.properties)
    missing = [p for p in REQUIRED_PROPS if p not in props]
    if missing:
        raise LayoutError(f"layout {path.name} lacks map properties: {', '.join(missing)}")
    zones, zone_props = _read_zones(tmx, path.name)
    size = (int(tmx.width * tmx.tilewidth), int(tmx.height * tmx.tileheight))
    return Layout(zones=zones, props=props, zone_props=zone_props, size=size, path=path)


def _read_zones(tmx: Any, file_name: str) -> tuple[dict[str, pygame.Rect], dict[str, dict[str, Any]]]:
    """Named rectangle objects of every object layer, with their properties and Tiled type."""
    zones: dict[str, pygame.Rect] = {}
    zone_props: dict[str, dict[str, Any]] = {}
    for group in tmx.objectgroups:
        for obj in group:
            if not obj.name:
                continue
            if obj.name in zones:
                raise LayoutError(f"layout {file_name} has two zones named {obj.name!r}")
            zones[obj.name] = pygame.Rect(round(obj.x), round(obj.y), round(obj.width), round(obj.height))
            # Tiled 1.9 writes class=, older and newer versions write type=; pytmx keeps each as an attribute.
            kind = obj.type or getattr(obj, "class", None)
            zone_props[obj.name] = {**obj.properties, "type": kind, "layer": group.name}
    return zones, zone_props
