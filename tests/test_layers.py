"""Each layer holds only its own: the shared floors never reach up into the floors built on them.

core (pure Python: rules contract, sessions, saves, statistics, per-user files) < net (the host, the
lobby and the clients, pure Python too) and kit (pygame helpers) < scenes (menus and the table base)
< games (each game's engine, bots and table). A shared floor that
imports a game would make every game a special case of it; core importing kit or pygame would stop
engines and headless runs from working without a display. Every import counts, those inside
functions too (a late load is still a dependency). Parsed statically, nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pie_table"

# layer -> the module prefixes it must never import (a prefix matches itself and its submodules)
FORBIDDEN = {
    "core": ("pie_table.games", "pie_table.scenes", "pie_table.kit", "pie_table.cli", "pie_table.userfiles",
             "pygame"),
    "kit": ("pie_table.games", "pie_table.scenes", "pie_table.cli"),
    "net": ("pie_table.games", "pie_table.scenes", "pie_table.kit", "pie_table.cli", "pygame"),
    "scenes": ("pie_table.games", "pie_table.cli"),
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, importer: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, module) for every import anywhere in `source`, relative ones made absolute."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = importer.split(".") if is_package else importer.split(".")[:-1]
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join([*parts, node.module] if node.module else parts)
            found.append((node.lineno, base))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def violations(layer: str, module: str, source: str, is_package: bool = False) -> list[str]:
    """`module:line imports name` for each import `layer` may not make."""
    banned = FORBIDDEN.get(layer, ())
    return sorted({f"{module}:{line} imports {name}" for line, name in imports_of(source, module, is_package)
                   if any(name == prefix or name.startswith(prefix + ".") for prefix in banned)})


def all_violations() -> list[str]:
    found = []
    for layer in FORBIDDEN:
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            found += violations(layer, _module_name(path), path.read_text(), path.stem == "__init__")
    return found


def test_shared_layers_import_nothing_above_them():
    assert all_violations() == []


# A game's own words, which no shared floor may use in its code (comments and docstrings may name a
# game as an example): its id, its art (KaPow!) and its sounds. "pie_table.games" catches a list of
# game modules kept as strings (games are found through the catalogue, assets/games.json).
GAME_WORDS = ("pie_table.games", "rumble", "kapow", "cheflebrity", "pie_rats", "pie-rats")


def words_of(source: str) -> list[tuple[int, str]]:
    """(line, text) for each name, attribute, definition and string in `source`, docstrings aside."""
    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            found.append((node.lineno, node.name))
    return found


def game_words(module: str, source: str) -> list[str]:
    """`module:line says text` for each of a game's own words in `source`."""
    return sorted({f"{module}:{line} says {text!r}" for line, text in words_of(source)
                   if any(word in text.lower() for word in GAME_WORDS)})


def test_shared_layers_hold_no_game_content():
    found = []
    for layer in FORBIDDEN:
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            found += game_words(_module_name(path), path.read_text())
    assert found == []


def test_the_content_check_sees_names_and_strings_but_not_docstrings():
    source = ('"""Rumble Pie\'s KaPow! is an example here."""\n'
              '_GAMES = ("pie_table.games.rats",)\n'
              "def kapow():\n    return \"KaPow!\"\n")
    assert game_words("pie_table.kit.x", source) == [
        "pie_table.kit.x:2 says 'pie_table.games.rats'",
        "pie_table.kit.x:3 says 'kapow'",
        "pie_table.kit.x:4 says 'KaPow!'",
    ]


def test_the_checker_sees_imports_inside_functions_and_relative_ones():
    source = "def f():\n    from pie_table.games.rats import rules\n"
    assert violations("scenes", "pie_table.scenes.x", source) == [
        "pie_table.scenes.x:2 imports pie_table.games.rats",
        "pie_table.scenes.x:2 imports pie_table.games.rats.rules",
    ]
    assert violations("core", "pie_table.core.x", "from ..kit import art\nimport pygame.font\n") == [
        "pie_table.core.x:1 imports pie_table.kit",
        "pie_table.core.x:1 imports pie_table.kit.art",
        "pie_table.core.x:2 imports pygame.font",
    ]
    assert violations("kit", "pie_table.kit.x", "from pie_table.core import engine\nimport pygame\n") == []
    assert violations("kit", "pie_table.kit.x", "from pie_table import scenes\n") == [
        "pie_table.kit.x:1 imports pie_table.scenes"]


# Outside its `ui` package a game is pure Python: its engine, bots and the tables a window draws
# (Rumble Pie's local, remote and recorded seats) import no pygame and nothing of the ui, so they
# run headless, in `serve` and in a bot's worker.
def game_violations() -> list[str]:
    found = []
    for game in sorted(p for p in (PACKAGE / "games").iterdir() if p.is_dir() and p.name != "__pycache__"):
        ui = f"pie_table.games.{game.name}.ui"
        for path in sorted(game.rglob("*.py")):
            if (game / "ui") in path.parents:
                continue
            module = _module_name(path)
            found += sorted({f"{module}:{line} imports {name}"
                             for line, name in imports_of(path.read_text(), module, path.stem == "__init__")
                             if name.split(".")[0] == "pygame" or name == ui or name.startswith(ui + ".")})
    return found


def test_a_games_modules_outside_its_ui_import_no_pygame_and_nothing_of_the_ui():
    assert game_violations() == []
