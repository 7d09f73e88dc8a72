"""Scene stack semantics: push/pop/replace/clear_to, overlays drawn over a frozen scene."""

import pygame

from pie_table.kit.scene import Scene, SceneManager


class Probe(Scene):
    """Records every hook call into a shared log."""

    def __init__(self, name, log, overlay=False):
        super().__init__(None)
        self.name, self.log, self.is_overlay = name, log, overlay

    def enter(self):
        self.log.append((self.name, "enter"))

    def exit(self):
        self.log.append((self.name, "exit"))

    def pause(self):
        self.log.append((self.name, "pause"))

    def resume(self):
        self.log.append((self.name, "resume"))

    def update(self, dt):
        self.log.append((self.name, "update"))

    def draw(self, surface):
        self.log.append((self.name, "draw"))

    def handle_event(self, event):
        self.log.append((self.name, "event"))


def test_push_pauses_beneath_and_pop_resumes():
    log = []
    mgr = SceneManager()
    a, b = Probe("a", log), Probe("b", log)
    mgr.push(a)
    mgr.push(b)
    assert mgr.current is b
    assert mgr.pop() is b
    assert mgr.current is a
    assert log == [("a", "enter"), ("a", "pause"), ("b", "enter"), ("b", "exit"), ("a", "resume")]


def test_replace_swaps_top_without_resuming_beneath():
    log = []
    mgr = SceneManager()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    mgr.push(a)
    mgr.push(b)
    log.clear()
    mgr.replace(c)
    assert mgr.stack == (a, c)
    assert log == [("b", "exit"), ("c", "enter")]


def test_clear_to_exits_everything_top_first():
    log = []
    mgr = SceneManager()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    mgr.push(a)
    mgr.push(b)
    log.clear()
    mgr.clear_to(c)
    assert mgr.stack == (c,)
    assert log == [("b", "exit"), ("a", "exit"), ("c", "enter")]


def test_overlay_draws_over_frozen_scene_and_gets_events():
    log = []
    mgr = SceneManager()
    table, pause = Probe("table", log), Probe("pause", log, overlay=True)
    mgr.push(table)
    mgr.push(pause)
    log.clear()
    mgr.update(0.016)
    mgr.draw(pygame.Surface((10, 10)))
    mgr.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert log == [("pause", "update"), ("table", "draw"), ("pause", "draw"), ("pause", "event")]


def test_opaque_scene_hides_everything_beneath():
    log = []
    mgr = SceneManager()
    mgr.push(Probe("a", log))
    mgr.push(Probe("b", log))
    log.clear()
    mgr.draw(pygame.Surface((10, 10)))
    assert log == [("b", "draw")]


def test_pop_until_stops_at_matching_scene():
    log = []
    mgr = SceneManager()
    menu = Probe("menu", log)
    menu.is_menu = True
    mgr.push(menu)
    mgr.push(Probe("table", log))
    mgr.push(Probe("results", log, overlay=True))
    top = mgr.pop_until(lambda s: s.is_menu)
    assert top is menu and len(mgr) == 1
    assert log[-1] == ("menu", "resume")


def test_empty_stack_is_harmless():
    mgr = SceneManager()
    assert mgr.pop() is None
    mgr.update(0.1)
    mgr.draw(pygame.Surface((4, 4)))
    assert mgr.current is None


def test_a_window_asked_smaller_than_the_minimum_opens_at_the_minimum():
    from pie_table.kit.app import MIN_SIZE, App

    app = App((640, 400))  # a real (not headless) app, on SDL's dummy video driver in tests
    assert app.screen.get_size() == MIN_SIZE
