"""What a Champions' Brawl bot knows of the board: where a champion is worth standing, what an
attack from a hex would deal, and a heuristic answer to every decision of a card in play.

Everything here reads the state and never changes it, so the evaluation (policy.py), the
playouts and the pruning of the search share one judgement: a walk ends where `spot` plus what
the card can still do from there is best, a target is the one the card hurts most (a knock-out
above all), a champion moved by its enemy goes where it is worth least to its owner (a trap
above all). Figures are in Victory Points, the unit the evaluation adds them up in.
"""

from __future__ import annotations

from functools import cache

from tabletop.games.brawl.engine import board
from tabletop.games.brawl.engine.arena import GATE, arena
from tabletop.games.brawl.engine.board import card_of, defence, hp, in_arena, level_n
from tabletop.games.brawl.engine.cards import Card, challenges
from tabletop.games.brawl.engine.state import SLOT_VP, BrawlState, owner, team

KO_BONUS = 1.2          # a knock-out: the VP it gives, and the champion's tempo lost
HIT_WORTH = 0.12        # one point of damage that does not knock out
TRAP_STEP = 0.25        # ending a move on a hidden trap (2 damage, a Snare or a lost card)
OBJECTIVE = 0.22        # a spot on a coming challenge's objective, per VP it may bring
NEAR_ENEMY = 0.04       # a healthy champion within striking distance of an enemy
EXPOSED = 0.10          # a wounded one there, per enemy, times its wound share
STRIKE_RANGE = 3        # an enemy this near can reach and hit next turn, roughly


@cache
def dist_table() -> tuple[tuple[int, ...], ...]:
    A = arena()
    return tuple(tuple(A.dist(a, b) for b in range(len(A.hexes))) for a in range(len(A.hexes)))


def dist(a: int, b: int) -> int:
    return dist_table()[a][b]


# --- challenges: where their objectives lie ------------------------------------------------------

@cache
def _statue_ring(colour: str) -> frozenset[int]:
    A = arena()
    return frozenset(h for h in range(len(A.hexes)) if dist(h, A.statues[colour]) == 1)


def _all_statues_ring() -> frozenset[int]:
    return _statue_ring("red") | _statue_ring("yellow") | _statue_ring("blue")


@cache
def objective_hexes(ch: int, seat: int) -> frozenset[int]:
    """Hexes that meet (or help meet) a position challenge for `seat`; empty for the others."""
    st = challenges()[ch].check
    A = arena()
    if st.op == "hold_area":
        return A.areas[st.area]
    if st.op == "statue":
        return _statue_ring(st.colour)
    if st.op == "statues":
        return _all_statues_ring()
    if st.op == "invade":
        return frozenset(A.deploy[1 - seat])
    if st.op == "trap_hex":
        return frozenset(A.trap_hexes)
    return frozenset()


@cache
def _near(targets: frozenset[int]) -> tuple[float, ...]:
    """Per hex: 1 on the objective, falling off with the distance to it."""
    n = len(arena().hexes)
    if not targets:
        return (0.0,) * n
    return tuple(max(0.0, 1.0 - min(dist(h, t) for t in targets) / 4.0) for h in range(n))


def next_slot_vp(s: BrawlState, slot: int, seat: int) -> int:
    """The VP a challenge now in `slot` is worth at `seat`'s next Scoreboard Phase: the track
    moves at the end of each round, so before the next turn of the seat that is not active
    only if the active seat is the round's second player."""
    moves = 1 if (seat == s.active or s.active != s.first) else 0
    k = slot + moves
    return SLOT_VP[k] if k < len(SLOT_VP) else 0


def objective_map(s: BrawlState, seat: int) -> tuple[float, ...]:
    """Per hex, what standing there does for the position challenges coming to `seat`."""
    return _objectives(tuple(s.track), seat == s.active, s.active != s.first, seat)


@cache
def _objectives(track: tuple[int, ...], active: bool, second: bool, seat: int) -> tuple[float, ...]:
    out = [0.0] * len(arena().hexes)
    moves = 1 if (active or second) else 0
    for slot, ch in enumerate(track):
        k = slot + moves
        if ch < 0 or k >= len(SLOT_VP) or not SLOT_VP[k]:
            continue
        near = _near(objective_hexes(ch, seat))
        w = OBJECTIVE * SLOT_VP[k]
        for h, x in enumerate(near):
            if x:
                out[h] += w * x
    return tuple(out)


