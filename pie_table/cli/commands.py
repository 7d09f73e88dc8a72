"""The headless subcommands: simulate, arena, screenshot and bench, for any registered game.

Each game supplies adapters as `GameInfo` fields:
- `simulate(setup) -> dict`: one whole game; the dict has at least `game`, `seed`, `winner`
  and `winning_seats` (seats credited with the win), plus game-specific fields.
- `bench_sim(setup, games) -> dict`: speed figures (e.g. `speedup` or `games_per_s`).
Screenshot and frame benchmarks build the game's table scene in a headless App.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from pie_table.cli import checks, net_commands
from pie_table.cli.errors import CliError
from pie_table.cli.game_args import build_setup, get_game_or_error, short_module
from pie_table.cli.sizes import parse_size
from pie_table.cli.watch_command import cmd_watch
from pie_table.core.driver import play_to_end
from pie_table.core.registry import GameInfo, load_problems
from pie_table.core.resume import load_session
from pie_table.core.saves import SaveError, read_save, save_name, write_save
from pie_table.core.search import thinking_figures
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SetupError, parse_seats


def _adapter(info: GameInfo, name: str) -> Any:
    fn = getattr(info, name)
    if fn is None:
        raise CliError(f"{info.id} has no headless '{name}' yet")
    return fn


def _need_bots(setup: GameSetup) -> None:
    if any(not s.is_bot for s in setup.seats):
        raise CliError("headless games need bot seats only (e.g. bot:hard,bot:easy)")


def _headless_games(args: argparse.Namespace) -> tuple[GameInfo, GameSetup, Any]:
    """Setup and simulate adapter for commands that play whole bot games."""
    checks.count("--games", args.games)
    info, setup = build_setup(args)
    _need_bots(setup)
    return info, setup, _adapter(info, "simulate")


def cmd_simulate(args: argparse.Namespace) -> int:
    info, setup, simulate = _headless_games(args)
    if args.over_network:
        return net_commands.cmd_simulate_over_network(args, info, setup)
    folder = checks.writable_folder("--save-dir", args.save_dir) if args.save_dir is not None else None
    report = _adapter(info, "report") if folder is not None else None
    for i in range(args.games):
        setup.seed = args.seed + i
        if folder is None or report is None:
            print(json.dumps(simulate(setup)), flush=True)
            continue
        # Saving needs the session itself: play it here, then let the game summarise it.
        session = play_to_end(setup, info)
        result = report(session)
        result["save"] = str(write_save(folder / save_name(session, time.time()), session))
        print(json.dumps(result), flush=True)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a save headless and print one JSON line: with `--verify` what it replays to (actions,
    state hash), else the game's summary. Exit 1 if it does not replay, 2 if it is not a save."""
    path = checks.save_file(args.file)
    try:
        data = read_save(path)
        session = load_session(data)
    except SaveError as exc:
        if not exc.readable:
            raise CliError(f"{args.file}: {exc.message}") from None
        print(json.dumps({"game": data["game"], "actions": None, "state_hash": None, "ok": False,
                          "error": exc.message}))
        print(f"error: {args.file}: {exc.message}", file=sys.stderr)
        return 1
    if args.verify:
        print(json.dumps({"game": session.info.id, "actions": len(session.log), "state_hash": session.hash(),
                          "ok": True, "finished": session.is_over()}))
    else:
        print(json.dumps(save_summary(session)))
    return 0


def save_summary(session: Session) -> dict[str, Any]:
    """What a save holds: the game, its seats and options, how far it went and, once it is over,
    the scores and the winner (as the game's own report gives them)."""
    setup = session.setup
    summary: dict[str, Any] = {"game": session.info.id, "title": session.info.title,
                               "seats": [s.spec() for s in setup.seats], "options": dict(setup.options),
                               "seed": setup.seed, "actions": len(session.log), "finished": session.is_over()}
    if setup.teams is not None:
        summary["teams"] = list(setup.teams)
    if session.is_over() and session.info.report is not None:
        result = session.info.report(session)
        summary.update({k: result[k] for k in ("scores", "winner", "winning_seats") if k in result})
    return summary


