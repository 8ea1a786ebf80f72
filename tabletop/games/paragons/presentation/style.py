"""Colours, sizes and sprite ids shared by the modules of the Paragons battle table, and the two
small pieces only this table draws: the attack arrow and the empty board spaces.

Sprite ids (typed: `SpriteId(kind, *fields)`, read by kind and fields, tabletop.table.ids): a card
wherever it lies is `card:{id}` (so the playback can make it travel); a board space is
`space:{seat}:{i}`; a seat's Life die `life:{seat}`; a link of the chain `lnk:{i}` (a link holding
a card shows that card as `card:{id}` instead); piles are `pile:{zone}:{seat}`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame
from PIL import Image, ImageDraw

from tabletop.table.pil_text import font
from tabletop.table.presenter import GOLD, INK, MUTED, RED, short  # noqa: F401 (the modules take them from here)
from tabletop.table.sprites import Sprite
from tabletop.table.ids import SpriteId, number

LIFE = (196, 44, 52)           # the d20
MANA = (52, 112, 210)          # the d10 of the Mana Threshold
GREEN = (120, 210, 130)
EXHAUSTED = -90.0              # degrees: an exhausted card lies on its side
CLASS_RGB = {"warrior": (200, 64, 56), "mage": (70, 120, 220), "ranger": (70, 160, 90), "": (150, 150, 150)}


def cid(sprite_id: str | None) -> int | None:
    """The card a sprite shows (card:…)."""
    return number(sprite_id, "card")


def card_sid(c: int) -> SpriteId:
    """The sprite of card `c`, wherever it lies (cid's inverse)."""
    return SpriteId("card", c)


# --- the attack arrow -------------------------------------------------------------------------

@dataclass(eq=False)
class ArrowSprite(Sprite):
    """A thick red arrow from one point to another (virtual coordinates), over the cards."""

    start: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float] = (0.0, 0.0)
    color: tuple[int, int, int] = (232, 70, 58)
    width: float = field(default=12.0, kw_only=True)

    def place(self, start, end) -> None:
        self.start, self.end = start, end
        x0, y0 = min(start[0], end[0]), min(start[1], end[1])
        # the box spans the arrow (tests check every sprite lies on the table)
        self.x, self.y = x0, y0
        self.w, self.h = max(1.0, abs(end[0] - start[0])), max(1.0, abs(end[1] - start[1]))

    def hit(self, vx, vy) -> bool:          # an arrow never takes the pointer
        return False

    def draw_body(self, target, vp, faces) -> None:
        # drawn on a surface of its own, kept while the arrow stays, and blitted: the table
        # records its frames as blits (tabletop/table/frame.py)
        (sx, sy), (ex, ey) = vp.to_screen(*self.start), vp.to_screen(*self.end)
        key = (sx, sy, ex, ey, tuple(self.color), self.width, vp.scale)
        kept = self.__dict__.get("_drawn")
        if kept is None or kept[0] != key:
            kept = self._drawn = (key, *self._picture(vp, sx, sy, ex, ey))
        target.blit(kept[1], kept[2])

    def _picture(self, vp, sx, sy, ex, ey) -> tuple[pygame.Surface, tuple[int, int]]:
        """The arrow on a transparent surface, and where its top left goes (whole pixels, so
        every line lands as it would drawn in place)."""
        reach = math.ceil(max(40 * vp.scale, self.width * vp.scale * 2)) + 8
        left = math.floor(min(sx, ex)) - reach
        top = math.floor(min(sy, ey)) - reach
        surf = pygame.Surface((math.ceil(abs(ex - sx)) + 2 * reach + 2,
                               math.ceil(abs(ey - sy)) + 2 * reach + 2), pygame.SRCALPHA)
        self._draw_arrow(surf, vp, sx - left, sy - top, ex - left, ey - top)
        return surf, (left, top)

    def _draw_arrow(self, surf, vp, sx, sy, ex, ey) -> None:
        ang = math.atan2(ey - sy, ex - sx)
        head = 34 * vp.scale
        bx, by = ex - math.cos(ang) * head, ey - math.sin(ang) * head
        w = max(2, round(self.width * vp.scale))
        nx, ny = -math.sin(ang), math.cos(ang)
        pts = [(ex, ey), (bx + nx * head * 0.6, by + ny * head * 0.6),
               (bx - nx * head * 0.6, by - ny * head * 0.6)]
        shadow = [(x + 3 * vp.scale, y + 4 * vp.scale) for x, y in pts]
        pygame.draw.line(surf, (20, 10, 10), (sx + 3 * vp.scale, sy + 4 * vp.scale),
                         (bx + 3 * vp.scale, by + 4 * vp.scale), w + 2)
        pygame.draw.polygon(surf, (20, 10, 10), shadow)
        pygame.draw.line(surf, (255, 220, 200), (sx, sy), (bx, by), w + max(2, round(3 * vp.scale)))
        pygame.draw.line(surf, self.color, (sx, sy), (bx, by), w)
        pygame.draw.polygon(surf, (255, 220, 200), pts)
        inner = [(ex - math.cos(ang) * 4 * vp.scale, ey - math.sin(ang) * 4 * vp.scale),
                 (bx + nx * head * 0.45, by + ny * head * 0.45), (bx - nx * head * 0.45, by - ny * head * 0.45)]
        pygame.draw.polygon(surf, self.color, inner)
        pygame.draw.circle(surf, self.color, (round(sx), round(sy)), max(3, round(w * 0.9)))


# --- panels and board spaces (Pillow images, cached by the face cache) -------------------------

def space_image(size, front: bool | None, tint, k: int = 1):
    """An empty board space: a soft inset in the felt, marked Front or Back (None: unmarked, an
    empty pile). `size` in table pixels, drawn `k` times as large (sharp on a 200% screen)."""
    w, h = size[0] * k, size[1] * k
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = max(6 * k, w // 9)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=r, fill=(0, 0, 0, 58),
                        outline=tuple(tint) + (120,), width=max(2 * k, w // 60))
    d.rounded_rectangle((6 * k, 6 * k, w - 1 - 6 * k, h - 1 - 6 * k), radius=r - 3 * k,
                        outline=(255, 255, 255, 26), width=k)
    if front is None:
        return img
    f = font(max(10 * k, w * 2 // 17), bold=True)    # a space half its size at 1280x720: 11 px
    text = "FRONT" if front else "BACK"
    tw = d.textlength(text, font=f)
    d.text(((w - tw) / 2, h / 2 - f.size / 2), text, font=f, fill=(255, 255, 255, 60))
    return img
