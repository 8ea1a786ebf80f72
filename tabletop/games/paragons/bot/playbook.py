"""The bots' moves in Paragons without search: the setup decisions (from deckcraft), and on the
table the cheap heuristic the search plays its playouts with; also the judgement of each
legal move that pruning keeps or drops moves by.

On its turn the playbook plays the card that gains most (a mercenary on its best space, a
spell at its best target), then uses Casters, attacks where the attack gains (the defender
answering as well as it can), uses abilities, adds Garrison counters, Recruits, and ends the
turn. In a chain it defends when a defence saves Life or a better mercenary, reveals a Hidden
card or answers with a spell when that clearly gains, and otherwise lets the chain be.
Every move is built from the engine's own lists (placements, targets, defenders), so it is
always legal.
"""

from __future__ import annotations

from collections import Counter

from tabletop.core import Action, Rng
from tabletop.games.paragons.bot import deckcraft as craft
from tabletop.games.paragons.bot import tactics as T
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine import chain, combat
from tabletop.games.paragons.engine.cards import DECK_SIZE, card
from tabletop.games.paragons.engine.draft import open_classes
from tabletop.games.paragons.engine.moves import (garrison_ok, main_time, recruit_price,
                                                  reveal_ready, to_act)
from tabletop.games.paragons.engine.state import CLASS, DRAFT, MULLIGAN, PLAY, ParagonsState
from tabletop.games.paragons.engine.stats import card_of
from tabletop.games.paragons.engine.targets import ABILITY_AIM, PASSIVE_AIM, SPELL_AIM

PLAY_AT_LEAST = 0.3        # a card is played when it gains this much (mana units)
ATTACK_AT_LEAST = 0.3      # an attack is made when it gains this much
ANSWER_AT_LEAST = 0.8      # a reaction from hand must gain this much more than its mana
DEFEND_AT_LEAST = 0.2
EXPLORE = 8                # 1 in EXPLORE plays, the playout plays another good card first

_DECLINE, _END = A.DECLINE(), A.END_TURN()


# --- before the game -------------------------------------------------------------------------------

def setup_move(s: ParagonsState, seat: int) -> Action:
    """The class, draft pick, deck step or mulligan deckcraft advises."""
    if s.phase == CLASS:
        return A.CHOOSE(min(open_classes(s), key=craft.class_rank))
    if s.phase == DRAFT:
        return A.PICK(craft.best_picks(s.owned[seat], s.layout, s.designs, 1)[0])
    if s.phase == MULLIGAN:
        return A.MULLIGAN(craft.mulligan_back(s.hands[seat], s.designs))
    return build_step(s, seat)


def build_step(s: ParagonsState, seat: int) -> Action:
    """One step towards deckcraft's best deck: set aside a card it does not want, put in one
    it wants, or finish. Copies of a design are one card for this (compared by design)."""
    designs = s.designs
    want = Counter(designs[c] for c in craft.best_deck(_buildable(s, seat), designs))
    have = Counter(designs[c] for c in s.decks[seat])
    if len(s.decks[seat]) < DECK_SIZE:
        short = [c for c in s.reserves[seat] if have[designs[c]] < want[designs[c]]]
        pool = short or s.reserves[seat]
        return A.ADD(max(pool, key=lambda c: (craft.card_score(designs[c]), -c)))
    extra = [c for c in s.decks[seat] if have[designs[c]] > want[designs[c]]]
    if not extra:
        return A.DONE()
    return A.REMOVE(min(extra, key=lambda c: (craft.card_score(designs[c]), c)))


def _buildable(s: ParagonsState, seat: int) -> list[int]:
    """The cards a seat builds from: its deck and Reserve Pile (between games Banished cards
    are back in the deck and Recruits gone, so this is what the seat owns)."""
    return [*s.decks[seat], *s.reserves[seat]]


# --- judging one card's play --------------------------------------------------------------------

