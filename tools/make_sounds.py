"""Synthesize the table's sound effects into assets/sounds/*.wav (16-bit mono 22050 Hz, CC0).

Usage: python tools/make_sounds.py [--out DIR]
Everything is built from sines, triangles and seeded noise with envelopes, so it is reproducible.
"""

from __future__ import annotations

import argparse
import math
import random
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK = 0.89  # normalise to this, well under full scale, so nothing clips after resampling
Signal = list[float]


def silence(seconds: float) -> Signal:
    """Zeros lasting `seconds`."""
    return [0.0] * int(RATE * seconds)


def tone(freq: float | Callable[[float], float], seconds: float, shape: str = "sine") -> Signal:
    """An oscillator; `freq` may be a function of time for sweeps."""
    out, phase = [], 0.0
    for i in range(int(RATE * seconds)):
        f = freq(i / RATE) if callable(freq) else freq
        phase += f / RATE
        x = phase % 1.0
        if shape == "sine":
            out.append(math.sin(2 * math.pi * x))
        elif shape == "triangle":
            out.append(4 * abs(x - 0.5) - 1)
        else:  # soft square: a few odd harmonics rather than a harsh edge
            s = 2 * math.pi * x
            out.append(math.sin(s) + math.sin(3 * s) / 3 + math.sin(5 * s) / 5)
    return out


def noise(seconds: float, rng: random.Random) -> Signal:
    """White noise."""
    return [rng.uniform(-1, 1) for _ in range(int(RATE * seconds))]


