"""Games declare themselves once; a game that cannot load is reported, not silently dropped."""

import subprocess
import sys
from pathlib import Path

import pytest

from pie_table.cli.errors import CliError
from pie_table.cli.game_args import get_game_or_error
from pie_table.core import registry


@pytest.fixture
def broken(monkeypatch):
    games = {**registry.catalogue(), "broken": "tests.core.broken_game"}
    monkeypatch.setattr(registry, "catalogue", lambda: games)
    monkeypatch.setattr(registry, "_PROBLEMS", {})


def test_a_broken_game_is_reported_with_its_reason_and_the_rest_still_load(broken):
    games = registry.load_games()
    assert {"rats", "rumble-pie"} <= set(games)
    assert registry.load_problems() == {"tests.core.broken_game": "ImportError: the deck file is missing"}


def test_the_cli_names_a_game_that_could_not_load(broken):
    reason = r"broken_game could not load \(ImportError: the deck file is missing\)"
    with pytest.raises(CliError, match=reason):
        get_game_or_error("no-such-game")


def test_every_cli_command_warns_on_stderr_and_still_runs(broken, capsys):
    from pie_table.cli.main import main

    assert main(["simulate", "rats", "--seats", "bot:easy,bot:easy", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    assert err == "warning: broken_game could not load (ImportError: the deck file is missing)\n"
    assert '"game": "rats"' in out and "broken_game" not in out


def test_the_game_list_shows_what_could_not_load(broken):
    from pie_table.kit.app import App
    from pie_table.scenes.game_select import GameSelectScene

    app = App((1280, 720), headless=True)
    scene = GameSelectScene(app)
    app.scenes.push(scene)
    app.step(1 / 60, [])
    shown = scene.problems.current_text()
    assert "broken_game could not load (ImportError: the deck file is missing)" in shown
    assert {card.info.id for card in scene.cards} >= {"rats", "rumble-pie"}


def test_game_info_has_typed_hooks_instead_of_a_bag():
    info = registry.get_game("rumble-pie")
    assert info.team_game and callable(info.validate_teams) and callable(info.simulate)
    assert not hasattr(info, "extra")
    assert registry.get_game("rats").bench_seats == 4


def test_a_table_that_cannot_import_is_named_with_its_reason():
    with pytest.raises(registry.GameLoadError, match=r"^ImportError: the deck file is missing$"):
        registry.import_factory("tests.core.broken_game:Table")
    with pytest.raises(registry.GameLoadError, match=r"^tests.core.test_registry has no NoSuchTable$"):
        registry.import_factory("tests.core.test_registry:NoSuchTable")
    with pytest.raises(registry.GameLoadError, match="does not name a module and an object"):
        registry.import_factory("just_a_module")


def test_the_cli_says_when_a_table_cannot_load():
    import dataclasses

    from pie_table.cli.headless_app import make_table

    info = dataclasses.replace(registry.get_game("rats"), scene_factory="tests.core.broken_game:Table")
    reason = r"^rats: its table could not load \(ImportError: the deck file is missing\)$"
    with pytest.raises(CliError, match=reason):
        make_table(info, None, (960, 540))


def test_each_catalogued_game_registers_itself_under_its_catalogued_id():
    assert sorted(registry.catalogue()) == ["cheflebrity", "pie-rats", "rats", "rumble-pie"]
    for game_id in registry.catalogue():
        assert registry.get_game(game_id).id == game_id


def test_each_catalogued_title_is_the_one_its_game_registers():
    for game_id in registry.catalogue():
        assert registry.listed_title(game_id) == registry.get_game(game_id).title
    assert registry.listed_title("no-such-game") == "no-such-game"


def test_each_catalogued_rules_version_is_the_one_its_game_plays():
    for game_id in registry.catalogue():
        assert registry.listed_rules_version(game_id) == registry.get_game(game_id).rules.rules_version
    assert registry.listed_rules_version("no-such-game") is None


def test_listing_saves_imports_no_game(tmp_path):
    """The title's Continue line names the saved game from the catalogue while the window opens."""
    from pie_table.core.saves import write_save
    from pie_table.core.session import Session
    from pie_table.core.setup import GameSetup, parse_seats

    session = Session(GameSetup("rats", parse_seats("bot:easy,bot:easy"), {}, seed=3))
    path = write_save(tmp_path / "rats-1.json", session)
    code = ("import sys\nfrom pie_table.core.saves import list_saves\n"
            f"saves, _ = list_saves({str(tmp_path)!r})\nprint(saves[0].title)\n"
            "print(sorted(m for m in sys.modules if m.startswith('pie_table.games')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert out.split("\n")[:2] == ["RATS: High Tea at Sea", "[]"] and Path(path).exists()


def test_asking_for_one_game_imports_that_game_alone():
    """Opening a saved game imports that game; the other three stay unimported."""
    code = ("import sys\nfrom pie_table.core.registry import get_game\nget_game('rats')\n"
            "print(sorted(m for m in sys.modules if m.startswith('pie_table.games.') and m.count('.') == 2))")
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert out.strip() == "['pie_table.games.rats']"
