"""Paargus card faces, card back and sigil chips, drawn with Pillow.

Everything is composed from the card data (data/deck.json), so the art is
always in step with the rules data. Nothing here imports pygame or Qt: the table
converts the returned RGBA images itself and caches them under `face_key` /
`back_key`.

Card geometry (in the 300x420 design space; other sizes scale it)::

        West half          |          East half
    +----------------------+----------------------+
    | I  ====(eye)====     |     ====(eye)====  III|   <- alignment band (only when
    |      ( emblem )      |      ( emblem )      |      the card has that symbol)
    |       SIGIL          |       SIGIL          |
    |   quadrant 1 (NW)    |   quadrant 3 (NE)    |
    +------ equator -------+----------------------+
    |   quadrant 2 (SW)    |   quadrant 4 (SE)    |
    |      ( emblem )      |      ( emblem )      |
    |       SIGIL          |       SIGIL          |
    | II ====(eye)====     |     ====(eye)====  IV |
    +----------------------+----------------------+
                        meridian

Everything that belongs to a quadrant (emblem, name, quadrant marker and the
alignment symbol) lies inside that quadrant, so a card fanned to show only
its West or East half shows exactly two quadrants, alignment symbols included.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from tabletop.games.paargus.presentation.palette import canonical_name, palette
from tabletop.resources import font_path, read_json
from tabletop.table.paint import mix

# Bump whenever the drawing changes, so cached faces are redrawn.
FACE_VERSION = 1

CARD_SIZE = (300, 420)
_W, _H = CARD_SIZE
_MID_X = _W // 2
_MID_Y = _H // 2

# Quadrant rectangles in the design space: (left, top, right, bottom).
QUADRANT_RECTS = {
    1: (0, 0, _MID_X, _MID_Y),          # North-West
    2: (0, _MID_Y, _MID_X, _H),         # South-West
    3: (_MID_X, 0, _W, _MID_Y),         # North-East
    4: (_MID_X, _MID_Y, _W, _H),        # South-East
}
QUADRANT_POINTS = {1: 4, 2: 3, 3: 2, 4: 1}
_NUMERALS = {1: "I", 2: "II", 3: "III", 4: "IV"}

_EMBLEM_SS = 4          # emblems are drawn at 4x and downsampled
_EMBLEM_FILL = 0.92     # an emblem's longer side spans this share of its square
_CARD_SS = 2            # cards are drawn at 2x their output size


# --------------------------------------------------------------------------
# data
# --------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _deck() -> dict:
    return read_json("tabletop.games.paargus.engine", "data/deck.json")


def load_deck() -> dict:
    """The deck data: {"sigils": [...], "quadrants": [...], "cards": [...]} (cached)."""
    return _deck()


def _card(card_id: int) -> dict:
    cards = _deck()["cards"]
    card = cards[card_id] if 0 <= card_id < len(cards) else None
    if card is None or card["id"] != card_id:
        card = next((c for c in cards if c["id"] == card_id), None)
    if card is None:
        raise KeyError(f"no Paargus card with id {card_id}")
    return card


def _sigil_names() -> dict[str, str]:
    return {s["id"]: s["name"] for s in _deck()["sigils"]}


def quadrant_rect(q: int, size=CARD_SIZE) -> tuple[int, int, int, int]:
    """The pixel rectangle of quadrant q (1-4) on a card drawn at `size`."""
    sx, sy = size[0] / _W, size[1] / _H
    l, t, r, b = QUADRANT_RECTS[q]
    return (round(l * sx), round(t * sy), round(r * sx), round(b * sy))


def half_rect(half: str, size=CARD_SIZE) -> tuple[int, int, int, int]:
    """The pixel rectangle of the "west" (quadrants 1-2) or "east" (3-4) half."""
    mid = round(size[0] / 2)
    return (0, 0, mid, size[1]) if half == "west" else (mid, 0, size[0], size[1])


def face_key(card_id: int, palette_name: str = "normal", compact: bool = False) -> str:
    return f"paargus/face/v{FACE_VERSION}/{canonical_name(palette_name)}/{card_id}" + ("/compact2" if compact else "")


# A card on the table is drawn compact: the emblems, point pips and alignment marks without a
# word (the sigil names and numerals would be a few pixels tall there); the zoom shows them.
# The smallest font on the compact face: none at all.
TABLE_MIN_PX = None


def back_key(palette_name: str = "normal") -> str:
    return f"paargus/back/v{FACE_VERSION}/{canonical_name(palette_name)}"


def chip_key(sigil_id: str, palette_name: str = "normal", size: int = 48) -> str:
    return f"paargus/chip/v{FACE_VERSION}/{canonical_name(palette_name)}/{sigil_id}/{size}"


# --------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------

_WHITE = (255, 255, 255)
_BLACK = (0, 0, 0)


def _bez(p0, p1, p2, p3, n: int = 28):
    """Points of a cubic Bézier curve (p0 included, p3 included)."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
                    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1]))
    return out


def _path(start, *segments, n: int = 28):
    """A chain of cubic Béziers: each segment is (c1, c2, end)."""
    pts = [start]
    cur = start
    for c1, c2, end in segments:
        pts.extend(_bez(cur, c1, c2, end, n)[1:])
        cur = end
    return pts


def _transform(pts, cx=0.0, cy=0.0, scale=1.0, angle=0.0, dx=0.0, dy=0.0, mirror=False):
    """Scale and rotate points about (cx, cy), then move them by (dx, dy)."""
    ca, sa = math.cos(angle), math.sin(angle)
    out = []
    for x, y in pts:
        x, y = (x - cx) * scale, (y - cy) * scale
        if mirror:
            x = -x
        out.append((cx + x * ca - y * sa + dx, cy + x * sa + y * ca + dy))
    return out


