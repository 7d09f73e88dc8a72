"""What a setup's options may hold, checked on JSON values (a table asked for from another machine):
each game's own declarations (`OptionInfo`), the same the seat screen builds its rows from and the
command line reads, so nothing is accepted that the seat screen would not offer. Pure Python."""

from __future__ import annotations

from typing import Any

from pie_table.core.registry import GameInfo, OptionInfo

TEXT_MAX = 40  # what the seat screen's text field takes
TEAMS = "teams"  # a team game's option: the team of each seat


def option_problem(option: OptionInfo, value: Any) -> str | None:
    """One line saying why `value` is not one the seat screen offers for `option`, or None."""
    name = f"option {option.key}"
    if isinstance(option.default, bool):
        return None if type(value) is bool else f"{name} takes true or false"
    if option.choices:
        # Exact types: 10.0 or True is not the choice 10 (JSON says what it sent).
        if any(type(value) is type(choice) and value == choice for choice in option.choices):
            return None
        return f"{name} takes one of {', '.join(str(c) for c in option.choices)}"
    if isinstance(option.default, int):
        return None if type(value) is int else f"{name} takes a whole number"
    if type(value) is not str or not 1 <= len(value.strip()) <= TEXT_MAX or not value.isprintable():
        return f"{name} takes a text of 1 to {TEXT_MAX} characters"
    return None


def teams_problem(info: GameInfo, seats: int, teams: Any) -> str | None:
    """Why `teams` cannot be the team of each of `seats` seats in `info`'s game, or None."""
    if not info.team_game:
        return f"{info.id} is not a team game"
    if type(teams) is not list or len(teams) != seats or any(type(t) is not int for t in teams):
        return "teams takes one team number per seat"
    return info.validate_teams(seats, teams) if info.validate_teams is not None else None


def options_problem(info: GameInfo, options: dict[str, Any], seats: int) -> str | None:
    """Why `options` are not ones the seat screen could have chosen for `seats` seats, or None:
    every key one the game declares (or its teams), every value one it offers."""
    known = {option.key: option for option in info.options}
    for key, value in options.items():
        if key == TEAMS:
            problem = teams_problem(info, seats, value)
        elif key in known:
            problem = option_problem(known[key], value)
        else:
            problem = f"{info.id} has no option {key[:32]!r}"
        if problem is not None:
            return problem
    return None