# --- spots -------------------------------------------------------------------------------------------

def wound(s: BrawlState, c: int) -> float:
    return s.damage[c] / hp(s, c)


def spot(s: BrawlState, c: int, h: int, objectives: tuple[float, ...] | None = None) -> float:
    """What champion c standing on hex h is worth to its owner (objectives, pressure, exposure)."""
    if h == GATE:
        return 0.0
    p = owner(c)
    v = (objectives if objectives is not None else objective_map(s, p))[h]
    w = s.damage[c] / hp(s, c)
    row = dist_table()[h]
    near = NEAR_ENEMY * (1.0 - w) - EXPOSED * w * w * 2
    pos = s.pos
    for e in (3, 4, 5) if p == 0 else (0, 1, 2):
        if pos[e] != GATE and row[pos[e]] <= STRIKE_RANGE:
            v += near
    return v


# --- attacks -------------------------------------------------------------------------------------------

def hit(s: BrawlState, cd: Card, a: int, t: int) -> float:
    """What card cd of champion a does to enemy t if it lands, in VP: damage, a knock-out."""
    strength = cd.strength + level_n(s, a, "fierce")
    for m in cd.mods:
        if (m.op == "bloodied" and board.bloodied(s, t)) or (
                m.op == "control" and board.controls(s, owner(a), m.area)):
            strength += m.n
    dmg = max(0, strength - defence(s, t))
    if cd.has("double"):
        dmg *= 2
    if dmg:
        dmg += level_n(s, a, "venom") + sum(st.n for st in cd.post if st.op == "poison")
    dmg += sum(st.n for st in cd.post if st.op == "damage" and st.to == "target")
    left = hp(s, t) - s.damage[t]
    if dmg >= left:
        return KO_BONUS + HIT_WORTH * left
    return HIT_WORTH * dmg * (1.5 if s.damage[t] + dmg >= board.BLOODIED else 1.0)


def reaches(s: BrawlState, cd: Card, frm: int, to: int) -> bool:
    """board.in_range, with the distances read from the table (the same rule, faster)."""
    d = dist(frm, to)
    if d < cd.min:
        return False
    if cd.range == "melee":
        return d == 1
    if d > cd.reach:
        return False
    return cd.range != "direct" or board.in_range(s, cd, frm, to)


def card_potential(s: BrawlState, c: int, cd: Card | None, h: int, std: str = "") -> float:
    """The best a card (or the red standard action) still to aim does from hex h."""
    p = owner(c)
    best = 0.0
    if std == "red:own":
        for t in team(1 - p):
            if in_arena(s, t) and dist(h, s.pos[t]) == 1:
                left = hp(s, t) - s.damage[t]
                best = max(best, KO_BONUS if left <= 1 else HIT_WORTH)
        return best
    if cd is None or cd.target == "none":
        return 0.0
    if cd.target == "enemy":
        hits = [hit(s, cd, c, t) for t in team(1 - p) if in_arena(s, t) and reaches(s, cd, h, s.pos[t])]
        if not hits:
            return 0.0
        return sum(hits) if cd.range == "area" else max(hits)
    for t in team(p):                     # an ally skill: healing counts, placing a little
        if in_arena(s, t) and (t == c or reaches(s, cd, h, s.pos[t])):
            heal = sum(st.n for st in cd.post if st.op == "heal" and st.to == "target")
            best = max(best, HIT_WORTH * min(heal, s.damage[t]) + (0.02 if t != c else 0.0))
    return best


def aims_ahead(s: BrawlState) -> bool:
    """Whether the play under way still has its targets to choose."""
    return s.play is not None and "target" in s.play.queue


# --- moving -------------------------------------------------------------------------------------------

