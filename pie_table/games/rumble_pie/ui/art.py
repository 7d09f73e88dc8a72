"""Rumble Pie's own art, drawn in code and cached with the shared art (`kit.art.cached`): card faces,
the Battle Boards with their three chef spots, and the empty places cards are laid on."""

from __future__ import annotations

import math

import pygame

from pie_table.games.rumble_pie.ui.card_art import CARD_KINDS, fit_label, paint_face
from pie_table.kit import palette as pal
from pie_table.kit import theme
from pie_table.kit.art import cached, px
from pie_table.kit.art_backs import corner_radius
from pie_table.kit.art_chefs import CHEF_COLORS, CHEF_NAMES, paint_chef
from pie_table.kit.art_draw import (
    SUPERSAMPLE,
    canvas,
    darker,
    lighter,
    rect_at,
    supersampled,
    vertical_gradient,
)
from pie_table.kit.i18n import current_language

__all__ = ["CARD_KINDS", "battle_board", "board_spot_rects", "card_face", "empty_spot"]


def card_face(kind: str, w: int, h: int) -> pygame.Surface:
    """The face of a card of `kind` (see CARD_KINDS) at w x h: rounded corners, border, art."""
    # The language is part of the key: a Block card's words are drawn on its face.
    key = ("face", kind, px(w), px(h), current_language(), theme.current())
    return cached(key, lambda: paint_face(kind, px(w), px(h)))


