"""A game's on/off options are its own command-line flags (`--vocations` is RATS's option, not a
flag the shared parser knows): read from the game's declarations once the game is named."""

from __future__ import annotations

import pytest

from pie_table.cli.errors import CliError
from pie_table.cli.game_args import build_setup
from pie_table.cli.main import build_parser, parse


def test_the_shared_parser_names_no_game_option():
    simulate = build_parser()._subparsers._group_actions[0].choices["simulate"]
    flags = {flag for action in simulate._actions for flag in action.option_strings}
    assert "--seats" in flags and "--vocations" not in flags


@pytest.mark.parametrize(("line", "key"), [
    ("simulate rats --vocations", "vocations"),
    ("arena rats --seats bot:easy,bot:hard --vocations", "vocations"),
    ("simulate rumble-pie --pause-after-kapow", "pause_after_kapow"),
    ("bench sim rumble-pie --kapow_penalty", "kapow_penalty"),
])
def test_a_games_on_off_option_is_a_flag(line, key):
    _info, setup = build_setup(parse(line.split()))
    assert setup.options[key] is True


def test_without_the_flag_the_option_keeps_its_default():
    _info, setup = build_setup(parse("simulate rats".split()))
    assert setup.options["vocations"] is False


@pytest.mark.parametrize(("line", "message"), [
    ("simulate pie-rats --vocations", "--vocations is not an option of pie-rats"),
    ("simulate rats --ship-name", "--ship-name takes a value: use --option ship_name=VALUE"),
    ("simulate rats stray", "stray is not an option of rats"),
])
def test_a_flag_the_game_does_not_declare_is_refused_in_one_line(line, message):
    with pytest.raises(CliError, match=f"^{message}$"):
        build_setup(parse(line.split()))


def test_a_command_without_a_game_takes_no_flags():
    with pytest.raises(CliError, match="unrecognized arguments: --vocations"):
        parse("replay x.json --vocations".split())
