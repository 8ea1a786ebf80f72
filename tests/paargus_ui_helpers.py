"""How a player makes each Paargus action on the table: the intents (drags to the sky tableau and
onto its cards, drags into the conjunction builder and within it, drops on a conjunction, clicks
on the deck, the table's buttons) the presenter turns into that action. Shared by the route tests
(tests/test_routes_paargus_brawl.py) and the journeys (tests/journey_games.py)."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.paargus.engine import actions as A
from tabletop.games.paargus.engine import conjunctions as cj
from tabletop.games.paargus.engine.cards import card
from tabletop.table import intents as it

_AT = (0, 0)        # a drop's position: the table page finds the zone from the real pointer


def _card(c: int) -> str:
    return f"card:{c}"


def route(p, a: Action) -> list | None:
    """The next intent on the way to `a` (call again after each: a conjunction is built card by
    card in the builder before Confirm), or None when the table offers no way to make it."""
    v, k = p.view, a.kind
    if v is None:
        return None
    if k == "deal":
        return [it.ButtonPress("btn:deal")]
    if k == "play":
        # a drag up to the sky tableau (onto its felt, not onto one of its cards)
        return [it.Drop(_card(A.PLAY.card(a)), "tableau", *_AT)]
    if k == "trade":
        # the hand card dropped on the tableau card with the same North-West sigil
        return [it.Drop(_card(A.TRADE.give(a)), _card(A.TRADE.take(a)), *_AT)]
    if k == "draw":
        # now the deck itself, now the button (both say the same); the deck shows while it holds cards
        if p.scene.get("deck") is not None and len(v.tableau) % 2:
            return [it.Click("deck")]
        return [it.ButtonPress("btn:draw")]
    if k == "end_turn":
        return [it.ButtonPress("btn:end")]
    if k == "trail":
        i, c = A.TRAIL.conjunction(a), A.TRAIL.card(a)
        if c in p.builder:                              # staged in the builder: back to the hand first
            return [it.Drop(_card(c), "my_hand", *_AT)]
        conj = v.arrays[p.me][i]
        # onto the conjunction's card that lies on top (the last trailing card, else the top of the fan)
        return [it.Drop(_card(c), _card(conj.cards[-1]), *_AT)]
    if k == "conjoin":
        q, fan = A.CONJOIN.quadrant(a), tuple(A.CONJOIN.fan(a))
        staged = list(p.builder)
        stray = [c for c in staged if c not in fan]
        if stray:                                       # a card of another fan: back to the hand
            return [it.Drop(_card(stray[0]), "my_hand", *_AT)]
        missing = [c for c in fan if c not in staged]
        if missing:                                     # the next card of the fan into the builder
            return [it.Drop(_card(missing[0]), "builder", *_AT)]
        for i, c in enumerate(fan):                     # the fan's order: swap two by dropping one on the other
            if staged[i] != c:
                return [it.Drop(_card(c), _card(staged[i]), *_AT)]
        qs = p._builder_quadrants()
        chosen = p.quadrant if p.quadrant in qs else (qs[0] if qs else None)
        if chosen != q:                                 # the same sigil in two quadrants: name this one
            return [it.ButtonPress(f"btn:quad:{q}")]
        return [it.ButtonPress("btn:confirm")]
    return None


def choose(legal: list[Action], rng) -> Action:
    """A beginner who keeps the journey short (rng: a random.Random): plays to the tableau now and
    then (always when the hand is over the limit, as the rules make it), trades or draws, and lays
    conjunctions and trailing cards, but only ones that show no alignment. Its array never shows an
    alignment, so it never wins a hand: the bot takes its chips in 6 to 8 hands (about 200 moves by
    hand), where two players who both line up alignments trade chips back and forth for up to 30
    hands and nearly 1,000 moves."""
    def of(kind):
        return [a for a in legal if a.kind == kind]
    if of("deal"):
        return of("deal")[0]
    plays, trades, draws = of("play"), of("trade"), of("draw")
    if plays or trades or draws:                        # the tableau steps
        if not draws:                                   # over the hand limit: a card must go up
            return rng.choice(plays)
        if trades and rng.random() < 0.5:
            return rng.choice(trades)
        if plays and rng.random() < 0.2:
            return rng.choice(plays)
        return draws[0]
    conj = [a for a in of("conjoin") if cj.fan_alignments(tuple(A.CONJOIN.fan(a)), A.CONJOIN.quadrant(a)) == 0]
    trails = [a for a in of("trail") if card(A.TRAIL.card(a)).alignment is None]
    if conj and rng.random() < 0.9:
        return rng.choice(conj)
    if trails and rng.random() < 0.8:
        return rng.choice(trails)
    return of("end_turn")[0] if of("end_turn") else rng.choice(legal)
