"""SoundBank plays when it can, stays silent (with one line of explanation) when it cannot."""

from __future__ import annotations

import wave

import pygame
import pytest

import pie_table.games.rumble_pie.ui.feedback  # noqa: F401 - registers Rumble Pie's own sounds
from pie_table.kit import sound
from pie_table.kit.sound import SOUND_DIR, SoundBank, sound_names


@pytest.fixture(autouse=True)
def _restore_mixer():
    """Leave the mixer as we found it, so other tests' sound banks keep working."""
    was_running = pygame.mixer.get_init() is not None
    yield
    if was_running and not pygame.mixer.get_init():
        pygame.mixer.init()
    elif not was_running:
        pygame.mixer.quit()


def test_failing_mixer_makes_a_silent_bank_and_prints_one_line(monkeypatch, capsys) -> None:
    pygame.mixer.quit()

    def broken_init(*_args, **_kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    bank = SoundBank.create()
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no sound device" in err and "No available audio device" in err
    assert not bank.enabled
    bank.play("kapow")
    bank.play("no_such_sound", volume=3.0)
    bank.set_volume(0.5)
    bank.mute()
    assert capsys.readouterr().err == ""


def test_native_library_chatter_during_mixer_start_is_silenced(monkeypatch, capfd) -> None:
    """ALSA writes its own lines to fd 2 when there is no card; only our one line may reach the player."""
    import os

    pygame.mixer.quit()

    def chatty_init(*_args, **_kwargs):
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", chatty_init)
    SoundBank.create()
    err = capfd.readouterr().err
    assert "ALSA lib" not in err
    assert err.count("\n") == 1 and "no sound device" in err
    os.write(2, b"after\n")  # fd 2 is back where it was
    assert capfd.readouterr().err == "after\n"


def test_dummy_driver_loads_every_named_sound() -> None:
    bank = SoundBank.create()
    assert bank.enabled
    assert set(sound_names()) <= set(bank.names)
    for name in sound_names():
        bank.play(name, volume=0.2)
    bank.play("no_such_sound")


def test_disabled_bank_never_touches_the_mixer(monkeypatch) -> None:
    pygame.mixer.quit()
    calls = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: calls.append(a))
    bank = SoundBank.create(enabled=False)
    bank.play("click")
    assert calls == [] and not bank.enabled


def test_mute_and_volume_are_kept_and_clamped() -> None:
    bank = SoundBank.silent()
    bank.set_volume(4)
    assert bank.volume == 1.0
    bank.set_volume(-1)
    assert bank.volume == 0.0
    assert bank.toggle_mute() is True and bank.muted
    assert bank.toggle_mute() is False


def test_play_swallows_mixer_errors_and_keeps_playing(monkeypatch) -> None:
    class Fake:
        def __init__(self, explode: bool) -> None:
            self.explode, self.plays, self.volumes = explode, 0, []

        def set_volume(self, v):
            self.volumes.append(v)

        def play(self):
            self.plays += 1
            if self.explode:
                raise pygame.error("device vanished")

    broken, fine = Fake(True), Fake(False)
    bank = SoundBank({"kapow": broken, "click": fine})
    bank.set_volume(0.5)
    bank.play("kapow")  # the device fails mid-game: no exception reaches the table...
    bank.play("kapow")
    bank.play("click", volume=0.5)  # ...and other sounds still play, at the master volume
    assert broken.plays == 2 and fine.plays == 1 and fine.volumes == [0.25]
    bank.toggle_mute()
    bank.play("click")
    assert fine.plays == 1  # muted: nothing is played


@pytest.mark.parametrize("name", sound_names())
def test_sound_file_is_a_short_valid_16bit_mono_wav(name: str) -> None:
    path = SOUND_DIR / f"{name}.wav"
    assert path.exists(), f"run tools/make_sounds.py: {path} missing"
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() == 22050
        frames = wav.readframes(wav.getnframes())
        seconds = wav.getnframes() / wav.getframerate()
    assert 0.01 < seconds < 2.0
    samples = memoryview(frames).cast("h")
    peak = max(abs(s) for s in samples)
    assert 3000 < peak < 32000  # audible, not clipping


def test_sounds_stay_small() -> None:
    assert sum(p.stat().st_size for p in SOUND_DIR.glob("*.wav")) < 1_000_000
    assert sound.SOUND_DIR.is_dir()


def test_rumble_pie_registers_its_own_sounds_and_kit_lists_only_the_shared_ones() -> None:
    rumble = {"kapow", "block", "countdown", "go", "out"}
    assert not rumble & set(sound.SHARED_SOUNDS)
    assert rumble <= set(sound_names())
