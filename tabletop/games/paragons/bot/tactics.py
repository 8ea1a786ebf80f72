"""How the bots judge a Paragons table: what a mercenary on the board is worth, what a blow,
an attack or a defence gains, what an effect does to a target, and where a mercenary stands.

Every judgement reads only what the whole table sees (boards, Life, the chain, designs of
cards in play), so the evaluation built on it is the same from every seat's view and from any
determinisation of it. Worth is in mana, as deckcraft counts it: half a point of attack or
health, keywords and lasting effects on top; Life in the same units (LIFE_WORTH a point, more
when low, everything at 0).
"""

from __future__ import annotations

from functools import lru_cache

from tabletop.games.paragons.bot.deckcraft import (CASTER_PER_ATTACK, CRIT_PER_ATTACK, KEYWORD_WORTH,
                                               RANGED_WORTH, STAT_WORTH, effect_worth, power)
from tabletop.games.paragons.engine.board import adjacent, is_front, placements
from tabletop.games.paragons.engine.cards import Card, card, pool
from tabletop.games.paragons.engine.chain import design_of
from tabletop.games.paragons.engine.state import COLS, ParagonsState
from tabletop.games.paragons.engine.steps import Effect
from tabletop.games.paragons.engine.targets import (LINK_BASE, SPACE_BASE, is_player, player_of,
                                                    space_of_target)

LIFE_WORTH = 0.45           # a point of Life, in mana
LOW_LIFE, LOW_EXTRA = 8, 0.45   # each point under LOW_LIFE counts that much more: close to death
LETHAL = 12.0               # worth of putting a player out (beyond the Life itself)
SCRATCH = 0.1               # damage that does not destroy: it heals at the next turn's start
EXHAUSTED_SHARE = 0.15      # an exhausted mercenary cannot defend until it Recovers
HELD_SHARE = 0.3            # ... and one held misses its next Recover too


# --- the boards at one moment ----------------------------------------------------------------------

class Table:
    """The boards of one moment, read once: each mercenary's attack, health and keywords now
    (as stats.py computes them: counters, buffs, Imbuements, Enchantments, allies' auras) and
    its worth. A judgement that weighs every attacker against every target reads them many
    times; the state must not change while a Table of it is in use."""

    __slots__ = ("s", "atk", "hp", "kws", "_worth")

    def __init__(self, s: ParagonsState) -> None:
        self.s = s
        self.atk: dict[int, int] = {}
        self.hp: dict[int, int] = {}
        self.kws: dict[int, frozenset] = {}
        self._worth: dict[int, float] = {}
        for p in range(s.players):
            self._read_board(s, p)

    def _read_board(self, s: ParagonsState, p: int) -> None:
        row = s.spaces[p]
        auras = [(m, st) for m in row if m >= 0 for st in _card(s, m).statics if st.to == "own_mercs"]
        for i, m in enumerate(row):
            if m < 0:
                continue
            c = _card(s, m)
            g = s.garrison.get(m, 0)
            atk = c.attack * (1 + g) + s.buff_atk.get(m, 0)
            hp = c.health * (1 + g) + s.buff_hp.get(m, 0)
            kws = set(c.keywords)
            steps = [st for x in s.imbued.get(m, ()) for st in _card(s, x).statics if st.to == "host"]
            if s.enchants[p][i] >= 0:
                steps += [st for st in _card(s, s.enchants[p][i]).statics if st.to == "host"]
            steps += [st for ally, st in auras if ally != m]
            for st in steps:
                if st.op == "stat":
                    atk += st.atk
                    hp += st.hp
                elif st.op == "grant":
                    kws.add(st.keyword)
            self.atk[m], self.hp[m], self.kws[m] = max(0, atk), hp, frozenset(kws)

    def left(self, m: int) -> int:
        """Health still to lose before it is destroyed."""
        return self.hp[m] - self.s.damage.get(m, 0)

    def strike(self, m: int) -> int:
        """Its attack's damage (Critical Strike doubles it)."""
        return self.atk[m] * (2 if "critical_strike" in self.kws[m] else 1)

    def worth(self, m: int) -> float:
        w = self._worth.get(m)
        if w is None:
            w = self._worth[m] = merc_worth(self, m)
        return w


def _card(s: ParagonsState, c: int) -> Card:
    return _POOL[s.designs[c]]


_POOL = pool()


# --- worth ---------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def lasting_worth(design: str) -> float:
    """What a mercenary's effects still bring once it is on the board: its abilities, its start
    and end of turn effects, what happens when it is destroyed, its auras (not its arrival)."""
    c = card(design)
    return sum(effect_worth(e, c.type) for e in c.effects if e.when != "play")


def merc_worth(tb: Table, m: int) -> float:
    """A mercenary on the board: its stats now, its keywords, its lasting effects; less if it
    cannot defend."""
    s = tb.s
    c = _card(s, m)
    atk, kws = tb.atk[m], tb.kws[m]
    worth = STAT_WORTH * (atk + tb.hp[m]) + sum(KEYWORD_WORTH.get(k, 0.0) for k in kws)
    if "critical_strike" in kws:
        worth += CRIT_PER_ATTACK * atk
    if c.combat == "caster":
        worth += CASTER_PER_ATTACK * c.attack
    elif c.combat == "ranged":
        worth += RANGED_WORTH
    worth += lasting_worth(s.designs[m])
    if m in s.exhausted:
        worth *= 1.0 - (HELD_SHARE if m in s.held else EXHAUSTED_SHARE)
    return max(worth, 0.5)


