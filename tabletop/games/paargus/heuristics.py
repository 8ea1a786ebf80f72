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

from tabletop.core import Action
from tabletop.games.paargus.cards import EAST, POINTS, QUADRANTS, cards
from tabletop.games.paargus.state import (CONJOIN, HAND_LIMIT, HAND_OVER, MATCH_OVER, TABLEAU,
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
_ONE_AL = tuple(1 if a else 0 for a in _ALIGN)


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
    return sum(_conj_alignments(c) for c in array)


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
def _groups(hand) -> dict[int, list[int]]:
    """Cards of `hand` by (quadrant, sigil) key (see _KEYS); quadrant = key // 16 + 1."""
    groups: dict[int, list[int]] = {}
    for c in hand:
        for k in _KEYS[c]:
            members = groups.get(k)
            if members is None:
                groups[k] = [c]
            else:
                members.append(c)
    return groups


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
    for key, members in _groups(hand).items():
        n = len(members)
        if n < 3:
            continue
        q = (key >> 4) + 1
        if n == 3:
            out.append((trio_alignments(members, q)[0], q, tuple(members)))
            continue
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    trio = (members[i], members[j], members[k])
                    out.append((trio_alignments(trio, q)[0], q, trio))
    return out


def hand_potential(hand, array=()) -> float:
    """Alignments this hand looks able to add to `array`, roughly.

    The best conjunction ready now counts nearly in full, further ready ones
    less (one conjunction a turn); pairs that hold an alignment symbol count
    for their chance of finding a third card; symbols that could trail one of
    the player's own East conjunctions count nearly in full.
    """
    best = 0
    extra = 0.0
    pairs = 0.0
    for key, members in _groups(hand).items():
        n = len(members)
        if n == 1:
            continue
        if n >= 3:
            al = _best_trio(members, (key >> 4) + 1)
            if al > best:
                extra += 0.35 * best
                best = al
            else:
                extra += 0.35 * al
        else:
            pairs += 0.22 * (_ONE_AL[members[0]] + _ONE_AL[members[1]]) + 0.03
    trail = 0.0
    for conj in array:
        q = conj.quadrant
        if q >= 3:
            col = _SIG[q - 1]
            want = col[conj.fan[0]]
            for c in hand:
                if _ONE_AL[c] and col[c] == want:
                    trail += 0.8
    loose = 0.0
    for c in hand:
        loose += _ONE_AL[c]
    return 0.9 * best + min(extra, 1.5) + min(pairs, 1.2) + min(trail, 2.0) + 0.04 * loose


def hand_value(s: PaargusState, seat: int) -> float:
    """A finished hand (phase HAND_OVER or MATCH_OVER) for `seat`: 0 level,
    +-0.85 and up to +-1 for a payout of 30 chips or more."""
    res = s.last_hand
    if res is None or res.winner is None:
        return 0.0
    v = 0.85 + 0.15 * min(1.0, res.paid / 30.0)
    return v if res.winner == seat else -v


def evaluate(s: PaargusState, seat: int) -> float:
    o = 1 - seat
    if s.phase == MATCH_OVER:
        if s.match_winner is None:
            return 0.0
        return 1.0 if s.match_winner == seat else -1.0
    if s.phase == HAND_OVER:
        return hand_value(s, seat)
    mine = _array_alignments(s.arrays[seat])
    theirs = _array_alignments(s.arrays[o])
    lead = mine - theirs
    pot = hand_potential(s.hands[seat], s.arrays[seat]) - hand_potential(s.hands[o], s.arrays[o])
    # with little deck left, what is on the table counts for more than hopes
    left = len(s.deck) if s.deck_count is None else s.deck_count
    time_left = min(1.0, left / 20.0)
    x = 0.55 * lead + (0.25 + 0.2 * time_left) * pot
    if s.turn == seat:
        x += 0.1
    else:
        x -= 0.1
    # the chip standing before the hand: a small tilt so matches are not flat
    chips = (s.chips[seat] - s.chips[o]) / max(1, s.chips[seat] + s.chips[o])
    return 0.75 * math.tanh(x) + 0.05 * chips


# --- the rollout policy ------------------------------------------------------------------
def _keep_value(c: int, others) -> float:
    """How much a card is worth keeping beside `others` (the rest of the hand)."""
    v = 1.2 * _ONE_AL[c]
    for qi in range(4):
        col = _SIG[qi]
        sg = col[c]
        n = 0
        al = 0
        for d in others:
            if col[d] == sg:
                n += 1
                al += _ONE_AL[d]
        if n:
            v += (0.35 if n == 1 else 0.9) + 0.3 * al
    return v


def _tableau_action(s: PaargusState, rng) -> Action:
    p = s.turn
    hand = s.hands[p]
    if len(hand) > HAND_LIMIT:
        worst, worst_v = hand[0], 1e9
        for i, c in enumerate(hand):
            v = _keep_value(c, hand[:i] + hand[i + 1:])
            if v < worst_v:
                worst, worst_v = c, v
        return Action("play", (worst,))
    best, best_gain = None, 0.45
    if s.tableau:
        for i, h in enumerate(hand):
            nw = _NW[h]
            rest = None
            for t in s.tableau:
                if _NW[t] != nw:
                    continue
                if rest is None:
                    rest = hand[:i] + hand[i + 1:]
                gain = _keep_value(t, rest) - _keep_value(h, rest)
                if gain > best_gain:
                    best, best_gain = (h, t), gain
    if best is not None:
        return Action("trade", best)
    return Action("draw")


def _conjoin_action(s: PaargusState, rng) -> Action:
    p, o = s.turn, 1 - s.turn
    hand = s.hands[p]
    mine = _array_alignments(s.arrays[p])
    theirs = _array_alignments(s.arrays[o])
    shown = _shown_conjunctions(s)
    options = []          # (alignments added, opens a shown conjunction, points, action maker)
    for al, q, trio in _ready_trios(hand):
        options.append((al, True, POINTS[q] * 3, ("conjoin", q, trio)))
    for i, conj in enumerate(s.arrays[p]):
        q = conj.quadrant
        if q in EAST:
            col = _SIG[q - 1]
            want = col[conj.fan[0]]
            for c in hand:
                if col[c] == want:
                    options.append((_ONE_AL[c], False, POINTS[q], ("trail", i, c)))
    if not options:
        return Action("end_turn")

    def make(opt, hide=False):
        kind = opt[3]
        if kind[0] == "conjoin":
            return Action("conjoin", (kind[1], best_fan(kind[2], kind[1], hide)))
        return Action("trail", (kind[1], kind[2]))

    # a winning play ends the hand now
    for opt in options:
        al, new = opt[0], opt[1]
        after_shown = shown + (1 if new and al > 0 else 0)
        if al > 0 and after_shown >= 2 and mine + al - theirs >= 2:
            return make(opt)
    best = max(options, key=lambda t: (t[0], t[2] + rng.below(3)))
    al = best[0]
    if al > 0:
        after_shown = shown + (1 if best[1] else 0)
        if theirs - (mine + al) >= 2 and after_shown >= 2 and shown < 2:
            # showing it would open the endgame for an opponent two ahead
            return make(best, hide=True) if best[1] else Action("end_turn")
        return make(best)
    # nothing to show: lay a plain conjunction only if it wastes no symbol
    plain = [t for t in options if t[0] == 0 and t[1]
             and not any(_ALIGN[c] for c in t[3][2])]
    if plain and rng.below(2) == 0:
        return make(max(plain, key=lambda t: t[2]))
    return Action("end_turn")


def rollout_action(s: PaargusState, rng) -> Action:
    """One move for the player to act, legal in `s`, chosen cheaply (see the module text)."""
    if s.phase == TABLEAU:
        return _tableau_action(s, rng)
    if s.phase == CONJOIN:
        return _conjoin_action(s, rng)
    return Action("deal")


# evaluate(s, 1 - seat) == -evaluate(s, seat): the search scores each playout once
EVALUATE_ZERO_SUM = True


def search_horizon(s: PaargusState) -> bool:
    """True where the search stops and evaluates: the end of the hand."""
    return s.phase == HAND_OVER or s.phase == MATCH_OVER


def prune_actions(s: PaargusState, legal: list[Action]) -> list[Action]:
    """One conjunction order per (quadrant, cards, alignments shown); all else kept."""
    if s.phase != CONJOIN or len(legal) <= 2:
        return legal
    out = []
    seen = set()
    for a in legal:
        if a.kind == "conjoin":
            q, fan = a.args
            qsky = _QSKY[q]
            top = fan[-1]
            shown = {_ALIGN[c] for c in fan[:-1] if _SKY[c] == qsky}
            if _ALIGN[top]:
                shown.add(_ALIGN[top])
            key = (q, tuple(sorted(fan)), len(shown))
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out
