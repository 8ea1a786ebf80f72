"""What a seat may know, and full states dealt back from it for the bots (determinisation).

Hidden from a seat: the order of every deck (its own too) and of the Neutral Mercenary Deck;
the other seats' hands (but the cards the table saw arrive: Recruits, Bounced mercenaries),
their face-down Hidden cards, which of their cards they built into their deck and which lie in
their Reserve Pile (Banished cards excepted), and class wishes not yet shown. Drafted cards are
public, and so is the whole of a seat's cards: the view says which designs its unknown cards
are (`secrets`), not where each one is.

Unknown cards are renumbered: a seat's unknown ids, sorted, are dealt to its unknown places in a
fixed order (hand, Hidden Pile, deck, Reserve Pile), so no id tells where a card lies.
"""

from __future__ import annotations

from tabletop.core import Rng
from tabletop.games.paragons.engine.cards import CLASSES
from tabletop.games.paragons.engine.state import CLASS, DRAFT, HIDDEN_CLASS, ParagonsState

UNKNOWN = ""


def _unknown_places(s: ParagonsState, p: int) -> list[tuple[list[int], int]]:
    """(zone, index) of every card of seat p another seat cannot identify, in dealing order."""
    known = set(s.known[p])
    out = [(s.hands[p], i) for i, c in enumerate(s.hands[p]) if c not in known]
    out += [(s.hidden[p], i) for i in range(len(s.hidden[p]))]
    out += [(s.decks[p], i) for i in range(len(s.decks[p]))]
    out += [(s.reserves[p], i) for i, c in enumerate(s.reserves[p]) if c not in s.banished]
    return out


def view(s: ParagonsState, seat: int | None) -> ParagonsState:
    v = s.clone()
    v.rng = Rng(0)
    v.viewer = seat
    v.neutral_deck = sorted(s.neutral_deck)
    v.secrets = [[] for _ in range(s.players)]
    v.wishes = [w if (p == seat or not w) else HIDDEN_CLASS for p, w in enumerate(s.wishes)]
    if s.phase in (CLASS, DRAFT):          # nothing is built yet: every card's place is public
        return v
    designs = dict(s.designs)
    for p in range(s.players):
        if p == seat:
            v.decks[p] = sorted(s.decks[p])
            continue
        places = _unknown_places(v, p)
        ids = sorted(zone[i] for zone, i in places)
        v.secrets[p] = sorted(s.designs[c] for c in ids)
        for (zone, i), c in zip(places, ids):
            zone[i] = c
            designs[c] = UNKNOWN
    v.designs = designs
    return v


def sample(v: ParagonsState, rng: Rng) -> ParagonsState:
    """A full state consistent with view v: unknown designs dealt at random to the unknown
    cards, decks shuffled, unshown class wishes guessed."""
    s = v.clone()
    s.rng = Rng(rng.next64())
    s.viewer, s.secrets = None, None
    s.wishes = list(v.wishes)
    for p, w in enumerate(v.wishes):
        if w == HIDDEN_CLASS:
            s.wishes[p] = rng.choice([k for k in CLASSES if k not in v.classes])
    designs = dict(v.designs)
    for p in range(v.players):
        blanks = sorted(c for c, d in v.designs.items() if d == UNKNOWN and v.owner.get(c) == p)
        dealt = list(v.secrets[p]) if v.secrets else []
        rng.shuffle(dealt)
        for c, d in zip(blanks, dealt):
            designs[c] = d
        rng.shuffle(s.decks[p])
    s.designs = designs
    rng.shuffle(s.neutral_deck)
    return s


def reveal(s: ParagonsState, seat: int | None) -> ParagonsState:
    """The whole state from seat's side (a finished match watched again): every design known."""
    v = s.clone()
    v.rng = Rng(0)
    v.viewer = seat
    v.secrets = [[] for _ in range(s.players)]
    return v