def life_worth(life: int) -> float:
    if life <= 0:
        return -LETHAL
    return LIFE_WORTH * life + LOW_EXTRA * min(life, LOW_LIFE)


def life_loss(s: ParagonsState, p: int, n: int) -> float:
    """What losing n Life costs player p."""
    return life_worth(s.life[p]) - life_worth(s.life[p] - n) if n > 0 else 0.0


# --- blows ---------------------------------------------------------------------------------------

def clash(tb: Table, a: int, d: int) -> tuple[bool, bool]:
    """(d destroyed, a destroyed) when attacker a strikes d and d hits back."""
    d_dies = tb.strike(a) >= tb.left(d)
    if d_dies and "first_blood" in tb.kws[a]:
        return True, False
    return d_dies, tb.atk[d] >= tb.left(a)


def fight_gain(tb: Table, a: int, d: int) -> float:
    """What a fight between attacker a and mercenary d gains a's side."""
    d_dies, a_dies = clash(tb, a, d)
    gain = tb.worth(d) if d_dies else SCRATCH * tb.strike(a)
    return gain - (tb.worth(a) if a_dies else 0.0)


def undefended_gain(tb: Table, a: int, target: int) -> float:
    if is_player(target):
        return life_loss(tb.s, player_of(target), tb.strike(a))
    return fight_gain(tb, a, target)


def defenders(tb: Table, a: int, target: int) -> list[int]:
    """Who may defend against a's attack on `target` (combat.defenders, on the Table)."""
    s = tb.s
    if is_player(target):
        p = player_of(target)
        return [] if s.out[p] else [d for d in s.mercs(p) if d not in s.exhausted]
    if target not in s.at or "reach" in tb.kws[a]:
        return []
    p, i = s.board_of(target), s.space_of(target)
    return [d for j in adjacent(i) if (d := s.spaces[p][j]) >= 0 and d not in s.exhausted]


def defence_options(tb: Table, a: int, target: int) -> list[tuple[int, float]]:
    """(defender, what the attack then gains the attacker's side) for every possible defence."""
    return [(d, fight_gain(tb, a, d)) for d in defenders(tb, a, target)]


def attack_gain(tb: Table, a: int, target: int) -> float:
    """What attacking `target` with a gains, if the defender answers as well as it can (our
    measure); less what a's exhaustion costs (it cannot defend until it Recovers)."""
    gain = undefended_gain(tb, a, target)
    for _, g in defence_options(tb, a, target):
        gain = min(gain, g)
    return gain - EXHAUSTED_SHARE * tb.worth(a)


def best_defence(tb: Table, a: int, target: int) -> tuple[int, float]:
    """(the defender that costs the attacker's side most, -1 for none; how much better that is
    for the defending side than letting the attack through)."""
    through = undefended_gain(tb, a, target)
    best, saved = -1, 0.0
    for d, g in defence_options(tb, a, target):
        if through - g > saved:
            best, saved = d, through - g
    return best, saved


def shot_gain(tb: Table, m: int, t: int) -> float:
    """A Caster's shot: its printed attack as damage; a Ranged or Caster target shoots back."""
    s = tb.s
    n = _card(s, m).attack
    gain = tb.worth(t) if n >= tb.left(t) else SCRATCH * n
    if _card(s, t).combat in ("ranged", "caster") and tb.atk[t] >= tb.left(m):
        gain -= tb.worth(m)
    return gain - EXHAUSTED_SHARE * tb.worth(m)


# --- effects on a target ---------------------------------------------------------------------------

def effect_gain(tb: Table, seat: int, eff: Effect, t: int | None, combo: bool) -> float:
    """What an effect played now by `seat` at target t gains its side (steps on a chosen target
    judged against that target, steps on many mercenaries against each, the others by their
    printed worth)."""
    s = tb.s
    gain = 0.0
    for st in eff.steps + (eff.combo if combo else ()):
        if st.to == "target":
            gain += _on_target(tb, seat, st, t) if t is not None else 0.0
        elif st.to == "opponents" and st.op == "damage":
            gain += sum(life_loss(s, q, st.n) for q in s.live() if q != seat)
        elif st.to in ("enemy_mercs", "own_mercs", "all_mercs"):
            gain += _on_mercs(tb, seat, st)
        else:       # you, or the card itself (maybe not on the board yet): its printed worth
            gain += effect_worth(Effect("play", (st,)), "spell")
    return gain


def _on_mercs(tb: Table, seat: int, st) -> float:
    """A step on each mercenary of some boards (own, enemy or all)."""
    s = tb.s
    gain = 0.0
    for p in s.live():
        if (st.to == "own_mercs" and p != seat) or (st.to == "enemy_mercs" and p == seat):
            continue
        gain += sum(_merc_step(tb, st, m, p == seat) for m in s.mercs(p))
    return gain


