"""Which sizes a module asked its texts to be written at: its `fit_text` wrapped while one draw runs."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType


def written(monkeypatch, module: ModuleType, draw: Callable[[], object]) -> list[tuple[str, int, str]]:  # type: ignore[no-untyped-def]
    """Every (text, size, face) `module` asked fit_text for while `draw()` ran."""
    asked: list[tuple[str, int, str]] = []
    original = module.fit_text

    def fit_text(text, size, max_w, color, face="sans"):  # type: ignore[no-untyped-def]
        asked.append((str(text), int(size), face))
        return original(text, size, max_w, color, face)

    monkeypatch.setattr(module, "fit_text", fit_text)
    try:
        draw()
    finally:
        monkeypatch.setattr(module, "fit_text", original)
    return asked


def written_sizes(monkeypatch, module: ModuleType, draw: Callable[[], object]) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    """Every (text, size) `module` asked fit_text for while `draw()` ran."""
    return [(text, size) for text, size, _face in written(monkeypatch, module, draw)]
