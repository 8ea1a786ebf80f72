"""What a seat may know of a Pariah match (`view`), and the bots' deal of the rest (`sample`).

Hidden from the other players: the unit and relic decks (their order from everyone), relic
hands and shop offers; before the armies are set out, the ten cards drawn and the army being
chosen; then the units of an army still waiting to be deployed (their count and their points
are public: the points were told when the army was set out) and, until every one is deployed,
the army's evolution pile, which is made from it. A deployed unit is face up.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from tabletop.core import Rng
from tabletop.games.pariah.engine import flow
from tabletop.games.pariah.engine.cards import design, relic_deck
from tabletop.games.pariah.engine.state import (ARMY_POINTS, BLOCK, EVO_BASE, HIDDEN, RELIC_BASE,
                                                PariahState)

# the other seats' zones hidden whole, by count (a deck's order included)
_COUNTED = ("decks", "relic_decks", "relic_hands", "offers")


def view(s: PariahState, seat: int | None) -> PariahState:
    v = s.clone()
    v.viewer = seat
    v.rng = Rng(0)                       # future dice and shuffles are nobody's business
    v.waiting_points = [flow.army_cost(s, s.armies[p]) if s.revealed or p == seat else HIDDEN
                        for p in range(s.players)]
    for p in range(s.players):
        if p == seat:
            v.decks[p] = sorted(s.decks[p])               # contents known, order not
            v.relic_decks[p] = sorted(s.relic_decks[p])
        else:
            _hide(s, v, p)
    return v


def _hide(s: PariahState, v: PariahState, p: int) -> None:
    """Hide in the view `v` what the other seat p keeps to itself."""
    if not s.revealed:
        v.hands[p] = [HIDDEN] * (len(s.hands[p]) + len(s.picks[p]))
        v.picks[p] = []
    if evolutions_hidden(s, p):
        v.evo_piles[p], v.evo_out[p] = [], []
    v.armies[p] = [HIDDEN] * len(s.armies[p])
    for zone in _COUNTED:
        getattr(v, zone)[p] = [HIDDEN] * len(getattr(s, zone)[p])


def evolutions_hidden(s: PariahState, p: int) -> bool:
    """Whether the other seats do not see p's evolution pile (nor the evolutions set aside): it
    would tell which units p's army holds while some are still hidden. Holds in a view too."""
    return not s.revealed or bool(s.armies[p])


def sample(v: PariahState, rng: Rng) -> PariahState:
    """A full state the view could come from: every hidden card dealt from the unseen ones."""
    s = v.clone()
    for p in range(s.players):
        _deal(s, p, rng)
        if p != v.viewer and evolutions_hidden(v, p):
            _restore_evolutions(s, p)
    s.rng = rng.fork()
    s.viewer = None
    s.waiting_points = None              # a full state counts them from its cards
    return s


def _deal(s: PariahState, p: int, rng: Rng) -> None:
    """Deal seat p's unseen unit cards into its hidden army, hand and deck, and its unseen relics
    into its relic hand, offer and relic deck."""
    seen = {c for cards in s.card_zones(p).values() for c in cards if c != HIDDEN}
    base = p * BLOCK
    units = [c for c in range(base, base + EVO_BASE) if c not in seen]
    first = base + RELIC_BASE              # relic card ids are consecutive, in deck order
    relics = [c for c in range(first, first + len(relic_deck())) if c not in seen]
    rng.shuffle(units)
    rng.shuffle(relics)
    if HIDDEN in s.armies[p]:
        points = s.waiting_points[p] if s.revealed else None
        s.armies[p] = deal_army(s, units, len(s.armies[p]), points, rng)
        dealt = set(s.armies[p])
        units = [c for c in units if c not in dealt]
    for zone in ("hands", "decks"):
        _fill(getattr(s, zone)[p], units)
    for zone in ("relic_hands", "offers", "relic_decks"):
        _fill(getattr(s, zone)[p], relics)
    assert not units and not relics, "sample: the hidden cards do not add up"
    rng.shuffle(s.decks[p])
    rng.shuffle(s.relic_decks[p])


