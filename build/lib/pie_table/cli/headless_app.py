"""A windowless App holding one game's table scene: for screenshots and frame benchmarks."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from pie_table.core.registry import GameInfo
from pie_table.core.setup import GameSetup


def load_factory(path: str) -> Any:
    """Import `module:Name` and return the named object."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def make_table(info: GameInfo, setup: GameSetup, size: tuple[int, int]) -> tuple[Any, Any]:
    """A headless App with the game's table scene on top, ready to step."""
    from pie_table.kit.app import App

    app = App(size=size, headless=True)
    scene = load_factory(info.scene_factory)(app, setup)
    app.scenes.push(scene)
    return app, scene


def save_png(surface: Any, out: str) -> None:
    """Save `surface` to `out`, creating its folder."""
    import pygame

    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
