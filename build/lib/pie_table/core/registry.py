"""Games declare themselves once here; the game list, seat screen and CLI read the registry."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pie_table.core.engine import GameRules


@dataclass(frozen=True)
class OptionInfo:
    """A seat-screen option: a bool toggle or a choice among values."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, enough to list it and set up its seats."""

    id: str
    title: str
    blurb: str
    min_seats: int
    max_seats: int
    rules: GameRules
    options: tuple[OptionInfo, ...] = ()
    realtime: bool = False
    # Builds the table scene: (app, setup) -> Scene. Imported lazily so engines stay pygame-free.
    scene_factory: str = ""
    # Builds a bot controller: (difficulty, seat, rng_seed) -> bot.
    bot_factory: Callable[..., Any] | None = None
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    extra: dict[str, Any] = field(default_factory=dict)


_GAMES: dict[str, GameInfo] = {}
# Modules that register a game when imported; listed once so discovery stays explicit.
_GAME_MODULES = ("pie_table.games.rumble_pie", "pie_table.games.rats")


def register_game(info: GameInfo) -> None:
    """Add a game to the registry (called at the end of a game package's __init__)."""
    _GAMES[info.id] = info


def load_games() -> dict[str, GameInfo]:
    """Import every game package once and return the registry."""
    for module in _GAME_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            # A game package still being written must not take the whole table down.
            if exc.name is None or not exc.name.startswith(module):
                raise
    return dict(_GAMES)


def get_game(game_id: str) -> GameInfo:
    """The registered game called `game_id`; KeyError with the known ids otherwise."""
    games = load_games()
    aliases = {g.replace("_", "-"): g for g in games}
    key = aliases.get(game_id, game_id)
    if key not in games:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(games))}")
    return games[key]
