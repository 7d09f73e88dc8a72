"""Every game over real sockets on 127.0.0.1 against the same seeds played in one process: each
game at every seat count it takes, bots of one level at every seat, for a run of seeds. Prints one
line per game and seat count (how many seeds held) and each seed that did not; exit 1 if any.

    python tools/same_as_local.py                       # 20 seeds, easy bots, every game
    python tools/same_as_local.py --seeds 5 --level normal --game rats

Rumble Pie plays lockstep (every tick a round trip), so it is played to a target of 10 by default
(`--rumble-target`): a game to 25 takes about half a minute.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pie_table.core.registry import load_games  # noqa: E402
from pie_table.net.over_network import sweep  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="how many seeds (default 20)")
    parser.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--level", default="easy", help="every seat's bot level (default easy)")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--rumble-target", type=int, default=10, help="Rumble Pie's target score")
    args = parser.parse_args()
    games = [info for gid, info in load_games().items() if not args.game or gid in args.game]
    rows = sweep(games, range(args.first, args.first + args.seeds), args.level,
                 {"rumble-pie": {"target": args.rumble_target}})
    held: dict[tuple[str, int], list[int]] = defaultdict(list)
    failed = []
    for game, seats, seed, same in rows:
        held[(game, seats)].append(seed) if same else failed.append((game, seats, seed))
    for game, seats in dict.fromkeys((g, s) for g, s, _, _ in rows):
        print(f"{game} {seats} seats: {len(held[(game, seats)])}/{args.seeds} same as local")
    for game, seats, seed in failed:
        print(f"NOT the local game: {game}, {seats} seats, seed {seed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
