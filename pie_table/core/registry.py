"""Games declare themselves once here; the game list, seat screen and CLI read the registry.

Which games there are, and the module that registers each, is data: the catalogue
`assets/games.json`. A fifth game adds a line there, not to core's code; and asking for one game
(the title's Continue naming a saved game) imports that game alone.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: the registry stays cheap to import until a game is asked for
    from pie_table.core.engine import GameRules
    from pie_table.core.messages import Msg
    from pie_table.core.setup import GameSetup
    from pie_table.core.shapes import Record


@dataclass(frozen=True)
class OptionInfo:
    """A seat-screen option: a bool toggle or a choice among values."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""
    # What the seat screen shows for a choice (English; translated there), when not the value itself.
    choice_labels: dict[Any, str] | None = None


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first game, offered once the first time anyone picks a game that has one and
    always reachable from the game list. Texts are message ids (translated by the game list)."""

    # Builds the tutorial scene: (app) -> Scene; "package.module:Name", imported only when opened.
    scene_factory: str
    button: Msg  # the game list's button, e.g. "Rumble Pie tutorial"
    question: Msg  # the one-time offer's question
    detail: Msg  # what the tutorial is, under the question


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
    # The shape of each kind of seat action ("type" -> its keys), which the session checks before
    # the engine sees an action (`pie_table.core.shapes`). None only for test doubles.
    action_shapes: dict[str, Record] | None = None
    realtime: bool = False
    # Builds the table scene: (app, setup, session=None, save_path=None, watch=False) -> Scene.
    # Imported lazily, by name, so engines stay pygame-free.
    scene_factory: str = ""
    # Builds the table of a seat played from another machine: (app, setup, driver=RemoteDriver) ->
    # Scene, imported lazily by name like `scene_factory`, which it defaults to ("": the game's own
    # table scene runs on the remote driver, as every turn-based table does).
    remote_scene_factory: str = ""
    # Builds a bot controller: (difficulty, seat, rng_seed) -> bot.
    bot_factory: Callable[[str, int, int], Any] | None = None
    # Called with a new table's bots (seat -> bot) so they can share what each would otherwise
    # work out alone from the public log (RATS: one reading of it per table). None: nothing shared.
    seat_bots: Callable[[dict[int, Any]], None] | None = None
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    default_seats: int = 4  # the seat count the seat screen offers first
    # Seats play in teams (the seat screen shows a team picker per seat).
    team_game: bool = False
    # (seat count, team of each seat) -> one-line reason the teams cannot play, or None.
    validate_teams: Callable[[int, list[int]], str | None] | None = None
    # One-line reason the setup cannot play, or None (the CLI's check).
    validate_setup: Callable[[GameSetup], str | None] | None = None
    # Headless adapters: one whole bot game from a setup, a played Session's summary (the
    # session module imports this one, hence Any), speed figures for a number of games.
    simulate: Callable[[GameSetup], dict[str, Any]] | None = None
    report: Callable[[Any], dict[str, Any]] | None = None
    bench_sim: Callable[[GameSetup, int | None], dict[str, Any]] | None = None
    # Seats `bench sim` and `bench frames` fill with normal bots when none are given (0: the minimum).
    bench_seats: int = 0
    # The game list's picture for the game: (size) -> square Surface; "package.module:name", imported
    # lazily like the table scene (pygame art lives with the game's UI). Empty: no picture.
    icon_factory: str = ""
    # A guided first game, if the game has one.
    tutorial: Tutorial | None = None
    # Statistics: each seat's score from the game's report, when not the report's "scores" (or its
    # teams' scores); and the statistics screen's Extras cell from the counts the game's table added
    # to a player's record (`stats.record_finished`'s extras), e.g. team KaPow!s and Out! calls.
    seat_scores: Callable[[dict[str, Any]], list[float]] | None = None
    stats_line: Callable[[dict[str, Any]], Msg] | None = None


_GAMES: dict[str, GameInfo] = {}
# Game modules that failed to import, with one line saying why (shown, never swallowed).
_PROBLEMS: dict[str, str] = {}
_CATALOGUE = "games.json"  # in assets/: {"games": [{"id": ..., "title": ..., "module": ...}, ...]}


@cache
def _entries() -> tuple[dict[str, str], ...]:
    from pie_table.paths import assets_dir

    data = json.loads(assets_dir(_CATALOGUE).read_text(encoding="utf-8"))
    return tuple({key: str(value) for key, value in entry.items()} for entry in data["games"])


def catalogue() -> dict[str, str]:
    """Each catalogued game's id -> the module that registers it when imported."""
    return {entry["id"]: entry["module"] for entry in _entries()}


def listed_title(game_id: str) -> str:
    """A catalogued game's title without importing the game (the title's Continue line names the
    saved game while the window opens); the id itself for a game not in the catalogue. The
    registry test holds it equal to the title the game registers."""
    return next((entry.get("title", game_id) for entry in _entries() if entry["id"] == game_id), game_id)


def listed_rules_version(game_id: str) -> int | None:
    """A catalogued game's rules version without importing the game (the saves list tells a save
    that needs newer rules from one to play on); None for a game not in the catalogue. The
    registry test holds it equal to the game's own."""
    found = next((entry.get("rules_version") for entry in _entries() if entry["id"] == game_id), None)
    return int(found) if found is not None else None


def register_game(info: GameInfo) -> None:
    """Add a game to the registry (called at the end of a game package's __init__)."""
    _GAMES[info.id] = info


def load_games() -> dict[str, GameInfo]:
    """Import every game package once and return the registry. A package that fails to import
    is left out and its reason kept for `load_problems`: one broken game must not take the whole
    table down, nor vanish without a word."""
    for module in catalogue().values():
        _load(module)
    return dict(_GAMES)


def _load(module: str) -> None:
    """Import a game's module (which registers it), keeping why when it cannot be."""
    if module in _PROBLEMS:
        return
    try:
        importlib.import_module(module)
    except Exception as exc:  # noqa: BLE001 - any failure of one game is reported, not fatal
        _PROBLEMS[module] = one_line(exc)


class GameLoadError(Exception):
    """A part of a game (its table scene) that could not be imported; the message is one line."""


def one_line(exc: BaseException) -> str:
    """`ImportError: the deck file is missing`: an exception as one short line for a player."""
    return f"{type(exc).__name__}: {exc}".splitlines()[0][:200]


def import_factory(spec: str) -> Callable[..., Any]:
    """The object named by `"package.module:Name"` (a game's `scene_factory`), imported now;
    GameLoadError saying why when it cannot be (the UI is loaded by name so engines stay pygame-free)."""
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise GameLoadError(f"{spec!r} does not name a module and an object")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # noqa: BLE001 - a broken table must be named, never crash the menu
        raise GameLoadError(one_line(exc)) from None
    found = getattr(module, attr, None)
    if found is None:
        raise GameLoadError(f"{module_name} has no {attr}")
    return found


def load_problems() -> dict[str, str]:
    """Game modules that could not be loaded, each with a one-line reason."""
    load_games()
    return dict(_PROBLEMS)


def get_game(game_id: str) -> GameInfo:
    """The registered game called `game_id`; KeyError with the known ids otherwise."""
    if game_id not in _GAMES and game_id in catalogue():
        _load(catalogue()[game_id])  # that game alone: listing one save must not import them all
    if game_id in _GAMES:
        return _GAMES[game_id]
    games = load_games()
    aliases = {g.replace("_", "-"): g for g in games}
    key = aliases.get(game_id, game_id)
    if key not in games:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(games))}")
    return games[key]