class _Pen:
    """Draws on a square L mask in unit coordinates (0..1 across the emblem)."""

    def __init__(self, px: int):
        self.S = px
        self.mask = Image.new("L", (px, px), 0)
        self.d = ImageDraw.Draw(self.mask)

    def _p(self, pts):
        S = self.S
        return [(x * S, y * S) for x, y in pts]

    def poly(self, pts, on: bool = True):
        self.d.polygon(self._p(pts), fill=255 if on else 0)

    def circle(self, cx, cy, r, on: bool = True):
        S = self.S
        self.d.ellipse([(cx - r) * S, (cy - r) * S, (cx + r) * S, (cy + r) * S], fill=255 if on else 0)

    def ellipse(self, cx, cy, rx, ry, on: bool = True):
        S = self.S
        self.d.ellipse([(cx - rx) * S, (cy - ry) * S, (cx + rx) * S, (cy + ry) * S], fill=255 if on else 0)

    def rect(self, x0, y0, x1, y1, on: bool = True, radius: float = 0.0):
        S = self.S
        box = [x0 * S, y0 * S, x1 * S, y1 * S]
        if radius:
            self.d.rounded_rectangle(box, radius=radius * S, fill=255 if on else 0)
        else:
            self.d.rectangle(box, fill=255 if on else 0)

    def stroke(self, pts, w, on: bool = True, caps: bool = True):
        """A polyline of width w with round joins (and round caps)."""
        self.tapered(pts, w, w, on=on, caps=caps)

    def tapered(self, pts, w0, w1, on: bool = True, caps: bool = True):
        """A polyline whose width runs from w0 to w1, drawn as one polygon."""
        if len(pts) < 2:
            return
        # cumulative length for the width profile
        lens = [0.0]
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            lens.append(lens[-1] + math.hypot(bx - ax, by - ay))
        total = lens[-1] or 1.0
        left, right = [], []
        n = len(pts)
        for i, (x, y) in enumerate(pts):
            ax, ay = pts[max(i - 1, 0)]
            bx, by = pts[min(i + 1, n - 1)]
            tx, ty = bx - ax, by - ay
            tl = math.hypot(tx, ty) or 1.0
            nx, ny = -ty / tl, tx / tl
            hw = (w0 + (w1 - w0) * lens[i] / total) / 2
            left.append((x + nx * hw, y + ny * hw))
            right.append((x - nx * hw, y - ny * hw))
        self.poly(left + right[::-1], on=on)
        if caps:
            self.circle(pts[0][0], pts[0][1], w0 / 2, on=on)
            self.circle(pts[-1][0], pts[-1][1], w1 / 2, on=on)


def _lens(p0, p1, width, n: int = 24):
    """A pointed leaf / vesica from p0 to p1 with the given greatest width."""
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    a, b = [], []
    for i in range(n + 1):
        t = i / n
        off = math.sin(math.pi * t) * width / 2
        px, py = x0 + dx * t, y0 + dy * t
        a.append((px + nx * off, py + ny * off))
        b.append((px - nx * off, py - ny * off))
    return a + b[::-1][1:-1]


# --------------------------------------------------------------------------
# the 14 sigil emblems (shapes in unit coordinates)
# --------------------------------------------------------------------------

def _flame_outline(cx=0.5, base=0.93, scale=1.0):
    pts = _path(
        (0.55, 0.05),
        ((0.60, 0.22), (0.83, 0.33), (0.82, 0.58)),
        ((0.82, 0.80), (0.68, 0.93), (0.50, 0.93)),
        ((0.31, 0.93), (0.17, 0.80), (0.19, 0.60)),
        ((0.20, 0.47), (0.27, 0.40), (0.31, 0.28)),     # left tongue tip
        ((0.35, 0.40), (0.38, 0.44), (0.42, 0.44)),
        ((0.42, 0.32), (0.50, 0.20), (0.55, 0.05)),
    )
    return _transform(pts, cx=0.5, cy=0.93, scale=scale, dx=cx - 0.5, dy=base - 0.93)


def _draw_ember(p: _Pen):
    p.poly(_flame_outline())
    inner = _path(
        (0.52, 0.42),
        ((0.56, 0.54), (0.68, 0.62), (0.66, 0.76)),
        ((0.65, 0.86), (0.58, 0.89), (0.50, 0.89)),
        ((0.41, 0.89), (0.34, 0.84), (0.35, 0.74)),
        ((0.36, 0.62), (0.48, 0.56), (0.52, 0.42)),
    )
    p.poly(inner, on=False)
    core = _transform(inner, cx=0.50, cy=0.89, scale=0.52, dy=-0.015)
    p.poly(core)


def _draw_tide(p: _Pen):
    for y in (0.30, 0.52, 0.74):
        pts = []
        n = 90
        for i in range(n + 1):
            t = i / n
            x = 0.10 + 0.80 * t
            pts.append((x, y - 0.075 * math.sin(t * 2 * math.pi * 1.5 + 0.35)))
        p.tapered(pts, 0.075, 0.075)


def _draw_quill(p: _Pen):
    # the vane: an asymmetric leaf along the diagonal
    vane = _path(
        (0.30, 0.70),
        ((0.30, 0.48), (0.50, 0.18), (0.88, 0.08)),
        ((0.84, 0.34), (0.62, 0.62), (0.36, 0.74)),
    )
    p.poly(vane)
    # shaft running through the vane, as a gap, and its continuation as the nib
    shaft = _bez((0.27, 0.76), (0.45, 0.55), (0.64, 0.33), (0.86, 0.11), 40)
    p.tapered(shaft, 0.028, 0.012, on=False, caps=False)
    # notches cut in the vane (the barbs)
    for t, side in ((0.40, 1), (0.62, -1), (0.55, 1)):
        x, y = 0.27 + (0.86 - 0.27) * t, 0.76 + (0.11 - 0.76) * t
        if side > 0:
            p.poly([(x, y), (x + 0.17, y + 0.02), (x + 0.19, y + 0.05)], on=False)
        else:
            p.poly([(x, y), (x - 0.02, y - 0.17), (x - 0.05, y - 0.19)], on=False)
    # the quill's barrel and the pointed nib
    p.tapered([(0.31, 0.71), (0.22, 0.82)], 0.05, 0.04, caps=False)
    p.poly([(0.245, 0.80), (0.20, 0.84), (0.11, 0.93), (0.22, 0.845)] + [(0.245, 0.80)])
    p.poly(_transform([(0.20, 0.79), (0.255, 0.845), (0.09, 0.95)], cx=0.2, cy=0.84, scale=1.0))


def _draw_lantern(p: _Pen):
    # hanging ring and chain
    S = p.S
    p.d.ellipse([0.44 * S, 0.02 * S, 0.56 * S, 0.13 * S], outline=255, width=max(2, round(0.03 * S)))
    p.stroke([(0.5, 0.13), (0.5, 0.19)], 0.035)
    # roof: a wide domed cap
    p.poly(_path((0.27, 0.30), ((0.30, 0.22), (0.40, 0.18), (0.50, 0.17)),
                 ((0.60, 0.18), (0.70, 0.22), (0.73, 0.30))))
    p.rect(0.24, 0.29, 0.76, 0.34, radius=0.02)
    # glass body: slightly tapered, with a window cut out
    p.poly([(0.30, 0.34), (0.70, 0.34), (0.66, 0.76), (0.34, 0.76)])
    p.poly([(0.36, 0.39), (0.64, 0.39), (0.61, 0.71), (0.39, 0.71)], on=False)
    # the flame inside
    p.poly(_flame_outline(cx=0.5, base=0.70, scale=0.34))
    # base and finial
    p.rect(0.27, 0.75, 0.73, 0.81, radius=0.02)
    p.poly([(0.36, 0.81), (0.64, 0.81), (0.55, 0.88), (0.45, 0.88)])
    p.circle(0.5, 0.91, 0.035)


