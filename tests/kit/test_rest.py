"""The main loop rests: no drawing while the top scene waits for input, a frame as soon as input
arrives or a scene's timer is due, and every frame while something moves."""

import pygame
import pytest

from pie_table.kit.app import App
from pie_table.kit.rows import TextInput
from pie_table.kit.scene import NOW, ON_INPUT, Scene, SceneManager
from pie_table.scenes.base import MenuScene

_TOO_MANY_DRAWS = 50  # a loop that draws while idle is stopped here instead of running forever


class Still(Scene):
    """A scene that says when it needs a frame and counts its draws and updates."""

    def __init__(self, app, answer=ON_INPUT):
        super().__init__(app)
        self.answer = answer
        self.draws = 0
        self.updates: list[float] = []

    def next_frame(self):
        return self.answer

    def update(self, dt):
        self.updates.append(dt)

    def draw(self, surface):
        self.draws += 1
        if self.draws > _TOO_MANY_DRAWS:
            raise AssertionError("the loop kept drawing a scene that waits for input")


def _app_with_naps(quit_after: int, event_type: int = pygame.QUIT):
    """A headless app whose rests are counted (no real sleep); after `quit_after` naps an event arrives."""
    app = App(size=(320, 240), headless=True)
    pygame.event.clear()
    naps = []

    def nap(seconds):
        naps.append(seconds)
        if len(naps) == quit_after:
            pygame.event.post(pygame.event.Event(event_type, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))

    app.nap = nap
    return app, naps


def test_the_loop_does_not_draw_a_scene_waiting_for_input():
    app, naps = _app_with_naps(quit_after=200)
    scene = Still(app)
    app.run(scene)
    # One frame when the scene arrives, one for the event that ended the rest (the quit): none between.
    assert len(naps) == 200
    assert scene.draws == 2


def test_input_wakes_a_resting_loop_at_once():
    app, naps = _app_with_naps(quit_after=30, event_type=pygame.MOUSEMOTION)
    scene = Still(app)
    app.scenes.push(scene)
    app.frame()  # the first frame, owed to the new scene
    assert scene.draws == 1
    app.frame()  # rests until the mouse moves, then draws once
    assert (len(naps), scene.draws) == (30, 2)


def test_a_scene_that_moves_gets_every_frame_and_never_rests():
    app, naps = _app_with_naps(quit_after=1)
    scene = Still(app, answer=NOW)  # a countdown running, cards in the air
    app.scenes.push(scene)
    for _ in range(5):
        app.frame()
    assert (scene.draws, naps) == (5, [])


def test_a_timer_draws_when_due_and_passes_its_time_on():
    app = App(size=(320, 240), headless=True)
    pygame.event.clear()
    wait = 0.05  # e.g. a bot's beat
    scene = Still(app, answer=wait)
    app.scenes.push(scene)
    app.frame()
    app.frame()  # rests `wait` (no input comes), then a frame
    assert scene.draws == 2
    assert 0 < scene.updates[-2] <= wait  # the time rested reaches the scene before the frame
    assert scene.updates[-1] == 0.0


def test_a_change_of_scene_or_size_is_drawn_even_when_the_top_rests():
    manager = SceneManager()
    scene = Still(None)
    manager.push(scene)
    assert manager.next_frame() == NOW
    manager.draw(pygame.Surface((10, 10)))
    assert manager.next_frame() is ON_INPUT
    manager.on_resize((20, 20))
    assert manager.next_frame() == NOW


def test_scenes_that_do_not_say_want_every_frame():
    assert Scene(None).next_frame() == NOW


@pytest.fixture
def menu_app():
    return App(size=(640, 360), headless=True)


def test_a_menu_rests_but_for_a_blinking_caret(menu_app):
    menu = MenuScene(menu_app)
    assert menu.next_frame() is ON_INPUT
    box = TextInput("Name", "Ann", lambda text: None)
    menu.menu.items = [box]
    box.focused = True
    assert 0 < menu.next_frame() <= 0.5
    box.focused = False
    assert menu.next_frame() is ON_INPUT
