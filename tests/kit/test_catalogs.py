"""Translations: the committed .mo files match their sources, every Pie Rats text (and every shared
menu text) has its Spanish, and switching the language changes texts without a restart."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from pie_table.kit import i18n

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import catalogs  # noqa: E402

# Every text the app shows is marked (_, N_, Msg, or a plural below) and must exist in Spanish.
_SPANISH_COMPLETE = sorted((ROOT / "pie_table").rglob("*.py"))
_MARKED = re.compile(r"""(?:\b_|\bN_|\bMsg)\(\s*("(?:[^"\\]|\\.)*")""")


# Plurals: `plural(n, one, other)`, `ngettext(one, other, n)` and ("{n} ...", "{n} ...") pairs of
# ids, each kept in a catalogue as "one\0other".
_STRING = r'"(?:[^"\\]|\\.)*"'
_PLURALS = (
    re.compile(rf"\bplural\([^,()]+,\s*({_STRING})\s*,\s*({_STRING})"),
    re.compile(rf"\bngettext\(\s*({_STRING})\s*,\s*({_STRING})"),
    re.compile(rf"\(\s*(\"\{{n\}}{_STRING[1:]})\s*,\s*({_STRING})\s*\)"),
)


def _texts(path: Path) -> set[str]:
    import ast

    text = path.read_text(encoding="utf-8")
    found = {ast.literal_eval(marked) for marked in _MARKED.findall(text)}
    for pattern in _PLURALS:
        for one, other in pattern.findall(text):
            found.add(ast.literal_eval(one) + "\0" + ast.literal_eval(other))
    return found


def test_the_compiled_catalogues_are_up_to_date():
    assert catalogs.build(check=True) == [], "run: python tools/catalogs.py"


def test_babel_extracts_literal_texts_only_and_both_branches_of_a_conditional():
    import io

    source = """
_('Call "I\\'m looting"')
Msg("Won." if ok else "Lost.", n=1)
_(names["en"])
plural(n, "{n} rag", "{n} rags")
"""
    found = catalogs.extract_python(io.BytesIO(source.encode()), catalogs.KEYWORDS, (), {})
    assert [args for _line, _name, args, _comments in found] == [
        ("Call \"I'm looting\"",), ("Won.",), ("Lost.",), (None, "{n} rag", "{n} rags")]


def test_every_text_babel_extracts_has_its_spanish():
    assert catalogs.untranslated(catalogs.extract(), "es") == []


@pytest.mark.parametrize("path", _SPANISH_COMPLETE, ids=lambda p: str(p.relative_to(ROOT / "pie_table")))
def test_every_text_has_its_spanish(path):
    spanish = catalogs.sources("es")
    missing = sorted(t for t in _texts(path) if t and not spanish.get(t))
    assert not missing, f"{path.name}: no Spanish for {missing}"


def test_the_deck_names_are_in_spanish():
    from pie_table.games.pie_rats.deck import CARDS, DECK, PIES

    spanish = catalogs.sources("es")
    names = [c.name for c in CARDS] + [p.name for p in PIES] + [c["en"] for c in DECK.captains]
    assert all(spanish.get(name) for name in names)


def test_switching_language_needs_no_restart():
    try:
        i18n.set_language("es")
        assert i18n._("Window sill") == "Alféizar"
        assert (
            i18n.tr(
                {
                    "msg": "{captain} draws {n}.",
                    "params": {"captain": {"msg": "Captain Red Hook", "params": {}}, "n": 2},
                }
            )
            == "Capitán Garfio Rojo roba 2."
        )
        i18n.set_language("en")
        assert i18n._("Window sill") == "Window sill"
    finally:
        i18n.set_language("en")


