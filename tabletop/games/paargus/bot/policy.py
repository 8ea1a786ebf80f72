"""What the bots know about Paargus: the evaluation, a rollout policy and search hooks.

A hand is won on alignments (two more than the opponent once two conjunctions
showing alignments are on the table, or more when the deck runs out); its
winner is paid their conjunction points; the match is about chips. So:

- `evaluate(state, seat)` in [-1, 1]: +-1 for a finished match; +-(0.85..1)
  for a finished hand (more for a bigger payout); in the middle of a hand a
  guess of who wins it, at most +-0.8, from the alignment lead, the
  alignments each hand of cards could still show, and how much deck is left.
- `rollout_action(state, rng)`: one cheap, sensible move for the playouts of
  the search (never lists the legal actions): play to the tableau only when
  the hand is over the limit, and then the least useful card; trade for a
  card that completes or improves a set; play the conjunction showing the
  most alignments, winning the hand when it can, and not opening the endgame
  for an opponent who leads by two.
- `search_horizon(state)`: the search stops at the end of the hand; the next
  hand starts from a fresh shuffle and is nobody's to plan.
- `prune_actions(state, legal)`: conjunction orders that show the same number
  of alignments are the same move for the search; one of each is kept.

Everything here reads card properties from flat tables indexed by card id:
the search calls it hundreds of thousands of times per decision.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations

from tabletop.core import Action
from tabletop.core.action_kinds import ActionKind
from tabletop.core.policy import Policy
from tabletop.games.paargus.engine import actions
from tabletop.games.paargus.engine.cards import EAST, POINTS, QUADRANTS, cards
from tabletop.games.paargus.engine.conjunctions import Conjunction
from tabletop.games.paargus.engine.rules import GAME
from tabletop.games.paargus.engine.state import (CONJOIN, HAND_LIMIT, HAND_OVER, MATCH_OVER, TABLEAU,
                                          PaargusState)


# --- card tables -------------------------------------------------------------------------
def _tables():
    cs = cards()
    sig_ids: dict[str, int] = {}
    sig = [[sig_ids.setdefault(c.sigils[q - 1], len(sig_ids)) for c in cs] for q in QUADRANTS]
    align = [c.alignment or 0 for c in cs]
    # the sky ("west" 0 / "east" 1) of each card's alignment symbol, -1 without one
    sky = [-1 if a == 0 else (0 if a <= 2 else 1) for a in align]
    return tuple(tuple(s) for s in sig), tuple(align), tuple(sky)


_SIG, _ALIGN, _SKY = _tables()
_NW = _SIG[0]
# one small int per (quadrant, sigil): quadrant q's sigils are 16 * (q - 1) + sigil
_KEYS = tuple(tuple(16 * qi + _SIG[qi][c] for qi in range(4)) for c in range(len(_ALIGN)))
_QSKY = {1: 0, 2: 0, 3: 1, 4: 1}
_NKEYS = 64


def _counts(hand) -> tuple[list[int], list[int]]:
    """Per (quadrant, sigil) key: the cards of `hand` showing it, and how many of
    those carry an alignment symbol."""
    cnt = [0] * _NKEYS
    alc = [0] * _NKEYS
    for c in hand:
        k0, k1, k2, k3 = _KEYS[c]
        cnt[k0] += 1
        cnt[k1] += 1
        cnt[k2] += 1
        cnt[k3] += 1
        if _ONE_AL[c]:
            alc[k0] += 1
            alc[k1] += 1
            alc[k2] += 1
            alc[k3] += 1
    return cnt, alc


def _members(hand, key: int) -> list[int]:
    col = _SIG[key >> 4]
    sg = key & 15
    return [c for c in hand if col[c] == sg]
_ONE_AL = tuple(1 if a else 0 for a in _ALIGN)


@lru_cache(maxsize=1 << 16)
def _conj_alignments(conj) -> int:
    """Alignments a conjunction shows (as conjunctions.alignments, from the tables)."""
    q, fan = conj.quadrant, conj.fan
    qsky = _QSKY[q]
    shown = set()
    last = len(fan) - 1
    for i, c in enumerate(fan):
        a = _ALIGN[c]
        if a and (i == last or _SKY[c] == qsky):
            shown.add(a)
    return len(shown) + sum(_ONE_AL[c] for c in conj.trailing)


def _array_alignments(array) -> int:
    n = 0
    for c in array:
        n += _conj_alignments(c)
    return n


def _shown_conjunctions(s: PaargusState) -> int:
    return sum(1 for a in s.arrays for c in a if _conj_alignments(c) > 0)


def trio_alignments(trio, q: int) -> tuple[int, int]:
    """(most, fewest) alignments three cards matched in quadrant `q` can show.

    Symbols over the matched sky show from any place in the fan; the top card
    shows whole, so one symbol over the other sky can show if it is on top.
    """
    qsky = _QSKY[q]
    same = set()
    other = 0
    for c in trio:
        sk = _SKY[c]
        if sk == qsky:
            same.add(_ALIGN[c])
        elif sk >= 0:
            other += 1
    # with every card's symbol over the other sky, the top one shows anyway
    return len(same) + (1 if other else 0), len(same) + (1 if other == len(trio) else 0)


def best_fan(trio, q: int, hide: bool = False) -> tuple[int, ...]:
    """The engine's canonical order (bottom cards ascending, top last) that shows
    the most alignments, or with `hide` the fewest."""
    qsky = _QSKY[q]
    top = None
    for c in trio:
        sk = _SKY[c]
        if sk >= 0 and sk != qsky:
            top = c
            break
    if hide or top is None:
        # a top without a symbol over the other sky hides all it can
        plain = [c for c in trio if not (_SKY[c] >= 0 and _SKY[c] != qsky)]
        top = max(plain) if plain else max(trio)
    rest = sorted(c for c in trio if c != top)
    return (rest[0], rest[1], top)


# --- the evaluation ----------------------------------------------------------------------
def _best_trio(members, q: int) -> int:
    """The most alignments any three of `members` (sharing a sigil in q) can show."""
    n = len(members)
    if n == 3:
        return trio_alignments(members, q)[0]
    best = 0
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                a = trio_alignments((members[i], members[j], members[k]), q)[0]
                if a > best:
                    best = a
    return best


def _ready_trios(hand):
    """(alignments at most, quadrant, trio) for every conjunction the hand could lay now."""
    out = []
    if len(hand) < 3:
        return out
    cnt = [0] * _NKEYS
    for c in hand:
        k0, k1, k2, k3 = _KEYS[c]
        cnt[k0] += 1
        cnt[k1] += 1
        cnt[k2] += 1
        cnt[k3] += 1
    for c in hand:
        for key in _KEYS[c]:
            n = cnt[key]
            if n < 3:
                continue
            cnt[key] = 0                  # done with this sigil
            members = _members(hand, key)
            q = (key >> 4) + 1
            if n == 3:
                out.append((trio_alignments(members, q)[0], q, tuple(members)))
                continue
            for trio in combinations(members, 3):
                out.append((trio_alignments(trio, q)[0], q, trio))
    return out


def hand_features(hand, array=()) -> tuple[int, int, int, int, int, int, int]:
    """What a hand of cards promises, as counts:

    (best: the most alignments a conjunction laid from it now would show,
     extra: the alignments of its other ready conjunctions (at most 4),
     pairsym: symbols on cards in pairs, two cards sharing a sigil (at most 6),
     pairs: such pairs (at most 8),
     trail: symbol cards that could trail the player's own East conjunctions (at most 3),
     loose: symbol cards in it,
     size: its cards)
    """
    best = 0
    extra = 0
    pairsym = 0
    pairs = 0
    cnt, alc = _counts(hand)
    for c in hand:
        for key in _KEYS[c]:
            n = cnt[key]
            if n < 2:
                continue
            cnt[key] = 0                  # done with this sigil
            if n == 2:
                pairs += 1
                pairsym += alc[key]
                continue
            al = _best_trio(_members(hand, key), (key >> 4) + 1)
            if al > best:
                extra += best
                best = al
            else:
                extra += al
    trail = 0
    for conj in array:
        q = conj.quadrant
        if q >= 3:
            col = _SIG[q - 1]
            want = col[conj.fan[0]]
            for c in hand:
                if _ONE_AL[c] and col[c] == want:
                    trail += 1
    loose = 0
    for c in hand:
        loose += _ONE_AL[c]
    return (best, min(extra, 4), min(pairsym, 6), min(pairs, 8), min(trail, 3), loose, len(hand))


def hand_value(s: PaargusState, seat: int) -> float:
    """A finished hand (phase HAND_OVER or MATCH_OVER) for `seat`: 0 level,
    +-0.85 and up to +-1 for a payout of 30 chips or more."""
    res = s.last_hand
    if res is None or res.winner is None:
        return 0.0
    v = 0.85 + 0.15 * min(1.0, res.paid / 30.0)
    return v if res.winner == seat else -v


# The weights of the mid-hand estimate: a logistic fit of who won the hand on
# 130,000 positions of 8,000 hands the rollout policy played against itself
# (one move in ten random). The hand size, which the fit also liked (smaller is
# better), is left out: a one-ply bot read it as "play cards to the tableau",
# which feeds the opponent sweeps. Every term is "mine minus theirs", so
# evaluate(s, other) == -evaluate(s, seat). "early" is the share of the deck
# still to draw, "late" its complement.
W_BEST = (0.0, 1.09, 2.42, 2.42)      # by the best ready conjunction's alignments
W_BEST_EARLY = (0.0, -0.65, -0.53, -0.53)
W_EXTRA, W_PAIRSYM, W_PAIRS, W_TRAIL, W_LOOSE = 0.14, 0.068, 0.0, 1.09, 0.092
W_PAIRSYM_EARLY, W_TRAIL_EARLY, W_LOOSE_EARLY = 0.037, 0.35, -0.094
W_NCONJ = -0.019
W_LEAD, W_LEAD_LATE, W_LEAD1 = 0.69, 1.20, 0.25
W_TURN_READY = 0.12
MID_HAND_SCALE = 0.8                  # a finished hand counts 0.85 or more


def _side(f, early: float) -> float:
    best, extra, pairsym, pairs, trail, loose, size = f
    return (W_BEST[best] + W_BEST_EARLY[best] * early + W_EXTRA * extra
            + (W_PAIRSYM + W_PAIRSYM_EARLY * early) * pairsym + W_PAIRS * pairs
            + (W_TRAIL + W_TRAIL_EARLY * early) * trail
            + (W_LOOSE + W_LOOSE_EARLY * early) * loose)


def _won_value(s: PaargusState, winner: int, seat: int) -> float:
    """evaluate() of the position once `winner` has won this hand (not yet paid)."""
    loser = 1 - winner
    score = 0
    for c in s.arrays[winner]:
        score += (len(c.fan) + len(c.trailing)) * POINTS[c.quadrant]
    paid = min(score, s.chips[loser])
    if paid >= s.chips[loser] or (s.hands_target and s.hand_no >= s.hands_target):
        v = 1.0                       # and the match with it
    else:
        v = 0.85 + 0.15 * min(1.0, paid / 30.0)
    return v if winner == seat else -v


def evaluate(s: PaargusState, seat: int) -> float:
    o = 1 - seat
    if s.phase == MATCH_OVER:
        if s.match_winner is None:
            return 0.0
        return 1.0 if s.match_winner == seat else -1.0
    if s.phase == HAND_OVER:
        return hand_value(s, seat)
    lead = _array_alignments(s.arrays[seat]) - _array_alignments(s.arrays[o])
    mover_lead = lead if s.turn == seat else -lead
    if mover_lead >= 2 and _shown_conjunctions(s) >= 2:
        # the endgame is open and the player to act is two ahead: they win the
        # hand at the end of this turn, whatever they do
        return _won_value(s, s.turn, seat)
    left = len(s.deck) if s.deck_count is None else s.deck_count
    early = min(1.0, left / 36.0)
    mine = hand_features(s.hands[seat], s.arrays[seat])
    theirs = hand_features(s.hands[o], s.arrays[o])
    z = _side(mine, early) - _side(theirs, early)
    z += W_NCONJ * (len(s.arrays[seat]) - len(s.arrays[o]))
    z += (W_LEAD + W_LEAD_LATE * (1.0 - early)) * lead
    if lead:
        z += W_LEAD1 if lead > 0 else -W_LEAD1
    ready = (mine[0] > 0) + (theirs[0] > 0)
    if ready:
        z += W_TURN_READY * ready if s.turn == seat else -W_TURN_READY * ready
    # 2 * sigmoid(z) - 1: the expected result of the hand, scaled below a finished one
    return MID_HAND_SCALE * math.tanh(0.5 * z)


# --- the rollout policy ------------------------------------------------------------------
# Moves are plain tuples inside the playouts (an Action costs more to build than
# the whole decision): the kind's JSON name, then the args in the declared order:
# (_K_PLAY, c), (_K_TRADE, h, t), (_K_DRAW,), (_K_CONJOIN, q, fan), (_K_TRAIL, i, c),
# (_K_END_TURN,) and (_K_DEAL,).
_K_PLAY, _K_TRADE, _K_DRAW = actions.PLAY.kind, actions.TRADE.kind, actions.DRAW.kind
_K_CONJOIN, _K_TRAIL, _K_END_TURN = actions.CONJOIN.kind, actions.TRAIL.kind, actions.END_TURN.kind
_K_DEAL = actions.DEAL.kind

# The policy's knobs (tuned by playing the policy alone against the greedy bot).
P_SYMBOL = 1.2          # worth of an alignment symbol on a card in hand
P_LINK1 = 0.35          # worth of one other card sharing a sigil with it
P_LINK2 = 0.9           # ... of two or more
P_LINK_SYMBOL = 0.3     # ... and of each symbol among those
P_TRADE_GAIN = 0.45     # a trade must gain this much worth
P_PLAIN_HAND = 5        # lay a conjunction without symbols from this many cards in hand
P_DUMP_DANGER = 0.0     # weight of what a dumped card may give the opponent


def _link_table():
    """_LINK[n][al]: what n other cards sharing a sigil with a card (al of them
    with a symbol) add to the worth of keeping it."""
    return tuple(tuple(0.0 if n == 0 else (P_LINK1 if n == 1 else P_LINK2) + P_LINK_SYMBOL * a
                       for a in range(48)) for n in range(48))


_LINK = _link_table()


def _mates_table():
    """For each card, the other cards with its North-West sigil (sweeps and trades)."""
    return tuple(tuple(d for d in range(len(_NW)) if d != c and _NW[d] == _NW[c])
                 for c in range(len(_NW)))


_NW_MATES = _mates_table()


def _dump_danger(s: PaargusState, c: int) -> float:
    """What card c in the tableau may give the opponent: its NW sigil's other cards
    that are still in the deck or the opponent's hand could sweep or trade it."""
    p = s.turn
    hand, tableau = s.hands[p], s.tableau
    risk = 0
    for m in _NW_MATES[c]:
        if m in hand or m in tableau:
            continue
        if any(m in conj.fan or m in conj.trailing for a in s.arrays for conj in a):
            continue
        risk += 1
    return risk * (0.5 + _ONE_AL[c])


