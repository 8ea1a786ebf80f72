"""What a bot knows about Paragons: the evaluation, the playout policy, pruning and budgets.

The evaluation. A game is won by bringing a rival's Life to 0 (or letting their deck run out
of cards they must draw), so a seat's worth is its Life (the last points dearer), the
mercenaries on its board (stats now, keywords and lasting effects, less when exhausted), the
cards in its hand and Hidden Pile, a little of the mana it keeps for answers, less the risk of
drawing from an empty deck. All of it is public, so a seat's value reads the same from every
view and every determinisation; the value compares a seat with its strongest rival, so it is
zero-sum between two players. A declared move is judged by what it will do: a chain still open
is first resolved on a copy, each attacked seat defending as the playbook would. In a best of
three the game's value becomes the chance to win the match from the games already won.

Before a game is played (class, draft, deck, mulligan) a seat's value is what deckcraft thinks
of its choices (the deck and the hand are its own, seen by its own view only), so the one-ply
greedy bot builds a sensible deck too; the search bots take these decisions from deckcraft
directly: pruning leaves a single move, played without searching.

The search: the playout policy is the playbook's (tabletop/games/paragons/playbook.py); pruning
keeps one card per design, the best two placements and targets of each card, the best two
targets of each attacker, Caster and ability, the best defences, and in a chain only the
answers that gain; after a seat's own move, letting the chain be. The search stops at the end
of the game in a best of three: the next game starts from shuffled decks.
"""

from __future__ import annotations

import math

from tabletop.core import Action, Rng
from tabletop.core.action_kinds import kinds
from tabletop.core.policy import Policy
from tabletop.games.paragons.bot import deckcraft as craft
from tabletop.games.paragons.bot import playbook as book
from tabletop.games.paragons.bot import tactics as T
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine import chain, combat
from tabletop.games.paragons.engine.cards import DECK_SIZE
from tabletop.games.paragons.engine.moves import (garrison_ok, main_time, recruit_price, reveal_ready,
                                                  to_act)
from tabletop.games.paragons.engine.outcome import wins_needed
from tabletop.games.paragons.engine.rules import GAME
from tabletop.games.paragons.engine.state import (BUILD, CLASS, DRAFT, HAND_TARGET, MULLIGAN, OVER,
                                                  PLAY, SWAP, ParagonsState)
from tabletop.games.paragons.engine.targets import LINK_BASE

HAND_WORTH = 1.0            # a card in hand: a mercenary or a spell still to come
DECK_CARD_WORTH = 0.25      # a card in the deck: a draw still to come before the deck runs out
HIDDEN_WORTH = 1.3          # a face-down card: paid for already, and a threat to play around
MANA_WORTH = 0.15           # mana kept for answers on the rivals' turns (a few points at most)
DECK_LOW = 6                # with fewer cards in the deck, each draw brings the end nearer
DECK_RISK = 0.8             # per card under DECK_LOW, squared: running out loses the game
SCALE = 16.0                # worth lead (mana) that makes the value ~0.76 * EDGE
EDGE = 0.95                 # a game still running is never valued as won or lost
SETUP_SCALE = 60.0          # deckcraft worth lead (mana) for a setup value of ~0.76 * SETUP_EDGE: a
                            # deck of class cards alone trails a built one by some 50
SETUP_EDGE = 0.5
AVERAGE_HAND = 10.0         # deckcraft's hand_worth of an opening hand of five, on average
SWAP_NUDGE = 0.05           # between games, how much a seat's own deck moves its value
SETTLE_STEPS = 40           # a chain is resolved within so many answers (a guard only)

# The search budgets. A Paragons iteration is costly (a determinisation deals every unseen
# card, and a playout plays whole turns with their chains), and the evaluation carries most of
# the skill, so the iteration caps are small; the rollout depth counts chain answers too, so
# it is about one full turn each for normal and two for hard. Measured in docs/BOTS.md.
SEARCH_LEVELS = {
    "normal": {"iterations": 120, "min_iterations": 40, "rollout_depth": 16},
    "hard": {"iterations": 400, "min_iterations": 100, "rollout_depth": 30},
}


