"""Each game's invariants, for the one random-play suite (tests/test_invariants.py).

A game declares what seeded random play covers (its setups and how many matches of each), and
hooks that hold its own knowledge: `conserved(s)` (every card, token and piece in exactly one
place), `hides(s, v, seat)` (what a seat's view must not show), `agrees(s, t, seat)` (what a
state dealt back from that view keeps of the real one), `ended(s, options)` (what a finished
match looks like) and `event(e)` (what an event must carry). The suite runs the generic checks
around them: matches end, views hide, samples agree, logs replay, JSON round-trips, events stay
private, the evaluation stays in range.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from paragons_helpers import every_card_once as paragons_conserved

from tabletop.core import Rng
from tabletop.games.brawl.engine.arena import GATE, arena
from tabletop.games.brawl.engine.board import hp as brawl_hp
from tabletop.games.brawl.engine.cards import challenges, trap_effects
from tabletop.games.brawl.engine.state import HIDDEN as BRAWL_HIDDEN, OVER as BRAWL_OVER, PICK
from tabletop.games.paragons.engine.state import CLASS, DRAFT, OVER as PARAGONS_OVER
from tabletop.games.paragons.engine.views import UNKNOWN as PARAGONS_UNKNOWN, _unknown_places
from tabletop.games.pariah.engine.cards import design as pariah_design
from tabletop.games.pariah.engine.state import HIDDEN as PARIAH_HIDDEN, OVER as PARIAH_OVER, ROUNDS
from tabletop.games.trials.bot.deckcraft import choose_deck
from tabletop.games.trials.engine.state import OVER as TRIALS_OVER


@dataclass(frozen=True)
class Setup:
    options: dict
    players: int = 2
    matches: int = 10        # random matches of it in the suite
    check_every: int = 1     # conserved() after every move of one match in this many


def _nothing(*_: Any) -> None:
    pass


@dataclass(frozen=True)
class Invariants:
    setups: tuple[Setup, ...]
    conserved: Callable[[Any], None]
    hides: Callable[[Any, Any, int], None] = _nothing
    agrees: Callable[[Any, Any, int], None] = _nothing
    ended: Callable[[Any, dict], None] = _nothing
    event: Callable[[Any], None] = _nothing
    view_matches: int = 6            # matches whose positions are viewed from every seat
    view_every: int = 1              # ... one position in this many
    replays: int = 8                 # matches saved, loaded and replayed
    max_moves: int = 20_000
    options_for: Callable[[Setup, int], dict] = field(default=lambda setup, seed: dict(setup.options))


# --- Paargus ----------------------------------------------------------------------------------
def _paargus_conserved(s) -> None:
    where = list(s.deck) + s.tableau + s.hands[0] + s.hands[1]
    for a in s.arrays:
        for conj in a:
            where += list(conj.cards)
    assert sorted(where) == list(range(42)), "a card was lost or duplicated"
    for p in (0, 1):
        assert set(s.known[p]) <= set(s.hands[p])


def _paargus_hides(s, v, seat: int) -> None:
    o = 1 - seat
    assert v.deck == [] and v.deck_count == len(s.deck)
    assert v.hands[seat] == s.hands[seat]
    assert set(v.hands[o]) <= set(s.known[o])
    assert v.hand_sizes == [len(h) for h in s.hands]


def _paargus_agrees(s, t, seat: int) -> None:
    o = 1 - seat
    assert t.hands[seat] == s.hands[seat] and len(t.hands[o]) == len(s.hands[o])
    assert set(s.known[o]) <= set(t.hands[o])


def _paargus_ended(s, options: dict) -> None:
    if options.get("hands") == 0:            # a whole match: to the last chip
        assert min(s.chips) == 0 and s.chips.count(200) == 1
    assert sum(s.chips) == 200


# --- Trials -----------------------------------------------------------------------------------
def _trials_conserved(s) -> None:
    for p in range(s.players):
        where = sorted(c for cards in s.card_zones(p).values() for c in cards)
        assert where == sorted(c for c in s.designs if c // 100 == p), f"seat {p}: a card was lost or duplicated"
        assert s.energy[p] >= 0
    # between two actions, what resolves and what triggered wait only with a pending question (so
    # a save written without one loses nothing: state.py writes them only with it)
    if s.waiting is None:
        assert s.resolving is None and not s.triggered
    for a, cards in s.attached.items():
        assert a not in s.fallen or not cards, "a Fallen Avatar holds cards"
        for c in cards:
            assert s.host[c] == a
    assert len(s.host) == sum(len(v) for v in s.attached.values())


def _trials_hides(s, v, seat: int) -> None:
    for p in range(s.players):
        hidden = s.hands[p] + s.decks[p]
        if p == seat:
            assert all(v.designs[c] == s.designs[c] for c in hidden)
        else:
            assert all(v.designs[c] == "" for c in hidden)
        for c in s.discards[p] + s.exiles[p] + s.avatars[p]:
            assert v.designs[c] == s.designs[c]


def _trials_agrees(s, t, seat: int) -> None:
    assert all(d for d in t.designs.values()) and t.stack == s.stack
    for p in range(s.players):      # others' hidden cards are renumbered in the view (issue 19)
        same = (lambda a, b: a == b) if p == seat else (lambda a, b: len(a) == len(b))
        assert same(t.hands[p], s.hands[p]) and same(t.decks[p], s.decks[p])
        assert sorted(t.hands[p] + t.decks[p]) == sorted(s.hands[p] + s.decks[p])
        known = [t.designs[c] for c in t.designs if c // 100 == p and c not in t.avatars[p]]
        assert len(set(known)) == len(known), "a sample dealt a card twice"


def _trials_options(setup: Setup, seed: int) -> dict:
    """Every other match plays the bots' deck choice instead of the starters."""
    if seed % 2:
        return {"decks": [choose_deck(None, Rng(seed * 31 + p), royale=setup.players > 2)
                          for p in range(setup.players)]}
    return dict(setup.options)


