"""Print RATS bot win rates, decision times and simulation speed: `python -m pie_table.games.rats.bench`."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

from pie_table.core.engine import TurnBot
from pie_table.core.history import SeatHistory
from pie_table.games.rats.bots import make_bot
from pie_table.games.rats.headless import RandomLegalController, play, run_game
from pie_table.games.rats.rules import RULES


def _controller(level: str, seat: int, seed: int) -> Any:
    return RandomLegalController(seat, seed) if level == "random-legal" else make_bot(level, seat, seed)


def win_rate(levels: list[str], games: int, options: dict[str, Any], start: int = 0) -> float:
    """Share of games won by seat 0 (its level listed first); seats rotate who hosts first."""
    wins = 0
    for i in range(start, start + games):
        seats = len(levels)
        opts = dict(options, first_host=i % seats)
        controllers = [_controller(levels[s], s, 1000 * i + s) for s in range(seats)]
        wins += run_game(seats, i, opts, controllers)["winner"] == 0
    return wins / games


class _Timed(TurnBot):
    """Wraps a controller and records how long each decision takes."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.inner, self.seat, self.times = inner, inner.seat, times

    def hear(self, history: SeatHistory) -> None:
        """The wrapped bot is told what its seat heard."""
        self.inner.hear(history)

    def act(self, view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> dict[str, Any]:
        start = time.process_time()
        action = self.inner.act(view, legal)
        self.times.append(time.process_time() - start)
        return action


def decision_times(level: str, games: int, seats: int = 4) -> list[float]:
    """Seconds per decision of `level` bots over some games."""
    times: list[float] = []
    for i in range(games):
        state, opening = RULES.new_game(seats, i, {"vocations": i % 2 == 1})
        play(state, [_Timed(make_bot(level, s, i + s), times) for s in range(seats)], opening=opening)
    return sorted(times)


def games_per_second(level: str, games: int, seats: int = 4) -> float:
    """Full games per CPU-second (one core) with every seat played by `level`."""
    # CPU time, not wall time: the figure should not depend on what else the machine runs.
    start = time.process_time()
    for i in range(games):
        run_game(seats, i, {}, [_controller(level, s, i + s) for s in range(seats)])
    return games / (time.process_time() - start)


def main() -> None:
    """Print the figures the project tracks."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()
    n = args.games
    print(f"hard vs 2 random-legal (3p): {win_rate(['hard', 'random-legal', 'random-legal'], n, {}):.1%}")
    print(f"hard vs easy (2p variant):   {win_rate(['hard', 'easy'], n, {}):.1%}")
    print(f"hard vs 2 normal (3p):       {win_rate(['hard', 'normal', 'normal'], n, {}):.1%}")
    print(f"normal vs easy (2p):         {win_rate(['normal', 'easy'], n, {}):.1%}")
    print(f"easy vs random-legal (2p):   {win_rate(['easy', 'random-legal'], n, {}):.1%}")
    for level in ("hard", "normal"):
        times = decision_times(level, 40)
        p99 = times[int(0.99 * (len(times) - 1))] * 1000
        print(f"{level} decision p99: {p99:.2f} ms (max {times[-1] * 1000:.2f} ms, n={len(times)})")
    for level in ("normal", "random", "random-legal"):
        print(f"4p games/s with {level}: {games_per_second(level, 200):.0f}")


if __name__ == "__main__":
    main()
