"""ISMCTS: legal answers, strength on the toy game, budgets, difficulties, the app's levels."""

from __future__ import annotations

import time

import pytest
import test_bots_support  # noqa: F401  (registers the test bots)
from test_bots_support import SpyNim
from toygame import GAME, POLICY, NimState

from tabletop.lab.arena import run_arena
from tabletop.bots.base import (DIFFICULTIES, UI_BOTS, bot_for_difficulty, bot_names, make_bot)
from tabletop.bots.ismcts import LEVELS, ISMCTSBot, SearchBudget, level_for
from tabletop.core.policy import NO_POLICY
from tabletop.core import Action, Rng

TOY = "toygame:PLUGIN"


def _nim(piles, turn=0):
    return NimState(list(piles), [3, 7], turn, Rng(1))


def test_make_bot_builds_ismcts_at_every_difficulty():
    assert "ismcts" in bot_names()
    bots = [make_bot("ismcts", d) for d in DIFFICULTIES]
    for d, bot in zip(DIFFICULTIES, bots):
        assert isinstance(bot, ISMCTSBot) and bot.name == "ismcts"
        assert bot.budget == LEVELS[d] and bot.difficulty == d
    easy, normal, hard = (b.budget for b in bots)
    assert easy.iterations < normal.iterations < hard.iterations
    assert easy.seconds < normal.seconds < hard.seconds
    assert normal.seconds <= 1.0 and hard.seconds <= 3.0
    assert not easy.informed and normal.informed and hard.informed
    with pytest.raises(ValueError, match="difficulty"):
        make_bot("ismcts", "nightmare")


def test_bot_for_difficulty_maps_each_ui_level_to_a_real_bot():
    assert set(UI_BOTS) == set(DIFFICULTIES)
    for level in DIFFICULTIES:
        name, difficulty = bot_for_difficulty(level)
        assert name in bot_names() and difficulty in DIFFICULTIES
        make_bot(name, difficulty)
    assert bot_for_difficulty("hard") == ("ismcts", "hard")
    assert bot_for_difficulty("normal") == ("ismcts", "normal")
    with pytest.raises(ValueError, match="difficulty"):
        bot_for_difficulty("impossible")


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_ismcts_always_returns_a_legal_action_on_the_toy_game(difficulty):
    bot = ISMCTSBot.for_difficulty(difficulty, POLICY, iterations=60)
    rng = Rng(4)
    for seed in range(8):
        state = GAME.setup({}, seed)
        while GAME.to_act(state) is not None:
            legal = GAME.legal_actions(state)
            action = bot.choose(GAME, GAME.view(state, GAME.to_act(state)), legal, rng)
            assert action in legal
            assert action is legal[legal.index(action)]     # the engine's copy, labelled
            GAME.apply(state, action)


def test_ismcts_takes_the_winning_move_and_finds_nim_sum_zero():
    # random playouts are noisy in Nim; cut them short and let the evaluation judge
    bot = ISMCTSBot.for_difficulty("normal", POLICY, seconds=None, rollout_depth=1)
    state = _nim([0, 0, 4])
    assert bot.choose(GAME, GAME.view(state, 0), GAME.legal_actions(state), Rng(3)) == \
        Action("take", (2, 4))
    state = _nim([1, 2, 4])     # the only move to nim-sum zero: take 1 from the pile of 4
    picks = [bot.choose(GAME, GAME.view(state, 0), GAME.legal_actions(state), Rng(s))
             for s in range(5)]
    assert picks.count(Action("take", (2, 1))) >= 4


def test_ismcts_beats_random_on_the_toy_game():
    report = run_arena(TOY, ["ismcts:normal", "random"], games=40, seed=11)
    bot, rand = report["entrants"]
    assert report["errors"] == report["illegal"] == report["unfinished"] == 0
    assert bot["wins"] >= 36, report
    assert bot["search"]["decisions"] > 0 and bot["search"]["iterations_per_s"] > 0


def test_one_legal_action_is_returned_at_once():
    bot = make_bot("ismcts", "hard")
    state = _nim([0, 0, 1])
    legal = GAME.legal_actions(state)
    assert len(legal) == 1
    start = time.perf_counter()
    assert bot.choose(GAME, GAME.view(state, 0), legal, Rng(0)) is legal[0]
    assert time.perf_counter() - start < 0.01
    assert bot.last_search is None
    with pytest.raises(ValueError):
        bot.choose(GAME, GAME.view(state, 0), [], Rng(0))


