"""Players and their statistics, per game: games played and won, results against each bot level,
best and average score, streaks, hints used, and whatever counts a game adds of its own (Rumble
Pie: the team's KaPow!s and the player's Out! calls; each game declares them in its registration).
Only finished games count, each once (by its save's name). Kept in a versioned per-user file; a
damaged one is set aside with one line. Pure Python."""

from __future__ import annotations

from typing import Any

from pie_table.core import userfiles
from pie_table.core.messages import Msg
from pie_table.core.save_schema import is_number, is_whole
from pie_table.core.userfiles import read_json, write_json

FILE = "statistics.json"
KIND, VERSION = "statistics", 1
RECENT = 20  # results kept for the chart
# The save names of the games counted last, so one shown twice counts once. Only the latest are
# kept: a game is counted as it ends, and an unbounded list would grow the file past what it may
# be read at (4 MiB), setting the whole file aside.
_COUNTED_KEPT = 2000
_COUNTS = ("played", "won", "total", "streak", "best_streak")  # every record has these


def empty() -> dict[str, Any]:
    return {"counted": [], "players": {}}


def check(payload: dict[str, Any]) -> None:
    """The file's shape, down to each number: `counted` lists save names, `players` maps a name to
    games to a record (`record_game`'s fields). ValueError otherwise: the file is set aside."""
    counted, players = payload.get("counted", []), payload.get("players")
    if not isinstance(counted, list) or not all(isinstance(key, str) for key in counted):
        raise ValueError("counted is not a list of names")
    if not isinstance(players, dict):
        raise ValueError("players is not an object")
    for games in players.values():
        if not isinstance(games, dict):
            raise ValueError("a player's games are not an object")
        for record in games.values():
            _check_record(record)


def _check_record(record: Any) -> None:
    if not isinstance(record, dict) or not all(is_number(record.get(field)) for field in _COUNTS):
        raise ValueError("a record lacks its counts")
    if not all(is_whole(record[f]) and record[f] >= 0 for f in _COUNTS if f != "total"):
        raise ValueError("a count is not a whole number")
    if record["won"] > record["played"] or not (record.get("best") is None or is_number(record["best"])):
        raise ValueError("a record's results do not add up")
    vs, recent = record.get("vs"), record.get("recent")
    if not isinstance(vs, dict) or not all(_pair(pair) and 0 <= pair[1] <= pair[0] for pair in vs.values()):
        raise ValueError("a record's results per bot level are damaged")
    if not isinstance(recent, list) or not all(_pair(item) and item[1] in (0, 1) for item in recent):
        raise ValueError("a record's recent results are damaged")
    extras = set(record) - {*_COUNTS, "best", "vs", "recent"}
    if not all(is_whole(record[field]) and record[field] >= 0 for field in extras):
        raise ValueError("a record's extra counts are damaged")  # hints, and each game's own counts


def _pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(is_number(v) for v in value)


def load() -> tuple[dict[str, Any], str | None]:
    """The statistics and a one-line notice if a damaged file was set aside."""
    data, notice = _load()
    return data, str(notice) if notice is not None else None


def _load() -> tuple[dict[str, Any], Msg | None]:
    from pie_table.paths import data_dir

    result = read_json(data_dir() / FILE, KIND, VERSION, validate=check)
    if result.ok and result.payload is not None:
        data = empty()
        data.update(result.payload)
        return data, None
    return empty(), result.notice


def save(data: dict[str, Any]) -> None:
    """Write the statistics; OSError if they cannot be (the caller says so: a finished game that
    silently went uncounted looks like a bug in the statistics)."""
    from pie_table.paths import data_dir

    write_json(data_dir() / FILE, KIND, VERSION, data)


def write_failure(exc: OSError) -> Msg:
    """Why the statistics could not be written, in words a player understands."""
    return userfiles.write_failure(
        exc, locked=Msg("the statistics folder may not be written to"),
        read_only=Msg("the disk holding the statistics is read-only"),
        failed=lambda why: Msg("the statistics could not be written ({why})", why=why))


def seat_scores(report: dict[str, Any], seats: int, game_id: str = "") -> list[float]:
    """Each seat's score from a game's report: as the game reads it (its `seat_scores`), else its
    own points or its team's."""
    from pie_table.core.registry import load_games  # when a game ends: the title reads stats without it

    info = load_games().get(game_id)
    if info is not None and info.seat_scores is not None:
        return info.seat_scores(report)
    teams = report.get("teams")
    if teams is not None and "scores" in report:
        return [report["scores"][t] for t in teams]
    return list(report.get("scores", [0] * seats))


