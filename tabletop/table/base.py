"""The sprite base: geometry in virtual coordinates plus the shared decorations.

Every sprite is a plain dataclass the presenter may mutate freely; assigning any
public attribute marks the owning scene for redraw, so the host repaints only
when something changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from . import paint
from .faces import FaceCache
from .layout import Viewport

LIFT = 10.0  # virtual pixels a hovered or dragged piece rises

HIGHLIGHT_COLORS = {
    "glow": (255, 204, 92),    # a legal destination
    "select": (120, 205, 255), # chosen / selected
    "hint": (150, 230, 150),   # a suggestion
    "warn": (240, 92, 80),     # a problem
}
BADGE_COLOR = (196, 48, 52)


@dataclass(eq=False)
class Sprite:
    id: str
    x: float = field(default=0.0, kw_only=True)
    y: float = field(default=0.0, kw_only=True)
    w: float = field(default=100.0, kw_only=True)
    h: float = field(default=100.0, kw_only=True)
    z: float = field(default=0.0, kw_only=True)
    alpha: float = field(default=1.0, kw_only=True)      # 0..1
    scale: float = field(default=1.0, kw_only=True)      # about the centre
    visible: bool = field(default=True, kw_only=True)
    draggable: bool = field(default=False, kw_only=True)
    highlight: str | None = field(default=None, kw_only=True)  # glow | select | hint | warn
    dim: bool = field(default=False, kw_only=True)
    badge: str | None = field(default=None, kw_only=True)
    tooltip: str | None = field(default=None, kw_only=True)
    lift: float = field(default=0.0, kw_only=True)       # 0..1, set by the scene on hover/drag
    hovered: bool = field(default=False, kw_only=True)   # set by the scene
    pressed: bool = field(default=False, kw_only=True)   # set by the scene

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        owner = self.__dict__.get("_owner")
        if owner is not None and name[0] != "_":
            owner._dirty = True
            if name == "z":
                owner._order = None            # the scene's drawing order is stale

    # -- geometry ------------------------------------------------------------
    @property
    def rect(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def corner_radius(self) -> float:
        """Rounded-corner radius in virtual pixels (glows and rings follow it)."""
        return min(self.w, self.h) * 0.12

    def screen_rect(self, vp: Viewport) -> pygame.Rect:
        """Where the sprite is drawn, in window pixels (scaled about its centre, lifted)."""
        s, k = vp.scale, self.scale
        w, h = self.w * k, self.h * k
        left = vp.offset[0] + (self.x + (self.w - w) / 2) * s
        top = vp.offset[1] + (self.y + (self.h - h) / 2 - self.lift * LIFT) * s
        l, t = round(left), round(top)
        return pygame.Rect(l, t, round(left + w * s) - l, round(top + h * s) - t)

    def screen_center(self, vp: Viewport) -> tuple[int, int]:
        s = vp.scale
        return (round(vp.offset[0] + (self.x + self.w / 2) * s),
                round(vp.offset[1] + (self.y + self.h / 2 - self.lift * LIFT) * s))

    def pixel_size(self, vp: Viewport) -> tuple[int, int]:
        """Drawn size in whole pixels, independent of position so cached surfaces stay valid."""
        return (vp.px(self.w * self.scale), vp.px(self.h * self.scale))

    def hit(self, vx: float, vy: float) -> bool:
        # Unlifted rectangle: a hover lift must not make the pointer fall off the piece.
        if not self.visible or self.alpha <= 0.05:
            return False
        w, h = self.w * self.scale, self.h * self.scale
        cx, cy = self.center
        return abs(vx - cx) <= w / 2 and abs(vy - cy) <= h / 2

    # -- self-driven animation (dice) ---------------------------------------
    animating = False

    def tick(self, dt: float) -> None:
        pass

    def carry_over(self, old: "Sprite") -> None:
        """Keep what the table owns (position, lift, running effects) when replaced by put()."""
        self.x, self.y, self.lift = old.x, old.y, old.lift

    # -- drawing -------------------------------------------------------------
    def draw(self, target: pygame.Surface, vp: Viewport, faces: FaceCache) -> None:
        if not self.visible or self.alpha <= 0.01:
            return
        self.draw_body(target, vp, faces)
        self.draw_decor(target, vp, faces)

    def draw_body(self, target: pygame.Surface, vp: Viewport, faces: FaceCache) -> None:
        raise NotImplementedError

    def draw_decor(self, target: pygame.Surface, vp: Viewport, faces: FaceCache) -> None:
        if not (self.dim or self.highlight or self.badge):
            return
        r = self.screen_rect(vp)
        rad = self.corner_radius() * vp.scale * self.scale
        if self.dim:
            angle = round(getattr(self, "angle", 0), 1)

            def veil_surface():
                veil = paint.rounded_rect(r.size, rad, (16, 20, 24, 150))
                return pygame.transform.rotozoom(veil, angle, 1.0) if angle else veil
            veil = faces.memo(("dim", r.size, round(rad), angle), veil_surface)
            self.blit(target, veil, r.center)
        if self.highlight in HIGHLIGHT_COLORS:
            ring = outline_ring(faces, r.size, rad, HIGHLIGHT_COLORS[self.highlight], vp.scale,
                                getattr(self, "angle", 0))
            self.blit(target, ring, r.center)
        if self.badge:
            draw_badge(target, faces, self.badge, (r.right - vp.px(6), r.top + vp.px(6)), vp.scale)

    def blit(self, target: pygame.Surface, surf: pygame.Surface, center: tuple[int, int],
             alpha: float | None = None) -> None:
        """Blit centred, honouring the sprite's alpha without disturbing the cached surface."""
        a = self.alpha if alpha is None else alpha
        pos = (center[0] - surf.get_width() // 2, center[1] - surf.get_height() // 2)
        if a < 0.999:
            surf.set_alpha(int(255 * a))
            target.blit(surf, pos)
            surf.set_alpha(255)
        else:
            target.blit(surf, pos)


def outline_ring(faces: FaceCache, size: tuple[int, int], radius: float,
                 color: tuple[int, int, int], scale: float, angle: float = 0.0) -> pygame.Surface:
    """A halo-and-line ring around a rounded rectangle of `size` pixels, turned like its piece."""
    spread, line = max(2.0, 9 * scale), max(1.5, 3 * scale)
    key = ("ring", size, round(radius), color, round(spread, 1))
    ring = faces.memo(key, lambda: paint.glow_ring(size, radius, color, spread, line)[0])
    angle = round(angle, 1)
    if angle:
        ring = faces.memo(key + (angle,), lambda: pygame.transform.rotozoom(ring, angle, 1.0))
    return ring


def draw_badge(target: pygame.Surface, faces: FaceCache, text: str,
               center: tuple[float, float], scale: float) -> None:
    """A small red disc (a pill for longer text) with white text, centred at `center`."""
    px = max(8, round(20 * scale))

    def build():
        label = paint.text(text, px, (255, 255, 255), bold=True)
        d = max(round(34 * scale), label.get_height() + 4)
        w = max(d, label.get_width() + d // 2)
        body = paint.rounded_rect((w, d), d / 2, BADGE_COLOR, outline=(255, 255, 255, 230),
                                  width=max(1.5, 2.5 * scale))
        body.blit(label, label.get_rect(center=(w / 2, d / 2)))
        sh, m = paint.soft_shadow(paint.alpha_of(body), max(1.0, 3 * scale), 0.6)
        sh.blit(body, (m, m - max(1, round(2 * scale))))
        return sh

    surf = faces.memo(("badge", text, px), build)
    target.blit(surf, surf.get_rect(center=(round(center[0]), round(center[1]))))
