"""What a seat may know of a Trials match (`view`), and full states dealt back from a view for
the bots (`sample`).

Hidden from a seat: the other seats' hands and decks (a hidden card's design is UNKNOWN, its id
renumbered so it tells nothing) and the random state.
"""

from __future__ import annotations

from tabletop.core import Rng
from tabletop.games.trials.engine.cards import pool
from tabletop.games.trials.engine.state import UNKNOWN, TrialsState, seat_of


def _renumber_hidden(v: TrialsState, p: int) -> None:
    """Seat p's hand and deck take p's hidden ids in ascending order, hand first.

    An id is the card's place in its owner's deck list, so it would tell a card's identity
    to anyone who knows the list; renumbered, the ids depend only on what the table shows.
    """
    ids = sorted((*v.hands[p], *v.decks[p]))
    n = len(v.hands[p])
    v.hands[p], v.decks[p] = ids[:n], ids[n:]


def view(s: TrialsState, seat: int | None) -> TrialsState:
    v = s.clone()
    v.rng = Rng(0)
    v.viewer = seat
    hidden = [c for p in range(s.players) if p != seat for c in (*s.hands[p], *s.decks[p])]
    if hidden:
        v.designs = dict(s.designs)
        for c in hidden:
            v.designs[c] = UNKNOWN
        for p in range(s.players):
            if p != seat:
                _renumber_hidden(v, p)
    return v


def sample(view: TrialsState, rng: Rng) -> TrialsState:
    s = view.clone()
    s.rng = Rng(rng.next64())
    s.viewer = None
    unknown = [c for c, d in view.designs.items() if d == UNKNOWN]
    if unknown:
        s.designs = dict(view.designs)
        for p in range(s.players):
            mine = [c for c in unknown if seat_of(c) == p]
            if not mine:
                continue
            known = {d for c, d in view.designs.items() if seat_of(c) == p and d}
            discs = {x for a in s.avatars[p] for x in pool()[view.designs[a]].disciplines}
            cands = [c.id for c in pool().values() if c.type != "avatar" and c.id not in known
                     and set(c.disciplines) & discs]
            rng.shuffle(cands)
            for c, d in zip(mine, cands):
                s.designs[c] = d
    return s


def reveal(s: TrialsState, seat: int | None) -> TrialsState:
    """The whole state from seat's side (a finished match watched again); dice to come stay unknown."""
    v = s.clone()
    v.rng = Rng(0)
    v.viewer = seat
    return v
