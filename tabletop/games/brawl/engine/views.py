"""What a seat may know, and full states dealt back from a view for the bots (determinisation).

Hidden from a seat: the other seat's hand, the order of both decks (but the cards the seat
planned on top of its own), the trap tokens' effects until sprung (on the board and in the pool),
the order of the challenge deck, and, while champions are chosen freely, the other seat's
choices. A hidden card or token is -1 in a view; the number of them is public.
"""

from __future__ import annotations

from tabletop.core import Rng
from tabletop.games.brawl.engine.cards import TEAM, champions, trap_effects
from tabletop.games.brawl.engine.state import HIDDEN, PICK, UNPICKED, BrawlState


def view(s: BrawlState, seat: int | None) -> BrawlState:
    v = s.clone()
    v.rng = Rng(0)
    v.viewer = seat
    for p in (0, 1):
        if p != seat:
            v.hands[p] = [HIDDEN] * len(s.hands[p])
            if s.phase == PICK and s.picks_mode == "free":
                v.picks[p] = [UNPICKED] * len(s.picks[p])
        # a player knows the cards they planned on top of their own deck, and no other
        known = s.planned[p] if p == seat else 0
        v.decks[p] = [HIDDEN] * (len(s.decks[p]) - known) + s.decks[p][len(s.decks[p]) - known:]
    v.tokens = [HIDDEN] * len(s.tokens)
    v.traps = {h: HIDDEN for h in s.traps}
    v.challenge_deck = sorted(s.challenge_deck)
    return v


def sample(v: BrawlState, rng: Rng) -> BrawlState:
    """A full state consistent with view v: hidden cards and tokens dealt at random."""
    s = v.clone()
    s.rng = Rng(rng.next64())
    s.viewer = None
    for p in (0, 1):
        if UNPICKED in s.picks[p]:
            left = [c for c in champions() if c not in s.picks[p]]
            rng.shuffle(left)
            s.picks[p] = [c if c != UNPICKED else left.pop() for c in s.picks[p]]
        if not s.champs:
            continue
        every = set(range(p * TEAM * 6, (p + 1) * TEAM * 6))
        unknown = sorted(every - {c for c in s.hands[p] + s.decks[p] + s.discards[p] if c != HIDDEN})
        rng.shuffle(unknown)
        for zone in (s.hands[p], s.decks[p]):
            for i, c in enumerate(zone):
                if c == HIDDEN:
                    zone[i] = unknown.pop()
    loose = sorted(set(range(len(trap_effects()[0]))) - set(s.sprung))
    rng.shuffle(loose)
    s.traps = {h: loose.pop() for h in sorted(s.traps)}
    s.tokens = [loose.pop() for _ in s.tokens]
    rng.shuffle(s.challenge_deck)
    return s


def reveal(s: BrawlState, seat: int | None) -> BrawlState:
    """The whole state from seat's side (a finished match watched again); dice to come stay unknown."""
    v = s.clone()
    v.rng = Rng(0)
    v.viewer = seat
    return v
