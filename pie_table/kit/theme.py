"""The card theme the player chose: the normal faces, or high contrast (large indices in heavy
outlined numerals, larger number badges). Card painters read it; cached faces are keyed by it."""

from __future__ import annotations

THEMES = ("normal", "high_contrast")
_current = {"theme": "normal"}


def configure(theme: str) -> None:
    _current["theme"] = theme if theme in THEMES else "normal"


def current() -> str:
    return _current["theme"]


def high_contrast() -> bool:
    return _current["theme"] == "high_contrast"