def record_game(
    data: dict[str, Any],
    key: str,
    game_id: str,
    names: list[str],
    levels: list[str],
    report: dict[str, Any],
    extras: dict[int, dict[str, int]] | None = None,
) -> bool:
    """Count one finished game for every named human seat; False (nothing changed) if this game
    was counted before. `levels`: each seat's bot level ("" for a human)."""
    if key in data["counted"]:
        return False
    data["counted"] = [*data["counted"], key][-_COUNTED_KEPT:]
    seats = len(names)
    scores = seat_scores(report, seats, game_id)
    winners = set(report.get("winning_seats", []))
    bots = sorted({level for level in levels if level})
    for seat, name in enumerate(names):
        if not name or levels[seat]:
            continue
        won = seat in winners
        game = (
            data["players"]
            .setdefault(name, {})
            .setdefault(
                game_id,
                {
                    "played": 0,
                    "won": 0,
                    "vs": {},
                    "best": None,
                    "total": 0,
                    "streak": 0,
                    "best_streak": 0,
                    "recent": [],
                    "hints": 0,
                },
            )
        )
        game["played"] += 1
        game["won"] += int(won)
        score = scores[seat] if seat < len(scores) else 0
        game["best"] = score if game["best"] is None else max(game["best"], score)
        game["total"] += score
        game["streak"] = game["streak"] + 1 if won else 0
        game["best_streak"] = max(game["best_streak"], game["streak"])
        game["recent"] = (game["recent"] + [[score, int(won)]])[-RECENT:]
        for level in bots:
            pair = game["vs"].setdefault(level, [0, 0])
            pair[0] += 1
            pair[1] += int(won)
        for field, value in (extras or {}).get(seat, {}).items():
            game[field] = game.get(field, 0) + value
    return True


def known_players(data: dict[str, Any]) -> list[str]:
    return sorted(data["players"])


_SHARED = {*_COUNTS, "best", "vs", "recent", "hints"}


def rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per player and game, for the statistics screen; a game's own counts (its extras) come
    along under their own names."""
    found = []
    for name in sorted(data["players"]):
        for game_id, game in sorted(data["players"][name].items()):
            played = game["played"]
            found.append(
                {
                    **{field: value for field, value in game.items() if field not in _SHARED},
                    "name": name,
                    "game": game_id,
                    "played": played,
                    "won": game["won"],
                    "rate": game["won"] / played if played else 0.0,
                    "vs": {level: (w / p if p else 0.0) for level, (p, w) in game["vs"].items()},
                    "best": game["best"],
                    "average": game["total"] / played if played else 0.0,
                    "streak": game["streak"],
                    "best_streak": game["best_streak"],
                    "recent": game["recent"],
                    "hints": game.get("hints", 0),
                }
            )
    return found


SOLO_FALLBACK = "You"  # the name a solo player is counted under when the system has none


def solo_name() -> str:
    """What a person playing alone who typed no name is counted as: the system's user name (they
    are still the person at the keyboard), else "You" (shown translated)."""
    import getpass

    try:
        name = getpass.getuser().strip()
    except (OSError, KeyError, ImportError):  # no login name, no passwd entry, no pwd module
        name = ""
    return name[:24] if name else SOLO_FALLBACK


def seat_names(setup: Any) -> list[str]:
    """The name each seat is counted under: its player's, or for the one person at a table of
    bots who typed none, `solo_name()`."""
    from pie_table.core.setup import REMOTE  # when a game ends: the title reads stats without it

    names = [setup.player_name(seat) for seat in range(len(setup.seats))]
    local = [seat for seat, spec in enumerate(setup.seats) if not spec.is_bot and spec.level != REMOTE]
    if not any(names) and len(local) == 1 and len(local) == sum(not spec.is_bot for spec in setup.seats):
        names[local[0]] = solo_name()
    return names


def record_finished(session: Any, key: str, extras: dict[int, dict[str, int]] | None = None) -> bool:
    """Count a finished session's game for its named human seats, and a solo player unnamed
    (loads, records, saves); False when it is not finished, has no human to count, or was counted
    already. OSError when the statistics cannot be written: the game is then not counted, and a
    later call tries again."""
    setup = session.setup
    names = seat_names(setup)
    if not session.is_over() or not any(names):
        return False
    if not key or key == "None":  # no save file (saving off or failed): the game itself is the key
        key = f"{setup.game_id}-{setup.seed}-{len(session.log)}"
    report = session.info.report(session) if session.info.report is not None else {}
    levels = [spec.level if spec.is_bot else "" for spec in setup.seats]
    data, _notice = load()
    if not record_game(data, key, setup.game_id, names, levels, report, extras):
        return False
    save(data)
    return True


PLAYERS_FILE = "players.json"


def check_players(payload: dict[str, Any]) -> None:
    """players.json holds `last`: up to six names, each text."""
    last = payload.get("last")
    if not isinstance(last, list) or len(last) > 6:
        raise ValueError("last is not a list of names")
    if not all(isinstance(n, str) and len(n) <= 200 for n in last):
        raise ValueError("last is not a list of names")


def load_names() -> tuple[list[str], Msg | None]:
    """The names typed on the seat screen last time, seat by seat, and a one-line notice if a
    damaged file was set aside."""
    from pie_table.paths import data_dir

    result = read_json(data_dir() / PLAYERS_FILE, "players", 1, validate=check_players)
    return (list(result.payload["last"]) if result.ok and result.payload else []), result.notice


def last_names() -> list[str]:
    """The names typed on the seat screen last time, seat by seat."""
    return load_names()[0]


def check_files() -> list[Msg]:
    """Read the statistics and the players' names once (the title does, at start), so a damaged
    file is set aside then, and return one line for each that was."""
    return [notice for notice in (_load()[1], load_names()[1]) if notice is not None]


def remember_names(names: list[str]) -> None:
    from pie_table.paths import data_dir

    try:
        write_json(data_dir() / PLAYERS_FILE, "players", 1, {"last": [str(n) for n in names][:6]})
    except OSError:
        pass
