"""Builders for Paargus positions: cards chosen by their properties, not by id."""

from __future__ import annotations

from itertools import combinations

from tabletop.core import Action
from tabletop.games.paargus.engine.cards import cards, sky_of
from tabletop.games.paargus.engine.rules import GAME
from tabletop.games.paargus.engine.state import CONJOIN, TABLEAU


def ids(pred=lambda c: True):
    return [c.id for c in cards() if pred(c)]


def group(quadrant: int, size: int = 3, exclude=()):
    """`size` cards sharing a sigil in `quadrant`."""
    by: dict[str, list[int]] = {}
    for c in cards():
        if c.id not in exclude:
            by.setdefault(c.sigil(quadrant), []).append(c.id)
    for members in by.values():
        if len(members) >= size:
            return members[:size]
    raise LookupError(f"no {size} cards share a sigil in quadrant {quadrant}")


def trio_where(quadrant: int, pred):
    """Three cards sharing a sigil in `quadrant` for which pred(trio) holds."""
    by: dict[str, list[int]] = {}
    for c in cards():
        by.setdefault(c.sigil(quadrant), []).append(c.id)
    for members in by.values():
        for trio in combinations(members, 3):
            if pred(trio):
                return list(trio)
    raise LookupError("no such trio")


def align(c: int):
    return cards()[c].alignment


def position(hands=((), ()), tableau=(), deck=None, turn=0, phase=TABLEAU, arrays=None,
             drawn_first=(True, True), seed=1, chips=(100, 100)):
    """A state with exactly these cards where they are; the rest of the deck stays in the deck."""
    s = GAME.setup({}, seed)
    placed = set(hands[0]) | set(hands[1]) | set(tableau)
    for a in arrays or ([], []):
        for conj in a:
            placed |= set(conj.cards)
    s.hands = [list(hands[0]), list(hands[1])]
    s.known = [[], []]
    s.tableau = list(tableau)
    s.arrays = [list(a) for a in (arrays or ([], []))]
    s.deck = list(deck) if deck is not None else [c for c in s.deck if c not in placed]
    s.turn, s.phase, s.starter = turn, phase, turn
    s.drawn_first = list(drawn_first)
    s.chips = list(chips)
    return s


def act(s, kind, *args):
    return GAME.apply(s, Action(kind, args))


__all__ = ["ids", "group", "trio_where", "align", "position", "act", "sky_of", "CONJOIN", "TABLEAU",
           "winning_conjunctions", "match_until_a_winning_conjunction"]


def winning_conjunctions(s):
    """The conjunctions the player to act may lay now that win the hand outright."""
    wins = []
    for a in GAME.legal_actions(s):
        if a.kind != "conjoin":
            continue
        after = GAME.clone(s)
        GAME.apply(after, a)
        if after.last_hand is not None and after.last_hand.winner == s.turn:
            wins.append(a)
    return wins


def match_until_a_winning_conjunction(seed: int, seat: int = 0):
    """A one-hand match (seat `seat` human, the other a bot), both playing the bots' rollout
    policy, stopped where `seat` can win the match with a conjunction; None if it never can."""
    from tabletop.bots.base import resolve_plugin
    from tabletop.core import Rng
    from tabletop.core.match import Match, Seat
    seats = [Seat("bot", "Bot", "ismcts", "hard"), Seat("bot", "Bot", "ismcts", "hard")]
    seats[seat] = Seat("human", "Ada")
    m = Match(GAME, seats, seed, {"hands": 1})
    policy, rng = resolve_plugin(GAME).policy, Rng(seed)
    while m.to_act is not None:
        if m.to_act == seat and m.state.phase == CONJOIN and winning_conjunctions(m.state):
            return m
        m.play(policy.rollout_action(m.state, rng))
    return None
