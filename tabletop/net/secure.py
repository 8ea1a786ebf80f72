"""A link sealed end to end with a key both sides agree from the join code.

SPAKE2 (the `spake2` package, magic-wormhole's) turns the short code into a strong shared key
without sending it: someone in between (the relay) learns nothing of the code or the key, and
gets one guess per connection. HKDF-SHA256 makes a key per direction; each message is sealed
with ChaCha20-Poly1305 and a counter nonce, so a frame changed, dropped, replayed or reordered
on the way fails to open. The first sealed message confirms the key: a wrong code fails there.
"""

from __future__ import annotations

import asyncio

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_Symmetric

from tabletop.net.protocol import ProtocolError, normal_code

ID = b"tabletop-relay-v1"
CONFIRM = b"tabletop: key confirmed"
HANDSHAKE_S = 15.0

WRONG_CODE = "The secure handshake failed: the join code is wrong (or someone tampered with the connection)."


def _key(shared: bytes, direction: bytes) -> ChaCha20Poly1305:
    return ChaCha20Poly1305(HKDF(hashes.SHA256(), 32, salt=ID, info=direction).derive(shared))


class SealedLink:
    """Wraps a link whose frames the relay forwards; send/recv carry plain text."""

    def __init__(self, inner, role: str) -> None:
        self.inner = inner
        self.role = role                      # "host" or "guest": which key seals which way
        self.peer = getattr(inner, "peer", "?") + " (sealed)"
        self._out = self._in = None
        self._n_out = self._n_in = 0

    async def handshake(self, code: str) -> None:
        spake = SPAKE2_Symmetric(normal_code(code).encode(), idSymmetric=ID)
        await self.inner.send(spake.start())
        theirs = await asyncio.wait_for(self.inner.recv(), HANDSHAKE_S)
        if not isinstance(theirs, bytes):
            raise ProtocolError("The other side did not start the secure handshake.")
        try:
            shared = spake.finish(theirs)
        except Exception:                      # a malformed element: not a SPAKE2 message
            raise ProtocolError(WRONG_CODE) from None
        mine, other = (b"host->guest", b"guest->host") if self.role == "host" else (b"guest->host", b"host->guest")
        self._out, self._in = _key(shared, mine), _key(shared, other)
        await self._seal(CONFIRM)
        if await asyncio.wait_for(self._open(), HANDSHAKE_S) != CONFIRM:
            raise ProtocolError(WRONG_CODE)

    @staticmethod
    def _nonce(n: int) -> bytes:
        return n.to_bytes(12, "big")

    async def _seal(self, data: bytes) -> None:
        self._n_out += 1
        await self.inner.send(self._out.encrypt(self._nonce(self._n_out), data, None))

    async def _open(self) -> bytes:
        frame = await self.inner.recv()
        if not isinstance(frame, bytes):
            raise ProtocolError("An unsealed message came on a sealed connection.")
        self._n_in += 1
        try:
            return self._in.decrypt(self._nonce(self._n_in), frame, None)
        except InvalidTag:
            raise ProtocolError(WRONG_CODE if self._n_in == 1 else
                                "A sealed message failed its check: it was changed on the way.") from None

    async def send(self, text: str) -> None:
        await self._seal(text.encode("utf-8"))

    async def recv(self) -> bytes:
        return await self._open()

    async def close(self, reason: str = "") -> None:
        await self.inner.close(reason)
