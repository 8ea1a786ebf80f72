"""What the bots know about Pariah: the evaluation, the army choice, a rollout policy and search hooks.

The match is won by annihilation or, after round 5, by the points of the units
still standing; damage only counts when it kills. So:

- `evaluate(state, seat)` in [-1, 1]: +-1 for a finished match; otherwise a
  *projection* of the rest of the match. Every unit strikes its best target in
  Priority order with the damage it deals on average (Attacks x P(hit) x
  P(not blocked) x Damage, from its current stats against the target's Armor,
  Perforation and Invulnerable), round after round until round 5, so a unit
  killed early stops striking back (Lanchester's aimed fire); what each side
  keeps at the end, in points, decides. Banked Elemental Energy, relics and
  evolutions in hand count a little while there are rounds left to spend them.
- `best_army(state, seat)`: the secret army is one macro decision: every
  affordable subset of the ten cards drawn is scored by the same projection,
  fought against a few typical armies of the opponent's faction, plus the
  energy its spare points bring; the best is picked card by card, then
  committed. The search never explores pick/unpick orders (`search_actions`
  offers only the next step of this army).
- `rollout_action(state, rng)` / `playout`: the cheap policy of the playouts:
  strike the target worth the most (points killed, or expected share of a
  unit), use abilities when they beat the attack, play evolutions and the
  better relics (in the activations too, for relics that may be: a Salve on a
  hurt unit, a Vial that kills), keep the best relic.
- `search_actions(state)`: the legal actions without labels, pruned: one unit
  per design when deploying; per unit, its best attack plans and ability
  targets by the policy's values (dice splits and targets it rates poorly are
  dropped) and no passing when an attack is worth something, with the best two
  relic plays of the turn; the best few start-of-round plays, never healing an
  unhurt unit or equipping a token.
- Before the armies are set out an army being picked is worth the best army it
  can still become, so a one-ply bot (greedy) builds and commits a full army too.
- Hidden armies: bots decide from views, where the other side's units still to
  deploy are face down; the determinisation (`Game.sample`) deals them from the
  unseen cards with the army's public count and points, so the projection
  fights a plausible army, never the real one.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations

from tabletop.core import Action, Rng
from tabletop.core.action_kinds import ActionKind
from tabletop.core.policy import Policy
from tabletop.games.pariah.engine import actions, combat, flow
from tabletop.games.pariah.engine.rules import GAME
from tabletop.games.pariah.engine.cards import ACTIVATION, design, evolutions, factions, relics
from tabletop.games.pariah.engine.state import (ACTIVATE, ARMY_POINTS, DEPLOY, HIDDEN, OVER, PREP, ROUNDS,
                                         SELECT, SHOP, PariahState, side_of)
from tabletop.games.pariah.engine.stats import keywords, line_stats

# --- weights ---------------------------------------------------------------------------------
ENERGY_WORTH = 0.3          # a point of Elemental Energy while there are rounds to spend it
HAND_CARD_WORTH = 0.35      # a relic or evolution in hand, per point of its cost
ANNIHILATION = 6.0          # points a projected wipe-out adds (it ends the match)
SCALE = 7.0                 # points of projected lead that make the evaluation ~0.76
MID_GAME = 0.9              # a finished match counts +-1, a projection at most this
ALIVE_FULL = 0.5            # a survivor counts in full with this share of its HP left
REFERENCE_ARMIES = 6        # typical armies an army is tried against when choosing

_P_GE = (1.0, 1.0, 5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6, 0.0)


def p_at_least(face: int) -> float:
    """P(one six-sided die shows `face` or more)."""
    return _P_GE[face] if 0 <= face < 7 else (1.0 if face < 0 else 0.0)


def hit_chance(dex: int, armor: int, ap: int, inv: int) -> float:
    """P(one attack die becomes an unblocked hit)."""
    block = armor + ap
    if inv:
        block = min(block, inv)
    return p_at_least(dex) * (1.0 - p_at_least(block))


@lru_cache(maxsize=1 << 14)
def kill_chance(dice: int, p: float, need: int) -> float:
    """P(at least `need` of `dice` independent hits land), each with chance p."""
    if need <= 0:
        return 1.0
    if need > dice or p <= 0.0:
        return 0.0
    q = 1.0 - p
    return sum(math.comb(dice, k) * p ** k * q ** (dice - k) for k in range(need, dice + 1))


# --- what designs bring besides their stats ----------------------------------------------------
@lru_cache(maxsize=None)
def _design_traits(design_id: str) -> tuple[int, int, int, float]:
    """(bolt: damage of a commit ability on a chosen enemy, thorns: damage an attacker takes,
    regen: HP the unit heals each round, bonus: points its other abilities are worth)."""
    d = design(design_id)
    bolt = thorns = regen = 0
    bonus = 0.0
    for a in d.abilities:
        per_match = ROUNDS if a.when in ("start", "end") else 1
        for e in a.effects:
            if e.op == "damage" and a.when == "active" and a.target == "enemy" and not a.cost:
                bolt = max(bolt, e.amount)
            elif e.op == "damage" and a.trigger == "attacked":
                thorns += e.amount
            elif e.op == "damage" and a.target == "opposite":
                bonus += 0.25 * e.amount * per_match
            elif e.op == "heal" and a.target == "self" and per_match > 1:
                regen += e.amount
            elif e.op == "heal":
                bonus += 0.35 * e.amount * (2 if per_match > 1 else 1)
            elif e.op == "energy":
                bonus += ENERGY_WORTH * e.amount * (per_match if per_match > 1 else
                                                    (2 if a.trigger else 1))
            elif e.op == "token":
                bonus += 0.5 * (per_match if per_match > 1 else 2 if a.when == "active" else 1)
            elif e.op == "emblem":
                bonus += 2.0
            elif e.op == "revive":
                bonus += 1.5
            elif e.op == "modify" and a.when == "active":
                bonus += 0.4
    return bolt, thorns, regen, bonus


# A unit in the projection: [side, cost, hp, hp_max, priority, attacks, dexterity, damage,
# armor, ap, invulnerable, guardian, token, acted, bolt, thorns, regen]
SIDE, COST, HP, HPMAX, PRI, ATT, DEX, DMG, ARM, AP, INV, GUARD, TOKEN, ACTED, BOLT, THORNS, REGEN = \
    range(17)


def _record(side: int, design_id: str, st, damage: int, kw, acted: bool) -> list:
    d = design(design_id)
    bolt, thorns, regen, _ = _design_traits(design_id)
    return [side, 0 if d.token else d.cost, st[6] - damage, st[6], st[0], st[1], st[2], st[3],
            st[4], st[5], kw.invulnerable, kw.guardian, d.token, acted, bolt, thorns, regen]


def _expected(a: list, t: list) -> float:
    e = a[ATT] * hit_chance(a[DEX], t[ARM], a[AP], t[INV]) * a[DMG]
    return e if e >= a[BOLT] else float(a[BOLT])


def project(units: list[list], partial: bool, rounds: int) -> tuple[list[float], list[bool]]:
    """Play the rest of the match on average (see the module text). `partial`: the
    current round is under way (units marked acted do not strike again in it), then
    `rounds` full rounds. Returns (points each side keeps, whether each side is wiped out)."""
    n = len(units)
    hp = [u[HP] for u in units]
    order = sorted(range(n), key=lambda k: -units[k][PRI])
    foes = [[k for k in range(n) if units[k][SIDE] != side] for side in (0, 1)]
    exp = [[0.0] * n for _ in range(n)]
    for a in range(n):
        ua = units[a]
        row = exp[a]
        for t in foes[ua[SIDE]]:
            row[t] = _expected(ua, units[t])
    total = rounds + (1 if partial else 0)
    for r in range(total):
        first = r == 0
        for a in order:
            ua = units[a]
            if hp[a] <= 0 or (first and partial and ua[ACTED]) or (ua[TOKEN] and not first):
                continue
            targets = [t for t in foes[ua[SIDE]] if hp[t] > 0 and not (units[t][TOKEN] and not first)]
            if not targets:
                break
            guards = [t for t in targets if units[t][GUARD]]
            if guards:
                targets = guards
            row = exp[a]
            best, bv = targets[0], -1.0
            for t in targets:
                e, h = row[t], hp[t]
                v = (units[t][COST] + 0.5) * (1.0 if e >= h else e / h) + 0.01 * e
                if v > bv:
                    best, bv = t, v
            hp[best] -= row[best]
            if units[best][THORNS]:
                hp[a] -= units[best][THORNS] * 0.7
        for k in range(n):
            if hp[k] > 0 and units[k][REGEN]:
                hp[k] = min(units[k][HPMAX], hp[k] + units[k][REGEN])
    kept = [0.0, 0.0]
    alive = [False, False]
    for k in range(n):
        u = units[k]
        if hp[k] > 0 and not u[TOKEN]:
            alive[u[SIDE]] = True
            kept[u[SIDE]] += u[COST] * min(1.0, hp[k] / (ALIVE_FULL * u[HPMAX]))
    return kept, [not alive[0], not alive[1]]


# --- the evaluation ----------------------------------------------------------------------------
def _line_records(s: PariahState, side: int) -> list[list]:
    out = []
    line = s.lines[side]
    for st, uid in zip(line_stats(s, side), line):
        u = s.units[uid]
        out.append(_record(side, u.design, st, u.damage, keywords(s, u), uid in s.acted))
    return out


def _design_records(side: int, designs) -> list[list]:
    out = []
    for did in designs:
        d = design(did)
        st = (d.priority, d.attacks, d.dexterity, d.damage, d.armor, d.ap, d.hp)
        out.append(_record(side, did, st, 0, d.keywords, False))
    return out


def _army_records(s: PariahState, side: int) -> list[list]:
    """Units still waiting to be deployed, with their printed stats."""
    return _design_records(side, [s.designs[c] for p in s.seats_of_side(side)
                                  for c in s.armies[p] if c != HIDDEN])


def _preps_left(s: PariahState) -> int:
    """Start-of-round phases still to come (including the current one), where energy is spent."""
    if s.phase == PREP:
        return ROUNDS - s.round + 1
    if s.phase in (SELECT, DEPLOY):
        return ROUNDS - 1
    return ROUNDS - s.round


def _bank(s: PariahState, side: int) -> float:
    """Energy, relics and evolutions in hand: worth something while they can still be played."""
    if _preps_left(s) <= 0:
        return 0.0
    cards = 0
    for p in s.seats_of_side(side):
        for c in s.relic_hands[p]:
            cards += relics()[s.designs[c]].cost if c != HIDDEN else 2
        for c in s.evo_hands[p]:
            cards += evolutions()[s.designs[c]].cost
    return ENERGY_WORTH * s.energy[side] + HAND_CARD_WORTH * cards


def projected_lead(s: PariahState, side: int) -> float:
    """Points `side` is expected to lead by at the end (the units still to deploy known: one's
    own, or dealt in by a determinisation; before the armies are set out, as picked so far)."""
    units = _line_records(s, 0) + _line_records(s, 1)
    if s.phase == DEPLOY:
        units += _army_records(s, 0) + _army_records(s, 1)
    if s.phase == ACTIVATE:
        kept, wiped = project(units, True, ROUNDS - s.round)
    elif s.phase == SHOP:
        kept, wiped = project(units, False, ROUNDS - s.round)
    else:
        kept, wiped = project(units, False, ROUNDS - max(s.round, 1) + 1)
    return _lead(kept, wiped, side, (_bank(s, 0), _bank(s, 1)))


def _lead(kept: list[float], wiped: list[bool], side: int,
          bank: tuple[float, float] | list[float] = (0.0, 0.0)) -> float:
    """Points `side` leads by at the end; energy and cards in hand count only for a side
    that is not wiped out (an annihilation ends the match: nothing is left to spend)."""
    lead = kept[side] - kept[1 - side] + (0.0 if wiped[side] else bank[side]) - \
        (0.0 if wiped[1 - side] else bank[1 - side])
    if wiped[1 - side] and not wiped[side]:
        lead += ANNIHILATION
    elif wiped[side] and not wiped[1 - side]:
        lead -= ANNIHILATION
    return lead


def evaluate(s: PariahState, seat: int) -> float:
    side = side_of(seat)
    if s.phase == OVER:
        if not s.winners:
            return 0.0
        return 1.0 if side in s.winners else -1.0
    if not s.revealed:
        return _before_reveal(s, side)
    return MID_GAME * math.tanh(projected_lead(s, side) / SCALE)


# --- before the reveal: armies, picked or committed --------------------------------------------------
# An army being picked is worth the best army it can still become (bots pick one card at a
# time, and a partial army is not a weak army), a little less than that army committed, a
# little more for each card already in it: a one-ply bot then picks towards its best army
# and commits it, never wandering between picks and unpicks.
UNSETTLED = 0.05
PER_PICK = 0.004


def _seat_army(s: PariahState, p: int) -> tuple[str, ...] | None:
    """The army seat p has or is heading for (design ids), None if it has nothing yet."""
    if s.committed[p]:
        return tuple(sorted(s.designs[c] for c in s.armies[p] if c != HIDDEN))
    if not s.picks[p]:
        return None
    picks = tuple(sorted(s.designs[c] for c in s.picks[p]))
    hand = tuple(sorted(s.designs[c] for c in s.hands[p] if c != HIDDEN))
    return completion(picks, hand, _foe_faction(s, side_of(p)))


def _unsettled(s: PariahState, side: int) -> float:
    return sum(PER_PICK * len(s.picks[p]) - UNSETTLED for p in s.seats_of_side(side)
               if not s.committed[p] and s.picks[p])


def _before_reveal(s: PariahState, side: int) -> float:
    armies = {p: _seat_army(s, p) for p in range(s.players)}
    if s.picks[s.turn] and all(s.committed[p] for p in range(s.players) if p != s.turn):
        # the last army, being picked: scored as it will be once revealed (spare points are
        # energy); a seat that has not begun counts as no army until then, in both branches
        units, bank = [], [0.0, 0.0]
        for p, army in armies.items():
            if army is not None:
                units += _design_records(side_of(p), army)
                bank[side_of(p)] += ENERGY_WORTH * (ARMY_POINTS - sum(design(d).cost for d in army))
        kept, wiped = project(units, False, ROUNDS)
        lead = _lead(kept, wiped, side, bank) + _unsettled(s, side) - _unsettled(s, 1 - side)
        return MID_GAME * math.tanh(lead / SCALE)
    worth = [0.0, 0.0]
    for p, army in armies.items():
        worth[side_of(p)] += army_score(army, _foe_faction(s, side_of(p))) if army else -ARMY_POINTS
    lead = worth[side] - worth[1 - side] + _unsettled(s, side) - _unsettled(s, 1 - side)
    return 0.5 * math.tanh(lead / SCALE)


# evaluate(s, a seat of the other side) == -evaluate(s, seat); teammates share a value


def team_of(seat: int) -> int:
    return side_of(seat)


# The army is one decision made outside the search (best_army), taken one pick at a time:
# the search offers only the next step, and the bot plays it without searching.


# The search budgets for Pariah. The dice make every playout noisy, and the projection
# evaluation already sees the rest of the match, so more iterations stop paying early:
# 600 iterations beat greedy:hard 21-7-2 in 30 games, as 2,500 did 25-9-2 in 36, at a
# quarter of the time (docs/BOTS.md has the 200-game figures).
SEARCH_LEVELS = {
    "normal": {"iterations": 200, "min_iterations": 60},
    "hard": {"iterations": 600, "min_iterations": 150},
}


# --- the army -----------------------------------------------------------------------------------
def _foe_faction(s: PariahState, side: int) -> str:
    return s.factions[s.seats_of_side(1 - side)[0]]


def _layout(designs: tuple[str, ...]) -> list[str]:
    """A sensible deployment for scoring an army: units with auras in the middle."""
    plain = sorted((d for d in designs if not design(d).keywords.auras),
                   key=lambda d: -design(d).cost)
    auras = [d for d in designs if design(d).keywords.auras]
    half = len(plain) // 2
    return plain[:half] + auras + plain[half:]


def _army_units(designs: tuple[str, ...], side: int) -> list[list]:
    line = _layout(designs)
    stats = [[design(d).base(k) for k in ("priority", "attacks", "dexterity", "damage", "armor",
                                           "ap", "hp")] for d in line]
    keys = ("priority", "attacks", "dexterity", "damage", "armor", "ap", "hp")
    for j, d in enumerate(line):
        for aura in design(d).keywords.auras:
            for i in range(len(line)):
                if abs(i - j) <= aura.range:
                    stats[i][keys.index(aura.stat)] += aura.delta
    for st in stats:
        st[2] = max(st[2], 2)
        st[4] = max(st[4], 2)
    return [_record(side, d, st, 0, design(d).keywords, False) for d, st in zip(line, stats)]


@lru_cache(maxsize=None)
def reference_armies(faction: str) -> tuple[tuple[str, ...], ...]:
    """A few typical armies of a faction: ten cards drawn, units added in a random order
    while they fit in the points (fixed seed: the same every time)."""
    rng = Rng(0xA2)
    deck = list(factions()[faction].deck)
    out = []
    while len(out) < REFERENCE_ARMIES:
        rng.shuffle(deck)
        army, spent = [], 0
        for d in deck[:10]:
            if spent + design(d).cost <= ARMY_POINTS:
                army.append(d)
                spent += design(d).cost
        if spent >= ARMY_POINTS - 2:
            out.append(tuple(sorted(army)))
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def army_score(designs: tuple[str, ...], foe: str) -> float:
    """What an army (sorted design ids) is worth, in points: the average projected lead of a
    match against the foe's typical armies, plus its spare points as energy."""
    if not designs:
        return -ARMY_POINTS
    mine = _army_units(designs, 0)
    spare = ARMY_POINTS - sum(design(d).cost for d in designs)
    energy = ENERGY_WORTH * (ROUNDS - 1) / 2 * spare
    total = 0.0
    for ref in reference_armies(foe):
        kept, wiped = project(mine + _army_units(ref, 1), False, ROUNDS)
        total += _lead(kept, wiped, 0, (energy, 0.0))
    bonus = sum(_design_traits(d)[3] for d in designs)
    return total / len(reference_armies(foe)) + bonus


