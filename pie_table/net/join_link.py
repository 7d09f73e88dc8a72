"""A join link, `ws://HOST:PORT/TABLE?code=CODE`: what the host shares, what `main.py join` takes and
what the join screen fills its address, table and code from when one is pasted whole. Pure Python."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit


def parse_join_link(url: str) -> tuple[str, str, str] | None:
    """`ws://host:port/TABLE?code=CODE` -> (server URL, table, code); None if `url` is not one."""
    parts = urlsplit(url.strip())
    table = parts.path.strip("/")
    code = parse_qs(parts.query).get("code", [""])[0]
    if parts.scheme not in ("ws", "wss") or not parts.netloc or not table or not code:
        return None
    return f"{parts.scheme}://{parts.netloc}", table, code


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
