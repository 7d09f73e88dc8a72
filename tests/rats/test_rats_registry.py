"""The game registers itself once and its engine never pulls in pygame."""

import subprocess
import sys
from pathlib import Path

from pie_table.core.registry import get_game
from pie_table.games.rats.rules import RULES


def test_registered_with_options_and_bots():
    info = get_game("rats")
    assert info.rules is RULES and RULES.name == "rats"
    assert (info.min_seats, info.max_seats) == (2, 6)
    # No "High Tea for Two" toggle: it would do nothing, the seat count decides the variant.
    assert [o.key for o in info.options] == ["vocations", "ship_name"]
    assert info.bot_factory("hard", 1, 5).seat == 1


def test_engine_imports_without_pygame():
    code = (
        "import sys; import pie_table.games.rats, pie_table.games.rats.headless; "
        "assert 'pygame' not in sys.modules, 'pygame imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])


def test_ship_name_option_reaches_the_welcome():
    state, said = RULES.new_game(3, 1, {"ship_name": "HMS Trouble"})
    assert "HMS Trouble" in said[0]["text"] and RULES.view(state, None)["ship"] == "HMS Trouble"
