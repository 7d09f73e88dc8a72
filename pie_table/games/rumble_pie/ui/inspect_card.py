"""Rumble Pie's card inspect: the face-up card under the pointer, large, with what it does (the
small table cards have no room for a Block's "counts as 1" at a readable size)."""

from __future__ import annotations

import pygame

from pie_table.games.rumble_pie.ui import art as rumble_art
from pie_table.games.rumble_pie.ui.card_art import PIE_KINDS
from pie_table.games.rumble_pie.ui.card_layer import CardLayer
from pie_table.kit.art_chefs import CHEF_NAMES
from pie_table.kit.i18n import N_, _
from pie_table.kit.inspect import draw_inspect, inspect_size

_CHEF = N_("Chef card: put it on the matching chef of an opponent's board to start a pile there.")
_PIE = N_("Build a pile up in order, 1 to 4, or lower one a step (a 3 on a 4).")
_KAPOW = N_("On a 4 it lands the pie: your team scores a point. Never on your own team's board.")
_BLOCK = N_("On a 2, 3 or 4 it counts as a 1: the attackers start again from 2.")


def card_words(kind: str) -> tuple[str, str]:
    """A card kind's name and what it does, in the player's language."""
    if kind in CHEF_NAMES:
        return kind.capitalize(), _(_CHEF)
    if kind in PIE_KINDS:
        return _("Pie card {n}").format(n=PIE_KINDS[kind]), _(_PIE)
    if kind == "kapow":
        return _("KaPow!"), _(_KAPOW)
    return _("Block"), _(_BLOCK)


def draw_card_inspect(surface: pygame.Surface, cards: CardLayer, hover: tuple[int, int] | None,
                      scale: float) -> None:
    """The face-up card on top under `hover`, shown large beside it."""
    if hover is None:
        return
    sprite = cards.face_up_at(hover)
    if sprite is None:
        return
    w, h = inspect_size(scale)
    title, text = card_words(sprite.kind)
    draw_inspect(surface, rumble_art.card_face(sprite.kind, w, h), title, text, sprite.rect, scale)
