"""Finding tables on the local network with zeroconf (mDNS), only when the host asks for it.

`advertise` announces a server (its lobby lists the tables); `Browser` keeps the list of servers
announced on the network up to date in the background (the join screen's list, as servers come and
go); `browse` lists them after a short wait. Only the address and port are announced, never a
join code.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from zeroconf import ServiceBrowser, ServiceInfo, ServiceListener, ServiceStateChange, Zeroconf

SERVICE = "_pie-table._tcp.local."


@dataclass
class Advert:
    """A running announcement; `close` withdraws it."""

    zeroconf: Zeroconf
    info: ServiceInfo

    def close(self) -> None:
        """Withdraw the announcement and stop answering."""
        self.zeroconf.unregister_service(self.info)
        self.zeroconf.close()


def _addresses(host: str) -> list[bytes]:
    """The IPv4 addresses to announce for a server listening on `host`."""
    if host in ("0.0.0.0", ""):
        host = socket.gethostbyname(socket.gethostname())
    return [socket.inet_aton(host)]


def advertise(name: str, port: int, host: str, *, interfaces: Any = None, secure: bool = False) -> Advert:
    """Announce a server at `host:port` as `name` on the local network (`secure`: it speaks wss://)."""
    from pie_table import __version__

    zc = Zeroconf(interfaces=interfaces) if interfaces is not None else Zeroconf()
    properties = {"app": "pie_table", "version": __version__, "scheme": "wss" if secure else "ws"}
    info = ServiceInfo(SERVICE, f"{name} {port}.{SERVICE}", addresses=_addresses(host), port=port,
                       properties=properties)
    zc.register_service(info)
    return Advert(zc, info)


class _Collector(ServiceListener):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.discard(name)


def _servers(name: str, info: ServiceInfo) -> list[dict[str, Any]]:
    """One announced server as the join screen lists it: one entry per address it announced."""
    props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
    shown = name.removesuffix("." + SERVICE).removesuffix(f" {info.port}")  # the port made it unique
    scheme = "wss" if props.get("scheme") == "wss" else "ws"  # servers that say nothing speak ws://
    return [{"name": shown, "address": address, "port": info.port,
             "url": f"{scheme}://{address}:{info.port}", "version": props.get("version", "")}
            for address in info.parsed_addresses()]


def browse(seconds: float = 1.5, *, interfaces: Any = None) -> list[dict[str, Any]]:
    """The servers announced on the local network: name, address, port and version of each."""
    zc = Zeroconf(interfaces=interfaces) if interfaces is not None else Zeroconf()
    try:
        collector = _Collector()
        browser = ServiceBrowser(zc, SERVICE, collector)
        time.sleep(seconds)
        browser.cancel()
        found = []
        for name in sorted(collector.names):
            info = zc.get_service_info(SERVICE, name, timeout=1000)
            if info is not None:
                found.extend(_servers(name, info))
        return found
    finally:
        zc.close()


class Browser:
    """The servers announced on the local network, kept up to date on zeroconf's own thread until
    `close`: `on_change()` is called (from that thread) each time one comes or goes, and `found()`
    lists them. Creating one raises OSError where zeroconf cannot run (no network, no multicast)."""

    def __init__(self, on_change: Callable[[], Any], *, interfaces: Any = None) -> None:
        self._on_change = on_change
        self._lock = threading.Lock()
        self._servers: dict[str, list[dict[str, Any]]] = {}
        self._zc = Zeroconf(interfaces=interfaces) if interfaces is not None else Zeroconf()
        self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        info = None
        if state_change is not ServiceStateChange.Removed:
            info = zeroconf.get_service_info(service_type, name, timeout=1000)
        with self._lock:
            if info is None:
                self._servers.pop(name, None)
            else:
                self._servers[name] = _servers(name, info)
        self._on_change()

    def found(self) -> list[dict[str, Any]]:
        """The servers announced now, by name."""
        with self._lock:
            return [server for name in sorted(self._servers) for server in self._servers[name]]

    def close(self) -> None:
        """Stop looking (the screen was left)."""
        self._browser.cancel()
        self._zc.close()
