"""The one boundary from raw pygame events to intents: key maps and pad maps are data files."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from pie_table.kit.i18n import N_, _
from pie_table.paths import assets_dir

KEYMAP_DIR = assets_dir("keymaps")
KEY_DEVICES = ("keys1", "keys2")
# Menus are driven by these actions, whichever device produced them.
MENU_ACTIONS = ("up", "down", "left", "right", "accept", "back")

_INTENT_HELP = {
    "col1": N_("column 1"),
    "col2": N_("column 2"),
    "col3": N_("column 3"),
    "col4": N_("column 4"),
    "colprev": N_("previous column"),
    "colnext": N_("next column"),
    "prev": N_("previous target"),
    "next": N_("next target"),
    "play": N_("play card"),
    "draw": N_("draw"),
    "move1": N_("move 1 card"),
    "move2": N_("move 2 cards"),
    "out": N_("call Out!"),
    "pause": N_("pause"),
}
_KEY_LABELS = {
    "SEMICOLON": ";",
    "LEFT": "←",
    "RIGHT": "→",
    "UP": "↑",
    "DOWN": "↓",
    "COMMA": ",",
    "PERIOD": ".",
    "SLASH": "/",
    "APOSTROPHE": "'",
}
# Keys with a name rather than a sign: shown in the player's language.
_KEY_NAMES = {
    "SPACE": N_("Space"),
    "RETURN": N_("Return"),
    "KP_ENTER": N_("Keypad Enter"),
    "ESCAPE": N_("Escape"),
    "TAB": N_("Tab"),
    "BACKSPACE": N_("Backspace"),
}
_PAD_LABELS = {
    "DPAD_LEFT": "◀",
    "DPAD_RIGHT": "▶",
    "DPAD_UP": "▲",
    "DPAD_DOWN": "▼",
    "LEFTSHOULDER": "LB",
    "RIGHTSHOULDER": "RB",
    "START": "Start",
    "BACK": "Back",
}
_MENU_KEYS = {
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_RETURN: "accept",
    pygame.K_KP_ENTER: "accept",
    pygame.K_SPACE: "accept",
    pygame.K_ESCAPE: "back",
}
_MENU_PAD = {
    "DPAD_UP": "up",
    "DPAD_DOWN": "down",
    "DPAD_LEFT": "left",
    "DPAD_RIGHT": "right",
    "A": "accept",
    "START": "accept",
    "B": "back",
}


@dataclass(frozen=True)
class Intent:
    """A player's wish, independent of the key or button that expressed it."""

    device: str
    name: str
    pressed: bool


@dataclass
class KeyMap:
    """One keyboard player's bindings: scancode -> intent name."""

    device: str
    title: str
    by_scancode: dict[int, str]
    keys: list[tuple[str, str]]  # (intent, key label) in binding order; translated only when shown


@dataclass
class PadMap:
    """Bindings shared by every gamepad: button id -> intent, axis id -> (negative, positive) intents."""

    buttons: dict[int, str]
    axes: dict[int, tuple[str, str]]
    threshold: float
    keys: list[tuple[str, str]]  # (intent, button label), like KeyMap.keys
    button_names: dict[int, str] = field(default_factory=dict)


def intent_help(intent: str) -> str:
    """What an intent does, in the player's language ("play card")."""
    return _(_INTENT_HELP.get(intent, intent))


def scancode_of(name: str | int) -> int:
    """Resolve `"SCANCODE_W"` (or `"KSCAN_W"`, or a raw int) to an SDL scancode."""
    if isinstance(name, int):
        return name
    base = name.removeprefix("SCANCODE_").removeprefix("KSCAN_")
    value = getattr(pygame, "KSCAN_" + base, None)
    if value is None:
        raise ValueError(f"unknown scancode name {name!r}")
    return int(value)


def key_label(name: str | int) -> str:
    """A short printable label for a scancode name, as shown in legends."""
    if isinstance(name, int):
        return f"#{name}"
    base = name.removeprefix("SCANCODE_").removeprefix("KSCAN_")
    if base in _KEY_NAMES:
        return _(_KEY_NAMES[base])
    return _KEY_LABELS.get(base, base.title() if len(base) > 1 else base)


def default_bindings(device: str, keymap_dir: Path = KEYMAP_DIR) -> dict[str, list[str]]:
    """The shipped bindings of a keyboard player: intent -> scancode names."""
    data = json.loads((keymap_dir / f"{device}.json").read_text(encoding="utf-8"))
    return {intent: list(keys) for intent, keys in data["bindings"].items()}


def scancode_name(scancode: int) -> str | None:
    """`"SCANCODE_W"` for the W key's scancode (None for a key pygame does not name)."""
    for attr in dir(pygame):
        if attr.startswith("KSCAN_") and getattr(pygame, attr) == scancode:
            return "SCANCODE_" + attr.removeprefix("KSCAN_")
    return None


