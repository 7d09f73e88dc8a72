"""`python main.py` opens the table; subcommands run games without a window.

simulate / arena / screenshot / bench — the contract other tools rely on. Bad arguments get
one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from pie_table import __version__
from pie_table.cli.errors import CliError
from pie_table.cli.net_commands import add_bench_parsers as add_net_bench_parsers
from pie_table.cli.net_commands import add_parsers as add_net_parsers
from pie_table.cli.watch_command import add_parser as add_watch_parser


class _Parser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of usage plus error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CliError(f"{self.prog}: {message}")


def _add_interface_size(p: argparse.ArgumentParser) -> None:
    p.add_argument("--interface-size", dest="interface_size", type=int, default=100, metavar="PERCENT",
                   help="the Settings interface size: 100, 125, 150, 175 or 200")


def _add_common(p: argparse.ArgumentParser, games: bool = True) -> None:
    if games:
        p.add_argument("game", help="game id, e.g. rumble-pie or rats")
    p.add_argument("--seats", default=None, help="comma-separated seat specs, e.g. bot:hard,bot:easy")
    p.add_argument("--teams", default=None, help="team letter or number per seat, e.g. A,B,A,B")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, e.g. --option target=10 (repeatable)")
    # A game's on/off options may also be switched on as `--KEY` (RATS: `--vocations`); they are the
    # game's own declarations, so they are read after the game is known (`checks.options`).
    p.set_defaults(flags=[])


def _add_window(parser: argparse.ArgumentParser) -> None:
    """The options of `python main.py` without a command: the window's."""
    parser.add_argument("--size", default="1280x720", help="window size WxH")
    parser.add_argument("--quit-after-first-frame", action="store_true",
                        help="open the window, draw the title once and quit (to time a launch)")
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--version", action="version", version=f"pie-table {__version__}")
    entry = parser.add_mutually_exclusive_group()
    entry.add_argument("--install-desktop-entry", action="store_true",
                       help="add pie-table to the desktop's menu (a .desktop file and icon under "
                            "$XDG_DATA_HOME) and quit")
    entry.add_argument("--remove-desktop-entry", action="store_true",
                       help="take that menu entry and icon away again and quit")
    parser.set_defaults(command=None)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line."""
    parser = _Parser(prog="pie-table", description=__doc__.splitlines()[0])
    _add_window(parser)
    parser.epilog = "A game's on/off option may be given as --KEY, e.g. simulate rats --vocations."
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("simulate", help="play whole games headless; one JSON line per game")
    _add_common(p)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--save-dir", default=None, help="write each game's save file into this folder")
    p.add_argument("--over-network", action="store_true", help="every seat but seat 0 a client over a socket")

    p = sub.add_parser("replay", help="replay a save file headless: its summary, or a check (one JSON line)")
    p.add_argument("file", help="a save file")
    p.add_argument("--verify", action="store_true",
                   help="print game, actions, state_hash and ok instead of the summary")

    p = sub.add_parser("arena", help="many seeded games; win rate per seat spec")
    _add_common(p)
    p.add_argument("--games", type=int, default=200)

    p = sub.add_parser("screenshot", help="play to a moment and save that frame as PNG")
    _add_common(p)
    p.add_argument("--at", type=float, default=None, help="seconds of game time (real-time games)")
    p.add_argument("--turn", "--round", dest="turn", type=int, default=None,
                   help="turn (RATS) or round (Pie Rats) number, for turn-based games")
    p.add_argument("--out", required=True)
    p.add_argument("--lang", default="en", help="language of the table's texts: en or es")
    p.add_argument("--size", dest="shot_size", default="1280x720")
    _add_interface_size(p)

    p = sub.add_parser("bench", help="benchmarks that print figures; last line JSON")
    bsub = p.add_subparsers(dest="bench", parser_class=_Parser)
    bf = bsub.add_parser("frames", help="frame time of the table with animations")
    _add_common(bf)
    bf.add_argument("--frames", type=int, default=600)
    bf.add_argument("--size", dest="shot_size", default="1280x720")
    bf.add_argument("--paced", action="store_true",
                    help="run the frames at 60 per second, as the window does, and count those drawn "
                         "while a bot thinks in its worker (an expert's search)")
    _add_interface_size(bf)
    bi = bsub.add_parser("idle", help="CPU per wall second at rest: the title, or a table awaiting a human")
    bi.add_argument("game", nargs="?", default=None, help="a game id; without one, the title screen")
    _add_common(bi, games=False)
    bi.add_argument("--seconds", type=float, default=5.0)
    bi.add_argument("--size", dest="shot_size", default="1280x720")
    bs = bsub.add_parser("sim", help="headless simulation speed")
    _add_common(bs)
    bs.add_argument("--games", type=int, default=None)
    bst = bsub.add_parser("state", help="a clone's time and the state's size at move 10 and at the end")
    _add_common(bst)
    bst.add_argument("--games", type=int, default=5)
    add_net_bench_parsers(bsub)
    add_net_parsers(sub)
    add_watch_parser(sub)
    return parser


def parse(args_list: list[str]) -> argparse.Namespace:
    """The parsed command line; words the parser does not know are kept as `flags` for the game's
    own options when the command names a game, and refused otherwise."""
    # Opening the window needs only the window's options: building every command's parser would
    # cost a launch about 10 ms. Anything else (a command, --help, a mistake) gets the whole line.
    window = _Parser(prog="pie-table", add_help=False)
    _add_window(window)
    args, unknown = window.parse_known_args(args_list)
    if not unknown:
        return args
    args, unknown = build_parser().parse_known_args(args_list)
    if unknown:
        if "flags" not in vars(args):
            raise CliError(f"pie-table: unrecognized arguments: {' '.join(unknown)}")
        args.flags = unknown
    return args


def _desktop_entry(install: bool) -> int:
    from pie_table.cli import desktop_entry

    if install:
        try:
            written = desktop_entry.install()
        except OSError as exc:  # a read-only or full home: one line, as for any other mistake
            raise CliError(f"cannot write the menu entry: {exc}") from exc
        for path in written:
            print(f"wrote {path}")
    else:
        removed = desktop_entry.remove()
        for path in removed:
            print(f"removed {path}")
        if not removed:
            print(f"no menu entry to remove in {desktop_entry.data_home()}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run it; returns the process exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parse(args_list)
        if args.install_desktop_entry or args.remove_desktop_entry:
            return _desktop_entry(install=args.install_desktop_entry)
        if args.command is None:
            from pie_table.cli.play import play

            return play(args)
        from pie_table.cli import commands

        return commands.run(args)
    except CliError as exc:  # commands.run turns a SetupError into one (core is not imported here)
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
