"""`main.py watch LINK`: watch a hosted table headless, in no seat, until its game ends.

Each public event is printed as the line of text a table's log shows (`--quiet`: none), then one JSON
line: the table, its game, whether it ended, how many updates and events came, and the traffic.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from pie_table.cli.errors import CliError


def add_parser(sub: Any) -> None:
    """Add `watch` to the command line."""
    p = sub.add_parser("watch", help="watch a hosted table headless (the public table, in no seat)")
    p.add_argument("url", help="the table's link, ws://HOST:PORT/TABLE (a join code in it is not needed)")
    p.add_argument("--cafile", help="trust a wss:// host whose certificate this file holds (self-signed)")
    p.add_argument("--seconds", type=float, default=None, help="stop watching after this long")
    p.add_argument("--quiet", action="store_true", help="print only the closing JSON line")


def cmd_watch(args: argparse.Namespace) -> int:
    """Watch until the game ends (or `--seconds`); the closing JSON line."""
    import asyncio

    from websockets.exceptions import ConnectionClosed

    from pie_table.cli.net_commands import HOST_LEFT, join_tls
    from pie_table.net.client import HostRefused, RemoteSeat
    from pie_table.net.join_link import parse_watch_link
    from pie_table.net.protocol import HOST_QUIT_CLOSE

    parsed = parse_watch_link(args.url)
    if parsed is None:
        raise CliError(f"{args.url}: expected ws://HOST:PORT/TABLE (or wss://; a join code may follow)")
    server, table = parsed
    tls = join_tls(args.cafile, server)

    async def run() -> dict[str, Any]:
        client = RemoteSeat(server, tls=tls)
        await client.open()
        said = await client.watch(table)
        loop = asyncio.get_running_loop()
        end = None if args.seconds is None else loop.time() + args.seconds
        printed = 0
        while not client.over and (end is None or loop.time() < end):
            left = None if end is None else max(0.01, end - loop.time())
            try:
                await asyncio.wait_for(client.receive(), left)
            except TimeoutError:
                break
            if not args.quiet:
                for event in client.events[printed:]:
                    if event.get("text"):  # what the table's log would say of it
                        print(str(event["text"]), flush=True)
            printed = len(client.events)
        await client.close()
        return {"table": table, "game": said["game"], "over": client.over, "updates": client.updates,
                "events": len(client.events), **client.traffic.figures()}

    try:
        print(json.dumps(asyncio.run(run())))
    except HostRefused as exc:
        raise CliError(str(exc)) from None
    except ConnectionClosed as exc:
        raise CliError(HOST_LEFT if exc.rcvd is not None and exc.rcvd.reason == HOST_QUIT_CLOSE
                       else f"the connection to {server} was lost") from None
    except OSError as exc:
        raise CliError(f"cannot reach {server}: {exc}") from None
    return 0