def build_keymap(device: str, title: str, bindings: dict[str, list[str]]) -> KeyMap:
    """A KeyMap (and its legend) from intent -> scancode names."""
    by_scancode: dict[int, str] = {}
    labels: list[tuple[str, str]] = []
    for intent, keys in bindings.items():
        for key in keys:
            by_scancode[scancode_of(key)] = intent
        labels.append((intent, " ".join(key_label(k) for k in keys)))
    return KeyMap(device, title, by_scancode, labels)


def load_keymap(path: Path) -> KeyMap:
    """Read a keys*.json file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return build_keymap(data["device"], data.get("title", data["device"]), data["bindings"])


def default_pad_buttons(keymap_dir: Path = KEYMAP_DIR) -> dict[str, list[str]]:
    """The shipped gamepad buttons: intent -> CONTROLLER_BUTTON_* suffixes ("A", "DPAD_LEFT")."""
    data = json.loads((keymap_dir / "pad.json").read_text(encoding="utf-8"))
    return {intent: list(names) for intent, names in data["buttons"].items()}


def button_name(code: int) -> str | None:
    """ "A" for pygame.CONTROLLER_BUTTON_A (None for a button pygame does not name)."""
    for attr in dir(pygame):
        if (
            attr.startswith("CONTROLLER_BUTTON_")
            and getattr(pygame, attr) == code
            and attr != "CONTROLLER_BUTTON_MAX"
        ):
            return attr.removeprefix("CONTROLLER_BUTTON_")
    return None


def pad_label(name: str) -> str:
    return _PAD_LABELS.get(name, name)


def load_padmap(path: Path, buttons_override: dict[str, list[str]] | None = None) -> PadMap:
    """Read pad.json (button and axis names are pygame CONTROLLER_* suffixes); `buttons_override`
    replaces its buttons (the player's own)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if buttons_override is not None:
        data["buttons"] = buttons_override
    buttons: dict[int, str] = {}
    names: dict[int, str] = {}
    labels: list[tuple[str, str]] = []
    for intent, names_list in data["buttons"].items():
        for name in names_list:
            code = int(getattr(pygame, "CONTROLLER_BUTTON_" + name))
            buttons[code] = intent
            names[code] = name
        labels.append((intent, " ".join(_PAD_LABELS.get(n, n) for n in names_list)))
    axes = {
        int(getattr(pygame, "CONTROLLER_AXIS_" + axis)): (pair[0], pair[1])
        for axis, pair in data.get("axes", {}).items()
    }
    return PadMap(buttons, axes, float(data.get("axis_threshold", 0.5)), labels, names)


def _open_controller(device_index: int) -> tuple[Any, int | None]:
    """Open the controller at `device_index`; (None, None) when there is none (never raises)."""
    try:
        from pygame._sdl2 import controller

        if not controller.get_init():
            controller.init()
        pad = controller.Controller(device_index)
        return pad, int(pad.as_joystick().get_instance_id())
    except Exception:  # a missing or odd pad must never crash the table
        return None, None


class InputRouter:
    """Turns keyboard and gamepad events into `Intent`s for each player device."""

    def __init__(self, keymap_dir: Path = KEYMAP_DIR, pads: bool = True) -> None:
        self.keymaps = {d: load_keymap(keymap_dir / f"{d}.json") for d in KEY_DEVICES}
        self.padmap = load_padmap(keymap_dir / "pad.json")
        self._pads: dict[int, str] = {}  # instance id -> "pad1"...
        self._controllers: dict[int, Any] = {}  # keep SDL handles alive while plugged
        self._axis_state: dict[tuple[int, int], int] = {}
        self._use_sdl_pads = pads  # SDL's pads start with `start_pads` (a window: after its first frame)

    def start_pads(self) -> None:
        """Start SDL's controller subsystem so pads already plugged in arrive as added events."""
        if not self._use_sdl_pads:
            return
        try:
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
        except Exception:  # no controller support: keyboard play still works
            pass

    def rebind_pads(self, buttons: dict[str, list[str]], keymap_dir: Path = KEYMAP_DIR) -> None:
        """Use `buttons` (intent -> button names) for every gamepad from now on."""
        self.padmap = load_padmap(keymap_dir / "pad.json", buttons)

    def rebind(self, device: str, bindings: dict[str, list[str]]) -> None:
        """Use `bindings` (intent -> scancode names) for keyboard player `device` from now on; the
        legends the tables show follow."""
        title = self.keymaps[device].title if device in self.keymaps else device
        self.keymaps[device] = build_keymap(device, title, bindings)

    def devices(self) -> list[str]:
        """Every device that can produce intents right now: both key sets and plugged pads."""
        return list(KEY_DEVICES) + sorted(self._pads.values())

    def pad_devices(self) -> dict[int, str]:
        """Plugged pads by SDL instance id."""
        return dict(self._pads)

    def key_labels(self, device: str) -> list[tuple[str, str]]:
        """(intent, key label) for `device`: what legends group and look up, by intent, never by
        their translated wording."""
        if device in self.keymaps:
            return list(self.keymaps[device].keys)
        if device.startswith("pad"):
            return list(self.padmap.keys)
        return []

    def legend(self, device: str) -> list[tuple[str, str]]:
        """(key label, what it does) for `device`, for on-table help, in the language shown now."""
        return [(keys, intent_help(intent)) for intent, keys in self.key_labels(device)]

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        """The intents carried by `event` (empty for events that are not player input)."""
        etype = event.type
        if etype in (pygame.KEYDOWN, pygame.KEYUP):
            return self._translate_key(event, etype == pygame.KEYDOWN)
        if etype == pygame.CONTROLLERDEVICEADDED:
            self._pad_added(event)
        elif etype == pygame.CONTROLLERDEVICEREMOVED:
            self._pad_removed(getattr(event, "instance_id", None))
        elif etype in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            return self._translate_button(event, etype == pygame.CONTROLLERBUTTONDOWN)
        elif etype == pygame.CONTROLLERAXISMOTION:
            return self._translate_axis(event)
        return []

    def menu_action(self, event: pygame.event.Event) -> str | None:
        """A menu navigation action ("up", "accept", "back"...) from keys or any pad, else None."""
        if event.type == pygame.KEYDOWN:
            return _MENU_KEYS.get(event.key)
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            return _MENU_PAD.get(self.padmap.button_names.get(event.button, ""))
        return None

    def _translate_key(self, event: pygame.event.Event, pressed: bool) -> list[Intent]:
        scancode = getattr(event, "scancode", None)
        if scancode is None:
            return []
        if event.type == pygame.KEYDOWN and getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return []  # Ctrl/Alt chords are app shortcuts, not moves
        return [
            Intent(device, keymap.by_scancode[scancode], pressed)
            for device, keymap in self.keymaps.items()
            if scancode in keymap.by_scancode
        ]

    def _pad_added(self, event: pygame.event.Event) -> None:
        handle, instance_id = None, None
        if self._use_sdl_pads:
            handle, instance_id = _open_controller(getattr(event, "device_index", -1))
        if instance_id is None:
            # Synthetic events (tests, remaps) carry the instance id themselves.
            instance_id = getattr(event, "instance_id", None)
        if instance_id is None or instance_id in self._pads:
            return
        taken = set(self._pads.values())
        slot = next(n for n in range(1, len(taken) + 2) if f"pad{n}" not in taken)
        self._pads[instance_id] = f"pad{slot}"
        if handle is not None:
            self._controllers[instance_id] = handle

    def _pad_removed(self, instance_id: int | None) -> None:
        if instance_id is None:
            return  # not a pad this router knows (nothing of it is kept)
        self._pads.pop(instance_id, None)
        self._controllers.pop(instance_id, None)
        for key in [k for k in self._axis_state if k[0] == instance_id]:
            del self._axis_state[key]

    def _device(self, event: pygame.event.Event) -> str | None:
        """The pad ("pad1"...) an event came from; None when it is not a plugged-in pad."""
        instance_id = getattr(event, "instance_id", None)
        return None if instance_id is None else self._pads.get(instance_id)

    def _translate_button(self, event: pygame.event.Event, pressed: bool) -> list[Intent]:
        device = self._device(event)
        intent = self.padmap.buttons.get(getattr(event, "button", -1))
        if device is None or intent is None:
            return []
        return [Intent(device, intent, pressed)]

    def _translate_axis(self, event: pygame.event.Event) -> list[Intent]:
        """A stick pushed past the threshold acts like a d-pad press; back to centre releases it."""
        device = self._device(event)
        pair = self.padmap.axes.get(getattr(event, "axis", -1))
        if device is None or pair is None:
            return []
        value = event.value / 32767 if abs(event.value) > 1 else event.value
        limit = self.padmap.threshold
        direction = -1 if value <= -limit else (1 if value >= limit else 0)
        key = (event.instance_id, event.axis)
        before = self._axis_state.get(key, 0)
        if direction == before or (direction == 0 and abs(value) > limit * 0.6):
            return []  # hysteresis: small wobble near the threshold changes nothing
        self._axis_state[key] = direction
        out = []
        if before:
            out.append(Intent(device, pair[0] if before < 0 else pair[1], False))
        if direction:
            out.append(Intent(device, pair[0] if direction < 0 else pair[1], True))
        return out
