"""Card sprites that follow the engine state: they only move when the engine reports events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from pie_table.games.rumble_pie.ui import art as rumble_art
from pie_table.games.rumble_pie.ui.geometry import PILE_SHOWN, TableGeometry
from pie_table.kit import motion
from pie_table.kit import palette as pal
from pie_table.kit.sprites import CardSprite

MOVE_S = 0.18
CLEAR_S = 0.45
RETURN_S = 0.3


@dataclass(frozen=True)
class Place:
    """Where a visible card rests: its rect and its draw order."""

    rect: pygame.Rect
    order: tuple[int, ...]
    where: str  # "pile" | "col" | "hand"


def resting_places(state: Any, geom: TableGeometry) -> dict[int, Place]:
    """Every card the table shows (pile tops, arsenals, held cards) and where it rests."""
    places: dict[int, Place] = {}
    for seat, board in enumerate(state.boards):
        for f, (face, pile) in enumerate(board.items()):
            size = len(pile.cards)
            for i in range(max(0, size - PILE_SHOWN), size):
                rect = geom.pile_card_rect(seat, face, i, size)
                places[pile.cards[i]] = Place(rect, (0, seat, f, i), "pile")
    for seat, player in enumerate(state.players):
        for c, column in enumerate(player.columns):
            for r, card in enumerate(column):
                places[card] = Place(geom.column_card_rect(seat, c, r), (1, seat, r, c), "col")
        if player.hand is not None:
            places[player.hand] = Place(geom.hand_rect(seat), (2, seat), "hand")
    return places


def _set_aside_team(state: Any) -> dict[int, int]:
    """Card id -> team for cards set aside after a KaPow! (nested per pile or flat per team)."""
    found: dict[int, int] = {}
    for team, items in enumerate(state.set_aside):
        for item in items:
            for card in item if isinstance(item, list | tuple) else (item,):
                found[int(card)] = team
    return found


class CardLayer:
    """The card sprites of one table, keyed by engine card id."""

    def __init__(self, geom: TableGeometry, slots_colors: list[tuple[int, int, int]]) -> None:
        self.geom = geom
        self.seat_colors = slots_colors
        self.sprites: dict[int, CardSprite] = {}
        self.rest: dict[int, Place] = {}
        self.leaving: list[CardSprite] = []  # cleared piles and returning cards, gone when they arrive
        self._order: list[int] = []
        self._moving: set[int] = set()  # cards mid-animation, drawn above the resting ones

    def _new_sprite(self, state: Any, card: int, at: pygame.Rect, face_up: bool) -> CardSprite:
        info = state.cards[card]
        color = self.seat_colors[info.owner % len(self.seat_colors)]
        return CardSprite(card, info.kind, rumble_art.card_face, face_up=face_up, owner_color=color,
                          size=self.geom.card_size, pos=at.topleft)

    def sync(self, state: Any, animate: bool = True) -> None:
        """Bring sprites to the state's resting places (animated when `animate`, and motion is not
        reduced: then every card is where it goes at once)."""
        animate = animate and not motion.reduced()
        places = resting_places(state, self.geom)
        for card in [c for c in self.sprites if c not in places]:
            self._leave(state, card, animate)
        for card, place in places.items():
            sprite = self.sprites.get(card)
            if sprite is None:
                origin = self._origin(state, card, place) if animate else place.rect
                from_deck = origin != place.rect
                sprite = self.sprites[card] = self._new_sprite(state, card, origin, not from_deck)
                if from_deck:
                    sprite.flip(MOVE_S, face_up=True)
            if self.rest.get(card) is None or self.rest[card].rect != place.rect or not animate:
                self._go(sprite, place.rect, animate)
                if animate:
                    self._moving.add(card)
        self.rest = places
        self._order = sorted(places, key=lambda c: places[c].order)

    def _origin(self, state: Any, card: int, place: Place) -> pygame.Rect:
        """A card appearing in an arsenal or hand comes off its owner's deck."""
        if place.where in ("col", "hand"):
            return self.geom.deck_rect(state.cards[card].owner)
        return place.rect

    @staticmethod
    def _go(sprite: CardSprite, rect: pygame.Rect, animate: bool) -> None:
        if animate:
            sprite.move_to(rect.topleft, MOVE_S)
        else:
            sprite.set_face_up(True)
            sprite.jump_to(rect.topleft)

    def _leave(self, state: Any, card: int, animate: bool) -> None:
        """A card left the table: slide it to the scoring team (KaPow! pile) or its owner's deck."""
        sprite = self.sprites.pop(card)
        self.rest.pop(card, None)
        if not animate:
            return
        team = _set_aside_team(state).get(card)
        if team is not None:
            sprite.move_to(self._team_side(state, team, sprite.rect), CLEAR_S)
        elif any(card in p.deck for p in state.players):
            sprite.move_to(self.geom.deck_rect(state.cards[card].owner).topleft, RETURN_S)
        else:
            return  # covered by newer pile cards: nothing to show
        self.leaving.append(sprite)

    def _team_side(self, state: Any, team: int, near: pygame.Rect) -> tuple[int, int]:
        """A point at the edge of the nearest seat of `team`, where its cleared piles go."""
        seats = [s for s, t in enumerate(state.teams) if t == team]
        seat = min(seats, key=lambda s: abs(self.geom.zone(s, "label").centerx - near.centerx))
        label = self.geom.zone(seat, "label")
        return label.centerx - near.w // 2, label.centery - near.h // 2

    def settle(self) -> None:
        """Forget every animation in flight (after a jump: the next frame must be clean)."""
        self.leaving.clear()
        for card in self._moving:
            sprite = self.sprites.get(card)
            if sprite is not None:
                sprite.jump_to(sprite.target_pos)
                sprite.set_face_up(True)
                sprite.update(1.0)
        self._moving.clear()

    def spring_back(self, card: int) -> None:
        """A refused card returns to its resting place with a shake."""
        sprite, place = self.sprites.get(card), self.rest.get(card)
        if sprite is None or place is None:
            return
        if motion.reduced():  # back in its place at once, with no wobble
            sprite.jump_to(place.rect.topleft)
            return
        sprite.move_to(place.rect.topleft, MOVE_S)
        sprite.shake()
        self._moving.add(card)

    def shake(self, card: int) -> None:
        """Refusal feedback for a card that never left its place."""
        sprite = self.sprites.get(card)
        if sprite is not None and not motion.reduced():
            sprite.shake()
            self._moving.add(card)

    def update(self, dt: float) -> None:
        """Advance every animation."""
        for card in list(self._moving):  # resting cards keep their image: no per-frame work for them
            sprite = self.sprites.get(card)
            if sprite is not None:
                sprite.update(dt)
            if sprite is None or not sprite.is_animating:
                self._moving.discard(card)
        for sprite in self.leaving:
            sprite.update(dt)
        self.leaving = [s for s in self.leaving if s.is_animating]

    def busy(self) -> bool:
        """True while any card is still moving."""
        return bool(self.leaving) or bool(self._moving)

    def draw(self, surface: pygame.Surface, offset: tuple[int, int], hidden: set[int]) -> None:
        """Resting cards in table order, then moving ones on top; `hidden` cards are drawn by someone else."""
        ox, oy = offset
        skip = hidden | self._moving
        sprites = self.sprites
        resting = [(sprites[c].image, sprites[c].rect.move(ox, oy)) for c in self._order if c not in skip]
        surface.blits(resting, doreturn=False)
        moving = [sprites[c] for c in self._order if c in self._moving and c not in hidden]
        for sprite in moving + self.leaving:
            surface.blit(sprite.image, sprite.rect.move(ox, oy))

    def hold_at(self, card: int, topleft: tuple[int, int]) -> None:
        """Put a card where the mouse let go of it, so what follows animates from there."""
        sprite = self.sprites.get(card)
        if sprite is not None:
            sprite.jump_to(topleft)
            self._moving.add(card)

    def face_up_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """The face-up card on top at `pos` (the one drawn last), if any."""
        for card in reversed(self._order):
            sprite = self.sprites.get(card)
            if sprite is not None and sprite.face_up and sprite.rect.collidepoint(pos):
                return sprite
        return None

    def card_surface(self, card: int) -> pygame.Surface | None:
        """The current image of a card sprite (for drawing a dragged card)."""
        sprite = self.sprites.get(card)
        return sprite.image if sprite is not None else None


def deck_back(geom: TableGeometry, color: tuple[int, int, int]) -> pygame.Surface:
    """The face-down deck picture for a seat colour."""
    from pie_table.kit import art

    w, h = geom.card_size
    return art.card_back(color or pal.WOOD, w, h)


def relayout(layer: CardLayer, geom: TableGeometry, state: Any) -> None:
    """The window changed size: new geometry, new card size, everything snapped to rest."""
    layer.geom = geom
    w, h = geom.card_size
    for sprite in layer.sprites.values():
        sprite.set_size(w, h)
    layer.leaving.clear()
    layer.sync(state, animate=False)
    layer.settle()
