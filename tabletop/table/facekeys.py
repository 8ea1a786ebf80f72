"""What goes into a face's cache key besides its name (no pygame, no Qt: the games' face
modules compose with Pillow only)."""

from __future__ import annotations

import zlib

# every game's card faces share one design space, 300x420, drawn at K times for a crisp zoom
CARD_SIZE = (300, 420)
K = 2
W, H = CARD_SIZE[0] * K, CARD_SIZE[1] * K


def stamp(data) -> str:
    """A short digest of a card's data (its repr), for its face's cache key: a retuned
    number or a reworded text is a new face, never a stale one read from disk."""
    return f"{zlib.crc32(repr(data).encode('utf-8')):08x}"