def board_spot_rects(w: int, h: int, ribbon: float = 1.0) -> dict[str, pygame.Rect]:
    """Where each chef's pile spot sits on a w x h battle board (board-relative, card-shaped 5:7),
    above the chefs' names; `ribbon` times the design's height for those (the interface size)."""
    margin = max(4, int(min(w, h) * 0.06))
    label_h = _ribbon_height(h, ribbon)
    spot_h = h - margin * 2 - label_h
    spot_w = int(spot_h * 5 / 7)
    max_w = (w - margin * 4) // 3
    if spot_w > max_w:
        spot_w, spot_h = max_w, int(max_w * 7 / 5)
    rects = {}
    for i, name in enumerate(CHEF_NAMES):
        cx = int(w * (i * 2 + 1) / 6)
        rects[name] = pygame.Rect(cx - spot_w // 2, margin, spot_w, spot_h)
    return rects


def _ribbon_height(h: int, ribbon: float) -> int:
    return max(10, int(h * 0.13 * ribbon))


def battle_board(w: int, h: int, color: tuple, ribbon: float = 1.0) -> pygame.Surface:
    """A player's Battle Board in their `color`: three chef faces side by side, each a pile spot,
    the chefs' names `ribbon` times the design's size."""
    rgb = (int(color[0]), int(color[1]), int(color[2]))
    key = ("board", px(w), px(h), rgb, ribbon, theme.current())
    return cached(key, lambda: _paint_board(px(w), px(h), rgb, ribbon))


def _paint_board(w: int, h: int, color: tuple[int, int, int], ribbon: float) -> pygame.Surface:
    surf = supersampled(w, h, lambda c: _board_shapes(c, color, ribbon))
    label_h = _ribbon_height(h, ribbon)
    for name, rect in board_spot_rects(w, h, ribbon).items():
        # Grown, a name keeps within its spot's width, so neighbours never run together.
        width = rect.w + 8 if ribbon <= 1 else rect.w - 4
        at = (rect.centerx, rect.bottom + label_h // 2 + 1)
        ink = pal.CREAM
        if theme.high_contrast():  # cream on the board's wood reads 6.39:1: a plate under it
            ink = _name_plate(surf, fit_label(name.capitalize(), width, int(label_h * 0.62), ink), at)
        label = fit_label(name.capitalize(), width, int(label_h * 0.62), ink)
        surf.blit(label, label.get_rect(center=at))
    return surf


def _name_plate(surf: pygame.Surface, label: pygame.Surface, at: tuple[int, int]) -> tuple[int, int, int]:
    """A plate of the board's own colour under it, darkened (or lightened) for a chef's name at
    7:1 (pal.plate), behind where `label` goes; returns the name's ink."""
    rect = label.get_rect(center=at).inflate(6, 2).clip(surf.get_rect())
    under = pygame.transform.average_color(surf, rect)
    fill, ink = pal.plate(tuple(under[:3]))
    pygame.draw.rect(surf, fill, rect, border_radius=max(2, rect.h // 4))
    return ink


def _board_shapes(c: pygame.Surface, color: tuple[int, int, int], ribbon: float) -> None:
    w, h = c.get_size()
    radius = int(min(w, h) * 0.08)
    rect = c.get_rect()
    pygame.draw.rect(c, pal.WOOD_DARK, rect, border_radius=radius)
    inner = rect.inflate(-w * 0.02, -w * 0.02)
    plank = vertical_gradient(inner.size, pal.WOOD_LIGHT, pal.WOOD)
    c.blit(plank, inner)
    for y in range(1, 4):  # plank seams
        yy = int(h * y / 4)
        pygame.draw.line(c, darker(pal.WOOD, 0.15), (w * 0.02, yy), (w * 0.98, yy), max(1, int(h * 0.006)))
    pygame.draw.rect(c, color, rect, max(3, int(min(w, h) * 0.04)), border_radius=radius)
    # Spots are laid out at the final size, then scaled onto this supersampled canvas.
    for name, spot in board_spot_rects(w // SUPERSAMPLE, h // SUPERSAMPLE, ribbon).items():
        k = SUPERSAMPLE
        _board_spot(c, name, pygame.Rect(spot.x * k, spot.y * k, spot.w * k, spot.h * k))


def _board_spot(c: pygame.Surface, name: str, spot: pygame.Rect) -> None:
    # Printed on the board, not a card: a recessed wooden slot with a round, muted medallion,
    # so a chef CARD played on top (bright, bordered, name banner) never reads as the empty spot.
    bg, accent = CHEF_COLORS[name]
    radius = int(spot.w * 0.08)
    pygame.draw.rect(c, darker(pal.WOOD, 0.35), spot, border_radius=radius)
    rect_at(c, (0, 0, 0, 70), spot.inflate(-spot.w * 0.04, -spot.w * 0.04).move(0, spot.h * 0.015),
            max(2, spot.w // 30), radius=radius)
    d = int(spot.w * 0.8)
    medallion = canvas(d, d)
    pygame.draw.circle(medallion, lighter(bg, 0.35), (d // 2, d // 2), d // 2)
    paint_chef(medallion, name)
    medallion.fill((215, 205, 195, 170), special_flags=pygame.BLEND_RGBA_MULT)
    c.blit(medallion, medallion.get_rect(center=(spot.centerx, spot.centery - spot.h * 0.04)))
    pygame.draw.circle(c, darker(accent, 0.2), (spot.centerx, int(spot.centery - spot.h * 0.04)), d // 2,
                       max(2, spot.w // 30))


def empty_spot(kind_or_face: str, w: int, h: int) -> pygame.Surface:
    """A faint dashed outline of a card place; a chef name ghosts that chef's face inside it."""
    return cached(("spot", kind_or_face, px(w), px(h)),
                   lambda: _paint_empty(kind_or_face, px(w), px(h)))


def _paint_empty(kind: str, w: int, h: int) -> pygame.Surface:
    surf = canvas(w, h)
    radius = corner_radius(w)
    pygame.draw.rect(surf, (*pal.CREAM, 34), surf.get_rect(), border_radius=radius)
    _dashed_round_rect(surf, surf.get_rect().inflate(-2, -2), (*pal.CREAM, 150), max(1, w // 45), radius)
    if kind in CHEF_NAMES:
        d = int(w * 0.8)
        ghost = supersampled(d, d, lambda s: paint_chef(s, kind))
        ghost.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(ghost, ghost.get_rect(center=(w // 2, h // 2)))
    return surf


def _dashed_round_rect(surf: pygame.Surface, rect: pygame.Rect, color, width: int, radius: int) -> None:
    """A rounded rectangle drawn as dashes (straight edges dashed, corners solid)."""
    dash = max(3, rect.w // 10)
    for x in range(rect.left + radius, rect.right - radius, dash * 2):
        end = min(x + dash, rect.right - radius)
        pygame.draw.line(surf, color, (x, rect.top), (end, rect.top), width)
        pygame.draw.line(surf, color, (x, rect.bottom - 1), (end, rect.bottom - 1), width)
    for y in range(rect.top + radius, rect.bottom - radius, dash * 2):
        end = min(y + dash, rect.bottom - radius)
        pygame.draw.line(surf, color, (rect.left, y), (rect.left, end), width)
        pygame.draw.line(surf, color, (rect.right - 1, y), (rect.right - 1, end), width)
    inner = rect.inflate(-radius * 2, -radius * 2)
    left, right, top, bottom = inner.left, inner.right, inner.top, inner.bottom
    for cx, cy, a0 in ((left, top, 90), (right, top, 0), (left, bottom, 180), (right, bottom, 270)):
        arc = pygame.Rect(cx - radius, cy - radius, radius * 2, radius * 2)
        pygame.draw.arc(surf, color, arc, math.radians(a0), math.radians(a0 + 90), width)
