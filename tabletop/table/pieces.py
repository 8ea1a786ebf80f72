"""Round pieces and dice: tokens, chip stacks and dice, drawn by Pillow and memoised."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from tabletop.resources import font_path

from . import paint, textfloor
from .base import LIFT, Sprite
from .card import with_shadow
from .faces import FaceCache
from .layout import Viewport

HI = 256  # pieces are composed at this size and scaled down smoothly


def _pil_font(px: int, bold: bool = True) -> ImageFont.ImageFont:
    textfloor.face_font(px)
    try:
        return ImageFont.truetype(str(font_path(bold=bold)), px)
    except Exception:  # the pygame side already warned about missing fonts
        return ImageFont.load_default(px)


def _contrast(c) -> tuple[int, int, int]:
    return (28, 26, 24) if paint.luminance(c) > 0.55 else (250, 248, 240)


def chip_image(color, size: int = HI) -> Image.Image:
    """A casino-style chip seen from above: rim inserts, an inner ring, a soft sheen."""
    k = 2
    S = size * k
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = tuple(color[:3])
    d.ellipse((0, 0, S - 1, S - 1), fill=paint.shade(c, -0.25))
    d.ellipse((S * 0.02, S * 0.02, S * 0.98, S * 0.98), fill=c)
    for i in range(8):  # white inserts round the rim
        a = i * 45 - 10
        d.pieslice((S * 0.02, S * 0.02, S * 0.98, S * 0.98), a, a + 20, fill=(246, 242, 232))
    d.ellipse((S * 0.15, S * 0.15, S * 0.85, S * 0.85), fill=c)
    d.ellipse((S * 0.2, S * 0.2, S * 0.8, S * 0.8), outline=paint.shade(c, 0.45), width=max(2, S // 90))
    d.ellipse((S * 0.22, S * 0.22, S * 0.78, S * 0.78), fill=paint.shade(c, 0.08))
    sheen = Image.new("L", (S, S), 0)
    ImageDraw.Draw(sheen).ellipse((S * 0.1, S * 0.02, S * 0.75, S * 0.5), fill=40)
    sheen = sheen.filter(ImageFilter.GaussianBlur(S / 16))
    mask = img.getchannel("A")
    white = Image.new("RGBA", (S, S), (255, 255, 255, 255))
    img = Image.composite(white, img, sheen)
    img.putalpha(mask)
    return img.resize((size, size), Image.LANCZOS)


def heart_image(color, size: int = HI) -> Image.Image:
    """A heart token seen from above, with a dark rim and a sheen."""
    k = 2
    S = size * k
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = tuple(color[:3])
    for inset, col in ((0, paint.shade(c, -0.35)), (S * 0.05, c)):
        r = S * 0.27 - inset * 0.4
        d.ellipse((S * 0.23 - r, S * 0.36 - r, S * 0.23 + r, S * 0.36 + r), fill=col)
        d.ellipse((S * 0.77 - r, S * 0.36 - r, S * 0.77 + r, S * 0.36 + r), fill=col)
        d.polygon([(S * 0.03 + inset, S * 0.48), (S * 0.97 - inset, S * 0.48),
                   (S * 0.5, S * 0.97 - inset * 1.4)], fill=col)
    d.ellipse((S * 0.14, S * 0.2, S * 0.36, S * 0.36), fill=paint.shade(c, 0.35))
    return img.resize((size, size), Image.LANCZOS)


def shield_image(color, size: int = HI) -> Image.Image:
    """A heater-shield counter."""
    k = 2
    S = size * k
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = tuple(color[:3])
    for inset, col in ((0, paint.shade(c, -0.4)), (S * 0.05, c)):
        d.polygon([(S * 0.1 + inset, S * 0.06 + inset), (S * 0.9 - inset, S * 0.06 + inset),
                   (S * 0.9 - inset, S * 0.5), (S * 0.5, S * 0.96 - inset), (S * 0.1 + inset, S * 0.5)],
                  fill=col)
    return img.resize((size, size), Image.LANCZOS)


TOKEN_SHAPES = {"chip": chip_image, "heart": heart_image, "shield": shield_image}


@dataclass(eq=False)
class TokenSprite(Sprite):
    """A round chip or token (or a heart or shield counter) with a short value label."""

    color: tuple[int, int, int] = (190, 50, 50)
    label: str = ""
    radius: float = 32.0
    shape: str = "chip"

    def __post_init__(self):
        self.w = self.h = self.radius * 2

    def corner_radius(self) -> float:
        return self.w / 2

    def hit(self, vx: float, vy: float) -> bool:
        if not self.visible or self.alpha <= 0.05:
            return False
        cx, cy = self.center
        return math.hypot(vx - cx, vy - cy) <= self.w * self.scale / 2

    def draw_body(self, target, vp: Viewport, faces: FaceCache) -> None:
        size = self.pixel_size(vp)
        lifted = self.lift > 0.5
        color = tuple(self.color)
        shape = self.shape if self.shape in TOKEN_SHAPES else "chip"
        draw = TOKEN_SHAPES[shape]

        def build():
            key = f"table/{shape}/{color}/v1"       # v: bump when the shape's drawing changes
            disc = faces.surface(key, lambda: draw(color), size)
            # every colour of a shape has one outline: one blurred shadow per shape and size
            comp = with_shadow(disc, size[1], lifted, shape=("token", shape, size))
            if self.label:
                px = max(6, round(size[1] * (0.36 if len(self.label) <= 2 else 0.27)))
                t = paint.text(self.label, px, _contrast(color), bold=True)
                comp.blit(t, t.get_rect(center=(comp.get_width() / 2, comp.get_height() / 2)))
            return comp

        surf = faces.memo(("token", shape, color, self.label, size, lifted), build)
        self.blit(target, surf, self.screen_center(vp))


CHIP_MAX = 12


def chips_for(amount: int) -> int:
    """How many chips to draw for an amount: grows with it, but stays a readable pile."""
    return 0 if amount <= 0 else max(1, min(CHIP_MAX, round(1.6 * math.sqrt(amount))))


def stack_image(color, count: int, width: int = HI) -> Image.Image:
    """`count` chips piled up, seen from a low angle; bottom-aligned in a fixed-height canvas."""
    k = 2
    W = width * k
    eh, t = W * 0.5, W * 0.13          # ellipse height and chip thickness
    H = int(eh + (CHIP_MAX - 1) * t + t) + 2
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = tuple(color[:3])
    side, rim = paint.shade(c, -0.28), (240, 236, 226)
    cw = W * 0.96                       # chip width: room for a little sideways wobble
    rng = random.Random(count)          # the same pile always looks the same
    for i in range(count):
        x0 = (W - cw) / 2 + (rng.uniform(-1, 1) * W * 0.02 if i else 0)
        y = H - eh - t - i * t - 1
        cx, a, b = x0 + cw / 2, cw / 2, eh / 2
        d.ellipse((x0, y + t, x0 + cw, y + t + eh), fill=paint.shade(c, -0.5))
        d.rectangle((x0, y + b, x0 + cw, y + b + t), fill=side)
        for j in range(5):  # edge inserts, following the curve of the chip's front
            u0, u1 = -0.86 + j * 0.38, -0.86 + j * 0.38 + 0.15
            pts_top = [(cx + a * u, y + b + b * (1 - u * u) ** 0.5 + t * 0.18) for u in (u0, u1)]
            pts_bot = [(px, py + t * 0.64) for px, py in reversed(pts_top)]
            d.polygon(pts_top + pts_bot, fill=rim)
        d.ellipse((x0, y, x0 + cw, y + eh), fill=c, outline=paint.shade(c, -0.35), width=max(1, k))
        if i == count - 1:  # the top chip shows its face: rim inserts and an inner ring
            box = (x0 + cw * 0.03, y + eh * 0.03, x0 + cw * 0.97, y + eh * 0.97)
            for q in range(8):
                d.pieslice(box, q * 45 + 5, q * 45 + 20, fill=rim)
            d.ellipse((x0 + cw * 0.15, y + eh * 0.15, x0 + cw * 0.85, y + eh * 0.85), fill=c)
            d.ellipse((x0 + cw * 0.22, y + eh * 0.22, x0 + cw * 0.78, y + eh * 0.78),
                      outline=paint.shade(c, 0.45), width=max(2, W // 90))
    return img.resize((width, max(1, H // k)), Image.LANCZOS)


@dataclass(eq=False)
class ChipStack(Sprite):
    """A pile of chips with the amount on a plate beneath it."""

    amount: int = 0
    color: tuple[int, int, int] = (40, 110, 190)
    radius: float = 34.0

    def __post_init__(self):
        self.w = self.radius * 2
        img_h = self.w * (0.5 + (CHIP_MAX - 1) * 0.13 + 0.13)
        self.h = img_h + 30  # room for the amount plate

    def corner_radius(self) -> float:
        return self.w * 0.2

    def draw_body(self, target, vp: Viewport, faces: FaceCache) -> None:
        size = self.pixel_size(vp)
        r = self.screen_rect(vp)
        color, n = tuple(self.color), chips_for(self.amount)
        s = vp.scale * self.scale

        def build():
            plate_h, pad = round(30 * s), round(14 * s)  # pad: room for the shadow
            img_size = (size[0], size[1] - plate_h)
            canvas = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
            if n:
                pile = faces.surface(f"table/stack/{color}/{n}", lambda: stack_image(color, n),
                                     img_size, persist=False)
                pile = with_shadow(pile, size[0], False)
                canvas.blit(pile, pile.get_rect(center=(pad + size[0] / 2, pad + img_size[1] / 2)))
            label = paint.text(str(self.amount), max(6, round(20 * s)), (250, 246, 236), bold=True)
            pw = max(label.get_width() + round(18 * s), round(44 * s))
            plate = paint.rounded_rect((pw, round(26 * s)), 13 * s, (18, 22, 26, 215),
                                       outline=(230, 200, 120, 150), width=max(1.0, 1.5 * s))
            plate.blit(label, label.get_rect(center=(pw / 2, plate.get_height() / 2)))
            canvas.blit(plate, plate.get_rect(midbottom=(pad + size[0] / 2, pad + size[1])))
            return canvas

        surf = faces.memo(("stack", color, n, self.amount, size), build)
        self.blit(target, surf, r.center)


# -- dice ---------------------------------------------------------------------

PIPS = {1: [(.5, .5)], 2: [(.27, .27), (.73, .73)], 3: [(.27, .27), (.5, .5), (.73, .73)],
        4: [(.27, .27), (.73, .27), (.27, .73), (.73, .73)],
        5: [(.27, .27), (.73, .27), (.5, .5), (.27, .73), (.73, .73)],
        6: [(.27, .25), (.73, .25), (.27, .5), (.73, .5), (.27, .75), (.73, .75)]}


def _die_outline(sides: int, S: float) -> list[tuple[float, float]]:
    """The silhouette of a die seen face-on: triangle, kite, pentagon or hexagon."""
    c = S / 2
    if sides in (4, 8):
        return [(c, S * 0.04), (S * 0.97, S * 0.9), (S * 0.03, S * 0.9)]
    if sides == 10:
        return [(c, S * 0.02), (S * 0.97, S * 0.55), (c, S * 0.98), (S * 0.03, S * 0.55)]
    n = 5 if sides == 12 else 6
    rot = -math.pi / 2  # a vertex at the top
    return [(c + c * 0.97 * math.cos(rot + i * 2 * math.pi / n),
             c + c * 0.97 * math.sin(rot + i * 2 * math.pi / n)) for i in range(n)]


def die_image(sides: int, value: int, color, size: int = HI) -> Image.Image:
    """A die face: pips on a rounded cube for d6, a number on a polygon for the rest."""
    k = 2
    S = size * k
    c = tuple(color[:3])
    ink = _contrast(c)
    edge = paint.shade(c, -0.35)
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if sides == 6:
        d.rounded_rectangle((0, 0, S - 1, S - 1), radius=S * 0.2, fill=edge)
        d.rounded_rectangle((S * 0.03, S * 0.02, S * 0.97, S * 0.95), radius=S * 0.18, fill=c)
        d.rounded_rectangle((S * 0.1, S * 0.08, S * 0.9, S * 0.88), radius=S * 0.16,
                            fill=paint.shade(c, 0.12))
        r = S * 0.085
        for px, py in PIPS.get(value, PIPS[1]):
            d.ellipse((px * S - r, py * S - r * 0.9, px * S + r, py * S + r * 1.1), fill=ink)
    else:
        pts = _die_outline(sides, S)
        d.polygon(pts, fill=c, outline=edge, width=max(3, S // 40))
        cx, cy = S / 2, S * (0.6 if sides in (4, 8) else 0.5)
        lw = max(2, S // 80)
        if sides == 20:  # a face-on icosahedron: central triangle, three vertices fanning out
            T, UR, LR, Bo, LL, UL = pts
            A, B, C = (cx, S * 0.2), (S * 0.79, S * 0.7), (S * 0.21, S * 0.7)
            for p, qs in ((A, (T, UL, UR)), (B, (UR, LR, Bo)), (C, (Bo, LL, UL))):
                for q in qs:
                    d.line([p, q], fill=edge, width=lw)
            d.polygon([A, B, C], fill=paint.shade(c, 0.12), outline=edge, width=lw)
            cy = S * 0.55
        elif sides == 10:  # the kite face in front, its neighbours' edges at the sides
            top, right, bottom, left = pts
            face = [(cx, S * 0.1), (S * 0.76, S * 0.55), (cx, S * 0.8), (S * 0.24, S * 0.55)]
            for p, q in ((face[1], right), (face[3], left), (face[2], bottom)):
                d.line([p, q], fill=edge, width=lw)
            d.polygon(face, fill=paint.shade(c, 0.12), outline=edge, width=lw)
            cy = S * 0.5
        label = str(value)
        f = _pil_font(int(S * (0.3 if sides >= 20 or len(label) > 1 else 0.4)))
        d.text((cx, cy), label, font=f, fill=ink, anchor="mm")
        if label in ("6", "9"):  # the underline that tells 6 from 9
            bb = d.textbbox((cx, cy), label, font=f, anchor="mm")
            d.line([(bb[0], bb[3] + S * 0.03), (bb[2], bb[3] + S * 0.03)], fill=ink, width=max(2, S // 60))
    textfloor.shrunk(k)
    return img.resize((size, size), Image.LANCZOS)


@dataclass(eq=False)
class DieSprite(Sprite):
    """A die; roll() tumbles it (spin, hop, flickering faces) and lands on the given value."""

    sides: int = 6
    value: int = 1
    color: tuple[int, int, int] = (238, 232, 218)
    w: float = field(default=72.0, kw_only=True)
    h: float = field(default=72.0, kw_only=True)

    def __post_init__(self):
        self.shown = self.value
        self.spin = 0.0          # degrees of the tumble, for drawing
        self.hop = 0.0           # virtual px above the table
        self.jitter = 0.0        # virtual px sideways
        self._roll_left = 0.0
        self._roll_total = 0.0
        self._next_face = 0.0
        self._rng = random.Random()  # visual only: the game's Rng decided the value

    @property
    def animating(self) -> bool:
        return self._roll_left > 0

    def roll(self, to_value: int, duration: float = 0.9) -> None:
        self.value = to_value
        self._roll_total = self._roll_left = max(0.0, duration)
        self._spin_dir = self._rng.choice((-1, 1))
        self._next_face = 0.0
        if duration <= 0:
            self.tick(0.0)

    def tick(self, dt: float) -> None:
        self._roll_left = max(0.0, self._roll_left - dt)
        if self._roll_left <= 0:
            self.shown, self.spin, self.hop, self.jitter = self.value, 0.0, 0.0, 0.0
            return
        p = 1 - self._roll_left / self._roll_total       # 0 -> 1
        calm = (1 - p) ** 2
        self.spin = self._spin_dir * 720 * calm
        self.hop = abs(math.sin(p * math.pi * 3.2)) * 26 * calm
        self.jitter = math.sin(p * math.pi * 5.0) * 10 * calm
        self._next_face -= dt
        if self._next_face <= 0:  # faces flicker fast, then slow as it settles
            faces = [v for v in range(1, self.sides + 1) if v != self.shown]
            self.shown = self._rng.choice(faces)
            self._next_face = 0.04 + 0.16 * p

    def carry_over(self, old: Sprite) -> None:
        super().carry_over(old)
        if isinstance(old, DieSprite) and old.animating and old.value == self.value:
            for k in ("shown", "spin", "hop", "jitter", "_roll_left", "_roll_total",
                      "_next_face", "_spin_dir"):
                setattr(self, k, getattr(old, k))

    def corner_radius(self) -> float:
        return self.w * (0.2 if self.sides == 6 else 0.1)

    def draw_body(self, target, vp: Viewport, faces: FaceCache) -> None:
        size = self.pixel_size(vp)
        r = self.screen_rect(vp)
        color, sides, shown = tuple(self.color), self.sides, self.shown
        key = f"table/die/d{sides}/{shown}/{color}/v1"      # v: bump when die_image changes
        if not self.animating:
            surf = faces.memo(("die", key, size, self.lift > 0.5), lambda: with_shadow(
                faces.surface(key, lambda: die_image(sides, shown, color), size),
                size[1], self.lift > 0.5, shape=("die", sides, size)))
            self.blit(target, surf, r.center)
            return
        # Tumbling: the shadow stays on the table, the die hops and spins above it.
        shadow = faces.memo(("die-shadow", size), lambda: _die_shadow(size))
        fade = max(0.25, 1 - self.hop / 40)
        cx = r.centerx + self.jitter * vp.scale
        self.blit(target, shadow, (cx, r.centery + size[1] * 0.06), alpha=self.alpha * fade)
        face = faces.surface(key, lambda: die_image(sides, shown, color), size)
        face = pygame.transform.rotozoom(face, self.spin, 1 + self.hop / 200)
        self.blit(target, face, (cx, r.centery - (self.hop + LIFT * 0.3) * vp.scale))


def _die_shadow(size: tuple[int, int]) -> pygame.Surface:
    disc = Image.new("L", size, 0)
    ImageDraw.Draw(disc).ellipse((size[0] * 0.08, size[1] * 0.12, size[0] * 0.92, size[1] * 0.96), fill=255)
    return paint.soft_shadow(disc, max(2.0, size[1] * 0.08), 0.55)[0]
