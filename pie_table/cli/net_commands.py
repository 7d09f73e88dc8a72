"""The network subcommands: `serve`, `join`, and `simulate --over-network`.

Registered from `cli.main` and `cli.commands` with one line each; websockets and the network
package are imported only when one of these commands runs, so launching the window pays nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pie_table.cli.errors import CliError


def add_parsers(sub: Any) -> None:
    """Add `serve` and `join` to the command line."""
    p = sub.add_parser("serve", help="host tables with no window (a lobby: list, create, join)")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (127.0.0.1; 0.0.0.0 for the local network, or the internet "
                        "with --certfile/--keyfile)")
    p.add_argument("--table", action="append", default=[], metavar="GAME:SEATS",
                   help="open a table at start, e.g. rats:remote,bot:normal,bot:normal,remote (repeatable)")
    p.add_argument("--advertise", action="store_true",
                   help="announce the server on the local network (zeroconf)")
    p.add_argument("--bot-pace", choices=("human", "instant"), default="human",
                   help="bots at turn-based tables wait a beat before each move, as at the window "
                        "(human), or move at once (instant: tables of bots, tests)")
    p.add_argument("--max-tables", type=int, default=500, help="tables the lobby holds at most")
    p.add_argument("--tables-per-address", type=int, default=3,
                   help="open tables one client address may have made at once")
    p.add_argument("--watch-delay", type=float, default=0.0, metavar="S",
                   help="watchers see each table this many seconds behind the game (at most 120)")
    p.add_argument("--no-watching", action="store_true", help="the tables cannot be watched")
    p.add_argument("--certfile", help="serve wss:// with this certificate (PEM; with --keyfile)")
    p.add_argument("--keyfile", help="the certificate's private key (PEM)")
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                   help="a proxy in front (e.g. nginx on 127.0.0.1) whose X-Forwarded-For names each "
                        "player, so per-address limits count players, not the proxy (repeatable)")
    p.add_argument("--public-url", metavar="URL",
                   help="the address players use, when a proxy stands in front "
                        "(e.g. wss://example.org/a/): the links printed start with it")
    _add_store_arguments(p)
    p = sub.add_parser("join", help="play one seat of a hosted table headless with a bot",
                       description="Play one seat of a table with a bot: a join link's table, or a table "
                                   "made first on a serve lobby with --create.")
    p.add_argument("url", help="ws://HOST:PORT[/PREFIX]/TABLE?code=CODE (or wss://); with --create, "
                               "the lobby's address, ws://HOST:PORT[/PREFIX/]")
    _add_create_flags(p)
    p.add_argument("--cafile", help="trust a wss:// host whose certificate this file holds (self-signed)")
    p.add_argument("--seat", type=int, required=True,
                   help="the seat to take, counted from 1 as the host's room shows them (Seat 1, Seat 2...)")
    p.add_argument("--bot", default="normal", help="the bot level that plays the seat")
    p.add_argument("--bot-seed", type=int, default=None, help="the bot's seed (default: from the seat)")
    p.add_argument("--name", default="")
    p.add_argument("--reconnect-s", type=float, default=180.0,
                   help="seconds a lost connection is tried again, with backoff, before giving up")


def _add_store_arguments(p: Any) -> None:
    p.add_argument("--store", metavar="PATH|URL",
                   help="where every table is kept, so a restart resumes them: a SQLite file (default: "
                        "serve.sqlite3 in the per-user data folder) or postgresql://USER@HOST:PORT/DB")
    p.add_argument("--store-owner", metavar="NAME",
                   help="this process's name in the store: a restart with the same name resumes its "
                        "tables (default: the machine's name and the port)")
    p.add_argument("--adopt", action="store_true",
                   help="also resume the unfinished tables of processes whose lease in the store ran out "
                        "(at start, and every ten seconds while serving)")


def _add_create_flags(p: Any) -> None:
    p.add_argument("--create", metavar="GAME",
                   help="make a new table of GAME on the lobby at URL, then take --seat in it (the first "
                        "line printed is its join link, for the other players)")
    p.add_argument("--seats", metavar="SEATS",
                   help="with --create: every seat, remote (a player joins it) or a bot level, e.g. "
                        "remote,remote,bot:normal")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="with --create: one of the game's variants (repeatable), as at the window's Host")


def parse_join_url(url: str) -> tuple[str, str, str]:
    """`ws://host:port[/prefix]/TABLE?code=CODE` -> (server URL, table, code); CliError if it is not one."""
    from pie_table.net.join_link import parse_join_link

    parsed = parse_join_link(url)
    if parsed is None:
        raise CliError(f"{url}: expected ws://HOST:PORT[/PREFIX]/TABLE?code=CODE (or wss://)")
    return parsed


def _server_address(url: str, flag: str) -> str:
    """A lobby's address (`ws://host:port[/prefix/]`, as `--create` and `--public-url` take it);
    CliError if it is not one."""
    from urllib.parse import urlsplit

    from pie_table.net.join_link import server_url

    parts = urlsplit(url.strip())
    if parts.scheme not in ("ws", "wss") or not parts.netloc or parts.query or parts.fragment:
        raise CliError(f"{flag} {url}: expected a lobby's address, ws://HOST:PORT[/PREFIX/] (or wss://)")
    return server_url(url)


def _create_spec(args: argparse.Namespace) -> tuple[str, list[str], dict[str, Any]]:
    """`--create GAME --seats … --option …`, checked as `serve --table` checks its tables."""
    from pie_table.cli import checks
    from pie_table.core.registry import get_game

    if args.seats is None:
        raise CliError("--create needs --seats, e.g. --seats remote,remote,bot:normal")
    game, seats = checks.serve_table(f"{args.create}:{args.seats}")
    options = checks.options(get_game(game), args.option)
    return game, seats, options


async def _created(client: Any, server: str, spec: tuple[str, list[str], dict[str, Any]]) -> tuple[str, str]:
    """Ask the lobby for the table `spec` names; print its line (the link the others join with,
    and the key that changes its code); its id and join code."""
    from pie_table.net.join_link import join_link

    game, seats, options = spec
    await client.send({"type": "create", "game": game, "seats": seats, "options": options})
    made = await client.expect("created")
    print(json.dumps({"table": made["table"], "code": made["code"], "game": game,
                      "url": join_link(server, made["table"], made["code"]), "owner": made["owner"]}),
          flush=True)
    return str(made["table"]), str(made["code"])


def cmd_serve(args: argparse.Namespace) -> int:
    """Run a lobby until interrupted, first opening the tables `--table` names (one JSON line each);
    a line `code TABLE` typed in gives that table a new join code (one JSON line)."""
    import asyncio
    import logging

    from pie_table.cli import checks
    from pie_table.net.server import Lobby, bound_port, start

    checks.port(args.port)
    tables = [checks.serve_table(spec) for spec in args.table]
    limits, tls = _serve_limits(args), _serve_tls(args)
    public = _server_address(args.public_url, "--public-url") if args.public_url else None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)

    async def run() -> None:
        from pie_table.core.pacing import Pace
        from pie_table.net.keeping import Keeper

        keeper = Keeper(store)
        lobby = Lobby(limits, pace=Pace() if args.bot_pace == "human" else None, keeper=keeper)
        resumed = lobby.resume(args.adopt)
        # The tables first: a table the lobby refuses is one error line before any "listening".
        hosts = [lobby.create(game, seats, _seed(), {}) for game, seats in tables]
        server = await start(lobby, args.host, args.port, ssl=tls)
        listening = f"{'wss' if tls is not None else 'ws'}://{args.host}:{bound_port(server)}"
        base = public or listening  # the links printed are the ones players use
        for host in resumed:
            print(json.dumps({**_table_line(base, host), "game": host.setup.game_id, "resumed": True}),
                  flush=True)
        for host in hosts:
            print(json.dumps({**_table_line(base, host), "game": host.setup.game_id,
                              "owner": lobby.owner_key(host.id)}), flush=True)
        advert = None
        if args.advertise:
            from pie_table.net.discovery import advertise

            # Off the event loop: zeroconf would adopt this running loop, then block it waiting on itself.
            advert = await asyncio.to_thread(advertise, "pie_table", bound_port(server), args.host,
                                             secure=tls is not None)
        keeper.look_around(base, lobby.pace, args.adopt)  # the other processes sharing the store
        _read_commands(lobby, base)
        print(json.dumps({"serving": listening, **({"public": public} if public else {})}), flush=True)
        try:
            await _serve_until_stopped(lobby, keeper, server)
        finally:
            if advert is not None:
                advert.close()
            keeper.stop()  # every log written to its end, the lease ended

    from pie_table.net.protocol import Refusal

    store = _open_store(args)
    try:
        asyncio.run(run())
    except Refusal as refusal:
        raise CliError(str(refusal)) from None
    except OSError as exc:
        raise CliError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    return 0


def _open_store(args: argparse.Namespace) -> Any:
    """The store `--store` names, owned under `--store-owner` (CliError if it cannot be opened)."""
    import socket
    import sqlite3

    from pie_table.net.store import open_store
    from pie_table.net.store.postgres import StoreUnavailable

    owner = args.store_owner
    if owner is None:
        # Port 0 is a new port each run: such a process resumes nothing of another's.
        owner = f"{socket.gethostname()}:{args.port}" if args.port else f"{socket.gethostname()}:{_seed()}"
    try:
        return open_store(args.store, owner)
    except (StoreUnavailable, sqlite3.Error, OSError) as exc:
        raise CliError(f"--store: {exc}") from None


async def _serve_until_stopped(lobby: Any, keeper: Any, server: Any) -> None:
    """Serve until SIGTERM or SIGINT, then stop as for a restart: no new connection is taken, and
    every client is told the server is restarting (close code 1012) once what it was sent is out,
    so it reconnects and takes its seat back from the resumed table."""
    import asyncio
    import signal

    from pie_table.net.protocol import RESTART_CLOSE, RESTART_CODE

    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    server.close(close_connections=False)
    lobby.hold_still()
    keeper.flush_all()
    for conn in list(lobby.connections):
        conn.drop(RESTART_CLOSE, RESTART_CODE)
    try:
        await asyncio.wait_for(server.wait_closed(), 5)
    except TimeoutError:
        pass


def _serve_limits(args: argparse.Namespace) -> Any:
    from pie_table.net.limits import Limits
    from pie_table.net.spectators import MAX_DELAY_S

    if args.max_tables < 1 or args.tables_per_address < 1:
        raise CliError("--max-tables and --tables-per-address take a number, at least 1")
    if not 0 <= args.watch_delay <= MAX_DELAY_S:
        raise CliError(f"--watch-delay takes seconds from 0 to {MAX_DELAY_S:g}, not {args.watch_delay:g}")
    from pie_table.net.forwarded import proxy_addresses

    try:
        proxies = proxy_addresses(args.trusted_proxy)
    except ValueError as exc:
        raise CliError(f"--trusted-proxy takes an IP address: {exc}") from None
    return Limits(max_tables=args.max_tables, open_tables_per_address=args.tables_per_address,
                  trusted_proxies=proxies, watching=not args.no_watching, watch_delay_s=args.watch_delay)


def _serve_tls(args: argparse.Namespace) -> Any:
    """The TLS context `--certfile`/`--keyfile` name (None: plain ws://)."""
    if (args.certfile is None) != (args.keyfile is None):
        raise CliError("--certfile and --keyfile go together")
    if args.certfile is None:
        return None
    from pie_table.net.tls import TlsError, server_context

    try:
        return server_context(args.certfile, args.keyfile)
    except TlsError as exc:
        raise CliError(str(exc)) from None


def _table_line(base: str, host: Any) -> dict[str, Any]:
    from pie_table.net.join_link import join_link

    return {"table": host.id, "code": host.code, "url": join_link(base, host.id, host.code)}


def _read_commands(lobby: Any, base: str) -> None:
    """Read the operator's commands from stdin, one a line, as the lobby runs: `code TABLE` gives
    TABLE a new join code (the old one takes no seat from then on). Nothing when stdin cannot be
    watched (a file, or none)."""
    import asyncio

    loop = asyncio.get_running_loop()
    fd = sys.stdin.fileno() if sys.stdin is not None and not sys.stdin.closed else -1

    def command() -> None:
        line = sys.stdin.readline()
        if not line:
            loop.remove_reader(fd)  # stdin closed: the lobby goes on without commands
            return
        words = line.split()
        table = lobby.tables.get(words[1]) if len(words) == 2 and words[0] == "code" else None
        if table is None:
            print(json.dumps({"error": "commands: code TABLE (a new join code for a table the lobby holds)"}),
                  flush=True)
            return
        lobby.recode(table)
        print(json.dumps(_table_line(base, table)), flush=True)

    try:
        loop.add_reader(fd, command)
    except (NotImplementedError, OSError, ValueError):
        pass


def _seed() -> int:
    import secrets

    return secrets.randbits(62)


HOST_LEFT = "the host left the table: the game is saved on the host's machine"


def cmd_join(args: argparse.Namespace) -> int:
    """Play one seat with a bot until the game ends; print the seat's traffic as one JSON line."""
    import asyncio

    from websockets.exceptions import ConnectionClosed

    from pie_table.core.registry import get_game
    from pie_table.net.client import HostRefused, NotAHost, RemoteSeat, bot_decider, play
    from pie_table.net.protocol import HOST_QUIT_CLOSE
    from pie_table.net.realtime_play import play_live
    from pie_table.net.staying import StayingSeat

    if args.create is None and (args.seats is not None or args.option):
        raise CliError("--seats and --option go with --create (a join link's table is made already)")
    spec = _create_spec(args) if args.create is not None else None
    if spec is not None:
        server, table, code = _server_address(args.url, "--create"), "", ""
    else:
        server, table, code = parse_join_url(args.url)
    tls = join_tls(args.cafile, server)
    if args.seat < 1:
        raise CliError(f"--seat counts from 1, as the host's room does (Seat 1 is the first), "
                       f"not {args.seat}")
    seat = args.seat - 1  # the protocol counts seats from 0

    async def run() -> dict[str, Any]:
        if spec is not None:  # the table made first, on a connection of its own
            maker = RemoteSeat(server, tls=tls)
            await maker.open()
            at, key = await _created(maker, server, spec)
            await maker.close()
        else:
            at, key = table, code
        client = RemoteSeat(server, tls=tls)
        staying = StayingSeat(client, server, at, seat, say=_say, reconnect_s=args.reconnect_s)
        bots: dict[str, Any] = {}

        async def play_seat() -> None:
            info = get_game(client.game)
            if not bots:  # one bot for the whole game, through every reconnection
                assert info.bot_factory is not None
                bot_seed = args.bot_seed if args.bot_seed is not None else seat
                bots["bot"] = info.bot_factory(args.bot, seat, bot_seed)
                if not info.realtime:
                    bots["decide"] = bot_decider(bots["bot"], client.history)
            await (play_live(client, bots["bot"]) if info.realtime else play(client, bots["decide"]))

        await staying.play(key, args.name, play_seat)
        await client.close()
        return {"table": at, "game": client.game, "seat": seat, "over": client.over,
                "resumed": staying.resumed, **client.traffic.figures()}

    try:
        print(json.dumps(asyncio.run(run())))
    except (HostRefused, NotAHost) as exc:
        raise CliError(str(exc)) from None
    except ConnectionClosed as exc:  # the host quit (it says so as it closes), or the link broke
        raise CliError(HOST_LEFT if exc.rcvd is not None and exc.rcvd.reason == HOST_QUIT_CLOSE
                       else f"the connection to {server} was lost") from None
    except OSError as exc:
        raise CliError(f"cannot reach {server}: {exc}") from None
    return 0


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def join_tls(cafile: str | None, server: str) -> Any:
    """How a wss:// host's certificate is checked: `--cafile`'s, else the system's (None)."""
    if cafile is None:
        return None
    if not server.startswith("wss://"):
        raise CliError("--cafile is for a wss:// link")
    from pie_table.net.tls import TlsError, client_context

    try:
        return client_context(cafile)
    except TlsError as exc:
        raise CliError(str(exc)) from None


def cmd_simulate_over_network(args: argparse.Namespace, info: Any, setup: Any) -> int:
    """`simulate --over-network`: each game's usual JSON plus same_as_local and traffic figures."""
    from pie_table.net.over_network import simulate_over_network

    if args.save_dir is not None:
        raise CliError("--save-dir is not taken with --over-network: the game is played for its figures only")
    for i in range(args.games):
        setup.seed = args.seed + i
        print(json.dumps(simulate_over_network(setup, info)), flush=True)
    return 0


COMMANDS = {"serve": cmd_serve, "join": cmd_join}
# Within reason for a benchmark: past these a run would take hours or all the memory.
_TABLES_MAX = 1000
_BENCH_S_MAX = 3600.0
_DELAY_MS_MAX = 1000.0  # each way: the handshake's round trips must fit the 10 s connect timeout


def add_bench_parsers(bsub: Any) -> None:
    """Add `bench net-latency` and `bench serve` to the bench subcommands."""
    p = bsub.add_parser("net-latency", help="Rumble Pie input-to-screen time for a remote seat")
    p.add_argument("--delay", type=float, action="append", default=None, metavar="MS",
                   help="milliseconds added each way by a delaying proxy (repeatable; default 0, 50, 150)")
    p.add_argument("--seconds", type=float, default=30.0, help="seconds of live play per delay")
    _add_serve_bench_parser(bsub)


def _add_serve_bench_parser(bsub: Any) -> None:
    p = bsub.add_parser("serve", help="CPU and pace of one serve process holding N tables of bots")
    p.add_argument("game", help="game id, e.g. rumble-pie or pie-rats")
    p.add_argument("--tables", type=int, action="append", default=None, metavar="N",
                   help="tables of four bots to hold (repeatable; default 10, 40, 80)")
    p.add_argument("--seconds", type=float, default=10.0, help="seconds measured per count")
    p.add_argument("--warmup", type=float, default=2.0, help="seconds played before measuring")
    p.add_argument("--flood", type=int, default=0, metavar="N",
                   help="N connections from 127.0.0.1 ask for the lobby's list as fast as allowed meanwhile")
    p.add_argument("--listed", type=int, default=0, metavar="M",
                   help="M more tables waiting for players, to make the list long (with --flood)")
    p.add_argument("--store", metavar="PATH|URL",
                   help="keep every table in this store as serve does (a SQLite file or postgresql://...): "
                        "adds each write's time and how long a restart takes to resume them all")


def cmd_bench_serve(args: argparse.Namespace) -> int:
    """One JSON line of figures per number of tables."""
    from pie_table.cli import checks
    from pie_table.core.registry import get_game
    from pie_table.net.capacity import bench

    try:
        game = get_game(args.game).id
    except KeyError:
        raise CliError(f"unknown game: {args.game}") from None
    counts = [checks.count("--tables", n, high=_TABLES_MAX) for n in args.tables or [10, 40, 80]]
    checks.seconds("--seconds", args.seconds, _BENCH_S_MAX)
    checks.seconds("--warmup", args.warmup, _BENCH_S_MAX, above=False)
    if args.flood < 0 or args.listed < 0:
        raise CliError("--flood and --listed take a number, at least 0")
    # Rumble Pie's tables play to a target no run reaches (a game that ended would idle).
    # Kept in a store, a table is resumed as a save is read: with a target its options offer (40
    # is still minutes of play).
    options = {"target": 40 if args.store else 999} if game == "rumble-pie" else {}
    for figures in bench(game, counts, args.seconds, args.warmup, args.flood, args.listed, options,
                         store=args.store):
        print(json.dumps(figures), flush=True)
    return 0


def cmd_bench_net_latency(args: argparse.Namespace) -> int:
    """One JSON line of figures per delay."""
    from pie_table.cli import checks
    from pie_table.net.latency import bench

    asked = args.delay or [0.0, 50.0, 150.0]
    delays = [checks.seconds("--delay", ms, _DELAY_MS_MAX, above=False) for ms in asked]
    checks.seconds("--seconds", args.seconds, _BENCH_S_MAX)
    # Rumble Pie, the real-time game, to a target no game of a few seconds reaches.
    for figures in bench("rumble-pie", {"target": 999}, delays, args.seconds):
        print(json.dumps(figures), flush=True)
    return 0