def cmd_arena(args: argparse.Namespace) -> int:
    info, setup, simulate = _headless_games(args)
    specs = [s.spec() for s in setup.seats]
    base_teams = setup.teams
    wins = {spec: 0 for spec in specs}
    thinking: dict[str, list[list[float]]] = {}
    draws = 0
    start = time.perf_counter()
    for i in range(args.games):
        # Rotate who sits where each game so no spec keeps a seat advantage (first Host, first mover).
        shift = i % len(specs)
        order = specs[shift:] + specs[:shift]
        game = GameSetup(info.id, parse_seats(",".join(order)), dict(setup.options),
                         None if base_teams is None else base_teams[shift:] + base_teams[:shift],
                         seed=args.seed + i)
        result = simulate(game)
        winners = {order[s] for s in result.get("winning_seats", [])}
        if not winners:
            draws += 1
        for spec in winners:
            wins[spec] += 1
        for seat, rows in result.get("thinking", {}).items():
            thinking.setdefault(order[int(seat)], []).extend(rows)
    elapsed = time.perf_counter() - start
    rates = {spec: wins[spec] / args.games for spec in wins}
    intervals = {spec: wilson_interval(wins[spec], args.games) for spec in wins}
    for spec, rate in rates.items():
        low, high = intervals[spec]
        print(f"{spec:>14}: {wins[spec]:4d} wins / {args.games} games = {rate:.1%}"
              f"  (95% CI {low:.1%} to {high:.1%})")
    figures = {spec: thinking_figures(rows) for spec, rows in thinking.items()}
    for spec, shown in figures.items():
        print(f"{spec:>14}: {shown['decisions']} searched decisions, {shown.get('playouts_per_decision', 0)}"
              f" playouts each; p50 {shown.get('ms_p50', 0)} ms, p99 {shown.get('ms_p99', 0)} ms"
              f" (CPU p50 {shown.get('cpu_ms_p50', 0)} ms, p99 {shown.get('cpu_ms_p99', 0)} ms)")
    print(f"{'undecided':>14}: {draws}   ({elapsed:.1f} s)")
    bounds = {spec: [round(b, 4) for b in ci] for spec, ci in intervals.items()}
    summary: dict[str, Any] = {"game": info.id, "games": args.games, "seed": args.seed, "win_rate": rates,
                               "win_rate_95": bounds, "undecided": draws}
    if figures:
        summary["thinking"] = figures
    print(json.dumps(summary))
    return 0


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% confidence interval of a win rate (Wilson's score interval: sound near 0 and 1)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def cmd_bench(args: argparse.Namespace) -> int:
    if args.bench == "net-latency":
        return net_commands.cmd_bench_net_latency(args)
    if args.bench == "serve":
        return net_commands.cmd_bench_serve(args)
    if args.bench not in ("sim", "frames", "idle", "state"):
        raise CliError("bench needs 'frames', 'sim', 'idle', 'state', 'net-latency' or 'serve'")
    if args.bench == "idle":
        from pie_table.cli.bench_idle import bench_idle

        return bench_idle(args)
    # Both benchmarks fill the table the game names for them (a full one) unless seats are given.
    bench_seats = get_game_or_error(args.game).bench_seats
    if args.seats is None and bench_seats:
        args.seats = ",".join(["bot:normal"] * bench_seats)
    if args.bench == "state":
        from pie_table.cli.bench_state import bench_state

        checks.count("--games", args.games)
        info, setup = build_setup(args)
        _need_bots(setup)
        return bench_state(args, setup)
    if args.bench == "sim":
        if args.games is not None:
            checks.count("--games", args.games)
        info, setup = build_setup(args)
        _need_bots(setup)
        figures = _adapter(info, "bench_sim")(setup, args.games)
        for key, value in figures.items():
            print(f"{key}: {value}")
        print(json.dumps(figures))
        return 0
    return bench_frames(args)


def bench_frames(args: argparse.Namespace) -> int:
    """Time update+draw of the live table with bots playing, frame by frame."""
    from pie_table.cli.headless_app import make_table

    checks.count("--frames", args.frames)
    size = parse_size(args.shot_size)
    info, setup = build_setup(args)
    app, scene = make_table(info, setup, size, checks.interface_size(args.interface_size))
    times: list[float] = []
    dt = 1 / 60
    # Paced: frame starts while a bot thinks, as wall-clock gaps (what a player sees as frame rate).
    gaps: list[float] = []
    thinking = _thinking(scene)
    due = last = time.perf_counter()
    for _ in range(args.frames):
        if args.paced:
            time.sleep(max(0.0, due - time.perf_counter()))
            due += dt
        t0 = time.perf_counter()
        if args.paced and thinking():
            gaps.append((t0 - last) * 1000)
        last = t0
        app.step(dt)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"frames: {len(times)}  p50: {p50:.2f} ms  p99: {p99:.2f} ms  max: {times[-1]:.2f} ms")
    figures: dict[str, Any] = {"game": info.id, "frames": len(times), "frame_ms_p50": round(p50, 3),
                               "frame_ms_p99": round(p99, 3), "frame_ms_max": round(times[-1], 3)}
    if args.paced:
        figures.update(_thinking_figures(gaps))
        if gaps:
            print(f"while a bot thought: {len(gaps)} frames at {figures['fps_while_thinking']} frames/s, "
                  f"gap p99 {figures['gap_ms_p99_while_thinking']} ms")
        else:
            print("no bot thought in a worker during these frames")
    print(json.dumps(figures))
    return 0


