"""Key rebinding for the two keyboard players: pick an action, press its new key. A key the other
player or the whole table uses is refused with the reason; *Reset* puts a player's keys back.
The bindings are remembered and are what the tables' key legends show."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.kit import keybindings
from pie_table.kit import palette as pal
from pie_table.kit.i18n import _, tr
from pie_table.kit.input import _INTENT_HELP, button_name
from pie_table.kit.text import NARROW_PAGE
from pie_table.kit.widgets import Button, Label, Widget
from pie_table.scenes.base import OverlayScene

_TITLES = {"keys1": "Keys left", "keys2": "Keys right", "pad": "Gamepads"}
DEVICES = keybindings.DEVICES


class ControlsScene(OverlayScene):
    """Both keyboard players' keys side by side (one under the other on a narrow page)."""

    # The three columns side by side need the 1200-wide sheet; on a narrower page (a large
    # interface size) they go one under the other and the page, as tall as that, scrolls.
    room = (NARROW_PAGE, 720)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.bindings: keybindings.Bindings = app.bindings
        self.capturing: tuple[str, str] | None = None
        self.message = ""

    def build(self) -> list[Widget]:
        self.heading = Label(_("Controls"), 40, pal.INK, "title")
        self.rows: dict[str, list[Button]] = {}
        for device in DEVICES:
            self.rows[device] = [
                Button(self._row_text(device, intent), self._capture(device, intent), size=18)
                for intent in self._intents(device)
            ]
        self.column_heads = [Label(_(_TITLES[d]), 22, pal.INK, "bold") for d in DEVICES]
        self.resets = [
            Button(_("Reset {player}").format(player=_(_TITLES[d]).lower()), self._reset(d), size=18)
            for d in DEVICES
        ]
        self.back_button = Button(_("Back"), self.back, size=24)
        self.status = Label(lambda: self.message, 18, pal.CHERRY, "bold")
        rows = [button for device in DEVICES for button in self.rows[device]]
        return [*rows, *self.resets, self.back_button, self.heading, *self.column_heads, self.status]

    def _intents(self, device: str) -> list[str]:
        """The actions a player may rebind (a pad's Start stays the pause button)."""
        return [i for i in self.bindings.current[device] if not (device == keybindings.PAD and i == "pause")]

    def _row_text(self, device: str, intent: str) -> str:
        keys = " ".join(keybindings.label(device, k) for k in self.bindings.current[device][intent])
        if self.capturing == (device, intent):
            keys = _("press a key…")
        return f"{_(_INTENT_HELP.get(intent, intent))}: {keys}"

    def _capture(self, device: str, intent: str) -> Any:
        def start() -> None:
            self.capturing = (device, intent)
            self.message = (
                _("Press the new button (Esc: keep the old one)")
                if device == keybindings.PAD
                else _("Press the new key (Esc: keep the old one)")
            )
            self._refresh()

        return start

    def _reset(self, device: str) -> Any:
        def reset() -> None:
            self.bindings.reset(device)
            self._changed()
            self.message = _("Keys put back as they were")

        return reset

    def _refresh(self) -> None:
        for device in DEVICES:
            for button, intent in zip(self.rows[device], self._intents(device), strict=True):
                button.text = self._row_text(device, intent)

    def _changed(self) -> None:
        keybindings.save(self.bindings)
        keybindings.apply(self.app.input, self.bindings)
        self._refresh()

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            self.capturing is not None
            and self.capturing[0] == keybindings.PAD
            and event.type == pygame.CONTROLLERBUTTONDOWN
        ):
            device, intent = self.capturing
            self.capturing = None
            name = button_name(getattr(event, "button", -1))
            reason = (
                _("That button cannot be used") if name is None else self.bindings.set(device, intent, name)
            )
            self.message = tr(reason) if reason is not None else ""
            if reason is None:
                self._changed()
            else:
                self._refresh()
            return
        if self.capturing is not None and event.type == pygame.KEYDOWN:
            device, intent = self.capturing
            self.capturing = None
            if event.key == pygame.K_ESCAPE:
                self.message = ""
                self._refresh()
                return
            if device == keybindings.PAD:
                self.capturing = (device, intent)
                return  # a pad action waits for a pad button (Esc above cancels)
            name = keybindings.key_name(event)
            reason = _("That key cannot be used") if name is None else self.bindings.set(device, intent, name)
            if reason is not None:
                self.message = tr(reason)
                self._refresh()
                return
            self.message = ""
            self._changed()
            return
        super().handle_event(event)

    def layout(self, size: tuple[int, int]) -> None:
        w, h, s = size[0], size[1], self.scale
        if w * 0.96 < 1200 * s:
            self._layout_stacked(size)
            return
        self.panel = pygame.Rect(0, 0, int(min(w * 0.96, 1200 * s)), int(min(h * 0.96, 680 * s)))
        self.panel.center = (w // 2, h // 2)
        pad = int(24 * s)
        self.heading.place(
            pygame.Rect(self.panel.x, self.panel.y + int(12 * s), self.panel.w, int(48 * s)), s
        )
        col_w = (self.panel.w - 4 * pad) // 3
        top = self.panel.y + int(64 * s)
        rows = max(len(r) for r in self.rows.values())
        # Rows share what the heading, the column titles, the resets, the message line and Back leave.
        room = self.panel.h - int(64 * s) - int(34 * s) - int(46 * s) - int(34 * s) - int(70 * s)
        row_h = max(int(22 * s), min(int(38 * s), room // rows - 3))
        for i, device in enumerate(DEVICES):
            x = self.panel.x + pad + i * (col_w + pad)
            self.column_heads[i].place(pygame.Rect(x, top, col_w, int(30 * s)), s)
            for j, button in enumerate(self.rows[device]):
                button.place(pygame.Rect(x, top + int(34 * s) + j * (row_h + 3), col_w, row_h), s)
            bottom = top + int(34 * s) + rows * (row_h + 3) + int(6 * s)
            self.resets[i].place(pygame.Rect(x, bottom, col_w, int(40 * s)), s)
        status_y = top + int(34 * s) + rows * (row_h + 3) + int(52 * s)
        self.status.place(pygame.Rect(self.panel.x, status_y, self.panel.w, int(28 * s)), s)
        bw, bh = int(200 * s), int(50 * s)
        self.back_button.place(
            pygame.Rect(self.panel.centerx - bw // 2, self.panel.bottom - bh - int(14 * s), bw, bh), s
        )

    def _layout_stacked(self, size: tuple[int, int]) -> None:
        """Each device's column the sheet's width, one under the other, every row at its full height;
        the sheet as tall as they need."""
        w, s = size[0], self.scale
        pad, row_h, gap = int(24 * s), int(38 * s), int(3 * s)
        self.panel = pygame.Rect(int(w * 0.02), int(20 * s), int(w * 0.96), 0)
        heading = pygame.Rect(self.panel.x, self.panel.y + int(12 * s), self.panel.w, int(48 * s))
        self.heading.place(heading, s)
        x, col_w = self.panel.x + 2 * pad, self.panel.w - 4 * pad
        y = self.panel.y + int(64 * s)
        for i, device in enumerate(DEVICES):
            self.column_heads[i].place(pygame.Rect(x, y, col_w, int(30 * s)), s)
            y += int(34 * s)
            for button in self.rows[device]:
                button.place(pygame.Rect(x, y, col_w, row_h), s)
                y += row_h + gap
            self.resets[i].place(pygame.Rect(x, y + int(6 * s), col_w, int(40 * s)), s)
            y += int(6 * s) + int(40 * s) + int(24 * s)
        self.status.place_lines(pygame.Rect(self.panel.x + pad, y, self.panel.w - 2 * pad, int(28 * s)), s)
        y = self.status.rect.bottom + int(14 * s)
        bw, bh = int(200 * s), int(50 * s)
        self.back_button.place(pygame.Rect(self.panel.centerx - bw // 2, y, bw, bh), s)
        self.panel.h = y + bh + int(14 * s) - self.panel.y
        self.page_need = self.panel.bottom + int(20 * s)