def _draw_thorn(p: _Pen):
    # a long spike pointing up, thick at the root
    p.poly([(0.50, 0.03), (0.555, 0.25), (0.57, 0.96), (0.43, 0.96), (0.445, 0.25)])
    # barbs: hooked teeth that point back down the spike
    for y, side in ((0.30, 1), (0.44, -1), (0.58, 1), (0.72, -1)):
        base_x = 0.5 + side * 0.055
        tip = (0.5 + side * 0.30, y + 0.13)
        hook = _path((base_x, y - 0.02),
                     ((0.5 + side * 0.16, y - 0.01), (0.5 + side * 0.26, y + 0.04), tip),
                     ((0.5 + side * 0.20, y + 0.05), (0.5 + side * 0.12, y + 0.06), (base_x, y + 0.09)),
                     n=16)
        p.poly(hook)


def _draw_crown(p: _Pen):
    body = [(0.13, 0.72), (0.10, 0.30), (0.33, 0.52), (0.50, 0.18),
            (0.67, 0.52), (0.90, 0.30), (0.87, 0.72)]
    p.poly(body)
    for x, y, r in ((0.10, 0.27, 0.065), (0.50, 0.15, 0.075), (0.90, 0.27, 0.065)):
        p.circle(x, y, r)
    p.rect(0.11, 0.74, 0.89, 0.86, radius=0.025)
    # jewels cut into the band of the crown
    for x in (0.30, 0.50, 0.70):
        p.poly([(x, 0.56), (x + 0.05, 0.63), (x, 0.70), (x - 0.05, 0.63)], on=False)
    # a line between the crown and its rim
    p.rect(0.10, 0.72, 0.90, 0.745, on=False)


def _draw_veil(p: _Pen):
    # the crescent moon behind, opening to the right
    moon = Image.new("L", (p.S, p.S), 0)
    md = ImageDraw.Draw(moon)
    S = p.S
    md.ellipse([0.26 * S, 0.24 * S, 0.74 * S, 0.72 * S], fill=255)
    md.ellipse([0.38 * S, 0.18 * S, 0.82 * S, 0.62 * S], fill=0)
    p.mask.paste(255, (0, 0), moon)

    def drape(mirror):
        pts = _path((0.06, 0.10),
                    ((0.20, 0.10), (0.30, 0.10), (0.40, 0.10)),
                    ((0.36, 0.28), (0.24, 0.44), (0.22, 0.58)),     # inner edge sweeps to the tie
                    ((0.26, 0.70), (0.32, 0.84), (0.34, 0.95)),     # then flares to the hem
                    ((0.25, 0.95), (0.15, 0.95), (0.06, 0.95)))
        if mirror:
            pts = [(1 - x, y) for x, y in pts]
        return pts

    for mirror in (False, True):
        pts = drape(mirror)
        # a gap around the drape so it reads as in front of the moon
        gap = Image.new("L", (S, S), 0)
        ImageDraw.Draw(gap).polygon([(x * S, y * S) for x, y in pts], fill=255)
        gap = _grow(gap, S * 0.0225)
        p.mask.paste(0, (0, 0), gap)
        p.poly(pts)
        # folds
        sx = (lambda x: 1 - x) if mirror else (lambda x: x)
        p.tapered([(sx(0.15), 0.14), (sx(0.14), 0.52), (sx(0.12), 0.92)], 0.022, 0.012, on=False, caps=False)
        p.tapered([(sx(0.27), 0.14), (sx(0.22), 0.40)], 0.02, 0.008, on=False, caps=False)
        # the tie-back
        p.tapered([(sx(0.05), 0.57), (sx(0.26), 0.60)], 0.035, 0.035, on=False, caps=False)
    # the curtain rod with its finials
    p.rect(0.03, 0.05, 0.97, 0.095, radius=0.02)
    p.circle(0.04, 0.072, 0.04)
    p.circle(0.96, 0.072, 0.04)


def _grow(mask: Image.Image, px: float) -> Image.Image:
    """Dilate (px > 0) or erode (px < 0) a binary mask by about |px| pixels.

    A Gaussian blur and a threshold: much faster than a rank filter of that size.
    """
    sigma = max(0.5, abs(px) / 2)
    cut = 6 if px > 0 else 249
    return mask.filter(ImageFilter.GaussianBlur(sigma)).point(lambda v: 255 if v >= cut else 0)


def _draw_anvil(p: _Pen):
    pts = [
        (0.05, 0.30),                       # tip of the horn
        (0.30, 0.25), (0.34, 0.22),         # horn meets the face
        (0.92, 0.22), (0.92, 0.38),         # face and heel
        (0.76, 0.40), (0.66, 0.47),         # under the heel, into the waist
        (0.64, 0.64),
        (0.74, 0.70), (0.80, 0.80),         # foot flares
        (0.20, 0.80),
        (0.26, 0.70), (0.36, 0.64),
        (0.34, 0.47),
    ]
    horn_under = _path((0.34, 0.47), ((0.28, 0.42), (0.18, 0.36), (0.05, 0.30)), n=16)
    p.poly(pts[:-1] + horn_under)
    p.rect(0.14, 0.80, 0.86, 0.88, radius=0.02)
    # the hardy hole on the face and a line under the face
    p.rect(0.78, 0.25, 0.84, 0.29, on=False)
    p.rect(0.34, 0.30, 0.92, 0.32, on=False)


def _draw_harp(p: _Pen):
    # soundbox: the long diagonal, thicker at the bottom
    box = [(0.27, 0.88), (0.80, 0.25)]
    p.tapered(box, 0.16, 0.06)
    # pillar: the front post, gently curved
    pillar = _bez((0.22, 0.90), (0.14, 0.66), (0.14, 0.40), (0.21, 0.18), 30)
    p.tapered(pillar, 0.075, 0.065)
    # neck: an S-curve over the top
    neck = _bez((0.19, 0.18), (0.38, 0.04), (0.56, 0.30), (0.82, 0.20), 40)
    p.tapered(neck, 0.075, 0.06)
    p.circle(0.20, 0.15, 0.055)
    # strings, from the neck down to the soundbox
    for i in range(5):
        x = 0.30 + i * 0.095
        # y on the neck curve near x
        top = min(neck, key=lambda q: abs(q[0] - x))[1]
        t = (x - 0.27) / (0.80 - 0.27)
        bottom = 0.88 + (0.25 - 0.88) * t
        if bottom - top > 0.05:
            p.stroke([(x, top), (x, bottom)], 0.022)


