"""How fast the table's animations play, and whether motion is reduced: the player's settings,
read by every animation (effects, flying cards, dice, sliding sprites). Game time never changes:
only how long the pictures take to catch up with it. With reduced motion nothing travels across
the screen: cards, dice and coins are where they go at once (`travel`), bursts are their word
alone, sparkles are left out and floating words fade where they appear."""

from __future__ import annotations

SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 1000.0}
_current = {"speed": 1.0, "reduced": False}


def configure(animation: str, reduce_motion: bool) -> None:
    """Set the animation speed ("slow", "normal", "fast", "instant") and reduced motion."""
    _current["speed"] = SPEEDS.get(animation, 1.0)
    _current["reduced"] = bool(reduce_motion)


def scaled(dt: float) -> float:
    """`dt` seconds of animation at the chosen speed ("instant" finishes anything in one frame)."""
    return dt * _current["speed"]


def travel(dt: float) -> float:
    """`dt` seconds of something travelling (a card sliding or flipping, a die rolling, a coin
    spinning): at the chosen speed, or with reduced motion enough to finish it in one frame."""
    return dt * SPEEDS["instant"] if _current["reduced"] else scaled(dt)


def reduced() -> bool:
    """True when the player asked for reduced motion: no shake, bursts, sparkles or travel."""
    return bool(_current["reduced"])
