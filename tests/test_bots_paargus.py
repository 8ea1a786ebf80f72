"""The bots on Paargus: fairness, instant answers, budgets, and the search hooks of
games/paargus/heuristics.py checked against the engine."""

from __future__ import annotations

import time
from itertools import combinations, permutations

import pytest
from test_bots_support import assert_choice_blind_to_hidden_cards

from tabletop.lab.arena import run_arena
from tabletop.bots.base import make_bot
from tabletop.bots.ismcts import LEVELS, ISMCTSBot
from tabletop.bots.worker import BotWorker
from tabletop.core import Action, Rng
from tabletop.games.paargus.engine import conjunctions as cj
from tabletop.games.paargus.bot import policy as H
from tabletop.games.paargus.engine.cards import QUADRANTS, cards
from tabletop.games.paargus.engine.rules import GAME
from tabletop.games.paargus.engine.state import CONJOIN, HAND_OVER, TABLEAU


def _positions(seeds=range(40), hands=1, mix=True):
    """States met in seeded play, half random moves, half the rollout policy's."""
    rng = Rng(99)
    for seed in seeds:
        s = GAME.setup({"hands": hands}, seed)
        while GAME.to_act(s) is not None:
            yield s
            legal = GAME.legal_actions(s)
            if s.phase in (TABLEAU, CONJOIN) and (not mix or seed % 2):
                action = H.rollout_action(s, rng)
            else:
                action = rng.choice(legal)
            GAME.apply(s, action)


def _mid_hand(seed=3, min_actions=5, turns=6):
    """A position some turns into a hand where the player to act has a real choice
    and the opponent holds cards nobody has seen."""
    rng = Rng(seed)
    s = GAME.setup({"hands": 1}, seed)
    while True:
        legal = GAME.legal_actions(s)
        o = 1 - s.turn
        unseen = [c for c in s.hands[o] if c not in s.known[o]]
        if s.turn_no >= turns and s.phase == TABLEAU and len(legal) >= min_actions and unseen:
            return s
        GAME.apply(s, H.rollout_action(s, rng) if rng.below(3) else rng.choice(legal))
        assert GAME.to_act(s) is not None and s.phase != HAND_OVER, "pick another seed"


# --- fairness ------------------------------------------------------------------------------
def _reshuffled(s, seed):
    """The same position for the player to act, with the opponent's unseen cards
    and the deck order (and the future shuffles) dealt differently."""
    alt = GAME.clone(s)
    o = 1 - s.turn
    unseen = [c for c in s.hands[o] if c not in s.known[o]]
    pool = unseen + s.deck
    Rng(seed).shuffle(pool)
    alt.hands[o] = list(s.known[o]) + pool[:len(unseen)]
    alt.deck = pool[len(unseen):]
    alt.rng = Rng(seed * 7919 + 1)
    return alt


@pytest.mark.parametrize("bot", ["ismcts", "greedy"])
def test_same_view_same_choice_whatever_the_hidden_cards(bot):
    for seed in (3, 8):
        s = _mid_hand(seed)
        seat = s.turn
        alt = _reshuffled(s, seed + 100)
        o = 1 - seat
        assert sorted(alt.hands[o]) != sorted(s.hands[o]) or alt.deck != s.deck
        assert_choice_blind_to_hidden_cards(GAME, s, alt, seat, bot, iterations=400)


def test_the_view_hides_the_opponent_hand_and_the_deck():
    s = _mid_hand(3)
    seat = s.turn
    view = GAME.view(s, seat)
    o = 1 - seat
    assert view.deck == [] and view.deck_count == len(s.deck)
    assert view.hands[o] == s.known[o] and view.hand_sizes[o] == len(s.hands[o])
    assert view.hands[seat] == s.hands[seat]


# --- instant answers and budgets ---------------------------------------------------------------
def test_the_deal_between_hands_is_instant():
    s = GAME.setup({"hands": 0}, 4)
    rng = Rng(4)
    while s.phase != HAND_OVER:
        GAME.apply(s, H.rollout_action(s, rng))
    legal = GAME.legal_actions(s)
    assert [a.kind for a in legal] == ["deal"]
    bot = make_bot("ismcts", "hard", H.POLICY)
    start = time.perf_counter()
    assert bot.choose(GAME, GAME.view(s, s.turn), legal, Rng(1)) is legal[0]
    assert time.perf_counter() - start < 0.005
    assert bot.last_search is None