def _worth_in_hand(c: int, cnt, alc) -> float:
    """How much card c (in the hand counted by _counts) is worth keeping."""
    al = _ONE_AL[c]
    k0, k1, k2, k3 = _KEYS[c]
    return (P_SYMBOL * al + _LINK[cnt[k0] - 1][alc[k0] - al] + _LINK[cnt[k1] - 1][alc[k1] - al]
            + _LINK[cnt[k2] - 1][alc[k2] - al] + _LINK[cnt[k3] - 1][alc[k3] - al])


def _tableau_move(s: PaargusState) -> tuple:
    hand = s.hands[s.turn]
    over = len(hand) > HAND_LIMIT
    tableau = s.tableau
    if not over:
        if not tableau:
            return (_K_DRAW,)
        nws = {_NW[h] for h in hand}
        for t in tableau:
            if _NW[t] in nws:
                break
        else:
            return (_K_DRAW,)           # nothing to trade
    cnt, alc = _counts(hand)
    if over:
        worst, worst_v = hand[0], 1e9
        for c in hand:
            v = _worth_in_hand(c, cnt, alc)
            if P_DUMP_DANGER:
                v += P_DUMP_DANGER * _dump_danger(s, c)
            if v < worst_v:
                worst, worst_v = c, v
        return (_K_PLAY, worst)
    best, best_gain = None, P_TRADE_GAIN
    for h in hand:
        nw = _NW[h]
        give = None
        for t in tableau:
            if _NW[t] != nw:
                continue
            if give is None:
                give = _worth_in_hand(h, cnt, alc)
                kh = _KEYS[h]
                alh = _ONE_AL[h]
            take = P_SYMBOL * _ONE_AL[t]
            for k in _KEYS[t]:           # t beside the hand without h
                if k in kh:
                    take += _LINK[cnt[k] - 1][alc[k] - alh]
                else:
                    take += _LINK[cnt[k]][alc[k]]
            if take - give > best_gain:
                best, best_gain = (h, t), take - give
    if best is not None:
        return (_K_TRADE, best[0], best[1])
    return (_K_DRAW,)


