"""The Rumble Pie tutorial completes when driven by posted key events, explains refusals, and ends
on the seat screen for a real round."""

from __future__ import annotations

import pygame

from pie_table.games.rumble_pie.ui.tutorial import STEPS, TutorialScene
from pie_table.kit.app import App

DT = 1 / 30


def key(app: App, scancode: int, frames: int = 4, code: int = 0) -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=code, scancode=scancode, mod=0, unicode="")])
    for _ in range(frames):
        app.step(DT, [])


def run(app: App, frames: int) -> None:
    for _ in range(frames):
        app.step(DT, [])


def make() -> tuple[App, TutorialScene]:
    app = App(size=(1280, 720), headless=True)
    scene = TutorialScene(app)
    app.scenes.push(scene)
    return app, scene


def test_the_tutorial_is_finished_with_the_keys_alone():
    app, scene = make()
    key(app, 0, code=pygame.K_RETURN)  # Go!
    run(app, 120)  # 3, 2, 1, Go!
    assert scene.step == 0
    key(app, pygame.KSCAN_S)  # draw
    assert scene.step == 1
    key(app, pygame.KSCAN_Z)  # place in the first column
    assert scene.step == 2
    key(app, pygame.KSCAN_Z)  # pick the column: the chef's target lights up
    key(app, pygame.KSCAN_W)  # play it
    assert scene.step == 3, scene.note
    column = next(
        i
        for i, c in enumerate(scene.state.players[0].columns)
        if c and scene.state.cards[c[-1]].kind == "one"
    )
    key(app, (pygame.KSCAN_Z, pygame.KSCAN_X, pygame.KSCAN_C)[column])
    key(app, pygame.KSCAN_W)
    assert scene.step == 4, scene.note
    run(app, 150)  # the opponent climbs Sylvie, One, Two, Three on my board; then my Two is dealt
    assert [scene.state.cards[c].kind for c in scene.state.boards[0]["sylvie"].cards][-1] == "three"
    for kind, step in (("two", 5), ("block", 6), ("kapow", 7)):
        column = next(
            i
            for i, c in enumerate(scene.state.players[0].columns)
            if c and scene.state.cards[c[-1]].kind == kind
        )
        key(app, (pygame.KSCAN_Z, pygame.KSCAN_X, pygame.KSCAN_C)[column])
        key(app, pygame.KSCAN_W)
        if scene.step != step:  # the cursor may point elsewhere first: cycle to the pile
            for _ in range(4):
                key(app, pygame.KSCAN_D)
                key(app, pygame.KSCAN_W)
                if scene.step == step:
                    break
        assert scene.step == step, (kind, scene.note)
    run(app, 60)
    key(app, pygame.KSCAN_R)  # Out!
    assert scene.finished
    key(app, 0, code=pygame.K_RETURN)
    from pie_table.scenes.seats import SeatsScene

    assert isinstance(app.scenes.current, SeatsScene) and app.scenes.current.info.id == "rumble-pie"


def test_a_refusal_is_explained_and_a_step_can_be_skipped():
    app, scene = make()
    key(app, 0, code=pygame.K_RETURN)
    run(app, 120)
    key(app, pygame.KSCAN_W)  # nothing to play yet
    key(app, pygame.KSCAN_S)
    key(app, pygame.KSCAN_S)  # holding a card: S places it (first column with room)
    assert scene.step == 2
    key(app, pygame.KSCAN_R)  # Out! with cards in the deck is refused
    assert scene.note.startswith("Not quite: ")
    for _ in range(len(STEPS)):
        key(app, 0, code=pygame.K_TAB)
    assert scene.finished


def test_the_tutorial_is_offered_once_the_first_time_rumble_pie_is_picked(tmp_path, monkeypatch):
    from pie_table.core.registry import get_game
    from pie_table.kit import settings as store
    from pie_table.scenes.game_select import GameSelectScene, TutorialOffer
    from pie_table.scenes.seats import SeatsScene

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    app = App(size=(1280, 720), headless=True)
    menu = GameSelectScene(app)
    app.scenes.push(menu)
    menu.pick(get_game("rumble-pie"))
    assert isinstance(app.scenes.current, TutorialOffer)
    assert store.load()[0].tutorial_offered
    offer = app.scenes.current
    assert offer.menu.focused is offer.yes_button and offer.yes_button.text == "Tutorial"
    app.scenes.current.back()  # "Play": no tutorial, the seats
    assert isinstance(app.scenes.current, SeatsScene)
    app.scenes.pop()
    menu.pick(get_game("rumble-pie"))
    assert isinstance(app.scenes.current, SeatsScene)  # offered once only
    app.scenes.pop()
    menu.open_tutorial()  # always reachable from the game list
    assert isinstance(app.scenes.current, TutorialScene)