def test_the_language_choice_is_remembered_and_a_damaged_file_is_set_aside(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    try:
        i18n.save_language("es")
        i18n.set_language("en")
        assert i18n.load_saved_language() is None and i18n.current_language() == "es"
        (tmp_path / "config" / "language.json").write_text("{not json", encoding="utf-8")
        notice = i18n.load_saved_language()
        assert notice and "language.json" in notice and i18n.current_language() == "en"
        assert any(p.name.startswith("language.json.bad-") for p in (tmp_path / "config").iterdir())
    finally:
        i18n.set_language("en")


def test_the_pie_rats_seat_screen_is_in_spanish():
    from pie_table.core.registry import get_game

    info = get_game("pie-rats")
    spanish = catalogs.sources("es")
    texts = [info.title, info.blurb, *info.bot_levels]
    for option in info.options:
        texts += [option.label, option.help, *(option.choice_labels or {}).values()]
    assert [t for t in texts if t and not spanish.get(t)] == []


@pytest.mark.parametrize("game", ["rats", "rumble-pie"])
def test_the_game_list_and_seat_screen_texts_of_rats_and_rumble_pie_are_in_spanish(game):
    from pie_table.core.registry import get_game

    info = get_game(game)
    spanish = catalogs.sources("es")
    texts = [info.title, info.blurb]
    for option in info.options:
        texts += [option.label, option.help, *(option.choice_labels or {}).values()]
    assert [t for t in texts if t and not spanish.get(t)] == []


def test_the_rats_and_rumble_pie_name_tables_are_in_spanish():
    from pie_table.games.rats.state import GOAL_NAMES, SUPPLY_NAMES, VOCATIONS
    from pie_table.games.rats.ui import labels
    from pie_table.games.rumble_pie.cards import LABEL
    from pie_table.kit.palette import TEAM_NAMES

    texts = [*GOAL_NAMES.values(), *SUPPLY_NAMES, *(v.title() for v in VOCATIONS), *labels.SUPPLY_TITLES,
             *labels.SUPPLY_USES, *labels.GOAL_HINTS.values(), *labels.VOCATION_HINTS.values(),
             *labels._GAIN_REASONS.values(), *TEAM_NAMES, *LABEL.values()]
    spanish = catalogs.sources("es")
    assert [t for t in texts if not spanish.get(t)] == []


_RULES_GAMES = ["rats", "rumble-pie", "pie-rats", "cheflebrity"]


def test_the_rules_help_check_covers_every_registered_game():
    from pie_table.core.registry import load_games

    assert sorted(load_games()) == sorted(_RULES_GAMES)


@pytest.mark.parametrize("quick", [False, True], ids=["rules", "quick"])
@pytest.mark.parametrize("game", _RULES_GAMES)
def test_every_game_has_spanish_rules_help_with_the_same_sections(game, quick):
    rules = ROOT / "assets" / "rules"
    name = f"{game}.quick" if quick else game
    english = (rules / f"{name}.md").read_text(encoding="utf-8")
    spanish = (rules / f"{name}.es.md").read_text(encoding="utf-8")

    def heads(text: str) -> int:
        return sum(1 for line in text.splitlines() if line.startswith(("#", "- ")))

    assert heads(spanish) == heads(english)
    from pie_table.scenes.rules_help import load_rules

    try:
        i18n.set_language("es")
        assert load_rules(game, quick) == spanish
        i18n.set_language("en")
        assert load_rules(game, quick) == english
    finally:
        i18n.set_language("en")


def test_spanish_dates_plurals_and_key_names_read_as_spanish(monkeypatch):
    import time

    import pygame

    from pie_table.core.saves import SaveInfo
    from pie_table.games.rats.ui import table_draw
    from pie_table.scenes.saved_games import describe

    saved = time.mktime((2026, 12, 1, 10, 5, 0, 0, 0, -1))
    info = SaveInfo("x.json", "rats", "RATS: High Tea at Sea", ["human", "bot:easy"], saved, False, 3)
    drawn: list[str] = []
    monkeypatch.setattr(table_draw, "fit_lines",
                        lambda text, *a, **k: drawn.append(text) or pygame.Surface((4, 4)))
    surface = pygame.Surface((400, 200))
    i18n.set_language("es")
    try:
        assert describe(info).split(" · ")[-2] == "01 dic 10:05"
        for waiting in ([2], [0, 2]):
            table_draw.draw_waiting(surface, surface.get_rect(), {"to_act": waiting}, 1.0,
                                    lambda seat: f"Rata {seat + 1}")
        assert drawn == ["Decide: Rata 3...", "Deciden: Rata 1, Rata 3..."]
        assert i18n._("Keys left") == "Teclado izquierdo"
        assert i18n._("right keys") == "teclado derecho"
    finally:
        i18n.set_language("en")
    assert describe(info).split(" · ")[-2] == "01 Dec 10:05"
