"""What a seat may know of a Paargus hand (`view`), and full states dealt back from a view for
the bots (`sample`).

Hidden from a seat: the other hand (but the cards seen taken from the tableau), the deck and
its order, and the random state.
"""

from __future__ import annotations

from tabletop.core import Rng
from tabletop.games.paargus.engine.cards import cards
from tabletop.games.paargus.engine.state import PaargusState


def view(s: PaargusState, seat: int | None) -> PaargusState:
    v = s.clone()
    v.seat = seat
    v.hand_sizes = [len(h) for h in s.hands]
    v.deck_count = len(s.deck)
    v.deck = []
    v.rng = Rng(0)                       # the future shuffles are nobody's business
    v.hands = [h[:] if i == seat else list(s.known[i]) for i, h in enumerate(s.hands)]
    return v


def sample(v: PaargusState, rng: Rng) -> PaargusState:
    s = v.clone()
    seen = set(s.tableau)
    for a in s.arrays:
        for conj in a:
            seen.update(conj.cards)
    for h in s.hands:
        seen.update(h)
    unknown = [c for c in range(len(cards())) if c not in seen]
    rng.shuffle(unknown)
    for p in range(2):
        missing = v.hand_sizes[p] - len(s.hands[p])
        s.hands[p] = s.hands[p] + [unknown.pop() for _ in range(missing)]
    s.deck = unknown
    s.rng = rng.fork()
    s.seat, s.hand_sizes, s.deck_count = None, None, None
    return s


def reveal(s: PaargusState, seat: int | None) -> PaargusState:
    """Seat's view with both hands known: a finished hand watched again."""
    v = view(s, seat)
    v.hands = [h[:] for h in s.hands]
    return v
