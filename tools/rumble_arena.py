"""Quick Rumble Pie bot arena: win rates, per-decision time and headless speed.

    python tools/rumble_arena.py hard easy --games 200 --seed 1

Seats alternate between games so neither level always sits first. Prints figures; asserts nothing.
Run from the project root with PYTHONPATH=. (or after `pip install -e .`).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from pie_table.games.rumble_pie.bots import RumbleBot, make_bot
from pie_table.games.rumble_pie.headless import run_game
from pie_table.games.rumble_pie.state import TICK_HZ


class _Timed:
    """Wraps a bot and records the wall time of each decision (timer fired)."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot = bot
        self.seat = bot.seat
        self.times = times
        if isinstance(bot, RumbleBot):
            self._wrap_decide()

    def _wrap_decide(self) -> None:
        decide = self.bot.decide

        def timed(view: dict[str, Any]) -> Any:
            start = time.perf_counter()
            result = decide(view)
            self.times.append((time.perf_counter() - start) * 1000)
            return result

        self.bot.decide = timed

    def act(self, view: dict[str, Any], tick: int) -> Any:
        return self.bot.act(view, tick)

    def refused(self, action: dict[str, Any], reason: str) -> None:
        self.bot.refused(action, reason)


def main() -> None:
    """Run the arena and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    a, b = f"A:{args.a}", f"B:{args.b}"  # labels stay apart when a level meets itself
    wins = {a: 0, b: 0, "none": 0}
    times: dict[str, list[float]] = {a: [], b: []}
    points = {a: 0, b: 0}
    game_seconds, rounds = 0.0, 0
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        levels = [a, b] if g % 2 == 0 else [b, a]
        bots = [_Timed(make_bot(lv[2:], s, seed * 1009 + s), times[lv]) for s, lv in enumerate(levels)]
        result = run_game(2, seed, None, bots)
        winner = result["winner"]
        wins[levels[winner] if winner is not None else "none"] += 1
        for s, lv in enumerate(levels):
            points[lv] += result["scores"][s]
        game_seconds += result["ticks"] / TICK_HZ
        rounds += result["rounds"]
    wall = time.perf_counter() - start
    print(f"{a} vs {b}: {args.games} games, wins {wins}, {a} win rate {wins[a] / args.games:.1%}")
    print(f"points {points}, rounds/game {rounds / args.games:.1f}, "
          f"game minutes/game {game_seconds / args.games / 60:.1f}")
    for lv, ts in times.items():
        if len(ts) > 1:
            q = statistics.quantiles(ts, n=100)
            print(f"{lv} decision ms: n={len(ts)} p50={q[49]:.3f} p99={q[98]:.3f} max={max(ts):.3f}")
    print(f"speed: {game_seconds:.0f} game s in {wall:.1f} wall s = {game_seconds / wall:.0f}x real time")


if __name__ == "__main__":
    main()
