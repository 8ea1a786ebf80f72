"""A hex board on the table: tiles laid out from map data inside a layout zone, hex-shaped hit
testing, the reachable hexes of a piece highlighted, and the path it would walk drawn while it
is dragged (or while a reachable hex has the pointer or the keyboard focus).

The board is one sprite that draws everything (tiles, highlight, path) plus one invisible cell
sprite per hex, `"<board id>:<q>,<r>"`, that takes the input: cells are what a click or a drop
lands on and what the keyboard steps through, so hexes work with the scene's ordinary intents.
Which hexes are reachable, and by which paths, the presenter hands in from the engine (the
geometry is tabletop.core.hexgrid); the board decides nothing.

    board = HexBoard("arena", hexmap, layout.zones["arena"].rect, areas={"deploy 1": BLUE})
    board.put_into(scene)
    board.show_moves("champ:3", origin, reachable(origin, 3, hexmap.hexes, blocked))
    scene.droppable(board.cell_ids())            # every hex is a drop target; the engine judges
    ...
    Drop("champ:3", "arena:2,-1", ...)  ->  board.hex_of("arena:2,-1") == Hex(2, -1)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping

import pygame
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from tabletop.core.hexgrid import Hex, HexMap, HexPixels, fit, neighbours

from . import paint, textfloor
from .base import HIGHLIGHT_COLORS, Sprite
from .faces import FaceCache, pil_to_surface
from .fonts import font
from .ids import SpriteId, sprite_id
from .layout import Viewport, Zone

RGB = tuple[int, int, int]

PLAIN: RGB = (196, 176, 136)             # sandstone flags
GROUT: RGB = (58, 48, 36)
TERRAIN: dict[str, RGB] = {               # a game may pass its own
    "plain": PLAIN,
    "statue": (92, 96, 108),
    "wall": (70, 66, 62),
    "trap": (176, 148, 112),
    "water": (70, 128, 168),
    "rough": (150, 140, 104),
}
REACH = HIGHLIGHT_COLORS["glow"]
PATH_INK = (255, 248, 230)
PATH_EDGE = (40, 28, 14)
NO_WAY = HIGHLIGHT_COLORS["warn"]
SS = 2                                      # supersampling of the Pillow drawings
DOUBLE = [min(255, v * 2) for v in range(256)]   # a lookup table for Image.point


@dataclass(eq=False)
class HexCell(Sprite):
    """The input side of one hex: invisible, hit inside its hexagon only."""

    hex: Hex = Hex(0, 0)
    radius: float = 40.0                     # centre to corner, virtual pixels
    pointy: bool = True

    def corner_radius(self) -> float:        # the focus ring is a circle round the hex
        return min(self.w, self.h) / 2

    def hit(self, vx: float, vy: float) -> bool:
        if not self.visible:
            return False
        cx, cy = self.center
        return _inside_hexagon(vx - cx, vy - cy, self.radius, self.pointy)

    def draw_body(self, target, vp: Viewport, faces: FaceCache) -> None:
        pass                                 # the board draws the tile

    def draw_decor(self, target, vp: Viewport, faces: FaceCache) -> None:
        pass


def _inside_hexagon(dx: float, dy: float, r: float, pointy: bool) -> bool:
    if not pointy:
        dx, dy = dy, dx
    ax, ay = abs(dx), abs(dy)
    half_w = r * math.sqrt(3) / 2
    return ax <= half_w and ay <= r - ax / math.sqrt(3)


@dataclass(eq=False)
class HexBoardSprite(Sprite):
    """The drawing side of the board (see the module's note). `x, y, w, h` is the zone's rect."""

    hexmap: HexMap = field(default_factory=lambda: HexMap(frozenset()))
    pointy: bool = True
    margin: float = 16.0
    terrain_colors: Mapping[str, RGB] = field(default_factory=lambda: dict(TERRAIN))
    area_colors: Mapping[str, RGB] = field(default_factory=dict)
    reachable: frozenset[Hex] = frozenset()          # highlighted hexes
    paths: Mapping[Hex, list[Hex]] = field(default_factory=dict)   # from hexgrid.reachable
    origin: Hex | None = None                         # where the moving piece stands
    piece: str | None = None                          # its sprite id: dragging it draws a path
    path: list[Hex] | None = None                     # a path shown regardless (a hint)
    # end hex (or the origin) -> the hexes an action after the move would reach from there:
    # ringed for the hex pointed at, so the player sees what a move gives before making it
    aims: Mapping[Hex, tuple[Hex, ...]] = field(default_factory=dict)

    # -- geometry ---------------------------------------------------------------------------
    def _memo(self, what: str, inputs: tuple, build):
        """A value kept while its inputs are the same objects and values (the map is immutable,
        so a new map is a new object)."""
        cache = self.__dict__.setdefault("_cache", {})
        hit = cache.get(what)
        if hit is not None and len(hit[0]) == len(inputs) and all(
                a is b or a == b for a, b in zip(hit[0], inputs)):
            return hit[1]
        value = build()
        cache[what] = (inputs, value)
        return value

    @property
    def pixels(self) -> HexPixels:
        """Hex centres and sizes in virtual coordinates."""
        return self._memo("pixels", (self.hexmap, self.rect, self.pointy, self.margin),
                          lambda: fit(self.hexmap.hexes, self.rect, self.pointy, self.margin))

    @property
    def _key(self) -> tuple:
        """What the tiles' picture depends on (the cache key of the drawn board)."""
        return self._memo("key", (self.hexmap, dict(self.terrain_colors), dict(self.area_colors),
                                  self.pointy, self.margin),
                          lambda: (hash(repr(self.hexmap.to_json())),
                                   tuple(sorted(self.terrain_colors.items())),
                                   tuple(sorted(self.area_colors.items())), self.pointy, self.margin))

    def screen_pixels(self, vp: Viewport) -> HexPixels:
        px = self.pixels
        return HexPixels(px.size * vp.scale, vp.to_screen(*px.origin), px.pointy)

    def hex_at(self, vx: float, vy: float) -> Hex | None:
        """The board's hex under a virtual point, or None off the board."""
        h = self.pixels.hex_at(vx, vy)
        return h if h in self.hexmap else None

    def hex_center(self, h: Hex) -> tuple[float, float]:
        return self.pixels.center(h)

    def hit(self, vx: float, vy: float) -> bool:
        return self.visible and self.hex_at(vx, vy) is not None

    def cell_id(self, h: Hex) -> SpriteId:
        return SpriteId(self.id, (h.q, h.r))

    def hex_of(self, target: str | None) -> Hex | None:
        """The hex a cell id names (a Click or Drop target), or None for anything else."""
        sid = sprite_id(target) if target else None
        if sid is None or sid.kind != self.id or not isinstance(sid.at(0), tuple):
            return None
        h = Hex(*sid.at(0))
        return h if h in self.hexmap else None

    # -- what the presenter sets --------------------------------------------------------------
    def show_moves(self, piece: str | None, origin: Hex, paths: Mapping[Hex, list[Hex]],
                   aims: Mapping[Hex, list[Hex]] | None = None) -> None:
        """Highlight where `piece` (standing on `origin`) can go; its drag draws the path, and
        `aims` (end hex -> hexes) the targets ringed from the hex pointed at."""
        self.piece, self.origin = piece, origin
        self.paths = dict(paths)
        self.reachable = frozenset(paths)
        self.aims = {h: tuple(ts) for h, ts in (aims or {}).items()}

    def clear_moves(self) -> None:
        self.piece, self.origin, self.paths, self.reachable, self.path = None, None, {}, frozenset(), None
        self.aims = {}

    def aimed(self) -> tuple[Hex, ...]:
        """The hexes ringed now: those reached from the hex pointed at, or from where the piece
        stands while no reachable hex is pointed at."""
        if not self.aims:
            return ()
        h = self.pointed_hex()
        return self.aims.get(h if h is not None else self.origin, ())

    def pointed_hex(self) -> Hex | None:
        """The hex the player points at for the moving piece: the drop target while it is
        dragged, else a hovered or focused cell."""
        scene = self.__dict__.get("_owner")
        if scene is None:
            return None
        if self.piece is not None and scene.dragging == self.piece:
            return self.hex_of(scene.drop_hover)
        if scene.dragging is None:
            for sid in (scene.focus_id, scene.hover_id):
                h = self.hex_of(sid)
                if h is not None and h in self.reachable:
                    return h
        return None

    def shown_path(self) -> tuple[list[Hex], bool] | None:
        """(hexes from the origin, reachable?) of the path to draw now, or None."""
        if self.path:
            start = [self.origin] if self.origin is not None else []
            return start + list(self.path), True
        h = self.pointed_hex()
        if h is None or self.origin is None or h == self.origin:
            return None
        if h in self.paths:
            return [self.origin] + list(self.paths[h]), True
        return [h], False

    # -- drawing ------------------------------------------------------------------------------
    def draw_body(self, target: pygame.Surface, vp: Viewport, faces: FaceCache) -> None:
        if not self.hexmap.hexes:
            return
        spx = self.screen_pixels(vp)
        # the bounds' 360 corners cost a millisecond a frame: kept while the window is the same
        box = pygame.Rect(self._memo("box", (self._key, vp.window, vp.scale), lambda: _bounds(
            spx, self.hexmap.hexes, pad=max(4, round(18 * vp.scale)))))
        # kept with the table's layers: drawn once a match (ahead, while a room is shown), it
        # must outlive the cards' churn through memory
        tiles = faces.layer(("hexboard", self._key, vp.window, vp.scale), lambda: self._tiles(spx, box))
        target.blit(tiles, box.topleft)
        if self.reachable:
            # drawn over the reachable hexes' own bounds (with room for the halo), not the
            # whole board: a new set of hexes is a fraction of the pixels to draw and blur
            key = ("hexreach", self._key, vp.window, vp.scale, self.reachable)
            reach = pygame.Rect(self._memo("reach", key, lambda: _bounds(
                spx, self.reachable, pad=max(4, math.ceil(spx.size * 0.5)))))
            glow = faces.memo(key, lambda: self._reach(spx, reach))
            target.blit(glow, reach.topleft)
        shown = self.shown_path()
        if shown is not None:
            hexes, ok = shown
            key = ("hexpath", self._key, vp.window, vp.scale, tuple(hexes), ok)
            surf = faces.memo(key, lambda: self._path(spx, hexes, ok))
            target.blit(surf, _path_box(spx, hexes).topleft)
        for h in self.aimed():
            key = ("hexaim", self._key, vp.window, vp.scale)
            ring = faces.memo(key, lambda: self._aim_ring(spx))
            cx, cy = spx.center(h)
            target.blit(ring, ring.get_rect(center=(round(cx), round(cy))))

    def draw_decor(self, target, vp: Viewport, faces: FaceCache) -> None:
        pass                                  # highlights are hex-shaped, drawn above

    def _tiles(self, spx: HexPixels, box: pygame.Rect) -> pygame.Surface:
        """Tiles with grout, a bevel, terrain colours, area tints and area borders, and a soft
        shadow under the whole board; drawn once per window size."""
        W, H = box.w * SS, box.h * SS
        ox, oy = box.x, box.y

        def pts(h: Hex, inset: float = 0.0):
            return [((x - ox) * SS, (y - oy) * SS) for x, y in spx.corners(h, inset)]

        img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        grout = max(1.0, spx.size * 0.07)
        for h in self.hexmap.hexes:
            d.polygon(pts(h), fill=GROUT + (255,))
        for h in self.hexmap.hexes:
            kind = self.hexmap.terrain_of(h) or "plain"
            base = tuple(self.terrain_colors.get(kind, PLAIN))
            for name in self.hexmap.areas_of(h):
                if name in self.area_colors:
                    base = paint.mix(base, self.area_colors[name], 0.55)
            # a light upper rim and a darker lower rim, then the face: the flag looks laid
            d.polygon(pts(h, grout), fill=paint.shade(base, -0.28) + (255,))
            top = pts(h, grout)
            cx, cy = ((spx.center(h)[0] - ox) * SS, (spx.center(h)[1] - oy) * SS)
            d.polygon([top[i] for i in (5, 0, 1)] + [(cx, cy)] if spx.pointy else
                      [top[i] for i in (3, 4, 5)] + [(cx, cy)], fill=paint.shade(base, 0.22) + (255,))
            d.polygon(pts(h, grout + spx.size * 0.07), fill=base + (255,))
            _terrain_mark(d, kind, (cx, cy), spx.size * SS, base)
        for name, hs in self.hexmap.areas.items():
            color = self.area_colors.get(name)
            if color is None:
                continue
            for h in hs:
                for a, b in _border_edges(spx, h, hs):
                    d.line([((a[0] - ox) * SS, (a[1] - oy) * SS), ((b[0] - ox) * SS, (b[1] - oy) * SS)],
                           fill=paint.shade(color, 0.25) + (255,), width=max(2, round(grout * SS * 0.9)))
        img = img.reduce(SS)
        shadow, m = paint.soft_shadow(img.getchannel("A"), max(2.0, spx.size * 0.18), 0.75)
        out = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
        drop = max(1, round(spx.size * 0.08))
        out.blit(shadow, (-m + drop, -m + drop))
        out.blit(pil_to_surface(img), (0, 0))
        return out

    def _reach(self, spx: HexPixels, box: pygame.Rect) -> pygame.Surface:
        """The reachable hexes: a warm wash inside, a glowing line round the outside of the set."""
        W, H = box.w * SS, box.h * SS
        ox, oy = box.x, box.y
        fill = Image.new("L", (W, H), 0)
        edges = Image.new("L", (W, H), 0)
        fd, ed = ImageDraw.Draw(fill), ImageDraw.Draw(edges)
        inset = spx.size * 0.09
        for h in self.reachable:
            fd.polygon([((x - ox) * SS, (y - oy) * SS) for x, y in spx.corners(h, inset)], fill=70)
            for a, b in _border_edges(spx, h, self.reachable):
                ed.line([((a[0] - ox) * SS, (a[1] - oy) * SS), ((b[0] - ox) * SS, (b[1] - oy) * SS)],
                        fill=255, width=max(2, round(spx.size * 0.07 * SS)))
        fill, edges = fill.reduce(SS), edges.reduce(SS)       # anti-aliased
        # the halo is soft: blurred at half the size and scaled back, a quarter of the pixels
        # (a reach shown at a ratio of 2 took up to 60 ms of its move blurring at full size)
        small = edges.reduce(2).filter(ImageFilter.GaussianBlur(spx.size * 0.06))
        halo = small.resize(edges.size, Image.BILINEAR).point(DOUBLE)
        alpha = ImageChops.lighter(ImageChops.lighter(fill, halo), edges)
        img = Image.new("RGBA", (box.w, box.h), REACH + (0,))
        img.putalpha(alpha)
        return pil_to_surface(img)

    def _aim_ring(self, spx: HexPixels) -> pygame.Surface:
        """A target's ring: a red circle with four ticks, as a sight, inside one hex."""
        r = spx.size * SS * 0.78
        n = round(r * 2 + spx.size * SS * 0.4)
        img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        c = n / 2
        for colour, width in ((PATH_EDGE + (200,), 0.16), (NO_WAY + (255,), 0.09)):
            w = round(spx.size * SS * width)
            d.ellipse([c - r, c - r, c + r, c + r], outline=colour, width=w)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                d.line([(c + dx * r * 0.7, c + dy * r * 0.7), (c + dx * r * 1.2, c + dy * r * 1.2)],
                       fill=colour, width=w)
        return pil_to_surface(img.reduce(SS))

    def _path(self, spx: HexPixels, hexes: list[Hex], ok: bool) -> pygame.Surface:
        """A polyline through the centres with a dot on each step and a marker at the end
        holding the number of steps (a red ring with a cross where the piece cannot go)."""
        box = _path_box(spx, hexes)
        W, H = box.w * SS, box.h * SS
        img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        s = spx.size * SS
        c = [((x - box.x) * SS, (y - box.y) * SS) for x, y in (spx.center(h) for h in hexes)]
        if ok and len(c) > 1:
            d.line(c, fill=PATH_EDGE + (200,), width=round(s * 0.2), joint="curve")
            d.line(c, fill=PATH_INK + (255,), width=round(s * 0.11), joint="curve")
            for p in c[1:-1]:
                _disc(d, p, s * 0.1, PATH_INK, PATH_EDGE, s * 0.035)
            _disc(d, c[0], s * 0.16, PATH_INK, PATH_EDGE, s * 0.04)
        end = c[-1]
        color = REACH if ok else NO_WAY
        # the end hex outlined (it shows round the piece held over it)
        rim = [((x - box.x) * SS, (y - box.y) * SS) for x, y in spx.corners(hexes[-1], spx.size * 0.1)]
        d.polygon(rim, outline=PATH_EDGE + (200,), width=round(s * 0.13))
        d.polygon(rim, outline=color + (255,), width=round(s * 0.07))
        if ok:              # the number of steps, below the piece
            b = (end[0], end[1] + s * 0.64)
            _disc(d, b, s * 0.25, color, PATH_EDGE, s * 0.04)
            steps = str(len(hexes) - 1)
            px = max(round(s * 0.36), textfloor.lift(6) * SS)
            textfloor.drawn(px / SS, steps)
            f = font(px, True)
            tw, th = f.size(steps)
            glyph = Image.frombytes("RGBA", (tw, th), pygame.image.tobytes(
                f.render(steps, True, (40, 26, 8)).convert_alpha(), "RGBA"))
            img.alpha_composite(glyph, (round(b[0] - tw / 2), round(b[1] - th / 2)))
        else:               # a cross: the piece cannot stop there
            k = s * 0.28
            for a, e in (((-k, -k), (k, k)), ((-k, k), (k, -k))):
                seg = [(end[0] + a[0], end[1] + a[1]), (end[0] + e[0], end[1] + e[1])]
                d.line(seg, fill=PATH_EDGE + (200,), width=round(s * 0.17))
                d.line(seg, fill=NO_WAY + (255,), width=round(s * 0.1))
        return pil_to_surface(img.reduce(SS))


class HexBoard:
    """The board sprite and its cells, put on a scene together. A map with the same hexes may
    be swapped in (`board.hexmap = ...`: terrain, areas); other hexes need a new board."""

    def __init__(self, board_id: str, hexmap: HexMap, rect, pointy: bool = True,
                 terrain_colors: Mapping[str, RGB] | None = None,
                 areas: Mapping[str, RGB] | None = None, z: float = -50, margin: float = 16.0):
        x, y, w, h = rect
        self.sprite = HexBoardSprite(board_id, hexmap=hexmap, pointy=pointy, margin=margin,
                                     terrain_colors=dict(terrain_colors or TERRAIN),
                                     area_colors=dict(areas or {}), x=x, y=y, w=w, h=h, z=z)
        px = self.sprite.pixels
        self.cells: dict[Hex, HexCell] = {}
        for hx in sorted(hexmap.hexes):
            cx, cy = px.center(hx)
            self.cells[hx] = HexCell(self.sprite.cell_id(hx), hex=hx, radius=px.size, pointy=pointy,
                                     x=cx - px.width / 2, y=cy - px.height / 2,
                                     w=px.width, h=px.height, z=z + 0.5)

    @classmethod
    def in_zone(cls, zone: Zone, hexmap: HexMap, **kw) -> "HexBoard":
        """A board filling a layout zone (kind "hex"); the zone's id names the board."""
        return cls(zone.id, hexmap, zone.rect, **kw)

    def put_into(self, scene) -> None:
        scene.put(self.sprite)
        for cell in self.cells.values():
            scene.put(cell)

    def cell_ids(self, hexes=None) -> set[str]:
        return {self.sprite.cell_id(h) for h in (self.cells if hexes is None else hexes)}

    # The board reads and writes as its sprite does (show_moves, hex_of, path, reachable, ...).
    def __getattr__(self, name):
        return getattr(self.sprite, name)

    def __setattr__(self, name, value):
        if name in ("sprite", "cells"):
            object.__setattr__(self, name, value)
        else:
            setattr(self.sprite, name, value)


# --- drawing helpers -------------------------------------------------------------------------
def _bounds(spx: HexPixels, hexes, pad: int) -> pygame.Rect:
    xs, ys = [], []
    for h in hexes:
        for x, y in spx.corners(h):
            xs.append(x)
            ys.append(y)
    left, top = math.floor(min(xs)) - pad, math.floor(min(ys)) - pad
    return pygame.Rect(left, top, math.ceil(max(xs)) + pad - left, math.ceil(max(ys)) + pad - top)


def _path_box(spx: HexPixels, hexes: list[Hex]) -> pygame.Rect:
    return _bounds(spx, hexes, pad=2)


def _border_edges(spx: HexPixels, h: Hex, inside) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The edges of `h` facing hexes outside the set `inside` (its outline), as corner pairs."""
    cs = spx.corners(h)
    mids = [((cs[i][0] + cs[(i + 1) % 6][0]) / 2, (cs[i][1] + cs[(i + 1) % 6][1]) / 2) for i in range(6)]
    out = []
    for n in neighbours(h):
        if n in inside:
            continue
        nx, ny = spx.center(n)
        hx, hy = spx.center(h)
        mx, my = (nx + hx) / 2, (ny + hy) / 2
        i = min(range(6), key=lambda k: (mids[k][0] - mx) ** 2 + (mids[k][1] - my) ** 2)
        out.append((cs[i], cs[(i + 1) % 6]))
    return out


def _disc(d: ImageDraw.ImageDraw, p, r: float, fill: RGB, edge: RGB, width: float) -> None:
    d.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=fill + (255,), outline=edge + (220,),
              width=max(1, round(width)))


def _terrain_mark(d: ImageDraw.ImageDraw, kind: str, c, s: float, base: RGB) -> None:
    """A small emblem so a terrain reads without colour alone."""
    x, y = c
    dark, light = paint.shade(base, -0.45) + (255,), paint.shade(base, 0.35) + (255,)
    if kind == "statue":          # a plinth with a standing figure
        d.rectangle((x - s * 0.3, y + s * 0.22, x + s * 0.3, y + s * 0.36), fill=dark)
        d.rectangle((x - s * 0.12, y - s * 0.2, x + s * 0.12, y + s * 0.22), fill=light)
        d.ellipse((x - s * 0.13, y - s * 0.44, x + s * 0.13, y - s * 0.18), fill=light)
    elif kind == "trap":          # a dashed ring
        r = s * 0.34
        for a in range(0, 360, 40):
            d.arc((x - r, y - r, x + r, y + r), a, a + 22, fill=dark, width=max(2, round(s * 0.06)))
    elif kind == "water":         # ripples
        for k in (-0.15, 0.12):
            d.arc((x - s * 0.3, y + k * s - s * 0.12, x + s * 0.3, y + k * s + s * 0.12), 200, 340,
                  fill=light, width=max(2, round(s * 0.05)))
    elif kind == "rough":         # pebbles
        for dx, dy in ((-0.2, -0.1), (0.15, -0.18), (0.05, 0.15), (-0.12, 0.22), (0.25, 0.1)):
            r = s * 0.06
            d.ellipse((x + dx * s - r, y + dy * s - r, x + dx * s + r, y + dy * s + r), fill=dark)
