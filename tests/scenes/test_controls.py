"""Key rebinding: a new key takes effect at once (and in the legends), conflicts are refused with
the reason, reset puts the shipped keys back, and the choice is remembered."""

from __future__ import annotations

import pygame
import pytest

from pie_table.kit import keybindings
from pie_table.kit.app import App

DT = 0.05


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return tmp_path


def _key(app, key, scancode):
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=scancode)])


def _scene():
    from pie_table.scenes.controls import ControlsScene

    app = App(size=(1280, 720), headless=True)
    scene = ControlsScene(app)
    app.scenes.push(scene)
    app.step(DT, [])
    return app, scene


def test_a_new_key_applies_at_once_and_is_remembered(home):
    app, scene = _scene()
    play = list(scene.bindings.current["keys1"]).index("play")
    scene.rows["keys1"][play].activate()
    _key(app, pygame.K_t, pygame.KSCAN_T)
    assert scene.bindings.current["keys1"]["play"] == ["SCANCODE_T"]
    assert app.input.keymaps["keys1"].by_scancode[pygame.KSCAN_T] == "play"
    assert pygame.KSCAN_W not in app.input.keymaps["keys1"].by_scancode
    assert ("T", "play card") in app.input.legend("keys1")
    loaded, notice = keybindings.load()
    assert notice is None and loaded.current["keys1"]["play"] == ["SCANCODE_T"]


@pytest.mark.parametrize(("scancode", "reason"), [
    (pygame.KSCAN_J, "J is the other keyboard player's"),
    (pygame.KSCAN_S, "S already does something else for you"),
    (pygame.KSCAN_F11, "F11 belongs to the whole table"),
])
def test_a_key_in_use_is_refused_with_the_reason(home, scancode, reason):
    app, scene = _scene()
    play = list(scene.bindings.current["keys1"]).index("play")
    scene.rows["keys1"][play].activate()
    _key(app, 0, scancode)
    assert scene.message == reason
    assert scene.bindings.current["keys1"]["play"] == ["SCANCODE_W"]


def test_reset_puts_a_players_keys_back_and_a_damaged_file_is_set_aside(home):
    app, scene = _scene()
    scene.bindings.set("keys2", "out", "SCANCODE_P")
    scene.resets[1].activate()
    assert scene.bindings.current["keys2"]["out"] == ["SCANCODE_O"]
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "keys.json").write_text("not json")
    bindings, notice = keybindings.load()
    assert bindings.current == keybindings.Bindings().current and "keys.json" in notice


def _button(app, code):
    app.step(DT, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=code, instance_id=0)])


def test_gamepad_buttons_rebind_too_and_start_stays_the_tables(home):
    app, scene = _scene()
    play = list(scene.bindings.current["pad"]).index("play")
    scene.rows["pad"][play].activate()
    _button(app, pygame.CONTROLLER_BUTTON_START)
    assert scene.message.endswith("belongs to the whole table")
    scene.rows["pad"][play].activate()
    _button(app, pygame.CONTROLLER_BUTTON_X)
    assert "already does something else for you" in scene.message
    scene.rows["pad"][play].activate()
    _button(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert scene.bindings.current["pad"]["play"] == ["RIGHTSHOULDER"]
    assert app.input.padmap.buttons[pygame.CONTROLLER_BUTTON_RIGHTSHOULDER] == "play"
    assert keybindings.load()[0].current["pad"]["play"] == ["RIGHTSHOULDER"]
