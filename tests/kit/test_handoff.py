"""The hot-seat hand-off screen: opaque, armed after a beat, opened only by a deliberate confirm."""

import pygame
import pytest

from pie_table.core.session import PrivacyGate
from pie_table.kit.app import App
from pie_table.kit.handoff import HandoffScene
from pie_table.kit.scene import Scene

SECRET = (1, 2, 3)


class _Table(Scene):
    """A table that paints a tell-tale colour: if it shows under the hand-off, privacy leaked."""

    draws = 0

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        surface.fill(SECRET)


@pytest.fixture
def app() -> App:
    return App(size=(640, 360), headless=True)


def _key(key: int = pygame.K_RETURN) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="a", scancode=0)


def _arm(app: App) -> None:
    """Let the hand-off screen age past its arming delay (the app clamps each frame's dt)."""
    for _ in range(10):
        app.step(0.1, [])


def _click(pos: tuple[int, int] = (10, 10)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def _pad(button: int, instance_id: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=instance_id)


def test_gate_single_human_never_hands_off() -> None:
    gate = PrivacyGate([2])
    assert gate.viewer == 2
    assert not gate.needs_handoff(2)
    gate.hide()
    assert gate.viewer == 2


def test_gate_two_humans_hand_off_between_them() -> None:
    gate = PrivacyGate([0, 2])
    assert gate.viewer is None
    assert gate.needs_handoff(0) and gate.needs_handoff(2)
    gate.confirm(2)
    assert gate.viewer == 2 and not gate.needs_handoff(2) and gate.needs_handoff(0)
    gate.hide()
    assert gate.viewer is None
    assert not gate.needs_handoff(1)  # a bot seat never needs the device


def test_handoff_hides_the_table_completely(app: App) -> None:
    table = _Table(app)
    app.scenes.push(table)
    app.scenes.push(HandoffScene(app, "Rat 3"))
    app.step(0.016, [])
    assert table.draws == 0  # not merely painted over: the table is never drawn at all
    pixels = pygame.PixelArray(app.screen)
    try:
        secret = app.screen.map_rgb(SECRET)
        assert not any(secret in column for column in pixels)
    finally:
        pixels.close()


def test_handoff_ignores_input_until_armed_then_confirms_on_key(app: App) -> None:
    confirmed: list[bool] = []
    table = _Table(app)
    app.scenes.push(table)
    app.scenes.push(HandoffScene(app, "Rat 3", on_confirm=lambda: confirmed.append(True)))
    app.step(0.0, [_key()])
    assert confirmed == [] and app.scenes.current is not table
    for _ in range(30):
        app.step(0.05, [])
    app.step(0.0, [_key()])
    assert confirmed == [True]
    assert app.scenes.current is table


def test_handoff_confirms_on_click_once(app: App) -> None:
    confirmed: list[bool] = []
    app.scenes.push(_Table(app))
    scene = HandoffScene(app, "Rat 2", on_confirm=lambda: confirmed.append(True))
    app.scenes.push(scene)
    _arm(app)
    scene.handle_event(_click(scene.button.center))
    scene.handle_event(_click(scene.button.center))
    assert confirmed == [True]


def test_no_stray_key_click_or_pad_button_opens_the_handoff(app: App) -> None:
    """Another seat's React! number, letters, Tab, a click beside the button, a pad's B: the
    screen stays and the next hand stays hidden."""
    confirmed: list[bool] = []
    app.scenes.push(_Table(app))
    scene = HandoffScene(app, "Chef 2", on_confirm=lambda: confirmed.append(True))
    app.scenes.push(scene)
    _arm(app)
    strays = [_key(k) for k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_a, pygame.K_h, pygame.K_TAB)]
    strays += [_click((5, 5)), _click((scene.button.centerx, scene.button.y - 30))]
    strays += [_pad(pygame.CONTROLLER_BUTTON_B), _pad(pygame.CONTROLLER_BUTTON_X)]
    app.step(0.05, strays)
    assert confirmed == [] and app.scenes.current is scene


def test_enter_space_keypad_enter_and_a_pads_a_each_confirm(app: App) -> None:
    for event in (_key(pygame.K_RETURN), _key(pygame.K_SPACE), _key(pygame.K_KP_ENTER),
                  _pad(pygame.CONTROLLER_BUTTON_A)):
        table = _Table(app)
        app.scenes.push(table)
        scene = HandoffScene(app, "Chef 2")
        app.scenes.push(scene)
        _arm(app)
        app.step(0.05, [event])
        assert scene.confirmed and app.scenes.current is table
        app.scenes.pop()


def test_a_seat_on_a_pad_is_confirmed_by_its_own_pad_only(app: App) -> None:
    confirmed: list[bool] = []
    app.scenes.push(_Table(app))
    app.input.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=7))
    app.input.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=9))
    assert app.input.pad_devices() == {7: "pad1", 9: "pad2"}
    scene = HandoffScene(app, "Chef 2", on_confirm=lambda: confirmed.append(True), control="pad2")
    app.scenes.push(scene)
    _arm(app)
    app.step(0.05, [_pad(pygame.CONTROLLER_BUTTON_A, instance_id=7)])
    assert confirmed == []
    app.step(0.05, [_pad(pygame.CONTROLLER_BUTTON_A, instance_id=9)])
    assert confirmed == [True]


def test_escape_goes_to_escape_handler_not_confirm(app: App) -> None:
    calls: list[str] = []
    app.scenes.push(_Table(app))
    scene = HandoffScene(
        app, "Rat 2", on_confirm=lambda: calls.append("ok"), on_escape=lambda: calls.append("esc")
    )
    app.scenes.push(scene)
    _arm(app)
    scene.handle_event(_key(pygame.K_ESCAPE))
    assert calls == ["esc"] and app.scenes.current is scene


def test_a_hand_off_with_news_shows_it_and_opens_only_after_a_longer_beat(app: App) -> None:
    """After a claimed reaction ran out of time, the claimer's late Enter must not open the next hand."""
    app.scenes.push(_Table(app))
    scene = HandoffScene(app, "Chef 2", news="Time ran out: no Sabotage!")
    app.scenes.push(scene)
    for _ in range(10):
        app.step(0.1, [])  # a second: a plain hand-off would be armed by now
    app.step(0.0, [_key(pygame.K_RETURN)])
    assert not scene.confirmed and app.scenes.current is scene
    for _ in range(6):
        app.step(0.1, [])
    app.step(0.0, [_key(pygame.K_RETURN)])
    assert scene.confirmed
