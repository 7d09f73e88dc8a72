"""SoundBank: the table's sound effects from assets/sounds/*.wav by name; silent when there is no device.

`play()` never raises: a missing device, a missing file or a mixer error all mean "stay quiet".
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from pie_table.paths import assets_dir

SOUND_DIR = assets_dir("sounds")
# What menus and any card table play (cards, dice, coins, clicks). A game's own sounds are
# registered by the game (`register_sounds`): kit names no game's noises.
SHARED_SOUNDS = (
    "card_slide", "card_place", "draw", "shuffle", "refuse", "win", "click", "dice_roll", "dice_land", "coin",
)
_GAME_SOUNDS: dict[str, None] = {}  # the names games registered, in order (a dict as an ordered set)


def register_sounds(*names: str) -> None:
    """Declare sounds a game plays beyond the shared ones, each an assets/sounds/NAME.wav."""
    _GAME_SOUNDS.update(dict.fromkeys(names))


def sound_names() -> tuple[str, ...]:
    """Every declared sound: the shared ones, then those the games imported so far registered."""
    return (*SHARED_SOUNDS, *(name for name in _GAME_SOUNDS if name not in SHARED_SOUNDS))


@contextmanager
def _quiet_native_stderr() -> Iterator[None]:
    """Silence C-level stderr for the block: ALSA prints a dozen lines of its own when there is no
    sound card, and our one-line notice already says it."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no real fd 2 (e.g. a captured stream): nothing to silence
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class SoundBank:
    """Named sounds with a master volume and mute; silent (but callable) without a mixer."""

    def __init__(self, sounds: dict[str, pygame.mixer.Sound] | None = None, enabled: bool = True) -> None:
        self._sounds = dict(sounds or {})
        self.enabled = enabled and bool(self._sounds)
        self.volume = 1.0
        self.muted = False

    @classmethod
    def create(cls, enabled: bool = True, sound_dir: Path = SOUND_DIR) -> SoundBank:
        """Start the mixer and load every WAV in `sound_dir`; on failure print one line and play silently."""
        if not enabled:
            return cls.silent()
        try:
            if not pygame.mixer.get_init():
                with _quiet_native_stderr():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
        except (pygame.error, OSError, NotImplementedError) as exc:
            print(f"pie_table: no sound device ({exc}); playing silently", file=sys.stderr)
            return cls.silent()
        return cls(_load_all(sound_dir), enabled=True)

    @classmethod
    def silent(cls) -> SoundBank:
        """A bank that accepts every call and plays nothing."""
        return cls({}, enabled=False)

    @property
    def names(self) -> list[str]:
        """The loaded sound names."""
        return sorted(self._sounds)

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play sound `name` at `volume` x the master volume; unknown names and errors are ignored."""
        if not self.enabled or self.muted:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.set_volume(max(0.0, min(1.0, volume * self.volume)))
            sound.play()
        except pygame.error:
            pass  # a busy or vanished device must never take the game down

    def set_volume(self, volume: float) -> None:
        """Master volume, 0.0-1.0."""
        self.volume = max(0.0, min(1.0, float(volume)))

    def mute(self, muted: bool = True) -> None:
        """Silence (or un-silence) every sound."""
        self.muted = bool(muted)

    def toggle_mute(self) -> bool:
        """Flip mute; returns the new state."""
        self.mute(not self.muted)
        return self.muted


def _load_all(sound_dir: Path) -> dict[str, pygame.mixer.Sound]:
    """Every readable WAV in `sound_dir` by stem; unreadable files are skipped."""
    sounds = {}
    for path in sorted(Path(sound_dir).glob("*.wav")):
        try:
            sounds[path.stem] = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError):
            continue
    return sounds
