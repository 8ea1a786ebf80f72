"""The bot protocol, make_bot, the random and greedy bots (in this process)."""

from __future__ import annotations

import pytest
import test_bots_support  # noqa: F401  (registers the test bots)
from test_bots_support import SpyNim
from toygame import GAME, POLICY, NimState

from tabletop.bots.base import Bot, bot_names, make_bot, parse_entrant, register_bot, resolve_game
from tabletop.bots.greedy import GreedyBot, candidates
from tabletop.bots.random_bot import RandomBot
from tabletop.core.policy import Policy
from tabletop.core import Action, Rng


def _nim(piles, turn=0):
    return NimState(list(piles), [3, 7], turn, Rng(1))


def test_make_bot_knows_random_and_greedy():
    assert isinstance(make_bot("random"), RandomBot)
    bot = make_bot("greedy", "hard")
    assert isinstance(bot, GreedyBot) and bot.name == "greedy"
    assert isinstance(bot, Bot)
    assert make_bot("greedy", "easy").samples < make_bot("greedy", "hard").samples


def test_unknown_bot_lists_the_known_ones():
    with pytest.raises(ValueError) as err:
        make_bot("deep-blue")
    assert "deep-blue" in str(err.value)
    assert "random" in str(err.value) and "greedy" in str(err.value)
    with pytest.raises(ValueError, match="difficulty"):
        make_bot("greedy", "nightmare")


def test_registry_hook_cannot_replace_builtins():
    with pytest.raises(ValueError):
        register_bot("greedy", lambda d, policy: RandomBot())
    assert "boom" in bot_names()


def test_parse_entrant_and_resolve_game():
    assert parse_entrant("greedy:hard") == ("greedy", "hard")
    assert parse_entrant("random") == ("random", "normal")
    assert resolve_game("toygame:GAME") is GAME
    with pytest.raises(KeyError):
        resolve_game("no-such-game")


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_always_return_a_legal_action(name):
    rng = Rng(7)
    for seed in range(60):
        state = GAME.setup({}, seed)
        bot = make_bot(name)
        while GAME.to_act(state) is not None:
            legal = GAME.legal_actions(state)
            action = bot.choose(GAME, GAME.view(state, GAME.to_act(state)), legal, rng)
            assert action in legal
            GAME.apply(state, action)


def test_random_bot_is_reproducible_and_uniform():
    legal = GAME.legal_actions(_nim([2, 2, 2]))
    picks = [RandomBot().choose(GAME, None, legal, Rng(s)) for s in range(600)]
    assert picks == [RandomBot().choose(GAME, None, legal, Rng(s)) for s in range(600)]
    counts = {a: picks.count(a) for a in legal}
    assert min(counts.values()) > 600 / len(legal) * 0.5


def test_greedy_takes_a_winning_move():
    state = _nim([0, 0, 4])
    action = GreedyBot(policy=POLICY).choose(GAME, GAME.view(state, 0), GAME.legal_actions(state), Rng(3))
    assert action == Action("take", (2, 4))


def test_greedy_moves_to_nim_sum_zero():
    # 1 ^ 2 ^ 4 = 7; the only nim-sum-zero reply is taking 1 from the pile of 4
    state = _nim([1, 2, 4])
    for seed in range(10):
        action = GreedyBot(policy=POLICY).choose(GAME, GAME.view(state, 0), GAME.legal_actions(state), Rng(seed))
        assert action == Action("take", (2, 1))


def test_greedy_breaks_ties_with_the_rng():
    state = _nim([1, 2, 3])     # nim-sum 0, lost: every move scores the same
    legal = GAME.legal_actions(state)
    picks = {GreedyBot(policy=POLICY).choose(GAME, GAME.view(state, 0), legal, Rng(s)) for s in range(40)}
    assert len(picks) > 3
    assert GreedyBot(policy=POLICY).choose(GAME, GAME.view(state, 0), legal, Rng(5)) == \
        GreedyBot(policy=POLICY).choose(GAME, GAME.view(state, 0), legal, Rng(5))


def test_greedy_samples_only_from_the_view():
    game = SpyNim()
    state = game.setup({}, 11)
    view = game.view(state, 0)
    action = GreedyBot(samples=3, policy=POLICY).choose(game, view, game.legal_actions(state), Rng(1))
    assert action in game.legal_actions(state)
    assert game.samples == 3
    with pytest.raises(AssertionError):   # handing it the state is caught by the spy
        GreedyBot(policy=POLICY).choose(game, state, game.legal_actions(state), Rng(1))


def test_candidates_cap_keeps_preferred_kinds():
    big = Policy(preferred_kinds=("win",))
    legal = [Action("move", (i,)) for i in range(1000)] + [Action("win", (i,)) for i in range(5)]
    picked = candidates(big, legal, 200, Rng(2))
    assert len(picked) == 205 and len(set(picked)) == 205
    assert all(a in picked for a in legal if a.kind == "win")
    assert set(picked) <= set(legal)
    assert candidates(big, legal[:150], 200, Rng(2)) == legal[:150]
    assert picked != candidates(big, legal, 200, Rng(3))
