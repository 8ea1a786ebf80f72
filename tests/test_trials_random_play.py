"""Seeded random play of Trials (duel and battle royale): nothing crashes, no card is lost or
duplicated, views hide what they must, samples agree with views, a log replays to the same
state and round-trips through JSON.

The suite plays a few hundred games; `python -m tests.test_trials_random_play --many N`
(or `tabletop bench trials`) plays thousands.
"""

import json
import sys

from replay_check import random_match_replays

from tabletop.core import Rng
from tabletop.games.trials.bot.deckcraft import choose_deck
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.bot.policy import evaluate
from tabletop.games.trials.engine.state import OVER, TrialsState


def every_card_once(s: TrialsState):
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


def view_hides(s: TrialsState, seat: int, rng: Rng):
    v = GAME.view(s, seat)
    assert v.rng.state == 0
    for p in range(s.players):
        hidden = s.hands[p] + s.decks[p]
        if p == seat:
            assert all(v.designs[c] == s.designs[c] for c in hidden)
        else:
            assert all(v.designs[c] == "" for c in hidden)
        for c in s.discards[p] + s.exiles[p] + s.avatars[p]:
            assert v.designs[c] == s.designs[c]
    json.dumps(GAME.view_to_json(v))
    t = GAME.sample(v, rng)
    every_card_once(t)
    assert all(d for d in t.designs.values())
    assert t.stack == s.stack
    for p in range(s.players):      # others' hidden cards are renumbered in the view (issue 19)
        same = (lambda a, b: a == b) if p == seat else (lambda a, b: len(a) == len(b))
        assert same(t.hands[p], s.hands[p]) and same(t.decks[p], s.decks[p])
        assert sorted(t.hands[p] + t.decks[p]) == sorted(s.hands[p] + s.decks[p])
    assert GAME.to_act(t) == GAME.to_act(s)
    for p in range(s.players):
        known = [t.designs[c] for c in t.designs if c // 100 == p and c not in t.avatars[p]]
        assert len(set(known)) == len(known), "a sample dealt a card twice"
    if GAME.to_act(s) == seat:
        assert GAME.legal_actions(t) == GAME.legal_actions(s)
    return t


def play(seed, players=2, checks=False, views=False, random_decks=False):
    rng = Rng(seed * 7919 + 11)
    opts = {}
    if random_decks:
        opts["decks"] = [choose_deck(None, Rng(seed * 31 + p), royale=players > 2) for p in range(players)]
    s = GAME.setup(opts, seed, players)
    n = 0
    while GAME.to_act(s) is not None:
        legal = GAME.legal_actions(s)
        assert legal, "a live game must offer a move"
        if views:
            for seat in range(players):
                view_hides(s, seat, rng)
        GAME.apply(s, rng.choice(legal))
        if checks:
            every_card_once(s)
        n += 1
        assert n < 6000
    return s, n


def test_two_hundred_duels_run_clean_keeping_every_card():
    for seed in range(200):
        s, _ = play(seed, checks=seed % 4 == 0, random_decks=seed % 2 == 1)
        every_card_once(s)
        res = GAME.result(s)
        assert s.phase == OVER and len(res.winners) == 1


def test_sixty_battle_royales():
    for seed in range(60):
        players = 3 + seed % 2
        s, _ = play(10_000 + seed, players=players, checks=seed % 4 == 0, random_decks=seed % 3 == 0)
        every_card_once(s)
        assert len(GAME.result(s).winners) == 1


def test_views_hide_what_they_must_and_samples_agree():
    for seed in range(6):
        play(90_000 + seed, players=2, views=True, random_decks=True)
    play(95_000, players=3, views=True)


def test_the_log_replays_to_the_same_state_and_json_round_trips():
    for seed in range(12):
        random_match_replays(GAME, seed, players=2 if seed % 4 else 4)


def test_private_events_tell_only_their_seat():
    s = GAME.setup({}, 4)
    rng = Rng(4)
    seen = 0
    while GAME.to_act(s) is not None:
        for e in GAME.apply(s, rng.choice(GAME.legal_actions(s))):
            if e.private_to is not None:
                other = e.for_seat(1 - e.private_to)
                assert "card" not in other.data
                seen += 1
    assert seen


def test_evaluate_stays_in_range():
    for seed in range(6):
        s = GAME.setup({}, seed)
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            for seat in (0, 1):
                assert -1.0 <= evaluate(s, seat) <= 1.0
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        assert GAME.turn_label(s).startswith("Finished")


def many(n: int) -> None:
    """The thousands: n duels and n/2 battle royales, every card counted after every move."""
    import time
    t = time.perf_counter()
    moves = 0
    for seed in range(n):
        s, k = play(1_000_000 + seed, checks=True, random_decks=seed % 2 == 1)
        moves += k
    for seed in range(n // 2):
        s, k = play(2_000_000 + seed, players=3 + seed % 2, checks=True, random_decks=seed % 2 == 1)
        moves += k
    print(f"{n} duels and {n // 2} battle royales, {moves} moves, clean, "
          f"in {time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    many(int(sys.argv[sys.argv.index("--many") + 1]) if "--many" in sys.argv else 1000)
