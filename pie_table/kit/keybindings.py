"""Each player's own keys and buttons: changes over the shipped key maps (two keyboard players and
one set shared by every gamepad), kept per user in a versioned file and applied to the input
router. A key or button may serve only one action of one player, and never a table-wide one (Esc,
F11, Enter; a pad's Start); a refusal says why. A damaged file is set aside with one line."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.core.messages import Msg
from pie_table.core.userfiles import read_json, write_json
from pie_table.kit.input import (
    KEY_DEVICES,
    default_bindings,
    default_pad_buttons,
    key_label,
    pad_label,
    scancode_of,
)

FILE = "keys.json"
KIND, VERSION = "keys", 1
PAD = "pad"  # every gamepad shares one set of buttons
DEVICES = (*KEY_DEVICES, PAD)
# Keys and buttons the whole table uses: never a player's.
RESERVED = frozenset(
    {
        "SCANCODE_ESCAPE",
        "SCANCODE_F11",
        "SCANCODE_RETURN",
        "SCANCODE_KP_ENTER",
        "SCANCODE_TAB",
        "SCANCODE_BACKSPACE",
    }
)
RESERVED_PAD = frozenset({"START", "BACK", "GUIDE"})


def defaults(device: str) -> dict[str, list[str]]:
    """The shipped bindings of a device: action -> key (scancode) or button names."""
    return default_pad_buttons() if device == PAD else default_bindings(device)


def label(device: str, name: str) -> str:
    """How a key or button is written for the player ("W", "↑", "A", "LB")."""
    return pad_label(name) if device == PAD else key_label(name)


class Bindings:
    """Every device's bindings: device -> action -> key or button names."""

    def __init__(self, current: dict[str, dict[str, list[str]]] | None = None) -> None:
        self.current = {d: defaults(d) for d in DEVICES}
        for device, intents in (current or {}).items():
            for intent, keys in intents.items():
                if device in self.current and intent in self.current[device]:
                    self.current[device][intent] = list(keys)

    def owner(self, key: str) -> tuple[str, str] | None:
        """(device, action) of a keyboard that uses `key`, if any."""
        for device in KEY_DEVICES:
            for intent, keys in self.current[device].items():
                if key in keys:
                    return device, intent
        return None

    def refusal(self, device: str, intent: str, key: str) -> Msg | None:
        """Why `key` cannot become `device`'s key for `intent` (None: it can)."""
        if key in (RESERVED_PAD if device == PAD else RESERVED):
            return Msg("{key} belongs to the whole table", key=label(device, key))
        if device == PAD:
            taken = next((i for i, names in self.current[PAD].items() if key in names), None)
            if taken is not None and taken != intent:
                return Msg("{key} already does something else for you", key=pad_label(key))
            return None
        found = self.owner(key)
        if found is not None and found != (device, intent):
            if found[0] != device:
                return Msg("{key} is the other keyboard player's", key=key_label(key))
            return Msg("{key} already does something else for you", key=key_label(key))
        return None

    def set(self, device: str, intent: str, key: str) -> Msg | None:
        """Bind `key` to `intent`; the refusal, or None when done."""
        reason = self.refusal(device, intent, key)
        if reason is None:
            self.current[device][intent] = [key]
        return reason

    def reset(self, device: str) -> None:
        self.current[device] = defaults(device)

    def changes(self) -> dict[str, dict[str, list[str]]]:
        """Only what differs from the shipped maps (what the file keeps)."""
        found: dict[str, dict[str, list[str]]] = {}
        for device, intents in self.current.items():
            default = defaults(device)
            diff = {i: k for i, k in intents.items() if default.get(i) != k}
            if diff:
                found[device] = diff
        return found


def _known(device: str, keys: list[str]) -> bool:
    if device == PAD:
        return all(hasattr(pygame, "CONTROLLER_BUTTON_" + k) for k in keys)
    try:
        for key in keys:
            scancode_of(key)
    except ValueError:
        return False
    return True


def check(payload: dict[str, Any]) -> None:
    """The file's shape: `bindings` maps devices to actions to non-empty lists of key names.
    ValueError otherwise (the file is set aside). Names this pygame does not know are only
    skipped (`_valid`): a newer pygame may have written them."""
    bindings = payload.get("bindings", {})
    if not isinstance(bindings, dict):
        raise ValueError("bindings is not an object")
    for intents in bindings.values():
        if not isinstance(intents, dict):
            raise ValueError("a device's bindings are not an object")
        for keys in intents.values():
            named = isinstance(keys, list) and all(isinstance(k, str) and len(k) < 64 for k in keys)
            if not keys or not named:
                raise ValueError("an action's keys are not a list of names")


def _valid(payload: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """The bindings of a checked payload that this pygame can use."""
    found: dict[str, dict[str, list[str]]] = {}
    for device, intents in payload.get("bindings", {}).items():
        if device not in DEVICES:
            continue
        for intent, keys in intents.items():
            if _known(device, keys):
                found.setdefault(device, {})[intent] = list(keys)
    return found


def load() -> tuple[Bindings, str | None]:
    """The player's bindings and a one-line notice if a damaged file was set aside."""
    from pie_table.kit.i18n import tr
    from pie_table.paths import config_dir

    result = read_json(config_dir() / FILE, KIND, VERSION, validate=check)
    if result.ok and result.payload is not None:
        return Bindings(_valid(result.payload)), None
    return Bindings(), tr(result.notice) if result.notice is not None else None


def save(bindings: Bindings) -> None:
    from pie_table.paths import config_dir

    try:
        write_json(config_dir() / FILE, KIND, VERSION, {"bindings": bindings.changes()})
    except OSError:
        pass


def apply(router: Any, bindings: Bindings) -> None:
    """The input router (and so every key legend) uses these bindings."""
    for device in KEY_DEVICES:
        router.rebind(device, bindings.current[device])
    router.rebind_pads(bindings.current[PAD])


def key_name(event: pygame.event.Event) -> str | None:
    """The scancode name of a key press, or None."""
    from pie_table.kit.input import scancode_name

    scancode = getattr(event, "scancode", None)
    return scancode_name(int(scancode)) if scancode is not None else None