def _conjoin_move(s: PaargusState) -> tuple:
    p = s.turn
    hand = s.hands[p]
    options = []          # (alignments added, a new conjunction?, points, move)
    for al, q, trio in _ready_trios(hand):
        options.append((al, True, POINTS[q] * 3, (_K_CONJOIN, q, trio)))
    for i, conj in enumerate(s.arrays[p]):
        q = conj.quadrant
        if q >= 3:
            col = _SIG[q - 1]
            want = col[conj.fan[0]]
            for c in hand:
                if col[c] == want:
                    options.append((_ONE_AL[c], False, POINTS[q], (_K_TRAIL, i, c)))
    if not options:
        return (_K_END_TURN,)
    mine = _array_alignments(s.arrays[p])
    theirs = _array_alignments(s.arrays[1 - p])
    shown = _shown_conjunctions(s)
    best = None
    for opt in options:
        al, new = opt[0], opt[1]
        if al > 0 and shown + (1 if new else 0) >= 2 and mine + al - theirs >= 2:
            return _finish(opt[3])        # this ends the hand, won
        if best is None or (al, opt[2]) > (best[0], best[2]):
            best = opt
    al = best[0]
    if al > 0:
        if theirs - (mine + al) >= 2 and shown < 2 <= shown + (1 if best[1] else 0):
            # showing it would open the endgame for an opponent two ahead
            return _finish(best[3], hide=True) if best[1] else (_K_END_TURN,)
        return _finish(best[3])
    # nothing to show: lay a plain conjunction when it wastes no symbol and the
    # hand is getting full
    if len(hand) >= P_PLAIN_HAND:
        for opt in options:
            if opt[1] and opt[0] == 0 and not any(_ONE_AL[c] for c in opt[3][2]):
                return _finish(opt[3])
    return (_K_END_TURN,)


