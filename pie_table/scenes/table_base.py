"""What every turn-based table scene does the same way: pause on Esc or when the window loses
focus, rest between frames while nothing moves, and play a sound without letting a dead sound
device stop the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from pie_table.kit.scene import NOW, ON_INPUT, Scene


class TurnTableScene(Scene):
    """Base of the turn-based tables; `game_id` names the game for the pause overlay's rules."""

    game_id = ""
    driver: Any  # the game's TableDriver (core.driver)
    watch: bool
    autoplay: bool
    autosave: Any
    effects: Any
    rules: Any
    state: Any
    message: str  # the note over the hand (a refusal, what ran out)
    pause_note: Callable[[], str] | None = None  # a line for the pause overlay (a hosted table's code)

    def warm_up(self) -> None:
        """Draw the table once out of sight (call it from `enter`, after the layout), so the fonts,
        card faces and backgrounds it needs are built while the scene opens, not in its first
        frame, which would drop."""
        self.draw(pygame.Surface(self.app.screen.get_size()))

    def table_moving(self) -> bool:
        """What every turn-based table animates or runs on its own: effects, a countdown on screen, a
        save due a frame after its redraw, the end of the game, autoplay and replays (which play by
        themselves). Uses the table's `watch`, `autoplay`, `autosave`, `effects`, `driver`, `rules`."""
        return bool(self.watch or self.autoplay or self.autosave.dirty or self.effects.busy
                    or self.driver.is_over() or self.driver.remaining() is not None)

    def rest_until(self, moving: bool, offered: bool, timers: Sequence[float | None]) -> float | None:
        """The table's answer to `next_frame`: NOW while anything is `moving`; else the soonest of the
        `timers` still running (a bot's beat, a beat before a hand-off; None or past: not running);
        ON_INPUT once a human's choices are `offered` on screen and no timer runs."""
        if moving:
            return NOW
        running = [t for t in timers if t is not None and t > 0]
        if running:
            return min(running)
        return ON_INPUT if offered else NOW

    def on_focus_lost(self) -> None:
        if self.app.scenes.current is self:
            self.pause_game()

    def on_close_request(self) -> bool:
        from pie_table.scenes.save_trouble import ask_before_closing

        return ask_before_closing(self.app, self)

    def pause_game(self) -> None:
        """Esc: the pause overlay (resume, rules, quit)."""
        from pie_table.scenes.pause import PauseScene

        self.app.scenes.push(PauseScene(self.app, self.game_id, self.pause_note))

    def _sound(self, name: str) -> None:
        try:
            self.app.sound.play(name)
        except Exception:  # noqa: BLE001 - sound is decoration; a dead device must not stop the game
            pass
