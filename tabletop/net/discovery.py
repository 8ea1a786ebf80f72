"""Finding matches on the local network (zeroconf / mDNS): a host announces its match while it
listens; the app's Join a match lists what it hears. The join code is never announced."""

from __future__ import annotations

import logging
import socket
from dataclasses import dataclass

log = logging.getLogger(__name__)

SERVICE = "_tabletop._tcp.local."


@dataclass(frozen=True)
class Found:
    name: str          # what the host called its match ("Ana's Paargus")
    game: str
    address: str       # host:port
    seats_free: int


def local_address() -> str:
    """This computer's address on the local network (the one a route outwards would use)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))          # no packet is sent: only a route is chosen
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class Announcer:
    def __init__(self, name: str, game: str, port: int, seats_free: int, address: str | None = None,
                 interfaces=None) -> None:
        from zeroconf import ServiceInfo, Zeroconf
        from zeroconf import InterfaceChoice
        self.address = address or local_address()
        self.zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
        label = "".join(ch for ch in name if ch.isalnum() or ch in " -'")[:40] or "Tabletop"
        self.info = ServiceInfo(SERVICE, f"{label} {port}.{SERVICE}", port=port,
                                addresses=[socket.inet_aton(self.address)],
                                properties={"game": game, "name": name[:60], "free": str(seats_free)})
        self.zc.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        try:
            self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


def browse(seconds: float = 1.5, interfaces=None) -> list[Found]:
    """The matches announced on the local network within `seconds`; [] when mDNS is not
    available here (the player can still type an address)."""
    import time

    from zeroconf import InterfaceChoice, ServiceBrowser, ServiceListener, Zeroconf

    names: set[str] = set()

    class Listener(ServiceListener):
        def add_service(self, zc, type_, name):
            names.add(name)

        def update_service(self, zc, type_, name):
            names.add(name)

        def remove_service(self, zc, type_, name):
            names.discard(name)

    try:
        zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
    except OSError as exc:
        log.warning("mDNS is not available (%s): no matches can be found on the network.", exc)
        return []
    try:
        ServiceBrowser(zc, SERVICE, Listener())
        time.sleep(seconds)
        found = []
        for name in sorted(names):
            info = zc.get_service_info(SERVICE, name, timeout=1000)
            if info is None or not info.parsed_addresses():
                continue
            props = {k.decode(): (v or b"").decode("utf-8", "replace") for k, v in info.properties.items()}
            try:
                free = int(props.get("free", "0"))
            except ValueError:
                free = 0
            found.append(Found(props.get("name", name), props.get("game", ""),
                               f"{info.parsed_addresses()[0]}:{info.port}", free))
        return found
    finally:
        zc.close()