def _finish(move: tuple, hide: bool = False) -> tuple:
    if move[0] == _K_CONJOIN:
        return (_K_CONJOIN, move[1], best_fan(move[2], move[1], hide))
    return move


def _policy_move(s: PaargusState) -> tuple:
    if s.phase == TABLEAU:
        return _tableau_move(s)
    if s.phase == CONJOIN:
        return _conjoin_move(s)
    return (_K_DEAL,)


# Actions are immutable values: the search reuses one object per move instead of
# building (and freezing) a new one each time it lists the moves.
@lru_cache(maxsize=1 << 16)
def _action(kind: ActionKind, *args) -> Action:
    return kind(*args)


_PLAY, _TRADE, _CONJOIN, _TRAIL = actions.PLAY, actions.TRADE, actions.CONJOIN, actions.TRAIL


def _to_action(move: tuple) -> Action:
    """The Action of one of the policy's moves: (kind, its arguments in the declared order)."""
    kind = move[0]
    if kind == _K_PLAY:
        return _action(_PLAY, move[1])
    if kind == _K_TRADE:
        return _action(_TRADE, move[1], move[2])
    if kind == _K_TRAIL:
        return _action(_TRAIL, move[1], move[2])
    if kind == _K_CONJOIN:
        return _action(_CONJOIN, move[1], tuple(move[2]))
    return _action(actions.KINDS[kind])