def test_the_clock_stops_the_search():
    bot = ISMCTSBot(SearchBudget(iterations=10**9, seconds=0.2, rollout_depth=50,
                                 informed=False), "hard", POLICY)
    state = GAME.setup({}, 5)
    legal = GAME.legal_actions(state)
    start = time.perf_counter()
    action = bot.choose(GAME, GAME.view(state, 0), legal, Rng(2))
    elapsed = time.perf_counter() - start
    assert action in legal
    assert elapsed < 0.2 + 0.15
    assert bot.last_search["iterations"] > 10


def test_the_iteration_cap_makes_choices_reproducible():
    bot = ISMCTSBot.for_difficulty("normal", POLICY, seconds=None, iterations=300)
    state = GAME.setup({}, 21)
    legal = GAME.legal_actions(state)
    first = [bot.choose(GAME, GAME.view(state, 0), legal, Rng(s)) for s in range(6)]
    again = [bot.choose(GAME, GAME.view(state, 0), legal, Rng(s)) for s in range(6)]
    assert first == again
    assert bot.last_search["iterations"] <= 300


def test_ismcts_samples_only_from_the_view():
    game = SpyNim()
    state = game.setup({}, 11)
    bot = ISMCTSBot.for_difficulty("easy", POLICY, iterations=40)
    action = bot.choose(game, game.view(state, 0), game.legal_actions(state), Rng(1))
    assert action in game.legal_actions(state)
    assert game.samples >= 40            # one determinisation per iteration (and no more peeking)
    with pytest.raises(AssertionError):  # handing it the state is caught by the spy
        bot.choose(game, state, game.legal_actions(state), Rng(1))


def test_hooks_default_to_none_for_a_game_without_heuristics():
    hooks = NO_POLICY
    assert hooks.rollout_action is None and hooks.search_horizon is None
    assert hooks.playout is None and not hooks.zero_sum


def test_arena_reports_search_figures_only_for_searching_bots():
    report = run_arena(TOY, ["ismcts:easy", "greedy"], games=4, seed=2)
    searching, greedy = report["entrants"]
    assert set(searching["search"]) == {"decisions", "iterations", "iterations_per_decision",
                                        "iterations_per_s", "searched_ms"}
    assert "search" not in greedy
    assert "options" not in report        # the plain shape when no options are given


def test_a_game_sets_its_own_budget_per_difficulty_and_the_bot_takes_it():
    # Pariah's SEARCH_LEVELS: an iteration costs different time in every game
    from tabletop.games.pariah.bot import policy as heuristics
    from tabletop.games.pariah.engine.rules import GAME as PARIAH
    for d in DIFFICULTIES:
        want = heuristics.SEARCH_LEVELS.get(d, {})
        got = level_for(heuristics.POLICY, d)
        assert all(getattr(got, k) == v for k, v in want.items())
        assert got.seconds == LEVELS[d].seconds          # the clock stays the app's
    assert level_for(heuristics.POLICY, "hard") != LEVELS["hard"]
    bot = make_bot("ismcts", "hard", heuristics.POLICY)
    s = PARIAH.setup({}, 5)
    while PARIAH.to_act(s) is not None and len(PARIAH.legal_actions(s)) < 2:
        PARIAH.apply(s, PARIAH.legal_actions(s)[0])
    seat = PARIAH.to_act(s)
    bot.choose(PARIAH, PARIAH.view(s, seat), PARIAH.legal_actions(s), Rng(2))
    assert bot.budget == level_for(heuristics.POLICY, "hard")
    # a bot given its own budget keeps it
    mine = ISMCTSBot.for_difficulty("hard", heuristics.POLICY, iterations=50)
    mine.choose(PARIAH, PARIAH.view(s, seat), PARIAH.legal_actions(s), Rng(2))
    assert mine.budget.iterations == 50
    # a game whose policy sets no levels plays the shared ones
    assert level_for(POLICY, "hard") == LEVELS["hard"]


def test_a_clear_decision_stops_before_the_clock_when_the_cap_is_out_of_reach():
    # the cap (10**9) could never be reached; what the clock still allows decides whether the
    # runner-up could catch the leader, so a one-winner position ends long before the clock
    bot = ISMCTSBot(SearchBudget(iterations=10**9, seconds=2.0, rollout_depth=1), "hard", POLICY)
    state = _nim([0, 0, 4])                              # take all four wins at once
    start = time.perf_counter()
    action = bot.choose(GAME, GAME.view(state, 0), GAME.legal_actions(state), Rng(3))
    assert action == Action("take", (2, 4))
    assert time.perf_counter() - start < 1.5 and bot.last_search["iterations"] > 0