def _fill(zone: list[int], pool: list[int]) -> None:
    """Replace the zone's HIDDEN cards with cards taken from the end of `pool`."""
    k = zone.count(HIDDEN)
    zone[:] = [c for c in zone if c != HIDDEN] + [pool.pop() for _ in range(k)]


# shuffles tried before counting the fits: a fit usually comes at once
SHUFFLES = 30


def deal_army(s: PariahState, cards: list[int], n: int, points: int | None, rng: Rng) -> list[int]:
    """n of `cards` (shuffled by the caller, reshuffled here), drawn evenly among the sets that
    fit what is public: exactly `points` army points, or, before the armies are set out
    (`points` None), at most ARMY_POINTS. The real army is such a set. A few reshuffles usually
    find one (rejection keeps the draw even); when fits are rare, they are counted."""
    def fits(army: list[int]) -> bool:
        cost = flow.army_cost(s, army)
        return cost == points if points is not None else cost <= ARMY_POINTS

    for _ in range(SHUFFLES):
        if fits(cards[:n]):
            return cards[:n]
        rng.shuffle(cards)
    return _counted_deal(s, cards, n, points, rng)


def _counted_deal(s: PariahState, cards: list[int], n: int, points: int | None, rng: Rng) -> list[int]:
    """deal_army's even draw by counting: cards of one cost count alike, so the fitting sets are
    counted by how many of each cost they hold (_ways), and within a cost the shuffle of `cards`
    decides which."""
    groups: dict[int, list[int]] = {}
    for c in cards:
        groups.setdefault(design(s.designs[c]).cost, []).append(c)
    costs = tuple(sorted(groups))
    sizes = tuple(len(groups[c]) for c in costs)
    exact = points is not None
    room = points if exact else ARMY_POINTS
    army: list[int] = []
    for j, cost in enumerate(costs):
        weights = [comb(sizes[j], t) * _ways(costs[j + 1:], sizes[j + 1:], n - t, room - t * cost, exact)
                   for t in range(min(n, sizes[j]) + 1)]
        assert sum(weights), "sample: no army of the unseen cards fits what is public"
        t = _weighted(weights, rng)
        army += groups[cost][:t]
        n, room = n - t, room - t * cost
    return army


@lru_cache(maxsize=1 << 12)
def _ways(costs: tuple[int, ...], sizes: tuple[int, ...], n: int, room: int, exact: bool) -> int:
    """How many sets of n cards, from groups of `sizes` cards costing `costs`, cost `room`
    points (exactly, or at most)."""
    if room < 0 or n < 0:
        return 0
    if not costs:
        return 1 if n == 0 and (room == 0 or not exact) else 0
    return sum(comb(sizes[0], t) * _ways(costs[1:], sizes[1:], n - t, room - t * costs[0], exact)
               for t in range(min(n, sizes[0]) + 1))


def _weighted(weights: list[int], rng: Rng) -> int:
    """An index drawn with chances proportional to the (whole number) weights."""
    x = rng.below(sum(weights))
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    raise AssertionError("unreachable")


def _restore_evolutions(s: PariahState, p: int) -> None:
    """The evolution lists the view hid, as the dealt army makes them."""
    if s.revealed:
        flow.build_evolution_pile(s, p)
    else:                                # not built yet: every evolution is still set aside
        s.evo_piles[p], s.evo_out[p] = [], flow.evolution_cards(s, p)


def reveal(s: PariahState, seat: int | None) -> PariahState:
    """The whole state from seat's side (a finished match watched again), with the points of
    each army still waiting, as a view has them."""
    v = s.clone()
    v.rng = Rng(0)
    v.viewer = seat
    v.waiting_points = [flow.army_cost(s, s.armies[p]) for p in range(s.players)]
    return v
