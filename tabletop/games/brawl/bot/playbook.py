"""The moves a Champions' Brawl bot considers, best first, for every decision of the match.

`ranked(s)` lists the candidates for the seat to act, best first and legal (each is checked
against the engine's options): it is the playout policy (its first, now and then another) and
the search's pruning (all of it). What is kept:

- the Activation Phase: every playable card and the best champion for each standard action
  that gains something, best first; ending the turn only once none of them gains anything (a
  hand is discarded at the Upkeep Phase and the cores are readied, so waiting keeps nothing);
- a move: at its first step, the first step towards the two best ends (tactics.best_walk),
  one walk being the same move whatever the order of its steps; once under way, the step
  towards the best end;
- a target: the two the card hurts most; a reaction: each one, and passing;
- every other decision of a card (Dash, Swoop, Jump, Force, Fear, Place, a new trap, a
  Stun's discard, Plan) and the set-up: the one best answer.
"""

from __future__ import annotations

from tabletop.core import Action, Rng
from tabletop.games.brawl.bot import setupcraft as craft
from tabletop.games.brawl.bot import tactics as T
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board, flow
from tabletop.games.brawl.engine.arena import GATE
from tabletop.games.brawl.engine.board import card_of, in_arena
from tabletop.games.brawl.engine.moves import STOPPABLE, can_stop, to_act
from tabletop.games.brawl.engine.state import PLAY, BrawlState, owner

WALK_KEEP = 2
TARGET_KEEP = 2
STD_PLAN = 0.03         # Plan 1 of the blue standard action: a card kept for the next turn
PLAY_FLOOR = 0.01       # a card's worth just for being played: its core is free this turn


def ranked(s: BrawlState) -> list[Action]:
    seat = to_act(s)
    if seat is None:
        return []
    if s.phase != PLAY:
        return [craft.setup_move(s, seat)]
    if s.prio >= 0:
        return react_options(s, seat)
    if s.pending:
        return answers(s, s.pending[-1])
    return turn_options(s, seat)


def best(s: BrawlState) -> Action:
    return ranked(s)[0]


def rollout_action(s: BrawlState, rng: Rng) -> Action:
    """The playout policy: the best move, one time in six another of the candidates."""
    opts = ranked(s)
    if len(opts) > 1 and rng.below(6) == 0:
        return opts[1 + rng.below(len(opts) - 1)]
    return opts[0]


# --- the Activation Phase -------------------------------------------------------------------------------

def turn_options(s: BrawlState, seat: int) -> list[Action]:
    scored: list[tuple[float, Action]] = []
    for c in sorted(s.hands[seat]):
        if flow.playable(s, seat, c):
            scored.append((card_gain(s, c) + PLAY_FLOOR, A.PLAY(c)))
    best_std: dict[tuple[str, str], tuple[float, Action]] = {}
    for core, option, c in flow.standard_options(s, seat):
        g = std_gain(s, core, option, c)
        key = (core, option)
        if g > 0 and (key not in best_std or g > best_std[key][0]):
            best_std[key] = (g, A.STANDARD(core, option, c))
    scored += best_std.values()
    scored.sort(key=lambda x: -x[0])
    # a card or standard action that gains something beats ending the turn: the hand is
    # discarded at the Upkeep Phase and the cores are ready again, so nothing is kept by waiting
    if scored and scored[0][0] > PLAY_FLOOR:
        return [a for _, a in scored]
    return [a for _, a in scored] + [A.END()]


def _move_gain(s: BrawlState, c: int, n: int, cd=None, std: str = "") -> float:
    """The best a champion gains by walking up to n and then using cd (or std) from there."""
    obj = T.objective_map(s, owner(c))
    here = s.pos[c]
    base = T.spot(s, c, here, obj) if here != GATE else -0.3
    best = T.card_potential(s, c, cd, here, std) if here != GATE else -1.0
    best += base
    for h in T.walk_reach(s, c, n):
        v = T.spot(s, c, h, obj) + T.card_potential(s, c, cd, h, std)
        if h in s.traps:
            v -= T.TRAP_STEP
        best = max(best, v)
    return best - base


def card_gain(s: BrawlState, card: int) -> float:
    cd = card_of(s, card)
    c = card // 6
    move = cd.move + board.level_n(s, c, "swift")
    g = _move_gain(s, c, move, cd)
    if cd.pre and in_arena(s, c):         # a Swoop or a Place before the attack: from its ends
        here = s.pos[c]
        n = max(st.n for st in cd.pre)
        ends = [h for h in range(len(T.dist_table())) if 0 < T.dist(here, h) <= n and board.free(s, h)]
        obj = T.objective_map(s, owner(c))
        base = T.spot(s, c, here, obj)
        for h in ends:
            g = max(g, T.spot(s, c, h, obj) + T.card_potential(s, c, cd, h) - base)
    heal = sum(st.n for st in cd.post if st.op == "heal" and st.to == "self")
    if heal and in_arena(s, c):
        g += T.HIT_WORTH * min(heal, s.damage[c])
    return g


