"""`bench state GAME`: what a game's state costs early and late in a game: a clone's time and the
state's JSON size at move 10 and at the end of the same bot game, over a few seeds. A state holds
the game only (its history is the session's), so the two should stay close however long a game runs."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.dynamics import Turns
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup

_EARLY = 10  # the move the end of the game is compared with


def _clone_us(rules: Any, state: Any, seconds: float = 0.2) -> float:
    """Microseconds per clone, over repeated clones for about `seconds` of process time."""
    count, start = 0, time.process_time()
    while True:
        rules.clone(state)
        count += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return spent / count * 1e6


def _measure(session: Session) -> tuple[float, int]:
    rules, state = session.rules, session.state
    return _clone_us(rules, state), len(json.dumps(rules.to_json(state)))


def bench_state(args: argparse.Namespace, setup: GameSetup) -> int:
    """Print the figures of `args.games` games from `setup`'s seed on; the last line is JSON."""
    rows: list[dict[str, Any]] = []
    for seed in range(setup.seed, setup.seed + args.games):
        session = Session(GameSetup(setup.game_id, setup.seats, setup.options, setup.teams, seed))
        driver = TableDriver(session, dynamics=Turns, pace=None)
        driver.play_out(_EARLY)
        early = _measure(session)
        driver.play_out()
        late = _measure(session)
        rows.append({"seed": seed, "actions": len(session.log),
                     "clone_us": [round(early[0], 1), round(late[0], 1)], "json_bytes": [early[1], late[1]]})
        print(f"seed {seed}: {len(session.log)} actions; clone {early[0]:.1f} -> {late[0]:.1f} us; "
              f"state JSON {early[1]} -> {late[1]} bytes")
    def median_ratio(key: str) -> float:
        return round(statistics.median(r[key][1] / r[key][0] for r in rows), 2)

    figures = {"game": setup.game_id, "games": len(rows), "clone_ratio_median": median_ratio("clone_us"),
               "json_ratio_median": median_ratio("json_bytes"), "rows": rows}
    print(f"end / move {_EARLY}: clone x{figures['clone_ratio_median']}, "
          f"state JSON x{figures['json_ratio_median']} (medians)")
    print(json.dumps(figures))
    return 0
