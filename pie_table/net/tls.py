"""Encrypted links (`wss://`): without them join codes and seat tokens cross the network in plain
text, and whoever sees a token takes the seat. The host loads a certificate and its key; a client
checks the host's certificate against the system's authorities, or against one it is given (a
self-signed certificate of a host one runs oneself)."""

from __future__ import annotations

import os
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



# A table hosted from the window serves wss:// when these name a certificate and its key; a window
# joining a wss:// host also trusts the certificate PIE_TABLE_CAFILE names (one's own, self-signed).
CERTFILE_ENV, KEYFILE_ENV, CAFILE_ENV = "PIE_TABLE_CERTFILE", "PIE_TABLE_KEYFILE", "PIE_TABLE_CAFILE"


def window_host_context() -> ssl.SSLContext | None:
    """What a table hosted from the window serves with: the certificate and key the environment
    names (None when it names none: ws://). TlsError when they cannot be used."""
    certfile, keyfile = os.environ.get(CERTFILE_ENV, ""), os.environ.get(KEYFILE_ENV, "")
    if not certfile and not keyfile:
        return None
    if not certfile or not keyfile:
        raise TlsError(f"{CERTFILE_ENV} and {KEYFILE_ENV} go together")
    return server_context(certfile, keyfile)


def link_context(url: str) -> ssl.SSLContext | None:
    """How a client checks the host at `url` when it was given no way: a wss:// host against the
    certificate PIE_TABLE_CAFILE names, if it names one (None: the library's own checks)."""
    cafile = os.environ.get(CAFILE_ENV, "")
    return client_context(cafile) if cafile and url.startswith("wss://") else None
