"""Reduced motion reaches every animation of the four tables, at any animation speed: cards that
fly (Pie Rats, Cheflebrity) and slide or flip (Rumble Pie) are where they go in the next frame,
thrown dice and the ceremony's coin come to rest at once (RATS), sparkles are left out and a
floating word fades where it appears."""

from __future__ import annotations

import pygame
import pytest

from pie_table.kit import motion


@pytest.fixture(autouse=True)
def reduced(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    motion.configure("normal", True)
    yield
    motion.configure("normal", False)


def test_pie_rats_cards_land_in_the_next_frame():
    from pie_table.games.pie_rats.ui.flights import Flights

    flights = Flights()
    flights.launch(3, pygame.Rect(0, 0, 10, 14))
    flights.land({(False, 3): pygame.Rect(300, 200, 10, 14)}, pygame.Rect(0, 0, 1, 1), [])
    flights.update(1 / 60)
    assert not flights.busy


def test_cheflebrity_cards_land_in_the_next_frame():
    from pie_table.games.cheflebrity.ui.flights import Flights

    flights = Flights()
    flights.launch(3, pygame.Rect(0, 0, 50, 70), pygame.Rect(400, 300, 50, 70))
    flights.update(1 / 60)
    assert not flights.busy


def test_rats_dice_come_to_rest_at_once_on_their_values():
    from pie_table.games.rats.ui.dice_tray import DiceTray
    from pie_table.games.rats.ui.motion import TableMotion

    landed: list[bool] = []
    tray = DiceTray()
    tray.layout(pygame.Rect(0, 0, 500, 220))
    table = TableMotion(tray, lambda: landed.append(True))
    tray.animate([6, 2], velocity=(2400.0, -900.0), seed=4)
    table.update(1 / 60)
    assert not table.busy and landed == [True]
    assert [d.value for d in tray.dice] == [6, 2] and all(tray.rect.contains(d.rect) for d in tray.dice)


def test_the_rats_ceremony_coin_shows_its_face_at_once():
    from pie_table.games.rats.ui.ceremony import Ceremony
    from pie_table.games.rats.ui.dice_tray import DiceTray
    from pie_table.games.rats.ui.motion import TableMotion

    table = TableMotion(DiceTray(), lambda: None)
    table.ceremony = Ceremony()
    table.ceremony.flip("heads")
    table.update(1 / 60)
    assert not table.busy


def test_rumble_pies_cards_never_slide_or_flip():
    """Bots playing for a few seconds of a real-time round: after every frame each card sprite is
    at rest where it goes."""
    from pie_table.core.setup import GameSetup, parse_seats
    from pie_table.games.rumble_pie.ui import RumbleTableScene
    from pie_table.kit.app import App
    from pie_table.scenes.base import open_table

    app = App(size=(1280, 720), headless=True)
    motion.configure("normal", True)  # (the app applied the saved settings as it opened)
    table = open_table(RumbleTableScene, app, GameSetup("rumble-pie", parse_seats(
        "bot:hard,bot:hard,bot:normal,bot:normal"), {}, seed=3))
    app.scenes.push(table)
    table.skip_to(at=6.0)
    moved = 0
    for _frame in range(240):
        before = {key: sprite.rect.topleft for key, sprite in table.cards.sprites.items()}
        app.step(1 / 60)
        moved += sum(before.get(key, sprite.rect.topleft) != sprite.rect.topleft
                     for key, sprite in table.cards.sprites.items())
        assert [key for key, sprite in table.cards.sprites.items() if sprite.is_animating] == []
    assert moved  # cards were played meanwhile: each jumped to its place


def test_no_sparkle_and_a_floating_word_stays_where_it_appears():
    from pie_table.kit.effects import EffectLayer

    effects = EffectLayer(seed=1)
    effects.sparkle((50, 50))
    assert not effects.busy
    effects.float_text("+2 points", (200, 200))
    tops = []
    for _frame in range(30):
        surface = pygame.Surface((400, 400))
        surface.fill((0, 0, 0))
        effects.draw(surface)
        lit = pygame.mask.from_threshold(surface, (0, 0, 0, 255), (1, 1, 1, 255))
        lit.invert()  # what the word painted
        tops.append(lit.get_bounding_rects()[0].top if lit.count() else None)
        effects.update(1 / 60)
    assert len(set(tops)) == 1 and tops[0] is not None
