"""Records every text a frame draws: its string, ink, pixel size and the colour behind it.

Fonts are swapped for a subclass that tags each rendered image, and surfaces for a subclass whose
blit samples what lies under a tagged image before drawing it. A text drawn onto a transparent
layer (a card face, a panel) is carried with that layer, with the layer's own tint, until the
layer lands on something opaque; the background is then the layers composited over it."""

from __future__ import annotations

import functools
import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

import pygame

Rgb = tuple[float, float, float]
_PLAIN = pygame.Surface  # the real class, for the probe's own scratch surfaces
_SMOOTHSCALE = pygame.transform.smoothscale
_OPAQUE = 250  # a layer at least this opaque under the text hides whatever is below it


@dataclass(frozen=True)
class Drawn:
    """One text as it reached the screen."""

    text: str
    ink: Rgb
    size: int
    bold: bool
    background: Rgb
    where: tuple[int, int, int, int] = (0, 0, 0, 0)  # on the surface it landed on

    @property
    def ratio(self) -> float:
        return contrast(self.ink, self.background)

    @property
    def large(self) -> bool:
        """WCAG's large text: 24 px, or 18.7 px bold."""
        return self.size >= 24 or (self.bold and self.size >= 19)


@dataclass(frozen=True)
class _Pending:
    text: str
    ink: Rgb
    size: int
    bold: bool
    rect: pygame.Rect
    layers: tuple[tuple[Rgb, float], ...] = field(default=())  # innermost first: (colour, alpha)
    glyphs: pygame.Surface | None = None  # the text's own image, the size of `rect`: where its ink is


def luminance(rgb: Rgb) -> float:
    """WCAG relative luminance of an sRGB colour (0-255 channels)."""

    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Rgb, b: Rgb) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


class _Recorder:
    def __init__(self) -> None:
        self.pending: dict[int, list[_Pending]] = {}
        self.keep: list[pygame.Surface] = []  # tagged surfaces stay alive so their ids stay theirs
        self.drawn: list[Drawn] = []

    def tag(self, image: pygame.Surface, entries: list[_Pending]) -> None:
        self.keep.append(image)
        self.pending.setdefault(id(image), []).extend(entries)

    def landed(self, target: pygame.Surface, source: pygame.Surface, dest: object, area: object) -> None:
        entries = self.pending.get(id(source))
        if not entries:
            return
        x, y = _position(dest)
        shown = source.get_rect()  # the part of the source blitted: a page scrolled shows a window of it
        if isinstance(area, pygame.Rect | tuple) and area:
            shown = pygame.Rect(area).clip(shown)
            x, y = x - pygame.Rect(area).x, y - pygame.Rect(area).y
        alpha = source.get_alpha()
        carried: list[_Pending] = []
        for entry in entries:
            rect = entry.rect.clip(shown).move(x, y).clip(target.get_rect())
            if rect.w <= 0 or rect.h <= 0 or (alpha is not None and alpha < 60):
                continue
            if self._copy_of_outline(target, entry, rect):
                continue  # one more stroke of an outline already on this layer
            edge = self._outline(target, entry, rect)
            if edge is not None:  # outlined text (art_draw.text_outlined): it reads on its edge
                self.drawn.append(Drawn(entry.text, entry.ink, entry.size, entry.bold, edge))
                continue
            whole = entry.rect.move(x, y)
            glyphs = entry.glyphs
            if glyphs is not None and rect != whole:  # clipped: the part of the glyphs still on
                glyphs = glyphs.subsurface(pygame.Rect(rect.x - whole.x, rect.y - whole.y, rect.w, rect.h))
            layered = (*entry.layers, _under(target, rect, glyphs))
            if layered[-1][1] * 255 >= _OPAQUE:
                self._shadowed(entry, rect)
                self.drawn.append(
                    Drawn(entry.text, entry.ink, entry.size, entry.bold, _composite(layered), tuple(rect))
                )
            else:
                carried.append(replace(entry, rect=rect, layers=layered, glyphs=glyphs))
        if carried:
            self.tag(target, carried)


    def _shadowed(self, entry: _Pending, rect: pygame.Rect) -> None:
        """Forget the text drawn just before if it is this one in another ink under it: a drop
        shadow, which is part of how this text reads rather than a text of its own."""
        while self.drawn:
            last = self.drawn[-1]
            if last.text != entry.text or last.ink == entry.ink or not rect.colliderect(last.where):
                return
            self.drawn.pop()

    def _copy_of_outline(self, target: pygame.Surface, entry: _Pending, rect: pygame.Rect) -> bool:
        below = self.pending.get(id(target), [])
        return any(p.text == entry.text and p.ink == entry.ink and p.rect.colliderect(rect) for p in below)

    def _outline(self, target: pygame.Surface, entry: _Pending, rect: pygame.Rect) -> Rgb | None:
        """The ink of the same text in another colour already under `rect` on `target` (an
        outline drawn first), which then stops counting as a text of its own."""
        below = self.pending.get(id(target), [])
        edges = [p for p in below if p.text == entry.text and p.ink != entry.ink and p.rect.colliderect(rect)]
        if not edges:
            return None
        self.pending[id(target)] = [p for p in below if p not in edges]
        return edges[0].ink