@lru_cache(maxsize=1 << 14)
def completion(picks: tuple[str, ...], hand: tuple[str, ...], foe: str) -> tuple[str, ...]:
    """The best army (by army_score) holding every pick, completed from the hand (with no
    picks: the best army the hand allows)."""
    room = ARMY_POINTS - sum(design(d).cost for d in picks)
    costs = [design(d).cost for d in hand]
    best, best_v, seen = picks, army_score(picks, foe), set()
    for k in range(1, len(hand) + 1):
        for idx in combinations(range(len(hand)), k):
            if sum(costs[i] for i in idx) > room:
                continue
            key = tuple(sorted(picks + tuple(hand[i] for i in idx)))
            if key in seen:
                continue
            seen.add(key)
            v = army_score(key, foe)
            if v > best_v:
                best, best_v = key, v
    return best


def best_army(s: PariahState, seat: int) -> list[int]:
    """The cards of the best army the seat can make from the cards it drew; cards already
    picked are kept where an equal card would do."""
    cards = s.picks[seat] + s.hands[seat]
    want = list(completion((), tuple(sorted(s.designs[c] for c in cards)),
                           _foe_faction(s, side_of(seat))))
    out = []
    for c in cards:
        if s.designs[c] in want:
            want.remove(s.designs[c])
            out.append(c)
    return out