def rollout_action(s: PaargusState, rng=None) -> Action:
    """One move for the player to act, legal in `s`, chosen cheaply (see the module text)."""
    return _to_action(_policy_move(s))


# evaluate(s, 1 - seat) == -evaluate(s, seat): the search scores each playout once


def search_horizon(s: PaargusState) -> bool:
    """True where the search stops and evaluates: the end of the hand."""
    return s.phase == HAND_OVER or s.phase == MATCH_OVER


def _shown_count(fan, q: int) -> int:
    qsky = _QSKY[q]
    shown = {_ALIGN[c] for c in fan[:-1] if _SKY[c] == qsky and _ALIGN[c]}
    if _ALIGN[fan[-1]]:
        shown.add(_ALIGN[fan[-1]])
    return len(shown)


# Playing a card to the tableau by choice (the hand within its limit) hands
# the opponent sweeps and trades and buys nothing: the search leaves it out.
PRUNE_VOLUNTARY_PLAYS = True


def prune_actions(s: PaargusState, legal: list[Action]) -> list[Action]:
    """What the search considers: one conjunction order per (quadrant, cards,
    alignments shown), and no card played to the tableau by choice."""
    if s.phase == TABLEAU:
        if PRUNE_VOLUNTARY_PLAYS and len(s.hands[s.turn]) <= HAND_LIMIT:
            return [a for a in legal if a.kind != _K_PLAY] or legal
        return legal
    if s.phase != CONJOIN or len(legal) <= 2:
        return legal
    out = []
    seen = set()
    for a in legal:
        if a.kind == _K_CONJOIN:
            q, fan = _CONJOIN.quadrant(a), _CONJOIN.fan(a)
            key = (q, tuple(sorted(fan)), _shown_count(fan, q))
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