def lowpass(sig: Signal, cutoff: float) -> Signal:
    """One-pole low-pass filter."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in sig:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(sig: Signal, cutoff: float) -> Signal:
    """Signal minus its low-passed self."""
    return [x - y for x, y in zip(sig, lowpass(sig, cutoff), strict=True)]


def envelope(sig: Signal, attack: float, decay_rate: float, hold: float = 0.0) -> Signal:
    """Linear attack, optional hold, then exponential decay (decay_rate per second)."""
    out = []
    for i, x in enumerate(sig):
        t = i / RATE
        if t < attack:
            g = t / attack
        elif t < attack + hold:
            g = 1.0
        else:
            g = math.exp(-decay_rate * (t - attack - hold))
        out.append(x * g)
    return fade_out(out, 0.01)


def fade_out(sig: Signal, seconds: float) -> Signal:
    """Ramp the last `seconds` to zero so sounds end without a click."""
    n = min(len(sig), int(RATE * seconds))
    for i in range(n):
        sig[len(sig) - n + i] *= 1 - (i + 1) / n
    return sig


def gain(sig: Signal, g: float) -> Signal:
    """Scale a signal."""
    return [x * g for x in sig]


def mix(*parts: tuple[float, Signal]) -> Signal:
    """Sum signals, each placed at a start time in seconds."""
    length = max(int(start * RATE) + len(sig) for start, sig in parts)
    out = [0.0] * length
    for start, sig in parts:
        offset = int(start * RATE)
        for i, x in enumerate(sig):
            out[offset + i] += x
    return out


def normalise(sig: Signal, peak: float) -> Signal:
    """Scale so the loudest sample is `peak` (a fraction of full scale)."""
    top = max((abs(x) for x in sig), default=0.0) or 1.0
    return [x * peak / top for x in sig]


def note(freq: float, seconds: float, decay: float = 6.0) -> Signal:
    """A soft plucked note: triangle plus a quiet octave sine."""
    tri, octave = tone(freq, seconds, "triangle"), tone(freq * 2, seconds)
    body = [a + 0.3 * b for a, b in zip(tri, octave, strict=True)]
    return envelope(body, 0.005, decay)


def knock(freq: float, seconds: float, rng: random.Random) -> Signal:
    """A wooden knock: a fast-decaying tone with a click of noise on top."""
    body = envelope(tone(freq, seconds), 0.002, 28)
    click = envelope(lowpass(noise(seconds, rng), 3000), 0.001, 120)
    return [a + 0.6 * b for a, b in zip(body, click, strict=True)]


def _rng(name: str) -> random.Random:
    return random.Random(sum(map(ord, name)))


def card_slide() -> Signal:
    sig = highpass(lowpass(noise(0.2, _rng("slide")), 3500), 700)
    return normalise(envelope(sig, 0.06, 22), 0.55)


def card_place() -> Signal:
    thump = envelope(tone(lambda t: 190 - 300 * t, 0.09), 0.002, 45)
    snap = envelope(lowpass(noise(0.09, _rng("place")), 2500), 0.001, 70)
    return normalise(mix((0, thump), (0, gain(snap, 0.7))), 0.7)


def draw() -> Signal:
    sig = highpass(lowpass(noise(0.13, _rng("draw")), 6000), 1500)
    return normalise(envelope(sig, 0.03, 30), 0.5)


def shuffle() -> Signal:
    rng = _rng("shuffle")
    parts = []
    for i in range(14):
        flick = envelope(highpass(lowpass(noise(0.05, rng), 4500), 900), 0.004, 70)
        parts.append((i * 0.045 + rng.uniform(0, 0.012), gain(flick, rng.uniform(0.5, 1.0))))
    return normalise(mix(*parts), 0.55)


def kapow() -> Signal:
    boom = envelope(tone(lambda t: 150 * math.exp(-5 * t) + 45, 0.5), 0.003, 7)
    crack = envelope(lowpass(noise(0.5, _rng("kapow")), 5000), 0.001, 18)
    splat = envelope(lowpass(noise(0.3, _rng("splat")), 900), 0.01, 12)
    hit = normalise(mix((0, boom), (0, gain(crack, 0.8)), (0.03, gain(splat, 0.9))), 1.0)
    # Soft saturation: louder body for the same peak, which is what makes it punch.
    return normalise([math.tanh(2.4 * x) for x in hit], PEAK)


def block() -> Signal:
    rng = _rng("block")
    tin = envelope([a + 0.6 * b for a, b in zip(tone(1240, 0.4), tone(1870, 0.4), strict=True)], 0.002, 11)
    return normalise(mix((0, knock(320, 0.2, rng)), (0, gain(tin, 0.35))), 0.7)


def refuse() -> Signal:
    buzz = lowpass(tone(140, 0.11, "square"), 600)
    pulse = envelope(buzz, 0.015, 18, hold=0.03)
    return normalise(mix((0, pulse), (0.14, gain(pulse, 0.8))), 0.26)


def countdown() -> Signal:
    return normalise(note(660, 0.2, 14), 0.5)


def go() -> Signal:
    return normalise(mix((0, note(990, 0.45, 5)), (0, gain(note(1320, 0.45, 6), 0.6))), 0.6)


def out() -> Signal:
    return normalise(mix((0, note(523, 0.25, 9)), (0.16, note(392, 0.4, 6))), 0.5)


def win() -> Signal:
    melody = [(0.0, 523), (0.12, 659), (0.24, 784), (0.40, 1047)]
    parts = [(start, note(f, 0.3, 8)) for start, f in melody[:-1]]
    parts.append((0.40, note(1047, 0.8, 3)))
    parts.append((0.40, gain(note(784, 0.8, 3), 0.5)))
    parts.append((0.40, gain(note(659, 0.8, 3), 0.4)))
    return normalise(mix(*parts), 0.7)


def click() -> Signal:
    return normalise(envelope(tone(2100, 0.03), 0.001, 160), 0.4)


def dice_roll() -> Signal:
    rng = random.Random(7)
    parts = []
    t = 0.0
    while t < 0.7:
        parts.append((t, gain(knock(rng.uniform(1700, 2600), 0.05, rng), rng.uniform(0.4, 1.0))))
        t += rng.uniform(0.025, 0.07) * (1 + t * 1.5)  # clatter slows as the dice lose energy
    return normalise(mix(*parts), 0.55)


def dice_land() -> Signal:
    rng = _rng("land")
    return normalise(mix((0, knock(1500, 0.08, rng)), (0.07, gain(knock(1900, 0.08, rng), 0.6))), 0.6)


def coin() -> Signal:
    first = envelope(tone(988, 0.08, "square"), 0.002, 8)
    second = envelope(tone(1319, 0.35, "square"), 0.002, 9)
    return normalise(lowpass(mix((0, first), (0.08, second)), 5000), 0.45)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "card_slide": card_slide, "card_place": card_place, "draw": draw, "shuffle": shuffle, "kapow": kapow,
    "block": block, "refuse": refuse, "countdown": countdown, "go": go, "out": out, "win": win,
    "click": click, "dice_roll": dice_roll, "dice_land": dice_land, "coin": coin,
}


def write_wav(path: Path, sig: Signal) -> None:
    """Write a 16-bit mono WAV at RATE."""
    samples = array("h", (max(-32767, min(32767, int(round(x * 32767)))) for x in sig))
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(samples.tobytes())


def main(argv: list[str] | None = None) -> int:
    """Write every sound and print its name, length and peak."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "assets" / "sounds"))
    args = parser.parse_args(argv)
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, make in SOUNDS.items():
        sig = make()
        path = out_dir / f"{name}.wav"
        write_wav(path, sig)
        total += path.stat().st_size
        print(f"{name:11s} {len(sig) / RATE:5.2f} s  peak {max(abs(x) for x in sig):.2f}")
    print(f"total {total / 1024:.0f} KiB in {out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
