"""Finding tables on the local network with zeroconf (mDNS), only when the host asks for it.

`advertise` announces a server (its lobby lists the tables); `browse` lists the servers announced
on the network within a short wait. Only the address and port are announced, never a join code.
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from typing import Any

from zeroconf import ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

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


def advertise(name: str, port: int, host: str, *, interfaces: Any = None) -> Advert:
    """Announce a server at `host:port` as `name` on the local network."""
    from pie_table import __version__

    zc = Zeroconf(interfaces=interfaces) if interfaces is not None else Zeroconf()
    info = ServiceInfo(SERVICE, f"{name} {port}.{SERVICE}", addresses=_addresses(host), port=port,
                       properties={"app": "pie_table", "version": __version__})
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
            if info is None:
                continue
            props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
            for address in info.parsed_addresses():
                found.append({"name": name.removesuffix("." + SERVICE), "address": address,
                              "port": info.port, "url": f"ws://{address}:{info.port}",
                              "version": props.get("version", "")})
        return found
    finally:
        zc.close()
