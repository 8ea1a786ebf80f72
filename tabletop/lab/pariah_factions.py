"""Faction balance in seeded random play (random vs random), as figures, never a timed test.

    python -m tabletop.lab.pariah_factions [games] [players]

Every ordered pairing of two different factions is played equally often; a
draw counts half a win for each side.
"""

from __future__ import annotations

import sys
from collections import Counter
from itertools import permutations

from tabletop.core import Rng
from tabletop.games.pariah.engine.cards import FACTIONS
from tabletop.games.pariah.engine.rules import GAME


def faction_win_rates(games: int = 1200, seed: int = 0, players: int = 2) -> dict:
    pairings = list(permutations(FACTIONS, 2))
    score, played, rounds = Counter(), Counter(), Counter()
    for i in range(games):
        a, b = pairings[i % len(pairings)]
        rng = Rng(seed * 1_000_003 + i)
        s = GAME.setup({"factions": [a, b]}, seed * 1_000_003 + i, players)
        while GAME.to_act(s) is not None:
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        rounds[s.round] += 1
        for side, f in ((0, a), (1, b)):
            played[f] += 1
            score[f] += 0.5 if not s.winners else float(side in s.winners)
    return {"win_rate": {f: round(score[f] / played[f], 3) for f in FACTIONS},
            "games": games, "rounds": dict(sorted(rounds.items()))}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1200
    p = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    print(faction_win_rates(n, seed=1, players=p))
