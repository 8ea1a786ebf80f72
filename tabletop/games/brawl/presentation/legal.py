"""What the legal actions mean on the table: which hexes a pending move may reach (a walk is
answered one step at a time, so its reach and paths are worked out here with the engine's own
step rule), and small lookups over the legal list. Nothing here decides legality: every hex and
path comes from the engine's functions on a copy of the view.
"""

from __future__ import annotations

from tabletop.games.brawl.engine import board as B
from tabletop.games.brawl.engine import flow

HEX_KINDS = ("walk", "force", "dash", "swoop", "jump", "fear", "place", "trap")


def walk_paths(v, c: int, n: int, kind: str) -> dict[int, list[int]]:
    """End hex -> the hexes stepped through, for a walk (or a forced move) of up to n steps from
    where champion c stands. A path stops at a trap hex (what the trap does is unknown) and ends
    only where the engine would let the move stop (never on an ally's hex)."""
    s = v.clone()
    start = s.pos[c]
    out: dict[int, list[int]] = {}
    frontier: list[tuple[int, list[int]]] = [(start, [])]
    seen = {start}
    for step in range(n):
        nxt = []
        for h, path in frontier:
            s.pos[c] = h
            opts = (B.walk_options(s, c, n - step) if kind == "walk" else B.force_options(s, c))
            for o in opts:
                if o in seen:
                    continue
                seen.add(o)
                p = path + [o]
                if not B.at(s, o, c):
                    out[o] = p
                if o not in s.traps:          # what a trap does is unknown: a path ends there
                    nxt.append((o, p))
        frontier = nxt
    return out


def move_paths(v, pd) -> dict[int, list[int]]:
    """End hex -> path for the pending move decision pd (one step for a walk now, the rest
    after it; a straight run for a Dash or Fear; a flight for Swoop, Jump and Place)."""
    k = pd.kind
    if k in ("walk", "force"):
        return walk_paths(v, pd.champ, pd.n if k == "walk" else 1, k)
    if k == "dash":
        return dict(B.dash_paths(v, pd.champ, pd.n))
    if k == "fear":
        return dict(B.fear_paths(v, pd.champ, pd.n, pd.src))
    if k in ("swoop", "jump", "place"):
        return {h: [h] for h in flow.options(v, pd)}
    return {}


def next_step(v, pd, path: list[int]) -> int | None:
    """The first hex of `path` if the engine takes it as the next step now."""
    if not path:
        return None
    opts = flow.options(v, pd)
    return path[0] if path[0] in opts else None