def _on_target(tb: Table, seat: int, st, t: int) -> float:
    s = tb.s
    if is_player(t):
        return life_loss(s, player_of(t), st.n) if st.op == "damage" else 0.0
    if t >= LINK_BASE:
        return _on_link(s, st, t)
    if t >= SPACE_BASE:
        return _on_space(s, seat, st, t)
    if t in s.pool:
        return 0.5 * power(s.designs[t])
    if t not in tb.atk:
        return 0.0
    return _merc_step(tb, st, t, s.board_of(t) == seat)


def _merc_step(tb: Table, st, m: int, friend: bool) -> float:
    """One step's gain on mercenary m for the side playing it (friend: m is on its board)."""
    s = tb.s
    op = st.op
    worth = tb.worth(m)
    sign = 1.0 if friend else -1.0
    if op == "damage":
        return -sign * (worth if st.n >= tb.left(m) else SCRATCH * st.n)
    if op in ("destroy", "banish"):
        return -sign * worth
    if op == "bounce":
        return -sign * 0.6 * worth
    if op == "exhaust":
        ready = m not in s.exhausted
        return -sign * ((0.3 * tb.atk[m] + 0.4) * ready + (0.4 if st.hold else 0.0))
    if op == "recover":      # it may defend again (an attack or a cast stays spent this turn)
        share = HELD_SHARE if m in s.held else EXHAUSTED_SHARE
        return sign * (share * worth if m in s.exhausted else 0.0)
    if op == "buff":
        return sign * 0.15 * (st.atk + st.hp)
    if op == "fortify":
        c = _card(s, m)
        return sign * STAT_WORTH * (c.attack + c.health) * st.n
    return 0.0


def _on_link(s: ParagonsState, st, t: int) -> float:
    """Cancelling or copying a link: what its card would do (a face-down card: unknown)."""
    link = s.stack[t - LINK_BASE]
    if link.kind not in ("merc", "spell") or not (link.card >= 0 or link.design):
        return 0.0
    worth = power(design_of(s, link))
    if st.op == "counter":
        return (0.6 if st.to_hand else 1.0) * worth
    return 0.8 * worth if st.op == "copy" else 0.0


def _on_space(s: ParagonsState, seat: int, st, t: int) -> float:
    q, i = space_of_target(t)
    e = s.enchants[q][i]
    if st.op != "disenchant" or e < 0:
        return 0.0
    return (1.0 if q != seat else -1.0) * power(s.designs[e])


def attach_gain(tb: Table, seat: int, design: str, t: int) -> float:
    """An Imbuement on mercenary t, or an Enchantment on space t: its statics where they land."""
    s = tb.s
    c = card(design)
    if t >= SPACE_BASE:
        q, i = space_of_target(t)
        m, friend = s.spaces[q][i], q == seat
        if m < 0:                       # an empty space of ours may still be filled
            return (0.3 if friend else 0.0) - (0.3 if s.enchants[q][i] >= 0 else 0.0)
    else:
        if t not in tb.atk:
            return 0.0
        m, friend = t, s.board_of(t) == seat
    worth = 0.0
    for st in c.statics:
        if st.op == "stat":
            worth += STAT_WORTH * (st.atk + st.hp)
            if st.hp < 0 and -st.hp >= tb.left(m):
                worth -= tb.worth(m)               # a curse that destroys it
        elif st.op == "grant" and st.keyword not in tb.kws[m]:
            worth += KEYWORD_WORTH.get(st.keyword, 0.4) + 0.3
    if c.effects_when("turn_start") and not friend:
        worth -= 0.5                               # it hurts its host turn after turn
    return worth if friend else -worth


# --- where a mercenary stands ---------------------------------------------------------------------

def placement_score(s: ParagonsState, seat: int, design: str, space: int, bump: int) -> float:
    """How good a space is for a mercenary of this design: melee in the Front Line, ranged and
    casters behind an ally; next to allies that can defend it; no bumping without need."""
    row = s.spaces[seat]
    melee = card(design).combat == "melee"
    front = is_front(space)
    score = 2.0 if front == melee else 0.0
    if not front and row[space - COLS] >= 0 and not (bump == space - COLS):
        score += 1.0 if not melee else -3.0          # shielded; a melee one there cannot attack
    if front and row[space + COLS] >= 0 and _card(s, row[space + COLS]).combat != "melee":
        score += 0.5                                 # it shields a ranged ally behind it
    score += 0.3 * sum(row[j] >= 0 for j in adjacent(space))
    if bump >= 0:
        score -= 1.5
        moved = row[space]
        if _card(s, moved).combat == "melee" and not is_front(bump):
            score -= 2.0
    return score - 0.05 * abs(space % COLS - 1.5)


def best_places(s: ParagonsState, seat: int, design: str, keep: int) -> list[tuple[int, int]]:
    """The `keep` best (space, bump) placements of a mercenary of this design for seat."""
    spots = placements(s, seat)
    spots.sort(key=lambda sb: (-placement_score(s, seat, design, *sb), sb))
    return spots[:keep]
