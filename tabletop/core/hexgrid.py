"""Hex geometry for board games on hexes: coordinates, distance, straight rows, line of sight,
reachable hexes with their paths, rings, maps as JSON-friendly data, and the pixel maths a table
needs to draw and hit-test them.

Coordinates are axial (q, r) with the cube coordinate s = -q - r implied (the conventions of
Red Blob Games' "Hexagonal Grids"). Everything here is pure Python: engines and bots use it,
the pygame table lays its hex zone out with the same functions.

Line of sight (the rule games built on this kit share, stated once):
  The line runs from the centre of one hex to the centre of the other. It is blocked when a
  blocking hex lies on it, the two end hexes excepted (a figure never blocks its own shot or
  the target). A line that runs exactly along the edge between two hexes sees past them unless
  BOTH are blocking: the line is traced twice, nudged a hair to either side, and it is clear
  when either trace is clear.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Mapping


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: "Hex") -> "Hex":
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, k: int) -> "Hex":
        return Hex(self.q * k, self.r * k)

    def to_json(self) -> list[int]:
        return [self.q, self.r]

    @classmethod
    def from_json(cls, data) -> "Hex":
        q, r = data
        return cls(int(q), int(r))

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


# The six directions, counter-clockwise from "east" (+q). Opposite of i is (i + 3) % 6.
DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def direction(i: int) -> Hex:
    return DIRECTIONS[i % 6]


def neighbour(h: Hex, i: int) -> Hex:
    return h + DIRECTIONS[i % 6]


def neighbours(h: Hex) -> list[Hex]:
    return [h + d for d in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an open board."""
    d = a - b
    return max(abs(d.q), abs(d.r), abs(d.s))


