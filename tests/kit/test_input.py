"""Key maps, scancode binding and pad hot-plug through InputRouter.translate."""

import json

import pygame
import pytest

from pie_table.kit.input import KEYMAP_DIR, InputRouter, Intent, scancode_of

pygame.init()


def key(etype, scancode, keycode=0, mod=0):
    return pygame.event.Event(etype, key=keycode, scancode=scancode, mod=mod, unicode="")


@pytest.fixture
def router():
    return InputRouter(pads=False)


def test_both_players_keys_in_same_frame_give_both_intents(router):
    events = [
        key(pygame.KEYDOWN, pygame.KSCAN_W, pygame.K_w),
        key(pygame.KEYDOWN, pygame.KSCAN_UP, pygame.K_UP),
    ]
    intents = [i for e in events for i in router.translate(e)]
    assert intents == [Intent("keys1", "play", True), Intent("keys2", "play", True)]


def test_binding_follows_scancode_not_keycode(router):
    # On AZERTY the physical Q-position key reports key=a; the scancode is what counts.
    azerty = router.translate(key(pygame.KEYDOWN, pygame.KSCAN_Q, pygame.K_a))
    qwerty = router.translate(key(pygame.KEYDOWN, pygame.KSCAN_Q, pygame.K_q))
    assert azerty == qwerty == [Intent("keys1", "move1", True)]


def test_key_release_gives_unpressed_intent(router):
    assert router.translate(key(pygame.KEYUP, pygame.KSCAN_J)) == [Intent("keys2", "col1", False)]


def test_unbound_key_and_ctrl_chord_give_nothing(router):
    assert router.translate(key(pygame.KEYDOWN, pygame.KSCAN_F5)) == []
    assert router.translate(key(pygame.KEYDOWN, pygame.KSCAN_W, mod=pygame.KMOD_LCTRL)) == []


def test_maps_do_not_overlap_and_cover_the_table_intents():
    needed = {"col1", "col2", "col3", "col4", "prev", "next", "play", "draw", "move1", "move2", "out"}
    codes = []
    for name in ("keys1", "keys2"):
        data = json.loads((KEYMAP_DIR / f"{name}.json").read_text())
        assert set(data["bindings"]) == needed
        codes.append({scancode_of(k) for keys in data["bindings"].values() for k in keys})
    assert not codes[0] & codes[1]
    # Escape is the global pause and must stay out of both players' maps.
    assert pygame.KSCAN_ESCAPE not in codes[0] | codes[1]


def test_legend_lists_every_binding(router):
    legend = dict(router.legend("keys1"))
    assert legend["W"] == "play card"
    assert len(router.legend("keys2")) == 11
    assert router.legend("mouse") == []


def pad_event(etype, **kw):
    return pygame.event.Event(etype, **kw)


def test_pads_hot_plug_in_arrival_order(router):
    router.translate(pad_event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=7))
    router.translate(pad_event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=3))
    assert router.devices() == ["keys1", "keys2", "pad1", "pad2"]
    down = pad_event(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=pygame.CONTROLLER_BUTTON_A)
    assert router.translate(down) == [Intent("pad2", "play", True)]
    router.translate(pad_event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
    assert router.devices() == ["keys1", "keys2", "pad2"]
    # The freed slot goes to the next pad that arrives.
    router.translate(pad_event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=9))
    assert router.pad_devices() == {3: "pad2", 9: "pad1"}


def test_unknown_pad_and_missing_controller_are_silent(router):
    event = pad_event(pygame.CONTROLLERBUTTONDOWN, instance_id=42, button=pygame.CONTROLLER_BUTTON_A)
    assert router.translate(event) == []
    assert router.translate(pad_event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42)) == []
    # An added event for a device that cannot be opened and has no id is ignored.
    assert InputRouter(pads=True).translate(pad_event(pygame.CONTROLLERDEVICEADDED, device_index=99)) == []


def test_pad_map_buttons_and_stick(router):
    router.translate(pad_event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=1))
    names = {
        pygame.CONTROLLER_BUTTON_DPAD_LEFT: "prev",
        pygame.CONTROLLER_BUTTON_DPAD_UP: "colprev",
        pygame.CONTROLLER_BUTTON_B: "draw",
        pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "move2",
        pygame.CONTROLLER_BUTTON_START: "pause",
    }
    for button, name in names.items():
        event = pad_event(pygame.CONTROLLERBUTTONDOWN, instance_id=1, button=button)
        assert router.translate(event) == [Intent("pad1", name, True)]
    axis = pygame.CONTROLLER_AXIS_LEFTX
    push = pad_event(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=axis, value=30000)
    assert router.translate(push) == [Intent("pad1", "next", True)]
    assert router.translate(push) == []
    back = pad_event(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=axis, value=0)
    assert router.translate(back) == [Intent("pad1", "next", False)]


def test_menu_action_from_keys_and_pads(router):
    router.translate(pad_event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=1))
    assert router.menu_action(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, scancode=0)) == "down"
    pad_a = pad_event(pygame.CONTROLLERBUTTONDOWN, instance_id=1, button=pygame.CONTROLLER_BUTTON_A)
    assert router.menu_action(pad_a) == "accept"