def walk_reach(s: BrawlState, c: int, n: int) -> dict[int, int]:
    """End hex -> the first step towards it, for a walk of up to n steps by champion c: through
    allies (never ending on one), never through enemies or statues, and around hidden traps (a
    trap may be an end, with its cost counted by the caller)."""
    A = arena()
    me = owner(c)
    start = s.pos[c]
    occ = {s.pos[x]: x for x in range(6) if x != c and s.deployed[x] and s.pos[x] != GATE}
    out: dict[int, int] = {}
    if start == GATE:
        frontier = [(h, h) for h in A.deploy[me] if h not in occ]
        n -= 1
    else:
        frontier = [(start, -1)]
    seen = {h for h, _ in frontier}
    for h, first in frontier:
        if h not in occ:
            out[h] = first
    for _ in range(n):
        nxt = []
        for h, first in frontier:
            if h in s.traps and h != start:
                continue                  # a trap stops there (or worse): no walking on
            for y in A.step[h]:
                if y < 0 or y in seen or y in A.statue_set:
                    continue
                x = occ.get(y)
                if x is not None and owner(x) != me:
                    continue
                seen.add(y)
                f = y if first < 0 else first
                nxt.append((y, f))
                if x is None:
                    out[y] = f
        frontier = nxt
    return out


def best_walk(s: BrawlState, c: int, n: int, keep: int = 1) -> list[tuple[float, int, int]]:
    """The best ends of a walk: (score, end, first step), best first; first step -1 for
    staying. Scored by the spot and what the card in play can still do from there."""
    p = s.play
    cd = card_of(s, p.card) if p is not None and p.card >= 0 else None
    aiming = aims_ahead(s) if p is not None else False
    std = p.std if p is not None else ""
    obj = objective_map(s, owner(c))
    here = s.pos[c]
    scored = []
    if here != GATE and not board.at(s, here, c):
        v = spot(s, c, here, obj) + (card_potential(s, c, cd, here, std) if aiming else 0.0)
        scored.append((v + 1e-6, here, -1))     # ties: stay
    for h, first in walk_reach(s, c, n).items():
        v = spot(s, c, h, obj) + (card_potential(s, c, cd, h, std) if aiming else 0.0)
        if h in s.traps:
            v -= TRAP_STEP
        scored.append((v, h, first))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return scored[:keep]


def hex_choice(s: BrawlState, pd, opts: list[int]) -> list[tuple[float, int]]:
    """Score each hex answer of a pending decision for the seat deciding it, best first."""
    c = pd.champ
    mine = owner(c) == pd.seat
    if pd.kind == "trap":
        return sorted(((trap_spot(s, pd.seat, h), h) for h in opts), key=lambda x: (-x[0], x[1]))
    obj = objective_map(s, owner(c))
    p = s.play
    aiming = mine and p is not None and p.champ == c and aims_ahead(s)
    cd = card_of(s, p.card) if aiming and p.card >= 0 else None
    out = []
    for h in opts:
        v = spot(s, c, h, obj)
        if aiming:
            v += card_potential(s, c, cd, h, p.std)
        if h in s.traps:              # the trap springs where the champion lands
            v -= TRAP_STEP
        out.append((v if mine else -v, h))
    return sorted(out, key=lambda x: (-x[0], x[1]))


def trap_spot(s: BrawlState, seat: int, h: int) -> float:
    """A trap is worth most where enemies will walk: near them and their deployment area, far
    from our own champions."""
    A = arena()
    v = -0.1 * min(dist(h, d) for d in A.deploy[1 - seat])
    for c in team(1 - seat):
        if in_arena(s, c):
            v += 1.0 / (1 + dist(h, s.pos[c]))
    for c in team(seat):
        if in_arena(s, c):
            v -= 0.6 / (1 + dist(h, s.pos[c]))
    return v


# --- cards ----------------------------------------------------------------------------------------------

def card_worth(s: BrawlState, card: int) -> float:
    """A rough worth of a card in hand, to keep the best (redraw, Plan, a Stun's discard)."""
    cd = card_of(s, card)
    if cd.type == "reaction":
        return 1.0 + 0.5 * cd.shield
    v = 0.5 * cd.move + 1.0 * cd.strength * (2 if cd.has("double") else 1) + 0.4 * len(cd.post)
    return v + (1.0 if cd.range in ("direct", "indirect", "area") else 0.0) + len(cd.pre) * 0.5