def _select_step(s: PariahState, seat: int) -> Action:
    """The next step towards the best army: take back a card it does not hold, add one it
    does, or commit."""
    want = best_army(s, seat)
    for c in s.picks[seat]:
        if c not in want:
            return _action(actions.UNPICK, c)
    for c in want:
        if c not in s.picks[seat]:
            return _action(actions.PICK, c)
    return _COMMIT


# --- judging single moves (the rollout policy and the pruning) --------------------------------------
def _damage_value(t: list, expected: float, p_kill: float) -> float:
    """Points a blow is worth: the target's cost if it dies, else a share of it."""
    worth = t[COST] + 0.5
    h = max(t[HP], 0.5)
    return p_kill * worth + (1.0 - p_kill) * 0.4 * worth * min(1.0, expected / h)


def _plan_value(a: list, plan, recs: dict[int, list]) -> float:
    v = 0.0
    p_unit = a[ATT] and 1
    for t, n in plan:
        r = recs[t]
        p = hit_chance(a[DEX], r[ARM], a[AP], r[INV])
        need = math.ceil(r[HP] / a[DMG]) if a[DMG] > 0 else 99
        v += _damage_value(r, n * p * a[DMG], kill_chance(n, round(p, 4), need))
        if r[THORNS]:
            v -= 0.3 * p_unit * r[THORNS] / max(a[HP], 0.5) * (a[COST] + 0.5)
    return v


