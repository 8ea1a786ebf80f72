"""The arena as data (data/arena.json): hexes in axial coordinates, numbered in sorted order.

Everything the rules ask of the board is precomputed once: each hex's neighbour in each of the
six directions (-1 off the board), the statues, the trap hexes, the deployment areas and the
named areas that challenges and Control read. A champion's place is a hex number, -1 at its gate.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from tabletop.core.hexgrid import DIRECTIONS, Hex, area, distance

GATE = -1


@dataclass(frozen=True)
class Arena:
    hexes: tuple[Hex, ...]
    index: dict[Hex, int]
    step: tuple[tuple[int, ...], ...]          # step[h][d]: the neighbour of h in direction d, or -1
    statues: dict[str, int]                    # core colour -> hex
    statue_set: frozenset[int]
    trap_hexes: tuple[int, ...]
    deploy: tuple[tuple[int, ...], ...]        # per seat
    areas: dict[str, frozenset[int]]           # control areas (statue hexes left out)
    area_names: dict[str, str]

    def dist(self, a: int, b: int) -> int:
        return distance(self.hexes[a], self.hexes[b])

    def direction(self, a: int, b: int) -> int:
        """The row direction (0..5) leading from hex a to hex b, or -1 if they share no row."""
        ha, hb = self.hexes[a], self.hexes[b]
        n = distance(ha, hb)
        if n == 0:
            return -1
        d = hb - ha
        for i, u in enumerate(DIRECTIONS):
            if u.scaled(n) == d:
                return i
        return -1

    def ray(self, start: int, d: int, n: int) -> list[int]:
        """Up to n hexes along direction d from start (start excluded), stopping at the edge."""
        out, h = [], start
        for _ in range(n):
            h = self.step[h][d]
            if h < 0:
                break
            out.append(h)
        return out

    def between(self, a: int, b: int) -> list[int]:
        """The hexes strictly between two hexes of one row."""
        d = self.direction(a, b)
        return self.ray(a, d, self.dist(a, b) - 1) if d >= 0 else []

    def label(self, h: int) -> str:
        return "the gate" if h < 0 else f"hex {self.hexes[h].q},{self.hexes[h].r}"


@cache
def arena() -> Arena:
    data = json.loads(resources.files("tabletop.games.brawl.engine").joinpath("data/arena.json")
                      .read_text(encoding="utf-8"))
    hexes = tuple(sorted(Hex(q, r) for q, r in data["hexes"]))
    index = {h: i for i, h in enumerate(hexes)}
    step = tuple(tuple(index.get(h + d, -1) for d in DIRECTIONS) for h in hexes)
    statues = {c: index[Hex(*qr)] for c, qr in data["statues"].items()}
    statue_set = frozenset(statues.values())
    traps = tuple(index[Hex(*qr)] for qr in data["traps"])
    deploy = tuple(tuple(index[Hex(*qr)] for qr in seat) for seat in data["deploy"])
    areas, names = {}, {}
    for key, a in data["areas"].items():
        around = Hex(*a["around"])
        areas[key] = frozenset(index[h] for h in area(around, a["radius"]) if h in index) - statue_set
        names[key] = a["name"]
    if statue_set & set(traps) or any(statue_set & set(d) for d in deploy):
        raise ValueError("arena data: a statue shares a hex with a trap or a deployment hex")
    return Arena(hexes, index, step, statues, statue_set, traps, deploy, areas, names)
