"""The Paragons home tile: a card of each class fanned over a combat board at night.

Like the other games' tiles (the shared tabletop/table/cover.fan) but with a scene under the fan:
the shared helper paints only a gradient, so the board and the fan are drawn here.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from tabletop.games.paragons.presentation import faces
from tabletop.table.cover import fan
from tabletop.table.facekeys import CARD_SIZE

# one of each class, a mercenary of each combat type (sword, staff, arrow)
COVER_CARDS = ("ironclad-champion", "archmage-of-the-spire", "canopy-sniper")


def _board(w: int, h: int) -> Image.Image:
    """Night sky over a table, with a 4x2 combat board in perspective and its slots glowing."""
    img = Image.new("RGBA", (w, h))
    d = ImageDraw.Draw(img)
    top, horizon, table = (22, 24, 48), (70, 48, 60), (46, 34, 30)
    hy = int(h * .36)
    for y in range(h):
        if y < hy:
            t = y / hy
            col = tuple(round(a + (b - a) * t) for a, b in zip(top, horizon))
        else:
            t = (y - hy) / max(1, h - hy)
            col = tuple(round(a * (1 - .5 * t)) for a in table)
        d.line([(0, y), (w, y)], fill=col + (255,))
    # the board: two rows of four spaces narrowing towards the horizon
    def at(u: float, v: float):              # u across 0..1, v from the near edge 0..1
        near, far = w * .92, w * .5
        span = near + (far - near) * v
        y = h * .98 - (h * .98 - hy - h * .06) * v
        return (w / 2 + (u - .5) * span, y)
    d.polygon([at(-.04, -.04), at(1.04, -.04), at(1.04, 1.04), at(-.04, 1.04)], fill=(64, 48, 38, 255),
              outline=(140, 110, 70, 255), width=max(1, w // 200))
    glow = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    gd = ImageDraw.Draw(glow)
    colours = [faces.FRAME["warrior"], faces.FRAME["mage"], faces.FRAME["ranger"], faces.FRAME["greater"]]
    for row in range(2):
        for col in range(4):
            u0, u1 = col / 4 + .015, (col + 1) / 4 - .015
            v0, v1 = row / 2 + .03, (row + 1) / 2 - .03
            quad = [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)]
            d.polygon(quad, fill=(84, 64, 50, 255))
            gd.polygon(quad, outline=colours[(col + row) % 4] + (255,), width=max(2, w // 120))
    img.alpha_composite(glow.filter(ImageFilter.GaussianBlur(max(1, w / 160))))
    img.alpha_composite(glow)
    return img


def cover_version() -> str:
    """What the tile shows, for its cache key: this drawing (its number) and the cards' faces."""
    return "1/" + "/".join(faces.face_key(design) for design in COVER_CARDS)


def cover(w: int, h: int) -> Image.Image:
    img = _board(w, h)
    cards = []
    for design in COVER_CARDS:
        try:
            cards.append(faces.compose_face(design))
        except KeyError:                     # a card renamed in the data: the tile still draws
            cards.append(faces.compose_back())
    return fan(img, cards, ratio=CARD_SIZE[0] / CARD_SIZE[1], height=.72, tilt=12,
               spread=.66, middle=.43, lift=.05, shadow=True)
