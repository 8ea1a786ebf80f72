"""What a bot knows about Pariah: a simple evaluation (the strong bots come later).

The match is won by annihilation or, after round 5, by the points of the units
still standing, so a side's worth is the points on its line, each unit scaled
by the share of its HP left, plus a little for banked Elemental Energy (it buys
relics and evolutions). Before the armies are revealed nothing is known: 0.
"""

from __future__ import annotations

import math

from tabletop.games.pariah.cards import design
from tabletop.games.pariah.state import OVER, PariahState, side_of
from tabletop.games.pariah.stats import stat

ENERGY_WORTH = 0.3


def side_worth(s: PariahState, side: int) -> float:
    total = 0.0
    for i, uid in enumerate(s.lines[side]):
        u = s.units[uid]
        if u.token:
            continue
        hp = stat(s, u, "hp", side, i)
        total += design(u.design).cost * max(0, hp - u.damage) / hp
    return total + ENERGY_WORTH * s.energy[side]


def evaluate(s: PariahState, seat: int) -> float:
    side = side_of(seat)
    if s.phase == OVER:
        if not s.winners:
            return 0.0
        return 1.0 if side in s.winners else -1.0
    if not s.revealed:
        return 0.0
    diff = side_worth(s, side) - side_worth(s, 1 - side)
    return 0.9 * math.tanh(diff / 10.0)