def _records_by_uid(s: PariahState) -> dict[int, list]:
    out = {}
    for side in (0, 1):
        for uid, rec in zip(s.lines[side], _line_records(s, side)):
            out[uid] = rec
    return out


def _best_plans(s: PariahState, uid: int, recs, keep_splits: bool) -> list[tuple[float, tuple]]:
    """(value, plan) of the attack plans worth considering: every single-target plan, and for
    Sweep/Range the best dice split of each set of targets."""
    a = recs[uid]
    best: dict[tuple, tuple[float, tuple]] = {}
    for plan in combat.attack_plans(s, uid):
        targets = tuple(t for t, _ in plan)
        v = _plan_value(a, plan, recs)
        if len(targets) == 1 or keep_splits:
            key = plan
        else:
            key = targets
        old = best.get(key)
        if old is None or v > old[0]:
            best[key] = (v, plan)
    return sorted(best.values(), key=lambda x: -x[0])


def _ability_value(s: PariahState, uid: int, i: int, ch, recs) -> float:
    """Points using ability i of unit uid on choice ch is worth (rough, for the policy)."""
    u = s.units[uid]
    a = design(u.design).abilities[i]
    side = side_of(u.owner)
    v = -ENERGY_WORTH * a.cost
    for e in a.effects:
        if e.op == "damage" and a.target == "enemy":
            r = recs[ch]
            v += _damage_value(r, e.amount, 1.0 if e.amount >= r[HP] else 0.0)
        elif e.op == "heal":
            hit = [ch] if a.target == "ally" else ([uid] if a.target == "self" else
                                                     [x for x in s.lines[side]])
            for t in hit:
                r = recs.get(t)
                if r is not None:
                    v += 0.5 * (r[COST] + 0.5) * min(e.amount, r[HPMAX] - r[HP]) / r[HPMAX]
        elif e.op == "revive":
            c = ch[0]
            v += 0.9 * design(s.designs[c]).cost
        elif e.op == "token":
            v += 0.6
        elif e.op == "energy":
            v += ENERGY_WORTH * e.amount
        elif e.op == "modify":
            v += _modify_value(s, a.target, uid, ch, e.stat, e.delta, side)
    return v


