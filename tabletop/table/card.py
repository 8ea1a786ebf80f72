"""Cards: a Pillow-composed face or back, rounded, with a baked soft shadow.

The face and its shadow are composed into one surface per (picture, pixel
size, angle, lifted) and memoised, so a steady frame costs one alpha blit per
card. Flipping animates `flip` from 0 to 1: the card squashes horizontally and
shows the other side from halfway.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable, Hashable

import pygame
from PIL import Image, ImageDraw, ImageFilter

from . import paint
from .base import Sprite
from .faces import FaceCache
from .layout import Viewport

BACK_KEY = "table/back/v1"


def default_back(size: tuple[int, int] = (500, 700)) -> Image.Image:
    """A plain, handsome card back: deep indigo, a gold frame and a diamond lattice."""
    w, h = size
    img = Image.new("RGBA", size, (36, 40, 78, 255))
    d = ImageDraw.Draw(img)
    step = w // 10
    for i in range(-h // step - 2, w // step + h // step + 2):
        d.line([(i * step, 0), (i * step + h, h)], fill=(52, 58, 108), width=3)
        d.line([(i * step, 0), (i * step - h, h)], fill=(52, 58, 108), width=3)
    m = w // 14
    d.rounded_rectangle((m, m, w - m, h - m), radius=w // 16, outline=(214, 178, 96), width=w // 60)
    m2 = m + w // 30
    d.rounded_rectangle((m2, m2, w - m2, h - m2), radius=w // 20, outline=(150, 122, 70), width=2)
    cx, cy, r = w // 2, h // 2, w // 5
    d.polygon([(cx, cy - r * 1.4), (cx + r, cy), (cx, cy + r * 1.4), (cx - r, cy)],
              fill=(62, 66, 120), outline=(214, 178, 96), width=w // 80)
    glow = Image.new("L", size, 0)
    ImageDraw.Draw(glow).ellipse((cx - r * 2, cy - r * 2, cx + r * 2, cy + r * 2), fill=70)
    glow = glow.filter(ImageFilter.GaussianBlur(w / 8))
    return Image.composite(Image.new("RGBA", size, (120, 110, 200, 255)), img, glow)


@dataclass(eq=False)
class CardSprite(Sprite):
    face_key: str | None = None
    compose_face: Callable[[], Image.Image] | None = None
    back_key: str = BACK_KEY
    compose_back: Callable[[], Image.Image] = default_back
    face_up: bool = True
    angle: float = 0.0                 # degrees, counter-clockwise
    clip: str | None = None            # "left" | "right": only that half is drawn and hit
    flip: float = field(default=1.0, kw_only=True)  # 1 = settled; the scene tweens 0 -> 1
    w: float = field(default=150.0, kw_only=True)
    h: float = field(default=210.0, kw_only=True)

    def corner_radius(self) -> float:
        return self.w * 0.065

    def carry_over(self, old: Sprite) -> None:
        super().carry_over(old)
        if isinstance(old, CardSprite):
            self.flip = old.flip

    def showing_face(self) -> bool:
        """Which side is visible now (mid-flip the old side shows until halfway)."""
        up = self.face_up and self.compose_face is not None
        return up if self.flip >= 0.5 else not up

    def hit(self, vx: float, vy: float) -> bool:
        if not super().hit(vx, vy):
            return False
        cx = self.center[0]
        if self.clip == "left":
            return vx <= cx
        if self.clip == "right":
            return vx >= cx
        return True

    # -- drawing -------------------------------------------------------------
    def composite(self, vp: Viewport, faces: FaceCache, face: bool, lifted: bool) -> pygame.Surface:
        size = self.pixel_size(vp)
        key, compose = ((self.face_key, self.compose_face) if face
                        else (self.back_key, self.compose_back))
        angle = round(self.angle, 1)
        radius = self.corner_radius() * vp.scale * self.scale

        def build():
            pic = faces.surface(key, compose, size)
            pic = paint.round_corners(pic, radius)
            if angle:
                pic = pygame.transform.rotozoom(pic, angle, 1.0)
            # a card's outline is its size, corners and angle: one shadow serves every face
            return with_shadow(pic, size[1], lifted, shape=(size, round(radius, 2), angle))

        return faces.memo(("card", key, size, angle, lifted), build)

    def draw_body(self, target: pygame.Surface, vp: Viewport, faces: FaceCache) -> None:
        comp = self.composite(vp, faces, self.showing_face(), self.lift > 0.5)
        if self.flip < 1.0:
            squash = abs(1.0 - 2.0 * self.flip)
            comp = pygame.transform.smoothscale(
                comp, (max(1, round(comp.get_width() * squash)), comp.get_height()))
        self.blit(target, comp, self.screen_center(vp))

    def blit(self, target, surf, center, alpha=None):
        """Centred blit that draws only the clipped half when `clip` is set."""
        if self.clip is None or self.angle:
            return super().blit(target, surf, center, alpha)
        w, h = surf.get_size()
        half = w // 2
        area = pygame.Rect(0, 0, half, h) if self.clip == "left" else pygame.Rect(half, 0, w - half, h)
        dest = (round(center[0] - w / 2) + area.x, round(center[1] - h / 2))
        a = self.alpha if alpha is None else alpha
        surf.set_alpha(int(255 * a))
        target.blit(surf, dest, area)
        surf.set_alpha(255)


def with_shadow(pic: pygame.Surface, height_px: int, lifted: bool,
                shape: Hashable | None = None) -> pygame.Surface:
    """`pic` on a canvas with a soft shadow below it; the picture stays centred. `shape`, when
    given, names the picture's outline: pictures of one shape share one blurred shadow."""
    blur, drop = _blur(height_px, lifted), shadow_room(height_px, lifted)[1]
    opacity = 0.55 if lifted else 0.5
    if shape is None:
        sh, m = paint.soft_shadow(paint.alpha_of(pic), blur, opacity)
    else:
        sh, m = _shared_shadow((shape, pic.get_size(), blur, opacity), pic)
    w, h = pic.get_size()
    canvas = pygame.Surface((w + 2 * m, h + 2 * m + 2 * drop), pygame.SRCALPHA)
    canvas.blit(sh, (0, 2 * drop))
    canvas.blit(pic, (m, m + drop))
    return canvas.convert_alpha()


def _blur(height_px: int, lifted: bool) -> float:
    return max(1.5, height_px * (0.05 if lifted else 0.022))


def shadow_room(height_px: int, lifted: bool = False) -> tuple[int, int]:
    """Where with_shadow puts its picture on the canvas: (m, m + drop) for the returned
    margin m and drop (a picture drawn over a blank with its shadow lands where it would)."""
    return int(_blur(height_px, lifted) * 2) + 1, max(1, round(height_px * (0.06 if lifted else 0.018)))


_SHADOWS: OrderedDict = OrderedDict()


def _shared_shadow(key: tuple, pic: pygame.Surface) -> tuple[pygame.Surface, int]:
    """The blurred shadow of pictures with one outline, made from the first and kept (a few
    dozen sizes and angles on a table; the blur is the costly part of a new card)."""
    hit = _SHADOWS.get(key)
    if hit is None:
        hit = _SHADOWS[key] = paint.soft_shadow(paint.alpha_of(pic), key[2], key[3])
        while len(_SHADOWS) > 256:
            _SHADOWS.popitem(last=False)
    else:
        _SHADOWS.move_to_end(key)
    return hit
