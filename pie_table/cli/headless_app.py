"""A windowless App holding one game's table scene: for screenshots and frame benchmarks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pie_table.cli.errors import CliError
from pie_table.core.registry import GameInfo, GameLoadError, import_factory
from pie_table.core.setup import GameSetup


def make_table(
    info: GameInfo, setup: GameSetup, size: tuple[int, int], interface_size: int = 100
) -> tuple[Any, Any]:
    """A headless App with the game's table scene on top, ready to step, at the Settings'
    `interface_size` (percent)."""
    from pie_table.kit.app import App

    try:
        factory = import_factory(info.scene_factory)
    except GameLoadError as exc:
        raise CliError(f"{info.id}: its table could not load ({exc})") from None
    app = App(size=size, headless=True)
    app.set_ui_scale(interface_size)
    from pie_table.kit.scene import Scene
    from pie_table.scenes.base import open_table

    scene: Scene = open_table(factory, app, setup)
    autosave = scene.autosave
    if autosave is not None:
        autosave.enabled = False  # a screenshot or a benchmark is not a game anyone will continue
    app.scenes.push(scene)
    return app, scene


def save_png(surface: Any, out: str) -> None:
    """Save `surface` to `out`, creating its folder."""
    import pygame

    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