def test_a_turn_end_with_nothing_to_lay_is_instant():
    for s in _positions(range(10)):
        if s.phase == CONJOIN and len(GAME.legal_actions(s)) == 1:
            break
    legal = GAME.legal_actions(s)
    assert [a.kind for a in legal] == ["end_turn"]
    start = time.perf_counter()
    assert make_bot("ismcts", "hard", H.POLICY).choose(GAME, GAME.view(s, s.turn), legal, Rng(1)) is legal[0]
    assert time.perf_counter() - start < 0.005


@pytest.mark.parametrize("difficulty", ["normal", "hard"])
def test_a_decision_stays_within_its_time_budget(difficulty):
    s = _mid_hand(5, min_actions=7)
    legal = GAME.legal_actions(s)
    bot = make_bot("ismcts", difficulty, H.POLICY)
    start = time.perf_counter()
    action = bot.choose(GAME, GAME.view(s, s.turn), legal, Rng(2))
    elapsed = time.perf_counter() - start
    assert action in legal
    assert elapsed <= LEVELS[difficulty].seconds + 0.4
    assert 0 < bot.last_search["iterations"] <= LEVELS[difficulty].iterations


def test_the_clock_cuts_a_long_search():
    s = _mid_hand(5, min_actions=7)
    bot = ISMCTSBot.for_difficulty("hard", H.POLICY, iterations=10**9, seconds=0.3, min_iterations=10**9)
    start = time.perf_counter()
    bot.choose(GAME, GAME.view(s, s.turn), GAME.legal_actions(s), Rng(2))
    assert time.perf_counter() - start < 0.3 + 0.2


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_every_difficulty_plays_a_legal_hand(difficulty):
    bot = ISMCTSBot.for_difficulty(difficulty, H.POLICY, iterations=40)
    rng, other = Rng(1), Rng(2)
    s = GAME.setup({"hands": 1}, 12)
    while GAME.to_act(s) is not None:
        legal = GAME.legal_actions(s)
        if s.turn == 0:
            action = bot.choose(GAME, GAME.view(s, 0), legal, rng)
            assert action in legal
        else:
            action = other.choice(legal)
        GAME.apply(s, action)
    assert GAME.result(s) is not None


def test_the_worker_process_runs_ismcts_on_paargus():
    s = _mid_hand(3)
    legal = GAME.legal_actions(s)
    with BotWorker(time_limit=30) as worker:
        worker.request("paargus", s.turn, GAME.view(s, s.turn), legal, "ismcts", "easy", seed=3)
        _, action, error = worker.wait(timeout=60)
    assert error is None and action in legal


# --- the arena with match options ----------------------------------------------------------------
def test_arena_plays_one_hand_games_with_options():
    report = run_arena("paargus", ["greedy", "random"], games=4, seed=5, options={"hands": 1})
    assert report["options"] == {"hands": 1}
    assert report["errors"] == report["illegal"] == report["unfinished"] == 0
    for e in report["entrants"]:
        assert e["wins"] + e["losses"] + e["draws"] == 4


def test_arena_in_two_processes_gives_the_same_results():
    args = dict(games=6, seed=9, options={"hands": 1})
    one = run_arena("paargus", ["greedy", "random"], **args)
    two = run_arena("paargus", ["greedy", "random"], jobs=2, **args)
    strip = [(e["bot"], e["wins"], e["losses"], e["draws"]) for e in one["entrants"]]
    assert strip == [(e["bot"], e["wins"], e["losses"], e["draws"]) for e in two["entrants"]]
    assert two["options"] == {"hands": 1}


# --- the heuristics against the engine ------------------------------------------------------
def test_hooks_are_found_for_paargus():
    hooks = H.POLICY
    assert hooks.rollout_action is H.rollout_action and hooks.playout is H.playout
    assert hooks.search_horizon is H.search_horizon and hooks.search_actions is H.search_actions
    assert hooks.zero_sum


def test_trio_alignments_and_best_fan_match_every_order():
    checked = 0
    for q in QUADRANTS:
        by: dict[str, list[int]] = {}
        for c in cards():
            by.setdefault(c.sigil(q), []).append(c.id)
        for members in by.values():
            for trio in combinations(members, 3):
                counts = [cj.fan_alignments(order, q) for order in permutations(trio)]
                assert H.trio_alignments(trio, q) == (max(counts), min(counts))
                assert cj.fan_alignments(H.best_fan(trio, q), q) == max(counts)
                assert cj.fan_alignments(H.best_fan(trio, q, hide=True), q) == min(counts)
                checked += 1
    assert checked > 50