def _thinking(scene: Any) -> Callable[[], bool]:
    """Whether a bot of the table works a decision out in its worker now (a turn-based table's)."""
    from pie_table.scenes.turn_table.table import TurnTable

    if isinstance(scene, TurnTable):
        return scene.driver.thinking
    return lambda: False  # a real-time table's bots decide within the tick


def _thinking_figures(gaps: list[float]) -> dict[str, Any]:
    """Frames drawn while a bot thought: how many, their rate and their longest gaps."""
    if not gaps:
        return {"frames_while_thinking": 0}
    ordered = sorted(gaps)
    return {"frames_while_thinking": len(gaps), "fps_while_thinking": round(1000 * len(gaps) / sum(gaps), 1),
            "gap_ms_p99_while_thinking": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2),
            "gap_ms_max_while_thinking": round(ordered[-1], 2)}


def cmd_screenshot(args: argparse.Namespace) -> int:
    from pie_table.cli.headless_app import make_table, save_png
    from pie_table.kit.i18n import LANGUAGES, set_language

    language = getattr(args, "lang", "en")
    if language not in LANGUAGES:
        raise CliError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    out = checks.png_file("--out", args.out)
    checks.moment(args.at, args.turn)
    size = parse_size(args.shot_size)
    info, setup = build_setup(args)
    set_language(language)
    app, scene = make_table(info, setup, size, checks.interface_size(args.interface_size))
    scene.skip_to(at=args.at, turn=args.turn)
    # Two frames: a table may leave one costly part of a move's repaint to the next frame (the
    # RATS sheet does), and a screenshot shows the table as it settles, not that in-between frame.
    app.step(0.0)
    app.step(0.0)
    save_png(app.screen, str(out))
    print(json.dumps({"game": info.id, "out": args.out, "at": args.at, "turn": args.turn}))
    return 0


_COMMANDS = {"simulate": cmd_simulate, "arena": cmd_arena, "bench": cmd_bench, "screenshot": cmd_screenshot,
             "replay": cmd_replay, "watch": cmd_watch, **net_commands.COMMANDS}


def run(args: argparse.Namespace) -> int:
    """Dispatch a parsed subcommand, first naming on stderr any game that could not load (stdout
    stays the command's own output)."""
    for module, why in load_problems().items():
        print(f"warning: {short_module(module)} could not load ({why})", file=sys.stderr)
    try:
        return _COMMANDS[args.command](args)
    except SetupError as exc:
        raise CliError(str(exc)) from None
    except ValueError as exc:
        # Engines refuse impossible setups (team sizes, seat counts) with a one-line ValueError.
        print(f"error: {exc}", file=sys.stderr)
        return 2
