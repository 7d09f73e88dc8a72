"""A fifth game is its engine, its bots, its painting and one registration: the tiny test-only game
(tests/scenes/tiny_game.py) deals, hands the screen over, takes a dragged card and shows its results
on the real shared turn-based table; and the table's scene sees only the events its screen may."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pie_table.core.history import visible_to
from pie_table.core.registry import get_game
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit.app import App
from pie_table.kit.handoff import HandoffScene
from pie_table.scenes.base import load_factory, open_table
from pie_table.scenes.results import ResultsScene
from tests.core.toy_game import BLOCK
from tests.scenes import tiny_game

DT = 0.05


@pytest.fixture(autouse=True)
def _registered():
    tiny_game.install()
    yield
    tiny_game.uninstall()


def _table(seats: str, **options: Any) -> tuple[App, Any]:
    app = App(size=(1280, 720), headless=True)
    factory = load_factory(get_game(tiny_game.GAME_ID).scene_factory)
    setup = GameSetup(tiny_game.GAME_ID, parse_seats(seats), {"reaction_seconds": 6, **options}, None, 3)
    scene = open_table(factory, app, setup)
    scene.autosave.enabled = False
    app.scenes.push(scene)
    return app, scene


def _run_until(app: App, done: Any, frames: int = 2000) -> None:
    for _ in range(frames):
        if done():
            return
        app.step(DT, [])
    raise AssertionError("the table never reached the expected moment")


def _press(app: App, key: int) -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def _drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    app.step(DT, [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
    ])


def _spot(scene: Any, kind: str, value: Any = None) -> pygame.Rect:
    return next(z.rect for z in scene.zones if z.kind == kind and value in (None, z.value))


def test_the_tiny_game_deals_hands_over_takes_a_dragged_card_and_shows_its_results():
    app, scene = _table("human:hotseat,human:hotseat", turns=4)
    _run_until(app, lambda: isinstance(app.scenes.current, HandoffScene))
    assert scene.display_seat is None  # nobody's hand shows behind the hand-off
    for _ in range(12):
        app.step(DT, [])
    _press(app, pygame.K_RETURN)
    _run_until(app, lambda: scene.panel is not None)
    assert scene.display_seat == 0
    card = next(c for c in scene.state.hands[0] if c != BLOCK)
    app.step(DT, [])
    hand = _spot(scene, "hand", card)
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hand.center, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=(hand.centerx, hand.y - 40), rel=(0, -40),
                                     buttons=(1, 0, 0))])
    assert scene.drop_targets() == {("pile", 0, None)}  # lit from the same zones_of as the drop
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_spot(scene, "pile").center, button=1)])
    assert scene.driver.session.log[-1].action == {"type": "play", "card": card, "seat": 0}
    # Everyone else may block: each plays on (or passes) until the last turn, then the results.
    for _ in range(4000):
        if scene.is_over():
            break
        if isinstance(app.scenes.current, HandoffScene):
            for _ in range(12):
                app.step(DT, [])
            _press(app, pygame.K_RETURN)
        elif scene.panel is not None:
            scene.panel.submit(scene.panel.items[-1][0])  # pass
        app.step(DT, [])
    assert scene.is_over()
    _run_until(app, lambda: isinstance(app.scenes.current, ResultsScene), frames=400)


def test_a_dropped_card_that_makes_no_move_springs_back_with_a_reason():
    app, scene = _table("human,bot:normal")
    _run_until(app, lambda: scene.panel is not None)
    app.step(DT, [])
    before = scene.rules.to_json(scene.state)
    card = next(z for z in scene.zones if z.kind == "hand")
    _drag(app, card.rect.center, (5, 5))
    assert scene.rules.to_json(scene.state) == before
    assert scene.message == "That card does not go there"


def test_the_scene_sees_only_the_events_the_seat_at_the_screen_may_see():
    app, scene = _table("human,bot:normal", turns=8)
    made: list[dict[str, Any]] = []
    seen: list[dict[str, Any]] = []
    play = scene.play_events
    # Every event the game made, unfiltered, as the session hands them to the driver.
    scene.driver.session.listeners.append(lambda entry, events: made.extend(events))
    scene.play_events = lambda events: (seen.extend(events), play(events))
    for _ in range(4000):
        if scene.is_over():
            break
        if scene.panel is not None:
            scene.panel.submit(scene.panel.items[-1][0])
        app.step(DT, [])
    assert any(not visible_to(e, 0) for e in made)  # the bot drew cards only it may see...
    assert seen and all(visible_to(e, 0) for e in seen)  # ...and the table never heard of them
    assert seen == [e for e in made if visible_to(e, 0)]  # but heard all the rest, once each, in order
