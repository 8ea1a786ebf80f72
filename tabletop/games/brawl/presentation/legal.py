"""What the legal actions mean on the table: which hexes a pending move may reach (a walk is
answered one step at a time, so its reach and paths are worked out here with the engine's own
step rule), and small lookups over the legal list. Nothing here decides legality: every hex and
path comes from the engine's functions on a copy of the view.
"""

from __future__ import annotations

from tabletop.games.brawl.engine import board as B
from tabletop.games.brawl.engine import flow
from tabletop.games.brawl.engine.state import Play

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


def aims(v, pd, ends) -> dict[int, list[int]]:
    """Where the attack after a walk would reach: end hex (and the hex the champion stands on)
    -> the hexes of the champions it could target from there. Empty unless the walk is the
    play's last step before it chooses its target, so the preview is what the engine will do."""
    p = v.play
    if pd.kind != "walk" or p is None or p.champ != pd.champ or p.queue[:1] != ["target"]:
        return {}
    return {h: [v.pos[t] for t in flow.target_options(v, p, at=h)]
            for h in [v.pos[pd.champ], *ends]}


def reach_of_card(v, seat: int, c: int) -> tuple[int, list[int]] | None:
    """(its move, the champions card c could target once its champion has walked: from any hex
    the move reaches, or from where it stands), before the card is played. None when that
    cannot be told ahead: no target, steps before the target that may move things, or a
    champion not in the arena."""
    cd, ch = B.card_of(v, c), c // 6
    if cd.target == "none" or cd.pre or not B.in_arena(v, ch):
        return None
    p = Play(seat, c, ch, "", [], [], [], [], [])
    n = flow.movement(v, p)
    ends = [v.pos[ch], *(walk_paths(v, ch, n, "walk") if n > 0 else [])]
    return n, sorted({t for h in ends for t in flow.target_options(v, p, at=h)})


def next_step(v, pd, path: list[int]) -> int | None:
    """The first hex of `path` if the engine takes it as the next step now."""
    if not path:
        return None
    opts = flow.options(v, pd)
    return path[0] if path[0] in opts else None
