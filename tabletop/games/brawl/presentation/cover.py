"""The Champions' Brawl home tile: three cards, one of each core, fanned over a sandstone hex
arena at dusk."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from tabletop.games.brawl.presentation import faces
from tabletop.table.cover import fan
from tabletop.table.facekeys import CARD_SIZE

# (champion, card index): a red attack, a yellow reaction, a blue attack
COVER_CARDS = (("kessa", 0), ("ilse", 3), ("orrin", 4))


def _arena(w: int, h: int) -> Image.Image:
    img = Image.new("RGBA", (w, h))
    d = ImageDraw.Draw(img)
    for y in range(h):
        t = y / h
        col = tuple(round(a + (b - a) * t) for a, b in zip((96, 52, 44), (40, 24, 26)))
        d.line([(0, y), (w, y)], fill=col + (255,))
    r = max(6, h / 9)
    dx, dy = r * math.sqrt(3), r * 1.5
    tiles = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    td = ImageDraw.Draw(tiles)
    for row in range(-1, int(h / dy) + 2):
        for col in range(-1, int(w / dx) + 2):
            cx = col * dx + (dx / 2 if row % 2 else 0)
            cy = row * dy + h * .1
            far = min(1.0, math.hypot(cx - w / 2, cy - h / 2) / (w * .55))
            base = tuple(round(c * (1 - .6 * far)) for c in (214, 186, 138))
            pts = [(cx + r * .92 * math.cos(math.radians(60 * i - 30)), cy + r * .92 * math.sin(math.radians(60 * i - 30)))
                   for i in range(6)]
            td.polygon(pts, fill=base + (255,))
    img.alpha_composite(tiles)
    return img


def cover_version() -> str:
    """What the tile shows, for its cache key: this drawing (its number) and the cards' faces."""
    return "1/" + "/".join(faces.card_key(faces.champions()[champ].cards[k]) for champ, k in COVER_CARDS)


def cover(w: int, h: int) -> Image.Image:
    img = _arena(w, h)
    cards = []
    for champ, k in COVER_CARDS:
        try:
            cards.append(faces.compose_card(champ, k))
        except (KeyError, IndexError):          # a card renamed in the data: the tile still draws
            cards.append(faces.compose_back())
    return fan(img, cards, ratio=CARD_SIZE[0] / CARD_SIZE[1], height=.8, tilt=11,
               spread=.72, middle=.48, lift=.04, shadow=True)