def _under(target: pygame.Surface, rect: pygame.Rect, glyphs: pygame.Surface | None) -> tuple[Rgb, float]:
    """The mean colour of `target` under the ink of `glyphs` (placed at `rect`), weighted by the
    ink's coverage, and how opaque it is there (0-1)."""
    if glyphs is None or glyphs.get_size() != rect.size or not glyphs.get_flags() & pygame.SRCALPHA:
        return _mean(target, rect)
    region = _PLAIN((rect.w, rect.h), pygame.SRCALPHA)
    region.fill((0, 0, 0, 0))
    _PLAIN.blit(region, target, (0, 0), rect, special_flags=pygame.BLEND_RGBA_ADD)  # an exact copy
    weight = _PLAIN((rect.w, rect.h), pygame.SRCALPHA)
    weight.fill((0, 0, 0, 0))
    _PLAIN.blit(weight, glyphs, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    weight.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)  # white, the ink's alpha
    ink = pygame.transform.average_color(weight, consider_alpha=False)[3]
    if ink <= 0:
        return _mean(target, rect)
    _PLAIN.blit(region, weight, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    r, g, b, _a = pygame.transform.average_color(region, consider_alpha=True)
    covered = pygame.transform.average_color(region, consider_alpha=False)[3]
    return (r, g, b), min(1.0, covered / ink) if target.get_flags() & pygame.SRCALPHA else 1.0


def _mean(target: pygame.Surface, rect: pygame.Rect) -> tuple[Rgb, float]:
    """The mean colour of `rect` on `target` and how opaque it is (0-1)."""
    if not target.get_flags() & pygame.SRCALPHA:
        r, g, b, _a = pygame.transform.average_color(target, rect, consider_alpha=False)
        return (r, g, b), 1.0
    a = pygame.transform.average_color(target, rect, consider_alpha=False)[3]
    r, g, b, _a = pygame.transform.average_color(target, rect, consider_alpha=True)
    return (r, g, b), a / 255


def _position(dest: object) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.x, dest.y
    seq = list(dest)  # type: ignore[call-overload]
    return int(seq[0]), int(seq[1])


def _composite(layers: tuple[tuple[Rgb, float], ...]) -> Rgb:
    """The colour of `layers` (innermost first, the last opaque) stacked."""
    colour: Rgb = layers[-1][0]
    for rgb, a in reversed(layers[:-1]):
        colour = (
            rgb[0] * a + colour[0] * (1 - a),
            rgb[1] * a + colour[1] * (1 - a),
            rgb[2] * a + colour[2] * (1 - a),
        )
    return colour


_recorder: list[_Recorder] = []


class _ProbeSurface(pygame.Surface):
    def blit(self, source, dest=(0, 0), area=None, special_flags=0):  # type: ignore[no-untyped-def, override]
        if _recorder:
            _recorder[-1].landed(self, source, dest, area)
        return super().blit(source, dest, area, special_flags)

    def convert(self, *args):  # type: ignore[no-untyped-def, override]
        return _carry(self, super().convert(*args))

    def convert_alpha(self, *args):  # type: ignore[no-untyped-def, override]
        return _carry(self, super().convert_alpha(*args))

    def copy(self):  # type: ignore[no-untyped-def, override]
        return _carry(self, super().copy())

    def blits(self, blit_sequence, doreturn=True):  # type: ignore[no-untyped-def, override]
        rects = [self.blit(*item) for item in blit_sequence]
        return rects if doreturn else None


def _scaled_glyphs(entry: _Pending, fx: float, fy: float) -> pygame.Surface | None:
    if entry.glyphs is None or (fx, fy) == (1.0, 1.0):
        return entry.glyphs
    size = (max(1, round(entry.rect.w * fx)), max(1, round(entry.rect.h * fy)))
    return _SMOOTHSCALE(entry.glyphs, size)


def _carry(
    old: pygame.Surface, new: pygame.Surface, factor: tuple[float, float] = (1.0, 1.0)
) -> pygame.Surface:
    """`new` made from `old` (converted, copied or scaled by `factor`) carries its texts."""
    if _recorder and id(old) in _recorder[-1].pending:
        fx, fy = factor
        moved = [
            replace(
                e,
                size=round(e.size * fy),
                glyphs=_scaled_glyphs(e, fx, fy),
                rect=pygame.Rect(
                    round(e.rect.x * fx), round(e.rect.y * fy), round(e.rect.w * fx), round(e.rect.h * fy)
                ),
            )
            for e in _recorder[-1].pending[id(old)]
        ]
        _recorder[-1].tag(new, moved)
    return new


def _as_probe(plain: pygame.Surface) -> _ProbeSurface:
    """An exact copy of `plain` whose own blits are recorded."""
    image = _ProbeSurface(plain.get_size(), plain.get_flags(), plain)
    image.fill((0, 0, 0, 0))
    pygame.Surface.blit(image, plain, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return image


def _transform(original, scales: bool):  # type: ignore[no-untyped-def]
    """`original` (a pygame.transform function) returning a probe surface that keeps the texts
    of the one it was made from (a turned image keeps their rects: close enough to sample)."""

    def made(surface, *args, **kwargs):  # type: ignore[no-untyped-def]
        new = _as_probe(original(surface, *args, **kwargs))
        w, h = surface.get_size()
        factor = (new.get_width() / max(1, w), new.get_height() / max(1, h)) if scales else (1.0, 1.0)
        return _carry(surface, new, factor)

    return made


class _ProbeFont(pygame.font.Font):
    def __init__(self, path: object, size: int) -> None:
        super().__init__(path, size)  # type: ignore[arg-type]
        self.probe_size = int(size)
        self.probe_bold = "Bold" in str(path)

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):  # type: ignore[no-untyped-def, override]
        # As a probe surface, so that converting or copying it (art.prepare) keeps its tag.
        plain = super().render(text, antialias, color, bgcolor, wraplength)
        image = _as_probe(plain)
        if _recorder and str(text).strip():
            ink = tuple(pygame.Color(color))[:3]
            entry = _Pending(str(text), ink, self.probe_size, self.probe_bold, image.get_rect(), glyphs=plain)  # type: ignore[arg-type]
            if bgcolor is not None:
                entry = replace(entry, layers=((tuple(pygame.Color(bgcolor))[:3], 1.0),))  # type: ignore[arg-type]
                _recorder[-1].drawn.append(
                    Drawn(entry.text, ink, entry.size, entry.bold, entry.layers[0][0])  # type: ignore[arg-type]
                )
            else:
                _recorder[-1].tag(image, [entry])
        return image


def clear_caches() -> None:
    """Forget every cached image and font, so the next frame renders (and is recorded) afresh."""
    for obj in gc.get_objects():
        try:
            cached = isinstance(obj, functools._lru_cache_wrapper) and obj.__module__.startswith("pie_table")
        except ReferenceError:  # a weak proxy whose object is gone (another test's leftovers)
            continue
        if cached:
            obj.cache_clear()
    from pie_table.kit import art

    art.clear_cache()


@contextmanager
def recording(monkeypatch) -> Iterator[list[Drawn]]:  # type: ignore[no-untyped-def]
    """Within the block, every text drawn onto a probe surface is appended to the list yielded."""
    monkeypatch.setattr(pygame, "Surface", _ProbeSurface)
    monkeypatch.setattr(pygame.font, "Font", _ProbeFont)
    for name in ("smoothscale", "scale", "rotate", "rotozoom", "flip"):
        original = getattr(pygame.transform, name)
        monkeypatch.setattr(pygame.transform, name, _transform(original, name.endswith("scale")))
    clear_caches()
    recorder = _Recorder()
    _recorder.append(recorder)
    try:
        yield recorder.drawn
    finally:
        _recorder.remove(recorder)
        clear_caches()


def largest_sizes(drawn: Iterable[Drawn]) -> dict[str, int]:
    """Each text drawn, and the largest size it was drawn at."""
    sizes: dict[str, int] = {}
    for d in drawn:
        sizes[d.text] = max(sizes.get(d.text, 0), d.size)
    return sizes


def probe_screen(size: tuple[int, int]) -> pygame.Surface:
    """A screen surface whose blits are recorded."""
    return _ProbeSurface(size)


def watch(app) -> None:  # type: ignore[no-untyped-def]
    """Make `app` draw on a probe screen of its window's size, from its next frame on.

    Opening a window of another size than the last one queues resize events, and the app answers
    those by drawing on the real window again (App._resized): whether any are queued depends on
    the window the tests before left. The queue is emptied here, so a frame is recorded whatever
    ran first; the window is the probe too, so laying out again (a new interface size) keeps it."""
    pygame.event.get()  # all of them: clear() by type leaves a window's size events queued
    app.display = app.screen = probe_screen(app.display.get_size())


def failures(drawn: Iterable[Drawn], least: float = 4.5, large: float = 3.0) -> list[str]:
    """One line per distinct text below its contrast minimum, worst first."""
    worst: dict[tuple[str, Rgb], Drawn] = {}
    for item in drawn:
        need = large if item.large else least
        if item.ratio < need:
            key = (item.text, item.ink)
            if key not in worst or item.ratio < worst[key].ratio:
                worst[key] = item
    return [
        f"{d.text!r} {d.ratio:.2f}:1 ink {tuple(round(c) for c in d.ink)} on "
        f"{tuple(round(c) for c in d.background)} at {d.size}px"
        for d in sorted(worst.values(), key=lambda d: d.ratio)
    ]
