"""A link: one connection between a host and a guest, carrying text messages.

Directly over a websocket (on the local network), or through a relay, where every message is
sealed end to end with a key agreed from the join code (net/secure.py), so the relay forwards
bytes it cannot read.
"""

from __future__ import annotations

from typing import Protocol

from websockets.exceptions import ConnectionClosed

from tabletop.net.protocol import MAX_BYTES

# websockets itself closes a connection that sends more than this, before we read it; below it
# our own check refuses an oversize message with a sentence (protocol.decode)
WIRE_LIMIT = 4 * MAX_BYTES

Closed = ConnectionClosed


class Link(Protocol):
    peer: str

    async def send(self, text: str) -> None: ...

    async def recv(self) -> str | bytes: ...

    async def close(self, reason: str = "") -> None: ...


class SocketLink:
    """A websocket carrying the messages as they are."""

    def __init__(self, ws) -> None:
        self.ws = ws
        addr = getattr(ws, "remote_address", None)
        self.peer = f"{addr[0]}:{addr[1]}" if addr else "?"

    async def send(self, text: str) -> None:
        await self.ws.send(text)

    async def recv(self) -> str | bytes:
        return await self.ws.recv()

    async def close(self, reason: str = "") -> None:
        # a close reason is at most 123 bytes on the wire
        await self.ws.close(1008 if reason else 1000, reason.encode()[:120].decode(errors="ignore"))
