"""Key mashing and mouse flailing on a live table: nothing crashes, no card is created or lost."""

from __future__ import annotations

import random
from collections import Counter

import pygame

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.ui import RumbleTableScene
from pie_table.kit.app import App
from pie_table.scenes.base import open_table

_SCANCODES = list(range(4, 83))  # letters, digits, punctuation, arrows, Return, Space, Tab, F-keys…


def _all_cards(state) -> Counter:
    """Every card id wherever it lies: decks, columns, hands, piles, set-aside and discard."""
    seen: Counter = Counter()
    for player in state.players:
        seen.update(player.deck)
        for column in player.columns:
            seen.update(column)
        if player.hand is not None:
            seen[player.hand] += 1
    for board in state.boards:
        for pile in board.values():
            seen.update(pile.cards)
    for team_cards in state.set_aside:
        seen.update(team_cards)
    seen.update(state.discard)
    return seen


def _random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    roll = rng.random()
    if roll < 0.6:
        kind = pygame.KEYDOWN if rng.random() < 0.7 else pygame.KEYUP
        scancode = rng.choice(_SCANCODES)
        return pygame.event.Event(kind, key=0, scancode=scancode, mod=0, unicode="")
    if roll < 0.75:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 3]))
    if roll < 0.9:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def test_mashing_every_key_and_the_mouse_keeps_every_card():
    app = App(size=(1280, 720), headless=True)
    seats = parse_seats("human:keys1,human:keys2,human:mouse,bot:hard")
    scene = open_table(RumbleTableScene, app, GameSetup("rumble-pie", seats, seed=5))
    app.scenes.push(scene)
    state = scene.sim.state
    expected = Counter(range(len(state.cards)))
    rng = random.Random(99)
    for _ in range(1500):
        # Escape would open the pause menu and F11 toggles fullscreen; mash everything else.
        events = [e for e in (_random_event(rng, app.size) for _ in range(rng.randrange(4)))
                  if getattr(e, "scancode", 0) not in (41, 68)]
        app.step(1 / 60, events)
        if app.scenes.current is not scene:
            break
        state = scene.sim.state
        assert _all_cards(state) == expected
    # The mashing really played: the round started and the human seats drew cards.
    assert scene.sim.state.tick > 0
    drawn = [len(p.deck) < 45 for p in scene.sim.state.players[:3]]
    assert any(drawn), drawn