# --- the evaluation ----------------------------------------------------------------------------------

def seat_worth(tb: T.Table, p: int) -> float:
    """What seat p holds, in mana (see the module text)."""
    s = tb.s
    board = sum(tb.worth(m) for m in s.mercs(p))
    hand, deck = cards_soon(s, p)
    cards = HAND_WORTH * hand + HIDDEN_WORTH * len(s.hidden[p]) + DECK_CARD_WORTH * deck
    keep = MANA_WORTH * min(s.mana[p], 3) if (s.hands[p] or s.hidden[p]) else 0.0
    short = max(0, DECK_LOW - deck)
    return T.life_worth(s.life[p]) + board + cards + keep - DECK_RISK * short * short


def cards_soon(s: ParagonsState, p: int) -> tuple[int, int]:
    """(hand, deck) of seat p once its next turn has drawn: a hand refills to five from the
    deck (or takes one card when it holds five), so a card played from a short hand costs a
    card of the deck, not one of the hand."""
    hand, deck = len(s.hands[p]), len(s.decks[p])
    drawn = min(HAND_TARGET - hand if hand < HAND_TARGET else 1, deck)
    return hand + drawn, deck - drawn


def game_value(s: ParagonsState, seat: int) -> float:
    """The current game for `seat`, in [-EDGE, EDGE] (or -1 once out of it)."""
    if s.out[seat]:
        return -1.0
    rivals = [p for p in s.live() if p != seat]
    if not rivals:
        return 1.0
    tb = T.Table(s)
    lead = seat_worth(tb, seat) - max(seat_worth(tb, p) for p in rivals)
    return EDGE * math.tanh(lead / SCALE)


def match_value(s: ParagonsState, seat: int, game: float) -> float:
    """A game's value (or 0 between games) as the chance to win the match, in [-1, 1]: the
    current game won with chance (1 + game) / 2, the games after it even, against the rival
    with most wins."""
    need = wins_needed(s)
    mine = need - s.wins[seat]
    theirs = need - max(w for p, w in enumerate(s.wins) if p != seat)
    if need == 1:
        return game
    p = (1.0 + game) / 2.0
    chance = p * _match_odds(mine - 1, theirs) + (1.0 - p) * _match_odds(mine, theirs - 1)
    return 2.0 * chance - 1.0


