"""Seeded random play of every game of the registry, one suite for all: nothing crashes, every
match ends, no card is lost or duplicated, views hide what they must, states dealt back from a
view agree with it, private events tell only their seat, a log replays to the same state and
round-trips through JSON, every listed move is accepted and a malformed one gets a sentence,
and the bots' evaluation stays in range. Each game's own knowledge is its hooks in
tests/game_invariants.py.

`python tests/test_invariants.py GAME --many N` plays N matches of each setup with every check
after every move (stress/random_play.py is the long run of every game).
"""

from __future__ import annotations

import json
import sys

import pytest
from game_invariants import INVARIANTS, Invariants, Setup
from replay_check import random_match_replays

from tabletop.core import Rng
from tabletop.core.event import SECRET_KEYS
from tabletop.games.registry import plugins

GAMES = sorted(plugins())


def test_every_game_of_the_registry_declares_its_invariants():
    assert sorted(INVARIANTS) == GAMES


def _matches(inv: Invariants, base: int, count=lambda setup: setup.matches):
    """(setup, seed, options) for the random matches of each setup."""
    for k, setup in enumerate(inv.setups):
        for i in range(count(setup)):
            seed = base + 10_000 * k + i
            yield setup, seed, inv.options_for(setup, seed)


def play(game, inv: Invariants, setup: Setup, seed: int, options: dict, checks: bool = False,
         views: bool = False):
    """A random match; returns its last state. Every event is checked for leaks as it comes."""
    rng = Rng(seed * 7919 + 5)
    s = game.setup(options, seed, setup.players)
    n = 0
    while game.to_act(s) is not None:
        legal = game.legal_actions(s)
        assert legal, f"a live match must offer a move (seed {seed})"
        if views and n % inv.view_every == 0:
            for seat in range(setup.players):
                _view_checks(game, inv, s, seat, rng)
        for e in game.apply(s, rng.choice(legal), checked=True):
            _event_checks(inv, e, setup.players)
        if checks:
            inv.conserved(s)
        n += 1
        assert n < inv.max_moves, f"a match must end (seed {seed})"
    return s


def _event_checks(inv: Invariants, e, players: int) -> None:
    assert not e.leaks(), e
    if e.private_to is not None:
        for other in range(players):
            if other != e.private_to:
                assert not SECRET_KEYS & set(e.for_seat(other).data), e
    inv.event(e)


def _view_checks(game, inv: Invariants, s, seat: int, rng: Rng) -> None:
    v = game.view(s, seat)
    assert v.rng.state == 0, "the random state is nobody's business"
    inv.hides(s, v, seat)
    v = game.state_from_json(json.loads(json.dumps(game.view_to_json(v))))     # a view saves too
    t = game.sample(v, rng)
    inv.conserved(t)
    inv.agrees(s, t, seat)
    assert game.to_act(t) == game.to_act(s)
    if game.to_act(s) == seat:       # the seat to act has the same choices in any state dealt back
        assert game.legal_actions(t) == game.legal_actions(s)


@pytest.mark.parametrize("gid", GAMES)
def test_random_matches_end_keeping_every_card(gid):
    game, inv = plugins()[gid].game, INVARIANTS[gid]
    for setup, seed, options in _matches(inv, 0):
        s = play(game, inv, setup, seed, options, checks=seed % setup.check_every == 0)
        inv.conserved(s)
        result = game.result(s)
        assert result is not None and all(w in range(setup.players) for w in result.winners)
        inv.ended(s, options)


@pytest.mark.parametrize("gid", GAMES)
def test_views_hide_what_they_must_and_samples_agree(gid):
    game, inv = plugins()[gid].game, INVARIANTS[gid]
    per_setup = max(1, inv.view_matches // len(inv.setups))
    for setup, seed, options in _matches(inv, 90_000, lambda setup: per_setup):
        play(game, inv, setup, seed, options, views=True)


@pytest.mark.parametrize("gid", GAMES)
def test_the_log_replays_to_the_same_state_and_json_round_trips(gid):
    game, inv = plugins()[gid].game, INVARIANTS[gid]
    per_setup = max(1, inv.replays // len(inv.setups))
    for setup, seed, options in _matches(inv, 300, lambda setup: per_setup):
        random_match_replays(game, seed, setup.players, options)


def _junk(rng: Rng, shape):
    if shape.one == "a number":
        return rng.choice([-1, 0, 3, 17, 40, 60, 200, 10**6])
    if shape.one == "a word":
        return rng.choice(["", "red", "own", "move", "kessa", "blue", "x"])
    return tuple(rng.choice([0, 1, 5, 18, 35, -1]) for _ in range(rng.below(3)))


@pytest.mark.parametrize("gid", GAMES)
def test_every_listed_move_is_accepted_and_others_get_a_sentence(gid):
    game, inv = plugins()[gid].game, INVARIANTS[gid]
    rng = Rng(99)
    setup = inv.setups[0]
    for seed in range(900, 903):
        s = game.setup(inv.options_for(setup, seed), seed, setup.players)
        n = 0
        while game.to_act(s) is not None and n < 400:
            legal = game.legal_actions(s)
            for a in legal:
                assert game.why_illegal(s, a) is None, a
            for kind in game.action_kinds:
                a = kind.of(tuple(_junk(rng, f) for f in kind.shapes))
                if a not in legal:
                    why = game.why_illegal(s, a)
                    assert isinstance(why, str) and why.endswith((".", "!")), (a, why)
            game.apply(s, rng.choice(legal), checked=True)
            n += 1


@pytest.mark.parametrize("gid", GAMES)
def test_the_evaluation_stays_in_range(gid):
    plugin, inv = plugins()[gid], INVARIANTS[gid]
    game, evaluate = plugin.game, plugin.policy.evaluate
    setup = inv.setups[0]
    for seed in range(4):
        s = game.setup(inv.options_for(setup, seed), seed, setup.players)
        rng = Rng(seed)
        while game.to_act(s) is not None:
            for seat in range(setup.players):
                assert -1.0 <= evaluate(s, seat) <= 1.0
            game.apply(s, rng.choice(game.legal_actions(s)), checked=True)
        assert game.turn_label(s).startswith("Finished")


def many(gid: str, n: int) -> None:
    """n matches of each setup of a game, every check after every move and every view."""
    import time
    game, inv = plugins()[gid].game, INVARIANTS[gid]
    t = time.perf_counter()
    for setup, seed, options in _matches(inv, 1_000_000, lambda setup: n):
        s = play(game, inv, setup, seed, options, checks=True, views=seed % 10 == 0)
        inv.ended(s, options)
    print(f"{gid}: {n * len(inv.setups)} matches clean in {time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[2] == "--many" and sys.argv[1] in INVARIANTS:
        many(sys.argv[1], int(sys.argv[3]))
    else:
        print(f"usage: python tests/test_invariants.py {{{','.join(sorted(INVARIANTS))}}} --many N")
