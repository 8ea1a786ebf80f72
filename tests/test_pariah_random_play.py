"""Seeded random play of Pariah: nothing crashes, every game ends within five rounds, no card
is lost or duplicated, views hide what they must, samples agree with views, and a log
replays to the same state and round-trips through JSON."""

import json

from replay_check import random_match_replays

from tabletop.core import Rng
from tabletop.games.pariah.engine.rules import GAME
from tabletop.games.pariah.bot.policy import evaluate
from tabletop.games.pariah.engine.state import HIDDEN, OVER, ROUNDS, PariahState


def all_cards(s: PariahState, seat: int) -> list[int]:
    return sorted(c for c in s.designs if c // 100 == seat)


def every_card_once(s: PariahState):
    for p in range(s.players):
        where = [c for cards in s.card_zones(p).values() for c in cards]
        assert sorted(where) == all_cards(s, p), f"seat {p}: a card was lost or duplicated"
    on_lines = s.lines[0] + s.lines[1]
    assert sorted(on_lines) == sorted(s.units), "a unit is off the lines or twice on them"
    assert s.energy[0] >= 0 and s.energy[1] >= 0


def view_hides(s: PariahState, seat: int, rng: Rng):
    v = GAME.view(s, seat)
    assert v.rng.state == 0
    for p in range(s.players):
        if p == seat:
            assert v.hands[p] == s.hands[p] and v.picks[p] == s.picks[p]
            assert v.offers[p] == s.offers[p] and v.relic_hands[p] == s.relic_hands[p]
            assert sorted(v.decks[p]) == sorted(s.decks[p])
            continue
        assert set(v.decks[p]) <= {HIDDEN} and set(v.relic_decks[p]) <= {HIDDEN}
        assert set(v.relic_hands[p]) <= {HIDDEN} and set(v.offers[p]) <= {HIDDEN}
        if not s.revealed:
            assert set(v.hands[p]) <= {HIDDEN} and not v.picks[p]
        assert v.armies[p] == [HIDDEN] * len(s.armies[p])     # face up one by one, when deployed
        if not s.revealed or s.armies[p]:                     # the pile would tell the army
            assert not v.evo_piles[p] and not v.evo_out[p]
        else:
            assert v.evo_piles[p] == s.evo_piles[p]
        assert len(v.relic_decks[p]) == len(s.relic_decks[p])
    json.dumps(GAME.view_to_json(v))
    # a sample deals the hidden cards back in: consistent with the view, every card once
    t = GAME.sample(v, rng)
    every_card_once(t)
    assert t.lines == s.lines and t.energy == s.energy and t.graves == s.graves
    assert t.phase == s.phase and t.turn == s.turn
    for p in range(s.players):
        if p == seat:
            assert t.hands[p] == s.hands[p] and sorted(t.decks[p]) == sorted(s.decks[p])
        assert len(t.decks[p]) == len(s.decks[p]) and len(t.relic_hands[p]) == len(s.relic_hands[p])
        if s.committed[p] and not s.revealed:
            assert sum(GAME_COST(t, c) for c in t.armies[p]) <= 20
        if s.revealed:                                        # the points were told when set out
            assert sum(GAME_COST(t, c) for c in t.armies[p]) == sum(GAME_COST(s, c) for c in s.armies[p])
        assert sorted(t.evo_piles[p] + t.evo_out[p]) == sorted(s.evo_piles[p] + s.evo_out[p])
    return t


def GAME_COST(s, c):
    from tabletop.games.pariah.engine.cards import design
    return design(s.designs[c]).cost


def play(seed, players=2, checks=False, views=False):
    rng = Rng(seed * 7919 + 11)
    s = GAME.setup({}, seed, players)
    n = 0
    while GAME.to_act(s) is not None:
        legal = GAME.legal_actions(s)
        assert legal, "a live game must offer a move"
        if views:
            for seat in range(players):
                t = view_hides(s, seat, rng)
                assert GAME.to_act(t) == GAME.to_act(s)
                if seat == s.turn:    # the seat to act has the same choices in any sample
                    assert GAME.legal_actions(t) == legal
        GAME.apply(s, rng.choice(legal))
        if checks:
            every_card_once(s)
        n += 1
        assert n < 3000
    return s


def test_a_thousand_two_player_games_end_within_five_rounds_keeping_every_card():
    for seed in range(1000):
        s = play(seed, checks=seed % 5 == 0)
        every_card_once(s)
        res = GAME.result(s)
        assert s.phase == OVER and res is not None and 1 <= s.round <= ROUNDS
        assert len(res.winners) in (0, 1)


def test_two_hundred_team_games():
    for seed in range(200):
        s = play(50_000 + seed, players=4, checks=seed % 5 == 0)
        every_card_once(s)
        res = GAME.result(s)
        assert res.winners in ([], [0, 2], [1, 3])


def test_views_hide_what_they_must_and_samples_agree():
    for seed in range(25):
        play(90_000 + seed, players=2, views=True)
    for seed in range(5):
        play(95_000 + seed, players=4, views=True)


def test_the_log_replays_to_the_same_state_and_json_round_trips():
    for seed in range(40):
        random_match_replays(GAME, seed, players=4 if seed % 4 == 3 else 2)


def test_dice_events_carry_real_faces():
    s = GAME.setup({}, 7)
    rng = Rng(7)
    seen = 0
    while GAME.to_act(s) is not None:
        for e in GAME.apply(s, rng.choice(GAME.legal_actions(s))):
            if e.kind == "dice":
                assert e.reveals and e.data["purpose"] in ("attack", "defence", "initiative")
                assert all(1 <= f <= 6 for f in e.data["faces"])
                seen += 1
    assert seen


def test_private_events_tell_only_their_seat():
    s = GAME.setup({}, 4)
    rng = Rng(4)
    while GAME.to_act(s) is not None:
        for e in GAME.apply(s, rng.choice(GAME.legal_actions(s))):
            if e.private_to is not None:
                other = e.for_seat(1 - e.private_to)
                assert "card" not in other.data and "cards" not in other.data


def test_evaluate_stays_in_range():
    for seed in range(20):
        s = GAME.setup({}, seed)
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            for seat in (0, 1):
                assert -1.0 <= evaluate(s, seat) <= 1.0
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        assert GAME.turn_label(s).startswith("Finished")