_GOOD_UP = {"priority": 1, "attacks": 1, "damage": 1, "ap": 1, "hp": 1, "dexterity": -1, "armor": -1}


def _modify_value(s, target, uid, ch, stat_name, delta, side) -> float:
    if target == "enemy":
        whom, sign = [ch], -1
    elif target == "self":
        whom, sign = [uid], 1
    elif target == "ally":
        whom, sign = [ch], 1
    elif target == "adjacent_allies":
        line = s.lines[side]
        i = line.index(uid)
        whom, sign = [line[j] for j in (i - 1, i + 1) if 0 <= j < len(line)], 1
    else:
        whom, sign = list(s.lines[side]), 1
    good = sign * delta * _GOOD_UP[stat_name]
    if stat_name in ("attacks", "damage", "dexterity", "ap", "priority"):
        # offence only helps a unit that has yet to strike this round
        whom = [w for w in whom if w not in s.acted or w == uid]
    return 0.5 * good * len(whom)


def _activation_move(s: PariahState) -> Action:
    seat = s.turn
    recs = _records_by_uid(s)
    relics_now = _relic_plays(s, seat, recs)
    if relics_now and relics_now[0][0] > PLAY_NOW:     # a relic worth playing goes first
        return relics_now[0][1]
    if s.active >= 0:
        uid = s.active
    else:
        uid = next(u for u in flow.eligible(s)[1] if s.units[u].owner == seat)
    mid = s.active == uid
    used = s.active_used if mid else ()
    committed = s.active_committed if mid else False
    free = flow.usable_free_abilities(s, uid, used, committed)
    abl = design(s.units[uid].design).abilities
    best_v, best = _best_ability(s, uid, free, abl, recs, False, 0.05, None)
    if best is not None:
        return best
    if not committed:
        best_v, best = 0.0, None
        plans = _best_plans(s, uid, recs, False)
        if plans:
            best_v, best = plans[0][0], _action(actions.ATTACK, uid, plans[0][1])
        best_v, best = _best_ability(s, uid, free, abl, recs, True, best_v, best)
        if best is not None:
            return best
    return _action(actions.END, uid)


