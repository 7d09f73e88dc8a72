"""Which address a connection's per-address limits count when a proxy stands in front (nginx,
HAProxy): every player then reaches the server from the proxy's own address, so the limits would
count all of them as one. A proxy the operator names (`serve --trusted-proxy`) is believed about
the address it saw; nobody else is. Pure Python."""

from __future__ import annotations

import ipaddress


def client_address(peer: str, forwarded_for: str | None, trusted: frozenset[str]) -> str:
    """`peer` (the socket's far end), or, when `peer` is a trusted proxy, the last address its
    `X-Forwarded-For` names: the one the proxy appended itself (any before it the client may have
    written, and is not believed). A header that names no address leaves `peer`."""
    if peer not in trusted or not forwarded_for:
        return peer
    last = forwarded_for.rsplit(",", 1)[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return peer


def proxy_addresses(listed: list[str]) -> frozenset[str]:
    """`--trusted-proxy` values checked as IP addresses (ValueError names the first that is not)."""
    return frozenset(str(ipaddress.ip_address(item.strip())) for item in listed)