def _trials_ended(s, options: dict) -> None:
    assert s.phase == TRIALS_OVER


# --- Pariah -----------------------------------------------------------------------------------
def _pariah_cost(s, c) -> int:
    return pariah_design(s.designs[c]).cost


def _pariah_conserved(s) -> None:
    for p in range(s.players):
        where = [c for cards in s.card_zones(p).values() for c in cards]
        assert sorted(where) == sorted(c for c in s.designs if c // 100 == p), \
            f"seat {p}: a card was lost or duplicated"
    assert sorted(s.lines[0] + s.lines[1]) == sorted(s.units), "a unit is off the lines or twice on them"
    assert s.energy[0] >= 0 and s.energy[1] >= 0


def _pariah_hides(s, v, seat: int) -> None:
    for p in range(s.players):
        if p == seat:
            assert v.hands[p] == s.hands[p] and v.picks[p] == s.picks[p]
            assert v.offers[p] == s.offers[p] and v.relic_hands[p] == s.relic_hands[p]
            assert sorted(v.decks[p]) == sorted(s.decks[p])
            continue
        hidden = {PARIAH_HIDDEN}
        assert set(v.decks[p]) <= hidden and set(v.relic_decks[p]) <= hidden
        assert set(v.relic_hands[p]) <= hidden and set(v.offers[p]) <= hidden
        if not s.revealed:
            assert set(v.hands[p]) <= hidden and not v.picks[p]
        assert v.armies[p] == [PARIAH_HIDDEN] * len(s.armies[p])     # face up one by one, when deployed
        if not s.revealed or s.armies[p]:                             # the pile would tell the army
            assert not v.evo_piles[p] and not v.evo_out[p]
        else:
            assert v.evo_piles[p] == s.evo_piles[p]
        assert len(v.relic_decks[p]) == len(s.relic_decks[p])


def _pariah_agrees(s, t, seat: int) -> None:
    assert t.lines == s.lines and t.energy == s.energy and t.graves == s.graves
    assert t.phase == s.phase and t.turn == s.turn
    for p in range(s.players):
        if p == seat:
            assert t.hands[p] == s.hands[p] and sorted(t.decks[p]) == sorted(s.decks[p])
        assert len(t.decks[p]) == len(s.decks[p]) and len(t.relic_hands[p]) == len(s.relic_hands[p])
        if s.committed[p] and not s.revealed:
            assert sum(_pariah_cost(t, c) for c in t.armies[p]) <= 20
        if s.revealed:                                        # the points were told when set out
            assert sum(_pariah_cost(t, c) for c in t.armies[p]) == sum(_pariah_cost(s, c) for c in s.armies[p])
        assert sorted(t.evo_piles[p] + t.evo_out[p]) == sorted(s.evo_piles[p] + s.evo_out[p])


def _pariah_ended(s, options: dict) -> None:
    assert s.phase == PARIAH_OVER and 1 <= s.round <= ROUNDS


def _pariah_event(e) -> None:
    if e.kind == "dice":
        assert e.reveals and e.data["purpose"] in ("attack", "defence", "initiative")
        assert all(1 <= f <= 6 for f in e.data["faces"])


# --- Paragons ---------------------------------------------------------------------------------
def _paragons_hides(s, v, seat: int) -> None:
    assert v.neutral_deck == sorted(s.neutral_deck)
    for p in range(s.players):
        if p == seat:
            assert v.decks[p] == sorted(s.decks[p]), "your own deck's order is hidden from you too"
            assert v.hands[p] == s.hands[p] and v.hidden[p] == s.hidden[p]
            assert all(v.designs[c] == s.designs[c] for c in s.hands[p] + s.hidden[p] + s.decks[p])
            continue
        if s.wishes[p]:
            assert v.wishes[p] == "?"
        if s.phase in (CLASS, DRAFT):
            assert all(v.designs[c] == s.designs[c] for c in s.reserves[p]), "drafted cards are public"
            continue
        for c in v.hidden[p] + v.decks[p]:
            assert v.designs[c] == PARAGONS_UNKNOWN
        for c in v.hands[p]:
            assert (v.designs[c] == PARAGONS_UNKNOWN) != (c in s.known[p])
        for c in v.reserves[p]:
            assert (v.designs[c] == PARAGONS_UNKNOWN) != (c in s.banished)
        assert sorted(v.secrets[p]) == sorted(s.designs[z[i]] for z, i in _unknown_places(s, p))


def _paragons_agrees(s, t, seat: int) -> None:
    assert all(t.designs.values())
    for p in range(s.players):
        mine = sorted(t.designs[c] for c in t.owner if t.owner[c] == p)
        assert mine == sorted(s.designs[c] for c in s.owner if s.owner[c] == p)
        assert [len(z[p]) for z in (t.hands, t.decks, t.hidden, t.reserves)] == \
            [len(z[p]) for z in (s.hands, s.decks, s.hidden, s.reserves)]


def _paragons_ended(s, options: dict) -> None:
    assert s.phase == PARAGONS_OVER
    assert s.wins[s.winner] == (options.get("best_of", 3) + 1) // 2
    if options.get("best_of") == 1:
        assert s.game_no == 1 and sum(s.wins) == 1


# --- Champions' Brawl -------------------------------------------------------------------------
def _brawl_conserved(s) -> None:
    if s.champs:
        for p in (0, 1):
            cards = s.hands[p] + s.decks[p] + s.discards[p]
            assert sorted(cards) == list(range(p * 18, p * 18 + 18)), "a card was lost or copied"
    tokens = list(s.traps.values()) + s.tokens + s.sprung
    assert sorted(tokens) == list(range(len(trap_effects()[0]))), "a trap token was lost or copied"
    cards = [c for c in s.track if c >= 0] + s.challenge_deck + s.challenge_discard
    assert sorted(cards) == list(range(len(challenges()))), "a challenge was lost or copied"
    # the board: champions at rest never share a hex nor stand on a statue or a trap
    board = arena()
    moving = {pd.champ for pd in s.pending if pd.kind in ("walk", "force")}
    seen: dict[int, int] = {}
    for c, h in enumerate(s.pos):
        if h == GATE:
            assert s.damage[c] == 0 or not s.deployed[c]
            continue
        assert h not in board.statue_set
        assert h not in s.traps, "a trap under a champion would have sprung"
        if h in seen:
            assert c in moving or seen[h] in moving, "two champions end on one hex"
            assert c // 3 == seen[h] // 3, "a champion passed through an enemy"
        seen[h] = c
        assert s.damage[c] < brawl_hp(s, c)


def _brawl_hides(s, v, seat: int) -> None:
    other = 1 - seat
    assert v.hands[seat] == s.hands[seat]
    assert v.hands[other] == [BRAWL_HIDDEN] * len(s.hands[other])
    assert all(c == BRAWL_HIDDEN for c in v.decks[other])
    k = s.planned[seat]
    assert v.decks[seat] == [BRAWL_HIDDEN] * (len(s.decks[seat]) - k) + s.decks[seat][len(s.decks[seat]) - k:]
    assert all(t == BRAWL_HIDDEN for t in v.traps.values()) and set(v.traps) == set(s.traps)
    assert all(t == BRAWL_HIDDEN for t in v.tokens)
    assert v.challenge_deck == sorted(s.challenge_deck)
    if s.phase == PICK and s.picks_mode == "free":
        assert all(c == "?" for c in v.picks[other])


def _brawl_agrees(s, t, seat: int) -> None:
    assert BRAWL_HIDDEN not in t.hands[1 - seat]
    k = s.planned[seat]
    assert t.decks[seat][len(t.decks[seat]) - k:] == s.decks[seat][len(s.decks[seat]) - k:], \
        "a sample keeps what one planned"


def _brawl_ended(s, options: dict) -> None:
    assert s.phase == BRAWL_OVER and s.vp[s.winner] >= 5


INVARIANTS: dict[str, Invariants] = {
    "paargus": Invariants(
        setups=(Setup({"hands": 1}, matches=600, check_every=4), Setup({"hands": 0}, matches=30, check_every=10)),
        conserved=_paargus_conserved, hides=_paargus_hides, agrees=_paargus_agrees, ended=_paargus_ended,
        view_matches=60, replays=100),
    "trials": Invariants(
        setups=(Setup({}, matches=120, check_every=4), Setup({"variant": "royale"}, 3, matches=20, check_every=4),
                Setup({"variant": "royale"}, 4, matches=20, check_every=4)),
        conserved=_trials_conserved, hides=_trials_hides, agrees=_trials_agrees, ended=_trials_ended,
        view_matches=6, replays=12, options_for=_trials_options),
    "pariah": Invariants(
        setups=(Setup({}, matches=400, check_every=5), Setup({}, 4, matches=100, check_every=5)),
        conserved=_pariah_conserved, hides=_pariah_hides, agrees=_pariah_agrees, ended=_pariah_ended,
        event=_pariah_event, view_matches=20, replays=30, max_moves=3000),
    "paragons": Invariants(
        setups=tuple(Setup({"variant": v, "best_of": b}, n, matches=2)
                     for n in (2, 3) for v in ("preconstructed", "draft") for b in (1, 3)),
        conserved=paragons_conserved, hides=_paragons_hides, agrees=_paragons_agrees, ended=_paragons_ended,
        view_matches=4, view_every=7, replays=4),
    "brawl": Invariants(
        setups=(Setup({"picks": "alternate"}, matches=120, check_every=4),
                Setup({"picks": "free"}, matches=120, check_every=4)),
        conserved=_brawl_conserved, hides=_brawl_hides, agrees=_brawl_agrees, ended=_brawl_ended,
        view_matches=12, view_every=5, replays=8),
}