def _best_ability(s, uid, free, abl, recs, commit: bool, best_v: float, best):
    """The free (or, with `commit`, the Commit) ability use worth more than `best_v`, if any."""
    for i, choices in free:
        if bool(abl[i].commit) != commit:
            continue
        for ch in choices:
            v = _ability_value(s, uid, i, ch, recs)
            if v > best_v:
                best_v, best = v, _action(actions.ABILITY, uid, i, ch)
    return best_v, best


_RELIC_PREFERENCE = {"equipment": 1.2, "emblem": 1.0, "consumable": 0.6}


def _relic_worth(rid: str) -> float:
    """How much a relic is wanted at the shop (the policy's static preference)."""
    r = relics()[rid]
    gain = sum(abs(v) for _, v in r.changes) + len(r.abilities) + len(r.effects)
    gain += 1.0 if r.keywords.guardian else 0.0
    if r.target == "enemy_emblem":
        gain = 0.2
    return _RELIC_PREFERENCE[r.relic_type] * gain + 0.2 * r.cost


def _play_value(s: PariahState, seat: int, kind: str, c: int, t, recs) -> float:
    """Points playing a relic or an evolution on t is worth (rough, for the policy)."""
    if kind == actions.EVOLVE.kind:
        e = evolutions()[s.designs[c]]
        r = recs[t]
        return 1.0 + 0.3 * e.cost + 0.3 * r[COST] * r[HP] / r[HPMAX]
    r = relics()[s.designs[c]]
    if r.relic_type == "equipment":
        u = recs[t]
        if u[TOKEN]:
            return -1.0
        offence = sum(v for k, v in r.changes if k in ("attacks", "damage", "ap"))
        return 0.6 + 0.2 * u[COST] * u[HP] / u[HPMAX] + 0.3 * offence * u[ATT]
    if r.relic_type == "emblem":
        return 1.0
    v = -ENERGY_WORTH * r.cost
    for e in r.effects:
        if e.op == "damage":
            u = recs[t]
            v += _damage_value(u, e.amount, 1.0 if e.amount >= u[HP] else 0.0)
        elif e.op == "heal":
            u = recs[t]
            v += 0.5 * (u[COST] + 0.5) * min(e.amount, u[HPMAX] - u[HP]) / u[HPMAX]
        elif e.op == "destroy_emblem":
            v += 1.0
    return v


