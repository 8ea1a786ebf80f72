"""What the rules ask of the arena and the champions: who stands where, what a champion may step
on, range and line of sight, damage, healing, out of action and levelling up, traps springing,
cards drawn and discarded. The ops (effects.py) and the flow of a play (flow.py) rest on these.
"""

from __future__ import annotations

from tabletop.core import Event
from tabletop.core.event import card_drawn
from tabletop.games.brawl.engine.arena import GATE, arena
from tabletop.games.brawl.engine.cards import (Card, Champion, champions, token_effect,
                                                 trap_effects)
from tabletop.games.brawl.engine.state import BrawlState, Pending, owner, team

BLOODIED = 3                      # damage that makes a champion Bloodied (RULINGS)


# --- who is who ----------------------------------------------------------------------------------
def design(s: BrawlState, c: int) -> Champion:
    return champions()[s.champs[c]]


def card_of(s: BrawlState, card: int) -> Card:
    return champions()[s.champs[card // 6]].cards[card % 6]


def cname(s: BrawlState, c: int) -> str:
    return design(s, c).name


def level_n(s: BrawlState, c: int, op: str) -> int:
    """The levelled-up ability's number when champion c is levelled and its ability is `op`."""
    if not s.levelled[c]:
        return 0
    st = design(s, c).level
    return st.n if st.op == op else 0


def hp(s: BrawlState, c: int) -> int:
    return design(s, c).hp


def defence(s: BrawlState, c: int) -> int:
    return design(s, c).defence + level_n(s, c, "sturdy")


def bloodied(s: BrawlState, c: int) -> bool:
    return s.pos[c] != GATE and s.damage[c] >= BLOODIED


def rooted(s: BrawlState, c: int) -> bool:
    return s.rooted[c] >= s.turn_no


def in_arena(s: BrawlState, c: int) -> bool:
    return s.pos[c] != GATE and s.deployed[c]


def at(s: BrawlState, h: int, but: int = -1) -> list[int]:
    """The champions standing on hex h (champion `but` left out)."""
    return [c for c, p in enumerate(s.pos) if p == h and c != but and s.deployed[c]]


def free(s: BrawlState, h: int, but: int = -1) -> bool:
    """No statue and no champion (but `but`) on hex h."""
    return h >= 0 and h not in arena().statue_set and not at(s, h, but)


def controls(s: BrawlState, seat: int, area: str) -> bool:
    """A player controls an area with more champions in it than the opponent (at least one)."""
    hexes = arena().areas[area]
    mine = sum(1 for c in team(seat) if in_arena(s, c) and s.pos[c] in hexes)
    theirs = sum(1 for c in team(1 - seat) if in_arena(s, c) and s.pos[c] in hexes)
    return mine > theirs


# --- range and line of sight ------------------------------------------------------------------------
def in_range(s: BrawlState, card: Card, a: int, t: int, but: int = -1) -> bool:
    """Whether a champion on hex a reaches one on hex t with this card (champion `but`, the one
    aiming, never stands in its own way: it may be previewed on a hex it has not walked to)."""
    A = arena()
    d = A.dist(a, t)
    if d < card.min:
        return False
    if card.range == "melee":
        return d == 1
    if card.range in ("indirect", "area"):      # thrown or all around: obstacles do not matter
        return d <= card.reach
    if card.range == "direct":                  # a straight shot along a row, nothing in between
        return (d <= card.reach and A.direction(a, t) >= 0
                and all(free(s, h, but) for h in A.between(a, t)))
    return False


# --- moving ------------------------------------------------------------------------------------------
def walk_options(s: BrawlState, c: int, n: int) -> list[int]:
    """The hexes champion c may step to next with n steps left: through allies (never ending on
    one), never through enemies or statues; from the gate, a free hex of its deployment area."""
    A = arena()
    if n <= 0 or rooted(s, c):
        return []
    me = owner(c)
    if s.pos[c] == GATE:
        if s.back_on[c] > s.turn_no:
            return []
        return [h for h in A.deploy[me] if free(s, h)]
    out = []
    for h in A.step[s.pos[c]]:
        if h < 0 or h in A.statue_set:
            continue
        there = at(s, h, c)
        if not there:
            out.append(h)
        elif all(owner(x) == me for x in there) and _can_leave(s, c, h, n - 1):
            out.append(h)
    return out


def _can_leave(s: BrawlState, c: int, h: int, n: int) -> bool:
    """Whether, standing on an ally's hex h with n steps left, c can still end somewhere legal."""
    A = arena()
    me, seen, frontier = owner(c), {h}, [h]
    for _ in range(n):
        nxt = []
        for x in frontier:
            for y in A.step[x]:
                if y < 0 or y in seen or y in A.statue_set:
                    continue
                there = at(s, y, c)
                if not there:
                    return True
                if all(owner(z) == me for z in there):
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return False


def force_options(s: BrawlState, c: int) -> list[int]:
    """Forced steps: to any free neighbouring hex."""
    return [h for h in arena().step[s.pos[c]] if free(s, h)] if s.pos[c] != GATE else []


def dash_paths(s: BrawlState, c: int, n: int, dirs=range(6)) -> dict[int, list[int]]:
    """Straight-line moves up to n (Dash): end hex -> the hexes crossed, walking rules."""
    A = arena()
    out: dict[int, list[int]] = {}
    if s.pos[c] == GATE or rooted(s, c):
        return out
    me = owner(c)
    for d in dirs:
        path = []
        for h in A.ray(s.pos[c], d, n):
            there = at(s, h, c)
            if h in A.statue_set or any(owner(x) != me for x in there):
                break
            path.append(h)
            if not there:
                out[h] = list(path)
    return out


def fly_options(s: BrawlState, c: int, n: int, straight: bool) -> list[int]:
    """Swoop (straight) or Jump: free end hexes within n, whatever lies between."""
    A = arena()
    if s.pos[c] == GATE or rooted(s, c):
        return []
    if straight:
        hexes = [h for d in range(6) for h in A.ray(s.pos[c], d, n)]
    else:
        hexes = [h for h in range(len(A.hexes)) if 0 < A.dist(s.pos[c], h) <= n]
    return sorted(h for h in set(hexes) if free(s, h))


def fear_paths(s: BrawlState, c: int, n: int, src: int) -> dict[int, list[int]]:
    """Fear: a Dash as far as it goes (up to n) in a direction that ends farther from src."""
    A = arena()
    out: dict[int, list[int]] = {}
    if s.pos[c] == GATE or rooted(s, c):
        return out
    start = A.dist(s.pos[c], src)
    for d in range(6):
        paths = dash_paths(s, c, n, (d,))
        if not paths:
            continue
        end = max(paths, key=lambda h: len(paths[h]))
        if A.dist(end, src) > start:
            out[end] = paths[end]
    return out


def place_options(s: BrawlState, c: int, centre: int, n: int) -> list[int]:
    """Place: a free hex within n of the centre champion, other than where c stands."""
    A = arena()
    if s.pos[c] == GATE or s.pos[centre] == GATE:
        return []
    return [h for h in range(len(A.hexes))
            if h != s.pos[c] and A.dist(s.pos[centre], h) <= n and free(s, h, c)]


def travel(s: BrawlState, c: int, path: list[int], ev: list[Event], springs: bool = True) -> bool:
    """Move c along path hex by hex, springing traps on entering; False if it was stopped
    (a Snare, or out of action)."""
    for h in path:
        came = s.pos[c]
        s.pos[c] = h
        ev.append(Event("move", {"seat": owner(c), "unit": c, "name": cname(s, c), "from": came, "to": h}))
        if springs and h in s.traps and not spring(s, c, h, ev):
            return False
    return True


# --- traps ---------------------------------------------------------------------------------------------
def spring(s: BrawlState, c: int, h: int, ev: list[Event]) -> bool:
    """The trap on hex h springs under champion c: flipped, applied; its owner then places a new
    one (pushed as a decision). False when c must stop (Snare, or out of action)."""
    token = s.traps.pop(h)
    s.sprung.append(token)
    effect = token_effect(token)
    ev.append(Event("trap", {"seat": owner(c), "unit": c, "name": cname(s, c), "to": h, "trap": effect},
                    reveals=True))
    s.pending.append(Pending("trap", owner(c), c, 0, h))
    if effect == "spikes":
        hurt(s, c, trap_effects()[1]["spikes"]["damage"], -1, ev)
        return s.pos[c] != GATE
    if effect == "snare":
        return False
    discard_one(s, c, ev)
    return True


def trap_hexes_open(s: BrawlState, but: int = -1) -> list[int]:
    """Where a new trap may go: a trap hex without a trap or a champion (not the one just sprung)."""
    return [h for h in arena().trap_hexes if h != but and h not in s.traps and not at(s, h)]


def lay_trap(s: BrawlState, seat: int, h: int, ev: list[Event]) -> None:
    if not s.tokens:                 # the pool ran dry: the flipped tokens are shuffled back
        s.tokens, s.sprung = s.sprung, []
        s.rng.shuffle(s.tokens)
    s.traps[h] = s.tokens.pop()
    ev.append(Event("lay_trap", {"seat": seat, "to": h}))


# --- hurting and healing ---------------------------------------------------------------------------------
def hurt(s: BrawlState, c: int, n: int, cause: int, ev: list[Event]) -> int:
    """n damage to champion c (defence already counted); `cause` is the champion whose card dealt
    it (-1: a trap). Returns the damage dealt."""
    if n <= 0 or s.pos[c] == GATE:
        return 0
    s.damage[c] += n
    ev.append(Event("damage", {"seat": owner(c), "unit": c, "name": cname(s, c), "amount": n,
                               "total": s.damage[c], "source": cause}))
    if s.damage[c] >= hp(s, c):
        knock_out(s, c, cause, ev)
    return n


def heal(s: BrawlState, c: int, n: int, ev: list[Event]) -> None:
    n = min(n, s.damage[c])
    if n <= 0 or s.pos[c] == GATE:
        return
    s.damage[c] -= n
    ev.append(Event("heal",
                    {"seat": owner(c), "unit": c, "name": cname(s, c), "amount": n, "total": s.damage[c]}))


def knock_out(s: BrawlState, c: int, cause: int, ev: list[Event]) -> None:
    """Out of action: to its gate, healed, back on its basic side; 1 VP to the other player; the
    enemy champion whose card did it levels up, once a game."""
    me = owner(c)
    came = s.pos[c]
    s.pos[c], s.damage[c], s.levelled[c], s.rooted[c] = GATE, 0, False, -1
    # it may come back on its player's next turn
    s.back_on[c] = s.turn_no + (2 if s.active == me else 1)
    s.vp[1 - me] += 1
    ev.append(Event("out", {"seat": me, "unit": c, "name": cname(s, c), "from": came, "to": GATE,
                            "amount": 1, "total": s.vp[1 - me]}))
    if cause >= 0 and owner(cause) != me and not s.levelled_ever[cause] and s.pos[cause] != GATE:
        s.levelled[cause] = s.levelled_ever[cause] = True
        d = design(s, cause)
        ev.append(Event("level_up", {"seat": owner(cause), "unit": cause, "name": d.name}))


# --- cards -----------------------------------------------------------------------------------------------
def draw(s: BrawlState, p: int, n: int, ev: list[Event]) -> None:
    for _ in range(n):
        if not s.decks[p]:
            if not s.discards[p]:
                return
            s.decks[p], s.discards[p] = s.discards[p], []
            s.rng.shuffle(s.decks[p])
            ev.append(Event("shuffle", {"seat": p, "count": len(s.decks[p])}, reveals=True))
        c = s.decks[p].pop()
        s.planned[p] = max(0, s.planned[p] - 1)
        s.hands[p].append(c)
        ev.append(card_drawn(p, c, card_of(s, c).name))


def discard_card(s: BrawlState, p: int, card: int, ev: list[Event]) -> None:
    s.hands[p].remove(card)
    s.discards[p].append(card)
    ev.append(Event("discard", {"seat": p, "card": card, "name": card_of(s, card).name, "from": "hand",
                                "to": "discard"}))


def discard_one(s: BrawlState, c: int, ev: list[Event]) -> None:
    """Stun and the Tripwire: a card of champion c leaves its player's hand (their choice), or
    the hand is shown to hold none."""
    p = owner(c)
    mine = [x for x in s.hands[p] if x // 6 == c]
    if len(mine) > 1:
        s.pending.append(Pending("discard", p, c, 0, -1))
    elif mine:
        discard_card(s, p, mine[0], ev)
    else:
        ev.append(Event("reveal_hand", {"seat": p, "unit": c, "cards": list(s.hands[p]),
                                        "names": [card_of(s, x).name for x in s.hands[p]]}, reveals=True))