def _draw_kestrel(p: _Pen):
    # a falcon gliding, seen from below: long pointed wings, small head, fanned tail
    right = _path(
        (0.50, 0.21),
        ((0.53, 0.21), (0.545, 0.24), (0.54, 0.28)),                # head
        ((0.545, 0.31), (0.56, 0.33), (0.575, 0.35)),               # neck to shoulder
        ((0.70, 0.30), (0.84, 0.26), (0.99, 0.31)),                 # leading edge out to the tip
        ((0.88, 0.37), (0.72, 0.46), (0.585, 0.53)),                # trailing edge back to the body
        ((0.58, 0.58), (0.565, 0.63), (0.545, 0.67)),               # flank
        ((0.58, 0.74), (0.62, 0.80), (0.64, 0.86)),                 # tail's outer feather
        ((0.59, 0.88), (0.55, 0.88), (0.50, 0.90)),                 # the tail's end
        n=18,
    )
    left = [(1 - x, y) for x, y in right[::-1]][1:-1]
    p.poly(right + left)
    # primary feathers: small notches in the trailing edge near the tips
    for mirror in (False, True):
        f = (lambda x: 1 - x) if mirror else (lambda x: x)
        for x, y in ((0.90, 0.355), (0.83, 0.385), (0.76, 0.42)):
            p.poly([(f(x - 0.025), y + 0.03), (f(x + 0.035), y - 0.015), (f(x - 0.005), y + 0.045)], on=False)
    # the eye and the split of the tail
    p.stroke([(0.5, 0.76), (0.5, 0.90)], 0.014, on=False)


def _draw_hourglass(p: _Pen):
    # plates and posts
    p.rect(0.18, 0.06, 0.82, 0.14, radius=0.03)
    p.rect(0.18, 0.86, 0.82, 0.94, radius=0.03)
    p.rect(0.21, 0.14, 0.26, 0.86)
    p.rect(0.74, 0.14, 0.79, 0.86)
    # the glass: two bulbs joined at a narrow waist
    glass = _path((0.32, 0.15),
                  ((0.30, 0.36), (0.47, 0.42), (0.475, 0.50)),
                  ((0.47, 0.58), (0.30, 0.64), (0.32, 0.85)),
                  ((0.44, 0.85), (0.56, 0.85), (0.68, 0.85)),
                  ((0.70, 0.64), (0.53, 0.58), (0.525, 0.50)),
                  ((0.53, 0.42), (0.70, 0.36), (0.68, 0.15)))
    p.poly(glass)
    inner = _transform(glass, cx=0.5, cy=0.5, scale=0.80)
    inner = [(0.5 + (x - 0.5) * 0.92, y) for x, y in inner]
    p.poly(inner, on=False)
    # sand: a little left above, a mound below, a thread between
    p.poly([(0.40, 0.36), (0.60, 0.36), (0.52, 0.45), (0.48, 0.45)])
    p.poly(_path((0.37, 0.80), ((0.42, 0.68), (0.46, 0.64), (0.50, 0.64)),
                 ((0.54, 0.64), (0.58, 0.68), (0.63, 0.80))))
    p.stroke([(0.5, 0.45), (0.5, 0.66)], 0.014)


def _draw_compass(p: _Pen):
    c = 0.5
    S = p.S
    long_r, short_r, waist = 0.48, 0.25, 0.11
    star = []
    for k in range(8):
        ang = -math.pi / 2 + k * math.pi / 4
        r = long_r if k % 2 == 0 else short_r
        star.append((c + r * math.cos(ang), c + r * math.sin(ang)))
        ang2 = ang + math.pi / 8
        star.append((c + waist * math.cos(ang2), c + waist * math.sin(ang2)))
    # a ring behind the star, broken by a gap around it
    p.d.ellipse([(c - 0.31) * S, (c - 0.31) * S, (c + 0.31) * S, (c + 0.31) * S],
                outline=255, width=round(0.035 * S))
    gap = Image.new("L", (S, S), 0)
    ImageDraw.Draw(gap).polygon([(x * S, y * S) for x, y in star], fill=255)
    gap = _grow(gap, S * 0.025)
    p.mask.paste(0, (0, 0), gap)
    p.poly(star)
    # a facet line down each long point and a pin-hole at the heart
    for k in range(4):
        ang = -math.pi / 2 + k * math.pi / 2
        p.tapered([(c + 0.07 * math.cos(ang), c + 0.07 * math.sin(ang)),
                   (c + (long_r - 0.10) * math.cos(ang), c + (long_r - 0.10) * math.sin(ang))],
                  0.022, 0.006, on=False, caps=False)
    p.circle(c, c, 0.04, on=False)


def _draw_lotus(p: _Pen):
    base = (0.5, 0.76)
    petals = [  # (tip, width) drawn back to front
        ((0.04, 0.52), 0.20),
        ((0.96, 0.52), 0.20),
        ((0.20, 0.26), 0.24),
        ((0.80, 0.26), 0.24),
        ((0.50, 0.08), 0.28),
    ]
    S = p.S
    for tip, width in petals:
        leaf = _lens(base, tip, width)
        gap = Image.new("L", (S, S), 0)
        ImageDraw.Draw(gap).polygon([(x * S, y * S) for x, y in leaf], fill=255)
        gap = _grow(gap, S * 0.0175)
        p.mask.paste(0, (0, 0), gap)
        p.poly(leaf)
    # the cup of water / pad under the flower
    pad = _path((0.12, 0.80), ((0.30, 0.98), (0.70, 0.98), (0.88, 0.80)),
                ((0.70, 0.88), (0.30, 0.88), (0.12, 0.80)))
    p.poly(pad)
    # a vein down the middle petal
    p.tapered([(0.5, 0.22), (0.5, 0.62)], 0.008, 0.03, on=False, caps=False)


def _draw_serpent(p: _Pen):
    # a flat coil seen from above: tail at the heart, body widening outwards,
    # the outer end rising into a raised neck and head on the right
    cx, cy = 0.44, 0.63
    turns = 1.75
    r_in, r_out = 0.04, 0.31
    end_ang = -math.radians(10)
    start_ang = end_ang + turns * 2 * math.pi
    pts = []
    n = 240
    for i in range(n + 1):
        t = i / n
        ang = start_ang + (end_ang - start_ang) * t
        r = r_in + (r_out - r_in) * t
        pts.append((cx + r * math.cos(ang), cy + r * math.sin(ang)))
    ex, ey = pts[-1]
    neck = _bez((ex, ey), (ex + 0.02, ey - 0.14), (0.86, 0.24), (0.76, 0.18), 30)
    body = pts + neck[1:]
    p.tapered(body, 0.02, 0.11, caps=True)
    head = _lens((0.80, 0.19), (0.56, 0.11), 0.15)
    p.poly(head)
    p.circle(0.69, 0.125, 0.02, on=False)
    # forked tongue
    p.stroke([(0.56, 0.11), (0.49, 0.10)], 0.016)
    p.stroke([(0.49, 0.10), (0.44, 0.07)], 0.012)
    p.stroke([(0.49, 0.10), (0.44, 0.13)], 0.012)


