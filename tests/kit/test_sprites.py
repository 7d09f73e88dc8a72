"""CardSprite and DieSprite animations are time-based and end exactly where they were told to."""

from __future__ import annotations

import pygame
import pytest

from pie_table.games.rumble_pie.ui import art as rumble_art
from pie_table.games.rumble_pie.ui.kapow import KAPOW
from pie_table.kit import art
from pie_table.kit.dice import DieSprite
from pie_table.kit.effects import EffectLayer
from pie_table.kit.sprites import CardSprite
from pie_table.kit.tween import Tween, ease_in_out_quad, ease_out_back, ease_out_cubic

FACE = rumble_art.card_face  # a game's face painter (CardSprite paints no faces of its own)


def _run(sprite, seconds: float, dt: float = 1 / 60) -> None:
    for _ in range(int(seconds / dt) + 1):
        sprite.update(dt)


@pytest.mark.parametrize("ease", [ease_out_cubic, ease_in_out_quad, ease_out_back])
def test_easings_start_at_zero_and_end_at_one(ease) -> None:
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_ease_out_back_overshoots() -> None:
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.05


def test_tween_reaches_its_end_value_exactly() -> None:
    tw = Tween((0.0, 10.0), (100.0, -10.0), 0.5)
    assert not tw.done
    mid = tw.update(0.25)
    assert 0 < mid[0] < 100
    assert tw.update(0.3) == (100.0, -10.0)
    assert tw.done


def test_card_move_is_time_based_and_lands_on_target() -> None:
    card = CardSprite(1, "two", FACE, face_up=True, pos=(10, 20))
    card.move_to((300, 200), duration=0.2)
    assert card.is_animating
    card.update(0.1)
    assert 10 < card.rect.x < 300
    card.update(0.15)
    assert not card.is_animating
    assert card.rect.topleft == (300, 200)
    assert card.rect.size == (60, 84)


def test_same_time_in_big_or_small_steps_gives_the_same_place() -> None:
    a, b = CardSprite(1, "one", FACE, pos=(0, 0)), CardSprite(2, "one", FACE, pos=(0, 0))
    a.move_to((100, 0), 0.4)
    b.move_to((100, 0), 0.4)
    _run(a, 0.2, 1 / 120)
    b.update(0.2)
    assert abs(a.pos[0] - b.pos[0]) < 2


def test_flip_turns_the_card_and_shows_the_face() -> None:
    card = CardSprite(7, "kapow", FACE, face_up=False, owner_color=(64, 110, 176), pos=(50, 50))
    assert card.image is art.card_back((64, 110, 176), 60, 84)
    card.flip(0.2)
    card.update(0.1)
    assert card.image.get_width() < 60  # squashed mid-flip
    _run(card, 0.2)
    assert card.face_up and not card.is_animating
    assert card.image is rumble_art.card_face("kapow", 60, 84)
    assert card.rect.topleft == (50, 50)


def test_shake_wobbles_then_returns_home() -> None:
    card = CardSprite(3, "block", FACE, face_up=True, pos=(100, 100))
    card.shake()
    xs = []
    for _ in range(30):
        card.update(1 / 60)
        xs.append(card.rect.x)
    assert min(xs) < 100 < max(xs)
    assert card.rect.topleft == (100, 100) and not card.is_animating


def test_set_size_rescales_the_image() -> None:
    card = CardSprite(4, "three", FACE, face_up=True)
    card.set_size(120, 168)
    assert card.image.get_size() == (120, 168) and card.rect.size == (120, 168)


def test_layered_group_draws_by_layer() -> None:
    group = pygame.sprite.LayeredUpdates()
    low, high = CardSprite(1, "one", FACE, layer=1), CardSprite(2, "two", FACE, layer=5)
    group.add(high, low)
    assert group.sprites() == [low, high]
    assert group.get_layer_of_sprite(high) == 5


@pytest.mark.parametrize("final", range(1, 7))
def test_die_roll_settles_on_the_engines_value(final: int) -> None:
    die = DieSprite(value=1, size=48, tint="cherry", center=(100, 100))
    die.roll(final, duration=0.8, rng_seed=final)
    assert not die.settled
    _run(die, 0.4)
    assert not die.settled
    _run(die, 0.5)
    assert die.settled and die.value == final
    assert die.rect.center == (100, 100)
    assert die.image is art.die_face(final, 48, "cherry")


def test_thrown_die_stays_in_bounds_and_settles() -> None:
    bounds = pygame.Rect(0, 0, 300, 200)
    die = DieSprite(value=2, size=40, center=(150, 100))
    die.throw((1500, -900), bounds, 5, rng_seed=3)
    for _ in range(400):
        die.update(1 / 60)
        assert bounds.inflate(4, 4).collidepoint(die.center)
        if die.settled:
            break
    assert die.settled and die.value == 5
    assert die.center != (150, 100)


def test_effect_layer_kapow_shakes_and_finishes() -> None:
    layer = EffectLayer(seed=1, burst=KAPOW)
    screen = pygame.Surface((400, 300))
    layer.burst((200, 150))
    layer.float_text("+1", (100, 100), (236, 184, 64))
    layer.sparkle((50, 50))
    assert layer.busy
    layer.update(0.05)
    assert layer.shake_offset() != (0, 0)
    layer.draw(screen)
    assert screen.get_at((200, 150))[:3] != (0, 0, 0)
    for _ in range(80):
        layer.update(1 / 60)
    assert not layer.busy and layer.shake_offset() == (0, 0)


def test_kapow_frames_are_prerendered_once(monkeypatch: pytest.MonkeyPatch) -> None:
    layer = EffectLayer(seed=2, burst=KAPOW)
    frames = layer.warm_up()
    assert layer.warm_up() is frames and len(frames) >= 20

    def no_rotozoom(*_args: object) -> None:
        raise AssertionError("a burst frame was rotozoomed while drawing")

    monkeypatch.setattr(pygame.transform, "rotozoom", no_rotozoom)
    screen = pygame.Surface((400, 300))
    layer.burst((200, 150))
    layer.burst((100, 100))
    for _ in range(60):
        layer.update(1 / 60)
        layer.draw(screen)
    assert not layer.busy
