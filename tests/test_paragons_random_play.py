"""Seeded random play of Paragons (two players and the three-for-all, drafted and
pre-constructed, best of 3): nothing crashes, no card is lost or duplicated, views hide what
they must and depend on nothing else, samples agree with views, private events tell only their
seat, and a log replays to the same state and round-trips through JSON.

The suite plays a few dozen matches; `python -m tests.test_paragons_random_play --many N`
plays N matches of each kind, every card counted after every move.
"""

from __future__ import annotations

import json
import sys

from paragons_helpers import every_card_once
from replay_check import random_match_replays

from tabletop.core import Rng
from tabletop.games.paragons.engine.rules import GAME
from tabletop.games.paragons.engine.state import CLASS, DRAFT, OVER, ParagonsState
from tabletop.games.paragons.engine.views import UNKNOWN, _unknown_places

KINDS = [(2, "preconstructed"), (2, "draft"), (3, "preconstructed"), (3, "draft")]


def play(seed: int, players: int, variant: str, checks: bool = False, views: bool = False,
         best_of: int = 3) -> tuple[ParagonsState, int]:
    rng = Rng(seed * 7919 + 5)
    s = GAME.setup({"variant": variant, "best_of": best_of}, seed, players)
    n = 0
    while GAME.to_act(s) is not None:
        legal = GAME.legal_actions(s)
        assert legal, f"a live match must offer a move ({s.phase})"
        if views and n % 7 == 0:
            for seat in range(players):
                view_hides(s, seat, rng)
        a = rng.choice(legal)
        for e in (GAME.apply(s, a) if checks else GAME.apply(s, a, checked=True)):
            assert not e.leaks(), e
        if checks:
            every_card_once(s)
        n += 1
        assert n < 20_000
    return s, n


def view_hides(s: ParagonsState, seat: int, rng: Rng) -> None:
    v = GAME.view(s, seat)
    assert v.rng.state == 0
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
            assert v.designs[c] == UNKNOWN
        for c in v.hands[p]:
            assert (v.designs[c] == UNKNOWN) != (c in s.known[p])
        for c in v.reserves[p]:
            assert (v.designs[c] == UNKNOWN) != (c in s.banished)
        assert sorted(v.secrets[p]) == sorted(s.designs[v_c] for v_c in
                                              [z[i] for z, i in _unknown_places(s, p)])
    v = GAME.state_from_json(json.loads(json.dumps(GAME.view_to_json(v))))     # a view saves too
    assert _view_json(s, seat) == _view_json(_redealt(s, seat, rng), seat), \
        "a view changed when cards it may not see were dealt elsewhere"
    t = GAME.sample(v, rng)
    every_card_once(t)
    assert all(t.designs.values()) and t.viewer is None
    assert GAME.to_act(t) == GAME.to_act(s)
    for p in range(s.players):
        mine = sorted(t.designs[c] for c in t.owner if t.owner[c] == p)
        assert mine == sorted(s.designs[c] for c in s.owner if s.owner[c] == p)
        assert [len(z[p]) for z in (t.hands, t.decks, t.hidden, t.reserves)] == \
            [len(z[p]) for z in (s.hands, s.decks, s.hidden, s.reserves)]
    if GAME.to_act(s) == seat:
        assert GAME.legal_actions(t) == GAME.legal_actions(s)


def _view_json(s: ParagonsState, seat: int) -> str:
    return json.dumps(GAME.view_to_json(GAME.view(s, seat)))


def _redealt(s: ParagonsState, seat: int, rng: Rng) -> ParagonsState:
    """The same table with every card `seat` may not see dealt among the places it could be:
    other seats' unknown cards shuffled among their unknown places, all decks reordered, other
    class wishes changed."""
    t = s.clone()
    for p in range(s.players):
        rng.shuffle(t.decks[p])
        if p == seat or s.phase in (CLASS, DRAFT):
            continue
        places = _unknown_places(t, p)
        cards = [z[i] for z, i in places]
        rng.shuffle(cards)
        for (z, i), c in zip(places, cards):
            z[i] = c
        if t.wishes[p]:
            t.wishes[p] = rng.choice(["warrior", "mage", "ranger"])
    rng.shuffle(t.neutral_deck)
    t.rng = Rng(rng.next64())
    return t


def test_random_matches_run_clean_keeping_every_card():
    for seed in range(8):
        players, variant = KINDS[seed % 4]
        s, _ = play(seed, players, variant, checks=True)
        every_card_once(s)
        res = GAME.result(s)
        assert s.phase == OVER and res.winners == [s.winner] and s.wins[s.winner] == 2


def test_best_of_one_matches_end_after_one_game():
    for seed in range(4):
        players, variant = KINDS[seed % 4]
        s, _ = play(100 + seed, players, variant, best_of=1)
        assert s.game_no == 1 and sum(s.wins) == 1


def test_views_hide_what_they_must_and_samples_agree():
    for seed in range(4):
        players, variant = KINDS[seed % 4]
        play(200 + seed, players, variant, views=True, best_of=1)


def test_the_log_replays_to_the_same_state_and_json_round_trips():
    for seed in range(4):
        players, variant = KINDS[seed % 4]
        random_match_replays(GAME, 300 + seed, players, {"variant": variant, "best_of": 1})


def many(n: int) -> None:
    """n matches (best of 3) of each kind, every card counted after every move."""
    import time
    t = time.perf_counter()
    games = moves = 0
    for players, variant in KINDS:
        for seed in range(n):
            s, k = play(1_000_000 + seed, players, variant, checks=True)
            games += s.game_no
            moves += k
    print(f"{4 * n} matches ({games} games), {moves} moves, clean, in {time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    many(int(sys.argv[sys.argv.index("--many") + 1]) if "--many" in sys.argv else 250)
