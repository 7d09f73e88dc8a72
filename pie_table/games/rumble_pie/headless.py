"""Drive whole Rumble Pie games in pure Python: controllers see only views, ticks are simulated."""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from pie_table.core.engine import IllegalAction
from pie_table.games.rumble_pie.legal import legal_actions_from_view
from pie_table.games.rumble_pie.rules import RULES
from pie_table.games.rumble_pie.state import TICK_HZ, RumbleState
from pie_table.games.rumble_pie.view import public_view

_START = {"type": "start"}
_TICK = {"type": "tick"}


class RandomLegalController:
    """Each tick, with probability `rate`, picks uniformly among the legal actions in its view."""

    def __init__(self, seat: int, seed: int, rate: float = 0.3) -> None:
        self.seat = seat
        self.rate = rate
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], tick: int) -> dict[str, Any] | None:
        """One action or None."""
        if view["phase"] != "play" or self.rng.random() >= self.rate:
            return None
        actions = legal_actions_from_view(view, self.seat)
        return self.rng.choice(actions) if actions else None


def run_game(seats: int, seed: int, options: dict[str, Any] | None, controllers: list[Any],
             max_ticks: int = 60 * 60 * 60, log: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Play a whole game; returns scores, winner, rounds, ticks and counts (`log` collects every action)."""
    state = RULES.new_state(seats, seed, options)
    applied = 0
    _system(state, _START, log)
    while state.phase != "game_over" and state.tick < max_ticks:
        applied += _one_tick(state, controllers, log)
        if state.phase == "round_over":
            _system(state, _START, log)
    return _report(state, seed, applied)


def run_tick(state: RumbleState, controllers: list[Any], log: list[dict[str, Any]] | None = None) -> int:
    """Ask every controller once, apply in rotating seat order, then tick; returns the applied count."""
    return _one_tick(state, controllers, log)


def _one_tick(state: RumbleState, controllers: list[Any], log: list[dict[str, Any]] | None) -> int:
    """All controllers decide from the same view (simultaneous play), then the rotated order settles ties.

    The views share their nested lists (built once per tick for speed): controllers must not mutate them.
    """
    applied = 0
    if state.phase == "play":
        base = public_view(state)
        wanted = []
        for ctl in controllers:
            view = dict(base)
            view["seat"] = ctl.seat
            action = ctl.act(view, state.tick)
            if action is not None:
                wanted.append((ctl, action))
        n = len(controllers)
        first = state.tick % n if n else 0
        wanted.sort(key=lambda pair: (pair[0].seat - first) % n)
        for ctl, action in wanted:
            applied += _seat_action(state, ctl, action, log)
    _system(state, _TICK, log)
    return applied


def _seat_action(state: RumbleState, ctl: Any, action: Any, log: list[dict[str, Any]] | None) -> int:
    """Apply one controller action; a refusal is reported back, never raised."""
    if isinstance(action, dict) and action.get("type") not in ("play", "draw", "place", "move", "out"):
        reason = "Controllers may only take seat actions"
    elif isinstance(action, dict) and action.get("seat") != ctl.seat:
        reason = "Not your seat"
    else:
        try:
            RULES.apply(state, action)
        except IllegalAction as exc:
            reason = exc.reason
        else:
            if log is not None:
                log.append(dict(action))
            return 1
    refused = getattr(ctl, "refused", None)
    if refused is not None:
        refused(action, reason)
    return 0


def _system(state: RumbleState, action: dict[str, Any], log: list[dict[str, Any]] | None) -> None:
    """Apply a start/tick (always legal where the runner issues them) and log it."""
    RULES.apply(state, action)
    if log is not None:
        log.append(action)


def _report(state: RumbleState, seed: int, applied: int) -> dict[str, Any]:
    """The summary dict returned by `run_game`."""
    report = {"game": "rumble-pie", "seed": seed, "scores": list(state.scores), "winner": state.winner,
              "rounds": len(state.history), "ticks": state.tick, "game_seconds": state.tick / TICK_HZ,
              "actions": applied}
    if state.phase != "game_over":
        report["timeout"] = True
    return report


def speed(seats: int = 2, games: int = 5, seed: int = 0) -> dict[str, Any]:
    """Simulated game-seconds per wall-second for random players (a figure, never a test assert)."""
    start = time.perf_counter()
    game_seconds = 0.0
    for g in range(games):
        ctls = [RandomLegalController(s, seed + 100 * g + s) for s in range(seats)]
        game_seconds += run_game(seats, seed + g, None, ctls)["game_seconds"]
    wall = time.perf_counter() - start
    return {"seats": seats, "games": games, "game_seconds": round(game_seconds, 1),
            "wall_seconds": round(wall, 3), "speedup": round(game_seconds / wall, 1)}


if __name__ == "__main__":
    for n in [int(a) for a in sys.argv[1:]] or [2, 4, 6]:
        print(speed(n))