def search_actions(s: PaargusState) -> list[Action]:
    """`prune_actions(s, GAME.legal_actions(s))` without the labels, in the same
    order (tests/test_bots_paargus.py checks it on thousands of positions)."""
    phase = s.phase
    if phase == TABLEAU:
        hand = s.hands[s.turn]
        if len(hand) <= HAND_LIMIT and PRUNE_VOLUNTARY_PLAYS:
            out = []
        else:
            out = [_action(_PLAY, c) for c in hand]
        if len(hand) <= HAND_LIMIT:
            for h in hand:
                nw = _NW[h]
                for t in s.tableau:
                    if _NW[t] == nw:
                        out.append(_action(_TRADE, h, t))
            out.append(_DRAW)
        return out
    if phase == CONJOIN:
        hand = s.hands[s.turn]
        out = []
        for q in QUADRANTS:
            col = _SIG[q - 1]
            groups: dict[int, list[int]] = {}
            for c in hand:
                groups.setdefault(col[c], []).append(c)
            for members in groups.values():
                if len(members) < 3:
                    continue
                for trio in combinations(sorted(members), 3):
                    seen = set()
                    for top in trio:
                        fan = tuple(c for c in trio if c != top) + (top,)
                        n = _shown_count(fan, q)
                        if n not in seen:
                            seen.add(n)
                            out.append(_action(_CONJOIN, q, fan))
        for i, conj in enumerate(s.arrays[s.turn]):
            q = conj.quadrant
            if q in EAST:
                col = _SIG[q - 1]
                want = col[conj.fan[0]]
                for c in hand:
                    if col[c] == want:
                        out.append(_action(_TRAIL, i, c))
        out.append(_END_TURN)
        return out
    if phase == HAND_OVER:
        return [_DEAL]
    return []


_DRAW, _END_TURN, _DEAL = actions.DRAW(), actions.END_TURN(), actions.DEAL()


