"""`bench idle`: what the app costs while nothing moves, at the title or at a table waiting for a
human. It runs the app's own loop (App.frame) with SDL's dummy driver and prints the CPU seconds
spent per wall second as its last JSON line."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from pie_table.cli.errors import CliError

# A table is given this long to reach the human's turn (bots play their beats first).
_SETTLE_LIMIT_S = 20.0


def bench_idle(args: argparse.Namespace) -> int:
    """Open the title (no game) or the game's table, let it come to rest, then measure."""
    from pie_table.cli.sizes import parse_size

    if not 0 < args.seconds <= 3600:
        raise CliError(f"--seconds must be from 0 to 3600, not {args.seconds}")
    size = parse_size(args.shot_size)
    app, where = _title(size) if args.game is None else _table(args, size)
    settle_s, rested = _settle(app)
    figures = _measure(app, args.seconds)
    app.scenes.close_all()
    print(f"{where}: {figures['cpu_per_wall']:.4f} CPU s per wall s, {figures['frames']} frames drawn"
          f" in {args.seconds:g} s (came to rest after {settle_s:.2f} s)")
    print(json.dumps({"where": where, "rested": rested, "settle_s": round(settle_s, 3), **figures}))
    return 0


def _title(size: tuple[int, int]) -> tuple[Any, str]:
    from pie_table.kit.app import App
    from pie_table.scenes.title import TitleScene

    app = App(size=size, headless=True)
    app.home = TitleScene
    app.scenes.push(TitleScene(app))
    return app, "title"


def _table(args: argparse.Namespace, size: tuple[int, int]) -> tuple[Any, str]:
    from pie_table.cli.game_args import build_setup, get_game_or_error
    from pie_table.cli.headless_app import make_table

    if args.seats is None:
        # One human and bots to fill the smallest table: the human's turn comes round soon.
        args.seats = ",".join(["human"] + ["bot:normal"] * (get_game_or_error(args.game).min_seats - 1))
    info, setup = build_setup(args)
    if all(seat.is_bot for seat in setup.seats):
        raise CliError("bench idle needs a human seat: it measures a table waiting for one")
    app, _scene = make_table(info, setup, size)
    return app, info.id


def _settle(app: Any) -> tuple[float, bool]:
    """Run frames until the top scene waits for input only; how long it took and whether it did."""
    start = time.perf_counter()
    app.running = True
    app.clock.tick()
    while time.perf_counter() - start < _SETTLE_LIMIT_S:
        if app.scenes.next_frame() is None:
            return time.perf_counter() - start, True
        app.frame()
    return time.perf_counter() - start, False


def _measure(app: Any, seconds: float) -> dict[str, Any]:
    """Run the loop for `seconds` of wall time; CPU seconds per wall second and frames drawn."""
    import pygame

    deadline = time.perf_counter() + seconds
    sleep = app.nap

    def nap(span: float) -> None:
        sleep(span)
        if time.perf_counter() >= deadline:  # wake a resting loop so the measure can end
            pygame.event.post(pygame.event.Event(pygame.USEREVENT))

    app.nap = nap
    frames, cpu, wall = app.frames, time.process_time(), time.perf_counter()
    while app.running and time.perf_counter() < deadline:
        app.frame()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"seconds": round(wall, 3), "cpu_s": round(cpu, 4), "cpu_per_wall": round(cpu / wall, 4),
            "frames": app.frames - frames}