def std_gain(s: BrawlState, core: str, option: str, c: int) -> float:
    if option == "move":
        return _move_gain(s, c, 2)
    if core == "red":
        return _move_gain(s, c, 1, None, "red:own")
    g = _move_gain(s, c, 1)
    if core == "yellow":
        return g + (T.HIT_WORTH * 1 if s.damage[c] and in_arena(s, c) else 0.0)
    return g + STD_PLAN


# --- reactions ------------------------------------------------------------------------------------------

def react_options(s: BrawlState, seat: int) -> list[Action]:
    """Each reaction and passing, the heuristic's choice first: react when the shield saves a
    knock-out or two damage or more."""
    p = s.play
    opts = flow.reaction_options(s, p)
    scored = []
    cd = card_of(s, p.card)
    for r in opts:
        t = r // 6
        rc = card_of(s, r)
        shield = rc.shield + board.level_n(s, t, "warded")
        strength = cd.strength + board.level_n(s, p.champ, "fierce") + sum(
            m.n for m in cd.mods if m.op == "bloodied" and board.bloodied(s, t))
        dmg = max(0, strength - board.defence(s, t)) * (2 if cd.has("double") else 1)
        saved = min(dmg, shield * (2 if cd.has("double") else 1))
        left = board.hp(s, t) - s.damage[t]
        v = saved * 0.5 + (3.0 if dmg >= left > dmg - saved else 0.0) - 0.8
        scored.append((v, A.REACT(r)))
    scored.sort(key=lambda x: -x[0])
    out = [a for v, a in scored if v > 0] + [A.PASS()] + [a for v, a in scored if v <= 0]
    return out


# --- the decisions of a card in play ------------------------------------------------------------------------

def answers(s: BrawlState, pd) -> list[Action]:
    k = pd.kind
    if k == "walk":
        return walk_answers(s, pd)
    if k == "target":
        return target_answers(s)
    if k == "discard":
        opts = flow.options(s, pd)
        return [A.DISCARD(min(opts, key=lambda x: (_keep_worth(s, x), x)))]
    if k == "plan":
        return [A.PLAN(plan_cards(s, pd.seat, pd.n))]
    opts = flow.options(s, pd)
    ranked_hexes = T.hex_choice(s, pd, opts)
    out = []
    if k in STOPPABLE and can_stop(s, pd):
        # stopping is scored as staying: better than every step, it comes first
        here = s.pos[pd.champ]
        mine = owner(pd.champ) == pd.seat
        stay = T.spot(s, pd.champ, here)
        stay = stay if mine else -stay
        if k == "force" and not mine:
            stay += 1e-6
        if not ranked_hexes or stay >= ranked_hexes[0][0]:
            return [A.STOP()]
    out.append(A.HEX(ranked_hexes[0][1]))
    return out


def walk_answers(s: BrawlState, pd) -> list[Action]:
    opts = set(flow.options(s, pd))
    stop_ok = can_stop(s, pd)
    out: list[Action] = []
    # two ends are weighed at the first step only: once under way, the walk goes on to its end
    started = s.play is None or pd.champ != s.play.champ or pd.n < flow.movement(s, s.play)
    keep = 1 if started else WALK_KEEP
    for _, end, first in T.best_walk(s, pd.champ, pd.n, keep + 1):
        if first < 0:
            a = A.STOP() if stop_ok else None
        elif first in opts:
            a = A.HEX(first)
        else:                              # the engine's own step towards that end
            a = A.HEX(min(opts, key=lambda h: (T.dist(h, end), h))) if opts else None
        if a is not None and a not in out:
            out.append(a)
        if len(out) == keep:
            break
    if not out:
        out = [A.STOP()] if stop_ok else [A.HEX(min(opts))]
    return out


def target_answers(s: BrawlState) -> list[Action]:
    p = s.play
    opts = flow.target_options(s, p)
    cd = card_of(s, p.card) if p.card >= 0 else None
    scored = []
    for t in opts:
        if cd is None:                                   # the red standard action
            v = 1.0 if board.hp(s, t) - s.damage[t] <= 1 else 0.1
        elif cd.target == "enemy":
            v = T.hit(s, cd, p.champ, t)
        else:
            heal = sum(st.n for st in cd.post if st.op == "heal")
            v = min(heal, s.damage[t]) + (0.1 if t != p.champ else 0.0)
        scored.append((v, t))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [A.TARGET(t) for _, t in scored[:TARGET_KEEP]]


def _keep_worth(s: BrawlState, card: int) -> float:
    """A card's worth in hand now: nothing once its core is spent this turn."""
    cd = card_of(s, card)
    seat = card // 18
    if cd.type != "reaction" and s.active == seat and not flow.core_ready(s, seat, cd.core):
        return 0.0
    return T.card_worth(s, card)


def plan_cards(s: BrawlState, seat: int, n: int) -> tuple[int, ...]:
    """Plan: put back on the deck the best cards that cannot be played this turn anyway (their
    core is spent), so the next hand holds them instead of losing them at the Upkeep Phase."""
    dead = [c for c in s.hands[seat]
            if card_of(s, c).type == "reaction" or not flow.core_ready(s, seat, card_of(s, c).core)]
    dead.sort(key=lambda c: (-T.card_worth(s, c), c))
    return tuple(sorted(dead[:n]))


__all__ = ["ranked", "best", "rollout_action", "card_gain"]