def _match_odds(mine: int, theirs: int) -> float:
    """The chance to win `mine` even games before the rival wins `theirs`."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    return 0.5 * _match_odds(mine - 1, theirs) + 0.5 * _match_odds(mine, theirs - 1)


def evaluate(s: ParagonsState, seat: int) -> float:
    if s.phase == OVER:
        return 1.0 if s.winner == seat else -1.0
    if s.phase == PLAY:
        s = settled(s)
        if s.phase != PLAY:
            return evaluate(s, seat)
        return match_value(s, seat, game_value(s, seat))
    if s.phase == SWAP:
        return match_value(s, seat, 0.0) + swap_nudge(s, seat)
    return setup_value(s, seat)


def swap_nudge(s: ParagonsState, seat: int) -> float:
    """Between games, a seat's deck against the best it could build: a small part of its value
    (the match stands as it stands), enough that a one-ply bot swaps towards that deck."""
    mine = [s.designs[c] for c in s.owned[seat]]
    gap = deck_lead(s, seat) - craft.designs_worth(mine)
    return SWAP_NUDGE * math.tanh(gap / SETUP_SCALE)


def settled(s: ParagonsState) -> ParagonsState:
    """`s` with its chain resolved (on a copy) as if every seat answered as the playbook's
    reactions allow: defending when it pays, choosing again the first way, else letting it be."""
    if not s.stack and s.pending is None:
        return s
    c = GAME.clone(s)
    for _ in range(SETTLE_STEPS):
        if c.phase != PLAY or (not c.stack and c.pending is None):
            break
        GAME.apply(c, settle_move(c), checked=True, events=False)
    return c


def settle_move(s: ParagonsState) -> Action:
    if s.pending is not None:
        return A.RECHOOSE(*chain.options(s, s.pending)[0])
    return book.defence_move(T.Table(s), s.prio) or A.DECLINE()


# --- before the game -----------------------------------------------------------------------------------

def setup_value(s: ParagonsState, seat: int) -> float:
    """Class, draft, deck and mulligan as deckcraft judges them, for `seat` (its own deck and
    hand are in its view; a rival is judged by what is public: the cards it owns)."""
    if s.phase == CLASS:
        klass = s.classes[seat] or s.wishes[seat]
        return -0.1 * craft.class_rank(klass) if klass in craft.CLASS_PREFERENCE else -0.3
    rival = max(craft.designs_worth(owned_designs(s, p)) for p in range(s.players) if p != seat)
    if s.phase == DRAFT:
        lead = craft.pool_worth(s.owned[seat], s.designs) - rival
    else:                     # the deck built (and, in the mulligan, the hand drawn from it)
        lead = deck_lead(s, seat) - rival
        if s.phase == MULLIGAN:
            lead += craft.hand_worth(s.hands[seat], s.designs) - AVERAGE_HAND
    return SETUP_EDGE * math.tanh(lead / SETUP_SCALE)


def owned_designs(s: ParagonsState, p: int) -> list[str]:
    """The designs of every card seat p owns, as any seat may know them: its class cards and
    drafted cards are public, though not which of them lie in its deck (a view lists those
    designs apart, in `secrets`)."""
    known = [s.designs[c] for c in s.owned[p] if s.designs.get(c)]
    return known + list(s.secrets[p]) if s.secrets else known


def deck_lead(s: ParagonsState, seat: int) -> float:
    """The deck being built: a deck one card short is worth its best completion, a little
    less, so a swap that changes nothing never looks better than finishing."""
    designs = s.designs
    deck = [designs[c] for c in (*s.decks[seat], *s.hands[seat])]
    if len(deck) >= DECK_SIZE:
        return craft.deck_worth(deck)
    best = max((craft.deck_worth([*deck, designs[c]]) for c in s.reserves[seat]),
               default=craft.deck_worth(deck))
    return best - 0.01


# --- the search's hooks ----------------------------------------------------------------------------------

def search_horizon(s: ParagonsState) -> bool:
    """The end of a game in a best of three: what follows starts from shuffled decks."""
    return s.phase == SWAP


def playout(s: ParagonsState, rng: Rng, max_actions: int) -> int:
    """Up to `max_actions` moves of the playbook (legal by construction, so applied without the
    check), then the answers that close a chain left open (defences or letting it be, at most
    SETTLE_STEPS), so that no playout ends on a move half declared; the moves made."""
    done = 0
    while done < max_actions and to_act(s) is not None and s.phase != SWAP:
        GAME.apply(s, book.rollout_action(s, rng), checked=True, events=False)
        done += 1
    extra = 0
    while s.phase == PLAY and (s.stack or s.pending is not None) and extra < SETTLE_STEPS:
        GAME.apply(s, settle_move(s), checked=True, events=False)
        extra += 1
    return done + extra


def search_apply(s: ParagonsState, action: Action) -> None:
    GAME.apply(s, action, checked=True, events=False)


def prune_actions(s: ParagonsState, legal: list[Action]) -> list[Action]:
    """The moves worth searching (see the module text), in the engine's order; never none."""
    if len(legal) <= 1 or (s.phase == PLAY and s.pending is not None):
        return legal
    keep = set(candidates(s))
    return [a for a in legal if a in keep] or legal


def search_actions(s: ParagonsState) -> list[Action]:
    """`prune_actions` of the legal moves, without building the engine's list and its labels:
    the candidates are made from the engine's own lists of spaces, targets and defenders, so
    they are legal (tests/test_bots_paragons.py checks that they are the same moves)."""
    if s.phase == PLAY and s.pending is not None:
        return GAME.legal_actions(s)
    return candidates(s) if to_act(s) is not None else []


