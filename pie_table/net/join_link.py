"""A join link, `ws://HOST:PORT[/PREFIX/]TABLE?code=CODE`: what the host shares, what `main.py join`
takes and what the join screen fills its address, table and code from when one is pasted whole.

The prefix is where a proxy in front of several processes routes to one of them (nginx's
`location /a/`): `ws://host:9230/a/1?code=…` is table 1 of the process at `/a/`. A server's address
is kept in one spelling, `ws://host:port` or `ws://host:port/a/` (a prefix always ends in a slash,
as a proxy's location matches it), so a typed address with or without its last slash reaches the
same place and remembers the same seat. Pure Python."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

_SCHEMES = ("ws", "wss")


def server_url(address: str) -> str:
    """`address` in the one spelling a client connects to (unchanged when it is no ws:// or wss://
    address: the connection then says what is wrong with it)."""
    parts = urlsplit(address.strip())
    if parts.scheme not in _SCHEMES or not parts.netloc:
        return address.strip()
    prefix = parts.path.strip("/")
    return f"{parts.scheme}://{parts.netloc}" + (f"/{prefix}/" if prefix else "")


def parse_join_link(url: str) -> tuple[str, str, str] | None:
    """`ws://host:port[/prefix/]TABLE?code=CODE` -> (server URL, table, code); None if `url` is
    not one."""
    parts = urlsplit(url.strip())
    *prefix, table = parts.path.strip("/").split("/")
    code = parse_qs(parts.query).get("code", [""])[0]
    if parts.scheme not in _SCHEMES or not parts.netloc or not table or not code:
        return None
    return server_url(f"{parts.scheme}://{parts.netloc}/{'/'.join(prefix)}"), table, code


def join_link(server: str, table: str, code: str) -> str:
    """The link that joins `table` at `server` with `code` (what `parse_join_link` reads back)."""
    return f"{server.rstrip('/')}/{table}?code={code}"


def parse_watch_link(url: str) -> tuple[str, str] | None:
    """A table's link as a watcher gives it: its join link, or the same without the code (watching
    takes no seat, so needs none) -> (server URL, table); None if `url` is neither."""
    parts = urlsplit(url.strip())
    query = parts.query if "code=" in parts.query else "code=-"
    parsed = parse_join_link(parts._replace(query=query).geturl())
    return None if parsed is None else (parsed[0], parsed[1])