# --- straight rows ----------------------------------------------------------------------------
def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction index (0..5) of the hex row that leads from `a` to `b`, or None when
    they share no row (or are the same hex)."""
    d = b - a
    n = distance(a, b)
    if n == 0:
        return None
    for i, step in enumerate(DIRECTIONS):
        if step.scaled(n) == d:
            return i
    return None


def same_row(a: Hex, b: Hex) -> bool:
    """True when `b` is in one of the six straight rows through `a` (not `a` itself)."""
    return direction_between(a, b) is not None


def ray(start: Hex, dir_index: int, length: int) -> list[Hex]:
    """The `length` hexes after `start` along a row (start excluded)."""
    step = DIRECTIONS[dir_index % 6]
    return [start + step.scaled(k) for k in range(1, length + 1)]


def slide(start: Hex, dir_index: int, length: int, stops: Callable[[Hex], bool]) -> list[Hex]:
    """The hexes a piece crosses when pushed, pulled or dashing along a row: up to `length`
    steps, ending before the first hex for which `stops` is true. The shortfall is
    `length - len(result)` (Champions' Brawl deals that as damage)."""
    out: list[Hex] = []
    for h in ray(start, dir_index, length):
        if stops(h):
            break
        out.append(h)
    return out


# --- lines and line of sight ------------------------------------------------------------------
def cube_round(fq: float, fr: float) -> Hex:
    """The hex containing fractional axial coordinates."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def _trace(a: Hex, b: Hex, nudge: float) -> list[Hex]:
    n = distance(a, b)
    if n == 0:
        return [a]
    # The nudge is a hair along (+1, +1, -2) in cube space: it tips points lying exactly on an
    # edge to one side (its negative to the other) without moving any other point out of its hex.
    aq, ar = a.q + nudge, a.r + nudge
    bq, br = b.q + nudge, b.r + nudge
    return [cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


EPSILON = 1e-6


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from `a`'s centre to `b`'s crosses, both ends included
    (distance + 1 hexes; ties along edges break to one fixed side)."""
    return _trace(a, b, EPSILON)


def line_traces(a: Hex, b: Hex) -> tuple[list[Hex], list[Hex]]:
    """The line traced nudged to either side: the two agree except where it runs along an edge."""
    return _trace(a, b, EPSILON), _trace(a, b, -EPSILON)


def line_of_sight(a: Hex, b: Hex, blocks: Callable[[Hex], bool] | Iterable[Hex]) -> bool:
    """Whether `a` sees `b` past the blocking hexes (see the module's rule: ends never block;
    along an edge the line is blocked only when both hexes beside it block)."""
    is_blocking = blocks if callable(blocks) else frozenset(blocks).__contains__
    for trace in line_traces(a, b):
        if not any(is_blocking(h) for h in trace[1:-1]):
            return True
    return False


# --- areas --------------------------------------------------------------------------------
def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly `radius` steps, in order around the ring (just the centre at 0)."""
    if radius <= 0:
        return [center]
    out = []
    h = center + DIRECTIONS[4].scaled(radius)
    for i in range(6):
        for _ in range(radius):
            out.append(h)
            h = h + DIRECTIONS[i]
    return out


def area(center: Hex, radius: int) -> list[Hex]:
    """Every hex within `radius` steps, the centre first, then ring by ring."""
    return [h for k in range(max(0, radius) + 1) for h in ring(center, k)]


def hexagon(radius: int) -> list[Hex]:
    """A hexagonal board around Hex(0, 0): 3r(r+1)+1 hexes (61 at radius 4)."""
    return area(Hex(0, 0), radius)


# --- movement -----------------------------------------------------------------------------
def reachable(start: Hex, steps: int, board: Iterable[Hex] | None = None,
              blocked: Iterable[Hex] = (), no_stop: Iterable[Hex] = ()) -> dict[Hex, list[Hex]]:
    """Every hex a piece at `start` can end on within `steps` steps, with a shortest path to it.

    Paths run from the first step to the destination (start excluded). `board` limits the hexes
    that exist (None: an open plane); `blocked` hexes can neither be entered nor crossed (walls,
    statues, enemies); `no_stop` hexes can be crossed but not ended on (allies). The start is
    not in the result. Breadth-first with neighbours in DIRECTIONS order, so the paths are
    shortest and the same every time.
    """
    on_board = (lambda h: True) if board is None else frozenset(board).__contains__
    walls, crossing = frozenset(blocked), frozenset(no_stop)
    came: dict[Hex, Hex | None] = {start: None}
    frontier = deque([(start, 0)])
    while frontier:
        h, d = frontier.popleft()
        if d == steps:
            continue
        for n in neighbours(h):
            if n in came or n in walls or not on_board(n):
                continue
            came[n] = h
            frontier.append((n, d + 1))
    out: dict[Hex, list[Hex]] = {}
    for h in came:
        if h == start or h in crossing:
            continue
        path, cur = [], h
        while cur != start:
            path.append(cur)
            cur = came[cur]
        out[h] = path[::-1]
    return out


def path_to(start: Hex, goal: Hex, board: Iterable[Hex] | None = None,
            blocked: Iterable[Hex] = (), limit: int = 64) -> list[Hex] | None:
    """A shortest path from `start` to `goal` (start excluded) within `limit` steps, or None."""
    if goal == start:
        return []
    return reachable(start, limit, board, blocked).get(goal)


# --- maps ------------------------------------------------------------------------------
@dataclass(frozen=True)
class HexMap:
    """A board: the hexes that exist, named areas (deployment zones, control areas), and a
    terrain name per hex where it is not plain. Its JSON form is plain lists and dicts:

        {"hexes": [[q, r], ...], "areas": {"name": [[q, r], ...]}, "terrain": {"q,r": "statue"}}
    """

    hexes: frozenset[Hex]
    areas: Mapping[str, frozenset[Hex]] = field(default_factory=dict)
    terrain: Mapping[Hex, str] = field(default_factory=dict)

    def __post_init__(self):
        for name, hs in self.areas.items():
            if not set(hs) <= self.hexes:
                raise ValueError(f"area {name!r} has hexes off the board")
        if not set(self.terrain) <= self.hexes:
            raise ValueError("terrain given for hexes off the board")

    def __contains__(self, h: Hex) -> bool:
        return h in self.hexes

    def __len__(self) -> int:
        return len(self.hexes)

    def __iter__(self) -> Iterator[Hex]:
        return iter(sorted(self.hexes))

    def terrain_of(self, h: Hex) -> str | None:
        return self.terrain.get(h)

    def areas_of(self, h: Hex) -> list[str]:
        return [name for name, hs in self.areas.items() if h in hs]

    def with_terrain(self, kind: str) -> frozenset[Hex]:
        return frozenset(h for h, t in self.terrain.items() if t == kind)

    def neighbours(self, h: Hex) -> list[Hex]:
        return [n for n in neighbours(h) if n in self.hexes]

    def to_json(self) -> dict:
        return {"hexes": [h.to_json() for h in sorted(self.hexes)],
                "areas": {n: [h.to_json() for h in sorted(hs)] for n, hs in self.areas.items()},
                "terrain": {f"{h.q},{h.r}": t for h, t in sorted(self.terrain.items())}}

    @classmethod
    def from_json(cls, data: dict) -> "HexMap":
        def key(k: str) -> Hex:
            q, r = k.split(",")
            return Hex(int(q), int(r))
        return cls(hexes=frozenset(Hex.from_json(h) for h in data["hexes"]),
                   areas={n: frozenset(Hex.from_json(h) for h in hs)
                          for n, hs in data.get("areas", {}).items()},
                   terrain={key(k): t for k, t in data.get("terrain", {}).items()})


# --- pixels --------------------------------------------------------------------------------
SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class HexPixels:
    """Hexes as pixels: `size` is the centre-to-corner radius, `origin` where Hex(0, 0)'s centre
    lands; pointy-top (corners up, rows horizontal) or flat-top."""

    size: float
    origin: tuple[float, float] = (0.0, 0.0)
    pointy: bool = True

    def center(self, h: Hex) -> tuple[float, float]:
        if self.pointy:
            x = self.size * (SQRT3 * h.q + SQRT3 / 2 * h.r)
            y = self.size * 1.5 * h.r
        else:
            x = self.size * 1.5 * h.q
            y = self.size * (SQRT3 / 2 * h.q + SQRT3 * h.r)
        return self.origin[0] + x, self.origin[1] + y

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex whose cell contains the point (on an edge: one of the two, consistently)."""
        px, py = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        if self.pointy:
            return cube_round(SQRT3 / 3 * px - py / 3, 2 / 3 * py)
        return cube_round(2 / 3 * px, -px / 3 + SQRT3 / 3 * py)

    def corners(self, h: Hex, inset: float = 0.0) -> list[tuple[float, float]]:
        """The six corners, clockwise on screen, pulled `inset` pixels towards the centre."""
        cx, cy = self.center(h)
        r = self.size - inset
        start = -90 if self.pointy else 0
        return [(cx + r * math.cos(math.radians(start + 60 * i)),
                 cy + r * math.sin(math.radians(start + 60 * i))) for i in range(6)]

    @property
    def width(self) -> float:
        """One hex's extent across (flat side to flat side for pointy-top)."""
        return SQRT3 * self.size if self.pointy else 2 * self.size

    @property
    def height(self) -> float:
        return 2 * self.size if self.pointy else SQRT3 * self.size


def fit(hexes: Iterable[Hex], rect: tuple[float, float, float, float], pointy: bool = True,
        margin: float = 0.0) -> HexPixels:
    """The largest HexPixels that shows every hex inside `rect` (x, y, w, h), centred."""
    hs = list(hexes)
    if not hs:
        raise ValueError("no hexes to fit")
    unit = HexPixels(1.0, (0.0, 0.0), pointy)
    xs, ys = [], []
    for h in hs:
        for cx, cy in unit.corners(h):
            xs.append(cx)
            ys.append(cy)
    bw, bh = max(xs) - min(xs), max(ys) - min(ys)
    x, y, w, h = rect
    size = min((w - 2 * margin) / bw, (h - 2 * margin) / bh)
    ox = x + w / 2 - (min(xs) + bw / 2) * size
    oy = y + h / 2 - (min(ys) + bh / 2) * size
    return HexPixels(size, (ox, oy), pointy)
