"""Seeded random play of Champions' Brawl (both ways of choosing champions): nothing crashes,
every card, trap token and challenge is in exactly one place after every move, champions never
share a hex at rest nor stand on statues, views hide what they must and depend on nothing else,
samples agree with views, private events tell only their seat, a log replays to the same state,
and every game ends.

The suite plays a few hundred games; `python -m tests.test_brawl_random_play --many N` plays N
games with every check after every move.
"""

from __future__ import annotations

import json
import sys

from replay_check import random_match_replays

from tabletop.core import Rng
from tabletop.games.brawl.engine.arena import GATE, arena
from tabletop.games.brawl.engine.board import hp
from tabletop.games.brawl.engine.cards import challenges, trap_effects
from tabletop.games.brawl.engine.rules import GAME
from tabletop.games.brawl.engine.state import HIDDEN, OVER, PICK, BrawlState

MODES = ("alternate", "free")
LIMIT = 20_000


def play(seed: int, checks: bool = False, views: bool = False) -> tuple[BrawlState, int]:
    rng = Rng(seed * 7919 + 5)
    s = GAME.setup({"picks": MODES[seed % 2]}, seed)
    n = 0
    while GAME.to_act(s) is not None:
        legal = GAME.legal_actions(s)
        assert legal, f"a live game must offer a move ({s.phase}, {s.pending})"
        if views and n % 5 == 0:
            for seat in (0, 1):
                view_hides(s, seat, rng)
        a = rng.choice(legal)
        events = GAME.apply(s, a) if checks else GAME.apply(s, a, checked=True)
        for e in events:
            assert not e.leaks(), e
        if checks:
            everything_once(s)
            sound_board(s)
        n += 1
        assert n < LIMIT, "a game must end"
    return s, n


def everything_once(s: BrawlState) -> None:
    if s.champs:
        for p in (0, 1):
            cards = s.hands[p] + s.decks[p] + s.discards[p]
            assert sorted(cards) == list(range(p * 18, p * 18 + 18)), "a card was lost or copied"
    tokens = list(s.traps.values()) + s.tokens + s.sprung
    assert sorted(tokens) == list(range(len(trap_effects()[0]))), "a trap token was lost or copied"
    cards = [c for c in s.track if c >= 0] + s.challenge_deck + s.challenge_discard
    assert sorted(cards) == list(range(len(challenges()))), "a challenge was lost or copied"


def sound_board(s: BrawlState) -> None:
    A = arena()
    moving = {pd.champ for pd in s.pending if pd.kind in ("walk", "force")}
    seen = {}
    for c, h in enumerate(s.pos):
        if h == GATE:
            assert s.damage[c] == 0 or not s.deployed[c]
            continue
        assert h not in A.statue_set
        assert h not in s.traps, "a trap under a champion would have sprung"
        if h in seen:
            assert c in moving or seen[h] in moving, "two champions end on one hex"
            assert c // 3 == seen[h] // 3, "a champion passed through an enemy"
        seen[h] = c
        assert s.damage[c] < hp(s, c)
    if s.phase == OVER:
        assert max(s.vp) >= 5


def view_hides(s: BrawlState, seat: int, rng: Rng) -> None:
    v = GAME.view(s, seat)
    other = 1 - seat
    assert v.rng.state == 0
    assert v.hands[seat] == s.hands[seat]
    assert v.hands[other] == [HIDDEN] * len(s.hands[other])
    assert all(c == HIDDEN for c in v.decks[other])
    k = s.planned[seat]
    assert v.decks[seat] == [HIDDEN] * (len(s.decks[seat]) - k) + s.decks[seat][len(s.decks[seat]) - k:]
    assert all(t == HIDDEN for t in v.traps.values()) and set(v.traps) == set(s.traps)
    assert all(t == HIDDEN for t in v.tokens)
    assert v.challenge_deck == sorted(s.challenge_deck)
    if s.phase == PICK and s.picks_mode == "free":
        assert all(c == "?" for c in v.picks[other])
    v = GAME.state_from_json(json.loads(json.dumps(GAME.view_to_json(v))))   # a view saves too
    assert _view_json(s, seat) == _view_json(_redealt(s, seat, rng), seat), \
        "a view changed when what it may not see was dealt elsewhere"
    t = GAME.sample(v, rng)
    everything_once(t)
    assert t.viewer is None and HIDDEN not in t.hands[other]
    assert t.decks[seat][len(t.decks[seat]) - s.planned[seat]:] == \
        s.decks[seat][len(s.decks[seat]) - s.planned[seat]:], "a sample keeps what one planned"
    assert GAME.to_act(t) == GAME.to_act(s)
    if GAME.to_act(s) == seat:
        assert GAME.legal_actions(t) == GAME.legal_actions(s)


