"""Seeded random play of thousands of Paargus games: nothing crashes, no card is
lost or duplicated, views hide what they must, a log replays to the same state."""

import json

from replay_check import random_match_replays

from tabletop.core import Rng
from tabletop.games.paargus.engine.rules import GAME
from tabletop.games.paargus.engine.state import PaargusState

ALL = list(range(42))


def every_card_once(s: PaargusState):
    where = list(s.deck) + s.tableau + s.hands[0] + s.hands[1]
    for a in s.arrays:
        for conj in a:
            where += list(conj.cards)
    assert sorted(where) == ALL, "a card was lost or duplicated"
    for p in (0, 1):
        assert set(s.known[p]) <= set(s.hands[p])


def view_hides(s: PaargusState, seat: int):
    v = GAME.view(s, seat)
    o = 1 - seat
    assert v.deck == [] and v.deck_count == len(s.deck)
    assert v.hands[seat] == s.hands[seat]
    assert set(v.hands[o]) <= set(s.known[o])
    assert v.hand_sizes == [len(h) for h in s.hands]
    hidden = set(s.hands[o]) - set(s.known[o])
    text = json.dumps(GAME.view_to_json(v))
    assert v.rng.state != s.rng.state or s.rng.state == 0
    # a sampled state is consistent with the view and conserves the cards
    sampled = GAME.sample(v, Rng(len(hidden)))
    every_card_once(sampled)
    assert sampled.hands[seat] == s.hands[seat]
    assert len(sampled.hands[o]) == len(s.hands[o])
    assert set(s.known[o]) <= set(sampled.hands[o])
    return text


def play(seed, hands_option, checks=True):
    rng = Rng(seed * 7919 + 1)
    s = GAME.setup({"hands": hands_option}, seed)
    moves = []
    while GAME.to_act(s) is not None:
        legal = GAME.legal_actions(s)
        assert legal, "a live game must offer a move"
        a = rng.choice(legal)
        GAME.apply(s, a)
        moves.append(a)
        if checks:
            every_card_once(s)
        assert len(moves) < 20000
    return s, moves


def test_two_thousand_single_hands_keep_every_card_and_end():
    for seed in range(2000):
        s, moves = play(seed, 1, checks=seed % 4 == 0)
        res = GAME.result(s)
        assert res is not None and sum(res.scores) == 200


def test_whole_matches_to_the_last_chip():
    for seed in range(60):
        s, _ = play(10_000 + seed, 0, checks=False)
        res = GAME.result(s)
        assert min(s.chips) == 0 and res.winners == [s.chips.index(200)]


def test_views_hide_hands_and_deck_order_throughout():
    for seed in range(150):
        rng = Rng(seed)
        s = GAME.setup({"hands": 1}, seed)
        while GAME.to_act(s) is not None:
            for seat in (0, 1):
                view_hides(s, seat)
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))


def test_replay_of_the_log_equals_the_state_and_json_round_trips():
    for seed in range(200):
        random_match_replays(GAME, seed, options={"hands": 2})


def test_private_events_tell_only_their_seat():
    s = GAME.setup({}, 4)
    p = s.turn
    events = GAME.apply(s, GAME.legal_actions(s)[-1])   # the draw
    draws = [e for e in events if e.kind == "draw"]
    assert draws and all(e.private_to == p for e in draws)
    for e in draws:
        other = e.for_seat(1 - p)
        assert "card" not in other.data and "draws a card" in other.text
        assert e.for_seat(p).data["card"] in s.hands[p]