_EMBLEMS = {
    "ember": _draw_ember,
    "tide": _draw_tide,
    "quill": _draw_quill,
    "lantern": _draw_lantern,
    "thorn": _draw_thorn,
    "crown": _draw_crown,
    "veil": _draw_veil,
    "anvil": _draw_anvil,
    "harp": _draw_harp,
    "kestrel": _draw_kestrel,
    "hourglass": _draw_hourglass,
    "compass": _draw_compass,
    "lotus": _draw_lotus,
    "serpent": _draw_serpent,
}
SIGIL_IDS = tuple(_EMBLEMS)


@lru_cache(maxsize=64)
def _emblem_mask(sigil_id: str, px: int) -> Image.Image:
    if sigil_id not in _EMBLEMS:
        raise KeyError(f"unknown sigil {sigil_id!r}")
    pen = _Pen(px)
    _EMBLEMS[sigil_id](pen)
    # fit every emblem to the same box, centred, with a margin all round, so the
    # fourteen look equally large and nothing touches the edge
    box = pen.mask.getbbox()
    if box is None:
        return pen.mask
    w, h = box[2] - box[0], box[3] - box[1]
    f = _EMBLEM_FILL * px / max(w, h)
    shape = pen.mask.crop(box).resize((max(1, round(w * f)), max(1, round(h * f))), Image.BICUBIC)
    out = Image.new("L", (px, px), 0)
    out.paste(shape, ((px - shape.width) // 2, (px - shape.height) // 2))
    return out


def emblem_mask(sigil_id: str, size: int) -> Image.Image:
    """The emblem's shape alone, as an L image of size x size (255 = inside)."""
    hi = _emblem_mask(sigil_id, size * _EMBLEM_SS)
    return hi.resize((size, size), Image.LANCZOS)


@lru_cache(maxsize=256)
def _sigil_emblem(sigil_id: str, size: int, color: tuple) -> Image.Image:
    px = size * _EMBLEM_SS
    mask = _emblem_mask(sigil_id, px)
    color = tuple(color[:3])
    # enamel look: light at the top, deeper at the bottom, with a bright rim
    top, bottom = mix(color, _WHITE, 0.30), mix(color, _BLACK, 0.18)
    grad = Image.linear_gradient("L").resize((px, px))
    fill = Image.composite(Image.new("RGB", (px, px), bottom), Image.new("RGB", (px, px), top), grad)
    out = Image.new("RGBA", (px, px), color + (0,))
    out.paste(fill, (0, 0), mask)
    out.putalpha(mask)
    eroded = _grow(mask, -px * 0.011)
    rim = ImageChops.subtract(mask, eroded).point(lambda v: v * 0.85)
    out.paste(Image.new("RGB", (px, px), mix(color, _WHITE, 0.65)), (0, 0), rim)
    return out.resize((size, size), Image.LANCZOS)


def sigil_emblem(sigil_id: str, size: int, color) -> Image.Image:
    """The sigil's emblem in `color`, on a transparent size x size RGBA image."""
    return _sigil_emblem(sigil_id, int(size), tuple(int(c) for c in color[:3])).copy()


# --------------------------------------------------------------------------
# card drawing
# --------------------------------------------------------------------------

@lru_cache(maxsize=32)
def _font(px: int, bold: bool = False, serif: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(bold=bold, serif=serif)), max(4, int(px)))


class _Canvas:
    """An RGBA image in the 300x420 design space, drawn at scale k."""

    def __init__(self, size, k: float):
        self.k = k
        self.size = size
        self.img = Image.new("RGBA", size, (0, 0, 0, 0))

    def s(self, v: float) -> float:
        return v * self.k

    def pt(self, x, y):
        return (x * self.k, y * self.k)

    def box(self, l, t, r, b):
        k = self.k
        return [l * k, t * k, r * k, b * k]

    def layer(self) -> tuple[Image.Image, ImageDraw.ImageDraw]:
        lay = Image.new("RGBA", self.size, (0, 0, 0, 0))
        return lay, ImageDraw.Draw(lay)

    def over(self, lay: Image.Image, clip=None):
        """Composite a layer, optionally clipped to a design-space rectangle."""
        if clip is not None:
            m = Image.new("L", self.size, 0)
            ImageDraw.Draw(m).rectangle(self.box(*clip), fill=255)
            a = ImageChops.multiply(lay.getchannel("A"), m)
            lay = lay.copy()
            lay.putalpha(a)
        self.img.alpha_composite(lay)

    def text(self, draw, xy, text, font, fill, anchor="mm", tracking=0.0):
        """Text centred on xy (design space), with optional letter spacing."""
        x, y = self.pt(*xy)
        if not tracking:
            draw.text((x, y), text, font=font, fill=fill, anchor=anchor)
            return
        gap = self.s(tracking)
        widths = [font.getlength(ch) for ch in text]
        total = sum(widths) + gap * (len(text) - 1)
        cx = x - total / 2
        for ch, w in zip(text, widths):
            draw.text((cx, y), ch, font=font, fill=fill, anchor="lm")
            cx += w + gap


_CORNER_R = 16          # card corner radius
_FRAME_INSET = 6.5
_BAND_Y = {"north": 24, "south": _H - 24}
_EMBLEM_CY = {"north": 104, "south": 300}
_NAME_Y = {"north": 173, "south": 369}
_MEDALLION_R = 52
_EMBLEM_SIZE = 80


def _render_scale(size) -> float:
    return _CARD_SS * max(size[0] / _W, size[1] / _H)


def _card_base(c: _Canvas, pal: dict, seed: int, stars: int = 80):
    """Sky gradient, haze and stars, cut to the rounded card shape."""
    W, H = c.size
    grad = Image.linear_gradient("L").resize((W, H))
    sky = Image.composite(Image.new("RGB", (W, H), pal["bg_bottom"]),
                          Image.new("RGB", (W, H), pal["bg_top"]), grad).convert("RGBA")
    rng = random.Random(f"paargus-sky-{seed}")
    # a few soft patches of haze
    # (drawn at a quarter of the size: it is all blur anyway)
    q = 4
    haze = Image.new("RGBA", (W // q, H // q), pal["nebula"] + (0,))
    hd = ImageDraw.Draw(haze)
    for _ in range(3):
        x, y = rng.uniform(30, 270), rng.uniform(40, 380)
        r = rng.uniform(60, 110)
        hd.ellipse([c.s(x - r) / q, c.s(y - r * 0.7) / q, c.s(x + r) / q, c.s(y + r * 0.7) / q],
                   fill=pal["nebula"] + (rng.randint(22, 40),))
    haze = haze.filter(ImageFilter.GaussianBlur(c.s(28) / q)).resize((W, H), Image.BILINEAR)
    sky.alpha_composite(haze)
    # stars
    st, sd = c.layer()
    for _ in range(stars):
        x, y = rng.uniform(8, 292), rng.uniform(8, 412)
        r = rng.choice((0.45, 0.55, 0.7, 0.7, 0.9, 1.1))
        a = rng.randint(70, 190) if r < 1 else rng.randint(150, 230)
        sd.ellipse(c.box(x - r, y - r, x + r, y + r), fill=pal["star"] + (a,))
    for _ in range(4):  # a few twinkling ones
        x, y = rng.uniform(14, 286), rng.uniform(14, 406)
        L = rng.uniform(3, 5)
        col = pal["star"] + (150,)
        sd.line([c.pt(x - L, y), c.pt(x + L, y)], fill=col, width=max(1, round(c.s(0.5))))
        sd.line([c.pt(x, y - L), c.pt(x, y + L)], fill=col, width=max(1, round(c.s(0.5))))
        sd.ellipse(c.box(x - 1, y - 1, x + 1, y + 1), fill=pal["star"] + (230,))
    sky.alpha_composite(st)
    shape = Image.new("L", (W, H), 0)
    ImageDraw.Draw(shape).rounded_rectangle([0, 0, W - 1, H - 1], radius=c.s(_CORNER_R), fill=255)
    sky.putalpha(shape)
    c.img = sky


def _frame(c: _Canvas, pal: dict):
    lay, d = c.layer()
    i = _FRAME_INSET
    d.rounded_rectangle(c.box(i, i, _W - i, _H - i), radius=c.s(_CORNER_R - i + 2),
                        outline=pal["frame"] + (235,), width=max(1, round(c.s(1.3))))
    j = i + 3.5
    d.rounded_rectangle(c.box(j, j, _W - j, _H - j), radius=c.s(_CORNER_R - j + 3),
                        outline=pal["frame_dim"] + (150,), width=max(1, round(c.s(0.6))))
    c.over(lay)


def _meridian(c: _Canvas, pal: dict, number: str | None):
    lay, d = c.layer()
    w = max(1, round(c.s(1.1)))
    top, bottom = _FRAME_INSET + 3.5, _H - _FRAME_INSET - 3.5
    d.line([c.pt(_MID_X, top), c.pt(_MID_X, bottom)], fill=pal["frame"] + (230,), width=w)
    # the equator: a faint dotted line across both halves
    for half in ((16, _MID_X - 10), (_MID_X + 10, _W - 16)):
        x = half[0]
        while x <= half[1]:
            d.ellipse(c.box(x - 0.6, _MID_Y - 0.6, x + 0.6, _MID_Y + 0.6), fill=pal["frame"] + (110,))
            x += 4.5
    # small diamonds where the meridian meets the frame
    for y in (top + 3, bottom - 3):
        d.polygon([c.pt(_MID_X, y - 4), c.pt(_MID_X + 2.6, y), c.pt(_MID_X, y + 4), c.pt(_MID_X - 2.6, y)],
                  fill=pal["frame"] + (255,))
    # the centre medallion with the card's number (not needed for play)
    r = 9.5
    d.ellipse(c.box(_MID_X - r, _MID_Y - r, _MID_X + r, _MID_Y + r), fill=pal["medallion"] + (255,),
              outline=pal["frame"] + (230,), width=max(1, round(c.s(1.0))))
    if number:
        c.text(d, (_MID_X, _MID_Y + 0.3), number, _font(c.s(8.2), bold=True, serif=True), pal["frame"] + (255,))
    c.over(lay)


def _quadrant_marker(c: _Canvas, d, q: int, pal: dict, words: bool = True):
    l, t, r, b = QUADRANT_RECTS[q]
    west, north = q in (1, 2), q in (1, 3)
    x = l + 22 if west else r - 22
    # the top outer corner of the quadrant (below the alignment band in the north)
    numeral_y = t + 50 if north else t + 24
    pips_y = numeral_y + 12
    gold = pal["frame"] + (255,)
    if words:
        c.text(d, (x, numeral_y), _NUMERALS[q], _font(c.s(13), bold=True, serif=True), gold)
    n = QUADRANT_POINTS[q]
    step = 5.2
    x0 = x - step * (n - 1) / 2
    for i in range(n):
        px = x0 + i * step
        rr = 1.7
        d.polygon([c.pt(px, pips_y - rr * 1.3), c.pt(px + rr, pips_y), c.pt(px, pips_y + rr * 1.3),
                   c.pt(px - rr, pips_y)], fill=gold)


@lru_cache(maxsize=64)
def _glow_sprite(col: tuple, r: int, blur: int, alpha: int) -> Image.Image:
    """A soft disc of light: a disc of radius r blurred by `blur` (cached)."""
    m = r + 3 * blur
    img = Image.new("RGBA", (2 * m, 2 * m), col + (0,))
    ImageDraw.Draw(img).ellipse([m - r, m - r, m + r, m + r], fill=col + (alpha,))
    return img.filter(ImageFilter.GaussianBlur(blur))


@lru_cache(maxsize=128)
def _emblem_shadow(sigil_id: str, size: int, blur: float) -> Image.Image:
    mask = _emblem_mask(sigil_id, size * _EMBLEM_SS).resize((size, size), Image.LANCZOS)
    shadow = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    shadow.putalpha(mask.point(lambda v: v * 0.55))
    return shadow.filter(ImageFilter.GaussianBlur(blur))


def _paste_clipped(c: _Canvas, sprite: Image.Image, x: int, y: int, clip):
    """Composite a sprite at (x, y), cropped to a design-space rectangle."""
    l, t, r, b = (round(v) for v in c.box(*clip))
    x0, y0 = max(x, l), max(y, t)
    x1, y1 = min(x + sprite.width, r), min(y + sprite.height, b)
    if x1 <= x0 or y1 <= y0:
        return
    c.img.alpha_composite(sprite.crop((x0 - x, y0 - y, x1 - x, y1 - y)), (x0, y0))


def _sigil_block(c: _Canvas, q: int, sigil_id: str, pal: dict, words: bool = True):
    l, t, r, b = QUADRANT_RECTS[q]
    north = q in (1, 3)
    cx = (l + r) / 2
    cy = _EMBLEM_CY["north" if north else "south"]
    col = tuple(pal["sigils"][sigil_id])
    R = _MEDALLION_R
    grow = 1.0
    if not words:          # no name below: the medallion takes its room, a little larger
        cy += 14
        grow = 1.18
        R = round(R * grow)
    # soft glow in the sigil's colour
    glow = _glow_sprite(col, round(c.s(R)), round(c.s(9)), 70)
    gx, gy = round(c.s(cx)) - glow.width // 2, round(c.s(cy)) - glow.height // 2
    _paste_clipped(c, glow, gx, gy, (l + 2, t + 2, r - 2, b - 2))
    lay, d = c.layer()
    d.ellipse(c.box(cx - R, cy - R, cx + R, cy + R), fill=pal["medallion"] + (225,))
    d.ellipse(c.box(cx - R, cy - R, cx + R, cy + R), outline=col + (200,), width=max(1, round(c.s(1.4))))
    R2 = R - 4
    d.ellipse(c.box(cx - R2, cy - R2, cx + R2, cy + R2), outline=pal["frame_dim"] + (110,),
              width=max(1, round(c.s(0.6))))
    # four tiny ticks on the ring, like an astrolabe's
    for ang in (0, 90, 180, 270):
        a = math.radians(ang + 45)
        x0, y0 = cx + (R - 4) * math.cos(a), cy + (R - 4) * math.sin(a)
        x1, y1 = cx + (R + 0.5) * math.cos(a), cy + (R + 0.5) * math.sin(a)
        d.line([c.pt(x0, y0), c.pt(x1, y1)], fill=col + (200,), width=max(1, round(c.s(1.0))))
    # the sigil's name beneath
    name = _sigil_names().get(sigil_id, sigil_id).upper()
    if words:
        c.text(d, (cx, _NAME_Y["north" if north else "south"]), name, _font(c.s(10.5), serif=True, bold=True),
               mix(pal["text"], col, 0.35) + (255,), tracking=1.6)
    c.over(lay)
    # the emblem, with a faint shadow
    es = round(c.s(_EMBLEM_SIZE * grow))
    em = sigil_emblem(sigil_id, es, col)
    ex, ey = round(c.s(cx) - es / 2), round(c.s(cy) - es / 2)
    shadow = _emblem_shadow(sigil_id, es, round(c.s(1.6), 1))
    c.img.alpha_composite(shadow, (ex + round(c.s(1.2)), ey + round(c.s(1.8))))
    c.img.alpha_composite(em, (ex, ey))


def _alignment_mark(c: _Canvas, q: int, pal: dict):
    """A bright gold bar with an open eye along the outer edge of quadrant q."""
    l, t, r, b = QUADRANT_RECTS[q]
    north = q in (1, 3)
    cx = (l + r) / 2
    y = _BAND_Y["north" if north else "south"]
    gold = tuple(pal["alignment"])
    x0, x1 = l + 15, r - 15
    # everything is drawn on a layer the size of the quadrant (less a margin)
    clip = (l + 8, t + 8, r - 8, b - 8)
    ox, oy = round(c.s(clip[0])), round(c.s(clip[1]))
    wpx, hpx = round(c.s(clip[2])) - ox, round(c.s(clip[3])) - oy
    lay = Image.new("RGBA", (wpx, hpx), gold + (0,))
    d = ImageDraw.Draw(lay)

    def P(x, y_):
        return (c.s(x) - ox, c.s(y_) - oy)

    def B(x0_, y0_, x1_, y1_):
        return [*P(x0_, y0_), *P(x1_, y1_)]

    ew, eh = 21, 12                    # half width and half height of the eye
    solid = gold + (255,)
    for sgn in (-1, 1):
        xa, xb = cx + sgn * (ew - 1), (x1 if sgn > 0 else x0)
        # the bar: thick by the eye, thinning towards a star at each end
        d.polygon([P(xa, y - 2.2), P(xb - sgn * 6, y - 0.6), P(xb - sgn * 6, y + 0.6), P(xa, y + 2.2)], fill=solid)
        sx = xb - sgn * 5
        d.polygon([P(sx - 6, y), P(sx - 1.2, y - 1.2), P(sx, y - 5.5), P(sx + 1.2, y - 1.2),
                   P(sx + 6, y), P(sx + 1.2, y + 1.2), P(sx, y + 5.5), P(sx - 1.2, y + 1.2)], fill=solid)
        # a bead halfway out
        bx = (xa + sx) / 2
        d.ellipse(B(bx - 1.8, y - 1.8, bx + 1.8, y + 1.8), fill=solid)
    # the eye: an almond with a dark inside and a round gold pupil
    top = _bez((cx - ew, y), (cx - ew * 0.45, y - eh * 0.95), (cx + ew * 0.45, y - eh * 0.95), (cx + ew, y), 24)
    bot = _bez((cx + ew, y), (cx + ew * 0.45, y + eh * 0.95), (cx - ew * 0.45, y + eh * 0.95), (cx - ew, y), 24)
    d.polygon([P(*p) for p in top + bot[1:]], fill=solid)
    iw, ih = ew - 4.5, eh - 4.5
    inner_t = _bez((cx - iw, y), (cx - iw * 0.4, y - ih), (cx + iw * 0.4, y - ih), (cx + iw, y), 24)
    inner_b = _bez((cx + iw, y), (cx + iw * 0.4, y + ih), (cx - iw * 0.4, y + ih), (cx - iw, y), 24)
    d.polygon([P(*p) for p in inner_t + inner_b[1:]], fill=pal["medallion"] + (255,))
    d.ellipse(B(cx - 5, y - 5, cx + 5, y + 5), fill=solid)
    d.ellipse(B(cx - 1.7, y - 2.6, cx + 1.1, y - 0.2), fill=mix(gold, _WHITE, 0.8) + (255,))
    # a warm glow under it all
    glow = lay.getchannel("A").filter(ImageFilter.GaussianBlur(c.s(4.5)))
    glow_l = Image.new("RGBA", lay.size, tuple(pal["alignment_glow"]) + (0,))
    glow_l.putalpha(glow.point(lambda v: min(255, int(v * 1.3))))
    glow_l.alpha_composite(lay)
    c.img.alpha_composite(glow_l, (ox, oy))


def compose_card(sigils, alignment=None, *, number: str | None = None, seed: int = 0,
                 palette_name: str = "normal", size=CARD_SIZE, compact: bool = False) -> Image.Image:
    """A face drawn from raw card data: sigils [q1, q2, q3, q4], alignment 1-4 or None.
    `compact`: without words (sigil names, numerals, number), for a card on the table."""
    pal = palette(palette_name)
    size = (int(size[0]), int(size[1]))
    k = _render_scale(size)
    hi = (round(_W * k), round(_H * k))
    c = _Canvas(hi, k)
    _card_base(c, pal, seed)
    shape_alpha = c.img.getchannel("A")
    _frame(c, pal)
    _meridian(c, pal, None if compact else number)
    for q in (1, 2, 3, 4):
        _sigil_block(c, q, sigils[q - 1], pal, not compact)
    lay, d = c.layer()
    for q in (1, 2, 3, 4):
        _quadrant_marker(c, d, q, pal, not compact)
    c.over(lay)
    if alignment:
        _alignment_mark(c, int(alignment), pal)
    # nothing may spill outside the rounded corners
    c.img.putalpha(ImageChops.multiply(c.img.getchannel("A"), shape_alpha))
    return c.img.resize(size, Image.LANCZOS)


@lru_cache(maxsize=128)
def _compose_face(card_id: int, palette_name: str, size: tuple, compact: bool = False) -> Image.Image:
    card = _card(card_id)
    return compose_card(card["sigils"], card.get("alignment"), number=f"{card_id + 1:02d}",
                        seed=card_id, palette_name=palette_name, size=size, compact=compact)


def compose_face(card_id: int, palette_name: str = "normal", size=CARD_SIZE, compact: bool = False) -> Image.Image:
    """The face of deck card `card_id` as an RGBA image (transparent outside the corners);
    `compact`: the table's face, without words."""
    return _compose_face(int(card_id), canonical_name(palette_name), (int(size[0]), int(size[1])),
                         bool(compact)).copy()


# --------------------------------------------------------------------------
# card back
# --------------------------------------------------------------------------

def _rose(c: _Canvas, d, cx, cy, r_long, r_short, waist, light, dark, alpha=255):
    """A faceted compass rose: each point in a light and a dark half."""
    for k in range(8):
        ang = -math.pi / 2 + k * math.pi / 4
        r = r_long if k % 2 == 0 else r_short
        tip = (cx + r * math.cos(ang), cy + r * math.sin(ang))
        la = (cx + waist * math.cos(ang - math.pi / 8), cy + waist * math.sin(ang - math.pi / 8))
        ra = (cx + waist * math.cos(ang + math.pi / 8), cy + waist * math.sin(ang + math.pi / 8))
        d.polygon([c.pt(cx, cy), c.pt(*la), c.pt(*tip)], fill=light + (alpha,))
        d.polygon([c.pt(cx, cy), c.pt(*ra), c.pt(*tip)], fill=dark + (alpha,))


@lru_cache(maxsize=8)
def _compose_back(palette_name: str, size: tuple) -> Image.Image:
    pal = palette(palette_name)
    k = _render_scale(size)
    hi = (round(_W * k), round(_H * k))
    c = _Canvas(hi, k)
    _card_base(c, pal, seed=10_000, stars=140)
    shape_alpha = c.img.getchannel("A")
    _frame(c, pal)
    ink = tuple(pal["back_ink"])
    ink_dim = tuple(pal["frame_dim"])
    cx, cy = _MID_X, _MID_Y
    lay, d = c.layer()
    lw = max(1, round(c.s(0.8)))
    # the chart's grid: rays and circles
    for i in range(16):
        a = i * math.pi / 8
        d.line([c.pt(cx + 24 * math.cos(a), cy + 24 * math.sin(a)),
                c.pt(cx + 200 * math.cos(a), cy + 200 * math.sin(a))], fill=ink_dim + (70,), width=lw)
    for r, alpha in ((128, 90), (112, 200), (100, 200), (70, 120), (40, 120)):
        d.ellipse(c.box(cx - r, cy - r, cx + r, cy + r), outline=ink + (alpha,), width=lw)
    # a dial of ticks between the two outer rings
    for i in range(72):
        a = i * 2 * math.pi / 72
        r0 = 100 if i % 6 == 0 else 106
        d.line([c.pt(cx + r0 * math.cos(a), cy + r0 * math.sin(a)),
                c.pt(cx + 112 * math.cos(a), cy + 112 * math.sin(a))], fill=ink + (210,), width=lw)
    # little stars on the outer ring
    for i in range(8):
        a = i * math.pi / 4 + math.pi / 8
        x, y = cx + 128 * math.cos(a), cy + 128 * math.sin(a)
        d.ellipse(c.box(x - 2.2, y - 2.2, x + 2.2, y + 2.2), fill=ink + (230,))
    c.over(lay, clip=(_FRAME_INSET + 4, _FRAME_INSET + 4, _W - _FRAME_INSET - 4, _H - _FRAME_INSET - 4))
    # glow and rose
    glow, gd = c.layer()
    gd.ellipse(c.box(cx - 70, cy - 70, cx + 70, cy + 70), fill=ink + (60,))
    c.over(glow.filter(ImageFilter.GaussianBlur(c.s(24))))
    lay, d = c.layer()
    _rose(c, d, cx, cy, 66, 40, 12, mix(ink_dim, pal["bg_top"], 0.2), mix(ink_dim, _BLACK, 0.35))
    _rose(c, d, cx, cy, 96, 0, 15, mix(ink, _WHITE, 0.35), ink)
    d.ellipse(c.box(cx - 7, cy - 7, cx + 7, cy + 7), fill=pal["medallion"] + (255,), outline=ink + (255,),
              width=max(1, round(c.s(1.4))))
    d.ellipse(c.box(cx - 2.5, cy - 2.5, cx + 2.5, cy + 2.5), fill=ink + (255,))
    # constellations in the corners, the same pattern turned half round so the back has no "up"
    pattern = [(30, 40), (52, 34), (66, 50), (60, 72), (84, 64), (40, 62)]
    links = [(0, 1), (1, 2), (2, 3), (2, 4), (3, 5)]
    for rot in (False, True):
        pts = [((_W - x, _H - y) if rot else (x, y)) for x, y in pattern]
        for group in (pts, [(_W - x, y) for x, y in pts]):
            for a, b in links:
                d.line([c.pt(*group[a]), c.pt(*group[b])], fill=ink + (120,), width=lw)
            for x, y in group:
                d.ellipse(c.box(x - 1.8, y - 1.8, x + 1.8, y + 1.8), fill=mix(ink, _WHITE, 0.4) + (255,))
    c.over(lay)
    c.img.putalpha(ImageChops.multiply(c.img.getchannel("A"), shape_alpha))
    return c.img.resize(size, Image.LANCZOS)


def compose_back(palette_name: str = "normal", size=CARD_SIZE) -> Image.Image:
    """The card back: a gold star-chart compass rose on the night sky."""
    return _compose_back(canonical_name(palette_name), (int(size[0]), int(size[1]))).copy()


# --------------------------------------------------------------------------
# sigil chips
# --------------------------------------------------------------------------

@lru_cache(maxsize=128)
def _compose_chip(sigil_id: str, palette_name: str, size: int) -> Image.Image:
    pal = palette(palette_name)
    col = tuple(pal["sigils"][sigil_id])
    S = size * 4
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse([0, 0, S - 1, S - 1], fill=pal["frame"] + (255,))
    rim = max(2, round(S * 0.05))
    d.ellipse([rim, rim, S - 1 - rim, S - 1 - rim], fill=pal["bg_top"] + (255,))
    ring = rim + max(2, round(S * 0.035))
    d.ellipse([ring, ring, S - 1 - ring, S - 1 - ring], outline=col + (255,), width=max(2, round(S * 0.03)))
    es = round(S * 0.64)
    em = sigil_emblem(sigil_id, es, col)
    img.alpha_composite(em, ((S - es) // 2, (S - es) // 2))
    return img.resize((size, size), Image.LANCZOS)


def compose_sigil_chip(sigil_id: str, palette_name: str = "normal", size=48) -> Image.Image:
    """A small round badge with the sigil's emblem (log, side panel, conjunction labels)."""
    if isinstance(size, (tuple, list)):
        size = min(int(size[0]), int(size[1]))
    return _compose_chip(sigil_id, canonical_name(palette_name), int(size)).copy()