def _view_json(s: BrawlState, seat: int) -> str:
    return json.dumps(GAME.view_to_json(GAME.view(s, seat)))


def _redealt(s: BrawlState, seat: int, rng: Rng) -> BrawlState:
    """The same table with everything `seat` may not see dealt among its possible places."""
    t = s.clone()
    other = 1 - seat
    if t.champs:
        pool = t.hands[other] + t.decks[other]
        rng.shuffle(pool)
        k = len(t.hands[other])
        t.hands[other], t.decks[other] = pool[:k], pool[k:]
        # one's own deck is reordered below the cards one planned on top
        below = t.decks[seat][:len(t.decks[seat]) - t.planned[seat]]
        rng.shuffle(below)
        t.decks[seat][:len(below)] = below
    tokens = list(t.traps.values()) + t.tokens
    rng.shuffle(tokens)
    t.traps = {h: tokens.pop() for h in sorted(t.traps)}
    t.tokens = tokens
    rng.shuffle(t.challenge_deck)
    t.rng = Rng(rng.next64())
    return t


def test_random_games_run_clean_keeping_every_card_token_and_challenge():
    for seed in range(60):
        s, _ = play(seed, checks=True)
        res = GAME.result(s)
        assert s.phase == OVER and res.winners == [s.winner] and s.vp[s.winner] >= 5


def test_hundreds_of_random_games_end():
    rounds = []
    for seed in range(1000, 1300):
        s, _ = play(seed)
        assert GAME.result(s) is not None
        rounds.append(s.round)
    assert max(rounds) < 200


def test_views_hide_what_they_must_and_samples_agree():
    for seed in range(500, 512):
        play(seed, views=True)


def test_the_log_replays_to_the_same_state_and_json_round_trips():
    for seed in range(700, 708):
        random_match_replays(GAME, seed, 2, {"picks": MODES[seed % 2]})


def test_every_listed_action_is_legal_and_others_get_a_sentence():
    rng = Rng(99)
    for seed in range(900, 906):
        s = GAME.setup({"picks": MODES[seed % 2]}, seed)
        while GAME.to_act(s) is not None and s.phase != OVER:
            legal = GAME.legal_actions(s)
            for a in legal:
                assert GAME.why_illegal(s, a) is None
            for kind in GAME.action_kinds:
                args = tuple(_junk(rng, f) for f in kind.shapes)
                a = kind.of(args)
                if a not in legal:
                    why = GAME.why_illegal(s, a)
                    assert isinstance(why, str) and why.endswith((".", "!")), (a, why)
            GAME.apply(s, rng.choice(legal))
        assert s.phase == OVER


def _junk(rng: Rng, shape):
    if shape.one == "a number":
        return rng.choice([-1, 0, 3, 17, 40, 60, 200])
    if shape.one == "a word":
        return rng.choice(["", "red", "own", "move", "kessa", "blue", "x"])
    return tuple(rng.choice([0, 1, 5, 18, 35]) for _ in range(rng.below(3)))


def many(n: int) -> None:
    """n games, every check after every move; prints a line per hundred."""
    for seed in range(n):
        play(seed, checks=True, views=seed % 10 == 0)
        if seed % 100 == 99:
            print(f"{seed + 1} games clean", flush=True)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--many":
        sys.path.insert(0, "tests")
        many(int(sys.argv[2]))
    else:
        print("usage: python -m tests.test_brawl_random_play --many N")
