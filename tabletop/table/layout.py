"""Virtual table space, its mapping to the window, and zones loaded from layout JSON.

Layouts are authored in a virtual 1920x1080 space; the Viewport scales that
uniformly into whatever window we get and centres it (letterboxing), so a
layout never stretches.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from tabletop import resources

VIRTUAL = (1920, 1080)


class Viewport:
    """Uniform scale plus centring offset from virtual coordinates to window pixels."""

    def __init__(self, window_w: int, window_h: int, virtual: tuple[int, int] = VIRTUAL):
        self.window = (max(1, int(window_w)), max(1, int(window_h)))
        self.virtual = virtual
        self.scale = min(self.window[0] / virtual[0], self.window[1] / virtual[1])
        self.offset = ((self.window[0] - virtual[0] * self.scale) / 2,
                       (self.window[1] - virtual[1] * self.scale) / 2)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return self.offset[0] + x * self.scale, self.offset[1] + y * self.scale

    def to_virtual(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.offset[0]) / self.scale, (y - self.offset[1]) / self.scale

    def px(self, length: float) -> int:
        """A virtual length in whole window pixels (at least 1)."""
        return max(1, round(length * self.scale))

    def rect_to_screen(self, rect) -> pygame.Rect:
        """A virtual (x, y, w, h) as a window pygame.Rect; edges rounded so neighbours meet."""
        x, y, w, h = rect
        left, top = self.to_screen(x, y)
        right, bottom = self.to_screen(x + w, y + h)
        l, t = round(left), round(top)
        return pygame.Rect(l, t, round(right) - l, round(bottom) - t)

    @property
    def content(self) -> pygame.Rect:
        """The window area the virtual table occupies (inside the letterbox bars)."""
        return self.rect_to_screen((0, 0) + tuple(self.virtual))

    def __eq__(self, other) -> bool:
        return isinstance(other, Viewport) and (self.window, self.virtual) == (other.window, other.virtual)

    def __repr__(self) -> str:
        return f"Viewport({self.window[0]}x{self.window[1]}, scale={self.scale:.3f})"


@dataclass
class Zone:
    """A named area of the table where pieces sit, with how they are arranged."""

    id: str
    rect: tuple[float, float, float, float]
    label: str = ""
    kind: str = "row"        # row | fan | stack | grid | area | hex (a board: table/hexzone.py)
    spacing: float | None = None
    hidden: bool = False     # laid out but not drawn (e.g. an invisible drop area)

    def contains(self, vx: float, vy: float) -> bool:
        x, y, w, h = self.rect
        return x <= vx < x + w and y <= vy < y + h

    @property
    def center(self) -> tuple[float, float]:
        x, y, w, h = self.rect
        return x + w / 2, y + h / 2

    def positions(self, n: int, item_size: tuple[float, float],
                  overlap: float | None = None) -> list[tuple[float, float]]:
        """Top-left virtual positions for `n` items of `item_size` arranged by `kind`.

        `overlap` is the step between items for fans and stacks (and the gap for
        rows and grids), overriding the zone's spacing. Rows and fans squeeze
        their step when needed so every item stays inside the zone.
        """
        if n <= 0:
            return []
        step = overlap if overlap is not None else self.spacing
        if self.kind == "fan":
            return self._line(n, item_size, item_size[0] * 0.32 if step is None else step, gap=False)
        if self.kind == "stack":
            return self._stack(n, item_size, 1.2 if step is None else step)
        if self.kind in ("grid", "area"):
            return self._grid(n, item_size, 14 if step is None else step)
        return self._line(n, item_size, 14 if step is None else step, gap=True)

    def _line(self, n, size, step, gap):
        x, y, w, h = self.rect
        iw, ih = size
        pitch = iw + step if gap else step
        if n > 1 and iw + (n - 1) * pitch > w:
            pitch = max(0.0, (w - iw) / (n - 1))  # squeeze so the last item stays inside
        total = iw + (n - 1) * pitch
        x0 = x + (w - total) / 2
        y0 = y + (h - ih) / 2
        return [(x0 + i * pitch, y0) for i in range(n)]

    def _stack(self, n, size, step):
        x, y, w, h = self.rect
        iw, ih = size
        # Thickness shows, but a deep pile must not wander out of its zone.
        step = min(step, max(0.0, (w - iw) / max(1, n - 1)), max(0.0, (h - ih) / max(1, n - 1)), 24 / max(1, n - 1))
        depth = step * (n - 1)
        x0 = x + (w - iw - depth) / 2
        y0 = y + (h - ih + depth) / 2
        return [(x0 + i * step, y0 - i * step) for i in range(n)]

    def _grid(self, n, size, gap):
        x, y, w, h = self.rect
        iw, ih = size
        cols = max(1, min(n, int((w + gap) // (iw + gap))))
        rows = math.ceil(n / cols)
        pitch_y = ih + gap
        if rows > 1 and ih + (rows - 1) * pitch_y > h:
            pitch_y = max(0.0, (h - ih) / (rows - 1))
        block_w = cols * iw + (cols - 1) * gap
        block_h = ih + (rows - 1) * pitch_y
        x0 = x + max(0.0, (w - block_w) / 2)
        y0 = y + max(0.0, (h - block_h) / 2)
        return [(x0 + (i % cols) * (iw + gap), y0 + (i // cols) * pitch_y) for i in range(n)]


@dataclass
class Layout:
    """A table layout: its virtual size, zones in drawing order, and the usual card size."""

    size: tuple[int, int] = VIRTUAL
    zones: dict[str, Zone] = field(default_factory=dict)
    card_size: tuple[int, int] = (150, 210)
    # May the table grow taller than authored to fill a window narrower than 16:9? Zones then
    # stretch in height and move down in proportion (cards keep their size); see `fitted`.
    stretch: bool = False
    _fits: dict = field(default_factory=dict, repr=False, compare=False)
    base: "Layout | None" = field(default=None, repr=False, compare=False)    # what this was fitted from

    def fitted(self, height: float) -> "Layout":
        """This layout on a canvas `height` tall (at least the authored height): every zone's top
        and height scaled by the same factor. The authored layout when it may not stretch."""
        height = int(height)
        if not self.stretch or height <= self.size[1]:
            return self
        if height not in self._fits:
            k = height / self.size[1]
            zones = {zid: Zone(id=z.id, rect=(z.rect[0], z.rect[1] * k, z.rect[2], z.rect[3] * k),
                               label=z.label, kind=z.kind, spacing=z.spacing, hidden=z.hidden)
                     for zid, z in self.zones.items()}
            self._fits = {height: Layout(size=(self.size[0], height), zones=zones, card_size=self.card_size,
                                         stretch=True, base=self)}
        return self._fits[height]

    @classmethod
    def from_json(cls, data: dict) -> "Layout":
        zones = {}
        for zid, z in data.get("zones", {}).items():
            zones[zid] = Zone(id=zid, rect=tuple(float(v) for v in z["rect"]),
                              label=z.get("label", ""), kind=z.get("kind", "row"),
                              spacing=z.get("spacing"), hidden=bool(z.get("hidden", False)))
        return cls(size=tuple(data.get("size", VIRTUAL)), zones=zones,
                   card_size=tuple(data.get("card_size", (150, 210))), stretch=bool(data.get("stretch", False)))

    @classmethod
    def load(cls, game_id: str, players: int) -> "Layout":
        return cls.from_json(resources.layout(game_id, players))

    def zone_at(self, vx: float, vy: float) -> Zone | None:
        """The topmost (last listed) zone containing the point."""
        for zone in reversed(list(self.zones.values())):
            if zone.contains(vx, vy):
                return zone
        return None