def candidates(s: ParagonsState) -> list[Action]:
    """The moves kept for the search, in a fixed order (a setup phase: deckcraft's one)."""
    seat = to_act(s)
    if s.phase != PLAY:
        return [book.setup_move(s, seat)]
    if main_time(s):
        return sorted(turn_candidates(T.Table(s), seat), key=_order)
    return sorted(answer_candidates(T.Table(s), seat), key=_order)


def _order(a: Action) -> tuple:
    return a.kind, a.args


PRUNE_KEEP = 2              # ways kept per card, attacker, Caster, ability or attack answered
PRUNE_FLOOR = -1.0          # moves judged to lose more than this are not searched


def turn_candidates(tb: T.Table, seat: int) -> set[Action]:
    """Ending the turn; each card's best plays, each mercenary's best moves; Garrison counters;
    the two mightiest Recruits."""
    s = tb.s
    keep: set[Action] = {A.END_TURN()}
    for c, _, cd in book.affordable_cards(s, seat):
        if cd.hidden:
            keep.add(A.HIDE(c))
            continue
        keep.update(a for g, a in book.card_plays(tb, seat, c, False, PRUNE_KEEP) if g > PRUNE_FLOOR)
    for c in s.hidden[seat]:
        if reveal_ready(s, seat, c):
            keep.update(a for _, a in book.card_plays(tb, seat, c, True, PRUNE_KEEP))
    for m in s.mercs(seat):
        # an ability that gains nothing is never searched: it would only spend the mercenary
        keep.update(a for g, a in book.merc_moves(tb, seat, m, PRUNE_KEEP)
                    if g > (0.0 if a.kind == A.ABILITY.kind else PRUNE_FLOOR))
        if garrison_ok(s, seat, m):
            keep.add(A.GARRISON(m))
    pool = sorted((c for c in s.pool if recruit_price(s, seat, c) <= s.mana[seat]),
                  key=lambda c: (-craft.power(s.designs[c]), c))
    keep.update(A.RECRUIT(c) for c in pool[:PRUNE_KEEP])
    return keep


def answer_candidates(tb: T.Table, seat: int) -> set[Action]:
    """Letting the chain be; the best defences; answers that gain. After the seat's own move,
    only copying its own spell is worth answering it with."""
    s = tb.s
    keep: set[Action] = {A.DECLINE()}
    if s.stack[-1].seat == seat:
        own = [g_a for g_a in book.answers(tb, seat, PRUNE_KEEP) if _copies(g_a[1])]
        keep.update(a for _, a in own)
        return keep
    for a, t in combat.open_attacks(s, seat):
        through = T.undefended_gain(tb, a, t)
        ranked = sorted(T.defence_options(tb, a, t), key=lambda dg: dg[1])
        keep.update(A.DEFEND(a, d) for d, g in ranked[:PRUNE_KEEP] if g < through)
    keep.update(a for _, a in book.answers(tb, seat, PRUNE_KEEP))
    return keep


# the kinds that may aim at a link of the chain (their last argument is the targets)
_AIMED = kinds(A.CAST, A.ABILITY, A.REVEAL)


def _copies(a: Action) -> bool:
    """Is the move aimed at a link of the chain (a copy of the seat's own spell)?"""
    targets = a.args[-1] if a.kind in _AIMED else ()
    return bool(targets) and targets[0] >= LINK_BASE


# Not zero-sum: a three-for-all has three sides (between two players the value is zero-sum,
# and tests/test_bots_paragons.py checks it).
POLICY = Policy(evaluate=evaluate, rollout_action=book.rollout_action, search_horizon=search_horizon,
                prune_actions=prune_actions, search_actions=search_actions,
                search_apply=search_apply, playout=playout,
                single_pruned=True, levels=SEARCH_LEVELS,
                preferred_kinds=tuple(k.kind for k in (A.END_TURN, A.DECLINE, A.ATTACK, A.DEFEND)),
                setup_decision=lambda v: v.phase in (CLASS, DRAFT, BUILD))

__all__ = ["POLICY", "evaluate", "prune_actions", "search_actions", "playout", "settled"]