# a play must be worth this much to be made now rather than kept (the rollout policy)
PLAY_NOW = 0.5


def _prep_move(s: PariahState) -> Action:
    seat = s.turn
    recs = _records_by_uid(s)
    best, best_v = _READY, PLAY_NOW
    for kind, c, t in flow.prep_options(s, seat):
        v = _play_value(s, seat, kind, c, t, recs)
        if v > best_v:
            best, best_v = _action(actions.KINDS[kind], c, t), v
    return best


def _wasted(s: PariahState, kind: str, c: int, t, recs) -> bool:
    """A relic play that throws the relic away: healing an unhurt unit, equipping a token (it
    leaves at the round's end, its gear with it)."""
    if kind != actions.RELIC.kind:
        return False
    r = relics()[s.designs[c]]
    if r.effects and r.effects[0].op == "heal":
        return not s.units[t].damage
    return r.relic_type == "equipment" and bool(recs[t][TOKEN])


def _relic_plays(s: PariahState, seat: int, recs) -> list[tuple[float, Action]]:
    """(value, play) of the relics the seat may play on its turn in the activations, best first."""
    relic = actions.RELIC.kind
    out = [(_play_value(s, seat, relic, c, t, recs), _action(actions.RELIC, c, t))
           for c, t in flow.relic_options(s, seat, ACTIVATION) if not _wasted(s, relic, c, t, recs)]
    return sorted(out, key=lambda x: -x[0])


def _shop_move(s: PariahState) -> Action:
    seat = s.turn
    if s.offers[seat] and not s.shop_kept:
        c = max(s.offers[seat], key=lambda x: (_relic_worth(s.designs[x]), -x))
        return _action(actions.KEEP, c)
    opts = flow.evo_options(s, seat)
    if not opts:
        return _NO_EVO
    c = max(opts, key=lambda x: (design(evolutions()[s.designs[x]].unit).cost, -x))
    return _action(actions.TAKE_EVO, c)


def _deploy_move(s: PariahState) -> Action:
    seat = s.turn
    army = s.armies[seat]
    line = s.lines[side_of(seat)]
    auras = [c for c in army if design(s.designs[c]).keywords.auras]
    if auras and line and len(army) > 1:
        return _action(actions.DEPLOY, auras[0])
    plain = [c for c in army if c not in auras] or army
    return _action(actions.DEPLOY, max(plain, key=lambda c: (design(s.designs[c]).cost, -c)))


def policy_move(s: PariahState) -> Action:
    """One move for the seat to act, legal in `s`, chosen cheaply (see the module text)."""
    phase = s.phase
    if phase == ACTIVATE:
        return _activation_move(s)
    if phase == PREP:
        return _prep_move(s)
    if phase == SHOP:
        return _shop_move(s)
    if phase == DEPLOY:
        return _deploy_move(s)
    return _select_step(s, s.turn)


def rollout_action(s: PariahState, rng=None) -> Action:
    return policy_move(s)


# --- the search's moves ---------------------------------------------------------------------------
@lru_cache(maxsize=1 << 16)
def _action(kind: ActionKind, *args) -> Action:
    return kind(*args)


