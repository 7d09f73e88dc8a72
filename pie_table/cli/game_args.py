"""The game, seats, teams, options and seed a command line names, checked into a setup (shared by
the headless commands and `bench idle`)."""

from __future__ import annotations

import argparse

from pie_table.cli import checks
from pie_table.cli.errors import CliError
from pie_table.core.registry import GameInfo, get_game, load_problems
from pie_table.core.setup import GameSetup, parse_seats


def get_game_or_error(game_id: str) -> GameInfo:
    """The registered game, or a one-line CliError naming the known ones (and any game that
    could not load, so a broken package is not mistaken for a missing one)."""
    try:
        return get_game(game_id)
    except KeyError as exc:
        problems = load_problems().items()
        broken = "; ".join(f"{short_module(m)} could not load ({why})" for m, why in problems)
        raise CliError(str(exc.args[0]) + (f"; {broken}" if broken else "")) from None


def short_module(module: str) -> str:
    """A game module's own name (`pie_table.games.rats` -> `rats`)."""
    return module.rsplit(".", 1)[-1]


def build_setup(args: argparse.Namespace) -> tuple[GameInfo, GameSetup]:
    """Resolve the game, seats, teams, options and seed named on the command line."""
    info = get_game_or_error(args.game)
    given = args.seats if args.seats is not None else ",".join(["bot:normal"] * info.min_seats)
    seats = parse_seats(checks.seat_list(given))
    checks.seats_offered(info, seats)
    if not info.min_seats <= len(seats) <= info.max_seats:
        raise CliError(f"{info.id} takes {info.min_seats}-{info.max_seats} seats, got {len(seats)}")
    teams = checks.teams(info, args.teams, len(seats))
    options = checks.options(info, args.option, args.flags)
    checks.seed(args.seed, getattr(args, "games", None) or 1)
    setup = GameSetup(info.id, seats, options, teams, seed=args.seed)
    validate = info.validate_setup
    if validate is not None:
        reason = validate(setup)
        if reason:
            raise CliError(reason)
    return info, setup
