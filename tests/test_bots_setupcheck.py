"""The setup check (python -m tabletop.lab.setupcheck): random before play, the bot after."""

from __future__ import annotations

from tabletop.bots.base import make_bot
from tabletop.lab.setupcheck import RandomSetupBot, main
from tabletop.core import Rng
from tabletop.games.registry import plugin

PARAGONS = plugin("paragons")


def _state_in(phase: str):
    game = PARAGONS.game
    s = game.setup({"variant": "draft", "best_of": 1}, 7, 2)
    rng = Rng(3)
    while s.phase != phase:
        game.apply(s, rng.choice(game.legal_actions(s)))
    return s


def test_setup_decisions_are_random_and_play_is_the_bots():
    game = PARAGONS.game
    bot = RandomSetupBot("easy", PARAGONS.policy, player="greedy")
    greedy = make_bot("greedy", "easy", PARAGONS.policy)
    draft = _state_in("draft")
    seat = game.to_act(draft)
    legal = game.legal_actions(draft)
    picks = {bot.choose(game, game.view(draft, seat), legal, Rng(k)) for k in range(12)}
    assert len(picks) > 3                      # chance, not deckcraft's one best pick
    play = _state_in("play")
    seat = game.to_act(play)
    view, legal = game.view(play, seat), game.legal_actions(play)
    assert bot.choose(game, view, legal, Rng(5)) == greedy.choose(game, view, legal, Rng(5))


def test_a_game_without_setup_decisions_is_refused(capsys):
    assert main(["paargus", "--games", "2", "--jobs", "1"]) == 2
    assert "no decisions before play" in capsys.readouterr().err
