"""A view depends only on what its seat may know (issue 19, point 9).

For every game, on states from seeded random play: deal the cards a seat cannot see into
other places among themselves (another order, another card in the opponent's hand) and the
seat's view must not change by a single byte, identifiers included. A view that kept a hidden
card's own id (Trials numbered cards by their place in the deck list) fails here.
"""

from __future__ import annotations

import json

import pytest

from tabletop.core import Rng
from tabletop.games.pariah.engine.cards import design as pariah_design
from tabletop.games.registry import plugins

STATES_PER_GAME = 60
DEALS_PER_STATE = 3


def _states(gid: str) -> list:
    game = plugins()[gid].game
    out = []
    seed = 0
    while len(out) < STATES_PER_GAME:
        for players in game.info.players:
            options = game.default_options(players) if players > 2 else {}
            s = game.setup(options, 500 + seed, players)
            rng = Rng(77 + seed)
            for n in range(300):
                if game.to_act(s) is None:
                    break
                if n % 11 == 3:
                    out.append((game.clone(s), players))
                game.apply(s, rng.choice(game.legal_actions(s)))
        seed += 1
    return out[:STATES_PER_GAME]


Slot = tuple[list, int]          # a place a card lies: a zone list and an index in it


def _all(zone: list) -> list[Slot]:
    return [(zone, i) for i in range(len(zone))]


def _redeal(group: list[Slot], rng: Rng) -> None:
    """Deal the cards of these places back into them in another order."""
    cards = [z[i] for z, i in group]
    rng.shuffle(cards)
    for (z, i), c in zip(group, cards):
        z[i] = c


def _paargus_secrets(s, seat: int) -> list[list[Slot]]:
    """The deck, and the opponent's hand cards that were never shown: one pool."""
    other = 1 - seat
    known = set(s.known[other])
    hand = [(s.hands[other], i) for i, c in enumerate(s.hands[other]) if c not in known]
    return [hand + _all(s.deck)]


def _pariah_secrets(s, seat: int) -> list[list[Slot]]:
    """The order of one's own decks; the other seats' relic decks, relic hands and offers (relics
    with relics) and their units: before the armies are set out, deck, hands, picks and armies
    in one pool; after, the units an army still has to deploy go with the deck cards of the same
    cost (the army's count and points are public, its units hidden until deployed)."""
    out = [_all(s.decks[seat]), _all(s.relic_decks[seat])]
    for p in range(s.players):
        if p == seat:
            continue
        units = _all(s.decks[p]) + _all(s.armies[p])
        if not s.revealed:
            out.append(units + _all(s.hands[p]) + _all(s.picks[p]))
        else:
            out += _by_cost(s, units)
        out.append(_all(s.relic_decks[p]) + _all(s.relic_hands[p]) + _all(s.offers[p]))
    return out


def _by_cost(s, slots: list[Slot]) -> list[list[Slot]]:
    """Pariah unit cards grouped by their army points."""
    groups: dict[int, list[Slot]] = {}
    for zone, i in slots:
        groups.setdefault(pariah_design(s.designs[zone[i]]).cost, []).append((zone, i))
    return list(groups.values())


def _trials_secrets(s, seat: int) -> list[list[Slot]]:
    """The other seats' hands and decks (a seat chose its own deck's order and knows it)."""
    return [_all(s.hands[p]) + _all(s.decks[p]) for p in range(s.players) if p != seat]


def _paragons_secrets(s, seat: int) -> list[list[Slot]]:
    """The order of every deck (one's own too) and of the Neutral Mercenary Deck; of each other
    seat, once decks are built, one pool: the hand cards the table did not see arrive, the
    face-down Hidden cards, the deck and the Reserve Pile but its Banished cards (which of its
    cards a seat built into its deck is its secret; the designs it owns are public)."""
    out = [_all(s.neutral_deck), _all(s.decks[seat])]
    if s.phase in ("class", "draft"):
        return out
    for p in range(s.players):
        if p == seat:
            continue
        known = set(s.known[p])
        out.append([(s.hands[p], i) for i, c in enumerate(s.hands[p]) if c not in known]
                   + _all(s.hidden[p]) + _all(s.decks[p])
                   + [(s.reserves[p], i) for i, c in enumerate(s.reserves[p])
                      if c not in s.banished])
    return out


def _brawl_secrets(s, seat: int) -> list[list[Slot]]:
    """The other seat's hand and deck (one pool); the order of one's own deck below the cards one
    planned on top; the trap tokens on the board and in the pool; the challenge deck's order."""
    other = 1 - seat
    mine = s.decks[seat]
    unplanned = [(mine, i) for i in range(len(mine) - s.planned[seat])]
    traps = [(s.traps, h) for h in s.traps] + _all(s.tokens)
    return [_all(s.hands[other]) + _all(s.decks[other]), unplanned, traps, _all(s.challenge_deck)]


SECRETS = {"brawl": _brawl_secrets, "paargus": _paargus_secrets, "paragons": _paragons_secrets, "pariah": _pariah_secrets,
           "trials": _trials_secrets}


@pytest.mark.parametrize("gid", sorted(SECRETS))
def test_a_view_is_the_same_whatever_the_hidden_cards_are(gid):
    game = plugins()[gid].game
    rng = Rng(2026)
    changed = 0
    for s, players in _states(gid):
        for seat in range(players):
            seen = json.dumps(game.view_to_json(game.view(s, seat)), sort_keys=True)
            for _ in range(DEALS_PER_STATE):
                t = game.clone(s)
                for group in SECRETS[gid](t, seat):
                    _redeal(group, rng)
                if game.state_to_json(t) != game.state_to_json(s):
                    changed += 1
                again = json.dumps(game.view_to_json(game.view(t, seat)), sort_keys=True)
                assert again == seen, f"{gid}: seat {seat + 1}'s view tells the hidden cards apart"
    assert changed > STATES_PER_GAME        # the deals did move hidden cards


def test_every_game_is_covered():
    """A new game must say here what its seats cannot see."""
    assert set(plugins()) == set(SECRETS)