def test_search_actions_are_the_pruned_legal_actions():
    seen = 0
    for s in _positions(range(30), hands=2):
        legal = GAME.legal_actions(s)
        pruned = H.prune_actions(s, legal)
        assert H.search_actions(s) == pruned
        assert pruned and set(pruned) <= set(legal)
        # every legal conjunction is represented by one showing as many alignments
        for a in legal:
            if a.kind == "conjoin":
                q, fan = a.args
                assert any(b.kind == "conjoin" and b.args[0] == q and sorted(b.args[1]) == sorted(fan)
                           and cj.fan_alignments(b.args[1], q) == cj.fan_alignments(fan, q)
                           for b in pruned)
        seen += 1
    assert seen > 1000


def test_fast_playout_steps_reach_the_engine_states():
    rng = Rng(7)
    steps = 0
    for s in _positions(range(30), hands=2):
        if s.phase not in (TABLEAU, CONJOIN):
            continue
        move = H.rollout_action(s, rng)
        assert move in GAME.legal_actions(s)
        engine, fast = GAME.clone(s), GAME.clone(s)
        GAME.apply(engine, move)
        H.fast_apply(fast, move)
        assert GAME.state_to_json(fast) == GAME.state_to_json(engine)
        steps += 1
    assert steps > 2000


def test_playout_stops_at_the_end_of_the_hand():
    s = GAME.setup({"hands": 0}, 8)
    played = H.playout(s, Rng(1), 10_000)
    assert s.phase == HAND_OVER and H.search_horizon(s)
    assert 0 < played < 10_000


def test_evaluation_is_zero_sum_bounded_and_ranks_finished_hands_first():
    for s in _positions(range(25)):
        a, b = H.evaluate(s, 0), H.evaluate(s, 1)
        assert abs(a + b) < 1e-9 and -1.0 <= a <= 1.0
        lead = H._array_alignments(s.arrays[s.turn]) - H._array_alignments(s.arrays[1 - s.turn])
        decided = lead >= 2 and H._shown_conjunctions(s) >= 2
        if s.phase in (TABLEAU, CONJOIN) and not decided:
            assert abs(a) <= H.MID_HAND_SCALE
        if decided:     # the player to act wins at the end of the turn whatever they do
            assert H.evaluate(s, s.turn) >= 0.85
    s = GAME.setup({"hands": 0}, 8)
    H.playout(s, Rng(1), 10_000)
    w = s.last_hand.winner
    if w is not None:
        assert H.evaluate(s, w) >= 0.85 and H.evaluate(s, 1 - w) <= -0.85


def test_the_policy_wins_when_a_conjunction_wins_the_hand():
    # find a position where some legal conjunction ends the hand in the mover's favour
    rng = Rng(3)
    found = 0
    for s in _positions(range(80)):
        if s.phase != CONJOIN:
            continue
        winners = []
        for a in GAME.legal_actions(s):
            after = GAME.clone(s)
            GAME.apply(after, a)
            if after.phase != CONJOIN and after.last_hand is not None and \
                    after.last_hand.winner == s.turn and after.last_hand.reason == "alignments" \
                    and s.last_hand is None:
                winners.append(a)
        if winners:
            after = GAME.clone(s)
            GAME.apply(after, H.rollout_action(s, rng))
            assert after.last_hand is not None and after.last_hand.winner == s.turn
            found += 1
    assert found > 0


def test_rollout_action_is_an_action_with_canonical_args():
    for s in _positions(range(5)):
        if s.phase in (TABLEAU, CONJOIN):
            a = H.rollout_action(s)
            assert isinstance(a, Action) and a in GAME.legal_actions(s)


def test_the_fast_path_is_the_engine_on_ten_thousand_random_positions():
    """fast_apply is a second way to play a move (the search's, without events or checks): it
    stays only as long as it is the engine. Every position met in random play, through both."""
    rng = Rng(2026)
    compared = seed = 0
    while compared < 10_000:
        s = GAME.setup({"hands": 3}, 5_000 + seed)
        seed += 1
        while GAME.to_act(s) is not None:
            move = rng.choice(GAME.legal_actions(s))
            engine, fast = GAME.clone(s), GAME.clone(s)
            GAME.apply(engine, move)
            H.fast_apply(fast, move)
            assert GAME.state_to_json(fast) == GAME.state_to_json(engine), (seed, move)
            compared += 1
            s = engine
    assert seed > 20            # many matches, not one long one


def test_search_apply_reaches_the_engine_states_for_any_legal_action():
    rng = Rng(17)
    steps = 0
    for s in _positions(range(12), hands=2):
        for a in GAME.legal_actions(s)[:6] + GAME.legal_actions(s)[-3:]:
            engine, fast = GAME.clone(s), GAME.clone(s)
            GAME.apply(engine, a)
            H.search_apply(fast, a)
            assert GAME.state_to_json(fast) == GAME.state_to_json(engine), a
            steps += 1
    assert steps > 2000
