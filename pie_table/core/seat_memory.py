"""The seat screen's last choices for each game (how many seats, who sits where, the variants),
offered again the next time that game is picked. A versioned per-user file written atomically;
a damaged one is set aside and the screen starts from the game's defaults. Pure Python."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pie_table.core.userfiles import read_json, write_json

FILE = "seat_choices.json"
KIND, VERSION = "seat-choices", 1
_MAX_SEATS = 6
_MAX_TEXT = 40


@dataclass(frozen=True)
class SeatChoices:
    """One game's seat screen as it was last started: seat specs (`bot:hard`, `human:keys1`) and
    option values, each still to be checked against what the screen offers."""

    seats: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)


def _scalar(value: Any) -> bool:
    return isinstance(value, bool | int | float) or (isinstance(value, str) and len(value) <= _MAX_TEXT)


def check(payload: dict[str, Any]) -> None:
    """`games` maps a game id to its `seats` (up to six specs) and `options` (plain values)."""
    games = payload.get("games")
    if not isinstance(games, dict):
        raise ValueError("games is not an object")
    for chosen in games.values():
        seats, options = chosen.get("seats") if isinstance(chosen, dict) else None, None
        if isinstance(chosen, dict):
            options = chosen.get("options")
        if not isinstance(seats, list) or len(seats) > _MAX_SEATS or not all(
                isinstance(s, str) and len(s) <= _MAX_TEXT for s in seats):
            raise ValueError("a game's seats are not a list of seat specs")
        if not isinstance(options, dict) or not all(_scalar(v) for v in options.values()):
            raise ValueError("a game's options are not plain values")


def _path() -> Any:
    from pie_table.paths import config_dir

    return config_dir() / FILE


def _games() -> dict[str, Any]:
    result = read_json(_path(), KIND, VERSION, validate=check)
    return dict(result.payload["games"]) if result.ok and result.payload is not None else {}


def recall(game_id: str) -> SeatChoices:
    """What the seat screen of `game_id` held when it was last started (empty when never)."""
    chosen = _games().get(game_id)
    if chosen is None:
        return SeatChoices()
    return SeatChoices(list(chosen["seats"]), dict(chosen["options"]))


def remember(game_id: str, seats: list[str], options: dict[str, Any]) -> None:
    """Keep the seat screen of a game being started. A failed write is not said: only the next
    screen's starting point needs it, and the game itself starts either way."""
    games = _games()
    games[game_id] = {"seats": list(seats)[:_MAX_SEATS],
                      "options": {key: value for key, value in options.items() if _scalar(value)}}
    try:
        write_json(_path(), KIND, VERSION, {"games": games})
    except OSError:
        pass