# --- fast playouts ---------------------------------------------------------------------
def _leave(s: PaargusState, p: int, c: int) -> None:
    s.hands[p].remove(c)
    known = s.known[p]
    if c in known:
        known.remove(c)


def _fast_draw(s: PaargusState, p: int) -> None:
    n = 1 if s.drawn_first[p] else 3
    s.drawn_first[p] = True
    deck, hand, known = s.deck, s.hands[p], s.known[p]
    for _ in range(n):
        if not deck:
            break
        c = deck.pop()
        hand.append(c)
        if s.tableau:
            sig = _NW[c]
            swept = [t for t in s.tableau if _NW[t] == sig]
            if swept:
                s.tableau = [t for t in s.tableau if _NW[t] != sig]
                hand.extend(swept)
                known.extend(swept)
    s.phase = CONJOIN


def _ends_hand(s: PaargusState, p: int, array_after) -> bool:
    """Would the end of p's turn end the hand, with p's array as `array_after`?"""
    if not s.deck:
        return True
    other = s.arrays[1 - p]
    if _array_alignments(array_after) - _array_alignments(other) < 2:
        return False
    shown = 0
    for c in array_after:
        if _conj_alignments(c):
            shown += 1
    for c in other:
        if _conj_alignments(c):
            shown += 1
    return shown >= 2


def fast_apply(s: PaargusState, move) -> None:
    """`GAME.apply(s, move)` for a legal move (an Action or the policy's tuple),
    without events or checks: the search only applies moves it listed as legal.

    Turns that end the hand go through the real engine (chips, the next
    starter, the end of the match). tests/test_bots_paargus.py checks that
    both give the same state.
    """
    if isinstance(move, Action):
        move = (move.kind,) + tuple(move.args)      # the policy's move: the kind, then the args in order
    kind = move[0]
    p = s.turn
    if kind == _K_DRAW:
        _fast_draw(s, p)
        return
    if kind == _K_PLAY:
        c = move[1]
        _leave(s, p, c)
        s.tableau.append(c)
        return
    if kind == _K_TRADE:
        h, t = move[1], move[2]
        _leave(s, p, h)
        s.tableau[s.tableau.index(t)] = h
        s.hands[p].append(t)
        s.known[p].append(t)
        _fast_draw(s, p)
        return
    array = s.arrays[p]
    if kind == _K_CONJOIN:
        after = array + [Conjunction(move[1], tuple(move[2]))]
    elif kind == _K_TRAIL:
        i, c = move[1], move[2]
        old = array[i]
        after = array[:i] + [Conjunction(old.quadrant, old.fan, old.trailing + (c,))] + array[i + 1:]
    elif kind == _K_END_TURN:
        after = array
    else:
        GAME.apply(s, _to_action(move), checked=True, events=False)
        return
    if _ends_hand(s, p, after):
        GAME.apply(s, _to_action(move), checked=True, events=False)
        return
    if kind == _K_CONJOIN:
        for c in move[2]:
            _leave(s, p, c)
    elif kind == _K_TRAIL:
        _leave(s, p, move[2])
    s.arrays[p] = after
    s.turn, s.phase = 1 - p, TABLEAU
    s.turn_no += 1


def search_apply(s: PaargusState, action: Action) -> None:
    """The search's `apply` for actions it listed as legal (see fast_apply)."""
    fast_apply(s, action)




def playout(s: PaargusState, rng, max_actions: int) -> int:
    """Play the rollout policy's moves on `s` until the hand ends or
    `max_actions` were played; returns how many were."""
    done = 0
    while done < max_actions:
        phase = s.phase
        if phase == TABLEAU:
            fast_apply(s, _tableau_move(s))
        elif phase == CONJOIN:
            fast_apply(s, _conjoin_move(s))
        else:
            break
        done += 1
    return done



POLICY = Policy(evaluate=evaluate, rollout_action=rollout_action, search_horizon=search_horizon,
                prune_actions=prune_actions, search_actions=search_actions,
                search_apply=search_apply, playout=playout, zero_sum=True)