def card_plays(tb: T.Table, seat: int, c: int, reveal: bool, keep: int) -> list[tuple[float, Action]]:
    """The `keep` best ways to play card c from hand (or reveal it from the Hidden Pile), with
    what each gains; ways that need a target there is none of are not offered."""
    s = tb.s
    design = s.designs[c]
    cd = card(design)
    combo = s.played[seat] > 0
    eff = cd.play_effect
    if cd.is_merc:
        aims = chain.aim_choices(s, seat, eff.target if eff else "", PASSIVE_AIM, True)
        aimed = _ranked_aims(tb, seat, design, eff, aims, combo)[:keep]
        body = craft.merc_body(cd) + T.lasting_worth(design)
        kind = A.REVEAL if reveal else A.PLAY
        ways = [(body + g + 0.1 * T.placement_score(s, seat, design, sp, b), kind(c, sp, b, t))
                for sp, b in T.best_places(s, seat, design, keep) for g, t in aimed]
        ways.sort(key=lambda ga: -ga[0])
        return ways[:keep]
    aims = chain.aim_choices(s, seat, eff.target, SPELL_AIM, False)
    ranked = _ranked_aims(tb, seat, design, eff, aims, combo)[:keep]
    if reveal:
        return [(g, A.REVEAL(c, -1, -1, t)) for g, t in ranked]
    return [(g, A.CAST(c, t)) for g, t in ranked]


def _ranked_aims(tb: T.Table, seat: int, design: str, eff, aims, combo: bool) -> list[tuple[float, tuple]]:
    """(gain, targets) of each way to aim a card's played effect, best first."""
    if eff is None:
        return [(0.0, t) for t in aims]
    attaches = card(design).type in ("imbuement", "enchantment")
    out = []
    for t in aims:
        target = t[0] if t else None
        gain = T.effect_gain(tb, seat, eff, target, combo)
        if attaches and target is not None:
            gain += T.attach_gain(tb, seat, design, target)
        out.append((gain, t))
    out.sort(key=lambda gt: -gt[0])
    return out


def affordable_cards(s: ParagonsState, seat: int):
    """(card, design, its data) for each card in the seat's hand it can pay for, in hand order,
    one per design: copies of a design are one move for the bots."""
    seen = set()
    for c in s.hands[seat]:
        design = s.designs[c]
        cd = card(design)
        if cd.cost > s.mana[seat] or design in seen:
            continue
        seen.add(design)
        yield c, design, cd


def hand_plays(tb: T.Table, seat: int) -> list[tuple[float, Action]]:
    """The best play of each affordable card in hand (one per design), on the seat's turn."""
    out = []
    for c, design, cd in affordable_cards(tb.s, seat):
        if cd.hidden:
            out.append((0.6 * craft.power(design), A.HIDE(c)))
            continue
        ways = card_plays(tb, seat, c, False, 1)
        if ways:
            gain, action = ways[0]
            out.append((gain - 0.5 * _wasted(cd, gain), action))
    return out


def _wasted(cd, gain: float) -> float:
    """A spell that gains less than it costs is held back (it may find a better moment)."""
    return 0.0 if cd.is_merc else max(0.0, cd.cost - gain)


# --- the playout's moves --------------------------------------------------------------------------

def rollout_action(s: ParagonsState, rng: Rng) -> Action:
    """The playout policy's move for the seat to act (see the module text)."""
    seat = to_act(s)
    if s.phase != PLAY:
        return setup_move(s, seat)
    if s.pending is not None:
        return A.RECHOOSE(*chain.options(s, s.pending)[0])
    if not main_time(s):
        if s.stack[-1].seat == seat:      # its own move: nothing to answer (most windows)
            return _DECLINE
        return reaction(T.Table(s), seat)
    return turn_move(T.Table(s), seat, rng)


def turn_move(tb: T.Table, seat: int, rng: Rng) -> Action:
    """A Hidden card to spring, the card that gains most, a board move, spare mana, the end."""
    s = tb.s
    for c in s.hidden[seat]:
        if card_of(s, c).reveal == "your_turn":
            ways = card_plays(tb, seat, c, True, 1)
            if ways and ways[0][0] >= PLAY_AT_LEAST:
                return ways[0][1]
    plays = [ga for ga in hand_plays(tb, seat) if ga[0] >= PLAY_AT_LEAST]
    if plays:
        # now and then another good card first: playouts that all play alike judge alike
        if len(plays) > 1 and rng.below(EXPLORE) == 0:
            return rng.choice(plays)[1]
        return max(plays, key=lambda ga: ga[0])[1]
    board = board_move(tb, seat)
    if board is not None:
        return board
    return spare_mana_move(s, seat) or _END


