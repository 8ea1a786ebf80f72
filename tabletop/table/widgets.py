"""Table furniture: number plates, buttons, text labels and plain panels."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from . import paint, textfloor
from .base import Sprite
from .card import shadow_room, with_shadow
from .faces import FaceCache
from .fonts import font
from .layout import Viewport

INK = (244, 238, 222)
GOLD = (226, 190, 108)


@dataclass(eq=False)
class CounterSprite(Sprite):
    """A small plate: a caption over a big number (score, stake, mana...)."""

    value: int | str = 0
    label: str = ""
    upper: bool = True              # the caption in capitals where it fits (False: as written,
                                    # for a group of plates some of which only fit that way)
    w: float = field(default=120.0, kw_only=True)
    h: float = field(default=84.0, kw_only=True)

    def corner_radius(self) -> float:
        return 14.0

    @staticmethod
    def caption_px(size: tuple[int, int]) -> int:
        return max(6, round(size[1] * 0.17))

    def caption(self, vp: Viewport) -> tuple[list[str], float, float]:
        """The caption's lines as drawn at `vp`, the widest line's width and the room for it
        (window px): a test of plates whose words must fit."""
        size = self.pixel_size(vp)
        lines, px = caption_lines(self.label, self.caption_px(size), size[0] - 4, self.upper)
        f = font(px, True)
        return lines, max((f.size(ln)[0] for ln in lines), default=0), size[0] - 4

    def draw_body(self, target, vp: Viewport, faces: FaceCache) -> None:
        size = self.pixel_size(vp)
        s = vp.scale * self.scale

        def blank():
            plate = paint.rounded_rect(size, 14 * s, (22, 26, 32, 235), outline=GOLD + (150,),
                                       width=max(1.0, 2 * s), top=(44, 50, 60, 235))
            return with_shadow(plate, size[1], False)

        def build():
            value = str(self.value)
            lines = _caption_lines(self.label, self.caption_px(size), size[0] - 4, self.upper)
            cap_h = sum(c.get_height() for c in lines)
            room = size[1] - cap_h if lines else size[1]
            vpx = round(min(room * (0.8 if lines else 0.62), size[0] * 1.3 / max(2, len(value))))
            num = paint.text(value, max(6, vpx), (255, 250, 238), bold=True)
            top = max(1, round(size[1] * 0.06)) if lines else 0
            # the plate and its shadow are one per size: a new number is drawn over them (a
            # plate's blur was most of a move that changed a number, at a ratio of 2)
            shadowed = faces.memo(("counter-blank", size, round(s, 3)), blank).copy()
            m, drop = shadow_room(size[1])
            shadowed.blit(num, num.get_rect(center=(m + size[0] / 2, m + drop + (
                (top + cap_h + size[1]) / 2 if lines else size[1] / 2))))
            # the caption over the number, line by line, drawn on a canvas as wide as its widest
            # line: a word wider than the plate runs past its edges rather than losing letters
            sw, sh = shadowed.get_size()
            out_w = max(sw, max((c.get_width() for c in lines), default=0) + 2)
            out = pygame.Surface((out_w, sh), pygame.SRCALPHA)
            out.blit(shadowed, ((out_w - sw) // 2, 0))
            y = (sh - size[1]) // 2 + top
            for cap in lines:
                out.blit(cap, cap.get_rect(midtop=(out_w / 2, y)))
                y += cap.get_height()
            return out.convert_alpha()

        surf = faces.memo(("counter", str(self.value), self.label, self.upper, size), build)
        self.blit(target, surf, self.screen_center(vp))


def caption_lines(label: str, px: int, width: float, upper: bool = True) -> tuple[list[str], int]:
    """A plate's caption at `px` (lifted to the text floor), and that size: in capitals on one
    line where it fits, else in its own case on one line, else broken between words (a word is
    never cut; one wider than the plate runs past its edges a little rather than losing letters)."""
    if not label:
        return [], px
    px = textfloor.lift(px)
    f = font(px, True)
    if upper and f.size(label.upper())[0] <= width:
        return [label.upper()], px
    if f.size(label)[0] <= width:
        return [label], px
    lines, line = [], ""
    for word in label.split():
        trial = f"{line} {word}" if line else word
        if line and f.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line], px


def _caption_lines(label: str, px: int, width: float, upper: bool) -> list[pygame.Surface]:
    lines, px = caption_lines(label, px, width, upper)
    return [paint.text(ln, px, GOLD, bold=True) for ln in lines]


# Button palettes: (top, bottom, outline, text) per style and state.
_BUTTON = {
    ("primary", "normal"): ((250, 206, 110), (214, 150, 52), (255, 232, 170), (40, 26, 8)),
    ("primary", "hover"): ((255, 220, 135), (230, 166, 64), (255, 240, 195), (40, 26, 8)),
    ("primary", "pressed"): ((206, 146, 50), (232, 176, 80), (255, 226, 160), (40, 26, 8)),
    ("plain", "normal"): ((64, 74, 88), (40, 46, 56), (120, 132, 150), INK),
    ("plain", "hover"): ((80, 92, 108), (50, 58, 70), (160, 172, 190), (255, 255, 255)),
    ("plain", "pressed"): ((36, 42, 50), (56, 64, 76), (120, 132, 150), INK),
    ("disabled", "normal"): ((58, 62, 66), (48, 51, 55), (78, 82, 88), (130, 134, 138)),
}


@dataclass(eq=False)
class ButtonSprite(Sprite):
    """A rounded table button; the scene turns a click on it into ButtonPress."""

    text: str = ""
    enabled: bool = True
    primary: bool = False
    w: float = field(default=220.0, kw_only=True)
    h: float = field(default=60.0, kw_only=True)

    def corner_radius(self) -> float:
        return self.h * 0.3

    def state(self) -> tuple[str, str]:
        if not self.enabled:
            return ("disabled", "normal")
        style = "primary" if self.primary else "plain"
        return (style, "pressed" if self.pressed else "hover" if self.hovered else "normal")

    def draw_body(self, target, vp: Viewport, faces: FaceCache) -> None:
        size = self.pixel_size(vp)
        s = vp.scale * self.scale
        state = self.state()

        def build():
            top, bottom, line, ink = _BUTTON[state]
            body = paint.rounded_rect(size, self.h * 0.3 * s, bottom, outline=line,
                                      width=max(1.0, 1.5 * s), top=top)
            px = max(6, round(min(size[1] * 0.4, 26 * s)))
            label = paint.text(self.text, px, ink, bold=True)
            room = size[0] - 16 * s
            if label.get_width() > room:  # long captions shrink rather than spill
                px = max(6, int(px * room / label.get_width()))
                label = paint.text(self.text, px, ink, bold=True)
            words = self.text.split()
            while label.get_width() > room and len(words) > 1:   # at the text floor: whole words go
                words.pop()
                label = paint.text(" ".join(words).rstrip(",;:·-") + "…", px, ink, bold=True)
            body.blit(label, label.get_rect(center=(size[0] / 2, size[1] / 2 + (1 if state[1] == "pressed" else 0))))
            return with_shadow(body, size[1] * (0.6 if state[1] == "pressed" else 1.4), False)

        surf = faces.memo(("button", self.text, size, state), build)
        r = self.screen_rect(vp)
        self.blit(target, surf, (r.centerx, r.centery + (round(2 * s) if state[1] == "pressed" else 0)))


@dataclass(eq=False)
class LabelSprite(Sprite):
    """Text on the table (zone titles, scores, names); `x, y` is the `anchor` point."""

    text: str = ""
    size: int = 28
    color: tuple[int, int, int] = INK
    anchor: str = "topleft"        # any pygame.Rect point: topleft, center, midtop, ...
    bold: bool = False
    serif: bool = False
    shadow: bool = True

    def _box(self) -> tuple[float, float, float, float]:
        """The text's virtual rectangle, measured with the font at virtual size (the size the
        floor lifts it to on the table drawn now)."""
        size = self.size
        owner = self.__dict__.get("_owner")
        if owner is not None:
            size = textfloor.virtual_size(size, owner.viewport.scale * self.scale, owner.ratio)
        tw, th = font(round(size), self.bold, self.serif).size(self.text or " ")
        r = pygame.FRect(0, 0, tw, th)
        setattr(r, self.anchor, (self.x, self.y))
        return (r.x, r.y, r.w, r.h)

    @property
    def rect(self):
        return self._box()

    @property
    def center(self):
        x, y, w, h = self._box()
        return (x + w / 2, y + h / 2)

    def screen_rect(self, vp: Viewport) -> pygame.Rect:
        return vp.rect_to_screen(self._box())

    def hit(self, vx: float, vy: float) -> bool:
        x, y, w, h = self._box()
        return self.visible and x <= vx <= x + w and y <= vy <= y + h

    def draw_body(self, target, vp: Viewport, faces: FaceCache) -> None:
        if not self.text:
            return
        px = textfloor.lift(max(6, round(self.size * vp.scale * self.scale)))
        color = tuple(self.color)
        if self.shadow:
            surf = faces.memo(("label", self.text, px, color, self.bold, self.serif),
                              lambda: paint.shadowed_text(self.text, px, color, self.bold, self.serif)[0])
        else:
            surf = faces.memo(("label-plain", self.text, px, color, self.bold, self.serif),
                              lambda: paint.text(self.text, px, color, self.bold, self.serif))
        # The shadow pads the text evenly on every side, so centring on the plain text box works.
        rect = pygame.Rect((0, 0), font(px, self.bold, self.serif).size(self.text))
        sx, sy = vp.to_screen(self.x, self.y)
        setattr(rect, self.anchor, (round(sx), round(sy)))
        self.blit(target, surf, rect.center)


@dataclass(eq=False)
class Panel(Sprite):
    """A flat rounded panel (behind a menu, a banner, a pile being looked through; a slot; a chart
    bar), drawn crisp at any scale: it is painted at screen size, not scaled from a picture."""

    fill: tuple = (18, 22, 28, 200)
    top: tuple | None = None             # a vertical gradient from `top` to `fill`
    outline: tuple | None = None
    line: float = 2.0
    radius: float = 16.0
    w: float = field(default=100.0, kw_only=True)
    h: float = field(default=100.0, kw_only=True)

    def corner_radius(self) -> float:
        return self.radius

    def draw_body(self, target, vp: Viewport, faces: FaceCache) -> None:
        size = self.pixel_size(vp)
        s = vp.scale
        key = ("panel", size, tuple(self.fill), self.top and tuple(self.top),
               self.outline and tuple(self.outline), round(self.line * s, 1), round(self.radius * s))
        surf = faces.memo(key, lambda: paint.rounded_rect(
            size, self.radius * s, self.fill, outline=self.outline,
            width=max(1.0, self.line * s) if self.outline else 0, top=self.top))
        self.blit(target, surf, self.screen_center(vp))
