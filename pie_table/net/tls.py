"""Encrypted links (`wss://`): without them join codes and seat tokens cross the network in plain
text, and whoever sees a token takes the seat. The host loads a certificate and its key; a client
checks the host's certificate against the system's authorities, or against one it is given (a
self-signed certificate of a host one runs oneself)."""

from __future__ import annotations

import ssl


class TlsError(Exception):
    """A certificate or key that cannot be used: one line saying why."""


def server_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    """What a host serves `wss://` with; TlsError if the files cannot be used."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile)
    except (OSError, ssl.SSLError) as exc:
        raise TlsError(f"cannot use {certfile} with {keyfile}: {exc.strerror or exc}") from None
    return context


def client_context(cafile: str | None = None) -> ssl.SSLContext:
    """What a client checks a `wss://` host with: the system's authorities, or `cafile`'s."""
    try:
        return ssl.create_default_context(cafile=cafile)
    except (OSError, ssl.SSLError) as exc:
        raise TlsError(f"cannot use {cafile}: {exc.strerror or exc}") from None