_COMMIT, _READY, _NO_EVO = actions.COMMIT(), actions.READY(), actions.NO_EVO()
PLANS_KEPT = 3           # attack plans per unit the search considers, best first
CHOICES_KEPT = 2         # targets per ability
PREP_KEPT = 3            # relic and evolution plays at the start of a round
RELICS_KEPT = 2          # relic plays on a turn of one's own during the activations


def search_actions(s: PariahState) -> list[Action]:
    """The legal actions worth searching, without labels (tests check they are legal)."""
    phase, seat = s.phase, s.turn
    if phase == SELECT:
        return [_select_step(s, seat)]
    if phase == DEPLOY:
        out, seen = [], set()
        for c in s.armies[seat]:
            if s.designs[c] not in seen:
                seen.add(s.designs[c])
                out.append(_action(actions.DEPLOY, c))
        return out
    if phase == PREP:
        recs = _records_by_uid(s)
        out = [(_play_value(s, seat, kind, c, t, recs), _action(actions.KINDS[kind], c, t))
               for kind, c, t in flow.prep_options(s, seat) if not _wasted(s, kind, c, t, recs)]
        out.sort(key=lambda x: -x[0])
        return [a for _, a in out[:PREP_KEPT]] + [_READY]
    if phase == ACTIVATE:
        return _activation_actions(s)
    if phase == SHOP:
        if s.offers[seat] and not s.shop_kept:
            out, seen = [], set()
            for c in s.offers[seat]:
                if s.designs[c] not in seen:
                    seen.add(s.designs[c])
                    out.append(_action(actions.KEEP, c))
            return out
        out, seen = [], set()
        for c in flow.evo_options(s, seat):
            if s.designs[c] not in seen:
                seen.add(s.designs[c])
                out.append(_action(actions.TAKE_EVO, c))
        return out or [_NO_EVO]       # an evolution is free to take: always take one
    return []


def _activation_actions(s: PariahState) -> list[Action]:
    """Per unit that may act: its best attack plans and ability choices by the policy's
    values (the search has a few hundred iterations: spread over every dice split and
    target they would tell nothing apart), and passing only when nothing is worth doing; then
    the best relic plays of the turn that are worth something."""
    if s.active >= 0:
        uids = [s.active]
    else:
        _, uids = flow.eligible(s)
        uids = [u for u in uids if s.units[u].owner == s.turn]
    recs = _records_by_uid(s)
    out = []
    for uid in uids:
        mid = s.active == uid
        committed = mid and s.active_committed
        best = 0.0
        if not committed:
            plans = _best_plans(s, uid, recs, False)[:PLANS_KEPT]
            out += [_action(actions.ATTACK, uid, p) for _, p in plans]
            best = max([v for v, _ in plans], default=0.0)
        free = flow.usable_free_abilities(s, uid, s.active_used if mid else (), committed)
        for i, choices in free:
            scored = sorted(((_ability_value(s, uid, i, ch, recs), ch) for ch in choices),
                            key=lambda x: -x[0])[:CHOICES_KEPT]
            out += [_action(actions.ABILITY, uid, i, ch) for _, ch in scored]
            best = max([best] + [v for v, _ in scored])
        if committed or best <= 0.0 or not out:
            out.append(_action(actions.END, uid))
    return out + [a for v, a in _relic_plays(s, s.turn, recs)[:RELICS_KEPT] if v > 0.0]


def prune_actions(s: PariahState, legal: list[Action]) -> list[Action]:
    keep = set(search_actions(s))
    return [a for a in legal if a in keep] or legal


def search_apply(s: PariahState, action: Action) -> None:
    """`apply` for an action the search listed as legal: no check, no events kept."""
    GAME.apply(s, action, checked=True, events=False)


# The evaluation already plays the match out on average; a playout only adds the luck of
# the next few dice, so it stays short and the search gets more iterations.
PLAYOUT_ACTIONS = 2


def playout(s: PariahState, rng, max_actions: int) -> int:
    """Play the policy's moves on `s` for up to `max_actions` moves (at most PLAYOUT_ACTIONS)
    or the end of the match."""
    done = 0
    max_actions = min(max_actions, PLAYOUT_ACTIONS)
    while done < max_actions and s.phase != OVER:
        search_apply(s, policy_move(s))
        done += 1
    return done


POLICY = Policy(evaluate=evaluate, rollout_action=rollout_action, prune_actions=prune_actions,
                search_actions=search_actions, search_apply=search_apply, playout=playout,
                zero_sum=True, team_of=team_of, single_pruned=True, levels=SEARCH_LEVELS)
