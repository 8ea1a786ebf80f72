"""How good a Paargus position looks to one seat, for the greedy bot (and search later).

Chips are what the match is about; within a hand, alignments decide who wins
it and conjunction points decide how much. Cards in hand that could still make
a conjunction are worth a little.
"""

from __future__ import annotations

import math

from tabletop.games.paargus import conjunctions as cj
from tabletop.games.paargus.cards import POINTS, QUADRANTS, card
from tabletop.games.paargus.state import MATCH_OVER, PaargusState


def _potential(hand: list[int]) -> float:
    """Value of sets forming in a hand: pairs and triples in any quadrant."""
    total = 0.0
    for q in QUADRANTS:
        counts: dict[str, int] = {}
        for c in hand:
            sig = card(c).sigil(q)
            counts[sig] = counts.get(sig, 0) + 1
        for n in counts.values():
            if n >= 3:
                total += 1.0 * POINTS[q]
            elif n == 2:
                total += 0.3 * POINTS[q]
    return total


def evaluate(s: PaargusState, seat: int) -> float:
    o = 1 - seat
    if s.phase == MATCH_OVER:
        if s.match_winner is None:
            return 0.0
        return 1.0 if s.match_winner == seat else -1.0
    chips = (s.chips[seat] - s.chips[o]) / max(1, sum(s.chips))
    al = sum(cj.alignments(c) for c in s.arrays[seat]) - sum(cj.alignments(c) for c in s.arrays[o])
    pts = sum(cj.points(c) for c in s.arrays[seat]) - sum(cj.points(c) for c in s.arrays[o])
    pot = _potential(s.hands[seat]) - _potential(s.hands[o])
    hand = 0.45 * al + 0.04 * pts + 0.03 * pot
    return 0.6 * math.tanh(2 * chips) + 0.4 * math.tanh(hand)