def board_move(tb: T.Table, seat: int) -> Action | None:
    """A Caster's shot, an attack or an ability, whichever gains most (if enough)."""
    best, key = None, ATTACK_AT_LEAST
    for m in tb.s.mercs(seat):
        for gain, action in merc_moves(tb, seat, m, 1):
            if gain > key:
                best, key = action, gain
    return best


def merc_moves(tb: T.Table, seat: int, m: int, keep: int) -> list[tuple[float, Action]]:
    """The `keep` best shots, attacks and abilities of mercenary m on its own turn."""
    s = tb.s
    out = []
    if combat.can_cast(s, m):
        shots = [(T.shot_gain(tb, m, t), A.CASTER(m, t)) for t in combat.caster_targets(s, seat)]
        out += sorted(shots, key=lambda ga: -ga[0])[:keep]
    if combat.can_attack(s, m):
        hits = [(T.attack_gain(tb, m, t), A.ATTACK(m, t)) for t in combat.attack_targets(s, m)]
        out += sorted(hits, key=lambda ga: -ga[0])[:keep]
    out += ability_moves(tb, seat, m, own_turn=True, keep=keep)
    return out


def ability_moves(tb: T.Table, seat: int, m: int, own_turn: bool,
                  keep: int) -> list[tuple[float, Action]]:
    """The `keep` best aims of each ability of m usable now, less what using it costs."""
    s = tb.s
    out = []
    for i, e in enumerate(card_of(s, m).activated):
        if not (e.anytime or (own_turn and m not in s.fresh)) or not chain.ability_payable(s, seat, m, e):
            continue
        cost = 0.8 * e.mana + (T.EXHAUSTED_SHARE * tb.worth(m) if e.exhaust else 0.0)
        ranked = _ranked_aims(tb, seat, s.designs[m], e,
                              chain.aim_choices(s, seat, e.target, ABILITY_AIM, False, m), False)
        out += [(g - cost, A.ABILITY(m, i, t)) for g, t in ranked[:keep]]
    return out


def spare_mana_move(s: ParagonsState, seat: int) -> Action | None:
    """With nothing better to do: a Garrison counter, then a Recruit while the hand is short."""
    for m in s.mercs(seat):
        if garrison_ok(s, seat, m):
            return A.GARRISON(m)
    if len(s.hands[seat]) < 4:
        affordable = [c for c in s.pool if recruit_price(s, seat, c) <= s.mana[seat]]
        if affordable:
            return A.RECRUIT(max(affordable, key=lambda c: (craft.power(s.designs[c]), -c)))
    return None


def reaction(tb: T.Table, seat: int) -> Action:
    """In a chain: defend, reveal or answer when it clearly gains, else let it be."""
    s = tb.s
    if s.stack[-1].seat == seat:
        return _DECLINE
    defence = defence_move(tb, seat)
    if defence is not None:
        return defence
    best, key = None, 0.0
    for gain, action in answers(tb, seat, 1):
        if gain > key:
            best, key = action, gain
    return best or _DECLINE


def defence_move(tb: T.Table, seat: int) -> Action | None:
    """The defence that saves most against an attack on seat, if it saves enough."""
    for a, t in combat.open_attacks(tb.s, seat):
        d, saved = T.best_defence(tb, a, t)
        if d >= 0 and saved >= DEFEND_AT_LEAST:
            return A.DEFEND(a, d)
    return None


def answers(tb: T.Table, seat: int, keep: int) -> list[tuple[float, Action]]:
    """Reactions other than defences, each with its gain less its cost, kept when it clearly
    gains: Hidden cards revealed (free), spells from hand, "anytime" abilities."""
    s = tb.s
    out = []
    for c in s.hidden[seat]:
        if reveal_ready(s, seat, c):
            out += [(g, a) for g, a in card_plays(tb, seat, c, True, keep) if g >= ANSWER_AT_LEAST]
    for c in s.hands[seat]:
        cd = card_of(s, c)
        if cd.is_merc or cd.hidden or cd.cost > s.mana[seat]:
            continue
        out += [(g - cd.cost, a) for g, a in card_plays(tb, seat, c, False, keep)
                if g - cd.cost >= ANSWER_AT_LEAST]
    own_turn = s.turn == seat
    for m in s.mercs(seat):
        out += [(g, a) for g, a in ability_moves(tb, seat, m, own_turn, keep) if g >= ANSWER_AT_LEAST]
    return out
